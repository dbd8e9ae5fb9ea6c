"""Benchmark: the gateway's event-stream latency, from an event stored to its receipt by an SSE client.

Run with ``make bench`` (``pytest tests/bench -s -q``) or alone:
``.venv/bin/python -m pytest tests/bench/test_bench_gateway_sse.py -s -q -p no:cacheprovider``; not part of
``make test``. Figures are printed and written to ``.assay/bench/gateway_sse.json`` (ignored by git). Only sanity
facts are asserted (every event received once, in order), never speed.

What is measured
- The gateway runs on a real uvicorn on 127.0.0.1 over the test's real PostgreSQL and NATS; a client (httpx)
  follows one run's ``GET /v1/runs/{id}/events`` with an API key.
- The test records ``EVENTS`` events on that run, one at a time, through the event store (``StageDegraded``,
  the smallest event; no stage runs): it records event i, waits until the client has received it, then records
  event i+1 (so each figure is the latency of an idle path, not of a queue).
- stored -> received: the client's receipt time minus the moment the store's save returned (the event committed).
  The client can get the event a hair before the save returns (the NOTIFY is delivered at commit), so a few are
  slightly negative; they are reported as measured.
- created -> received: receipt minus the event's ``occurred_at`` (set when it is recorded in the aggregate, before
  its insert and commit): an upper bound that includes the commit.
All times are ``time.time()`` of this one process (the event store's timestamps use the same clock).

Knob: ``ASSAY_BENCH_SSE_EVENTS`` (default 200).
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import statistics
import time
from datetime import datetime
from pathlib import Path
from typing import Any
from uuid import uuid4

import httpx
import pytest

from contracts import RunRequested
from services.gateway.keys import create_key
from tests.integration.gateway_fixtures import running_gateway, with_gateway

pytestmark = [pytest.mark.slow, pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(900)]
RESULTS = Path(__file__).resolve().parents[2] / ".assay" / "bench" / "gateway_sse.json"
EVENTS = int(os.environ.get("ASSAY_BENCH_SSE_EVENTS", "200"))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(q * len(ordered) + 0.5)) - 1))] if ordered else 0.0


async def test_bench_sse_latency_from_event_stored_to_client(settings: Any, runtime: Any) -> None:
    s = with_gateway(settings)
    _, key = create_key(runtime.pool, "bench")
    run_id = uuid4()
    with runtime.pool.connection() as conn:  # the run belongs to the bench key (as if it had started it)
        conn.execute("INSERT INTO gateway_runs (run_id, key_id, request) SELECT %s, key_id, '{}' "
                     "FROM gateway_api_keys WHERE name = 'bench'", (run_id,))
    runtime.runs.start_run(RunRequested(run_id=run_id, question="How fast are events streamed?", scope="local"))
    received: asyncio.Queue[tuple[int, float, str]] = asyncio.Queue()

    async with running_gateway(s, runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:

        async def listen() -> None:
            async with client.stream("GET", f"/v1/runs/{run_id}/events") as resp:
                assert resp.status_code == 200
                async for line in resp.aiter_lines():
                    if line.startswith("data:"):
                        t = time.time()
                        data = json.loads(line[5:])
                        await received.put((data["seq"], t, data["occurred_at"]))

        listener = asyncio.create_task(listen())
        first = await asyncio.wait_for(received.get(), 30)  # RunStarted: the stream is live
        assert first[0] == 1
        stored_to_client: list[float] = []
        created_to_client: list[float] = []
        commit: list[float] = []
        for i in range(EVENTS):
            await asyncio.to_thread(runtime.runs.record_degraded, run_id, "bench", f"tick {i}")
            saved = time.time()
            seq, got, occurred = await asyncio.wait_for(received.get(), 30)
            assert seq == i + 2, "an event was missed or repeated"
            created = datetime.fromisoformat(occurred.replace("Z", "+00:00")).timestamp()
            stored_to_client.append((got - saved) * 1000)
            created_to_client.append((got - created) * 1000)
            commit.append((saved - created) * 1000)
        await asyncio.to_thread(runtime.runs.cancel_run, run_id, "bench over")
        await asyncio.wait_for(listener, 30)  # the stream ends after RunCancelled

    figures = {
        "events": EVENTS,
        "stored_to_client_ms": {"p50": round(_pct(stored_to_client, 0.5), 3),
                                "p95": round(_pct(stored_to_client, 0.95), 3),
                                "mean": round(statistics.fmean(stored_to_client), 3)},
        "created_to_client_ms": {"p50": round(_pct(created_to_client, 0.5), 3),
                                 "p95": round(_pct(created_to_client, 0.95), 3),
                                 "mean": round(statistics.fmean(created_to_client), 3)},
        "store_save_ms_p50": round(_pct(commit, 0.5), 3),
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    print(f"\ngateway SSE latency over {EVENTS} events (one at a time, 127.0.0.1):")
    print(f"  stored -> client   p50 {figures['stored_to_client_ms']['p50']:.2f} ms   "
          f"p95 {figures['stored_to_client_ms']['p95']:.2f} ms")
    print(f"  created -> client  p50 {figures['created_to_client_ms']['p50']:.2f} ms   "
          f"p95 {figures['created_to_client_ms']['p95']:.2f} ms   (includes the store's save, p50 "
          f"{figures['store_save_ms_p50']:.2f} ms)")
    print(f"  written to {RESULTS}")
    assert len(stored_to_client) == EVENTS
