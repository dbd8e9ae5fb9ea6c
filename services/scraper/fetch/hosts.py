"""Per-host politeness: at most N requests in flight per host, and a shared "not before" time per host.

When a host answers 429/503 (or its robots.txt asks for a crawl delay), :meth:`HostLimiter.hold_off` pushes
that host's "not before" time forward; every later request to that host, from any task of this process,
waits until then before it takes a slot.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = ["HostLimiter", "host_key"]


def host_key(url: str) -> str:
    """The politeness key of ``url``: its lower-cased host name (ports share one host)."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        host = ""
    host = host.rstrip(".").lower()
    return host[4:] if host.startswith("www.") else host


@dataclass
class _Host:
    sem: asyncio.Semaphore
    not_before: float = 0.0
    users: int = 0


class HostLimiter:
    """A semaphore per host (``per_host`` slots) plus a per-host hold-off time (monotonic clock)."""

    def __init__(self, per_host: int = 2) -> None:
        if per_host < 1:
            raise ValueError("per_host must be at least 1")
        self.per_host = per_host
        self._hosts: dict[str, _Host] = {}
        self.max_in_flight: dict[str, int] = {}  # highest concurrency seen per host (tests, stats)
        self._in_flight: dict[str, int] = {}

    def _host(self, key: str) -> _Host:
        h = self._hosts.get(key)
        if h is None:
            h = self._hosts[key] = _Host(asyncio.Semaphore(self.per_host))
        return h

    def hold_off(self, url_or_host: str, seconds: float) -> None:
        """No new request to this host for ``seconds`` from now (never shortens an earlier hold-off)."""
        key = host_key(url_or_host) if "://" in url_or_host else url_or_host.lower()
        h = self._host(key)
        h.not_before = max(h.not_before, time.monotonic() + max(0.0, seconds))

    def not_before(self, url: str) -> float:
        """Seconds until the host of ``url`` may be asked again (0 if now)."""
        h = self._hosts.get(host_key(url))
        return max(0.0, h.not_before - time.monotonic()) if h else 0.0

    @asynccontextmanager
    async def slot(self, url: str) -> AsyncIterator[None]:
        """Hold one of the host's slots, after its hold-off time has passed."""
        key = host_key(url)
        h = self._host(key)
        h.users += 1
        try:
            while True:
                delay = h.not_before - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                await h.sem.acquire()
                if h.not_before - time.monotonic() > 0:  # a hold-off was set while we waited for the slot
                    h.sem.release()
                    continue
                break
            n = self._in_flight.get(key, 0) + 1
            self._in_flight[key] = n
            self.max_in_flight[key] = max(self.max_in_flight.get(key, 0), n)
            try:
                yield
            finally:
                self._in_flight[key] -= 1
                h.sem.release()
        finally:
            h.users -= 1
            if h.users == 0 and h.not_before <= time.monotonic():
                self._hosts.pop(key, None)
                self._in_flight.pop(key, None)
