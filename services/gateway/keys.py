"""API keys, who may read which run, and the per-key rate limit.

A key is ``assay_`` followed by 43 URL-safe characters (256 random bits). Only its SHA-256 is stored
(``gateway_api_keys``, ``shared/db.py``): a key is shown once, when it is created (``assay keys create NAME``),
and cannot be recovered. A slow password hash is not needed: the key is random, not chosen by a person.

Every run started through the API is recorded with the key that started it (``gateway_runs``); a key reads only
its own runs. A gateway that allows requests without a key (``ASSAY_GATEWAY_ALLOW_ANONYMOUS``, the embedded
default on 127.0.0.1) serves them as the one local user (:data:`LOCAL`), who reads the runs started without a key
and the runs started outside the gateway (``assay run``, a NATS client).
"""

from __future__ import annotations

import hashlib
import math
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid4

import psycopg
from psycopg_pool import ConnectionPool

from shared.errors import StoreUnavailable

KEY_PREFIX = "assay_"


@dataclass(frozen=True)
class Principal:
    """Who is asking: an API key (``key_id``, ``name``) or the local user (``key_id`` None)."""

    key_id: UUID | None
    name: str

    @property
    def bucket(self) -> str:
        """The rate-limit bucket of this principal (the key id, or ``local``)."""
        return str(self.key_id) if self.key_id else "local"


#: the local user of a gateway that serves requests without a key
LOCAL = Principal(key_id=None, name="local")


