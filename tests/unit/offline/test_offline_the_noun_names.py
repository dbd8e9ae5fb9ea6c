"""Trial t54 fault 9 (the pages here are invented): "How much water does Hessel Reservoir hold?" asks an amount in a
unit, not a count ("58 million cubic metres" is a volume: ``shared.text.quantity``), and "The reservoir holds ..." on
a page that names one reservoir, Hessel Reservoir, speaks of it (``shared.text.reference.definite_names``), so the
lead needs no other page title before it; "storage" of "storage capacity" is what a thing holds
(``shared.text.relations``)."""

from __future__ import annotations

import pytest

from shared.text.answer import asked_for
from shared.text.quantity import stated_kinds
from shared.text.reference import definite_names
from tests.claim_pages import local_claim, local_source, noted_report

SOURCES = {"w": local_source("w", "Brask Dam")}
HOLDS = "The reservoir holds 21 million cubic metres of water."
CLAIMS = [
    local_claim("w1", "w", "The Brask Dam is an earth dam on the river Orrin in the Hessel valley."),
    local_claim("w2", "w", "The Brask Dam impounds Hessel Reservoir, which supplies drinking water to about 90,000 "
                           "people."),
    local_claim("w3", "w", "The dam was completed in 1938 by the Orrin Water Board."),
    local_claim("w4", "w", HOLDS),
    local_claim("w5", "w", "The dam is 41 metres high."),
]


def test_the_noun_is_the_pages_one_name_of_it() -> None:
    page = ["Brask Dam", *(c.text for c in CLAIMS)]
    assert definite_names(HOLDS, page) == ["Hessel Reservoir"]
    assert definite_names("The trust was set up in 1990.", ["The Orrin Mill Trust runs the mill."]) == \
        ["Orrin Mill Trust"]
    # two names of the noun, or none: no name
    assert definite_names("The dam is 41 metres high.", [*page, "The Old Brask Dam was a weir."]) == []
    assert definite_names("The valley is steep.", page) == []
    assert definite_names("The town of Kellby has a reservoir.", page) == []


def test_how_much_of_a_mass_noun_is_an_amount() -> None:
    assert asked_for("How much water does Hessel Reservoir hold?") == "the amount of water asked for"
    assert asked_for("How much did the Brask Dam cost?") == "the amount of money asked for"
    assert asked_for("How many turbines does the Brask Dam have?") == "the number of turbines asked for"
    assert stated_kinds(HOLDS) == {"volume"}
    assert stated_kinds("The tank holds 300 cubic feet.") == {"volume"}


@pytest.mark.parametrize(("question", "tier"), [
    ("How much water does Hessel Reservoir hold?", "high"),
    ("How much water does the Hessel Reservoir hold?", "high"),
    ("What is the storage capacity of the Hessel Reservoir?", "high"),
])
def test_the_reservoir_answers(question: str, tier: str) -> None:
    report, gate = noted_report(question, CLAIMS, SOURCES)
    lead = report.markdown.split("## Answer", 1)[1].split("\n\n")[1]
    assert lead == HOLDS[:-1] + " [1].", report.markdown
    assert gate.tier == tier, (gate.score, gate.signals)
