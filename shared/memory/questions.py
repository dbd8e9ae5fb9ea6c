"""The question cache: a question asked before is answered from the earlier run's report.

A past run answers a new question when it completed (status ``complete``) with a report, within
``MemorySettings.question_cache_ttl_s``, with the same request parameters (``same_request``: scope, depth, domain,
sources, verification, memory use, URLs, corpus, workspace), and its question is

- ``exact``: the same text once normalised (case, punctuation and spacing ignored), or
- ``similar``: near-identical by meaning: embedding cosine >= ``question_cache_similarity`` AND the two questions'
  index terms (stemmed, stopwords dropped: ``shared.memory.lexical``) overlap by Jaccard >= ``SIMILAR_TERMS``, so
  "Is coffee good for the heart?" never answers "Is coffee bad for the heart?" (one term in three differs).

The newest such run wins (an exact match before a similar one). Callers say that the answer is cached, from
which run and date, and offer ``--fresh`` to research again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import numpy as np
from psycopg_pool import ConnectionPool

from shared.memory import lexical
from shared.memory.embed import Embedder, EmbeddingUnavailable
from shared.memory.store import normalise

#: least Jaccard overlap of the two questions' index terms for a similar (not exact) match
SIMILAR_TERMS = 0.75
#: request fields that must be equal for a past run to answer (besides the question)
SAME_FIELDS = ("scope", "depth", "domain", "max_sources", "site_filter", "language", "verify_claims", "memory",
               "urls", "corpus", "workspace", "providers")
#: past runs compared at most (newest first)
CANDIDATES = 500


@dataclass(frozen=True, slots=True)
class CachedRun:
    """A past run that answers the question: ``match`` ``exact`` or ``similar``; ``similarity`` the questions'
    embedding cosine (1.0 for exact); ``question`` the past run's question; ``started_at`` when it ran."""

    run_id: UUID
    question: str
    started_at: datetime
    match: str
    similarity: float


def same_request(past: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    """True when two ``RunRequested`` payloads (as dicts) agree on every field of ``SAME_FIELDS`` (lists and tuples
    compare by items; a field missing on one side counts as None)."""
    def norm(v: Any) -> Any:
        return tuple(v) if isinstance(v, list | tuple) else v
    return all(norm(past.get(f)) == norm(new.get(f)) for f in SAME_FIELDS)


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def find_cached_run(pool: ConnectionPool, question: str, request: Mapping[str, Any], *,
                    request_of: Callable[[UUID], Mapping[str, Any] | None], embedder: Embedder | None,
                    min_similarity: float, ttl_s: float, now: datetime | None = None) -> CachedRun | None:
    """The newest past run that answers ``question`` asked with ``request`` (module docstring), or None.

    ``request_of(run_id)`` gives a past run's ``RunRequested`` fields (None when unknown); ``embedder`` None (or
    unreachable) allows exact matches only. ``ttl_s`` bounds the past run's age in seconds."""
    now = now or datetime.now(UTC)
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT run_id, question, started_at FROM rm_runs WHERE status = 'complete' AND report_sha256 IS NOT NULL "
            "AND scope = %s AND depth = %s AND started_at >= %s ORDER BY started_at DESC, run_id LIMIT %s",
            (request.get("scope"), request.get("depth"), now - timedelta(seconds=ttl_s), CANDIDATES)).fetchall()
    if not rows:
        return None
    key = normalise(question)
    for run_id, past_q, started in rows:
        if normalise(str(past_q)) == key:
            past = request_of(run_id)
            if past is not None and same_request(past, request):
                return CachedRun(run_id, str(past_q), started, "exact", 1.0)
    if embedder is None:
        return None
    want = set(lexical.terms(question))
    close = [r for r in rows if _jaccard(want, set(lexical.terms(str(r[1])))) >= SIMILAR_TERMS]
    if not close:
        return None
    try:
        vecs = embedder.embed([question] + [str(r[1]) for r in close])
    except EmbeddingUnavailable:
        return None
    sims = vecs[1:] @ vecs[0]
    for i in np.argsort(-sims, kind="stable"):
        if float(sims[i]) < min_similarity:
            break
        run_id, past_q, started = close[int(i)]
        past = request_of(run_id)
        if past is not None and same_request(past, request):
            return CachedRun(run_id, str(past_q), started, "similar", float(sims[i]))
    return None
