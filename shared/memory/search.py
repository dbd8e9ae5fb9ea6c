"""``search_memory``: the one search of research memory, for the gatherer, ``assay search`` and the gateway.

Kinds: ``source`` (chunks of fetched pages, from ``rm_memory_*``: hybrid BM25 + vector ranking), ``claim`` and
``report`` (a run's claims with their verdicts and its reports, ranked by the same lexical and vector scores
computed over the ``rm_claims`` / ``rm_reports`` rows that match the words, or the most recent ones).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import numpy as np
from psycopg_pool import ConnectionPool

from shared.memory import lexical
from shared.memory.embed import Embedder, EmbeddingUnavailable, load_embedder
from shared.memory.store import KINDS, MemoryFilter, MemoryStore, _z, normalise
from shared.settings import MemorySettings

_WORD = re.compile(r"[^\W_]")
_SINCE = re.compile(r"^\s*(\d+)\s*([hdwmy])\s*$")
_UNITS = {"h": timedelta(hours=1), "d": timedelta(days=1), "w": timedelta(weeks=1), "m": timedelta(days=30),
          "y": timedelta(days=365)}


def parse_since(text: str, *, now: datetime | None = None) -> datetime:
    """``"7d"`` (hours ``h``, days ``d``, weeks ``w``, months ``m`` = 30 days, years ``y``) or an ISO date/time
    -> the UTC moment that far back. Raises: ValueError naming the accepted forms."""
    now = now or datetime.now(UTC)
    m = _SINCE.match(text)
    if m:
        return now - int(m.group(1)) * _UNITS[m.group(2)]
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"--since {text!r}: give an age like 12h, 7d, 2w, 6m, 1y or an ISO date like "
                         "2026-01-31") from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def searchable(text: str) -> bool:
    """Whether ``text`` holds a word to search for: a letter or a digit in any script (``"?!..."`` does not)."""
    return _WORD.search(text) is not None


def memory_store(pool: ConnectionPool, settings: MemorySettings | None = None, *,
                 opensearch_url: str | None = None) -> MemoryStore:
    """A ``MemoryStore`` with the configured embedder (WordLlama unless ``embed_model`` is set); with
    ``opensearch_url`` (``ASSAY_OPENSEARCH_URL``) a ``ProjectedMemory`` that also writes to and searches
    OpenSearch (``shared.memory.opensearch``)."""
    cfg = settings or MemorySettings(_env_file=None)
    key = cfg.embed_api_key.get_secret_value() if cfg.embed_api_key else None
    embedder = load_embedder(cfg.embed_model, api_base=cfg.embed_api_base, api_key=key)
    if opensearch_url:
        from shared.memory.opensearch import OpenSearchMemory, ProjectedMemory

        return ProjectedMemory(pool, embedder, OpenSearchMemory.connect(opensearch_url, embedder))
    return MemoryStore(pool, embedder)


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One result of :func:`search_memory`.

    ``kind`` source | claim | report; ``text`` the stored text (a chunk, a claim, a report's question and
    opening); ``url`` and ``title`` where it came from (a report: its question); ``run_id`` the run that found
    it first; ``when`` its first fetch time (source) or that run's start (claim, report); ``published`` the page's publication
    date when known; ``verdict`` a claim's verdict (None otherwise); ``score`` the fused score, best first;
    ``id`` the source id (source), claim id (claim) or run id (report) as text, '' when unknown; ``runs`` every run
    the same text came from (identical texts are one hit: a sentence four runs found is listed once, with its four
    runs; ``run_id`` and ``when`` are the earliest one's, as a source's are its first fetch's), earliest first."""

    kind: str
    text: str
    url: str
    title: str
    run_id: UUID | None
    when: datetime | None
    published: datetime | None
    verdict: str | None
    score: float
    id: str = ""
    runs: tuple[UUID, ...] = ()


@dataclass(frozen=True, slots=True)
class SearchResults:
    """Hits best first; ``mode`` hybrid or lexical; ``fallback_reason`` why vectors were not used ('' if they
    were)."""

    hits: tuple[SearchHit, ...]
    mode: str
    fallback_reason: str


