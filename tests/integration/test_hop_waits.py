"""The waits of a stage hop (issue 10): an event-store write takes one connection (the run's lock, the load, the
save and the commit in one transaction; a change that raises leaves none open), the aggregate it saved is
the one the process caches next (a fresh store on the same database sees the same run), and the event relay saves
its position in the background yet has saved the last published position when it stops, so a relay started
after it publishes nothing again."""

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
from shared.runtime import EventRelay, Runtime
from shared.store import ResearchRuns
from tests.conftest import make_settings
from tests.integration.test_store_loads import run_with_claims

pytestmark = [pytest.mark.postgres]


def test_a_write_is_one_transaction_and_its_aggregate_is_cached(endpoints: Any) -> None:
    runs = ResearchRuns(env=endpoints.eventsourcing_env(create_table=True))
    other = ResearchRuns(env=endpoints.eventsourcing_env())
    try:
        run_id, claim_ids = run_with_claims(runs, 3)
        taken: list[int] = []
        datastore = runs.recorder.datastore  # type: ignore[attr-defined]  # the PostgreSQL recorder
        get_connection = datastore.get_connection

        def counted(*args: Any, **kwargs: Any) -> Any:
            taken.append(1)
            return get_connection(*args, **kwargs)
        datastore.get_connection = counted
        try:
            before = runs.repository.cache.get(run_id).version  # type: ignore[union-attr]
            assert runs.record_verdict(run_id, claim_ids[0], verdict="supported", stability=1.0, support_score=0.9,
                                       spans=[], corroborating_domains=["local:hop"])
        finally:
            datastore.get_connection = get_connection
        assert taken == [1]  # the lock, the load, the save and the commit on one connection
        cached = runs.repository.cache.get(run_id)  # type: ignore[union-attr]
        assert cached.version == before + 1  # the saved aggregate is the cached one: nothing to read back
        assert other.get_run(run_id).claims[str(claim_ids[0])].verdict == "supported"
        assert runs.get_run(run_id).claims[str(claim_ids[0])].verdict == "supported"

        for cid in claim_ids[1:]:
            assert runs.record_verdict(run_id, cid, verdict="supported", stability=1.0, support_score=0.9,
                                       spans=[], corroborating_domains=["local:hop"])
        assert runs.get_run(run_id).claims_verified and other.get_run(run_id).claims_verified

        # a change that raises leaves no transaction open: the run's lock is free for another store at once
        with pytest.raises(ZeroDivisionError):
            runs.update(run_id, lambda run: 1 / 0)
        assert other.update(run_id, lambda run: run.version) == runs.get_run(run_id).version
    finally:
        runs.close()
        other.close()


async def wait_for(fact: Callable[[], bool], what: str, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not fact():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)


def saved_position(rt: Runtime, name: str = "nats") -> int:
    with rt.pool.connection() as conn:
        row = conn.execute("SELECT position FROM relay_position WHERE name = %s", (name,)).fetchone()
    return int(row[0]) if row else 0


@pytest.mark.nats
async def test_the_relay_has_saved_its_last_position_when_it_stops(tmp_path: Path, nats_url: str,
                                                                   database_url: str) -> None:
    rt = Runtime.open(make_settings(tmp_path / "data", nats_url, database_url))
    seen: list[str] = []
    nc = await nats.connect(nats_url)
    try:
        async with Stack(rt, ["indexer"], relay=False):  # declares the streams; no stage reacts to RunStarted
            async def on_msg(msg: Any) -> None:
                seen.append(json.loads(msg.data)["event_id"])

            await nc.subscribe("assay.evt.>", cb=on_msg)
            relay = EventRelay(rt)
            task = asyncio.create_task(relay.run())
            await asyncio.wait_for(relay.listening.wait(), timeout=10)
            for i in range(12):
                assert await asyncio.to_thread(rt.runs.start_run, RunRequested(run_id=uuid4(),
                                                                               question=f"Position {i}?"))
            total = rt.runs.max_position()
            await wait_for(lambda: len(seen) >= total, "the relayed events")
            relay.stop()
            await asyncio.wait_for(task, timeout=10)
            assert saved_position(rt) == total == relay.published

            again = EventRelay(rt)  # starts from the saved position: nothing is published twice
            task = asyncio.create_task(again.run())
            await asyncio.wait_for(again.listening.wait(), timeout=10)
            assert await asyncio.to_thread(rt.runs.start_run, RunRequested(run_id=uuid4(), question="One more?"))
            await wait_for(lambda: len(seen) >= total + 1, "the next event")
            again.stop()
            await asyncio.wait_for(task, timeout=10)
            assert again.published == 1 and saved_position(rt) == total + 1
    finally:
        await nc.drain()
        rt.close()
    assert len(seen) == len(set(seen)) == total + 1
