"""A service process's start-up heap kept out of the cyclic collector's full passes (issue 10: GC pauses).

A service process holds about 150,000 container objects once it has started (modules, classes, functions, the
engines' lexicons and compiled patterns, pydantic's schemas, FastStream's and nats-py's objects) and keeps them
until it stops. CPython's collector scans every one of them at each full (generation 2) collection, which it starts
on its own once enough new objects survived: measured on the run-time-by-claims benchmark, a pause of 0.14-0.30 s
about once every 400 claims, all of it on whichever thread allocated last (often the event loop, so every hop in
flight waits it out), on runs that take 0.4-1.8 s.

:func:`freeze_when_started` moves what the process holds once it has started (its stages' routers built, the
broker connected, the preload threads' imports done) into the collector's permanent generation
(``gc.freeze()``), so a full collection scans only what was made after: measured, those pauses fell to 14-50 ms.
Objects frozen are still freed by reference counting when dropped; only a reference cycle among them that is
dropped later is never collected (bounded: the start-up objects, once a process: a process that starts stacks
again, as the tests do, freezes at its first start only). Young objects are collected first (``gc.collect(1)``:
below a millisecond), so the start's short-lived garbage is not frozen with them. ``ASSAY_GC_FREEZE=false`` leaves
the collector as Python has it.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from collections.abc import Iterable

__all__ = ["freeze_when_started"]

log = logging.getLogger("assay.heap")

#: seconds to wait for the preload threads before freezing what is there (a hung import must not keep it forever)
PRELOAD_WAIT_S = 30.0

_started: list[threading.Thread] = []
_lock = threading.Lock()


def freeze_when_started(preloads: Iterable[threading.Thread] = (), *,
                        wait_s: float = PRELOAD_WAIT_S) -> threading.Thread:
    """In a daemon thread (the caller does not wait): join ``preloads`` (the process's preload threads,
    ``shared.preload.preloading()``; at most ``wait_s`` seconds in all), collect the young generations, then freeze
    every object the process then holds (``gc.freeze()``: see the module docstring). Once a process: a later call
    starts nothing and returns the first call's thread (tests join it)."""
    threads = list(preloads)

    def settle() -> None:
        deadline = time.monotonic() + wait_s
        for preload in threads:
            preload.join(max(0.0, deadline - time.monotonic()))
        gc.collect(1)
        gc.freeze()
        log.debug("heap frozen: %d objects out of the collector's full passes", gc.get_freeze_count())

    with _lock:
        if _started:
            return _started[0]
        thread = threading.Thread(target=settle, daemon=True, name="assay-heap-freeze")
        _started.append(thread)
    thread.start()
    return thread
