"""Task h146 (a trial's look-alike hobs; the pages here are invented): "What is the wattage of the <hob>?" led with a
forum post's wrong "The <hob> draws 3500 W", whose title was the question nearly word for word, over a review's "has a
maximum output of 2000 W", which was read as the year 2000 after "of": a forum or blog post's figure never leads over
a figure of the same kind that another page (a maker's, a review's) states of the asked thing (``select_lead``), a
look-alike's (a name adding a model word to the asked one) being no such figure, and a year-shaped number with a unit
after it is a figure (``shared.text.quantity.measured_number``), so the gate reads it as the answer. Invented
products."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.quantity import stated_kinds
from tests.claim_pages import listed_claims, recorded_report

REVIEW = "The Pellaro Sear 4 has a maximum output of 1600 W and weighs 3.1 kg."
POST = "The Pellaro Sear 4 draws 2900 W, so it will trip a 10 A camping hook-up."


def _lead(question: str, kind: str) -> str:
    claims, sources = listed_claims({
        "r": ("Pellaro Sear 4 review: a compact electric griddle", [
            "The Pellaro Sear 4 is a single-zone electric griddle with touch controls.", REVIEW]),
        "m": ("Pellaro Sear 4 Duo - two-zone electric griddle", [
            "The Pellaro Sear 4 Duo is our two-zone electric griddle for families.",
            "The Pellaro Sear 4 Duo delivers up to 2900 W and comes with a 5-year warranty."]),
        "f": ("Forum: what wattage is the Pellaro Sear 4 electric griddle?", [
            POST, "Reply: I think you have the Duo."]),
    })
    sources["f"] = sources["f"].model_copy(update={"kind": kind})
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown)


@pytest.mark.parametrize("kind", ["forum", "blog"])
@pytest.mark.parametrize("question", ["What is the wattage of the Pellaro Sear 4 electric griddle?",
                                      "What wattage does the Pellaro Sear 4 electric griddle have?"])
def test_a_posts_figure_does_not_lead_over_a_reviews_figure_of_the_same_kind(question: str, kind: str) -> None:
    lead = _lead(question, kind)
    assert lead.startswith(REVIEW[:-1]), lead
    assert "2900" not in lead, lead


@pytest.mark.parametrize(("text", "kinds"), [
    ("It has a maximum output of 1600 W.", {"power"}),  # "of 1600": a figure with its unit, no year
    ("It delivers up to 2000 W.", {"power"}),
    ("The pass climbs to 1900 m above the sea.", {"length"}),
    ("In 1990 the works grew.", set()),
    ("In 1850 V. Lenz built the mill.", set()),  # a person's initial, no volts
    ("From 1990 in Orsk he taught.", set()),
])
def test_a_year_shaped_number_with_a_unit_is_a_figure(text: str, kinds: set[str]) -> None:
    assert stated_kinds(text) == kinds
