"""A disagreement's lead names what its figures are of (task h14, trial t55 q15): pages giving one anchor's weight
as "12.5 tonnes" (twice) and "about 20 tonnes", each sentence stating it of the Old Maud ("the Old Maud of 1898,
weighs", "The Old Maud weighs", "Our guide said the Old Maud weighs about"), led "The sources disagree: 12.5 tonnes
[1][2]; about 20 tonnes [3]." and "Which anchor ... weighs the most, and how heavy is it?" was "Not established:
the anchor asked for". Now the lead says "the weight of the Old Maud", which answers the "which" part; since task
h116 the guide's hearsay ("Our guide said ...") is read as the statement it reports, so two sources' 12.5 tonnes
outvote it ("one source says about 20 tonnes"), never above medium. Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.handlers import note_unanswered
from services.synthesizer.offline import figure_topic, synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source

TITLES = {"s1": "Press pack 2024", "s2": "Drellby Anchor Works", "s3": "A visit to the anchor works"}
LEAD = "The weight of the Old Maud is 12.5 tonnes [1][2]; one source says about 20 tonnes [3]."


def _claims() -> list[VerifiedClaim]:
    return [local_claim("a", "s1", "The Drellby Anchor Works was founded in 1822 and forged more than 3,000 anchors."),
            local_claim("b", "s1", "The heaviest anchor the works ever forged, the Old Maud of 1898, weighs 12.5 tonnes."),
            local_claim("c", "s2", "The Old Maud weighs 12.5 tonnes and measures 4.2 metres from crown to ring."),
            local_claim("d", "s3", "Our guide said the Old Maud weighs about 20 tonnes, which is hard to believe.")]


def _report(question: str) -> tuple[str, str, str]:
    claims = _claims()
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    rep = synthesize(question, claims, sources)
    gate = report_gate(question, rep, sources, claims)
    rep = note_unanswered(rep, question, gate, "en")
    return lead_section(rep.markdown), gate.tier, rep.markdown


@pytest.mark.parametrize("question", ["Which anchor forged at the Drellby Anchor Works weighs the most, and how heavy "
                                      "is it?", "Which anchor forged at the Drellby Anchor Works is the heaviest, and how much "
                                      "does it weigh?"])
def test_the_dispute_lead_names_whose_weight_it_is(question: str) -> None:
    lead, tier, _md = _report(question)
    assert lead.endswith(LEAD), lead
    assert tier != "high"


def test_a_findings_dispute_names_its_subject_too() -> None:
    lead, _tier, markdown = _report("When was the Drellby Anchor Works founded?")
    assert lead == "The Drellby Anchor Works was founded in 1822 and forged more than 3,000 anchors [1].", lead
    assert "- The sources disagree on the weight of the Old Maud: 12.5 tonnes" in markdown, markdown


def test_figures_of_two_names_have_no_one_topic() -> None:
    a = local_claim("x", "s1", "The Old Maud weighs 12.5 tonnes.")
    b = local_claim("y", "s3", "The Young Kit weighs 20 tonnes.")
    c = local_claim("z", "s3", "Our guide said it weighs 20 tonnes.")
    assert figure_topic([(a, "12.5 tonnes"), (b, "20 tonnes")], TITLES) == ""
    assert figure_topic([(a, "12.5 tonnes"), (c, "20 tonnes")], TITLES) == ""
    d = local_claim("u", "s2", "The Old Maud was forged in 1898 at the quay, 4.2 metres from the water.")
    assert figure_topic([(a, "12.5 tonnes"), (d, "1898")], TITLES) == ""
    assert figure_topic([(a, "12.5 tonnes"), (local_claim("w", "s2", "The Old Maud, cast in 1898, weighs 20 tonnes."),
                                              "20 tonnes")], TITLES) == ""
    assert figure_topic([(a, "12.5 tonnes"), (local_claim("v", "s2", "The Old Maud is said to weigh 20 tonnes."),
                                              "20 tonnes")], TITLES) == "the weight of the Old Maud"
    # a question naming the thing says what the line is about already
    assert figure_topic([(a, "12.5 tonnes"), (b.model_copy(update={"text": "The Old Maud weighs 20 tonnes."}),
                                              "20 tonnes")], TITLES, "How heavy is the Old Maud?") == ""
