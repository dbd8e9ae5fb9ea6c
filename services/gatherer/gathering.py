"""Multi-hop gathering of one sub-query (CRAG): search every provider, fuse, grade, refine, search again.

Independent of NATS and the event store: ``Gatherer.gather`` yields one ``HopResult`` per hop and the handler
records each as ``SearchCompleted``. Per hop:

1. every provider is asked concurrently (each under a guard timeout); a provider that fails contributes no
   hits and one ``"name: reason (detail)"`` line, and the others carry on (fail-over, not tiers);
2. the lists are fused by reciprocal rank, de-duplicated by canonical URL and filtered by the site filter
   (``services.gatherer.fusion``);
3. each hit is graded against the sub-query and the question; web hits graded ``incorrect`` are dropped
   (local hits are kept: BM25 matched their full text, their snippet is only its first 300 characters; so is a
   web hit whose title names a product model a relevant hit names, ``names_listed_product``: a shop's offer page
   for a candidate, counted as ``kept_naming_listed_product``; and in a shopping run a test, review or ranking of
   the kind of product the relevant hits are pages of, ``tests_listed_kind``, counted as ``kept_testing_listed_kind``);
   near-duplicates of other URLs are dropped (MinHash); at most ``limit`` hits are kept (a shopping run also keeps
   up to ``limit`` more that show an offer, a price with its currency: ``offers_beyond_limit``);
4. the next query: when the hop is graded ``correct``, the sub-query plus bridge entities (``refine_query``:
   names the question does not give, from the (at most 3) kept hits that hold most of the question's key
   terms, at least half as many as the best, so a page off the question's subject does not steer the hop;
   ranked by how much of the question the sentence naming them holds, dates cut off, pages already found
   left out); when ``ambiguous``, that or else CRAG's rewrite (the sub-query plus what of the question it
   lacks); when ``incorrect``, the rewrite first. The loop ends at ``max_hops``, on a query already searched,
   when a hop found no new hit, or when one page found so far holds every key term of the question in its
   title and snippet (``question_terms_unheld`` in the hop's diagnostics is 0; ``question_terms_uncovered``
   counts the terms no hit of the sub-query holds). Terms spread over several pages do not end it: the film's
   page names the actor and another page the award, but the bridge to the actor's own page is still missing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from services.gatherer.fusion import fuse, host_of
from services.gatherer.providers import ProviderError, SearchProvider, WebHit, rerank
from services.gatherer.quality import (
    Grade,
    NearDuplicates,
    diagnostics,
    grade_hit,
    hop_verdict,
    names_listed_product,
    question_relevance,
    rewrite_query,
    tests_listed_kind,
)
from services.gatherer.queries import refine_query
from shared.db import TRANSIENT_DB_ERRORS
from shared.errors import TransientError
from shared.text.offers import shows_price
from shared.text.terms import key_terms
from shared.text.tokens import tokenize

log = logging.getLogger("assay.gatherer")

Research = Callable[[str], Awaitable[list[WebHit]]]


@dataclass(frozen=True, kw_only=True)
class SearchRequest:
    """What to search: one sub-query of a run, with the run's question, site filter and language."""

    question: str
    sub_query: str
    limit: int
    sites: tuple[str, ...] = ()
    language: str | None = None
    #: the run's domain (its plan's: "general", "shopping", "code"; "" when unknown): a shopping run also keeps
    #: hits beyond ``limit`` that show an offer (:func:`shared.text.offers.shows_price`), up to ``limit`` more
    domain: str = ""


@dataclass(frozen=True, kw_only=True)
class HopResult:
    """One searched hop, as ``SearchCompleted`` records it."""

    hop: int
    query: str
    hits: list[WebHit]
    providers_failed: list[str]
    final: bool
    diagnostics: dict[str, float] = field(default_factory=dict)


#: the most hits one provider is asked for in one hop (``SearchSubQuery.max_results``' bound)
MAX_ASKED = 100

#: the rank of a shopping run's first offer kept beyond the limit (:meth:`Gatherer.judge_hop`)
BEYOND_RANK = 10_000

#: errors meaning our own store or bus is down (not a provider's failure): the handler waits them out
_OURS_DOWN: tuple[type[Exception], ...] = (TransientError, *TRANSIENT_DB_ERRORS)


