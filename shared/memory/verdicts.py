"""Verdict reuse: a claim verified recently against the same evidence text keeps its verdict.

A verdict rests on its evidence spans (the sentences it quotes). Its reuse key (``reuse_key``) is
``<claim hash>.<evidence hash>``: the sha256 of the claim's normalised text (case-folded, punctuation and spacing
collapsed) and the sha256 of the normalised texts of those spans (as a set: order and repeats do not matter). A
verdict without spans (nothing supported or contradicted it) rests on every candidate sentence it was judged on,
so its evidence hash is over those. The indexer records each verdict made in a run (not one reused) in
``rm_verdict_cache`` under its key (the most recent wins). Before verifying, the verifier reads the claim's
earlier verdicts within the TTL (``ASSAY_VERIFIER_REUSE_TTL_S``), newest first, and reuses the first whose evidence
is still there, unchanged (:func:`still_holds`: every quoted sentence is among the claim's evidence candidates in
this run, by content hash; for a verdict without spans, the candidates are the same texts; an "unverified" verdict
without spans is never reused: no evidence settled it). A quoted sentence that
changed or left the sources changes the evidence hash: the claim is verified again, never given a stale verdict;
a sentence that did not change keeps its verdict, whatever else the run's sources hold (new sources beside them
do not change what the verdict rests on).

Keys written before this scheme (one sha256 over the claim and every candidate sentence, without a dot) have no
claim hash in the table and are never reused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
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
ALTER TABLE rm_verdict_cache ADD COLUMN IF NOT EXISTS claim_key text;
CREATE INDEX IF NOT EXISTS rm_verdict_cache_claim ON rm_verdict_cache (claim_key, verified_at);
"""
VERDICT_TABLES = ("rm_verdict_cache",)
#: earlier verdicts of one claim compared at most (newest first)
MAX_EARLIER = 20


def claim_key(claim: str) -> str:
    """The claim's part of a reuse key: hex sha256 of its normalised text."""
    return hashlib.sha256(normalise(claim).encode()).hexdigest()


def evidence_key(texts: Iterable[str]) -> str:
    """The evidence's part of a reuse key: hex sha256 of the distinct normalised ``texts``, sorted (their order and
    repeats do not matter; an empty text is left out)."""
    h = hashlib.sha256()
    for text in sorted({normalise(t) for t in texts} - {""}):
        h.update(text.encode() + b"\x1e")
    return h.hexdigest()


def reuse_key(claim: str, evidence: Iterable[str]) -> str:
    """The reuse key of a verdict on ``claim`` resting on the ``evidence`` texts (its spans' quotes; every
    candidate sentence for a verdict without spans): ``"<claim_key>.<evidence_key>"``."""
    return f"{claim_key(claim)}.{evidence_key(evidence)}"


def claim_of_key(key: str) -> str | None:
    """The claim hash of a reuse key, None for a key of the earlier scheme (no dot)."""
    head, dot, tail = key.partition(".")
    return head if dot and len(head) == 64 and len(tail) == 64 else None


@dataclass(frozen=True, slots=True)
class CachedVerdict:
    """A verdict made earlier: by run ``run_id`` at ``verified_at``; ``quotes`` the evidence texts its spans
    quoted (with their labels), so the reusing run can point at the same sentences in its own sources; ``key`` its
    reuse key (``""`` when not known)."""

    run_id: UUID
    verdict: str
    stability: float
    support_score: float
    quotes: tuple[tuple[str, str], ...]
    engine: str
    verified_at: datetime
    key: str = ""


def still_holds(claim: str, cached: CachedVerdict, candidates: Sequence[str]) -> bool:
    """Whether ``cached`` (a verdict on ``claim``) rests on evidence still found unchanged among ``candidates`` (this
    run's candidate sentences for the claim): every quoted text is one of them (normalised), or, for a verdict
    without quotes, the candidates are the texts it was judged on. Compared by content hash: the key the current
    evidence gives must be the cached verdict's key. An "unverified" verdict without quotes never holds: it rests on
    no evidence (nothing supported or contradicted the claim), so it settles nothing and carrying it forward would
    keep a claim an earlier engine failed to match unverified in every later run."""
    if cached.quotes:
        have = {normalise(c) for c in candidates}
        if not all(normalise(q) in have for q, _ in cached.quotes):
            return False
        return reuse_key(claim, [q for q, _ in cached.quotes]) == cached.key
    if cached.verdict == "unverified":
        return False  # no evidence found is nothing settled: the claim is judged again (maybe by a better engine)
    return bool(candidates) and reuse_key(claim, candidates) == cached.key


