"""A yes/no question about a change of way is decided by the page's words for it in one verb class ("Did X switch
to / move to / adopt Y?" by "X converted to Y", "switched its fleet to Y"), and "Is X farmed organically?" by
"converted to organic farming" (one Snowball stem: "farmed" / "farming", "organically" / "organic"); a page
titled with the name and the noun the question puts after it ("the Tolven orchard": "Tolven orchard") is the
name's own page, its "The orchard ..." sentences about it, and that noun no term a claim must state (issue 9,
trial t23 fault F2)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import same_stem
from shared.report import lead_section, says_not_established
from shared.text.relations import same_relation
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "t": ("Tolven orchard", ["The Tolven orchard is an apple orchard on the west bank of the Arle.",
                             "The orchard was planted in 1922 by the Harrow family.",
                             "The orchard converted to organic farming in 2015."]),
    "h": ("Halvern Transit Company", ["The Halvern Transit Company runs the town's buses.",
                                      "In 2020 the Halvern Transit Company switched its fleet to electric buses."]),
}


@pytest.mark.parametrize(("a", "b"), [("switch", "converted"), ("adopt", "converted"), ("move", "switched"),
                                      ("go over", "converted")])
def test_words_of_a_change_of_way_name_one_relation(a: str, b: str) -> None:
    assert same_relation(a, b)


def test_words_of_one_stem_are_one_word() -> None:
    assert same_stem("farmed", "farming") and same_stem("organically", "organic")
    assert not same_stem("farmed", "fared")


@pytest.mark.parametrize("question", [
    "Did the Tolven orchard ever switch to organic farming?",
    "Is the Tolven orchard farmed organically?",
    "Did the Tolven orchard adopt organic farming?",
    "Did the Halvern Transit Company move to electric buses?",
    "Did the Halvern Transit Company convert to electric buses?",
])
def test_a_change_said_in_other_words_answers_yes(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Yes:") and not says_not_established(lead), lead
    assert answered and gate.tier != "low", gate


@pytest.mark.parametrize("question", ["Did the Tolven orchard switch to biodynamic farming?",
                                      "Did the Halvern Transit Company switch to hydrogen buses?"])
def test_a_change_to_another_thing_is_no_yes(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    assert not lead_section(rep.markdown).startswith("Yes:") and gate.tier == "low", rep.markdown
