"""``MemoryStore``: research memory in PostgreSQL, searched by BM25 and pgvector, fused.

Tables (read models: ``assay projections rebuild`` drops and rebuilds them from the event log):

- ``rm_memory_chunks``: one row per distinct text (``chunk_key`` = sha256 of the text normalised: case-folded,
  punctuation and spacing removed, so the same passage on three sites is one row), with its kind (``source``: a
  fetched page's chunk), its term count, its embedding (``vector(256)``, HNSW index, cosine) and the model that
  made it (NULL model: not embedded yet, e.g. the embedding model was unreachable; ``reembed_missing`` fills
  them in; a model with a NULL vector: the text had no word the model knows).
- ``rm_memory_terms``: BM25 postings (term, chunk, term frequency, chunk length), written once per new chunk.
- ``rm_memory_provenance``: where each chunk was seen: run, source, URL, title, fetch time, publication date.
- ``rm_memory_stats``: chunk count and total length (BM25's N and average length).

- ``rm_memory_df``: each term's document frequency (BM25's idf without counting postings at query time).

Search (``search``): the query's BM25 top ``candidates`` (Lucene BM25, k1 1.2, b 0.75; "Lexical top k" below) and
its vector top ``candidates`` (HNSW) are united; each candidate's BM25 score and cosine are
standardised over the candidates (z-scores) and fused as ``z(bm25) + VECTOR_WEIGHT * z(cosine)``. The weight 0.7
was chosen on SciFact train claims (recall@3 0.887, @10 0.964 there; BM25 alone 0.858 / 0.944). A hit whose
words mostly repeat a better hit's (token-set Jaccard >= ``NEAR_DUPLICATE_JACCARD``) is dropped. With no
embedding (model unreachable) the ranking is BM25 alone and the result says why.

Tried on SciFact train claims beside the defaults, none better than about +-0.01 there (the noise of ~500 claims),
so none was adopted (dev stays recall@3 0.865, @10 0.945 against targets 0.88 / 0.96; train is 0.889 / 0.964): BM25
k1 0.9-2.0 and b 0.4-0.75; the title counted twice; RM3 pseudo-relevance feedback (3-10 documents, 10-20 terms,
original-query weight 0.5-0.85: 0.876-0.886 / 0.964-0.966); Rocchio feedback on the query vector (0.874-0.883);
vector weights 0.5-1.1; and, as extra fused z-scores, the best sentence's cosine and BM25 (best 0.892 / 0.963), a
title-only BM25 (0.897 / 0.963 at the cost of recall@10 elsewhere) and the share of the query's idf a text covers.
Also tried, on SciFact train then dev once (``python -m tests.tools.tune_memory_rerank``; dev 0.865 / 0.945 for the
fusion on the same candidates): a learned re-ranker over the fused candidates (``tests/tools/memory_rerank.py``:
pairwise logistic regression over 11 per-text features: BM25, cosine, the best sentence's BM25 and cosine, the
lead sentence's BM25, idf coverage of the text and of its best sentence, query word pairs in order, numbers, a
soft token match of WordLlama token vectors, length), 5-fold CV on train 0.910 / 0.970, dev 0.873 / 0.943, not
adopted; fitted also on the train claims without evidence (cited abstracts as relevant): CV 0.905 / 0.961;
with pairwise products of the features: CV 0.890-0.900 / 0.963; SIF-weighted pooling of WordLlama's token
vectors (a / (a + p(token)), p from the corpus): fused 0.876-0.888 / 0.948-0.961 (plain pooling 0.889 / 0.964).
Biomedical tokenisation, on SciFact train (fused / BM25 alone; the terms now: 0.889 / 0.964, 0.857 / 0.942): single
digits kept as terms ("IL-6" gives "6") 0.888 / 0.964, 0.854 / 0.942; Greek letters spelled out (alpha for α) 0.889 /
0.964, 0.857 / 0.942; hyphenated and slashed compounds also indexed joined ("il6") 0.886 / 0.964, 0.857 / 0.938;
single letters kept 0.886 / 0.964, 0.855 / 0.942; the first three together 0.889 / 0.962, all four 0.885 / 0.963.
A Dirichlet language-model score (mu 300-1000) fused as a third z-score (weights 0.5-1.0): 0.880-0.887 /
0.958-0.963. None adopted. Query-vector cleaning, all-but-the-top vector post-processing, sentence- and
title-weighted document vectors, learned claim-word down-weighting and feedback from the fused top k: train
0.870-0.896 / 0.956-0.968, none better on both (``tests/tools/tune_memory_lexical``'s docstring).
Also tried in process (``python -m tests.tools.tune_memory_lexical``; every figure in its docstring), none raising
dev: Porter instead of Snowball stemming; abbreviations read from the texts' own "long form (SF)" definitions, the
long form's terms counted at each later SF of the text (train 0.900 / 0.969, dev 0.860 / 0.946), or a query's SF
expanded by the corpus's definitions, or the long forms added to the embedded text too; BM25F with the title as a
field of its own; a query word no text has replaced by the closest known word (train unchanged, dev 0.871 / 0.945,
BM25 alone on dev @3 0.846 -> 0.841); word pairs indexed; min-max, weighted reciprocal-rank and cluster-regularised
fusion. Cross-validated on train then read once on dev (``python -m tests.tools.tune_memory_cv``; figures in
``tune_memory_lexical``'s docstring), none raising dev at both @3 and @10: BM25+ and BM25L saturation with a k1 / b
grid, query words with digits or capitals weighted up, the best title-or-sentence-window BM25 added to the
abstract's, several query formulations (unstemmed, Porter, RM3) fused, a query-adaptive cosine weight, idf powers.

Lexical top k (score only rare-term candidates): summing every posting of every query term costs as many rows as
the common terms have (a word like "cell" is in a quarter of 100,000 chunks). Instead the query's rarest terms, up
to ``RARE_POSTINGS`` postings in all, are scored over their whole lists in SQL; the ``RESCORE`` best chunks by
that partial score are the candidates, and the commoner terms' exact contributions are added to them by
primary-key probes (term, chunk). Scores are exact BM25; only the candidate set is pruned: a chunk with none of
the rare terms is left out, which its low-idf words rarely regret. On 97,799 SciFact sentence windows the pruned
top 10 had the same scores as the exhaustive one for 72 of 80 dev claims (top 50: 88% the same chunks), at a
fifth of the time; search p95 54 ms at 97,799 chunks (make bench), was 1,691 ms.

Latency: the primary key of ``rm_memory_terms`` covers ``tf`` and ``dl`` (``INCLUDE``), so a term's postings are an
index-only scan of adjacent leaf pages; before, each posting was a heap tuple on its own page (postings are written
chunk by chunk, so one term's rows are spread over the whole table): scoring the rare terms of a SciFact claim at
97,799 chunks read about 2,900 heap pages. A search is two round trips: one statement finds the candidates with
both scores (the query terms' weights from ``rm_memory_df``; the lexical top ``candidates``: rare-term scores, the
commoner terms added by primary-key probes; the vector top ``candidates`` by HNSW; the cosine of a lexical-only
candidate and the exact BM25 of a vector-only one by probes), and one pipelined batch reads the hits' texts and
sightings (ending the transaction is a third). Measured at 97,799 chunks (the scale benchmark's windows, 188 SciFact
dev claims, 10 hits; load 16-18 on 2 shared cores, so only the ratios mean much): p50 / p95 220 / 463 ms before;
123 / 277 ms with the covering key and the former seven round trips; 92 / 194 ms with both (the same top 10 for every
claim; the last two measured interleaved in one run); at load 3: 33 / 95 ms before, 15 / 45 ms with the covering key
only, 10 / 22 ms with both. The scale benchmark (a fresh memory, searched right after indexing, load falling from 14
to 3) gave p50 27 ms / p95 78 ms at 97,799 chunks (was 56 / 122 ms at load 1.6-4).
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal
from uuid import UUID

import numpy as np
from psycopg import Connection
from psycopg_pool import ConnectionPool

from shared.memory import lexical
from shared.memory.embed import EMBED_DIMS, Embedder, EmbeddingUnavailable

log = logging.getLogger("assay.memory")
#: embedding models whose search has checked memory for other models' vectors (once per process and model)
_NOTED_MODELS: set[str] = set()
_NOTED_LOCK = threading.Lock()

#: weight of the standardised cosine against the standardised BM25 score (tuned on SciFact train claims)
VECTOR_WEIGHT = 0.7
#: candidates taken from each side (BM25, vectors) before fusion (50 on SciFact train claims: recall@3 0.889, @10
#: 0.964, as good as 100 (0.882, 0.964) or 200 (0.885, 0.964), at half the vector search)
CANDIDATES = 50
NEAR_DUPLICATE_JACCARD = 0.8
#: the query's rarest terms are scored over whole posting lists up to this many postings in all
RARE_POSTINGS = 6000
#: chunks (best by the rare terms) to which the commoner terms' scores are added
RESCORE = 400
Kind = str  # "source" | "claim" | "report"
SearchMode = Literal["hybrid", "lexical", "vector"]
KINDS: tuple[str, ...] = ("source", "claim", "report")

MEMORY_SCHEMA = f"""
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE IF NOT EXISTS rm_memory_chunks (
    chunk_key text PRIMARY KEY,
    kind text NOT NULL,
    text text NOT NULL,
    length int NOT NULL,
    embed_model text,
    embedding vector({EMBED_DIMS})
);
CREATE INDEX IF NOT EXISTS rm_memory_chunks_hnsw ON rm_memory_chunks USING hnsw (embedding vector_cosine_ops);
CREATE INDEX IF NOT EXISTS rm_memory_chunks_model ON rm_memory_chunks (embed_model);
CREATE TABLE IF NOT EXISTS rm_memory_terms (
    term text NOT NULL,
    chunk_key text NOT NULL,
    tf int NOT NULL,
    dl int NOT NULL,
    PRIMARY KEY (term, chunk_key) INCLUDE (tf, dl)
);
-- the primary key covers tf and dl: a term's postings are read from adjacent index pages (an index-only scan), never
-- from heap pages scattered over the whole table (tables made before: the key is rebuilt once)
DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = 'rm_memory_terms_pkey'::regclass AND indnatts = 2) THEN
        ALTER TABLE rm_memory_terms DROP CONSTRAINT rm_memory_terms_pkey,
            ADD PRIMARY KEY (term, chunk_key) INCLUDE (tf, dl);
    END IF;
