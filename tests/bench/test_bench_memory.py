"""Benchmark: research memory (``shared.memory``) on real PostgreSQL with the embedded default (WordLlama).

Run with ``make bench`` (``pytest tests/bench -s -q``); not part of ``make test``. Figures are printed and
written to ``.assay/bench/memory.json``. Only sanity facts are asserted, never the targets.

1. Retrieval quality, SciFact dev: the 5,183 abstracts (title + abstract, one memory item each) are the memory;
   every dev claim with evidence (188) is a query; recall@k = the share of a claim's evidence abstracts in the
   top k, averaged over claims. Three rankings of the same store: BM25 alone (``mode="lexical"``), WordLlama
   cosine alone (``mode="vector"``, HNSW), and the fused default (``mode="hybrid"``). The fusion weight was
   chosen on SciFact train claims; the test split is never read. Targets: recall@3 >= 0.88, @10 >= 0.96. With an
   embedding model configured (``ASSAY_MEMORY_EMBED_MODEL``, ``..._API_BASE``, ``..._API_KEY``) the same figures
   are printed for it too (``configured``; skipped, with the reason, when none is set or it does not answer).
2. Scale: memories of 10,000 and 100,000 chunks (windows of 2-4 consecutive sentences of the SciFact abstracts)
   indexed in batches of 500 through ``MemoryStore.add`` (embedding, postings, vectors with the HNSW index);
   chunks/s is chunks / wall time. Then the dev claims are searched (hybrid, 10 hits) and the per-query latency
   p50/p95 is printed. Target: p95 < 100 ms at 100,000.

Knobs: ``ASSAY_BENCH_MEMORY_SIZES`` (default ``10000,100000``), ``ASSAY_BENCH_MEMORY_QUERIES`` (default 188).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import NAMESPACE_URL, uuid5

import pytest

from shared.db import migrate, open_pool
from shared.launcher import Endpoints
from shared.memory import MemoryChunk, MemoryStore, WordLlamaEmbedder
from shared.memory.embed import Embedder, EmbeddingUnavailable, load_embedder
from shared.settings import MemorySettings
from tests.shared_data import SHARED_DATA, require

pytestmark = [pytest.mark.postgres]
SCIFACT = SHARED_DATA / "scifact"
OUT = Path(".assay/bench/memory.json")
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _corpus() -> list[dict[str, Any]]:
    path = require(SCIFACT / "corpus.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _dev_claims() -> list[tuple[str, set[int]]]:
    path = require(SCIFACT / "claims_dev.jsonl")
    out = []
    for line in path.read_text().splitlines():
        c = json.loads(line)
        if c["evidence"]:
            out.append((c["claim"], {int(k) for k in c["evidence"]}))
    return out


def _store(database_url: str, embedder: Embedder | None = None) -> tuple[Any, MemoryStore]:
    endpoints = Endpoints(nats_url="nats://unused", database_url=database_url)
    migrate(endpoints)
    pool = open_pool(endpoints, max_size=2)
    return pool, MemoryStore(pool, embedder or WordLlamaEmbedder())


def _embedder(which: str) -> Embedder:
    """``default``: WordLlama; ``configured``: the model of ``ASSAY_MEMORY_EMBED_MODEL`` (skipped when none is
    set, or when it does not answer)."""
    if which == "default":
        return WordLlamaEmbedder()
    cfg = MemorySettings()
    if not cfg.embed_model:
        pytest.skip("no embedding model configured (ASSAY_MEMORY_EMBED_MODEL): only the embedded default is measured")
    key = cfg.embed_api_key.get_secret_value() if cfg.embed_api_key else None
    embedder = load_embedder(cfg.embed_model, api_base=cfg.embed_api_base, api_key=key)
    try:
        embedder.embed(["a probe"])
    except EmbeddingUnavailable as exc:
        pytest.skip(f"the configured embedding model does not answer: {exc}")
    return embedder


def _index(store: MemoryStore, texts: list[tuple[str, str]], batch: int = 500) -> float:
    """Index (url, text) pairs; returns chunks/s."""
    started = time.perf_counter()
    for i in range(0, len(texts), batch):
        store.add([MemoryChunk(text=t, source_id=uuid5(NAMESPACE_URL, u), ord=0, url=u, fetched_at=T0)
                   for u, t in texts[i:i + batch]])
    return len(texts) / (time.perf_counter() - started)


def _recall(store: MemoryStore, claims: list[tuple[str, set[int]]], mode: str) -> tuple[float, float]:
    r3 = r10 = 0.0
    for claim, gold in claims:
        hits = store.search(claim, limit=10, mode=mode).hits  # type: ignore[arg-type]
        ids = [int(h.provenance[0].url.rsplit("/", 1)[1]) for h in hits]
        r3 += len(gold & set(ids[:3])) / len(gold)
        r10 += len(gold & set(ids[:10])) / len(gold)
    return r3 / len(claims), r10 / len(claims)


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("which", ["default", "configured"])
def test_bench_memory_scifact_recall(database_url: str, which: str) -> None:
    embedder = _embedder(which)
    corpus = _corpus()
    claims = _dev_claims()
    pool, store = _store(database_url, embedder)
    try:
        rate = _index(store, [(f"scifact://doc/{d['doc_id']}", d["title"] + "\n\n" + " ".join(d["abstract"]))
                              for d in corpus])
        assert store.count() == len(corpus)
        figures: dict[str, Any] = {"abstracts": len(corpus), "claims": len(claims), "index_chunks_per_s": rate}
        print(f"\nmemory, SciFact dev, embeddings {embedder.name}: {len(corpus)} abstracts indexed at {rate:.0f} "
              f"chunks/s; {len(claims)} claims")
        print("| ranking | recall@3 | recall@10 |\n| --- | --- | --- |")
        for label, mode in (("BM25 alone", "lexical"), (f"{embedder.name} alone", "vector"), ("fused", "hybrid")):
            r3, r10 = _recall(store, claims, mode)
            figures[mode] = {"recall@3": r3, "recall@10": r10}
            print(f"| {label} | {r3:.3f} | {r10:.3f} |")
        figures["embed_model"] = embedder.name
        print(f"targets for the fused ranking: recall@3 >= 0.88 ({'met' if figures['hybrid']['recall@3'] >= 0.88 else 'MISSED'}), "
              f"recall@10 >= 0.96 ({'met' if figures['hybrid']['recall@10'] >= 0.96 else 'MISSED'})")
        assert figures["hybrid"]["recall@10"] > 0.5  # sanity: the search works at all
        _write("scifact" if which == "default" else "scifact_configured", figures)
    finally:
        pool.close()


def _windows(corpus: list[dict[str, Any]], n: int) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for size in (3, 2, 4):
        for d in corpus:
            sents = d["abstract"]
            for i in range(0, max(1, len(sents) - size + 1)):
                out.append((f"scifact://win/{size}/{d['doc_id']}/{i}", " ".join(sents[i:i + size])))
                if len(out) >= n:
                    return out
    return out


@pytest.mark.timeout(7200)
@pytest.mark.parametrize("size", [int(s) for s in os.environ.get("ASSAY_BENCH_MEMORY_SIZES", "10000,100000").split(",")])
def test_bench_memory_scale(database_url: str, size: int) -> None:
    corpus = _corpus()
    claims = _dev_claims()[: int(os.environ.get("ASSAY_BENCH_MEMORY_QUERIES", "188"))]
    texts = _windows(corpus, size)
    pool, store = _store(database_url)
    try:
        rate = _index(store, texts)
        count = store.count()
        store.search("warm up the caches", limit=10)
        times = []
        for claim, _ in claims:
            started = time.perf_counter()
            hits = store.search(claim, limit=10).hits
            times.append((time.perf_counter() - started) * 1000)
            assert hits
        p50 = statistics.median(times)
        p95 = statistics.quantiles(times, n=20)[18]
        print(f"\nmemory at {count} chunks: indexing {rate:.0f} chunks/s (embeddings, postings, HNSW); "
              f"hybrid search over {len(times)} queries p50 {p50:.1f} ms, p95 {p95:.1f} ms"
              + ("" if size < 100_000 else f" (target p95 < 100 ms: {'met' if p95 < 100 else 'MISSED'})"))
        _write(f"scale_{size}", {"chunks": count, "index_chunks_per_s": rate, "search_p50_ms": p50,
                                 "search_p95_ms": p95})
        assert count >= min(size, len(texts)) * 0.9
    finally:
        pool.close()


def _write(key: str, figures: dict[str, Any]) -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    data = json.loads(OUT.read_text()) if OUT.exists() else {}
    data[key] = figures
    OUT.write_text(json.dumps(data, indent=2))
