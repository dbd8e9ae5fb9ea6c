"""Gatherer: ``PlanCreated`` -> one ``SearchSubQuery`` command per sub-query -> ``SearchCompleted`` per hop.

Providers in this version: the local corpus (BM25 over ingested passages, ``shared.offline.retrieval``).
A web-scope run without a web provider records the provider as failed, with the reason, and goes on.
Multi-hop: after hop 1 the sub-query is refined with bridge terms from the best passages and searched again,
up to ``max_hops``; an unchanged query ends the loop.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import PlanCreated, SearchSubQuery
from shared.bus import consumer_kwargs
from shared.offline.planner import refine_query
from shared.offline.retrieval import BM25Index
from shared.runtime import Runtime


class LocalIndex:
    """BM25 over the passages of one corpus (or all), cached per corpus version (count, last ingest)."""

    def __init__(self, rt: Runtime, *, cache_size: int = 16) -> None:
        self._rt = rt
        self._cache: OrderedDict[tuple[str | None, tuple[int, str]], tuple[BM25Index, list[dict[str, Any]]]] = (
            OrderedDict())
        self._cache_size = cache_size

    def _index(self, corpus: str | None) -> tuple[BM25Index, list[dict[str, Any]]]:
        key = (corpus, self._rt.corpus.version(corpus))
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        passages = self._rt.corpus.passages(corpus)
        index = BM25Index([f"{p['title']}\n{p['text']}" for p in passages])
        self._cache[key] = (index, passages)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return index, passages

    def search(self, corpus: str | None, query: str, limit: int) -> list[dict[str, Any]]:
        """Top ``limit`` documents for ``query``: hits {url: doc:<sha>, title, snippet, provider, rank, score}."""
        index, passages = self._index(corpus)
        best: dict[str, tuple[float, dict[str, Any]]] = {}
        for i, score in index.search(query, k=limit * 4):
            p = passages[i]
            if p["doc_sha256"] not in best or score > best[p["doc_sha256"]][0]:
                best[p["doc_sha256"]] = (score, p)
        ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))[:limit]
        return [
            {"url": f"doc:{sha}", "title": p["title"], "snippet": p["text"][:300], "provider": "local",
             "rank": rank, "score": round(float(score), 6)}
            for rank, (sha, (score, p)) in enumerate(ranked, start=1)
        ]


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the gatherer service."""
    router = NatsRouter()
    common = rt.settings.common
    cfg = rt.settings.gatherer
    local = LocalIndex(rt)

    @router.subscriber(PlanCreated.SUBJECT, **consumer_kwargs(common, "gatherer", PlanCreated))
    async def on_plan_created(body: PlanCreated) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        request = run["request"]
        for sq in body.sub_queries:
            cmd = SearchSubQuery(run_id=body.run_id, sub_query_id=sq.sub_query_id, text=sq.text,
                                 scope=request["scope"], corpus=request["corpus"],
                                 max_results=cfg.results_per_query)
            await rt.publisher.command(cmd, f"{body.run_id}:{sq.sub_query_id}")

    def search(cmd: SearchSubQuery, query: str) -> tuple[list[dict[str, Any]], list[str]]:
        hits: list[dict[str, Any]] = []
        failed: list[str] = []
        if cmd.scope in ("local", "both"):
            hits = local.search(cmd.corpus, query, cmd.max_results)
        if cmd.scope in ("web", "both"):
            failed.append("web: no web search provider is configured in this version")
        return hits, failed

    @router.subscriber(SearchSubQuery.SUBJECT, **consumer_kwargs(common, "gatherer", SearchSubQuery))
    async def on_search(body: SearchSubQuery) -> None:
        run_id: UUID = body.run_id
        run = await asyncio.to_thread(rt.runs.get_run, run_id)
        question = run["request"]["question"]
        query = body.text
        seen_queries = {query.lower()}
        for hop in range(1, cfg.max_hops + 1):
            hits, failed = await asyncio.to_thread(search, body, query)
            next_query: str | None = None
            if hop < cfg.max_hops and hits:
                next_query = refine_query(question, query, [h["snippet"] for h in hits[:3]])
                if next_query is not None and next_query.lower() in seen_queries:
                    next_query = None  # a repeated query ends the loop
            final = next_query is None
            await asyncio.to_thread(rt.runs.record_search, run_id, body.sub_query_id, query, hop, hits, final,
                                    failed)
            if final:
                return
            assert next_query is not None
            seen_queries.add(next_query.lower())
            query = next_query

    return router