@dataclass(frozen=True, kw_only=True)
class Gatherer:
    """The hop loop. ``guard_timeout_s`` bounds one provider call (its own retries and backoff included);
    ``research`` (optional) is asked with the question on hop 1 alongside the providers, under
    ``research_timeout_s`` (Tavily ``/research`` for deep runs)."""

    max_hops: int = 2
    near_duplicate_jaccard: float = 0.8
    guard_timeout_s: float = 30.0
    research: Research | None = None
    research_name: str = "tavily-research"
    research_timeout_s: float = 120.0

    async def _ask(self, name: str, call: Awaitable[list[WebHit]], timeout_s: float
                   ) -> tuple[str, list[WebHit], str | None]:
        try:
            return name, list(await asyncio.wait_for(call, timeout_s)), None
        except ProviderError as exc:
            return name, [], str(exc)
        except TimeoutError:
            return name, [], f"{name}: timeout (no answer within {timeout_s:g} s)"
        except _OURS_DOWN:
            raise  # our own store or bus is down (the local index): the hop is retried, not the provider's failure
        except Exception as exc:  # noqa: BLE001 - a provider bug must not sink the hop; logged with its trace
            log.exception("provider %s failed unexpectedly", name)
            return name, [], f"{name}: bad_payload (unexpected {type(exc).__name__}: {exc})"[:400]

    async def search_hop(self, request: SearchRequest, query: str, providers: Sequence[SearchProvider], *,
                         with_research: bool) -> tuple[list[tuple[str, list[WebHit]]], list[str]]:
        """Ask every provider (and the research delegate) concurrently. Returns the lists that came back, in
        provider order, and the failures."""
        # a shopping run asks for twice as many: the offers ranked below the limit are kept (``judge_hop``)
        asked = min(2 * request.limit, MAX_ASKED) if request.domain == "shopping" else request.limit
        calls = [self._ask(p.name, p.search(query, limit=asked, language=request.language,
                                            sites=request.sites), self.guard_timeout_s) for p in providers]
        if with_research and self.research is not None:
            calls.insert(1 if providers else 0,
                         self._ask(self.research_name, self.research(request.question), self.research_timeout_s))
        answers = await asyncio.gather(*calls)
        return [(name, hits) for name, hits, error in answers if error is None], \
            [error for _, _, error in answers if error is not None]

    async def gather(self, request: SearchRequest, providers: Sequence[SearchProvider], *,
                     delegate: bool = False) -> AsyncIterator[HopResult]:
        """Search ``request.sub_query`` hop by hop (see the module docstring); the last result has ``final``.

        Each hop's lists are judged (fused, graded, near-duplicates dropped, the next query chosen:
        :meth:`judge_hop`) on a worker thread: that is CPU work (sentence splitting, MinHash sketches) which on the
        event loop would hold up every other handler of the process, the relay and the consumers' fetches."""
        query = " ".join(request.sub_query.split())
        searched = {query.lower()}
        # built in a thread: the first one imports datasketch (and scipy), ~1 s that must not block the loop
        seen = await asyncio.to_thread(NearDuplicates, self.near_duplicate_jaccard)
        question_terms = await asyncio.to_thread(key_terms, request.question)
        found_tokens: set[str] = set()
        for hop in range(1, self.max_hops + 1):
            lists, failed = await self.search_hop(request, query, providers, with_research=delegate and hop == 1)
            result, next_query = await asyncio.to_thread(
                self.judge_hop, request, query, hop, lists, failed, seen=seen, found_tokens=found_tokens,
                question_terms=question_terms, searched=searched)
            yield result
            if result.final:
                return
            assert next_query is not None
            searched.add(next_query.lower())
            query = next_query

    def judge_hop(self, request: SearchRequest, query: str, hop: int, lists: list[tuple[str, list[WebHit]]],
                  failed: list[str], *, seen: NearDuplicates, found_tokens: set[str], question_terms: list[str],
                  searched: set[str]) -> tuple[HopResult, str | None]:
        """One hop's result from its providers' ``lists`` (and the ``failed`` providers' reasons): the hits fused,
        graded against ``query`` and the question, near-duplicates of hits seen in earlier hops dropped (``seen`` and
        ``found_tokens``, the tokens of the kept hits, are updated), and the next hop's query (None: this hop is the
        last, ``final``; a query in ``searched`` is never asked again). CPU work: called on a worker thread."""
        fused, site_filtered = fuse(lists, sites=request.sites)
        graded = [(h, grade_hit(h, query, request.question)) for h in fused]
        on_topic = [h for h, g in graded if g.label != "incorrect"]
        # an offer page for a candidate the relevant hits name is kept though it repeats no term of the question
        listed = {id(h) for h, g in graded if g.label == "incorrect" and host_of(h.url)
                  and names_listed_product(h, on_topic)}
        # a shopping run's group test or review of the kind of product asked ("We tested 5 cordless tyre inflators")
        # is kept though its snippet names only other models: it may rate the asked one too
        tests = {id(h) for h, g in graded if request.domain == "shopping" and g.label == "incorrect"
                 and host_of(h.url) and id(h) not in listed and tests_listed_kind(h, on_topic, request.question)}
        listed |= tests
        relevant = [(h, g) for h, g in graded if g.label != "incorrect" or not host_of(h.url) or id(h) in listed]
        kept: list[WebHit] = []
        kept_grades: list[Grade] = []
        # a shopping run's offers ranked below the limit ("Voltrex V12 Pro, $147.50, in stock." 12th of 15) are
        # still candidates: the source selection may read them, and the shopping report says which it did not;
        # they steer no hop (the bridge, the stop rules read ``kept`` alone)
        beyond: list[WebHit] = []
        new = near_dupes = 0
        for hit, grade in relevant:
            if len(kept) >= request.limit:
                if request.domain == "shopping" and len(beyond) < request.limit \
                        and shows_price(f"{hit.title} {hit.snippet}"):
                    beyond.append(hit)  # not remembered: a later hop's new hits are counted as before
                continue
            was_seen = seen.seen(hit)
            if seen.duplicate_of(hit) is not None:
                near_dupes += 1
                continue
            new += 0 if was_seen else 1
            kept.append(hit)
            kept_grades.append(grade)
        kept = rerank(kept)
        verdict = hop_verdict([g for _, g in graded])
        for h in kept:
            found_tokens.update(tokenize(f"{h.title} {h.snippet}"))
        uncovered = [t for t in question_terms if t not in found_tokens]
        # the bridge hop is needed until one page holds the question's terms: terms spread over several
        # pages (the film's page names the actor, the actor's page the award) are not an answer yet
        unheld = min((len([t for t in question_terms if t not in set(tokenize(f"{h.title} {h.snippet}"))])
                      for h in kept), default=len(question_terms))
        next_query: str | None = None
        if hop < self.max_hops and new and (unheld or not question_terms):
            # the bridge: names found in the hits that speak most to the question (not in any top hit)
            relevance = {id(h): question_relevance(h, request.question) for h in kept}
            best = max(relevance.values(), default=0.0)
            on_subject = sorted((h for h in kept if relevance[id(h)] > 0 and relevance[id(h)] >= 0.5 * best),
                                key=lambda h: -relevance[id(h)])
            bridge = refine_query(request.question, request.sub_query, [h.snippet for h in on_subject[:3]],
                                  known=[h.title for h in kept])
            rewrite = rewrite_query(request.question, query) if verdict != "correct" else None
            next_query = (rewrite or bridge) if verdict == "incorrect" else (bridge or rewrite)
            if next_query is not None and next_query.lower() in searched:
                next_query = None  # a repeated query ends the loop
        counts = {label: float(sum(1 for _, g in graded if g.label == label))
                  for label in ("correct", "ambiguous", "incorrect")}
        figures = {
            **diagnostics(kept, query, request.question, kept_grades),
            "hits": float(len(kept)), "new_hits": float(new), **counts,
            "dropped_incorrect": float(len(graded) - len(relevant)), "near_duplicates": float(near_dupes),
            "kept_naming_listed_product": float(len(listed) - len(tests)),
            "kept_testing_listed_kind": float(len(tests)), "offers_beyond_limit": float(len(beyond)),
            "site_filtered": float(site_filtered), "providers_ok": float(len(lists)),
            "providers_failed": float(len(failed)),
            "question_terms_uncovered": float(len(uncovered)),
            "question_terms_unheld": float(unheld),
        }
        # ranked from BEYOND_RANK on: in the run's reciprocal-rank fusion they come after every hit within a limit
        # (a page found by many queries below the limit does not push out a review found by few above it)
        beyond = [WebHit(h.url, h.title, h.snippet, h.provider, BEYOND_RANK + i, h.score) for i, h in enumerate(beyond)]
        return (HopResult(hop=hop, query=query, hits=[*kept, *beyond], providers_failed=failed, final=next_query is None,
                          diagnostics=figures), next_query)
