"""Benchmark: the relay hop with and without the store's hand-over (issue 10: a hop's relay wait and relay read).

One process, real PostgreSQL and NATS: claims' verdicts are recorded one after another on a worker thread (the
append path the verifier's writes take), and each event's way from its creation (``occurred_at``, before the
commit) to its arrival at a plain core NATS subscriber on ``assay.evt.>`` is timed: the commit, the relay's wake-up,
its read of the log (only without the hand-over), the JetStream publish and delivery. The relay runs with the
hand-over (``EventRelay(hand_over=True)``: the events committed by this process's store are handed to it after the
commit) and without (woken by the store's ``NOTIFY``, it reads them back from the log), in alternating rounds, so
both see the same machine. A second pair of rounds does the same while one thread computes in Python (an offline
engine holding the GIL), as in a pipeline process. Only sanity is asserted (every event arrived), never speed.

Run with ``pytest tests/bench/test_bench_relay.py -s -q`` (``--bench-rounds`` pairs of rounds, default 1 -> 2
pairs is the default here).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import threading
import time
from datetime import datetime
from typing import Any

import nats
import pytest

from services.cli.stack import Stack
from shared.runtime import EventRelay, Runtime
from tests.integration.test_store_loads import run_with_claims

pytestmark = [pytest.mark.slow, pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(900)]

#: verdicts recorded per round
EVENTS = 60
#: pairs of rounds (with, without the hand-over) per condition
PAIRS = 3


def _burn(stop: threading.Event) -> None:
    """Compute in Python until ``stop`` is set (holds the GIL as an offline engine does)."""
    x = 0
    while not stop.is_set():
        for i in range(20_000):
            x += i * i % 7


async def _round(rt: Runtime, hand_over: bool, arrivals: dict[str, float]) -> list[float]:
    """One round: a relay (with or without the hand-over), ``EVENTS`` verdicts recorded one after another; seconds
    from each event's creation to its arrival at the subscriber."""
    relay = EventRelay(rt, hand_over=hand_over)
    task = asyncio.create_task(relay.run())
    await asyncio.wait_for(relay.listening.wait(), timeout=10)
    run_id, claims = await asyncio.to_thread(run_with_claims, rt.runs, EVENTS + 1)
    await asyncio.sleep(0.3)
    first = rt.runs.max_position()
    for cid in claims[:EVENTS]:
        await asyncio.to_thread(rt.runs.record_verdict, run_id, cid, verdict="supported", stability=1.0,
                                support_score=0.9, spans=[], corroborating_domains=["local:bench"])
        await asyncio.sleep(0.01)
    events = rt.runs.events_after(run_id, 0)
    deadline = time.monotonic() + 20
    ours = [e for e in events if e.seq > 0 and type(e).__name__ == "ClaimVerified"]
    while any(str(e.event_id) not in arrivals for e in ours) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    relay.stop()
    await asyncio.wait_for(task, timeout=10)
    assert rt.runs.max_position() >= first + EVENTS
    missing = [e for e in ours if str(e.event_id) not in arrivals]
    assert not missing, f"{len(missing)} events never arrived"
    return [arrivals[str(e.event_id)] - e.occurred_at.timestamp() for e in ours]


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def test_bench_relay_hand_over(bench_runtime: Runtime) -> None:
    rt = bench_runtime
    arrivals: dict[str, float] = {}
    nc = await nats.connect(rt.endpoints.nats_url)

    async def on_msg(msg: Any) -> None:
        arrivals[str(json.loads(msg.data)["event_id"])] = time.time()

    results: dict[str, dict[str, list[float]]] = {}
    try:
        await nc.subscribe("assay.evt.>", cb=on_msg)
        async with Stack(rt, ["indexer"], relay=False):  # the streams; no stage reacts to these runs
            for condition in ("idle", "one thread computing"):
                stop = threading.Event()
                burner = threading.Thread(target=_burn, args=(stop,), daemon=True)
                if condition != "idle":
                    burner.start()
                try:
                    got = results.setdefault(condition, {"hand-over": [], "read": []})
                    for i in range(2 * PAIRS):  # alternating: with, without, without, with, ...
                        hand_over = (i % 4) in (0, 3)
                        got["hand-over" if hand_over else "read"] += await _round(rt, hand_over, arrivals)
                finally:
                    stop.set()
                    if burner.is_alive():
                        burner.join()
    finally:
        await nc.drain()
    lines = ["", "=" * 100,
             f"Relay hop: event created (before its commit) -> arrival at a core NATS subscriber, ms; {EVENTS} "
             f"verdicts per round, {PAIRS} rounds each, alternating; {datetime.now().isoformat(timespec='seconds')}",
             f"{'condition':<24} {'relay':<10} {'n':>5} {'p50':>7} {'p95':>7} {'mean':>7}"]
    for condition, got in results.items():
        for how, values in got.items():
            lines.append(f"{condition:<24} {how:<10} {len(values):>5} {_ms(values, 0.5):>7.2f} "
                         f"{_ms(values, 0.95):>7.2f} {1000 * statistics.fmean(values):>7.2f}")
    lines.append("=" * 100)
    print("\n".join(lines))
