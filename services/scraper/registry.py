"""What the clients of the metadata registries (CrossRef, NCBI E-utilities, arXiv) share: one HTTP client with
Assay's user agent, a deadline, and a :class:`shared.lookup_cache.LookupCache` of their answers.

:meth:`RegistryClient.cached` answers from the cache when it holds a fresh answer for (registry, key); otherwise
it asks (``GET url?params``), hands the response to the caller's ``read`` function (which returns the answer to
keep, ``None`` for "the registry does not know it", or raises :class:`Unavailable` for an answer that says
nothing: rate-limited, down, unreadable) and keeps what it read for the client's TTL. Failures are never kept.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import httpx

from shared.lookup_cache import MISS, LookupCache, MemoryLookupCache

__all__ = ["CACHE_TTL_S", "RegistryClient", "Unavailable"]

log = logging.getLogger("assay.scraper.registry")

#: how long a registry's answer is reused by default, seconds
CACHE_TTL_S = 24 * 3600.0


class Unavailable(Exception):  # noqa: N818 (it is a state, not a programming error)
    """The registry gave no usable answer; the message is the reason ("rate-limited the lookup (429)", ...)."""


class RegistryClient:
    """One registry's HTTP lookups (see the module docstring). ``name``: how reasons name it ("CrossRef");
    ``timeout_s``: deadline of one request; ``ttl_s``: how long an answer is kept in ``cache`` (a process's
    own :class:`MemoryLookupCache` when None) and the oldest answer reused (0: none kept, none reused)."""

    def __init__(self, name: str, *, timeout_s: float = 10.0, ttl_s: float = CACHE_TTL_S,
                 cache: LookupCache | None = None, contact: str | None = None) -> None:
        self.name = name
        self.timeout_s = timeout_s
        self.ttl_s = ttl_s
        self.cache: LookupCache = cache if cache is not None else MemoryLookupCache()
        self.contact = contact
        self._client: httpx.AsyncClient | None = None
        self.requests = 0  # HTTP requests made (tests read it to see the cache work)

    async def aclose(self) -> None:
        """Close the HTTP client."""
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def cached(self, registry: str, key: str, url: str, params: dict[str, str] | None,
                     read: Callable[[httpx.Response], dict[str, Any] | None]) -> dict[str, Any] | None:
        """The answer for (``registry``, ``key``): cached, else read from ``GET url`` by ``read`` and kept.

        Raises:
            Unavailable: the registry could not be reached or gave no usable answer (the reason says which).
        """
        try:
            # an answer older than this client's TTL is not reused, whatever TTL it was kept under; TTL 0: none is
            hit = await asyncio.to_thread(self.cache.get, registry, key, self.ttl_s) if self.ttl_s > 0 else MISS
        except Exception:  # noqa: BLE001 (a cache that fails is a cache that misses)
            log.warning("lookup cache unreadable for %s %s", registry, key, exc_info=True)
            hit = MISS
        if hit is not MISS:
            return hit  # type: ignore[return-value]  # a dict or None
        if self._client is None:
            agent = "AssayBot/0.1 (https://github.com/assay; research tool" + (
                f"; mailto:{self.contact})" if self.contact else ")")
            self._client = httpx.AsyncClient(timeout=self.timeout_s, headers={"User-Agent": agent},
                                             follow_redirects=True)
        try:
            self.requests += 1
            resp = await self._client.get(url, params=params)
        except httpx.HTTPError as exc:
            raise Unavailable(f"{self.name} unavailable: {type(exc).__name__}: {str(exc)[:120]}") from exc
        if resp.status_code == 429:
            raise Unavailable(f"{self.name} rate-limited the lookup (429)")
        answer = read(resp)
        if self.ttl_s <= 0:
            return answer  # TTL 0: answers are never kept
        try:
            await asyncio.to_thread(self.cache.put, registry, key, answer, self.ttl_s)
        except Exception:  # noqa: BLE001 (not kept: the next lookup asks again)
            log.warning("could not keep %s's answer for %s", self.name, key, exc_info=True)
        return answer
