"""The relay takes the events its own process's store commits straight from the store (issue 10: a hop's relay wait
and relay read): they reach the bus without a read of the log (nor a task per wake-up), still in log order and each exactly once, with the
same bodies and ``Assay-Position`` the log gives; a commit of another store (another process) is read from the log
on its notification at once, and a hand-over that never comes is read from the log after a short wait, never after
the polling interval.
"""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from uuid import uuid4

import nats
import pytest

from contracts import RunRequested
from services.cli.stack import Stack
from shared.bus import POSITION_HEADER
from shared.runtime import EventRelay, Runtime
from shared.store import ResearchRuns
from tests.conftest import make_settings
from tests.integration.test_relay import wait_for
from tests.integration.test_store_loads import run_with_claims

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


class Probe:
    """A core NATS subscriber on ``assay.evt.>``: every message's (position, body, arrival time)."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, dict[str, Any], float]] = []
        self._nc: Any = None

    async def start(self, url: str) -> None:
        self._nc = await nats.connect(url)

        async def on_msg(msg: Any) -> None:
            self.seen.append((int(msg.headers[POSITION_HEADER]), json.loads(msg.data), time.monotonic()))

        await self._nc.subscribe("assay.evt.>", cb=on_msg)

    async def stop(self) -> None:
        await self._nc.drain()


class CountedRelay(EventRelay):
    """An event relay that counts its reads of the log and notes the last position notified to it."""

    reads = 0
    notified_to = 0  # the highest position of a notification received (payload "position:origin")

    def _notified(self, payload: str) -> None:
        position = payload.partition(":")[0]
        if position.isdigit():
            self.notified_to = max(self.notified_to, int(position))
        super()._notified(payload)

    def idle(self) -> bool:
        """Whether no read of the log is asked for (a read started is counted in ``reads`` already)."""
        return not self._unread and not self._wake.is_set()

    async def _read(self, reader: Any, start: int, limit: int) -> Any:
        self.reads += 1
        return await super()._read(reader, start, limit)


def slow_polling_runtime(tmp_path: Path, nats_url: str, database_url: str) -> Runtime:
    """A runtime whose relay would take 30 s to notice a commit by polling."""
    return Runtime.open(make_settings(tmp_path / "data", nats_url, database_url, relay_interval_s=30.0,
                                      relay_safety_interval_s=30.0))


def verdicts(runs: ResearchRuns, run_id: Any, claim_ids: list[Any]) -> None:
    """Each claim's verdict from its own thread (appended unit results; the last completes ClaimsVerified)."""
    def one(cid: Any) -> None:
        assert runs.record_verdict(run_id, cid, verdict="supported", stability=1.0, support_score=0.9, spans=[],
                                   corroborating_domains=["local:relay"])
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(one, claim_ids))


