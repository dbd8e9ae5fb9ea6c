"""Gatherer: ``PlanCreated`` -> one ``SearchSubQuery`` command per sub-query -> ``SearchCompleted`` per hop.

Providers: the local corpus (BM25 over ingested passages) and research memory (pages of earlier runs, hybrid
search; not when the request says ``memory: false``, restricts to a corpus, or ``ASSAY_MEMORY_ENABLED`` is
off) when the scope is local or both; the configured
web providers (``services.gatherer.providers.configured_providers``: Tavily iff ``TAVILY_API_KEY`` is set, SearXNG
iff ``SEARXNG_URL`` is set, DuckDuckGo, Wikipedia, arXiv) when it is web or both, Tavily first. Every hop
asks them concurrently and fuses their lists (``services.gatherer.gathering``); a provider's failure is
recorded with its reason in ``providers_failed`` and the others carry on. A web-scope run with no web
provider configured records that as a failure and goes on (and ends with a report saying no sources were
found). Deep runs may also delegate the question to Tavily ``/research`` (``tavily_research``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import PlanApproved, PlanCreated, SearchSubQuery
from services.gatherer.gathering import Gatherer, SearchRequest
from services.gatherer.providers import (
    GuardedProvider,
    SearchProvider,
    TavilyProvider,
    WebHit,
    configured_providers,
    switched_off_note,
    switched_on,
)
from shared.bus import consumer_kwargs, publish_commands
from shared.corpus_index import CorpusIndex, index_dir
from shared.cpu import run_gated
from shared.memory import MemoryStore
from shared.memory.search import memory_store, newest_versions
from shared.memory.store import MemoryFilter
from shared.ports import Commands, RunReader, run_after, run_holding
from shared.preload import preload
from shared.runtime import Runtime
from shared.settings import GathererSettings
from shared.text.crosslang import expand_query
from shared.text.synonyms import with_synonym_words

log = logging.getLogger("assay.gatherer")
NO_WEB_PROVIDER = ("web: not configured (no web search provider: set TAVILY_API_KEY or SEARXNG_URL, or enable "
                   "ASSAY_GATHERER_DUCKDUCKGO, _WIKIPEDIA or _ARXIV)")


class LocalIndex:
    """BM25 over the passages of one corpus (or all): ``shared.corpus_index.CorpusIndex``, kept in memory per
    corpus version and saved under ``<data_dir>/cache/corpus-index`` so a new process loads it instead of
    rebuilding it (rebuilt when the corpus changes)."""

    def __init__(self, rt: Runtime, *, cache_size: int = 16) -> None:
        self._rt = rt
        self._cache_size = cache_size
        self._indexes: CorpusIndex | None = None
        self._lock = threading.Lock()

    @property
    def indexes(self) -> CorpusIndex:
        """The corpus indexes, made on first use (building the router reads no store)."""
        with self._lock:
            if self._indexes is None:
                self._indexes = CorpusIndex(self._rt.corpus, index_dir(self._rt.settings.common.data_dir),
                                            memory_size=self._cache_size)
            return self._indexes

    def search(self, corpus: str | None, query: str, limit: int) -> list[dict[str, Any]]:
        """Top ``limit`` documents for ``query`` (each ranked by its best of the ``4 * limit`` best passages):
        hits {url: doc:<sha>, title, snippet, provider, rank, score}. The query's words are also searched as a
        German, French or Spanish page writes them (:func:`shared.text.crosslang.expand_query`: "brennalm hut bed"
        finds "Brennalmhütte ... Schlafplätze"), and their near-synonyms, a phrase of several words among them
        (:func:`shared.text.synonyms.with_synonym_words`: "asteroid" finds "minor planet", "parking lot" finds "car
        park"); a word no page of the corpus writes changes no score."""
        query = expand_query(with_synonym_words(query))
        return [
            {"url": f"doc:{h.doc_sha256}", "title": h.title, "snippet": h.snippet, "provider": "local",
             "rank": rank, "score": round(float(h.score), 6)}
            for rank, h in enumerate(self.indexes.documents(corpus, query, limit), start=1)
        ]


class LocalProvider:
    """The local index of one corpus as a ``SearchProvider`` (BM25 runs in a worker thread, behind the process's
    gate for CPU-bound calls: ``shared.cpu.run_gated``)."""

    name = "local"
    max_query_chars = 10_000

    def __init__(self, index: LocalIndex, corpus: str | None) -> None:
        self._index = index
        self._corpus = corpus

    async def search(self, query: str, *, limit: int, language: str | None = None,
                     sites: tuple[str, ...] = ()) -> list[WebHit]:
        rows = await run_gated(self._index.search, self._corpus, query, limit)  # (CPU-bound: shared.cpu)
        return [WebHit(r["url"], r["title"], r["snippet"], self.name, r["rank"], r["score"]) for r in rows]


class MemoryProvider:
    """Research memory (``shared.memory``: pages fetched by earlier runs) as a ``SearchProvider``: hybrid BM25 +
    vector search over remembered web pages (local documents are the corpus's), the run's own chunks left out. A hit's URL is ``mem:<chunk key>`` (the
    scraper reads the stored text back and cites the page's URL and fetch date); near-duplicates are one hit, and a
    page remembered before and after it changed offers only its newest fetch's text (``newest``)."""

    name = "memory"
    max_query_chars = 10_000

    def __init__(self, store: MemoryStore, run_id: UUID, results: int,
                 newest: Callable[[list[tuple[str, str, list[tuple[str, datetime]]]]],
                                  dict[str, tuple[str, str] | None]] | None = None) -> None:
        self._store = store
        self._run_id = run_id
        self._results = results
        #: each text's current version (``shared.memory.search.newest_versions``); None: not checked
        self._newest = newest
        #: why the last search ranked by words only ('' when vectors were used): recorded with the hop
        self.fallback_reason = ""

    async def search(self, query: str, *, limit: int, language: str | None = None,
                     sites: tuple[str, ...] = ()) -> list[WebHit]:
        n = min(limit, self._results)
        res = await asyncio.to_thread(self._store.search, query, limit=n,
                                      filters=MemoryFilter(kind="source", exclude_runs=(self._run_id,),
                                                           origin="web"))
        self.fallback_reason = res.fallback_reason
        if res.fallback_reason:
            log.warning("memory search ranked lexically: %s", res.fallback_reason)
        out: list[WebHit] = []
        # a remembered local document is not offered (only texts seen on the web, by a sighting's origin, never by
        # its address: a corpus record may carry a web address): the corpus the run chose serves its own
        # documents, and another corpus's documents are not this run's to cite (one document, one source)
        web = [(h, [p for p in h.provenance if p.origin == "web" and p.url.startswith(("http://", "https://"))])
               for h in res.hits if h.bm25 > 0]
        web = [(h, seen) for h, seen in web if seen]
        # memory keeps the newest fetch of a page: a text its newest fetch no longer has is history (the page
        # changed since), never a source beside the newer text (a new-user trial: "the sources disagree"); the
        # newest fetch's version of the passage is offered in its place
        newest = (await asyncio.to_thread(self._newest, [(h.chunk_key, h.text, [(p.url, p.fetched_at) for p in seen])
                                                        for h, seen in web])
                  if self._newest is not None else {})
        offered: set[str] = set()
        for h, seen in web:
            key, text = newest.get(h.chunk_key) or (h.chunk_key, h.text)
            if not key or key in offered:
                continue
            offered.add(key)
            p = seen[0]
            out.append(WebHit(f"mem:{key}", p.title or p.url, text[:1000], self.name, len(out) + 1,
                              round(h.score, 6)))
        return out


def providers_for(scope: str, web: list[GuardedProvider], local: SearchProvider | None,
                  memory: SearchProvider | None = None) -> list[SearchProvider]:
    """The providers of one search, in preference order: Tavily first when configured, then the local index,
    research memory, then the other web providers. Local and memory only for scope local or both."""
    chosen: list[SearchProvider] = list(web) if scope in ("web", "both") else []
    at = 1 if chosen and isinstance(chosen[0], TavilyProvider) else 0
    if scope in ("local", "both"):
        for provider in (memory, local):
            if provider is not None:
                chosen.insert(at, provider)
    return chosen


# ---- collaborators ---------------------------------------------------------------------------------------------
class GathererRuns(RunReader, Protocol):
    """What the gatherer reads and records in the event store (``shared.store.ResearchRuns``)."""

    def record_search(self, run_id: UUID, sub_query_id: str, text: str, hop: int, hits: list[dict[str, Any]],
                      final: bool, providers_failed: list[str], diagnostics: dict[str, float] | None = None) -> bool:
        """Record ``SearchCompleted`` for one hop (once per sub-query and hop); may fan in ``SourcesSelected``."""
        ...


class RememberedPages(SearchProvider, Protocol):
    """Research memory as a search provider (:class:`MemoryProvider`): ``fallback_reason`` says why its last
    search ranked by words only ('' when vectors were used)."""

    fallback_reason: str


@dataclass(frozen=True, kw_only=True)
class Gathering:
    """The gatherer handlers' collaborators: the event store, the bus (``SearchSubQuery`` commands), the hop loop,
    the configured web providers (Tavily first when configured), the local index of a corpus (by name, None: all)
    and research memory for a run (None: memory is switched off), and the stage's settings."""

    runs: GathererRuns
    commands: Commands
    gatherer: Gatherer
    web: Sequence[GuardedProvider]
    local: Callable[[str | None], SearchProvider]
    memory: Callable[[UUID], RememberedPages] | None
    settings: GathererSettings

    @property
    def delegates(self) -> bool:
        """Whether deep runs delegate the question to Tavily ``/research`` (switched on and Tavily configured)."""
        return self.settings.tavily_research and any(isinstance(p, TavilyProvider) for p in self.web)


async def on_plan_created(event: PlanCreated, deps: Gathering) -> None:
    """``PlanCreated`` -> one ``SearchSubQuery`` command per sub-query (none when the run has ended, or when the
    run's plan is to be reviewed first: then ``PlanApproved`` starts the search)."""
    await search_plan(event, deps, reviewed=False)


async def on_plan_approved(event: PlanApproved, deps: Gathering) -> None:
    """``PlanApproved`` (a reviewed plan) -> one ``SearchSubQuery`` command per sub-query of the approved plan."""
    await search_plan(event, deps, reviewed=True)


async def search_plan(event: PlanCreated | PlanApproved, deps: Gathering, *, reviewed: bool) -> None:
    """One ``SearchSubQuery`` command per sub-query of ``event``'s plan, when the run is going on and ``reviewed``
    matches whether its request asked for plan review."""
    run = await run_after(deps.runs, event.run_id, event.seq)
    if run.closed:
        return  # the run ended (completed, failed, cancelled) or was closed at its deadline: no search for it
    request = run.request
    if request.review_plan != reviewed:
        return  # plan review: a reviewed run's plan is searched once approved (PlanApproved), not before
    # published together (shared.bus.publish_commands), their acknowledgements awaited at once: one after the
    # other, a sub-query's search waited for every acknowledgement before its own (issue 10: command>unit)
    limit = results_per_query(deps.settings.results_per_query, request.max_sources)
    await publish_commands(deps.commands, (
        (SearchSubQuery(run_id=event.run_id, sub_query_id=sq.sub_query_id, text=sq.text, scope=request.scope,
                        corpus=request.corpus, max_results=limit, memory=request.memory),
         f"{event.run_id}:{sq.sub_query_id}") for sq in event.sub_queries))


#: the sources a run fetches unless its request says otherwise (``RunRequested.max_sources``'s default)
DEFAULT_MAX_SOURCES = 10
#: the most hits one query may ask a provider for (``SearchSubQuery.max_results``' bound)
MAX_RESULTS = 100


def results_per_query(configured: int, max_sources: int) -> int:
    """The hits to ask each sub-query's providers for: the ``configured`` number (settings'
    ``results_per_query``) for a run fetching up to :data:`DEFAULT_MAX_SOURCES` sources, and in proportion for a
    run asking for more (rounded up, at most :data:`MAX_RESULTS`), so that raising ``max_sources`` also reaches
    pages a search ranks lower (with 8 per query and 15 sources, a maker's page ranked 9th was never a
    candidate): 8 at 10 sources, 12 at 15, 40 at 50. Never fewer than ``configured``."""
    scaled = -(-configured * max_sources // DEFAULT_MAX_SOURCES)
    return min(MAX_RESULTS, max(configured, scaled))


async def on_search(cmd: SearchSubQuery, deps: Gathering) -> None:
    """``SearchSubQuery`` -> one ``SearchCompleted`` per hop (the providers of the command's scope asked
    concurrently, their lists fused; a failed provider recorded with its reason). Stops when the run ends."""
    run_id: UUID = cmd.run_id
    if cmd.scope == "local" and not (cmd.memory and deps.memory is not None and cmd.corpus is None):
        # a search of this machine's corpus alone (no server, no model: research memory's embedder is not asked):
        # the process's cached run when it holds the run's final plan (no store read per sub-query; a stale state
        # costs at most a local search whose result the write refuses), else a load
        run = await run_holding(deps.runs, run_id,
                                lambda r: r.plan is not None and r.plan_review in (None, "approved"))
    else:  # a search of the web's providers (or research memory) is decided on the latest state
        run = await asyncio.to_thread(deps.runs.get_run, run_id)
    if run.closed:
        return  # the run ended or was closed at its deadline: no search for it
    request = run.request
    allowed = request.providers  # the run's search engines (None: every configured one)
    remember = (cmd.memory and deps.memory is not None and cmd.corpus is None
                and (allowed is None or "memory" in allowed))
    remembered = deps.memory(run_id) if remember and deps.memory is not None else None
    run_web = switched_on(list(deps.web), list(allowed) if allowed is not None else None)
    providers = providers_for(cmd.scope, run_web, deps.local(cmd.corpus)
                              if allowed is None or "local" in allowed else None, remembered)
    always_failed = ([NO_WEB_PROVIDER] if cmd.scope in ("web", "both") and not deps.web
                     else switched_off_note(cmd.scope, list(deps.web), list(allowed) if allowed is not None else None))
    first = run.plan.sub_queries[0].sub_query_id if run.plan is not None and run.plan.sub_queries else None
    tavily = next((p for p in deps.web if isinstance(p, TavilyProvider)), None)
    delegate = (deps.delegates and tavily in run_web and cmd.scope in ("web", "both") and request.depth == "deep"
                and cmd.sub_query_id == first)
    language = request.language or (run.plan.language if run.plan is not None else None)
    search = SearchRequest(question=request.question, sub_query=cmd.text, limit=cmd.max_results,
                           sites=request.site_filter, language=language or None,
                           domain=run.plan.domain if run.plan is not None else "")
    async for hop in deps.gatherer.gather(search, providers, delegate=delegate):
        degraded = ([f"memory: lexical_only (embedding unavailable, ranked by words: "
                     f"{remembered.fallback_reason})"] if remembered is not None and remembered.fallback_reason
                    else [])
        await asyncio.to_thread(deps.runs.record_search, run_id, cmd.sub_query_id, hop.query, hop.hop,
                                [h.as_dict() for h in hop.hits], hop.final,
                                [*always_failed, *hop.providers_failed, *degraded], hop.diagnostics)
        if (await asyncio.to_thread(deps.runs.get_run, run_id)).closed:
            return  # the run ended (or was closed at its deadline) meanwhile: no further hop


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the gatherer service: each calls its handler function with this process' collaborators.
    The web providers are built once; their HTTP clients are closed when the service stops
    (``router.assay_closers``)."""
    router = NatsRouter()
    common = rt.settings.common
    cfg = rt.settings.gatherer
    local = LocalIndex(rt)
    # imported while the process starts, not on its first search: the corpus index (bm25s, scipy.sparse) and the
    # near-duplicate sketches (datasketch, scipy.integrate), about 0.5 s of CPU a new process's first run waited for
    preload("bm25s", "datasketch")
    memories: list[MemoryStore] = []  # built on first use (loads the embedding model)

    def memory(run_id: UUID) -> MemoryProvider:
        if not memories:
            memories.append(memory_store(rt.pool, rt.settings.memory, opensearch_url=rt.settings.common.opensearch_url))
        return MemoryProvider(memories[0], run_id, rt.settings.memory.results,
                              newest=lambda items: newest_versions(rt.pool, items))

    web = configured_providers(cfg)
    tavily = next((p for p in web if isinstance(p, TavilyProvider)), None)
    # one provider call may take its timeout per attempt plus the backoffs between attempts
    guard_s = cfg.provider_timeout_s * (cfg.rate_limit_retries + 1) + cfg.backoff_max_s * cfg.rate_limit_retries + 1

    async def research(question: str) -> list[WebHit]:
        assert tavily is not None
        return await tavily.research(question, limit=cfg.results_per_query, timeout_s=cfg.tavily_research_timeout_s,
                                     poll_s=cfg.tavily_research_poll_s)

    gatherer = Gatherer(max_hops=cfg.max_hops, near_duplicate_jaccard=cfg.near_duplicate_jaccard,
                        guard_timeout_s=guard_s, research=research if tavily is not None else None,
                        research_timeout_s=cfg.tavily_research_timeout_s + guard_s)

    def deps() -> Gathering:
        return Gathering(runs=rt.runs, commands=rt.publisher, gatherer=gatherer, web=web,
                         local=lambda corpus: LocalProvider(local, corpus),
                         memory=memory if rt.settings.memory.enabled else None, settings=cfg)

    @router.subscriber(PlanCreated.SUBJECT, **consumer_kwargs(common, "gatherer", PlanCreated))
    async def on_plan_created_msg(body: PlanCreated) -> None:
        await on_plan_created(body, deps())

    @router.subscriber(PlanApproved.SUBJECT, **consumer_kwargs(common, "gatherer", PlanApproved))
    async def on_plan_approved_msg(body: PlanApproved) -> None:
        await on_plan_approved(body, deps())

    # a sub-query's hops may take up to max_hops guards (plus the research delegate): redeliver only after that
    search_ack_wait_s = (cfg.max_hops * guard_s + 30
                         + (cfg.tavily_research_timeout_s + guard_s if cfg.tavily_research and tavily else 0))

    @router.subscriber(SearchSubQuery.SUBJECT, **consumer_kwargs(common, "gatherer", SearchSubQuery,
                                                                ack_wait_s=search_ack_wait_s))
    async def on_search_msg(body: SearchSubQuery) -> None:
        await on_search(body, deps())

    async def close() -> None:
        for provider in web:
            await provider.aclose()

    router.assay_closers = [close]  # type: ignore[attr-defined]  # awaited by services.cli.stack.Stack.stop
    return router
