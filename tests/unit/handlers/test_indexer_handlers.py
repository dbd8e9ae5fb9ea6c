"""The indexer's handler function without NATS and PostgreSQL: a relayed message's subject, body and headers in,
the decoded event and its log position handed to the read models (a list here)."""

from __future__ import annotations

from uuid import uuid4

import pytest

from contracts import Event, MalformedMessage, MessageRejected, RunCancelled
from services.indexer.handlers import on_event
from shared.bus import POSITION_HEADER
from tests.unit.handlers.fakes import memory_runs, started_run


class Projected:
    def __init__(self) -> None:
        self.applied: list[tuple[Event, int | None]] = []

    def apply(self, event: Event, position: int | None = None) -> None:
        self.applied.append((event, position))


async def test_a_run_event_is_projected_with_its_position() -> None:
    runs = memory_runs()
    run_id = started_run(runs)
    runs.cancel_run(run_id, "stop")
    cancelled = next(e for e in runs.timeline(run_id) if isinstance(e, RunCancelled))
    projected = Projected()
    assert await on_event(cancelled.SUBJECT, cancelled.model_dump_json().encode(), {POSITION_HEADER: "42"},
                          projected)
    assert projected.applied == [(cancelled, 42)]
    assert await on_event(cancelled.SUBJECT, cancelled.model_dump_json().encode(), {}, projected)
    assert projected.applied[-1] == (cancelled, None)  # no position header: none recorded


async def test_other_messages_are_skipped_and_a_bad_body_is_refused() -> None:
    projected = Projected()
    rejected = MessageRejected(rejection_id=uuid4(), subject="assay.cmd.run.v1", reason="bad", body_sha256="0" * 64,
                               body_preview="{", run_id=None)
    assert not await on_event(MessageRejected.SUBJECT, rejected.model_dump_json().encode(), {}, projected)
    with pytest.raises(MalformedMessage):
        await on_event(RunCancelled.SUBJECT, b'{"run_id": "not a uuid"}', {}, projected)
    assert projected.applied == []
