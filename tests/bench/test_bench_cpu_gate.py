"""Benchmark: what CPU-bound engine calls cost the rest of a service process (issue 10, ``shared.cpu``).

While the offline claim extractor works through a fan-out (3 rounds of 10 HotpotQA paragraphs at once, as a run's
10 sources arrive), two probes measure how late the process's other work gets the interpreter back:

- **loop wake-up lag**: an ``asyncio.sleep(2 ms)`` on the event loop, minus 2 ms (what the relay, the consumers'
  fetch loops and FastStream's dispatch wait before they run);
- **thread lag**: a thread's ``time.sleep(0.5 ms)``, minus 0.5 ms (a store writer coming back from PostgreSQL).

Each configuration runs in its own fresh process, one after the other in this test: Python's defaults (16 engine
calls at once on the worker threads, 5 ms GIL switch interval), Assay's defaults (one at a time, 1 ms) and worker
processes (``cpu_processes=2``). Run with ``pytest tests/bench/test_bench_cpu_gate.py -s -q``; only sanity is
asserted (every probe ran), never speed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

REPO = Path(__file__).resolve().parents[2]
HOTPOT = (REPO / ".." / "shared" / "data" / "hotpotqa" / "hotpotqa_dev200_original_format.json").resolve()

PROBE = r'''
import asyncio, json, sys, threading, time
from shared.cpu import run_cpu, stop_cpu, use_cpu
from shared.runtime import use_worker_threads
from services.claim_extractor.offline import extract_claims

threads, switch_ms, processes, path = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
items = json.load(open(path, encoding="utf-8"))
texts = ["".join(s) for it in items[:3] for _, s in it["context"]][:10]


async def main() -> dict:
    use_worker_threads(16)
    use_cpu(threads=threads, switch_interval_ms=switch_ms, processes=processes, nice=5,
            preload=("services.claim_extractor.offline",))
    for x in texts[:processes or 1]:  # warm: lexicons loaded (in each worker process, roughly)
        await run_cpu(extract_claims, x, title=None, max_claims=40, focus="warm")
    loop_lag, thread_lag, stop = [], [], []

    async def probe() -> None:
        while not stop:
            t0 = time.perf_counter()
            await asyncio.sleep(0.002)
            loop_lag.append((time.perf_counter() - t0 - 0.002) * 1000)

    def io_thread() -> None:
        while not stop:
            t0 = time.perf_counter()
            time.sleep(0.0005)
            thread_lag.append((time.perf_counter() - t0 - 0.0005) * 1000)

    th = threading.Thread(target=io_thread)
    th.start()
    task = asyncio.create_task(probe())
    t0 = time.perf_counter()
    for _ in range(3):
        await asyncio.gather(*(run_cpu(extract_claims, x, title=None, max_claims=40, focus="Which band?")
                               for x in texts))
    wall = time.perf_counter() - t0
    stop.append(True)
    await task
    th.join()
    stop_cpu()
    return {"wall_s": wall, "loop_lag_ms": loop_lag, "thread_lag_ms": thread_lag}


print(json.dumps(asyncio.run(main())))
'''

CONFIGS = (("Python defaults: 16 on threads, switch 5 ms", 16, 5.0, 0),
           ("Assay defaults: 1 on threads, switch 1 ms", 1, 1.0, 0),
           ("2 worker processes (nice +5), switch 1 ms", 1, 1.0, 2))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def test_bench_cpu_gate() -> None:
    lines = ["", "=" * 110, "CPU-bound engine calls and the rest of the process: 3 x 10 offline claim extractions at once; "
             f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} before",
             f"{'configuration':<46} {'extract s':>9} {'loop lag p50':>12} {'p95':>7} {'thread lag p50':>14} {'p95':>7}"]
    for name, threads, switch_ms, processes in CONFIGS:
        out = subprocess.run([sys.executable, "-c", PROBE, str(threads), str(switch_ms), str(processes), str(HOTPOT)],
                             cwd=REPO, capture_output=True, text=True, timeout=300, check=True)
        res = json.loads(out.stdout.strip().splitlines()[-1])
        assert res["loop_lag_ms"] and res["thread_lag_ms"], f"{name}: a probe never ran"
        lines.append(f"{name:<46} {res['wall_s']:>9.2f} {pct(res['loop_lag_ms'], 50):>12.2f} "
                     f"{pct(res['loop_lag_ms'], 95):>7.2f} {pct(res['thread_lag_ms'], 50):>14.2f} "
                     f"{pct(res['thread_lag_ms'], 95):>7.2f}")
    lines += [f"(ms; load average {os.getloadavg()[0]:.2f} after)", "=" * 110]
    print("\n".join(lines))