END $$;
CREATE TABLE IF NOT EXISTS rm_memory_df (
    term text PRIMARY KEY,
    df int NOT NULL
);
INSERT INTO rm_memory_df (term, df) SELECT term, count(*) FROM rm_memory_terms
    WHERE NOT EXISTS (SELECT 1 FROM rm_memory_df) GROUP BY term;
CREATE TABLE IF NOT EXISTS rm_memory_provenance (
    chunk_key text NOT NULL,
    source_id uuid NOT NULL,
    ord int NOT NULL,
    run_id uuid,
    url text NOT NULL,
    title text NOT NULL DEFAULT '',
    fetched_at timestamptz NOT NULL,
    published_at timestamptz,
    PRIMARY KEY (chunk_key, source_id, ord)
);
-- origin: 'web' (a fetched web page) or 'local' (a local corpus document, read by a run from its corpus); rows
-- written before the column existed are told apart by their source's address in rm_sources (doc:<sha256>)
ALTER TABLE rm_memory_provenance ADD COLUMN IF NOT EXISTS origin text;
UPDATE rm_memory_provenance p SET origin = CASE WHEN EXISTS (SELECT 1 FROM rm_sources s
    WHERE s.source_id = p.source_id AND (s.url LIKE 'doc:%%' OR s.via = 'local')) THEN 'local' ELSE 'web' END
    WHERE p.origin IS NULL;
