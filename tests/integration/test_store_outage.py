"""Transient store errors are waited out, not turned into failed runs (real PostgreSQL):

- a whole research run completes while every connection of its database is killed (``pg_terminate_backend``
  from an admin connection) as it goes: the store retries, the pool replaces dead connections, the relay
  re-listens; the run's events are each recorded once;
- an event store that stays down raises ``StoreUnavailable`` naming PostgreSQL, the attempts and the last error;
- a handler whose store stays down through every delivery fails the run with a reason naming what stayed down.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from faststream.nats import NatsBroker

from contracts import RunRequested, VerifyClaim
from services.cli.research import follow, submit
from services.cli.stack import Stack
from shared.bus import Publisher, build_error_policy, consumer_kwargs
from shared.errors import StoreUnavailable
from shared.settings import CommonSettings
from shared.store import ResearchRuns
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


def kill_connections(admin_url: str, dbname: str) -> int:
    """Terminate every backend connected to ``dbname``; returns how many."""
    with psycopg.connect(admin_url, autocommit=True) as admin:
        rows = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s "
                             "AND pid <> pg_backend_pid()", (dbname,)).fetchall()
    return sum(1 for r in rows if r[0])


async def test_a_run_completes_while_its_connections_are_killed(runtime: Any, pg_admin_url: str) -> None:
    ingest_sample(runtime)
    dbname = str(runtime.endpoints.pg_params()["dbname"])
    run_id = uuid4()
    killed: list[tuple[str, int]] = []
    async with Stack(runtime):
        await submit(runtime, RunRequested(run_id=run_id, question=QUESTION, scope="local", max_sources=8))
        follower = asyncio.create_task(follow(runtime, run_id, timeout_s=120))
        # kill every connection at three points of the run: after the plan, after sources are chosen, mid-verify
        for milestone in ("PlanCreated", "SourcesSelected", "ClaimVerified"):
            deadline = time.monotonic() + 60
            while milestone not in {type(e).__name__ for e in await asyncio.to_thread(_timeline, runtime, run_id)}:
                assert time.monotonic() < deadline and not follower.done(), f"no {milestone}"
                await asyncio.sleep(0.01)
            killed.append((milestone, await asyncio.to_thread(kill_connections, pg_admin_url, dbname)))
        events = await follower
    assert all(n > 0 for _, n in killed), killed
    names = [type(e).__name__ for e in events]
    assert names[-1] == "RunCompleted" and "RunFailed" not in names
    counts = Counter(names)
    for once in ("RunStarted", "PlanCreated", "SourcesSelected", "ExtractionCompleted", "ClaimsVerified",
                 "ReportSynthesized", "RunCompleted"):
        assert counts[once] == 1, (once, counts[once])
    assert [e.seq for e in events] == list(range(1, len(events) + 1))


def _timeline(rt: Any, run_id: UUID) -> list[Any]:
    try:
        return list(rt.runs.timeline(run_id))
    except Exception:  # noqa: BLE001 (not recorded yet, or a killed connection: ask again)
        return []


def test_a_store_that_stays_down_is_named(endpoints: Any, pg_admin_url: str) -> None:
    dbname = str(endpoints.pg_params()["dbname"])
    # a connection wait of 1 s (not the default 30 s) so that the test gives up in seconds
    env = {**endpoints.eventsourcing_env(create_table=True), "POSTGRES_CONNECT_TIMEOUT": "1"}
    runs = ResearchRuns(env=env, attempts=2, backoff_s=0.01)
    run_id = uuid4()
    try:
        assert runs.start_run(RunRequested(run_id=run_id, question="Is the store down?", scope="local"))
        with psycopg.connect(pg_admin_url, autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{dbname}" ALLOW_CONNECTIONS false')
        try:
            kill_connections(pg_admin_url, dbname)
            with pytest.raises(StoreUnavailable) as caught:
                runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "down"}], "general", "en", "offline",
                                 False)
            message = str(caught.value)
            assert "PostgreSQL (the event store) stayed unavailable" in message and "2 attempts" in message
            assert "last error" in message
        finally:
            with psycopg.connect(pg_admin_url, autocommit=True) as admin:
                admin.execute(f'ALTER DATABASE "{dbname}" ALLOW_CONNECTIONS true')
        # back up: the same store records the plan (nothing was half-written)
        assert runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "up"}], "general", "en", "offline", False)
        assert [type(e).__name__ for e in runs.timeline(run_id)] == ["RunStarted", "PlanCreated"]
    finally:
        runs.close()


async def test_a_store_down_through_every_delivery_dead_letters_the_unit_naming_what_stayed_down(nats_url: str, tmp_path: Any) -> None:
    settings = CommonSettings(_env_file=None, data_dir=tmp_path / "data", nats_url=nats_url,
                              max_deliver=3, ack_wait_s=5.0)
    failed: list[tuple[UUID, str, str]] = []
    deliveries: list[float] = []
    done = asyncio.Event()

    dead: list[tuple[str, str, UUID | None]] = []

    async def reject(subject: str, body: bytes, reason: str, run_id: UUID | None) -> None:
        dead.append((subject, reason, run_id))  # the dead letter: only after the last delivery (checked below)

    async def settle(subject: str, service: str, body: bytes, reason: str, run_id: UUID) -> None:
        failed.append((run_id, service, reason))  # the unit settled in its run, with the reason
        done.set()

    broker = NatsBroker(nats_url, middlewares=[build_error_policy(reject, settle, max_deliver=3,
                                                                  redelivery_delay_s=0.05)])

    @broker.subscriber(VerifyClaim.SUBJECT, **consumer_kwargs(settings, "verifier", VerifyClaim))
    async def on_verify(body: VerifyClaim) -> None:
        deliveries.append(time.monotonic())
        raise StoreUnavailable("PostgreSQL (the event store) stayed unavailable: 5 attempts over 3.1 s, "
                               "last error: OperationalError: connection refused")

    run_id = uuid4()
    async with broker:
        await broker.start()
        await Publisher(broker, settings).command(VerifyClaim(run_id=run_id, claim_id=uuid4()), "c1")
        await asyncio.wait_for(done.wait(), timeout=30)
    assert len(deliveries) == 3  # redelivered twice, then given up on
    (rid, stage, reason), = failed
    assert rid == run_id and stage == "verifier"
    assert reason.startswith("gave up after 3 deliveries: PostgreSQL (the event store) stayed unavailable")
    assert dead == [(VerifyClaim.SUBJECT, reason, run_id)], "dead-lettered once, after the last delivery"
