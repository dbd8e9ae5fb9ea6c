"""The timeline line of a searched hop says how far the hop took the question (the hop trace)."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import uuid4

from contracts import SearchCompleted


def _hop(hop: int, text: str, diagnostics: dict[str, float]) -> SearchCompleted:
    return SearchCompleted(event_id=uuid4(), run_id=uuid4(), seq=hop + 1, occurred_at=datetime.now(UTC),
                           sub_query_id="sq1", text=text, hop=hop, hits=(), final=hop == 2,
                           diagnostics=diagnostics)


def test_the_hop_trace_names_the_query_and_the_question_terms_left() -> None:
    first = _hop(1, "Counterparts song Canadian rock band", {"question_terms_uncovered": 2.0})
    second = _hop(2, "Counterparts Rush drummer Neil Peart", {"question_terms_uncovered": 0.0})
    assert first.summary() == ("sq1 hop 1: 0 hits for 'Counterparts song Canadian rock band', "
                               "2 question term(s) uncovered")
    assert second.summary().endswith("'Counterparts Rush drummer Neil Peart', every question term covered")


def test_a_hop_recorded_without_the_figure_says_nothing_about_it() -> None:
    assert _hop(1, "q", {}).summary() == "sq1 hop 1: 0 hits for 'q'"
