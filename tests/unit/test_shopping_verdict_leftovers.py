"""Shopping verdicts (issue 15 leftovers, item 3): a verdict line that picks nothing ("Our verdict: it is heavy -
our recommendation is to look elsewhere") is no reviewer's pick; a number with a unit of measure ("under 21 kg") is
a requirement, not a budget, so the products failing it are said with their figures while no budget is invented;
and "avoid if" quotes the figure a tester measured, not only the maker's kinder claim."""

from __future__ import annotations

import json
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import SourcePage, analyse, read_budget
from tests.unit.test_shopping_reviewer_pick import MAKERS, _page, _run


@pytest.mark.parametrize("sentence", [
    "Our verdict: it is heavy.",
    "Our verdict: it is heavy - our recommendation is to look elsewhere.",
    "Verdict: it is heavy; our pick would be something lighter.",
])
def test_a_verdict_that_picks_nothing_is_no_pick(sentence: str) -> None:
    result, body = _run(_page("/lab/c", "Corvan E5 review - CycleLab",
                              f"<h1>Corvan E5 review</h1><p>We rode the Corvan E5 for a month.</p><p>{sentence}</p>"))
    assert not [r for r in result.reviews if r["pros"]], result.reviews
    assert "reviewer's pick" not in body["Verdicts"], body["Verdicts"]


def test_a_pick_naming_the_product_after_it_still_counts() -> None:
    result, _ = _run(_page("/lab/c", "Commuter e-bikes - CycleLab",
                           "<h1>Commuter e-bikes</h1><p>Our verdict: the Corvan E5 is heavy. Our pick is the Halden "
                           "X2.</p>"))
    assert [r["product_id"] for r in result.reviews if r["pros"]] == ["haldenx2"]


@pytest.mark.parametrize(("question", "budget"), [
    ("Which commuter e-bike weighing under 21 kg is best?", (None, None)),
    ("Which robot vacuum below 45 dB is best?", (None, None)),
    ("best laptop under 1000 for students", (1000.0, None)),
    ("Which e-bike under 2000 EUR is the lightest?", (2000.0, "EUR")),
])
def test_a_number_with_a_unit_of_measure_is_no_budget(question: str, budget: tuple[float | None, str | None]
                                                      ) -> None:
    assert read_budget(question) == budget


def test_only_one_product_meeting_a_requirement_says_why_the_others_fail() -> None:
    result = analyse("Which commuter e-bike weighing under 21 kg is best?", MAKERS, uuid4(),
                     today=date(2026, 12, 2))
    verdicts = {s["heading"]: s["body"] for s in result.sections}["Verdicts"]
    assert result.budget is None and "budget" not in verdicts, verdicts
    assert "**Best overall: Halden X2**" in verdicts and "Runner-up" not in verdicts
    assert "**Does not meet the requirement (under 21 kg): Corvan E5** — weight 22 kg [@v" in verdicts
    assert "**Does not meet the requirement (under 21 kg): Saphen K9** — weight 24 kg [@v" in verdicts


def _vacuum(name: str, path: str, noise: str, price: str) -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": name.split()[0]},
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "EUR"}}
    return _page(path, name, f'<script type="application/ld+json">{json.dumps(item)}</script><h1>{name}</h1>'
                 f"<table><tr><td>Noise level</td><td>{noise}</td></tr></table>")


def test_avoid_if_quotes_the_measured_figure_it_rests_on() -> None:
    pages = [_vacuum("Lumo R5", "/lumo/r5", "55 dB", "399.00"), _vacuum("Nimbo K3", "/nimbo/k3", "58 dB", "349.00"),
             _vacuum("Dustra V8", "/dustra/v8", "62 dB", "299.00"),
             _page("/lab/dustra", "Dustra V8 review - Test Lab", "<h1>Dustra V8 review</h1><p>Dustra claims 62 dB, "
                   "but we measured the Dustra V8 at 70 dB in our lab.</p>")]
    result = analyse("Which robot vacuum is the quietest?", pages, uuid4(), today=date(2026, 12, 2))
    section = next(s for s in result.sections if s["heading"] == "Verdicts")
    avoid = next(line for line in section["body"].splitlines() if "Avoid if" in line)
    assert "**Avoid if noise level matters: Dustra V8**" in avoid
    assert "70 dB measured [@v" in avoid and "62 dB [@v" in avoid and "its sources disagree" in avoid, avoid
    refs = {e["ref"]: e["quote"] for e in section["evidence"]}
    first = avoid.split("70 dB measured [@", 1)[1].split("]", 1)[0]
    assert "70 dB" in refs[first]  # the citation is the lab's sentence, not the maker's table


def test_a_product_without_the_figure_a_requirement_is_on_is_said_not_shown_to_meet_it() -> None:
    """One product alone meets the requirement: no runner-up line, and each other product is said with why it is
    not one, a product with no figure for the requirement's attribute too."""
    item = {"@context": "https://schema.org", "@type": "Product", "name": "Velora C3",
            "brand": {"@type": "Brand", "name": "Velora"},
            "offers": {"@type": "Offer", "price": "1799.00", "priceCurrency": "EUR"}}
    velora = _page("/velora/c3", "Velora C3", f'<script type="application/ld+json">{json.dumps(item)}</script>'
                   "<h1>Velora C3</h1><table><tr><td>Range</td><td>80 km</td></tr></table>")
    result = analyse("Which commuter e-bike weighing under 21 kg is best?", [*MAKERS, velora], uuid4(),
                     today=date(2026, 12, 2))
    verdicts = {s["heading"]: s["body"] for s in result.sections}["Verdicts"]
    assert "**Best overall: Halden X2**" in verdicts and "Runner-up" not in verdicts, verdicts
    assert "**Does not meet the requirement (under 21 kg): Corvan E5**" in verdicts
    assert "**Not shown to meet the requirement (under 21 kg): Velora C3** — no weight figure was found in the " \
           "sources." in verdicts, verdicts
