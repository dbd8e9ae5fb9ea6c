"""A cache of answers from metadata registries (CrossRef, PubMed, arXiv) that outlives the process.

The scraper asks a registry about a scholarly source's identifier; the answer (a JSON object, or ``None`` for
"the registry does not know it") is kept for ``ttl_s`` seconds so that another run, another worker or a new
process asking about the same identifier reads it from here instead of asking again. Failures (the registry
down, rate-limiting, an unreadable answer) are never cached: the next lookup asks again.

Two implementations of one interface (:class:`LookupCache`):

- :class:`MemoryLookupCache`: one process's dictionary (least recently used first out), for a process with no
  database (unit tests, a stand-alone client);
- :class:`PgLookupCache`: the ``registry_lookups`` table in PostgreSQL, keyed by (registry, identifier), with the
  time each answer expires (``expires_at``); an expired row is overwritten by the next answer.

Keys are the registry's name (``crossref``, ``pubmed``, ``pmc``, ``arxiv``) and the normalised identifier.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from typing import Any, Protocol

from psycopg_pool import ConnectionPool

__all__ = ["LOOKUP_SCHEMA", "LOOKUP_TABLES", "MISS", "LookupCache", "MemoryLookupCache", "PgLookupCache"]

LOOKUP_SCHEMA = """
CREATE TABLE IF NOT EXISTS registry_lookups (
    registry text NOT NULL,
    key text NOT NULL,
    answer jsonb,
    found boolean NOT NULL,
    fetched_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (registry, key)
);
"""
LOOKUP_TABLES = ("registry_lookups",)


class _Miss:
    """The answer of a cache that holds nothing (fresh) for a key."""

    def __repr__(self) -> str:
        return "MISS"


#: what :meth:`LookupCache.get` returns when it holds no fresh answer
MISS = _Miss()


class LookupCache(Protocol):
    """Where registry answers are kept (see the module docstring)."""

    def get(self, registry: str, key: str, max_age_s: float | None = None) -> dict[str, Any] | None | _Miss:
        """The fresh answer for ``key`` (a JSON object, or None: the registry does not know it), or
        :data:`MISS`; ``max_age_s``: an answer fetched longer ago than this (seconds; 0: any) is a miss too, so
        that a TTL lowered since (``registry_cache_ttl_s``) applies to answers kept under the old one."""

    def put(self, registry: str, key: str, answer: dict[str, Any] | None, ttl_s: float) -> None:
        """Keep ``answer`` for ``ttl_s`` seconds (replacing what was kept)."""


class MemoryLookupCache:
    """One process's :class:`LookupCache` (at most ``max_entries`` answers, least recently used first out)."""

    def __init__(self, max_entries: int = 4096) -> None:
        self.max_entries = max_entries
        # (registry, key) -> (expires at, fetched at: time.monotonic(), answer)
        self._entries: OrderedDict[tuple[str, str], tuple[float, float, dict[str, Any] | None]] = OrderedDict()

    def get(self, registry: str, key: str, max_age_s: float | None = None) -> dict[str, Any] | None | _Miss:
        """See :meth:`LookupCache.get`."""
        hit = self._entries.get((registry, key))
        now = time.monotonic()
        if hit is None or hit[0] <= now or (max_age_s is not None and now - hit[1] >= max_age_s):
            return MISS
        self._entries.move_to_end((registry, key))
        return hit[2]

    def put(self, registry: str, key: str, answer: dict[str, Any] | None, ttl_s: float) -> None:
        """See :meth:`LookupCache.put`."""
        now = time.monotonic()
        self._entries[(registry, key)] = (now + ttl_s, now, answer)
        self._entries.move_to_end((registry, key))
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)


class PgLookupCache:
    """The :class:`LookupCache` in PostgreSQL's ``registry_lookups`` (created by ``shared.db.migrate``); shared
    by every process on the database. Synchronous (call it from a thread in async code)."""

    def __init__(self, pool: ConnectionPool) -> None:
        self.pool = pool

    def get(self, registry: str, key: str, max_age_s: float | None = None) -> dict[str, Any] | None | _Miss:
        """See :meth:`LookupCache.get` (expired rows are a miss)."""
        with self.pool.connection() as conn:
            row = conn.execute("SELECT answer, found FROM registry_lookups WHERE registry = %s AND key = %s "
                               "AND expires_at > now() AND (%s::float8 IS NULL OR "
                               "fetched_at > now() - make_interval(secs => %s::float8))",
                               (registry, key, max_age_s, max_age_s)).fetchone()
        if row is None:
            return MISS
        answer, found = row
        return dict(answer) if found and isinstance(answer, dict) else None

    def put(self, registry: str, key: str, answer: dict[str, Any] | None, ttl_s: float) -> None:
        """See :meth:`LookupCache.put`."""
        with self.pool.connection() as conn:
            conn.execute(
                "INSERT INTO registry_lookups (registry, key, answer, found, fetched_at, expires_at) "
                "VALUES (%s, %s, %s, %s, now(), now() + make_interval(secs => %s)) ON CONFLICT (registry, key) "
                "DO UPDATE SET answer = EXCLUDED.answer, found = EXCLUDED.found, fetched_at = EXCLUDED.fetched_at, "
                "expires_at = EXCLUDED.expires_at",
                (registry, key, json.dumps(answer) if answer is not None else None, answer is not None,
                 float(ttl_s)))
            conn.commit()
