"""``follow`` (``assay run``'s follower of a run) on the real store: it hands every event over once and in order, and
each poll reads only the events stored after the last one it saw (not the whole run again)."""

from __future__ import annotations

import asyncio
from uuid import UUID, uuid4

import pytest

from contracts import Event, RunFailed, RunRequested
from services.cli.research import follow
from shared.runtime import Runtime

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


async def test_follow_reads_each_event_once_in_order(runtime: Runtime) -> None:
    runs = runtime.runs
    run_id = uuid4()
    assert runs.start_run(RunRequested(run_id=run_id, question="How tall is the Eiffel Tower?", scope="local"))
    asked: list[int] = []  # the seq each poll read after
    read: list[int] = []  # the seqs each poll returned
    events_after = runs.events_after

    def spied(rid: UUID, seq: int = 0, limit: int | None = None) -> list[Event]:
        found = events_after(rid, seq, limit)
        asked.append(seq)
        read.extend(e.seq for e in found)
        return found

    runs.events_after = spied  # type: ignore[method-assign]  # a spy around the real store's method
    seen: list[Event] = []
    planned = asyncio.Event()

    def on_event(event: Event) -> None:
        seen.append(event)
        if type(event).__name__ == "PlanCreated":
            planned.set()

    follower = asyncio.create_task(follow(runtime, run_id, timeout_s=60, on_event=on_event, poll_s=0.01))
    assert runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "eiffel"}], "general", "en", "offline", False)
    await asyncio.wait_for(planned.wait(), timeout=30)  # the follower saw the plan before the run fails
    assert runs.fail_run(run_id, "test", "stopped by the test")
    events = await asyncio.wait_for(follower, timeout=30)

    stored = runs.timeline(run_id)
    assert [e.event_id for e in events] == [e.event_id for e in stored] == [e.event_id for e in seen]
    assert isinstance(events[-1], RunFailed)
    assert read == [e.seq for e in stored]  # every event read once, none read again by a later poll
    assert asked[0] == 0 and asked == sorted(asked) and len(asked) >= 2  # each poll after the last seen
