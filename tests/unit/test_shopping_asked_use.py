""""Best for <a use>" (issue 15, trial t29 faults 4 and 10): a product independent reviewers pick for the use the
question asks leads; with no such pick the use is said not to be ranked, and "camping" is no reason to count lighter
better (car camping carries nothing far); a reviewer's pick for another use, or of a product over the budget, is no
verdict of a question that does not ask for it, and "avoid if" never names a product the budget already leaves out."""

from __future__ import annotations

import json
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import SourcePage, analyse, asked_use
from tests.unit.test_shopping_reviewer_pick import _page


def _stove(name: str, path: str, weight: str, boil: str, price: str) -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": name.split()[0]},
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"}}
    return _page(path, name, f'<script type="application/ld+json">{json.dumps(item)}</script><h1>{name}</h1>'
                 f"<table><tr><td>Weight</td><td>{weight}</td></tr><tr><td>Boil time</td><td>{boil}</td></tr></table>")


STOVES = [_stove("Embra Trail 2", "/embra", "85 g", "3 min 30 s", "79.95"),
          _stove("Vantor Blaze X", "/vantor", "118 g", "2 min 30 s", "149.00"),
          _stove("Pikari Solo", "/pikari", "74 g", "4 min 10 s", "54.99"),
          _stove("Glowmont Duo", "/glowmont", "1.2 kg", "5 min", "89.00")]
WINTER_GUIDE = _page("/guide/winter", "Choosing a stove for winter camping - Trail Lab",
                     "<h1>Choosing a stove for winter camping</h1><p>Canister stoves lose pressure in the cold.</p>"
                     "<p>For winter camping we recommend the Vantor Blaze X.</p>")


def _verdicts(question: str, pages: list[SourcePage]) -> str:
    result = analyse(question, pages, uuid4(), today=date(2026, 12, 2))
    return str(next(s for s in result.sections if s["heading"] == "Verdicts")["body"])


@pytest.mark.parametrize(("text", "use"), [
    ("Which camping stove is best for winter camping when it's below freezing?", "winter camping"),
    ("What's the best camping stove for car camping with the family?", "car camping with the family"),
    ("What's the best backpacking stove I can get for under $100?", ""),
    ("The Embra Trail 2 is the best backpacking stove for most people.", ""),
    ("For winter camping we recommend the Vantor Blaze X.", "winter camping"),
])
def test_the_use_asked_is_read_after_for_never_a_budget(text: str, use: str) -> None:
    assert asked_use(text)[0] == use


def test_the_product_independent_reviewers_pick_for_the_use_asked_leads() -> None:
    body = _verdicts("Which camping stove is best for winter camping when it's below freezing?",
                     [*STOVES, WINTER_GUIDE])
    first = body.splitlines()[0]
    assert first.startswith("- **Best for winter camping: Vantor Blaze X**"), body
    assert "For winter camping we recommend the Vantor Blaze X." in first, body


def test_a_use_no_reviewer_picks_for_is_said_not_ranked_and_camping_asks_no_light_product() -> None:
    body = _verdicts("What's the best camping stove for car camping with the family?", [*STOVES, WINTER_GUIDE])
    assert "the use asked, car camping with the family, is not ranked" in body, body
    assert "lighter counted better" not in body and "Avoid if weight matters" not in body, body
    assert "winter camping we recommend" not in body, body  # a pick for another use is no verdict here


def test_a_pick_for_another_use_or_over_the_budget_is_no_verdict_of_a_budget_question() -> None:
    body = _verdicts("What's the best backpacking stove I can get for under $100?", [*STOVES, WINTER_GUIDE])
    assert "lighter counted better: the question says 'backpacking'" in body, body
    assert "reviewer's pick" not in body and "Avoid if weight matters: Vantor" not in body, body