def hash_key(key: str) -> str:
    """The stored form of ``key``: its SHA-256 as 64 hex digits."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def create_key(pool: ConnectionPool, name: str) -> tuple[Principal, str]:
    """Create an API key named ``name`` (1-100 printable characters, stripped).

    Returns: (the principal, the key): the key itself is returned only here and is never stored.
    Raises: ValueError for an empty, too long or unprintable name.
    """
    name = name.strip()
    if not name or len(name) > 100 or not name.isprintable():
        raise ValueError("a key name is 1-100 printable characters")
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    key_id = uuid4()
    with pool.connection() as conn:
        conn.execute("INSERT INTO gateway_api_keys (key_id, name, key_sha256) VALUES (%s, %s, %s)",
                     (key_id, name, hash_key(key)))
    return Principal(key_id=key_id, name=name), key


def lookup_key(pool: ConnectionPool, key: str) -> Principal | None:
    """The principal of ``key``, or None when it is unknown or revoked (compared by hash, in the database)."""
    if not key.startswith(KEY_PREFIX) or len(key) > 200:
        return None
    with pool.connection() as conn:
        row = conn.execute("SELECT key_id, name FROM gateway_api_keys WHERE key_sha256 = %s AND revoked_at IS NULL",
                           (hash_key(key),)).fetchone()
    return Principal(key_id=row[0], name=str(row[1])) if row else None


def list_keys(pool: ConnectionPool) -> list[dict[str, Any]]:
    """Every key (never the key itself): {key_id, name, created_at, revoked_at}, oldest first."""
    with pool.connection() as conn:
        rows = conn.execute("SELECT key_id, name, created_at, revoked_at FROM gateway_api_keys "
                            "ORDER BY created_at").fetchall()
    return [{"key_id": r[0], "name": r[1], "created_at": r[2], "revoked_at": r[3]} for r in rows]


def revoke_key(pool: ConnectionPool, key_id: UUID) -> bool:
    """Revoke key ``key_id`` (its runs stay stored, readable by nobody). Returns whether a live key was revoked."""
    with pool.connection() as conn:
        row = conn.execute("UPDATE gateway_api_keys SET revoked_at = now() WHERE key_id = %s AND revoked_at IS NULL "
                           "RETURNING key_id", (key_id,)).fetchone()
    return row is not None


def record_owner(pool: ConnectionPool, run_id: UUID, principal: Principal, request: dict[str, Any]) -> bool:
    """Record that ``principal`` started run ``run_id`` with ``request`` (the RunRequested body as JSON data).

    Returns: True when recorded now, False when the run id was already recorded (by anyone).
    """
    from psycopg.types.json import Jsonb

    with pool.connection() as conn:
        row = conn.execute("INSERT INTO gateway_runs (run_id, key_id, request) VALUES (%s, %s, %s) "
                           "ON CONFLICT (run_id) DO NOTHING RETURNING run_id",
                           (run_id, principal.key_id, Jsonb(request))).fetchone()
    return row is not None


def owner_of(pool: ConnectionPool, run_id: UUID) -> tuple[bool, UUID | None]:
    """(whether the gateway recorded who started run ``run_id``, that key id or None for the local user)."""
    with pool.connection() as conn:
        row = conn.execute("SELECT key_id FROM gateway_runs WHERE run_id = %s", (run_id,)).fetchone()
    return (True, row[0]) if row else (False, None)


def requested(pool: ConnectionPool, run_id: UUID) -> dict[str, Any] | None:
    """The RunRequested body (JSON data) the gateway sent for run ``run_id``, or None when it sent none."""
    with pool.connection() as conn:
        row = conn.execute("SELECT request FROM gateway_runs WHERE run_id = %s", (run_id,)).fetchone()
    return dict(row[0]) if row else None


def may_read(pool: ConnectionPool, principal: Principal, run_id: UUID) -> bool:
    """Whether ``principal`` may read run ``run_id``: a key reads the runs it started; the local user reads the
    runs started without a key and those started outside the gateway. (Whether the run exists is not checked.)"""
    recorded, key_id = owner_of(pool, run_id)
    if principal.key_id is None:
        return not recorded or key_id is None
    return recorded and key_id == principal.key_id


class RateLimiter:
    """A token bucket per principal: ``per_minute`` requests a minute on average, ``burst`` at once.

    In-process (each gateway process limits the requests it serves); thread-safe.
    """

    def __init__(self, per_minute: float, burst: int, *, clock: Any = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # bucket -> (tokens, at)
        self._lock = threading.Lock()

    def take(self, bucket: str) -> float:
        """Spend one request of ``bucket``. Returns 0.0 when allowed, else the seconds until one is (> 0)."""
        now = float(self._clock())
        with self._lock:
            tokens, at = self._buckets.get(bucket, (self.burst, now))
            tokens = min(self.burst, tokens + (now - at) * self.rate)
            if tokens >= 1.0:
                self._buckets[bucket] = (tokens - 1.0, now)
                return 0.0
            self._buckets[bucket] = (tokens, now)
            return (1.0 - tokens) / self.rate

    @staticmethod
    def retry_after(wait_s: float) -> str:
        """The ``Retry-After`` header value for a wait of ``wait_s`` seconds (whole seconds, at least 1)."""
        return str(max(1, math.ceil(wait_s)))


# ---- the rate limit shared by every gateway process (PostgreSQL) ----------------------------------------------
#: one statement spends (or refuses) one token of a bucket: refilled at ``rate`` tokens a second since its last
#: use up to ``burst``, by the database's clock, under the row's lock (concurrent requests queue on the row, so two
#: gateway processes never both spend the last token). ``allowed`` says whether this request got one.
_TAKE_SQL = """
INSERT INTO gateway_rate_buckets AS b (bucket, tokens, at, allowed)
VALUES (%(bucket)s, %(burst)s - 1, now(), true)
ON CONFLICT (bucket) DO UPDATE SET
    tokens = CASE WHEN LEAST(%(burst)s, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM now() - b.at)) * %(rate)s) >= 1
                  THEN LEAST(%(burst)s, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM now() - b.at)) * %(rate)s) - 1
                  ELSE LEAST(%(burst)s, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM now() - b.at)) * %(rate)s) END,
    allowed = LEAST(%(burst)s, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM now() - b.at)) * %(rate)s) >= 1,
    at = GREATEST(b.at, now())
RETURNING tokens, allowed
"""


class SharedRateLimiter(RateLimiter):
    """The same token bucket per principal as :class:`RateLimiter`, kept in PostgreSQL (``gateway_rate_buckets``)
    so that every gateway process on the database spends from one bucket per key: N gateways behind a load
    balancer still allow ``per_minute`` requests a minute and ``burst`` at once per key, not N times that.

    ``take`` is one statement on ``pool`` (blocking: call it from a thread in async code).
    Raises (from ``take``): StoreUnavailable when PostgreSQL cannot be reached."""

    def __init__(self, pool: ConnectionPool[Any], per_minute: float, burst: int) -> None:
        super().__init__(per_minute, burst)
        self._pool = pool

    def take(self, bucket: str) -> float:
        """Spend one request of ``bucket``. Returns 0.0 when allowed, else the seconds until one is (> 0)."""
        try:
            with self._pool.connection() as conn:
                row = conn.execute(_TAKE_SQL, {"bucket": bucket, "burst": self.burst, "rate": self.rate}).fetchone()
        except psycopg.OperationalError as exc:
            raise StoreUnavailable(f"rate limit: {exc.__class__.__name__}") from exc
        assert row is not None
        tokens, allowed = float(row[0]), bool(row[1])
        return 0.0 if allowed else max(1e-3, (1.0 - tokens) / self.rate)