def search_memory(pool: ConnectionPool, text: str, *, kind: str | None = None, since: datetime | None = None,
                  run_id: UUID | None = None, limit: int = 10, embedder: Embedder | None = None,
                  settings: MemorySettings | None = None) -> SearchResults:
    """Search research memory: past pages (``source``), claims (``claim``) and reports (``report``), all kinds
    when ``kind`` is None, ranked by the hybrid contract (BM25 fused with embedding cosine; see
    ``shared.memory.store``). ``since``: only what was fetched or run at or after it; ``run_id``: only that
    run's; ``limit`` 1-1000 hits in all. ``embedder``: defaults to the configured one (``settings``); when it is
    unreachable the ranking is lexical and ``fallback_reason`` says why.

    Raises: ValueError for an empty ``text`` or one without a word to search for (no letter or digit, e.g.
    ``"?!..."``), an unknown ``kind`` or a ``limit`` out of range."""
    if not text.strip():
        raise ValueError("empty search text")
    if not searchable(text):
        raise ValueError(f"search text {text.strip()[:40]!r} has no words to search for (no letters or digits)")
    if kind is not None and kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if not 1 <= limit <= 1000:
        raise ValueError(f"limit must be 1-1000, got {limit}")
    store = MemoryStore(pool, embedder) if embedder is not None else memory_store(pool, settings)
    hits: list[SearchHit] = []
    mode, reason = "hybrid", ""
    if kind in (None, "source"):
        res = store.search(text, limit=limit, filters=MemoryFilter(kind="source", run_id=run_id, since=since))
        mode, reason = res.mode, res.fallback_reason
        for h in res.hits:
            p = h.provenance[0] if h.provenance else None
            seen_in = tuple(dict.fromkeys(q.run_id for q in h.provenance if q.run_id is not None))
            hits.append(SearchHit("source", h.text, p.url if p else "", p.title if p else "",
                                  p.run_id if p else None, p.fetched_at if p else None,
                                  p.published_at if p else None, None, h.score, str(p.source_id) if p else "",
                                  seen_in))
    qvec: np.ndarray[Any, Any] | None = None
    if kind in (None, "claim", "report"):
        if store.embedder is not None and not reason:
            try:
                qvec = store.embedder.embed([text])[0]
            except EmbeddingUnavailable as exc:
                mode, reason = "lexical", str(exc)
        elif store.embedder is None:
            mode, reason = "lexical", "no embedding model in this process"
        for k in ("claim", "report"):
            if kind in (None, k):
                hits.extend(_rows(pool, store, k, text, qvec, since, run_id, limit))
    if kind is None:  # ties in a stable order: by kind, then id (a rebuilt projection ranks as the live one)
        hits.sort(key=lambda h: (-round(h.score, 9), h.kind, h.id))
    return SearchResults(tuple(hits[:limit]), "lexical" if reason else mode, reason)


def _rows(pool: ConnectionPool, store: MemoryStore, kind: str, text: str, qvec: np.ndarray[Any, Any] | None,
          since: datetime | None, run_id: UUID | None, limit: int) -> list[SearchHit]:
    """Claims or reports matching any of the words (full text, OR), ranked by fused ts_rank and cosine."""
    words = " OR ".join(w for w in re.findall(r"[^\W_]+", text) if len(w) > 1) or text
    q = "websearch_to_tsquery('english', %(q)s)"
    if kind == "claim":
        sql = (f"SELECT c.text, coalesce(s.final_url, s.url, ''), coalesce(s.title, ''), c.run_id, r.started_at, "
               f"c.verdict, ts_rank_cd(c.tsv, {q}), c.claim_id::text FROM rm_claims c JOIN rm_runs r ON r.run_id = c.run_id "
               f"LEFT JOIN rm_sources s ON s.source_id = c.source_id WHERE c.tsv @@ {q}")
    else:
        sql = (f"SELECT left(p.markdown, 600), '', p.question, p.run_id, r.started_at, NULL, ts_rank_cd(p.tsv, {q}), "
               "p.run_id::text "
               f"FROM rm_reports p JOIN rm_runs r ON r.run_id = p.run_id WHERE p.tsv @@ {q}")
    if since is not None:
        sql += " AND r.started_at >= %(since)s"
    if run_id is not None:
        sql += " AND r.run_id = %(run)s"
    sql += " ORDER BY 7 DESC, 8 LIMIT %(n)s"  # ties by id: the same candidates live and after a rebuild
    with pool.connection() as conn:
        rows = conn.execute(sql, {"q": words, "since": since, "run": str(run_id) if run_id else None,
                                  "n": max(limit * 5, 50)}).fetchall()
    if not rows:
        return []
    lex = np.array([float(r[6]) for r in rows])
    fused = _z(lex)
    if qvec is not None and store.embedder is not None and np.any(qvec):
        try:
            vecs = store.embedder.embed([f"{r[2]} {r[0]}" if kind == "report" else str(r[0]) for r in rows])
            from shared.memory.store import VECTOR_WEIGHT

            fused = fused + VECTOR_WEIGHT * _z(vecs @ qvec)
        except EmbeddingUnavailable:
            pass
    order = sorted(range(len(rows)), key=lambda i: (-round(float(fused[i]), 9), str(rows[i][7])))
    best: dict[str, int] = {}  # normalised text -> its best row (in rank order); the others only add their runs
    runs: dict[str, dict[UUID, datetime]] = {}
    for i in order:
        key = normalise(str(rows[i][0]))
        best.setdefault(key, i)
        if rows[i][3] is not None:
            runs.setdefault(key, {}).setdefault(rows[i][3], rows[i][4])
    kept = list(best.items())[:limit]

    def earliest(key: str) -> tuple[UUID, ...]:
        return tuple(sorted(runs.get(key, {}), key=lambda r: (runs[key][r], str(r))))

    def first(key: str, i: int) -> tuple[UUID | None, datetime | None]:
        """The run that first saw the text and when it started (a text several runs found is dated by the
        earliest, as a source is by its first fetch); the row's own run when none is known."""
        seen = earliest(key)
        return (seen[0], runs[key][seen[0]]) if seen else (rows[i][3], rows[i][4])

    return [SearchHit(kind, str(rows[i][0]), str(rows[i][1]), str(rows[i][2]), *first(key, i), None,
                      rows[i][5], float(fused[i]), str(rows[i][7]), earliest(key)) for key, i in kept]


