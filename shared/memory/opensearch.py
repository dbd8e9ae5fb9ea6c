"""Research memory projected into OpenSearch (read when ``ASSAY_OPENSEARCH_URL`` is set), beside PostgreSQL.

``OpenSearchMemory`` keeps one document per distinct text (id = ``store.chunk_key``, the PostgreSQL key): ``kind``,
``text`` (``english`` analyzer: stemmed, stopwords dropped; BM25 k1 1.2, b 0.75 as in PostgreSQL), ``embedding``
(``knn_vector`` of ``EMBED_DIMS``, HNSW on the lucene engine, cosine; absent when the text was stored without a
vector) and ``provenance`` (nested: one entry per sighting, as ``rm_memory_provenance``).

Search has the PostgreSQL contract (``MemorySearchResult`` of ``MemoryHit``): the BM25 ``match`` top
``candidates`` and the k-NN top ``candidates`` (when the query has a vector) are united; cosines are computed from
the stored vectors for every candidate, a candidate only the k-NN found counts BM25 0; scores are standardised
and fused as ``z(bm25) + VECTOR_WEIGHT * z(cosine)``; near-duplicates (token-set Jaccard >=
``NEAR_DUPLICATE_JACCARD``) are dropped. Filters are the same: ``kind`` is a term filter, run / since / excluded
runs must hold in one sighting (a nested query), as PostgreSQL's ``EXISTS`` over one provenance row.

``ProjectedMemory`` is a ``MemoryStore`` (PostgreSQL, the source of truth) that also writes every chunk to
OpenSearch and searches there first. OpenSearch unreachable: a write is logged with the reason and queued (up to
``PENDING_LIMIT`` chunks, retried on the next write; ``assay projections rebuild`` re-creates the whole index from
the event log), and a search answers from PostgreSQL with ``fallback_reason`` saying why. Never an exception.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

import numpy as np
from opensearchpy import OpenSearch
from opensearchpy.exceptions import NotFoundError, OpenSearchException
from psycopg import Connection
from psycopg_pool import ConnectionPool

from shared.memory.embed import EMBED_DIMS, Embedder, EmbeddingUnavailable
from shared.memory.store import (
    CANDIDATES,
    NEAR_DUPLICATE_JACCARD,
    VECTOR_WEIGHT,
    MemoryChunk,
    MemoryFilter,
    MemoryHit,
    MemorySearchResult,
    MemoryStore,
    Provenance,
    SearchMode,
    _jaccard,
    _z,
    chunk_key,
    normalise,
)
from shared.settings import opensearch_url

log = logging.getLogger("assay.memory.opensearch")

#: the index the memory lives in
INDEX = "assay-memory"
#: chunks kept for a retry while OpenSearch is unreachable (older ones are dropped: rebuild recovers them)
PENDING_LIMIT = 20_000

_ADD_SIGHTING = ("for (p in params.sightings) { if (!ctx._source.provenance.contains(p)) "
                 "{ ctx._source.provenance.add(p) } }")


def index_body(dims: int = EMBED_DIMS) -> dict[str, Any]:
    """Settings and mappings of the memory index (k-NN on, ``english`` text, nested provenance)."""
    return {
        "settings": {"index": {"knn": True, "number_of_shards": 1,
                               "similarity": {"default": {"type": "BM25", "k1": 1.2, "b": 0.75}}}},
        "mappings": {"dynamic": "strict", "properties": {
            "kind": {"type": "keyword"},
            "text": {"type": "text", "analyzer": "english"},
            "embedding": {"type": "knn_vector", "dimension": dims,
                          "method": {"name": "hnsw", "space_type": "cosinesimil", "engine": "lucene"}},
            "provenance": {"type": "nested", "properties": {
                "source_id": {"type": "keyword"}, "ord": {"type": "integer"}, "run_id": {"type": "keyword"},
                "url": {"type": "keyword", "index": False}, "title": {"type": "keyword", "index": False},
                "fetched_at": {"type": "date"}, "published_at": {"type": "date"}}},
        }},
    }


def filter_clauses(filters: MemoryFilter | None) -> list[dict[str, Any]]:
    """``filters`` as OpenSearch bool ``filter`` clauses ([] when none is set): ``kind`` a term, run / since /
    excluded runs one nested query (all must hold in the same sighting)."""
    if filters is None or not filters.active():
        return []
    out: list[dict[str, Any]] = []
    if filters.kind:
        out.append({"term": {"kind": filters.kind}})
    prov: list[dict[str, Any]] = []
    if filters.run_id:
        prov.append({"term": {"provenance.run_id": str(filters.run_id)}})
    if filters.since:
        prov.append({"range": {"provenance.fetched_at": {"gte": filters.since.isoformat()}}})
    if filters.exclude_runs:
        prov.append({"bool": {"must_not": [{"terms": {"provenance.run_id": [str(r) for r in filters.exclude_runs]}}]}})
    if prov:
        out.append({"nested": {"path": "provenance", "query": {"bool": {"filter": prov}}}})
    return out


def bm25_query(query: str, k: int, filters: MemoryFilter | None) -> dict[str, Any]:
    """The BM25 search body: ``match`` on ``text`` (any word), filtered, top ``k``."""
    return {"size": k, "query": {"bool": {"must": [{"match": {"text": {"query": query}}}],
                                          "filter": filter_clauses(filters)}},
            "_source": ["kind", "text", "embedding"]}


def knn_query(vector: Sequence[float] | np.ndarray[Any, Any], k: int, filters: MemoryFilter | None) -> dict[str, Any]:
    """The k-NN search body: the ``k`` nearest stored vectors to ``vector`` (cosine), filtered during the search
    (lucene engine's efficient filtering)."""
    knn: dict[str, Any] = {"vector": [float(x) for x in vector], "k": k}
    clauses = filter_clauses(filters)
    if clauses:
        knn["filter"] = {"bool": {"filter": clauses}}
    return {"size": k, "query": {"knn": {"embedding": knn}}, "_source": ["kind", "text", "embedding"]}


def _sighting(c: MemoryChunk) -> dict[str, Any]:
    return {"source_id": str(c.source_id), "ord": c.ord, "run_id": str(c.run_id) if c.run_id else None,
            "url": c.url, "title": c.title, "fetched_at": c.fetched_at.isoformat(),
            "published_at": c.published_at.isoformat() if c.published_at else None}


def _provenance(p: dict[str, Any]) -> Provenance:
    return Provenance(UUID(p["source_id"]), UUID(p["run_id"]) if p.get("run_id") else None, p["url"],
                      p.get("title") or "", datetime.fromisoformat(p["fetched_at"]),
                      datetime.fromisoformat(p["published_at"]) if p.get("published_at") else None)


def _sorted_provenance(items: list[dict[str, Any]]) -> tuple[Provenance, ...]:
    prov = [_provenance(p) for p in items]
    return tuple(sorted(prov, key=lambda p: (p.fetched_at, p.url)))


def _cosine(a: np.ndarray[Any, Any], b: Any) -> float | None:
    v = np.asarray(b, dtype=np.float64)
    den = float(np.linalg.norm(a) * np.linalg.norm(v))
    return float(a @ v / den) if den > 1e-12 else None


class OpenSearchMemory:
    """Research memory in one OpenSearch index (module docstring). Errors of the server are
    ``opensearchpy.exceptions.OpenSearchException`` (``ConnectionError`` when unreachable).

    Args:
        client: an ``opensearchpy.OpenSearch`` client.
        embedder: makes the vectors (None: lexical only).
        index: the index name (tests use their own).
    """

    def __init__(self, client: OpenSearch, embedder: Embedder | None, *, index: str = INDEX) -> None:
        self._client = client
        self._embedder = embedder
        self._index = index

    @classmethod
    def connect(cls, url: str, embedder: Embedder | None, *, index: str = INDEX,
                timeout_s: float = 10.0) -> OpenSearchMemory:
        """A store on the server at ``url`` (checked: ValueError naming ``ASSAY_OPENSEARCH_URL``); no request is
        made until the first call."""
        client = OpenSearch(hosts=[opensearch_url(url)], timeout=timeout_s, max_retries=0, retry_on_timeout=False)
        return cls(client, embedder, index=index)

    @property
    def index(self) -> str:
        """The index name."""
        return self._index

    def ensure_index(self) -> None:
        """Create the index unless it exists."""
        if not self._client.indices.exists(index=self._index):
            try:
                self._client.indices.create(index=self._index, body=index_body())
            except OpenSearchException as exc:
                if "resource_already_exists" not in str(exc):
                    raise

    def reset(self) -> None:
        """Drop and re-create the index (``assay projections rebuild``)."""
        self._client.indices.delete(index=self._index, ignore_unavailable=True)
        self.ensure_index()

    def add(self, chunks: Sequence[MemoryChunk]) -> int:
        """Remember ``chunks`` (idempotent): a new text gets a document (embedded when it can be: an unreachable
        model leaves it without a vector, logged), a known one gains the new sightings. Returns how many texts
        were new. Raises: ``OpenSearchException``."""
        items = [c for c in chunks if c.text.strip()]
        if not items:
            return 0
        self.ensure_index()
        by_key: dict[str, list[MemoryChunk]] = {}
        for c in items:
            by_key.setdefault(chunk_key(c.kind, c.text), []).append(c)
        found = self._client.mget(index=self._index, body={"ids": list(by_key)}, params={"_source": "false"})
        known = {d["_id"] for d in found["docs"] if d.get("found")}
        fresh = [k for k in by_key if k not in known]
        vectors: dict[str, list[float]] = {}
        if fresh and self._embedder is not None:
            try:
                arr = self._embedder.embed([by_key[k][0].text for k in fresh])
                vectors = {k: [float(x) for x in v] for k, v in zip(fresh, arr) if np.any(v)}
            except EmbeddingUnavailable as exc:
                log.warning("memory (OpenSearch): %d chunks stored without vectors: %s", len(fresh), exc)
        ops: list[dict[str, Any]] = []
        for key, group in by_key.items():
            sightings = [_sighting(c) for c in group]
            doc: dict[str, Any] = {"kind": group[0].kind, "text": group[0].text, "provenance": sightings}
            if key in vectors:
                doc["embedding"] = vectors[key]
            ops.append({"update": {"_index": self._index, "_id": key}})
            ops.append({"script": {"source": _ADD_SIGHTING, "lang": "painless", "params": {"sightings": sightings}},
                        "upsert": doc})
        resp = self._client.bulk(body=ops, refresh="wait_for")
        if resp.get("errors"):
            first = next(i["update"].get("error") for i in resp["items"] if i["update"].get("error"))
            raise OpenSearchException(f"bulk write to {self._index} failed: {first}")
        return sum(1 for i in resp["items"] if i["update"].get("result") == "created")

    def count(self) -> int:
        """How many distinct texts are remembered (0 without the index)."""
        try:
            return int(self._client.count(index=self._index)["count"])
        except NotFoundError:
            return 0

    def get(self, key: str) -> tuple[str, tuple[Provenance, ...]] | None:
        """A remembered text and its sightings (earliest fetch first), or None for an unknown key."""
        try:
            doc = self._client.get(index=self._index, id=key)
        except NotFoundError:
            return None
        return str(doc["_source"]["text"]), _sorted_provenance(doc["_source"].get("provenance") or [])

    def search(self, query: str, *, limit: int = 10, filters: MemoryFilter | None = None,
               candidates: int = CANDIDATES, mode: SearchMode = "hybrid") -> MemorySearchResult:
        """The hybrid search (module docstring), same arguments and result as ``MemoryStore.search``.

        Raises: ValueError for a ``limit`` out of range or an unknown mode; ``OpenSearchException``."""
        if not 1 <= limit <= 1000:
            raise ValueError(f"limit must be 1-1000, got {limit}")
        if mode not in ("hybrid", "lexical", "vector"):
            raise ValueError(f"mode must be hybrid, lexical or vector, got {mode!r}")
        reason = ""
        qvec: np.ndarray[Any, Any] | None = None
        if mode != "lexical" and self._embedder is not None and query.strip():
            try:
                v = np.asarray(self._embedder.embed([query])[0], dtype=np.float64)
                qvec = v if np.any(v) else None
            except EmbeddingUnavailable as exc:
                reason = str(exc)
        elif mode != "lexical" and self._embedder is None:
            reason = "no embedding model in this process"
        result_mode = "hybrid" if qvec is not None else "lexical"
        if not query.strip() or not self._client.indices.exists(index=self._index):
            return MemorySearchResult((), result_mode, reason)
        k = max(candidates, limit)
        docs: dict[str, dict[str, Any]] = {}
        bm25: dict[str, float] = {}
        if mode != "vector" or qvec is None:
            for h in self._client.search(index=self._index, body=bm25_query(query, k, filters))["hits"]["hits"]:
                bm25[h["_id"]] = float(h["_score"])
                docs[h["_id"]] = h["_source"]
        if qvec is not None:
            for h in self._client.search(index=self._index, body=knn_query(qvec, k, filters))["hits"]["hits"]:
                docs.setdefault(h["_id"], h["_source"])
        if not docs:
            return MemorySearchResult((), result_mode, reason)
        keys = sorted(docs)
        cos: dict[str, float] = {}
        if qvec is not None:
            for key in keys:
                emb = docs[key].get("embedding")
                c = _cosine(qvec, emb) if emb else None
                if c is not None and np.isfinite(c):
                    cos[key] = c
        b = np.array([bm25.get(key, 0.0) for key in keys])
        fused = _z(b) if mode != "vector" or qvec is None else np.zeros(len(keys))
        if qvec is not None:
            fused = fused + VECTOR_WEIGHT * _z(np.array([cos.get(key, 0.0) for key in keys]))
        order = sorted(range(len(keys)), key=lambda i: (-fused[i], keys[i]))
        hits: list[MemoryHit] = []
        kept: list[set[str]] = []
        for i in order:
            if len(hits) >= limit:
                break
            key = keys[i]
            text = str(docs[key]["text"])
            words = set(normalise(text).split())
            if any(words and _jaccard(words, other) >= NEAR_DUPLICATE_JACCARD for other in kept):
                continue
            kept.append(words)
            hits.append(MemoryHit(key, str(docs[key]["kind"]), text, float(fused[i]), float(b[i]), cos.get(key),
                                  ()))
        if hits:  # provenance of the hits only (the candidates' sources carry no provenance)
            got = self._client.mget(index=self._index, body={"ids": [h.chunk_key for h in hits]},
                                    params={"_source_includes": "provenance"})
            prov = {d["_id"]: _sorted_provenance(d["_source"].get("provenance") or [])
                    for d in got["docs"] if d.get("found")}
            hits = [MemoryHit(h.chunk_key, h.kind, h.text, h.score, h.bm25, h.cosine, prov.get(h.chunk_key, ()))
                    for h in hits]
        return MemorySearchResult(tuple(hits), result_mode, reason)


class ProjectedMemory(MemoryStore):
    """The PostgreSQL ``MemoryStore`` that also projects every chunk into OpenSearch and searches there first
    (module docstring: an unreachable OpenSearch is logged and never raises).

    Args:
        pool: the Assay database (PostgreSQL memory, the source of truth).
        embedder: makes the vectors for both stores (None: lexical only).
        search: the OpenSearch side.
    """

    def __init__(self, pool: ConnectionPool, embedder: Embedder | None, search: OpenSearchMemory) -> None:
        super().__init__(pool, embedder)
        self.opensearch = search
        self._pending: list[MemoryChunk] = []

    def add_on(self, conn: Connection[Any], chunks: Sequence[MemoryChunk]) -> int:
        """:meth:`MemoryStore.add_on`, then the same chunks (and any queued by an earlier failure) into OpenSearch;
        a failure there is logged with the reason and the chunks are queued for the next write."""
        new = super().add_on(conn, chunks)
        batch = [*self._pending, *(c for c in chunks if c.text.strip())]
        if batch:
            try:
                self.opensearch.add(batch)
                self._pending = []
            except OpenSearchException as exc:
                self._pending = batch[-PENDING_LIMIT:]
                log.warning("memory: OpenSearch projection of %d chunks deferred (%d queued; `assay projections "
                            "rebuild` re-creates the index): %s", len(batch), len(self._pending), exc)
        return new

    @property
    def pending(self) -> int:
        """Chunks waiting for OpenSearch to come back."""
        return len(self._pending)

    def reset(self) -> None:
        """Drop and re-create the OpenSearch index (``Projector.rebuild``); unreachable: logged."""
        self._pending = []
        try:
            self.opensearch.reset()
        except OpenSearchException as exc:
            log.warning("memory: OpenSearch index not re-created: %s", exc)

    def search(self, query: str, *, limit: int = 10, filters: MemoryFilter | None = None,
               candidates: int = CANDIDATES, mode: SearchMode = "hybrid") -> MemorySearchResult:
        """OpenSearch's search; when it fails, PostgreSQL's, with ``fallback_reason`` naming the failure."""
        try:
            return self.opensearch.search(query, limit=limit, filters=filters, candidates=candidates, mode=mode)
        except OpenSearchException as exc:
            res = super().search(query, limit=limit, filters=filters, candidates=candidates, mode=mode)
            why = f"OpenSearch unavailable ({type(exc).__name__}: {str(exc)[:200]}); searched PostgreSQL memory"
            return MemorySearchResult(res.hits, res.mode, f"{why}; {res.fallback_reason}" if res.fallback_reason
                                      else why)
