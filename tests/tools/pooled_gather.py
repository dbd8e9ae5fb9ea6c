"""Pooled retrieval harness (not a test): the gatherer's hops over one corpus of many HotpotQA questions.

Usage: python -m tests.tools.pooled_gather [N] [--start S] [--data PATH]

All paragraphs of questions S..S+N-1 are one BM25 corpus (title and text, as ``shared.corpus_index`` indexes
them; the hit snippet is the passage's first 300 characters). Each question is planned offline
(``services.planner.offline.plan``), every sub-query is gathered hop by hop by ``services.gatherer.gathering``
(the local index as the only provider, the gatherer's default settings) and the hits are fused and cut to
``max_sources`` 10 as ``shared.domain.ResearchRun.maybe_select_sources`` does. Prints the share of questions
whose both gold paragraphs are among the selected sources, one of them, and the bridge paragraph reached by a
second hop only. Never run it on the held-out IRCoT file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

from services.gatherer.gathering import Gatherer, SearchRequest
from services.gatherer.providers import WebHit
from services.planner.offline import plan
from shared.domain import fuse_hits
from shared.text.bm25 import BM25Index
from tests.tools.tune_hotpot import DEFAULT_DATA

SNIPPET_CHARS = 300
RESULTS_PER_QUERY = 8
MAX_SOURCES = 10


class PoolProvider:
    """BM25 over the pooled paragraphs as a ``SearchProvider`` (hits ``doc:<title>``)."""

    name = "local"
    max_query_chars = 10_000

    def __init__(self, docs: list[tuple[str, str]]) -> None:
        self.docs = docs
        self.index = BM25Index([f"{t}\n{x}" for t, x in docs])

    async def search(self, query: str, *, limit: int, language: str | None = None,
                     sites: tuple[str, ...] = ()) -> list[WebHit]:
        hits = self.index.search(query, limit)
        return [WebHit(f"doc:{self.docs[i][0]}", self.docs[i][0], self.docs[i][1][:SNIPPET_CHARS], self.name, r,
                       round(float(s), 6)) for r, (i, s) in enumerate(hits, start=1)]


async def gather_question(question: str, provider: PoolProvider, gatherer: Gatherer
                          ) -> tuple[list[str], dict[str, list[dict[str, Any]]], list[str]]:
    """Selected titles (fused, at most MAX_SOURCES), the hits per sub-query, and the hop queries."""
    hits: dict[str, list[dict[str, Any]]] = {}
    queries: list[str] = []
    for k, sq in enumerate(plan(question, depth="standard").sub_queries):
        request = SearchRequest(question=question, sub_query=sq, limit=RESULTS_PER_QUERY)
        async for hop in gatherer.gather(request, [provider]):
            queries.append(f"{hop.hop}: {hop.query}")
            hits.setdefault(f"q{k}", []).extend(
                {"url": h.url, "rank": h.rank, "title": h.title, "hop": hop.hop} for h in hop.hits)
    return [t for _u, _s, t in fuse_hits(hits)], hits, queries


def main() -> None:
    """CLI entry point; prints the pooled retrieval figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=50)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--misses", action="store_true", help="print the questions missing a gold paragraph")
    args = ap.parse_args()
    if "ircot" in args.data.name:
        raise SystemExit("refusing to tune on the held-out IRCoT file")
    items = json.loads(args.data.read_text(encoding="utf-8"))[args.start: args.start + args.n]
    docs: dict[str, str] = {}
    for item in items:
        for title, sentences in item["context"]:
            docs.setdefault(title, "".join(sentences).strip())
    provider = PoolProvider(list(docs.items()))
    gatherer = Gatherer()
    both = one = hop2 = 0
    for k, item in enumerate(items):
        gold = {t for t, _ in item["supporting_facts"]}
        selected, hits, queries = asyncio.run(gather_question(item["question"], provider, gatherer))
        fused = selected
        selected = fused[:MAX_SOURCES]
        got = gold & set(selected)
        both += got == gold
        one += bool(got)
        first_hop = {h["title"] for hs in hits.values() for h in hs if h["hop"] == 1}
        hop2 += bool(got - first_hop)
        if args.misses and got != gold:
            print("MISS", args.start + k, "|", item["question"], "| missing",
                  [(t, fused.index(t) + 1 if t in fused else None) for t in sorted(gold - got)])
            for q in queries:
                print("    ", q)
    n = len(items) or 1
    print(f"questions {len(items)} (dev200 {args.start}-{args.start + len(items) - 1}), pool {len(docs)} paragraphs")
    print(f"both gold selected   {both / n:.3f}")
    print(f"a gold selected      {one / n:.3f}")
    print(f"gold via hop 2 only  {hop2 / n:.3f}")


if __name__ == "__main__":
    main()