async def test_own_commits_reach_the_bus_without_a_read_in_log_order_exactly_once(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    rt = slow_polling_runtime(tmp_path, nats_url, database_url)
    probe = Probe()
    try:
        async with Stack(rt, ["indexer"], relay=False):  # declares the streams; no stage reacts to these runs
            await probe.start(nats_url)
            relay = CountedRelay(rt)
            # a hand-over may come late on a loaded machine (the committing thread not scheduled for a while): then
            # the relay reads the log after HAND_OVER_WAIT_S, as it should; this test is about the hand-over
            # itself, so it gives every hand-over time to come
            relay.HAND_OVER_WAIT_S = 10.0
            task = asyncio.create_task(relay.run())
            await asyncio.wait_for(relay.listening.wait(), timeout=10)
            # two runs up to their claims (a run's creation, locked writes, appended unit results)
            made = [await asyncio.to_thread(run_with_claims, rt.runs, 6) for _ in range(2)]
            first = rt.runs.max_position()
            await wait_for(lambda: len(probe.seen) >= first, "the first events")
            # a run's creation is notified without a position: the relay reads the log for it. Its notification
            # comes before those of the later commits (one connection, commit order): once the last one came and
            # the relay has no read to do, every read of these commits is counted
            await wait_for(lambda: relay.notified_to >= first and relay.idle(), "the first events' notifications")
            reads, handed, before = relay.reads, relay.handed_published, rt.runs.max_position()
            # then only writes of this process's store: verdicts of both runs at once, on several threads
            waits: list[str] = []  # the tasks made meanwhile for waiting on an event (the relay's wake-ups)
            loop = asyncio.get_running_loop()
            factory = loop.get_task_factory()

            def counting(lp: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
                if getattr(coro, "__qualname__", "") == "Event.wait":
                    waits.append(coro.__qualname__)
                return factory(lp, coro, **kwargs) if factory else asyncio.Task(coro, loop=lp, **kwargs)

            loop.set_task_factory(counting)  # type: ignore[arg-type]
            try:
                await asyncio.gather(*(asyncio.to_thread(verdicts, rt.runs, run_id, claims)
                                       for run_id, claims in made))
            finally:
                loop.set_task_factory(factory)
            total = rt.runs.max_position()
            assert total >= before + 12 + 2  # the verdicts and both runs' ClaimsVerified
            await wait_for(lambda: len(probe.seen) >= total, "the verdicts")
            await asyncio.sleep(0.2)
            assert relay.reads == reads  # handed over: the log was not read for any of them
            assert waits == []  # the relay waits for its wake-up without a task each time (wait_for made one)
            assert relay.handed_published - handed == total - before
            relay.stop()
            await asyncio.wait_for(task, timeout=10)
            await probe.stop()
        logged = {s.position: json.loads(s.event.model_dump_json()) for s in rt.runs.read_log(1, 1000)}
    finally:
        rt.close()
    assert [pos for pos, _, _ in probe.seen] == list(range(1, total + 1))  # log order, each exactly once
    assert {pos: body for pos, body, _ in probe.seen} == logged  # the bodies the log gives, at their positions
    assert relay.published == total


async def test_another_stores_commit_is_read_at_once_and_a_lost_hand_over_soon(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    rt = slow_polling_runtime(tmp_path, nats_url, database_url)
    other = ResearchRuns(env=rt.endpoints.eventsourcing_env())  # another process's store on the same database
    probe = Probe()
    try:
        async with Stack(rt, ["indexer"], relay=False):
            await probe.start(nats_url)
            relay = CountedRelay(rt)
            task = asyncio.create_task(relay.run())
            await asyncio.wait_for(relay.listening.wait(), timeout=10)
            run_id, claims = await asyncio.to_thread(run_with_claims, other, 2)
            total = rt.runs.max_position()
            await wait_for(lambda: len(probe.seen) >= total, "another store's events", timeout_s=10.0)
            assert relay.handed_published == 0 and relay.reads > 0  # read from the log on its notifications

            # this process's commit whose hand-over is lost (the commit's answer never came back): read from the log
            # after HAND_OVER_WAIT_S, far below the 30 s poll
            relay._take = lambda events: None  # type: ignore[method-assign]
            reads = relay.reads
            started = time.monotonic()
            await asyncio.to_thread(verdicts, rt.runs, run_id, claims[:1])
            await wait_for(lambda: len(probe.seen) >= total + 1, "the commit not handed over", timeout_s=10.0)
            assert probe.seen[-1][2] - started < 10.0 and relay.reads > reads  # far below the 30 s poll
            relay.stop()
            await asyncio.wait_for(task, timeout=10)
            await probe.stop()
    finally:
        other.close()
        rt.close()
    assert [pos for pos, _, _ in probe.seen] == list(range(1, total + 2))


async def test_a_relay_without_hand_over_reads_every_event(tmp_path: Path, nats_url: str, database_url: str) -> None:
    rt = slow_polling_runtime(tmp_path, nats_url, database_url)
    probe = Probe()
    try:
        async with Stack(rt, ["indexer"], relay=False):
            await probe.start(nats_url)
            relay = CountedRelay(rt, hand_over=False)
            task = asyncio.create_task(relay.run())
            await asyncio.wait_for(relay.listening.wait(), timeout=10)
            await asyncio.to_thread(rt.runs.start_run, RunRequested(run_id=uuid4(), question="Read it?"))
            run_id, claims = await asyncio.to_thread(run_with_claims, rt.runs, 3)
            await asyncio.to_thread(verdicts, rt.runs, run_id, claims)
            total = rt.runs.max_position()
            await wait_for(lambda: len(probe.seen) >= total, "the events, read")
            relay.stop()
            await asyncio.wait_for(task, timeout=10)
            await probe.stop()
    finally:
        rt.close()
    assert relay.handed_published == 0
    assert [pos for pos, _, _ in probe.seen] == list(range(1, total + 1))


def test_the_hand_over_is_a_setting(tmp_path: Path, nats_url: str, database_url: str) -> None:
    for on in (True, False):
        rt = Runtime.open(make_settings(tmp_path / f"data-{on}", nats_url, database_url, relay_hand_over=on))
        try:
            relay = Stack(rt, ["indexer"])._relay  # (not started: only its configuration is looked at)
            assert relay is not None and relay._hand_over_enabled is on
        finally:
            rt.close()