ALTER TABLE rm_memory_provenance ALTER COLUMN origin SET DEFAULT 'web';
ALTER TABLE rm_memory_provenance ALTER COLUMN origin SET NOT NULL;
CREATE INDEX IF NOT EXISTS rm_memory_provenance_run ON rm_memory_provenance (run_id);
CREATE INDEX IF NOT EXISTS rm_memory_provenance_fetched ON rm_memory_provenance (fetched_at);
CREATE TABLE IF NOT EXISTS rm_memory_stats (
    name text PRIMARY KEY,
    chunks bigint NOT NULL,
    total_length bigint NOT NULL
);
"""
MEMORY_TABLES = ("rm_memory_chunks", "rm_memory_terms", "rm_memory_df", "rm_memory_provenance",
                 "rm_memory_stats")

_PUNCT = re.compile(r"[\W_]+", re.UNICODE)


def normalise(text: str) -> str:
    """``text`` case-folded (NFKC), punctuation and spacing collapsed to single spaces (the duplicate key's
    input)."""
    return _PUNCT.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def chunk_key(kind: str, text: str) -> str:
    """The key of a memory item: sha256 of its kind and normalised text (hex)."""
    return hashlib.sha256(f"{kind}\n{normalise(text)}".encode()).hexdigest()


def _vector_literal(vec: np.ndarray[Any, Any]) -> str:
    return "[" + ",".join(f"{float(x):.6g}" for x in vec) + "]"


@dataclass(frozen=True, slots=True)
class MemoryChunk:
    """One text to remember and where it was seen. ``source_id`` + ``ord`` identify the sighting (a page's
    n-th chunk); ``fetched_at`` is when the page was fetched, ``published_at`` its publication date if known."""

    text: str
    source_id: UUID
    ord: int
    url: str
    fetched_at: datetime
    run_id: UUID | None = None
    title: str = ""
    published_at: datetime | None = None
    kind: Kind = "source"
    #: ``web`` (a fetched web page) or ``local`` (a local corpus document): memory offers runs web pages only
    origin: str = "web"


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a remembered text was seen (one row of ``rm_memory_provenance``); ``origin`` ``web`` (a fetched web
    page) or ``local`` (a local corpus document, whose ``url`` is the document's path or recorded address)."""

    source_id: UUID
    run_id: UUID | None
    url: str
    title: str
    fetched_at: datetime
    published_at: datetime | None
    origin: str = "web"


