"""CPU-bound engine calls kept from starving the event loop (issue 10, item 4: concurrency sized to the work).

A service process runs its handlers on one event loop and their blocking calls on a pool of worker threads
(``shared.runtime.use_worker_threads``). The event-store and bus calls there mostly wait on the network, but the
offline engines (claim extraction, entailment) compute for tens of milliseconds in Python, holding the GIL. With
N of them running at once on threads, every other thread - the event loop (the relay, the consumers' fetch
loops, FastStream's dispatch) and the writers coming back from PostgreSQL - gets the GIL back only after waiting
behind them, each wait up to the interpreter's switch interval (5 ms by default): a stage hop that takes ten
such turns costs tens of milliseconds of waiting, and N threads gain nothing over one (one GIL).

:func:`run_cpu` is where a handler sends such a call:

- ``cpu_processes`` > 0 (``ASSAY_CPU_PROCESSES``): a pool of that many worker processes (started from a clean
  ``forkserver``, not forked from the threaded service process), each lowered by ``cpu_nice`` so the service
  process's own wake-ups come first on a busy machine; the function and its arguments must pickle (module-level
  functions on plain values). A worker that died (killed, out of memory) breaks the pool: the call is run again
  on a thread and a new pool is started for the next calls.
- else on the process's worker threads, at most ``cpu_threads`` (``ASSAY_CPU_THREADS``) at once; the others wait
  on the event loop, not on a thread: the loop then competes with that many CPU-bound threads, not with every
  unit in flight.

:func:`run_gated` is for CPU-bound work on the process's own state (a BM25 index in memory): always on a thread,
behind the same gate.

:func:`use_cpu` configures the running loop's process (``Stack.start`` calls it with the settings, together with
``sys.setswitchinterval(switch_interval_ms / 1000)``). Without it (tests calling handlers directly), calls run on
threads, one at a time per loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import importlib
import logging
import multiprocessing
import os
import sys
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

log = logging.getLogger("assay.cpu")
P = ParamSpec("P")
T = TypeVar("T")

@dataclass
class _CpuPlan:
    """How one event loop runs CPU-bound calls (see the module)."""

    threads: int = 1
    processes: int = 0
    nice: int = 0
    preload: tuple[str, ...] = ()
    gate: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(1))
    pool: concurrent.futures.ProcessPoolExecutor | None = None


_PLANS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _CpuPlan] = weakref.WeakKeyDictionary()


def _start_worker(nice: int, preload: Sequence[str]) -> None:
    """A worker process's start: lower its priority by ``nice`` and import ``preload``."""
    if nice:
        try:
            os.nice(nice)
        except OSError:  # (not permitted: the worker runs at the service's priority)
            pass
    for name in preload:
        importlib.import_module(name)


def _ready() -> int:
    """A worker's answer to the warm-up call: its process id."""
    return os.getpid()


def _new_pool(plan: _CpuPlan) -> concurrent.futures.ProcessPoolExecutor:
    context = multiprocessing.get_context("forkserver" if "forkserver" in multiprocessing.get_all_start_methods()
                                          else "spawn")
    return concurrent.futures.ProcessPoolExecutor(max_workers=plan.processes, mp_context=context,
                                                  initializer=_start_worker, initargs=(plan.nice, plan.preload))


def use_cpu(*, threads: int = 1, processes: int = 0, nice: int = 5, switch_interval_ms: float | None = None,
            preload: Sequence[str] = ()) -> None:
    """Configure :func:`run_cpu` for the running loop: ``processes`` > 0 a pool of that many worker processes
    (started now, in the background, each niced by ``nice`` and importing the modules named in ``preload``,
    e.g. the offline engines': their code and lexicons are loaded before the first call), else at most ``threads``
    calls at once on the worker threads. ``switch_interval_ms`` (when given) sets the interpreter's GIL switch
    interval, process-wide (``sys.setswitchinterval``). Calling it again replaces the loop's plan (a previous
    pool is shut down). Must be called from the loop's thread. Raises: ValueError for threads < 1 or
    processes < 0."""
    if threads < 1 or processes < 0:
        raise ValueError(f"cpu threads must be >= 1 and processes >= 0 (got {threads}, {processes})")
    if switch_interval_ms is not None:
        sys.setswitchinterval(switch_interval_ms / 1000.0)
    loop = asyncio.get_running_loop()
    previous = _PLANS.get(loop)
    if (previous is not None and previous.threads == threads and previous.processes == processes
            and previous.nice == nice and previous.preload == tuple(preload)):
        return
    plan = _CpuPlan(threads=threads, processes=processes, nice=nice, preload=tuple(preload),
                    gate=asyncio.Semaphore(threads))
    if processes:
        plan.pool = _new_pool(plan)
        for _ in range(processes):  # start the workers now (imports included), not on the first claim
            plan.pool.submit(_ready)
    _PLANS[loop] = plan
    if previous is not None and previous.pool is not None:
        previous.pool.shutdown(wait=False, cancel_futures=True)


def stop_cpu() -> None:
    """Shut the running loop's worker processes down (queued calls are cancelled) and forget its plan (later calls
    run on threads, one at a time). Must be called from the loop's thread."""
    plan = _PLANS.pop(asyncio.get_running_loop(), None)
    if plan is not None and plan.pool is not None:
        plan.pool.shutdown(wait=False, cancel_futures=True)


def cpu_processes() -> int:
    """The running loop's worker processes (0: CPU-bound calls run on threads)."""
    plan = _PLANS.get(asyncio.get_running_loop())
    return plan.processes if plan is not None and plan.pool is not None else 0


async def run_cpu(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)`` off the event loop, as configured by :func:`use_cpu` (see the module): in a worker
    process (``fn`` and its arguments must pickle: a module-level function on plain values) or on a worker thread
    behind the loop's gate. Returns its result; raises its error (from a worker process too, with its type)."""
    loop = asyncio.get_running_loop()
    plan = _PLANS.get(loop)
    if plan is None:
        plan = _PLANS[loop] = _CpuPlan()
    call = functools.partial(fn, *args, **kwargs)
    pool = plan.pool
    if pool is not None:
        try:
            return await loop.run_in_executor(pool, call)
        except BrokenProcessPool as exc:  # a worker died: this call on a thread, a new pool for the next ones
            log.warning("a CPU worker process died (%s); running the call on a thread and starting new workers", exc)
            if plan.pool is pool:
                plan.pool = _new_pool(plan)
                pool.shutdown(wait=False, cancel_futures=True)
    async with plan.gate:
        return await loop.run_in_executor(None, call)


async def run_gated(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)`` on a worker thread behind the loop's gate (at most ``cpu_threads`` such calls at once,
    see :func:`use_cpu`), whatever the worker processes: for CPU-bound work on the process's own state (an index in
    memory) that cannot be sent to another process. Returns its result; raises its error."""
    loop = asyncio.get_running_loop()
    plan = _PLANS.get(loop)
    if plan is None:
        plan = _PLANS[loop] = _CpuPlan()
    async with plan.gate:
        return await loop.run_in_executor(None, functools.partial(fn, *args, **kwargs))
