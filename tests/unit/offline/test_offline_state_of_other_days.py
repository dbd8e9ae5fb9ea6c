"""Task h46 item 4 (the pages here are invented): a state and its contrary said of different days or months deny
nothing. "The Pellham Reading Room is closed on Mondays." was contested by its own page's "... is open Tuesday to
Saturday from 9am to 5pm." (the antonym open / closed over the shared words), so "Is it open on Mondays?" led "No:"
with the Tuesday-to-Saturday sentence at a low tier, not with the sentence saying it is closed on Mondays
(``shared.text.hours.times_apart``)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate
from shared.text.entailment import entailment
from shared.text.hours import times_apart
from tests.claim_pages import local_claim, local_source

CLOSED = "The Pellham Reading Room is closed on Mondays."
OPEN = "The Pellham Reading Room is open Tuesday to Saturday from 9am to 5pm."


def _span(text: str) -> EvidenceCandidate:
    return EvidenceCandidate(source_id="p", domain="local", start=0, end=len(text), text=text, retrieval_score=1.0)


def test_times_apart_reads_days_ranges_spans_and_months() -> None:
    assert times_apart(CLOSED, OPEN)
    assert times_apart("The ferry opened in May.", "The ferry closed in June.")
    assert not times_apart(CLOSED, "The Pellham Reading Room is open daily.")
    assert not times_apart("It is closed on Wednesdays.", "It is open Monday to Friday.")
    assert not times_apart(CLOSED, "The Pellham Reading Room is open.")  # no day named: not apart


@pytest.mark.parametrize(("evidence", "label"), [
    (OPEN, "neutral"),
    ("The Pellham Reading Room is not open Tuesday to Saturday.", "neutral"),
    ("The Pellham Reading Room is open daily from 9am.", "contradicted"),
    ("The Pellham Reading Room is open on Mondays from 9am.", "contradicted"),
    ("The Pellham Reading Room is open Monday to Friday.", "contradicted"),
])
def test_open_against_closed_contradicts_only_on_a_shared_day(evidence: str, label: str) -> None:
    assert entailment(CLOSED, evidence).label == label


def test_closed_on_mondays_stays_supported_and_leads_the_no() -> None:
    result = verify(CLOSED, [_span(OPEN), _span(CLOSED)], samples=5, seed_key="h46-4", own_source="p")
    assert result.verdict == "supported", result
    pages = {"p": local_source("p", "Visiting the Pellham Reading Room")}
    claims = [local_claim("p1", "p", OPEN), local_claim("p2", "p", CLOSED),
              local_claim("p3", "p", "Entry is free and the reading room has 40 desks.")]
    question = "Is the Pellham Reading Room open on Mondays?"
    rep = synthesize(question, claims, pages)
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead == "No: The Pellham Reading Room is closed on Mondays [1].", rep.markdown
    assert report_gate(question, rep, pages, claims).tier == "high"