@dataclass(frozen=True, slots=True)
class MemoryHit:
    """One search result: the stored text, its fused ``score`` (higher is better; a sum of z-scores, so it can
    be negative), its ``bm25`` score and ``cosine`` (None without a vector), and every sighting, earliest
    fetch first (``provenance[0]`` is the one to cite)."""

    chunk_key: str
    kind: Kind
    text: str
    score: float
    bm25: float
    cosine: float | None
    provenance: tuple[Provenance, ...]


@dataclass(frozen=True, slots=True)
class MemorySearchResult:
    """Hits best first; ``mode`` ``hybrid`` or ``lexical``; ``fallback_reason`` says why vectors were not used
    (empty when they were)."""

    hits: tuple[MemoryHit, ...]
    mode: str
    fallback_reason: str = ""


@dataclass(frozen=True, slots=True)
class MemoryFilter:
    """Restrictions of a search: only items of ``kind``, seen in run ``run_id``, fetched at or after
    ``since``, or not from runs in ``exclude_runs``, seen as ``origin`` (``web`` or ``local``); the sighting
    restrictions hold for one and the same sighting."""

    kind: Kind | None = None
    run_id: UUID | None = None
    since: datetime | None = None
    exclude_runs: tuple[UUID, ...] = field(default_factory=tuple)
    origin: str | None = None

    def active(self) -> bool:
        """True when any restriction is set."""
        return bool(self.kind or self.run_id or self.since or self.exclude_runs or self.origin)


