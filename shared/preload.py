"""Importing, in a background thread while a process starts, what its first piece of work would otherwise wait
for: a module a stage needs only inside a handler (bm25s with scipy.sparse, datasketch with scipy.integrate: tenths
of a second of CPU each) is loaded while the main thread waits on the bus and the store, not on the first run's
critical path (issue 10: a new process's first run)."""

from __future__ import annotations

import importlib
import threading

__all__ = ["preload", "preloading"]

_started: set[str] = set()
_threads: list[threading.Thread] = []
_lock = threading.Lock()


def preload(*modules: str) -> threading.Thread | None:
    """Start importing ``modules`` (dotted names, in order) in one daemon thread; a module asked for before (by
    any caller of this process) is not imported again. A first real use during the import waits for it (Python's
    import lock); an import error is left for that first use to raise. Returns the thread, None when every module
    was asked for already."""
    with _lock:
        todo = [m for m in modules if m not in _started]
        if not todo:
            return None
        _started.update(todo)
        thread = threading.Thread(target=_import_quietly, args=(tuple(todo),), daemon=True,
                                  name=f"assay-preload-{'+'.join(todo)}"[:60])
        _threads.append(thread)
    thread.start()
    return thread


def preloading() -> list[threading.Thread]:
    """The preload threads started so far in this process (for tests: ``join`` them)."""
    with _lock:
        return list(_threads)


def _import_quietly(modules: tuple[str, ...]) -> None:
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S110 - the first real use raises it
            pass