def pick_verdict(claim: str, earlier: Sequence[CachedVerdict], candidates: Sequence[str]) -> CachedVerdict | None:
    """The first of ``earlier`` (newest first) whose evidence still holds (:func:`still_holds`), or None."""
    return next((c for c in earlier if still_holds(claim, c, candidates)), None)


def remember_verdict(conn: Connection[Any], key: str, *, run_id: UUID, claim_id: UUID, verdict: str,
                     stability: float, support_score: float, quotes: list[tuple[str, str]], engine: str,
                     verified_at: datetime) -> None:
    """Record a verdict under ``key`` (the most recent one wins, whatever order they are applied in)."""
    conn.execute(
        "INSERT INTO rm_verdict_cache (reuse_key, claim_key, run_id, claim_id, verdict, stability, support_score, "
        "quotes, engine, verified_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (reuse_key) "
        "DO UPDATE SET claim_key = EXCLUDED.claim_key, run_id = EXCLUDED.run_id, claim_id = EXCLUDED.claim_id, "
        "verdict = EXCLUDED.verdict, stability = EXCLUDED.stability, support_score = EXCLUDED.support_score, "
        "quotes = EXCLUDED.quotes, engine = EXCLUDED.engine, verified_at = EXCLUDED.verified_at "
        "WHERE EXCLUDED.verified_at > rm_verdict_cache.verified_at",
        (key, claim_of_key(key), str(run_id), str(claim_id), verdict, stability, support_score, json.dumps(quotes),
         engine, verified_at))


def find_verdicts(pool: ConnectionPool, claim: str, *, ttl_s: float, now: datetime,
                  exclude_run: UUID | None = None, limit: int = MAX_EARLIER) -> list[CachedVerdict]:
    """The verdicts recorded on ``claim`` (by its normalised text) no earlier than ``ttl_s`` seconds before ``now``
    and not by ``exclude_run``, newest first, at most ``limit``. ``ttl_s`` <= 0: none (never reuse)."""
    if ttl_s <= 0:
        return []
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT run_id, verdict, stability, support_score, quotes, engine, verified_at, reuse_key "
            "FROM rm_verdict_cache WHERE claim_key = %s AND verified_at >= %s AND run_id IS DISTINCT FROM %s "
            "ORDER BY verified_at DESC, reuse_key LIMIT %s",
            (claim_key(claim), now - timedelta(seconds=ttl_s), str(exclude_run) if exclude_run else None,
             limit)).fetchall()
    return [CachedVerdict(r[0], str(r[1]), float(r[2]), float(r[3]), tuple((str(q), str(lb)) for q, lb in r[4]),
                          str(r[5]), r[6], str(r[7])) for r in rows]


def find_verdicts_many(pool: ConnectionPool, claims: Iterable[str], *, ttl_s: float, now: datetime,
                       exclude_run: UUID | None = None, limit: int = MAX_EARLIER) -> dict[str, list[CachedVerdict]]:
    """:func:`find_verdicts` for many claims in one query: claim key (:func:`claim_key`) -> its verdicts (newest
    first, at most ``limit``), for every distinct claim of ``claims`` (an empty list for a claim with none).
    ``ttl_s`` <= 0: none (never reuse)."""
    keys = sorted({claim_key(c) for c in claims})
    found: dict[str, list[CachedVerdict]] = {k: [] for k in keys}
    if ttl_s <= 0 or not keys:
        return found
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT claim_key, run_id, verdict, stability, support_score, quotes, engine, verified_at, reuse_key "
            "FROM (SELECT *, row_number() OVER (PARTITION BY claim_key ORDER BY verified_at DESC, reuse_key) AS nth "
            "FROM rm_verdict_cache WHERE claim_key = ANY(%s) AND verified_at >= %s "
            "AND run_id IS DISTINCT FROM %s) AS recent WHERE nth <= %s "
            "ORDER BY claim_key, verified_at DESC, reuse_key",
            (keys, now - timedelta(seconds=ttl_s), str(exclude_run) if exclude_run else None, limit)).fetchall()
    for r in rows:
        found[str(r[0])].append(CachedVerdict(r[1], str(r[2]), float(r[3]), float(r[4]),
                                              tuple((str(q), str(lb)) for q, lb in r[5]), str(r[6]), r[7],
                                              str(r[8])))
    return found
