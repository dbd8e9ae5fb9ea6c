"""The projector's side of adding an event: a made-up event class defined in this test, published on the bus as
the relay publishes stored events, reaches the live indexer, which decodes it by its registered subject and
projects it (no view of its own; its run's ``last_seq`` and the tracking position advance) with no code change.
And the tracking position is written with the view: it equals the log's last position once the indexer is done."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, ClassVar
from uuid import UUID, uuid4

import pytest

from contracts import EVENT_TYPES, Event, RunRequested
from services.cli.stack import Stack
from services.indexer.projections import Projector
from shared.domain import event_id_for

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


class SourceSummarised(Event):
    """A made-up event (tests only): a fetched source was summarised in ``words`` words."""

    SUBJECT: ClassVar[str] = "assay.evt.source-summarised.v1"
    source_id: UUID
    words: int


async def wait_for(fact: Callable[[], bool], timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not fact():
        assert time.monotonic() < deadline, "timed out waiting for the indexer"
        await asyncio.sleep(0.05)


def last_seq(rt: Any, run_id: UUID) -> int | None:
    with rt.pool.connection() as conn:
        row = conn.execute("SELECT last_seq FROM rm_runs WHERE run_id = %s", (str(run_id),)).fetchone()
    return None if row is None else int(row[0])


async def test_the_live_indexer_projects_a_made_up_event_without_a_code_change(runtime: Any) -> None:
    projector = Projector(runtime.pool, runtime.documents)
    run_id = uuid4()
    with EVENT_TYPES.temporarily(SourceSummarised):
        async with Stack(runtime, ["indexer"]):  # the indexer and the relay only: nothing else reacts
            assert runtime.runs.start_run(RunRequested(run_id=run_id, question="Which band recorded Counterparts?"))
            logged = runtime.runs.max_position()
            await wait_for(lambda: last_seq(runtime, run_id) == 1 and projector.position() == logged)
            before = projector.snapshot()
            made_up = SourceSummarised(event_id=event_id_for(run_id, 2), run_id=run_id, seq=2,
                                       occurred_at=datetime.now(UTC), source_id=uuid4(), words=120)
            await runtime.publisher.event(made_up, str(made_up.event_id), position=logged + 1)
            await wait_for(lambda: last_seq(runtime, run_id) == 2)
            assert projector.position() == logged + 1  # written in the same transaction as last_seq
    after = projector.snapshot()
    changed = {t for t in after if after[t] != before[t]}
    assert changed == {"rm_runs"} and last_seq(runtime, run_id) == 2  # only last_seq moved: no view of its own
