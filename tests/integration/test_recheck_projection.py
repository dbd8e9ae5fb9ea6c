"""A re-check of an earlier report is an event (``RecheckPlanned``, ``contracts.recheck``) in the new run's own
stream, on real PostgreSQL: recorded once before the run's request goes out, read back from the run by the
synthesizer (``recheck_in``), projected by the indexer into ``rm_question_rechecks``, and ``assay projections
rebuild`` gives that table the same rows as live."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

import pytest

from contracts import RecheckPlanned, RunRequested
from services.indexer.projections import Projector
from shared.memory.questions import CachedRun, Recheck, recheck_in, recheck_of, record_recheck

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


def test_a_recheck_is_an_event_projected_and_rebuilt_from_the_log(runtime: Any) -> None:
    rt = runtime
    past = CachedRun(uuid4(), "Who drummed for Rush?", datetime(2026, 2, 3, 4, 5, 6, tzinfo=UTC), "similar", 0.93)
    urls = ("https://example.org/rush", "https://example.org/peart")
    request = RunRequested(run_id=uuid4(), question="Who was the drummer of Rush?", scope="web")
    assert record_recheck(rt.runs, request, past, urls) is True
    assert record_recheck(rt.runs, request, past, urls) is False  # once per run
    other = RunRequested(run_id=uuid4(), question="Who sang for Rush?", scope="web")
    assert record_recheck(rt.runs, other, past, ()) is True

    # in the run's own stream, right after RunStarted, and what the synthesizer reads
    events = rt.runs.timeline(request.run_id)
    assert [type(e).__name__ for e in events] == ["RunStarted", "RecheckPlanned"]
    planned = events[1]
    assert isinstance(planned, RecheckPlanned) and planned.recheck_of == past.run_id and planned.urls == urls
    expected = Recheck(request.run_id, past.run_id, past.question, past.started_at, 0.93, urls)
    assert recheck_in(request.run_id, rt.runs.get_run(request.run_id).recheck) == expected
    assert recheck_in(uuid4(), None) is None

    # projected live (the indexer applies each stored event), then rebuilt from the log to the same rows
    projector = Projector(rt.pool, rt.documents)
    for stored in rt.runs.iter_log():
        projector.apply(stored.event, stored.position)
    assert recheck_of(rt.pool, request.run_id) == expected
    again = recheck_of(rt.pool, other.run_id)
    assert again is not None and again.recheck_of == past.run_id and again.urls == ()
    live = projector.snapshot()
    assert len(live["rm_question_rechecks"]) == 2
    projector.rebuild(rt.runs.iter_log())
    assert projector.snapshot() == live
    assert recheck_of(rt.pool, request.run_id) == expected
