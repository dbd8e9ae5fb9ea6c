"""The chat's progress lines (``services.gateway.chat._Progress``) from a run's events: counts in the right number."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from services.gateway.chat import _Progress
from services.gateway.readmodels import RunEvent


def _ev(seq: int, kind: str, **data: Any) -> RunEvent:
    return RunEvent(seq=seq, type=kind, occurred_at=datetime(2026, 12, 1, tzinfo=UTC), summary=kind, data=data)


def test_progress_lines_count_in_the_right_number() -> None:
    p = _Progress()
    lines: list[str] = []
    events = [_ev(1, "RunStarted"), _ev(2, "PlanCreated", sub_queries=[{"text": "kesh"}]),
              _ev(3, "SourcesSelected", sources=[{"url": "https://kesh.example"}]), _ev(4, "SourceFetched"),
              _ev(5, "ClaimVerified"), _ev(6, "ClaimVerified"), _ev(7, "ReportSynthesized")]
    for ev in events:
        lines += p.line(ev)
    assert lines == ["planning the research", "planned 1 search", "1 source selected", "1 source fetched",
                     "1 claim verified", "2 claims verified", "writing the report"]
    more = _Progress()
    more.line(_ev(1, "PlanCreated", sub_queries=[{}, {}]))
    assert more.line(_ev(2, "SourcesSelected", sources=[{}, {}, {}])) == ["3 sources selected"]
