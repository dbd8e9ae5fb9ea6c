"""A dispute leads a question only when its values are of the thing the question names (issue 9, g44 fault A): two
pages disputing the upper station's elevation do not answer "What is the elevation of <the lower station>?", whose
elevation a supported sentence gives; the dispute stays a finding. Asked about the upper station, it still leads.
Invented pages."""

from __future__ import annotations

from services.synthesizer.confidence import Gate, report_gate
from services.synthesizer.offline import synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source

TITLES = {"s1": "The Brenn Cable Car", "s2": "Hiking around Brenn"}


def _claims() -> list[VerifiedClaim]:
    return [
        local_claim("a1", "s1", "The Brenn Cable Car starts at Tarnau station at 890 m above sea level and ends at "
                                "Hollow Peak station, which lies at 1,972 m above sea level."),
        local_claim("a2", "s1", "A cabin takes eleven minutes from Tarnau to the top."),
        local_claim("b1", "s2", "From the upper station, Hollow Peak, at 1,994 m above sea level, a path leads to "
                                "the ridge."),
    ]


def _markdown(question: str) -> str:
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    return synthesize(question, _claims(), sources).markdown


def test_another_things_dispute_does_not_lead() -> None:
    markdown = _markdown("What is the elevation of Tarnau station?")
    lead = lead_section(markdown)
    assert "890 m" in lead and "disagree" not in lead, lead
    # the dispute is not hidden: it is said among the findings
    assert "The sources disagree: 1,972 m" in markdown and "1,994 m" in markdown, markdown


def test_the_named_things_dispute_still_leads() -> None:
    lead = lead_section(_markdown("What is the elevation of the Hollow Peak station?"))
    assert lead.startswith("The sources disagree on the elevation of the Hollow Peak station: 1,972 m"), lead
    assert "1,994 m" in lead, lead


def _gate(question: str) -> Gate:
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    claims = _claims()
    return report_gate(question, synthesize(question, claims, sources), sources, claims)


def test_another_things_dispute_does_not_hold_the_gate_back() -> None:
    # the gate counts a disagreement as the lead rule does (issue 9, f46b): the upper station's two elevations do
    # not dispute the lower station's 890 m
    gate = _gate("What is the elevation of Tarnau station?")
    assert "disputed" not in gate.signals, gate.signals


def test_the_named_things_dispute_still_holds_the_gate_back() -> None:
    gate = _gate("What is the elevation of the Hollow Peak station?")
    assert gate.signals.get("disputed") == 1.0 and gate.tier == "low", gate


def test_the_disputing_sentences_are_quoted_among_the_findings() -> None:
    # a reader sees what each page says of the disputed elevation, not two bare figures (issue 9, g44 fault G)
    markdown = _markdown("What is the elevation of the Hollow Peak station?")
    findings = markdown.split("## Findings", 1)[1].split("## Sources", 1)[0]
    assert "ends at Hollow Peak station, which lies at 1,972 m above sea level" in findings, markdown
    assert "From the upper station, Hollow Peak, at 1,994 m above sea level, a path leads" in findings, markdown
    # a sentence the lead already gives is not said again
    markdown = _markdown("What is the elevation of Tarnau station?")
    findings = markdown.split("## Findings", 1)[1].split("## Sources", 1)[0]
    assert "From the upper station, Hollow Peak, at 1,994 m" in findings and "starts at Tarnau" not in findings, \
        markdown
