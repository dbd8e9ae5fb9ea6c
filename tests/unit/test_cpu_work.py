"""CPU-bound engine calls (``shared.cpu.run_cpu``): on threads at most ``cpu_threads`` at once, or in niced worker
processes that survive a worker's death; the GIL switch interval set; consumers fetch what is waiting in one go."""

from __future__ import annotations

import asyncio
import os
import sys
import threading

import pytest

from contracts import ExtractionCompleted, SourceFetched, VerifyClaim
from shared.bus import consumer_kwargs
from shared.cpu import cpu_processes, run_cpu, run_gated, stop_cpu, use_cpu
from shared.settings import CommonSettings


class Overlap:
    """Counts calls in progress at once; a call waits (at most ``patience_s``) for a second one to join it, so two
    calls the gate lets through together are seen together."""

    def __init__(self, patience_s: float = 0.3) -> None:
        self.lock = threading.Lock()
        self.busy = 0
        self.peak = 0
        self.joined = threading.Event()
        self.patience_s = patience_s

    def __call__(self) -> str:
        with self.lock:
            self.busy += 1
            self.peak = max(self.peak, self.busy)
            if self.busy > 1:
                self.joined.set()
        self.joined.wait(self.patience_s)
        with self.lock:
            self.busy -= 1
        return threading.current_thread().name


def test_calls_on_threads_pass_the_gate_as_many_at_once_as_configured() -> None:
    async def main(threads: int | None) -> int:
        if threads is not None:
            use_cpu(threads=threads)
        overlap = Overlap()
        await asyncio.gather(*(run_cpu(overlap) for _ in range(4)))
        return overlap.peak

    assert asyncio.run(main(None)) == 1  # unconfigured: one at a time
    assert asyncio.run(main(1)) == 1
    assert asyncio.run(main(2)) == 2


def _die_in_worker(parent: int) -> int:
    """Ends a worker process at once (as the out-of-memory killer would); on the parent's thread returns its pid."""
    if os.getpid() != parent:
        os._exit(1)
    return os.getpid()


def test_worker_processes_are_niced_raise_errors_and_survive_a_dead_worker() -> None:
    async def main() -> tuple[int, int, int, int, int, int]:
        use_cpu(processes=1, nice=3)
        try:
            worker = await run_cpu(os.getpid)
            niceness = await run_cpu(os.nice, 0)
            with pytest.raises(ValueError, match="invalid literal"):
                await run_cpu(int, "not a number")
            rescued = await run_cpu(_die_in_worker, os.getpid())  # the worker dies: the call is run on a thread
            after = await run_cpu(os.getpid)  # a new pool
            return worker, niceness, rescued, after, cpu_processes(), os.nice(0)
        finally:
            stop_cpu()

    worker, niceness, rescued, after, processes, own = asyncio.run(main())
    parent = os.getpid()
    assert worker != parent and after != parent and after != worker
    assert niceness >= own + 3 or niceness == 19
    assert rescued == parent and processes == 1


def test_switch_interval_is_set_and_bad_sizes_are_refused() -> None:
    before = sys.getswitchinterval()

    async def main() -> float:
        use_cpu(switch_interval_ms=2.0)
        with pytest.raises(ValueError, match="threads must be >= 1"):
            use_cpu(threads=0)
        return sys.getswitchinterval()

    try:
        assert asyncio.run(main()) == pytest.approx(0.002)
    finally:
        sys.setswitchinterval(before)


def test_defaults_keep_engines_on_one_thread_and_a_short_switch_interval() -> None:
    common = CommonSettings(_env_file=None)
    assert (common.cpu_threads, common.cpu_processes, common.switch_interval_ms, common.fetch_batch) == (1, 0, 1.0, 1)


def test_a_fetch_takes_what_is_waiting_up_to_the_in_flight_limit() -> None:
    common = CommonSettings(_env_file=None, unit_workers=16, event_workers=2, fetch_batch=16)
    assert consumer_kwargs(common, "verifier", VerifyClaim)["pull_sub"].batch_size == 16
    assert consumer_kwargs(common, "claim-extractor", SourceFetched)["pull_sub"].batch_size == 16
    assert consumer_kwargs(common, "verifier", ExtractionCompleted)["pull_sub"].batch_size == 2
    one = CommonSettings(_env_file=None, fetch_batch=1)
    assert consumer_kwargs(one, "verifier", VerifyClaim)["pull_sub"].batch_size == 1


def test_gated_calls_stay_on_threads_behind_the_gate_with_worker_processes() -> None:
    async def main() -> tuple[int, set[int]]:
        use_cpu(threads=1, processes=1, nice=0)
        try:
            overlap = Overlap()
            pids = set(await asyncio.gather(*(run_gated(lambda: (overlap(), os.getpid())[1]) for _ in range(3))))
            return overlap.peak, pids
        finally:
            stop_cpu()

    peak, pids = asyncio.run(main())
    assert peak == 1 and pids == {os.getpid()}  # (a lambda could not even be sent to a worker process)
