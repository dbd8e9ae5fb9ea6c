"""The event relay is woken by the store's NOTIFY: with polling set to 30 s, stored events still reach the bus
at once, in log order, each exactly once, with their ``Assay-Position``; after its LISTEN connection is killed
(``pg_terminate_backend``) it re-connects and catches up; with LISTEN off, the polling safety net relays alone.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import uuid4

import nats
import pytest

from contracts import RunRequested
from services.cli.stack import Stack
from shared.bus import POSITION_HEADER
from shared.runtime import EventRelay, Runtime
from tests.conftest import make_settings

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


async def wait_for(fact: Callable[[], bool], what: str, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not fact():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)


class Probe:
    """A core NATS subscriber on ``assay.evt.>``: every message's (event id, position, arrival time)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, int, float]] = []
        self._nc: Any = None

    async def start(self, url: str) -> None:
        self._nc = await nats.connect(url)

        async def on_msg(msg: Any) -> None:
            self.seen.append((json.loads(msg.data)["event_id"], int(msg.headers[POSITION_HEADER]),
                              time.perf_counter()))

        await self._nc.subscribe("assay.evt.>", cb=on_msg)

    async def stop(self) -> None:
        await self._nc.drain()


def slow_polling_runtime(tmp_path: Path, nats_url: str, database_url: str) -> Runtime:
    """A runtime whose relay would take 30 s to notice a commit by polling."""
    settings = make_settings(tmp_path / "data", nats_url, database_url, relay_interval_s=30.0,
                             relay_safety_interval_s=30.0)
    return Runtime.open(settings)


def start_runs(rt: Runtime, n: int) -> None:
    for i in range(n):
        assert rt.runs.start_run(RunRequested(run_id=uuid4(), question=f"Relay question {i}?"))


def backend_pids(rt: Runtime) -> list[int]:
    with rt.pool.connection() as conn:
        rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE query ILIKE 'LISTEN %%' "
                            "AND datname = current_database()").fetchall()
    return [int(r[0]) for r in rows]


async def test_notify_wakes_the_relay_in_order_exactly_once(tmp_path: Path, nats_url: str,
                                                             database_url: str) -> None:
    rt = slow_polling_runtime(tmp_path, nats_url, database_url)
    probe = Probe()
    try:
        async with Stack(rt, ["indexer"], relay=False):  # declares the streams; no stage reacts to RunStarted
            await probe.start(nats_url)
            relay = EventRelay(rt)
            task = asyncio.create_task(relay.run())
            await asyncio.wait_for(relay.listening.wait(), timeout=10)
            committed = time.perf_counter()
            await asyncio.to_thread(start_runs, rt, 20)
            total = rt.runs.max_position()
            await wait_for(lambda: len(probe.seen) >= total, "the relayed events")
            assert probe.seen[-1][2] - committed < 10.0  # far below the 30 s poll: the NOTIFY woke it

            # the LISTEN connection dies: the relay re-connects and catches up (still no 30 s poll)
            pids = backend_pids(rt)
            assert pids, "the relay holds no LISTEN connection"
            with rt.pool.connection() as conn:
                for pid in pids:
                    conn.execute("SELECT pg_terminate_backend(%s)", (pid,))
            await wait_for(lambda: not relay.listening.is_set() or set(backend_pids(rt)) - set(pids) != set(),
                           "the relay to notice")
            await asyncio.wait_for(relay.listening.wait(), timeout=10)
            await asyncio.to_thread(start_runs, rt, 5)
            total = rt.runs.max_position()
            await wait_for(lambda: len({eid for eid, _, _ in probe.seen}) >= total, "events after re-connect")
            relay.stop()
            await asyncio.wait_for(task, timeout=10)
            await probe.stop()
    finally:
        rt.close()
    positions = [pos for _, pos, _ in probe.seen]
    assert positions == list(range(1, total + 1))  # log order, each exactly once
    assert len({eid for eid, _, _ in probe.seen}) == total
    assert relay.published == total


async def test_polling_alone_still_relays(tmp_path: Path, nats_url: str, database_url: str) -> None:
    settings = make_settings(tmp_path / "data", nats_url, database_url, relay_interval_s=0.02)
    rt = Runtime.open(settings)
    probe = Probe()
    try:
        async with Stack(rt, ["indexer"], relay=False):
            await probe.start(nats_url)
            relay = EventRelay(rt, listen=False)
            task = asyncio.create_task(relay.run())
            await asyncio.to_thread(start_runs, rt, 5)
            await wait_for(lambda: len(probe.seen) >= 5, "the polled events")
            assert not relay.listening.is_set()
            relay.stop()
            await asyncio.wait_for(task, timeout=10)
            await probe.stop()
    finally:
        rt.close()
    assert [pos for _, pos, _ in probe.seen] == [1, 2, 3, 4, 5]
