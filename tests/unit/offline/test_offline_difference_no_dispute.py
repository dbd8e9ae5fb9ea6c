"""A figure followed by a comparative ("aged 9 months longer than X", "40 years older than X", "5 kg heavier") is a
difference relative to X, never a value of the attribute to set against another page's value: trial t70w q09 / q27
led "Which is heavier, A or B?" and "Which is aged longer, A or B?" with "The sources disagree: 8 months [1]; at
least 18 months [2]", pairing the comparison page's difference with the look-alike's own minimum ageing. Pages made
up here."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements, synthesize
from shared.report import lead_section
from shared.text.sizes import difference_spans
from tests.claim_pages import local_claim, local_source

SOURCES = {"a": local_source("a", "Orlenne vs Orlenne Gold: what is the difference?"),
           "b": local_source("b", "Orlenne Gold: cheese profile"),
           "c": local_source("c", "Orlenne: cheese profile")}
CLAIMS = [
    local_claim("a1", "a", "Orlenne Gold is aged 9 months longer than Orlenne, and its wheels are 5 kg heavier."),
    local_claim("a2", "a", "Orlenne is the cheaper cheese, at 21.00 EUR per kg against 33.00 EUR for Orlenne Gold."),
    local_claim("b1", "b", "Orlenne Gold is aged for at least 20 months and each 44 kg wheel takes 560 litres of milk."),
    local_claim("b2", "b", "Specification Wheel weight: Orlenne Gold 44 kg."),
    local_claim("c1", "c", "Orlenne is aged for a minimum of 11 months in the creamery cellars."),
]
TITLES = {k: v.title for k, v in SOURCES.items()}


@pytest.mark.parametrize(("text", "figures"), [
    ("Orlenne Gold is aged 9 months longer than Orlenne, and its wheels are 5 kg heavier.", ["9 months", "5 kg"]),
    ("The chapel of Dunmere is 40 years older than its tower.", ["40 years"]),
    ("The festival now lasts two days longer than it did in 2010.", ["2 days"]),
    ("Orlenne Gold is aged for at least 20 months.", []),
    ("Two years later the creamery opened a second cellar.", []),
])
def test_a_time_before_a_comparative_is_a_difference(text: str, figures: list[str]) -> None:
    from shared.text.numbers import numerize

    said, _written = numerize(text)
    assert [said[s:e] for s, e in difference_spans(said)] == figures


def test_a_difference_is_never_set_against_a_value() -> None:
    assert find_disagreements(CLAIMS, TITLES) == []
    pair = [CLAIMS[0], CLAIMS[2]]
    assert find_disagreements(pair, TITLES) == []


def test_two_values_of_one_thing_still_disagree() -> None:
    other = local_claim("d1", "d", "Orlenne Gold is aged for at least 14 months.")
    found = find_disagreements([CLAIMS[2], other], {**TITLES, "d": "Forum: cheeses of the valley"})
    assert [(d.kind, sorted(v for _i, v in d.values)) for d in found] == [("months", ["14 months", "20 months"])]


@pytest.mark.parametrize("question", ["Which is heavier, a wheel of Orlenne or a wheel of Orlenne Gold?",
                                      "Which cheese is aged longer, Orlenne or Orlenne Gold?"])
def test_a_choice_is_not_led_by_a_made_up_dispute(question: str) -> None:
    lead = lead_section(synthesize(question, CLAIMS, SOURCES).markdown)
    assert "disagree" not in lead, lead
    assert "Orlenne Gold" in lead, lead
