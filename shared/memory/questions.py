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

import re
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


# ---- closeness of two questions (the chat's memory answers and the question cache's close matches) -------------
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
#: least embedding cosine of two questions that may be close (the paraphrase set of tests/unit/test_question_close.py:
#: rewordings 0.80-0.95 with WordLlama, different questions on the same words down to 0.38)
MIN_QUESTION_COSINE = 0.8
#: least share of the new question's index terms found in the past question and its report
MIN_REPORT_COVERAGE = 0.75


def names(question: str) -> list[str]:
    """The words of ``question`` that name something: capitalised words other than the first, words with a digit,
    and acronyms (2+ capitals), as index terms (``lexical.terms``), in order, without repeats."""
    out: list[str] = []
    for i, m in enumerate(_WORD.finditer(question)):
        w = m.group(0)
        if (i > 0 and w[0].isupper()) or any(c.isdigit() for c in w) or (len(w) > 1 and w.isupper()):
            out.extend(t for t in lexical.terms(w.replace("’s", "").replace("'s", "")) if t not in out)
    return out


@dataclass(frozen=True, slots=True)
class Closeness:
    """How close a past question is to a new one: ``close`` whether the past run may answer (every rule below
    held); ``cosine`` the questions' embedding cosine (0.0 when no embedder answered); ``coverage`` the share of the
    new question's terms found in the past question (and its report, when given); ``missing_names`` names of
    either question the other does not have; ``why`` one line saying which rule failed ('' when close)."""

    close: bool
    cosine: float
    coverage: float
    missing_names: tuple[str, ...]
    why: str


def closeness(question: str, past: str, embedder: Embedder | None, *, report: str | None = None) -> Closeness:
    """Whether ``past`` (a past run's question; ``report`` its report text when known) is close enough in meaning
    to ``question`` that the past run answers it. Close means all of:

    - the names (:func:`names`) of each question are among the other's terms, so "How tall is K2?" is never
      answered by a run on Everest, nor "in 2020" by "in 1990";
    - the embedding cosine of the two questions is at least :data:`MIN_QUESTION_COSINE` (a reworded question keeps
      its meaning: "Who is the author of Middlemarch?" ~ "Who wrote the novel Middlemarch?");
    - with ``report``: at least :data:`MIN_REPORT_COVERAGE` of the new question's terms are in the past question
      or its report (the report speaks of what is asked).

    ``embedder`` None or unreachable: never close (meaning cannot be compared), except the same text."""
    q_terms, p_terms = set(lexical.terms(question)), set(lexical.terms(past))
    if normalise(question) == normalise(past):
        return Closeness(True, 1.0, 1.0, (), "")
    missing = tuple([n for n in names(question) if n not in p_terms] + [n for n in names(past) if n not in q_terms])
    seen = p_terms | (set(lexical.terms(report)) if report else set())
    cov = len(q_terms & seen) / len(q_terms) if q_terms else 0.0
    cos = 0.0
    if embedder is not None:
        try:
            vecs = embedder.embed([question, past])
            cos = float(vecs[0] @ vecs[1])
        except EmbeddingUnavailable:
            cos = 0.0
    if missing:
        why = f"names not shared: {', '.join(missing)}"
    elif embedder is None or cos == 0.0:
        why = "no embedding model answered (only the same question is recognised)"
    elif cos < MIN_QUESTION_COSINE:
        why = f"embedding cosine {cos:.2f} < {MIN_QUESTION_COSINE}"
    elif report is not None and cov < MIN_REPORT_COVERAGE:
        why = f"the past question and report hold {cov:.0%} of the question's terms (< {MIN_REPORT_COVERAGE:.0%})"
    else:
        why = ""
    return Closeness(not why, cos, cov, missing, why)
