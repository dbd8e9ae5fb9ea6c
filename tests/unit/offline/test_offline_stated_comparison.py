"""A choice the claims decide outright: "B is aged 9 months longer than A, and its wheels are 5 kg heavier" says B is
aged longer and B is heavier, though no claim gives each option a figure of the attribute asked; the choice is
decided on the attribute the question asks (trial t70w q09 "Which is heavier, a wheel of A or a wheel of B?" was led
by an ageing dispute, then, that dispute gone, "Not established" with the answer sentence shown as a related
finding). Pages made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_choice, stated_comparison
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source, noted_report

SOURCES = {"a": local_source("a", "Orlenne vs Orlenne Gold: what is the difference?"),
           "b": local_source("b", "Orlenne Gold: cheese profile"),
           "c": local_source("c", "Orlenne: cheese profile")}
CLAIMS = [
    local_claim("b1", "b", "Orlenne Gold is aged for at least 20 months and each 44 kg wheel takes 560 litres of milk."),
    local_claim("b2", "b", "Specification Wheel weight: Orlenne Gold 44 kg."),
    local_claim("b3", "b", "Specification Milk per wheel: Orlenne Gold 560 litres."),
    local_claim("a1", "a", "Orlenne Gold is aged 9 months longer than Orlenne, and its wheels are 5 kg heavier."),
    local_claim("a2", "a", "Orlenne is the cheaper cheese, at 21.00 EUR per kg against 33.00 EUR for Orlenne Gold."),
    local_claim("c1", "c", "Orlenne is a mountain cheese made by the Tavrel Creamery."),
]
TOWERS = ["The Keld Tower is 12 metres taller than the Brannoch Tower.",
          "The Brannoch Tower was built of granite in 1871."]


def _decide(question: str, texts: list[str]) -> tuple[str, ...] | None:
    choice = decide_choice(question, texts, [""] * len(texts), list(range(len(texts))))
    return choice.options if choice is not None else None


@pytest.mark.parametrize(("question", "options"), [
    ("Which is heavier, a wheel of Orlenne or a wheel of Orlenne Gold?",
     ("a wheel of Orlenne Gold", "a wheel of Orlenne")),
    ("Which cheese is aged longer, Orlenne or Orlenne Gold?", ("Orlenne Gold", "Orlenne")),
    ("Which cheese is aged longer, Orlenne Gold or Orlenne?", ("Orlenne Gold", "Orlenne")),
])
def test_a_clause_saying_the_comparison_decides_it(question: str, options: tuple[str, ...]) -> None:
    texts = [CLAIMS[3].text, CLAIMS[5].text]
    assert _decide(question, texts) == options
    assert stated_comparison(question, [CLAIMS[3].text])


def test_the_opposite_comparative_gives_the_other_option() -> None:
    assert _decide("Which tower is shorter, the Keld Tower or the Brannoch Tower?", TOWERS) == (
        "the Brannoch Tower", "the Keld Tower")
    assert _decide("Which tower is taller, the Brannoch Tower or the Keld Tower?", TOWERS) == (
        "the Keld Tower", "the Brannoch Tower")


def test_a_negated_or_unrelated_comparison_decides_nothing() -> None:
    assert _decide("Which tower is taller, the Keld Tower or the Brannoch Tower?",
                   ["The Keld Tower is not taller than the Brannoch Tower.", TOWERS[1]]) is None
    # another attribute's comparative decides nothing about the one asked
    assert _decide("Which is heavier, a wheel of Orlenne or a wheel of Orlenne Gold?",
                   ["Orlenne Gold is aged 9 months longer than Orlenne.", CLAIMS[5].text]) is None
    assert not stated_comparison("Which is heavier, a wheel of Orlenne or a wheel of Orlenne Gold?",
                                 ["Orlenne Gold is aged 9 months longer than Orlenne."])


@pytest.mark.parametrize(("question", "first"), [
    ("Which is heavier, a wheel of Orlenne or a wheel of Orlenne Gold?", "A wheel of Orlenne Gold is heavier [1]."),
    ("Which cheese is aged longer, Orlenne or Orlenne Gold?", "Orlenne Gold is aged longer [1]."),
])
def test_the_lead_names_the_winner_on_the_asked_attribute(question: str, first: str) -> None:
    report, gate = noted_report(question, CLAIMS, SOURCES)
    lead = lead_section(report.markdown)
    assert lead.startswith(first), report.markdown
    assert "Orlenne Gold is aged 9 months longer than Orlenne" in lead
    assert "Not established" not in lead and gate.tier != "low", (lead, gate.tier)