class MemoryStore:
    """Writes and searches research memory (the ``rm_memory_*`` tables; see the module docstring).

    Args:
        pool: connections to the Assay database (tables created by ``shared.db.migrate``).
        embedder: makes the vectors (None: lexical only, e.g. for a process that only reads).
        rare_postings: the lexical top k scores the query's rarest terms over whole posting lists up to this many
            postings in all (module docstring, "Lexical top k").
        rescore: how many chunks, best by those rare terms, get the commoner terms' scores added.
    """

    def __init__(self, pool: ConnectionPool, embedder: Embedder | None, *, rare_postings: int = RARE_POSTINGS,
                 rescore: int = RESCORE) -> None:
        self._pool = pool
        self._embedder = embedder
        self._rare_postings = rare_postings
        self._rescore = rescore

    @property
    def embedder(self) -> Embedder | None:
        """The embedder (None: lexical only)."""
        return self._embedder

    def get(self, key: str) -> tuple[str, tuple[Provenance, ...]] | None:
        """A remembered text and its sightings (earliest fetch first), or None for an unknown key."""
        with self._pool.connection() as conn:
            row = conn.execute("SELECT text FROM rm_memory_chunks WHERE chunk_key = %s", (key,)).fetchone()
            if row is None:
                return None
            prov = tuple(Provenance(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in conn.execute(
                "SELECT source_id, run_id, url, title, fetched_at, published_at, origin FROM rm_memory_provenance "
                "WHERE chunk_key = %s ORDER BY fetched_at, url, ord, source_id", (key,)).fetchall())
        return str(row[0]), prov

    # ---- writing -----------------------------------------------------------------------------------
    def add(self, chunks: Sequence[MemoryChunk]) -> int:
        """Remember ``chunks`` (idempotent) in one transaction. Returns how many texts were new."""
        with self._pool.connection() as conn, conn.transaction():
            return self.add_on(conn, chunks)

    def add_on(self, conn: Connection[Any], chunks: Sequence[MemoryChunk]) -> int:
        """:meth:`add` on the caller's connection and transaction (the indexer's, with its tracking position).

        A text already remembered only gains the new sighting; a new text is embedded (when the embedder
        fails, it is stored without a vector and a warning names the reason) and gets its BM25 postings."""
        items = [c for c in chunks if c.text.strip()]
        if not items:
            return 0
        keys = [chunk_key(c.kind, c.text) for c in items]
        known = {r[0] for r in conn.execute("SELECT chunk_key FROM rm_memory_chunks WHERE chunk_key = ANY(%s)",
                                            (list(set(keys)),)).fetchall()}
        fresh: dict[str, MemoryChunk] = {}
        for key, c in zip(keys, items):
            if key not in known and key not in fresh:
                fresh[key] = c
        new = 0
        if fresh:
            texts = [c.text for c in fresh.values()]
            vectors: list[str | None] = [None] * len(texts)
            model: str | None = None
            if self._embedder is not None:
                try:
                    arr = self._embedder.embed(texts)
                    vectors = [_vector_literal(v) if np.any(v) else None for v in arr]
                    model = self._embedder.name
                except EmbeddingUnavailable as exc:
                    log.warning("memory: %d chunks stored without vectors: %s", len(texts), exc)
            rows = []
            postings: list[tuple[str, str, int, int]] = []
            total = 0
            for (key, c), vec in zip(fresh.items(), vectors):
                counts, length = lexical.term_counts(c.text)
                rows.append((key, c.kind, c.text, length, model, vec))
                postings.extend((term, key, tf, length) for term, tf in counts.items())
                total += length
            with conn.cursor() as cur:
                cur.execute(
                    "INSERT INTO rm_memory_chunks (chunk_key, kind, text, length, embed_model, embedding) "
                    "SELECT k, kd, t, l, m, v::vector FROM unnest(%s::text[], %s::text[], %s::text[], %s::int[], "
                    "%s::text[], %s::text[]) AS r(k, kd, t, l, m, v) ON CONFLICT (chunk_key) DO NOTHING "
                    "RETURNING chunk_key", [list(col) for col in zip(*rows)])
                inserted = [str(r[0]) for r in cur.fetchall()]
                ins = set(inserted)
                new = len(ins)
                if ins:
                    with cur.copy("COPY rm_memory_terms (term, chunk_key, tf, dl) FROM STDIN") as cp:
                        for p in postings:
                            if p[1] in ins:
                                cp.write_row(p)
                    df: Counter[str] = Counter(p[0] for p in postings if p[1] in ins)
                    # terms in one order, so two writers never wait on each other's rows in a cycle
                    cur.execute(
                        "INSERT INTO rm_memory_df (term, df) SELECT term, n FROM unnest(%s::text[], %s::int[]) "
                        "AS d(term, n) ORDER BY term ON CONFLICT (term) DO UPDATE SET df = rm_memory_df.df + "
                        "EXCLUDED.df", (sorted(df), [df[t] for t in sorted(df)]))
                    added = sum(r[3] for r in rows if r[0] in ins)
                    cur.execute(
                        "INSERT INTO rm_memory_stats (name, chunks, total_length) VALUES ('all', %s, %s) "
                        "ON CONFLICT (name) DO UPDATE SET chunks = rm_memory_stats.chunks + EXCLUDED.chunks, "
                        "total_length = rm_memory_stats.total_length + EXCLUDED.total_length", (new, added))
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO rm_memory_provenance (chunk_key, source_id, ord, run_id, url, title, fetched_at, "
                "published_at, origin) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                [(key, str(c.source_id), c.ord, str(c.run_id) if c.run_id else None, c.url, c.title,
                  c.fetched_at, c.published_at, c.origin) for key, c in zip(keys, items)])
        return new

    # ---- searching ---------------------------------------------------------------------------------
    def count(self) -> int:
        """How many distinct texts are remembered."""
        with self._pool.connection() as conn:
            row = conn.execute("SELECT chunks FROM rm_memory_stats WHERE name = 'all'").fetchone()
        return int(row[0]) if row else 0

    def search(self, query: str, *, limit: int = 10, filters: MemoryFilter | None = None,
               candidates: int = CANDIDATES, mode: SearchMode = "hybrid") -> MemorySearchResult:
        """The hybrid search (module docstring). ``limit`` 1-1000 hits. ``mode`` ``lexical`` ranks by BM25 alone
        (as does ``hybrid`` in a store without an embedder, or when the embedder fails), ``vector`` by cosine
        alone (the benchmark's baseline). An empty query or memory gives no hits.

        Round trips (module docstring, "Latency"): one statement finds the candidates with both scores, one
        pipelined batch reads the hits' texts and sightings.

        Raises: ValueError for a ``limit`` out of range or an unknown mode."""
        if not 1 <= limit <= 1000:
            raise ValueError(f"limit must be 1-1000, got {limit}")
        if mode not in ("hybrid", "lexical", "vector"):
            raise ValueError(f"mode must be hybrid, lexical or vector, got {mode!r}")
        use_vectors = mode != "lexical"
        filters = filters or MemoryFilter()
        counts = lexical.term_counts(query)[0]
        reason = ""
        qvec: np.ndarray[Any, Any] | None = None
        if use_vectors and self._embedder is not None and query.strip():
            try:
                v = self._embedder.embed([query])[0]
                qvec = v if np.any(v) else None
            except EmbeddingUnavailable as exc:
                reason = str(exc)
        elif use_vectors and self._embedder is None:
            reason = "no embedding model in this process"
        k = max(candidates, limit)
        lit = _vector_literal(qvec) if qvec is not None else None
        model = self._embedder.name if self._embedder is not None else ""
        with self._pool.connection() as conn, conn.pipeline(), conn.transaction():
            if lit is not None:
                self._note_other_models(conn, model)
            rows = self._candidates(conn, counts, lit, model, k, filters,
                                    lexical_half=mode != "vector" or lit is None).fetchall()
            if not rows:
                return MemorySearchResult((), "hybrid" if qvec is not None else "lexical", reason)
            bm: dict[str, float] = {}
            cos: dict[str, float] = {}
            for key, score, value in rows:
                # a cosine that is not a finite number (a corrupted vector, e.g. all zeros, gives NaN) is left out:
                # that chunk ranks by its words until rebuilt, never poisoning the others' z-scores
                if value is not None and math.isfinite(float(value)):
                    cos[str(key)] = float(value)
                if score is not None:
                    bm[str(key)] = float(score)
            keys = sorted(bm.keys() | cos.keys())
            if not keys:
                return MemorySearchResult((), "hybrid" if qvec is not None else "lexical", reason)
            b = np.array([bm.get(key, 0.0) for key in keys])
            fused = _z(b) if mode != "vector" or qvec is None else np.zeros(len(keys))
            if qvec is not None:
                c = np.array([cos.get(key, 0.0) for key in keys])
                fused = fused + VECTOR_WEIGHT * _z(c)
            # ties (to 9 decimals: sums of the same terms in another order differ in their last bits) by key, so a
            # rebuilt projection ranks, and drops near-duplicates, as the live one
            order = sorted(range(len(keys)), key=lambda i: (-round(float(fused[i]), 9), keys[i]))
            hits = self._hits(conn, [(keys[i], float(fused[i]), float(b[i]), cos.get(keys[i])) for i in order],
                              limit)
        return MemorySearchResult(tuple(hits), "hybrid" if qvec is not None else "lexical", reason)

    def _candidates(self, conn: Connection[Any], counts: Counter[str], lit: str | None, model: str, k: int,
                    filters: MemoryFilter, *, lexical_half: bool) -> Any:
        """Queue the one statement that finds the candidates: rows (chunk key, BM25 or NULL, cosine or NULL).

        Lexical half (``lexical_half``): the query terms' BM25 weights from ``rm_memory_df`` and
        ``rm_memory_stats``; the rarest terms, up to ``rare_postings`` postings in all (at least the rarest),
        scored over their whole posting lists (index-only scans of the covering primary key); the ``rescore``
        best by that partial score get the commoner terms added by primary-key probes; the best ``k`` are the
        lexical candidates. Vector half (``lit``, a query vector made by ``model``): the ``k`` nearest vectors of
        that model (HNSW). A candidate of one half only gets the other half's score by probes: its cosine, or its
        exact BM25 over every query term. In pipeline mode nothing waits until the cursor is read."""
        terms = sorted(counts)
        params: dict[str, Any] = {
            "terms": terms, "cnts": [counts[t] for t in terms], "budget": self._rare_postings, "k": k,
            "n": max(k, self._rescore), "q": lit, "model": model, "k1p": lexical.K1 + 1, "k1": lexical.K1,
            "b": lexical.B}
        score = ("w.weight * t.tf * %(k1p)s / (t.tf + %(k1)s * (1 - %(b)s + %(b)s * t.dl / "
                 "(SELECT avgdl FROM s)))")
        ctes = [
            "s AS MATERIALIZED (SELECT chunks::float8 AS n, total_length::float8 / greatest(chunks, 1) AS avgdl "
            "FROM rm_memory_stats WHERE name = 'all' AND chunks > 0)",
            "w AS MATERIALIZED (SELECT d.term, q.cnt * ln(1 + (s.n - d.df + 0.5) / (d.df + 0.5)) AS weight, "
            "(row_number() OVER o = 1 OR sum(d.df) OVER o <= %(budget)s) AS rare "
            "FROM unnest(%(terms)s::text[], %(cnts)s::int[]) AS q(term, cnt) JOIN rm_memory_df d "
            "ON d.term = q.term AND d.df > 0 CROSS JOIN s WINDOW o AS (ORDER BY d.df, d.term))"]
        if lexical_half:
            where, fp = self._filter_sql(filters, "g")
            params.update(fp)
            ctes.append(
                "part AS MATERIALIZED (SELECT g.chunk_key, g.s FROM (SELECT t.chunk_key, "
                f"sum({score}) AS s FROM rm_memory_terms t JOIN w ON w.term = t.term AND w.rare GROUP BY t.chunk_key) g "
                f"WHERE true{where} ORDER BY g.s DESC, g.chunk_key LIMIT %(n)s)")
            ctes.append(
                f"lex AS MATERIALIZED (SELECT p.chunk_key, p.s + coalesce((SELECT sum({score}) FROM w JOIN "
                "rm_memory_terms t ON t.term = w.term AND t.chunk_key = p.chunk_key WHERE NOT w.rare), 0) AS s "
                "FROM part p ORDER BY 2 DESC, 1 LIMIT %(k)s)")
        if lit is not None:
            where, fp = self._filter_sql(filters, "c")
            params.update(fp)
            conn.execute("SELECT set_config('hnsw.ef_search', %s, true), "
                         "set_config('hnsw.iterative_scan', 'relaxed_order', true)",  # the model filter, and others
                         (str(int(max(40, min(k, 1000)))),))
            ctes.append(
                "vec AS MATERIALIZED (SELECT c.chunk_key, 1 - (c.embedding <=> %(q)s::vector) AS cos "
                f"FROM rm_memory_chunks c WHERE c.embedding IS NOT NULL AND c.embed_model = %(model)s{where} "
                "AND EXISTS (SELECT 1 FROM s) ORDER BY c.embedding <=> %(q)s::vector LIMIT %(k)s)")
        cos_of = ("(SELECT 1 - (c.embedding <=> %(q)s::vector) FROM rm_memory_chunks c WHERE c.chunk_key = "
                  "l.chunk_key AND c.embedding IS NOT NULL AND c.embed_model = %(model)s)")
        bm_of = (f"(SELECT sum({score}) FROM w JOIN rm_memory_terms t ON t.term = w.term AND "
                 "t.chunk_key = v.chunk_key)")
        if lexical_half and lit is not None:
            select = (f"SELECT coalesce(l.chunk_key, v.chunk_key), CASE WHEN l.chunk_key IS NULL THEN "
                      f"coalesce({bm_of}, 0) ELSE l.s END, CASE WHEN v.chunk_key IS NULL THEN {cos_of} ELSE v.cos "
                      "END FROM lex l FULL JOIN vec v ON v.chunk_key = l.chunk_key")
        elif lexical_half:
            select = "SELECT l.chunk_key, l.s, NULL::float8 FROM lex l"
        else:
            select = "SELECT v.chunk_key, NULL::float8, v.cos FROM vec v"
        return conn.execute("WITH " + ", ".join(ctes) + " " + select, params)

    @staticmethod
    def _filter_sql(filters: MemoryFilter, alias: str) -> tuple[str, dict[str, Any]]:
        if not filters.active():
            return "", {}
        clauses = []
        params: dict[str, Any] = {}
        if filters.kind:
            clauses.append(f"EXISTS (SELECT 1 FROM rm_memory_chunks fk WHERE fk.chunk_key = {alias}.chunk_key "
                           "AND fk.kind = %(f_kind)s)")
            params["f_kind"] = filters.kind
        prov = []
        if filters.run_id:
            prov.append("fp.run_id = %(f_run)s")
            params["f_run"] = str(filters.run_id)
        if filters.since:
            prov.append("fp.fetched_at >= %(f_since)s")
            params["f_since"] = filters.since
        if filters.exclude_runs:
            prov.append("(fp.run_id IS NULL OR NOT (fp.run_id = ANY(%(f_excl)s::uuid[])))")
            params["f_excl"] = [str(r) for r in filters.exclude_runs]
        if filters.origin:
            prov.append("fp.origin = %(f_origin)s")
            params["f_origin"] = filters.origin
        if prov:
            clauses.append(f"EXISTS (SELECT 1 FROM rm_memory_provenance fp WHERE fp.chunk_key = {alias}.chunk_key "
                           "AND " + " AND ".join(prov) + ")")
        return " AND " + " AND ".join(clauses), params

    def _note_other_models(self, conn: Connection[Any], model: str) -> None:
        """Log once per process and model when memory holds vectors another embedding model made (the model was
        switched): they are not compared with ``model``'s query vectors (their texts rank by words until
        re-embedded). The check reads the ``embed_model`` index, never the vectors."""
        with _NOTED_LOCK:
            if model in _NOTED_MODELS:
                return
            _NOTED_MODELS.add(model)
        rows = conn.execute("SELECT embed_model, count(*) FROM rm_memory_chunks WHERE embed_model < %s "
                            "OR embed_model > %s GROUP BY embed_model ORDER BY embed_model", (model, model)).fetchall()
        if rows:
            log.warning("memory: %s made by another embedding model than %s: ignored for ranking (those texts rank "
                        "by words); `assay projections rebuild` re-embeds memory with %s",
                        ", ".join(f"{n} vectors by {m}" for m, n in rows), model, model)

    @staticmethod
    def _hits(conn: Connection[Any], ranked: list[tuple[str, float, float, float | None]],
              limit: int) -> list[MemoryHit]:
        """The top ``limit`` of ``ranked`` (key, fused, bm25, cosine) as hits, near-duplicates dropped."""
        out: list[MemoryHit] = []
        kept_terms: list[set[str]] = []
        start = 0
        while len(out) < limit and start < len(ranked):
            page = ranked[start:start + max(limit * 2, 20)]
            start += len(page)
            keys = [p[0] for p in page]
            # both queued before either is read: one round trip on a pipelined connection
            text_rows = conn.execute("SELECT chunk_key, kind, text FROM rm_memory_chunks WHERE chunk_key = ANY(%s)",
                                     (keys,))
            prov_rows = conn.execute(
                "SELECT chunk_key, source_id, run_id, url, title, fetched_at, published_at, origin "
                "FROM rm_memory_provenance WHERE chunk_key = ANY(%s) ORDER BY fetched_at, url, ord, source_id",
                (keys,))
            texts = {str(r[0]): (str(r[1]), str(r[2])) for r in text_rows.fetchall()}
            prov: dict[str, list[Provenance]] = {}
            for r in prov_rows.fetchall():
                prov.setdefault(str(r[0]), []).append(Provenance(r[1], r[2], r[3], r[4], r[5], r[6], r[7]))
            for key, fused, bm, cs in page:
                if key not in texts or len(out) >= limit:
                    continue
                kind, text = texts[key]
                words = set(normalise(text).split())
                if any(words and _jaccard(words, other) >= NEAR_DUPLICATE_JACCARD for other in kept_terms):
                    continue
                kept_terms.append(words)
                out.append(MemoryHit(key, kind, text, fused, bm, cs, tuple(prov.get(key, ()))))
        return out

    # ---- maintenance -------------------------------------------------------------------------------
    def reembed_missing(self, batch: int = 256) -> int:
        """Embed remembered texts stored without a vector (the model was unreachable then). Returns how many
        gained one; stops at the first embedding failure (the reason is logged)."""
        if self._embedder is None:
            return 0
        done = 0
        while True:
            with self._pool.connection() as conn, conn.transaction():
                rows = conn.execute("SELECT chunk_key, text FROM rm_memory_chunks WHERE embed_model IS NULL "
                                    "ORDER BY chunk_key LIMIT %s", (batch,)).fetchall()
                if not rows:
                    return done
                try:
                    arr = self._embedder.embed([str(r[1]) for r in rows])
                except EmbeddingUnavailable as exc:
                    log.warning("memory: re-embedding stopped: %s", exc)
                    return done
                with conn.cursor() as cur:
                    cur.executemany("UPDATE rm_memory_chunks SET embedding = %s::vector, embed_model = %s "
                                    "WHERE chunk_key = %s",
                                    [(_vector_literal(v) if np.any(v) else None, self._embedder.name, r[0])
                                     for v, r in zip(arr, rows)])
                done += len(rows)
                if len(rows) < batch:
                    return done


def _z(x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    sd = float(x.std())
    return (x - x.mean()) / sd if sd > 1e-12 else np.zeros_like(x)


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def chunks_of(items: Iterable[MemoryChunk]) -> list[MemoryChunk]:
    """``items`` as a list without empty texts (a convenience for callers building chunks lazily)."""
    return [c for c in items if c.text.strip()]
