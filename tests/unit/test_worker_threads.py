"""The worker pool of a process is sized by ``worker_threads`` (``ASSAY_WORKER_THREADS``): ``asyncio.to_thread`` calls
run on exactly that many threads, named ``assay-worker``, and setting the same size again keeps the pool."""

from __future__ import annotations

import asyncio
import threading

from shared.runtime import use_worker_threads
from shared.settings import CommonSettings


def test_to_thread_runs_on_the_configured_pool() -> None:
    async def main() -> tuple[int, set[str], bool]:
        use_worker_threads(3)
        first = asyncio.get_running_loop()._default_executor  # type: ignore[attr-defined]  # (what is checked)
        use_worker_threads(3)
        same = asyncio.get_running_loop()._default_executor is first  # type: ignore[attr-defined]
        barrier = threading.Barrier(3, timeout=10)
        busy = 0
        peak = 0
        lock = threading.Lock()

        def work() -> str:
            nonlocal busy, peak
            with lock:
                busy += 1
                peak = max(peak, busy)
            try:
                barrier.wait()  # three calls at once: only possible with three threads
            except threading.BrokenBarrierError:
                pass
            with lock:
                busy -= 1
            return threading.current_thread().name
        names = await asyncio.gather(*(asyncio.to_thread(work) for _ in range(9)))
        return peak, {n.rsplit("_", 1)[0] for n in names}, same

    peak, prefixes, same = asyncio.run(main())
    assert peak == 3 and prefixes == {"assay-worker"} and same


def test_defaults_are_the_measured_ones() -> None:
    common = CommonSettings(_env_file=None)
    assert common.worker_threads == 16 and common.unit_workers == 16
