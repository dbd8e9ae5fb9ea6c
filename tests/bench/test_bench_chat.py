"""Benchmark: a chat turn that starts research, from the request to the first streamed chunk.

Run alone: ``.venv/bin/python -m pytest tests/bench/test_bench_chat.py -s -q -p no:cacheprovider`` (or with
``make bench``); not part of ``make test``. Figures are printed and written to ``.assay/bench/chat.json``.

What is measured
- The gateway on a real uvicorn on 127.0.0.1 over the test's real PostgreSQL and NATS with every stage running
  (the embedded stack) over the local sample corpus; the client is the ``openai`` package (``AsyncOpenAI``).
- ``TURNS`` turns, one after another, each ``stream=True`` with ``force_research`` (scope local): the time from
  calling ``chat.completions.create`` to receiving the first chunk (``time.perf_counter``). Each run is cancelled
  once its first chunk has arrived (so the runs do not pile up); the run was still going when the chunk arrived
  (asserted by timestamps: its terminal event, the cancel, is later than the chunk).
Only sanity facts are asserted, never speed.

Knob: ``ASSAY_BENCH_CHAT_TURNS`` (default 10).
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
import openai
import pytest

from services.gateway.keys import create_key
from tests.integration.gateway_fixtures import running_gateway, with_gateway
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.slow, pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(900)]
RESULTS = Path(__file__).resolve().parents[2] / ".assay" / "bench" / "chat.json"
TURNS = int(os.environ.get("ASSAY_BENCH_CHAT_TURNS", "10"))
TERMINAL = ("RunCompleted", "RunFailed", "RunCancelled")


async def test_bench_chat_time_to_first_chunk(settings: Any, runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    _, key = create_key(runtime.pool, "bench-chat")
    firsts: list[float] = []
    async with running_gateway(with_gateway(settings), runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as http:
        client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0, timeout=120)
        for _ in range(TURNS):
            t0 = time.perf_counter()
            stream = await client.chat.completions.create(
                model="assay", messages=[{"role": "user", "content": QUESTION}], stream=True,
                extra_body={"force_research": True, "research_scope": "local"})
            async for chunk in stream:
                firsts.append(time.perf_counter() - t0)
                arrived = datetime.now(UTC)
                meta = (chunk.model_extra or {})["assay"]
                break
            await stream.close()
            run_id = UUID(meta["run_id"])
            assert (await http.post(f"/v1/runs/{run_id}/cancel")).status_code == 200
            ended = [e for e in runtime.runs.timeline(run_id) if type(e).__name__ in TERMINAL]
            assert ended and ended[0].occurred_at > arrived, "the first chunk came after the run had ended"
    assert len(firsts) == TURNS
    ms = sorted(1000 * f for f in firsts)
    figures = {"turns": TURNS, "first_chunk_p50_ms": round(statistics.median(ms), 1),
               "first_chunk_max_ms": round(ms[-1], 1), "each_ms": [round(1000 * f, 1) for f in firsts], "load_average": os.getloadavg()[0],
               "cpus": os.cpu_count(), "python": platform.python_version()}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    print(f"\nchat time to first chunk (force_research, streamed, {TURNS} turns): p50 "
          f"{figures['first_chunk_p50_ms']} ms, max {figures['first_chunk_max_ms']} ms "
          f"(load average {figures['load_average']:.1f} on {figures['cpus']} cores)")
