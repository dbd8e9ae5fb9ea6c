"""Verdict reuse: a claim verified recently against the same evidence text keeps its verdict.

The key (``reuse_key``) is the sha256 of the claim's normalised text (case-folded, punctuation and spacing
collapsed) and of the evidence texts it was judged on (normalised, in order). The indexer records each verdict
made in a run (not one reused) in ``rm_verdict_cache`` under its key, keeping the most recent; the verifier
looks the key up before verifying and reuses a verdict no older than the TTL
(``ASSAY_VERIFIER_REUSE_TTL_S``). Evidence that changed gives another key, so a stale verdict is never reused.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from psycopg import Connection
from psycopg_pool import ConnectionPool

from shared.memory.store import normalise

VERDICT_SCHEMA = """
CREATE TABLE IF NOT EXISTS rm_verdict_cache (
    reuse_key text PRIMARY KEY,
    run_id uuid NOT NULL,
    claim_id uuid NOT NULL,
    verdict text NOT NULL,
    stability double precision NOT NULL,
    support_score double precision NOT NULL,
    quotes jsonb NOT NULL,
    engine text NOT NULL,
    verified_at timestamptz NOT NULL
);
"""
VERDICT_TABLES = ("rm_verdict_cache",)


def reuse_key(claim: str, evidence: list[str]) -> str:
    """The reuse key of ``claim`` judged on the ``evidence`` texts (in retrieval order): hex sha256."""
    h = hashlib.sha256(normalise(claim).encode())
    for text in evidence:
        h.update(b"\x1e" + normalise(text).encode())
    return h.hexdigest()


@dataclass(frozen=True, slots=True)
class CachedVerdict:
    """A verdict made earlier: by run ``run_id`` at ``verified_at``; ``quotes`` the evidence texts its spans
    quoted (with their labels), so the reusing run can point at the same sentences in its own sources."""

    run_id: UUID
    verdict: str
    stability: float
    support_score: float
    quotes: tuple[tuple[str, str], ...]
    engine: str
    verified_at: datetime


def remember_verdict(conn: Connection[Any], key: str, *, run_id: UUID, claim_id: UUID, verdict: str,
                     stability: float, support_score: float, quotes: list[tuple[str, str]], engine: str,
                     verified_at: datetime) -> None:
    """Record a verdict under ``key`` (the most recent one wins, whatever order they are applied in)."""
    conn.execute(
        "INSERT INTO rm_verdict_cache (reuse_key, run_id, claim_id, verdict, stability, support_score, quotes, "
        "engine, verified_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (reuse_key) DO UPDATE SET "
        "run_id = EXCLUDED.run_id, claim_id = EXCLUDED.claim_id, verdict = EXCLUDED.verdict, "
        "stability = EXCLUDED.stability, support_score = EXCLUDED.support_score, quotes = EXCLUDED.quotes, "
        "engine = EXCLUDED.engine, verified_at = EXCLUDED.verified_at "
        "WHERE EXCLUDED.verified_at > rm_verdict_cache.verified_at",
        (key, str(run_id), str(claim_id), verdict, stability, support_score, json.dumps(quotes), engine,
         verified_at))


def find_verdict(pool: ConnectionPool, key: str, *, ttl_s: float, now: datetime,
                 exclude_run: UUID | None = None) -> CachedVerdict | None:
    """The verdict recorded under ``key`` no earlier than ``ttl_s`` seconds before ``now`` (and not by
    ``exclude_run``), or None. ``ttl_s`` <= 0: never reuse."""
    if ttl_s <= 0:
        return None
    with pool.connection() as conn:
        row = conn.execute(
            "SELECT run_id, verdict, stability, support_score, quotes, engine, verified_at FROM rm_verdict_cache "
            "WHERE reuse_key = %s AND verified_at >= %s AND run_id IS DISTINCT FROM %s",
            (key, now - timedelta(seconds=ttl_s), str(exclude_run) if exclude_run else None)).fetchone()
    if row is None:
        return None
    return CachedVerdict(row[0], str(row[1]), float(row[2]), float(row[3]),
                         tuple((str(q), str(lb)) for q, lb in row[4]), str(row[5]), row[6])
