"""A question asking for the current state is answered by the newer page when two dated pages disagree: the newer
page's claim, contested only by the older page, stands; the older one stays contested (issue 9, f46b: a page dated
only by its text, "As of March 2025", and one "Last updated: 12 May 2023", gave "Not established"). Invented pages."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import newer_stands, synthesize
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source


def _pages(new_date: str | None) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims = [local_claim("o1", "old", "A day ticket for the Senn ferry costs 14 euros."),
              local_claim("o2", "old", "Bicycles travel free."),
              local_claim("n1", "new", "A day ticket for the Senn ferry costs 16 euros."),
              local_claim("n2", "new", "Dogs must be kept on a lead.")]
    claims = [c.model_copy(update={"verdict": "contested"}) if c.claim_id in ("o1", "n1") else c for c in claims]
    sources = {"old": local_source("old", "Senn ferry fares").model_copy(update={"modified": "2023-05-12"}),
               "new": local_source("new", "Senn ferry: tickets").model_copy(update={"modified": new_date})}
    return claims, sources


def test_the_newer_pages_value_answers_a_current_question() -> None:
    claims, sources = _pages("2025-03-01")
    question = "How much does a day ticket for the Senn ferry currently cost?"
    verdicts = {c.claim_id: c.verdict for c in newer_stands(question, claims, sources)}
    assert verdicts["n1"] == "supported" and verdicts["o1"] == "contested", verdicts
    report = synthesize(question, claims, sources)
    lead = lead_section(report.markdown)
    assert "16 euros" in lead and "14 euros" not in lead, report.markdown
    gate = report_gate(question, report, sources, claims)
    assert "disputed" not in gate.signals, gate.signals


def test_no_current_question_or_no_date_settles_nothing() -> None:
    claims, sources = _pages("2025-03-01")
    assert newer_stands("How much does a day ticket for the Senn ferry cost?", claims, sources) == claims
    claims, sources = _pages(None)  # the newer page undated: nothing to prefer
    assert newer_stands("How much does a day ticket for the Senn ferry currently cost?", claims, sources) == claims