def snippet(text: str, query: str, *, width: int = 240) -> str:
    """Up to about ``width`` characters of ``text`` around its first word matching ``query`` (same stem), every
    matching word within it between « and » (the gateway's search snippets)."""
    from shared.memory.lexical import terms

    wanted = set(terms(query))
    words = list(re.finditer(r"[^\W_]+(?:['’][^\W_]+)*", text))
    hits = [m for m in words if set(terms(m.group(0))) & wanted]
    start = max(0, hits[0].start() - width // 3) if hits else 0
    end = min(len(text), start + width)
    out, pos = [], start
    for m in hits:
        if m.start() < start or m.end() > end:
            continue
        out += [text[pos:m.start()], "«", m.group(0), "»"]
        pos = m.end()
    out.append(text[pos:end])
    return ("…" if start > 0 else "") + "".join(out).strip() + ("…" if end < len(text) else "")



def newest_versions(pool: ConnectionPool, items: list[tuple[str, str, list[tuple[str, datetime]]]],
                    *, min_overlap: float = 0.5) -> dict[str, tuple[str, str] | None]:
    """Memory keeps the newest fetch of a page: for each remembered text ``(chunk key, text, web sightings as
    (url, fetched_at))``, None when one of its sightings is its page's newest fetch (the text is current), else
    ``(chunk key, text)`` of the newest fetch's text most like it (token-set Jaccard >= ``min_overlap``: the same
    passage as the page reads now), or ``("", "")`` when the newest fetch has none like it. Pages are compared by
    ``shared.urls.page_key`` (two spellings of one address are one page). A text never seen on the web is current."""
    from shared.memory.store import _jaccard
    from shared.urls import page_key

    urls = sorted({u for _k, _t, seen in items for u, _at in seen})
    if not urls:
        return {key: None for key, _t, _s in items}
    with pool.connection() as conn:
        rows = conn.execute("SELECT url, max(fetched_at) FROM rm_memory_provenance WHERE url = ANY(%s) "
                            "AND origin = 'web' GROUP BY url", (urls,)).fetchall()
        newest: dict[str, tuple[datetime, set[str]]] = {}
        for url, at in rows:
            page = page_key(str(url))
            if page not in newest or at > newest[page][0]:
                newest[page] = (at, {str(url)})
            elif at == newest[page][0]:
                newest[page][1].add(str(url))
        out: dict[str, tuple[str, str] | None] = {}
        for key, text, seen in items:
            pages = {page_key(u) for u, _at in seen}
            if not seen or any(at >= newest.get(page_key(u), (at, set()))[0] for u, at in seen):
                out[key] = None
                continue
            now = [newest[p] for p in pages if p in newest]
            fresh = conn.execute(
                "SELECT DISTINCT c.chunk_key, c.text FROM rm_memory_provenance p JOIN rm_memory_chunks c "
                "ON c.chunk_key = p.chunk_key WHERE p.origin = 'web' AND p.url = ANY(%s) AND p.fetched_at = ANY(%s) "
                "ORDER BY c.chunk_key",
                ([u for _at, us in now for u in us], [at for at, _us in now])).fetchall()
            words = set(lexical.terms(text))
            scored = [(_jaccard(words, set(lexical.terms(str(t)))), str(k), str(t)) for k, t in fresh]
            best = max(scored, default=(0.0, "", ""))
            out[key] = (best[1], best[2]) if best[0] >= min_overlap else ("", "")
    return out
