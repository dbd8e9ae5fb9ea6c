"""The ``ResearchRun`` aggregate: one research run's stream of events, and the fan-in decisions.

The aggregate knows what is pending (sub-queries, sources, claims) and records each completing event
(``SourcesSelected``, ``ExtractionCompleted``, ``ClaimsVerified``) exactly once: the application calls the
``maybe_*`` methods after each unit result, inside the same optimistic-concurrency save.

Event names and payload fields equal the contracts in ``contracts.events``; payloads are stored as plain
JSON-able values (str, int, float, bool, list, dict, UUID). A field added to a stored event after records of it
exist makes its stored class a new version with an upcaster (eventsourcing's ``class_version`` and
``upcast_vN_vN+1``, run when an older record is read), so the aggregate never needs a default for old records:
``RunStarted``, ``PlanCreated``, ``SearchCompleted``, ``ReportSynthesized``, ``ReportJudged``,
``DomainAnalysisCompleted`` and ``DomainFiguresProposed`` are at version 2,
``SourceFetched`` at version 6.

The aggregate's state is copy-on-write and read-only: every container it holds is a ``FrozenDict`` or a
``FrozenList`` (a ``dict`` / ``list`` whose mutators raise ``TypeError``), and an event never changes a container
in place, it rebinds the attribute to a new one that shares the unchanged entries. So a load needs no deep copy:
the store hands a query the cached state itself (nobody can change it) and a command a shallow copy (whose
events rebind only the copy's attributes).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from datetime import datetime
from typing import Any, Generic, NoReturn, TypeVar
from urllib.parse import urlsplit
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

from shared.errors import RunFinished
from shared.evidence import Citation, Claim, EvidenceCandidate, FigureWindow
from shared.redact import redact_value
from shared.text.offers import shows_price

RRF_K = 60


def _read_only(self: object, *_: object, **__: object) -> NoReturn:
    raise TypeError(f"{type(self).__name__} is read-only (a run's state is changed by recording events only); "
                    "copy it (dict(x), list(x), copy.deepcopy(x)) to change a copy")


class FrozenDict(dict[str, Any]):
    """A read-only ``dict``: JSON-encodes, compares and reads like a dict; every mutator raises ``TypeError``.
    ``dict(x)`` / ``{**x}`` / ``copy.deepcopy(x)`` give mutable copies. Build with ``freeze``."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[Any, ...]:  # copy/deepcopy/pickle: a plain mutable dict
        return dict, (dict(self),)

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        import copy
        return {k: copy.deepcopy(v, memo) for k, v in self.items()}


class FrozenList(list[Any]):
    """A read-only ``list``: JSON-encodes, compares and reads like a list (``x + [...]`` gives a new list);
    every mutator raises ``TypeError``. Build with ``freeze``."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = remove = pop = clear = sort = reverse = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return list, (list(self),)

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        import copy
        return [copy.deepcopy(v, memo) for v in self]


def freeze(value: Any) -> Any:
    """A read-only copy of ``value``: dicts become ``FrozenDict`` (keys as given), lists and tuples
    ``FrozenList``, recursively; frozen containers are returned as they are (they cannot change), other values
    too (str, int, float, bool, None, UUID are immutable)."""
    if isinstance(value, (FrozenDict, FrozenList)):
        return value
    if isinstance(value, Mapping):
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return FrozenList(freeze(v) for v in value)
    return value


def _with(mapping: Mapping[str, Any], key: str, value: Any) -> FrozenDict:
    """A new ``FrozenDict``: ``mapping`` with ``key`` set to ``freeze(value)`` (the other entries shared). One copy
    of the table, set before anyone can read it (a claim's verdict copies the run's claims table: half the work of
    a ``dict`` copy and then a ``FrozenDict`` copy of that)."""
    out = FrozenDict(mapping)
    dict.__setitem__(out, key, freeze(value))
    return out


#: the events of a run's stage work (searching, fetching, extracting, verifying): none is recorded once the run
#: is ``closed`` (ended, or closed at its deadline). (``UnitDeadLettered`` is not one: a report left unjudged
#: still settles a closed run; the store refuses dead-lettered stage units of a closed run itself.)
UNIT_EVENTS = frozenset({"SearchCompleted", "SourcesSelected", "SourceFetched", "SourceFailed", "ClaimsExtracted",
                         "ExtractionCompleted", "ClaimVerified"})


def open_claims_at_most(claims: Mapping[str, Mapping[str, Any]], ids: Sequence[str], limit: int) -> bool:
    """Whether at most ``limit`` of the claims ``ids`` (keys of ``claims``, each with a ``"verdict"``) have no verdict
    yet. Read from the last id back and stopped at the ``limit + 1``-th open claim: claims are verified about in the
    order their commands were published, so the open ones are mostly the last, and a check made at every verdict
    costs about the open claims it counts, not the run's claims (counting them all at every verdict made a run's
    verdicts cost the square of its claims)."""
    if limit < 0:
        return False
    found = 0
    for cid in reversed(ids):
        if claims[cid]["verdict"] is None:
            found += 1
            if found > limit:
                return False
    return True


def _unique(items: Iterable[str]) -> FrozenList:
    return FrozenList(dict.fromkeys(items))


def source_id_for(run_id: UUID, url: str) -> UUID:
    """Deterministic source id: uuid5 of the run id and the URL."""
    return uuid5(run_id, f"source:{url}")


def claim_id_for(run_id: UUID, text: str) -> UUID:
    """Deterministic claim id: uuid5 of the run id and the claim text (case and spacing folded)."""
    return uuid5(run_id, "claim:" + " ".join(text.lower().split()))


def event_id_for(run_id: UUID, seq: int) -> UUID:
    """Deterministic event id: uuid5 of the run id and the event's position in the run's stream."""
    return uuid5(run_id, f"event:{seq}")


def fuse_hits(hits_by_query: dict[str, list[dict[str, Any]]], *, k: int = RRF_K) -> list[tuple[str, float, str]]:
    """Reciprocal rank fusion of each sub-query's hits: score(url) = sum over lists of 1 / (k + rank).

    Returns: (url, fused score, title) best first; ties broken by URL for determinism.
    """
    scores: dict[str, float] = {}
    titles: dict[str, str] = {}
    for hits in hits_by_query.values():
        for hit in hits:
            url = str(hit["url"])
            scores[url] = scores.get(url, 0.0) + 1.0 / (k + int(hit["rank"]))
            titles.setdefault(url, str(hit.get("title", "")))
    ordered = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    return [(url, score, titles[url]) for url, score in ordered]


#: the share of a shopping run's source budget kept for offers from shops none of its best-ranked results is from
OFFER_SHARE = 0.2


def _host(url: str) -> str:
    host = urlsplit(url).hostname or ""
    return host[4:] if host.startswith("www.") else host


def offers_within(fused: list[tuple[str, float, str]], hits_by_query: dict[str, list[dict[str, Any]]],
                  budget: int) -> list[tuple[str, float, str]]:
    """``fused`` (url, score, title; best first) reordered for a shopping run reading ``budget`` of them: an offer
    (a result whose title or snippet shows a price with its currency: :func:`shared.text.offers.shows_price`) on a
    site a better-ranked result of the budget is from gives its place to an offer from a shop none of them is from,
    best-ranked first, for up to :data:`OFFER_SHARE` of the budget; results that show no offer (tests, reviews)
    keep their places. So a budget's answer reads more shops than the ones search engines rank first (HardwareHub's
    "Voltrex V12 Pro, $147.50, in stock." was never read while a second ToolDepot page was). Unchanged when every
    result fits the budget."""
    if len(fused) <= budget or budget < 5:
        return fused
    shown: dict[str, str] = {}
    for hits in hits_by_query.values():
        for hit in hits:
            shown.setdefault(str(hit["url"]), f"{hit.get('title', '')} {hit.get('snippet', '')}")
    offers = {url for url, _, _ in fused if shows_price(shown.get(url, ""))}
    head = list(fused[:budget])
    seen_hosts: set[str] = set()
    repeats: list[int] = []  # places in the budget of an offer from a site read before it
    for at, (url, _, _) in enumerate(head):
        host = _host(url)
        if url in offers and host in seen_hosts:
            repeats.append(at)
        seen_hosts.add(host)
    swaps = min(len(repeats), max(1, int(budget * OFFER_SHARE)))
    newcomers: list[tuple[str, float, str]] = []
    for item in fused[budget:]:
        if len(newcomers) >= swaps:
            break
        host = _host(item[0])
        if item[0] in offers and host and host not in seen_hosts:
            seen_hosts.add(host)
            newcomers.append(item)
    out = list(head)
    given: list[tuple[str, float, str]] = []
    for at, item in zip(reversed(repeats), newcomers, strict=False):  # the worst-ranked repeats give way first
        given.append(out[at])
        out[at] = item
    rest = [item for item in fused[budget:] if item not in newcomers]
    return [*out, *given, *rest]


def with_each_best(fused: list[tuple[str, float, str]], hits_by_query: dict[str, list[dict[str, Any]]],
                   budget: int) -> list[tuple[str, float, str]]:
    """``fused`` (url, score, title; best first) reordered so that a run reading ``budget`` of them reads each
    sub-query's best hit (the first hit of its first hop): one ranked first only by the sub-query naming it
    ("Old Wexley Baths" in a comparison with a lido every other sub-query finds) scores less in the fusion than the
    pages every sub-query finds lower down, and was never read. Such a hit outside the budget takes the place of the
    worst-ranked hit inside it that is no sub-query's best; the rest keep their order. Unchanged when every result
    fits the budget or every best hit is inside it."""
    if len(fused) <= budget or budget < 1:
        return fused
    best = {str(hits[0]["url"]) for hits in hits_by_query.values() if hits}  # its first hop's first hit
    head = list(fused[:budget])
    missing = [item for item in fused[budget:] if item[0] in best]
    places = [at for at in range(len(head) - 1, -1, -1) if head[at][0] not in best]
    given: list[tuple[str, float, str]] = []
    for at, item in zip(places, missing, strict=False):  # the worst-ranked give way first
        given.append(head[at])
        head[at] = item
    moved = {item[0] for item in missing[:len(given)]}
    rest = [item for item in fused[budget:] if item[0] not in moved]
    return [*head, *sorted(given, key=fused.index), *rest]


class _PickedV2:
    """Version 2 of a domain event that gained ``pick`` (what backs the domain's lead pick, ``contracts.PickBacking``
    as JSON, or None): eventsourcing's mapper finds ``class_version`` and :meth:`upcast_v1_v2` on the stored event's
    class, so a version 1 record (stored before the field existed) loads with ``pick = None``."""

    class_version = 2

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """Upcast a version 1 event's state in place: ``{..} -> {.., "pick": None}`` (an existing key is kept)."""
        state.setdefault("pick", None)


class ResearchRun(Aggregate):
    """One research run. Created by ``RunStarted``; ends with ``RunCompleted``, ``RunFailed`` or ``RunCancelled``
    (its terminal events): after one of them every further event is refused (``RunFinished``), whatever
    records it."""

    @staticmethod
    def create_id(run_id: UUID, **_: Any) -> UUID:
        return run_id

    class RunStarted(Aggregate.Created):
        """Stored ``RunStarted``, version 2: ``memory`` (research memory searched beside the local corpus),
        ``workspace`` (a code run's project folder, None when the run names none), ``review_plan`` (the run waits
        for ``PlanApproved`` after its plan) and ``providers`` (the search providers it may use, None for all) are
        always recorded. A version 1 record (written before them) is upcast with ``memory = True``,
        ``workspace = None``, ``review_plan = False`` and ``providers = None``: what such a run did."""

        class_version = 2
        run_id: UUID
        question: str
        scope: str
        depth: str
        domain: str
        max_sources: int
        site_filter: list[str]
        language: str | None
        verify_claims: bool
        budget: dict[str, Any]
        urls: list[str]
        corpus: str | None
        memory: bool
        workspace: str | None
        review_plan: bool
        providers: list[str] | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state.setdefault("memory", True)
            state.setdefault("workspace", None)
            state["review_plan"] = bool(state.get("review_plan") or False)
            state["providers"] = state.get("providers")

    @event(RunStarted)
    def __init__(
        self, run_id: UUID, question: str, scope: str, depth: str, domain: str, max_sources: int,
        site_filter: list[str], language: str | None, verify_claims: bool, budget: dict[str, Any],
        urls: list[str], corpus: str | None, memory: bool, workspace: str | None,
        review_plan: bool, providers: list[str] | None,
    ) -> None:
        self.request: dict[str, Any] = freeze({
            "question": question, "scope": scope, "depth": depth, "domain": domain,
            "max_sources": max_sources, "site_filter": list(site_filter), "language": language,
            "verify_claims": verify_claims, "budget": dict(budget), "urls": list(urls), "corpus": corpus,
            "memory": memory,
            "workspace": workspace,
            "review_plan": review_plan, "providers": None if providers is None else list(providers),
        })
        self.plan_review: str | None = None  # plan review: None (not asked), "awaiting" or "approved"
        self.status = "running"
        self.plan: dict[str, Any] | None = None
        self.searches_pending: list[str] = FrozenList()
        self.hits: dict[str, list[dict[str, Any]]] = FrozenDict()
        self.hops_done: dict[str, list[int]] = FrozenDict()
        self.providers_failed: list[str] = FrozenList()  # "name: reason (detail)", unique, by first failure
        self.sources: dict[str, dict[str, Any]] = FrozenDict()
        self.sources_selected = False
        self.claims: dict[str, dict[str, Any]] = FrozenDict()
        self.extraction_completed = False
        self.claims_to_verify: list[str] = FrozenList()
        self.claims_verified = False
        self.partial = False
        self.missing: list[str] = FrozenList()
        self.gate: dict[str, Any] | None = None
        self.report: dict[str, Any] | None = None
        self.judgement: dict[str, Any] | None = None
        self.self_verification: dict[str, Any] | None = None
        self.audit: dict[str, Any] | None = None
        self.failure: dict[str, str] | None = None
        self.degraded: list[dict[str, str]] = FrozenList()
        self.llm_usage: dict[str, Any] = freeze({"tokens": 0, "usd": 0.0, "calls": 0})
        self.llm_budget_exhausted: str | None = None
        self.cancelled: str | None = None  # the reason of RunCancelled
        self.domain_analysis: dict[str, Any] | None = None  # DomainAnalysisCompleted (see the domain block)
        self.domain_events: dict[str, Any] = FrozenDict()  # a domain service's own events: name -> payload
        self.domain_pending: dict[str, Any] | None = None  # DomainFiguresProposed's analysis, until verified

    def trigger_event(self, event_class: type[Any], **kwargs: Any) -> None:
        """Record one event, unless the run has ended. Raises: RunFinished after a terminal event."""
        if self.finished:
            raise RunFinished(f"run {self.id} has ended ({self.status}): {event_class.__name__.split('.')[-1]} "
                              "refused")
        name = event_class.__name__.split(".")[-1]
        if name in UNIT_EVENTS and self.closed:
            raise RunFinished(f"run {self.id} was closed at its deadline: {name} refused")
        # secrets never leave: every string of the payload passes the one redaction step (shared.redact)
        super().trigger_event(event_class, **{k: redact_value(v) for k, v in kwargs.items()})

    # ---- plan and search -------------------------------------------------------------------------
    class PlanCreated(Aggregate.Event):
        """Stored ``PlanCreated``, version 2: ``perspectives`` is always recorded. A version 1 record (written
        before the field existed, or with None) is upcast with ``perspectives = []``."""

        class_version = 2
        sub_queries: list[dict[str, str]]
        domain: str
        language: str
        engine: str
        degraded: bool
        perspectives: list[str]

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["perspectives"] = list(state.get("perspectives") or [])

    @event(PlanCreated)
    def create_plan(
        self, sub_queries: list[dict[str, str]], domain: str, language: str, engine: str, degraded: bool,
        perspectives: list[str],
    ) -> None:
        self.plan = freeze({"sub_queries": sub_queries, "domain": domain, "language": language, "engine": engine,
                            "degraded": degraded, "perspectives": list(perspectives)})
        self.searches_pending = FrozenList(q["sub_query_id"] for q in sub_queries)
        if self.request.get("review_plan"):
            self.plan_review = "awaiting"  # the gatherer waits for PlanApproved (see the plan review block)

    class SearchCompleted(Aggregate.Event):
        """Stored ``SearchCompleted``, version 2: ``diagnostics`` is always recorded. A version 1 record (written
        before the field existed, or with None) is upcast with ``diagnostics = {}``."""

        class_version = 2
        sub_query_id: str
        text: str
        hop: int
        hits: list[dict[str, Any]]
        final: bool
        providers_failed: list[str]
        diagnostics: dict[str, float]

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["diagnostics"] = dict(state.get("diagnostics") or {})

    @event(SearchCompleted)
    def complete_search(
        self, sub_query_id: str, text: str, hop: int, hits: list[dict[str, Any]], final: bool,
        providers_failed: list[str], diagnostics: dict[str, float],
    ) -> None:
        self.hits = _with(self.hits, sub_query_id, [*self.hits.get(sub_query_id, ()), *hits])
        self.hops_done = _with(self.hops_done, sub_query_id, [*self.hops_done.get(sub_query_id, ()), hop])
        self.providers_failed = _unique([*self.providers_failed, *providers_failed])
        if final and sub_query_id in self.searches_pending:
            pending = list(self.searches_pending)
            pending.remove(sub_query_id)
            self.searches_pending = FrozenList(pending)

    @event("SourcesSelected")
    def select_sources(self, sources: list[dict[str, Any]]) -> None:
        self.sources_selected = True
        selected = dict(self.sources)
        for src in sources:
            selected[str(src["source_id"])] = FrozenDict({
                "url": src["url"], "title": src.get("title", ""), "status": "pending",
                "fused_score": src.get("fused_score", 0.0),
            })
        self.sources = FrozenDict(selected)

    def maybe_select_sources(self, *, force: bool = False) -> bool:
        """Record ``SourcesSelected`` once every sub-query's last hop is in (``force``: now, with the URLs the
        request names and the hits found so far, when the time budget ran out mid-search). Returns whether it
        did."""
        if self.sources_selected or self.plan is None or (self.searches_pending and not force):
            return False
        if self.awaiting_plan_review:
            return False  # nothing is searched or selected before the reviewer approves the plan
        chosen: list[dict[str, Any]] = []
        seen: set[str] = set()
        for url in self.request["urls"]:
            if url not in seen:
                seen.add(url)
                chosen.append({"source_id": source_id_for(self.id, url), "url": url, "title": "",
                               "fused_score": 1.0})
        budget = max(int(self.request["max_sources"]), len(chosen))
        fused = [(url, score, title) for url, score, title in fuse_hits(self.hits) if url not in seen]
        if self.plan.get("domain") == "shopping":
            fused = offers_within(fused, self.hits, budget - len(chosen))
        else:  # each sub-query's best hit is read, whatever the fusion gives it
            fused = with_each_best(fused, self.hits, budget - len(chosen))
        for url, score, title in fused[:max(0, budget - len(chosen))]:
            seen.add(url)
            chosen.append({"source_id": source_id_for(self.id, url), "url": url, "title": title,
                           "fused_score": round(score, 6)})
        self.select_sources(sources=chosen)
        self.maybe_complete_extraction()
        return True

    # ---- plan review (contracts/plan_review.py): PlanRevised, PlanApproved -------------------------------
    @property
    def awaiting_plan_review(self) -> bool:
        """True while the run (requested with ``review_plan``) waits for its plan to be approved."""
        return getattr(self, "plan_review", None) == "awaiting" and not self.finished

    @event("PlanRevised")
    def revise_plan(self, sub_queries: list[dict[str, str]], previous: list[str]) -> None:
        """A reviewer's edit: ``sub_queries`` replace the plan's (and what is to be searched)."""
        assert self.plan is not None
        self.plan = _with(self.plan, "sub_queries", sub_queries)
        self.searches_pending = FrozenList(q["sub_query_id"] for q in sub_queries)

    @event("PlanApproved")
    def approve_plan(self, sub_queries: list[dict[str, str]], revised: bool, by: str) -> None:
        """The plan (``sub_queries``, as revised if ``revised``) goes ahead: the gatherer searches it."""
        self.plan_review = "approved"

    # ---- sources and claims -----------------------------------------------------------------------
    class SourceFetched(Aggregate.Event):
        """Stored ``SourceFetched``, version 6: the page metadata (``author``, ``published``, ``modified``,
        ``language``; each None when unknown), ``html_sha256`` (the stored HTML, None when not HTML), the
        instruction-like text flagged in the source (``instructions``: a list of {where, language, excerpt}), its
        scholarly record (``scholarly``: DOI, CrossRef metadata, retraction status; None for a source with no
        scholarly identifier) and its provenance (``provenance``: kind, publisher, named, canonical, signal) are
        always recorded. A version 1 record (written before the metadata existed) is upcast with each of them
        None, a version 2 record with ``html_sha256`` None, a version 3 record (before the flags) with
        ``instructions = []``, a version 4 record (before the scholarly record) with ``scholarly = None`` (it was
        never looked up), a version 5 record with kind ``unknown`` and no publisher."""

        class_version = 6
        source_id: UUID
        url: str
        final_url: str
        content_type: str
        title: str
        text_sha256: str
        chars: int
        via: str
        author: str | None
        published: str | None
        modified: str | None
        language: str | None
        instructions: list[dict[str, str]]
        scholarly: dict[str, Any] | None
        provenance: dict[str, Any]

        html_sha256: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            for field in ("author", "published", "modified", "language"):
                state.setdefault(field, None)

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            state.setdefault("html_sha256", None)

        @staticmethod
        def upcast_v3_v4(state: dict[str, Any]) -> None:
            state.setdefault("instructions", [])

        @staticmethod
        def upcast_v4_v5(state: dict[str, Any]) -> None:
            state.setdefault("scholarly", None)

        @staticmethod
        def upcast_v5_v6(state: dict[str, Any]) -> None:
            state.setdefault("provenance", {"kind": "unknown", "publisher": None, "named": False, "canonical": None,
                                            "signal": "recorded before source kinds"})

    @event(SourceFetched)
    def fetch_source(
        self, source_id: UUID, url: str, final_url: str, content_type: str, title: str, text_sha256: str,
        chars: int, via: str, author: str | None, published: str | None, modified: str | None,
        language: str | None, html_sha256: str | None, instructions: list[dict[str, str]],
        scholarly: dict[str, Any] | None, provenance: dict[str, Any],
    ) -> None:
        src = {**self.sources.get(str(source_id), {"url": url, "title": title}),
               "status": "fetched", "final_url": final_url, "content_type": content_type, "title": title,
               "text_sha256": text_sha256, "chars": chars, "via": via, "author": author, "published": published,
               "modified": modified, "language": language, "html_sha256": html_sha256,
               "instructions": freeze(instructions), "scholarly": freeze(scholarly), "provenance": freeze(provenance)}
        self.sources = _with(self.sources, str(source_id), src)

    @event("SourceFailed")
    def fail_source(self, source_id: UUID, url: str, reason: str) -> None:
        src = {**self.sources.get(str(source_id), {"url": url, "title": ""}), "status": "failed", "reason": reason}
        self.sources = _with(self.sources, str(source_id), src)

    @event("ClaimsExtracted")
    def extract_claims(
        self, source_id: UUID, claims: list[dict[str, Any]], engine: str, degraded: bool
    ) -> None:
        self.sources = _with(self.sources, str(source_id), {
            **self.sources[str(source_id)], "status": "extracted",
            "claim_ids": [str(c["claim_id"]) for c in claims]})
        extracted = dict(self.claims)
        for claim in claims:
            cid = str(claim["claim_id"])
            if cid not in extracted:
                extracted[cid] = freeze({**claim, "claim_id": cid, "source_id": str(source_id), "verdict": None})
        self.claims = FrozenDict(extracted)

    @event("ExtractionCompleted")
    def complete_extraction(self, claim_ids: list[UUID]) -> None:
        self.extraction_completed = True
        self.claims_to_verify = FrozenList(str(c) for c in claim_ids)

    def extracted_claim_ids(self) -> list[UUID]:
        """The ids of the claims extracted from the sources (a domain service's proposed figures left out: the
        general verification does not wait for them)."""
        return [UUID(c) for c, raw in self.claims.items() if not raw.get("domain")]

    def maybe_complete_extraction(self) -> bool:
        """Record ``ExtractionCompleted`` once every source failed or had its claims extracted."""
        if not self.sources_selected or self.extraction_completed or self.claims_verified:
            return False
        if any(s["status"] in ("pending", "fetched") for s in self.sources.values()):
            return False
        self.complete_extraction(claim_ids=self.extracted_claim_ids())
        if not self.request["verify_claims"]:
            self.maybe_complete_verification(force=True, missing=["claim verification (disabled by the request)"])
        else:
            self.maybe_complete_verification()
        return True

    class ClaimVerified(Aggregate.Event):
        """Stored ``ClaimVerified``, version 2: ``reuse_key`` and ``reused_from`` are always recorded. A version 1
        record (written before verdict reuse) is upcast with both None."""

        class_version = 2
        claim_id: UUID
        verdict: str
        stability: float
        support_score: float
        spans: list[dict[str, Any]]
        corroborating_domains: list[str]
        engine: str
        degraded: bool
        reuse_key: str | None
        reused_from: UUID | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["reuse_key"] = state.get("reuse_key")
            state["reused_from"] = state.get("reused_from")

    @event(ClaimVerified)
    def verify_claim(
        self, claim_id: UUID, verdict: str, stability: float, support_score: float,
        spans: list[dict[str, Any]], corroborating_domains: list[str], engine: str, degraded: bool,
        reuse_key: str | None = None, reused_from: UUID | None = None,
    ) -> None:
        self.claims = _with(self.claims, str(claim_id), {
            **self.claims[str(claim_id)], "verdict": verdict, "stability": stability,
            "support_score": support_score, "spans": spans, "corroborating_domains": corroborating_domains})

    @event("ClaimsVerified")
    def complete_verification(self, counts: dict[str, int], partial: bool, missing: list[str]) -> None:
        self.claims_verified = True
        self.partial = self.partial or partial
        self.missing = _unique([*self.missing, *missing])

    def maybe_complete_verification(self, *, force: bool = False, missing: list[str] | None = None) -> bool:
        """Record ``ClaimsVerified`` once every claim to verify has a verdict (or when ``force``d)."""
        if self.claims_verified:
            return False
        if not force and not open_claims_at_most(self.claims, self.claims_to_verify, 0):
            return False  # (called at every verdict: stops at the first open claim, read from the last back)
        if not self.extraction_completed and not force:
            return False
        pending = [c for c in self.claims_to_verify if self.claims[c]["verdict"] is None] if force else []
        counts: dict[str, int] = {"supported": 0, "contradicted": 0, "contested": 0, "unverified": 0,
                                  "pending": len(pending)}
        for cid in self.claims_to_verify:
            verdict = self.claims[cid]["verdict"]
            if verdict is not None:
                counts[verdict] = counts.get(verdict, 0) + 1
        self.complete_verification(counts=counts, partial=bool(missing) and self.request["verify_claims"],
                                   missing=list(missing or []))
        return True

    # ---- deadlines, failures, degradation ---------------------------------------------------------
    def missing_work(self, *, claims: bool = True) -> list[str]:
        """Human-readable list of the work not finished yet (for partial reports); ``claims=False`` leaves
        out claims still to be verified (when they are about to be)."""
        missing: list[str] = []
        if self.plan is None:
            missing.append("planning did not finish")
        if self.searches_pending:
            missing.append(f"{len(self.searches_pending)} sub-queries not searched: "
                           + ", ".join(self.searches_pending))
        pending = [_named(s) for s in self.sources.values() if s["status"] == "pending"]
        if pending:
            missing.append(f"{len(pending)} source(s) not fetched: " + ", ".join(pending[:10]))
        unextracted = [_named(s) for s in self.sources.values() if s["status"] == "fetched"]
        if unextracted:
            missing.append(f"{len(unextracted)} fetched source(s) without extracted claims: "
                           + ", ".join(unextracted[:10]))
        unverified = [c for c, raw in self.claims.items() if raw["verdict"] is None and not raw.get("domain")]
        if unverified and self.request["verify_claims"] and claims:
            missing.append(f"{len(unverified)} claim(s) not verified")
        return missing

    @event("DeadlineExpired")
    def expire(self, stage: str, missing: list[str]) -> None:
        """The time budget is spent. ``missing`` is what is unfinished now; when given, it replaces what an
        earlier ``DeadlineExpired`` of the run (a grace period's) said was missing, since work may have finished in
        the grace (sources fetched then are not "not fetched"); an empty one keeps it."""
        earlier = set(getattr(self, "deadline_missing", ())) if missing else set()
        self.partial = True
        self.deadline_passed = True
        if missing:
            self.deadline_missing = FrozenList(missing)
        self.missing = _unique([*(m for m in self.missing if m not in earlier), *missing])

    @event("StageDegraded")
    def degrade(self, stage: str, reason: str) -> None:
        self.degraded = FrozenList([*self.degraded, FrozenDict({"stage": stage, "reason": reason})])

    @event("UnitDeadLettered")
    def dead_letter_unit(self, stage: str, kind: str, unit: str, reason: str) -> None:
        """A unit of work was given up on (``contracts.UnitDeadLettered``): the run is partial and says so under
        "What is missing"; the unit's own failure is recorded beside it (``ResearchRuns.settle_dead_letter``)."""
        self.partial = True
        self.missing = _unique([*self.missing, dead_letter_line(stage, unit, reason)])

    @event("LlmCallRecorded")
    def record_llm_call(
        self, role: str, model: str, tokens_in: int, tokens_out: int, cost_usd: float, latency_ms: int,
        outcome: str, detail: str,
    ) -> None:
        """Add one model call to the run's totals; ``budget_exhausted`` marks the run partial."""
        usage = self.llm_usage
        self.llm_usage = FrozenDict({
            **usage, "tokens": usage["tokens"] + tokens_in + tokens_out,
            "usd": round(usage["usd"] + cost_usd, 9),
            "calls": usage["calls"] + (0 if outcome == "budget_exhausted" else 1)})
        if outcome == "budget_exhausted" and self.llm_budget_exhausted is None:
            self.llm_budget_exhausted = detail or "budget spent"
            self.partial = True
            note = f"model budget spent ({self.llm_budget_exhausted}): later model work used the offline engine"
            self.missing = _unique([*self.missing, note])

    @event("RunFailed")
    def fail(self, stage: str, reason: str) -> None:
        self.status = "failed"
        self.failure = FrozenDict({"stage": stage, "reason": reason})

    @event("RunCancelled")
    def cancel(self, reason: str) -> None:
        """The run was cancelled (a terminal event: see the class)."""
        self.status = "cancelled"
        self.cancelled = reason

    # ---- domain-code's own events (services/domain_code), kept by ``note_domain_event`` ---------------------
    @event("PackagesSurveyed")
    def survey_packages(self, ecosystems: list[str], packages: list[dict[str, Any]], failures: list[str],
                        workspace: dict[str, Any] | None, pages: list[dict[str, Any]] | None = None,
                        unread: list[dict[str, Any]] | None = None) -> None:
        """The code domain's package survey (``contracts.domain_code.PackagesSurveyed``; ``pages``: each fetched
        page's ecosystem and the candidates it names, None in records made before the survey read the pages;
        ``unread``: the candidates the pages name whose registry record could not be read, {ecosystem, name,
        error})."""
        self.note_domain_event("PackagesSurveyed", {"ecosystems": ecosystems, "packages": packages,
                                                    "failures": failures, "workspace": workspace,
                                                    "pages": list(pages or []), "unread": list(unread or [])})

    @event("ApiSignaturesExtracted")
    def extract_api_signatures(self, signatures: list[dict[str, Any]], packages: list[str],
                               problems: list[str]) -> None:
        """Signatures introspected from the surveyed packages (``ApiSignaturesExtracted``)."""
        self.note_domain_event("ApiSignaturesExtracted", {"signatures": signatures, "packages": packages,
                                                          "problems": problems})

    @event("SnippetChecked")
    def check_snippet(self, snippet_id: str, attempt: int, origin: str, language: str, code: str, status: str,
                      checker: str, stage: str, reason: str, error: str, versions: dict[str, str],
                      seconds: float) -> None:
        """One sandbox check of one snippet (``SnippetChecked``), kept as ``SnippetChecked:<id>:<attempt>``."""
        self.note_domain_event(f"SnippetChecked:{snippet_id}:{attempt}", {
            "snippet_id": snippet_id, "attempt": attempt, "origin": origin, "language": language, "status": status,
            "checker": checker, "stage": stage, "reason": reason, "versions": versions, "seconds": seconds})

    # ---- report and judgement ---------------------------------------------------------------------
    @event("ConfidenceGated")
    def gate_confidence(self, score: float, tier: str, signals: dict[str, float]) -> None:
        self.gate = freeze({"score": score, "tier": tier, "signals": signals})

    class ReportSynthesized(Aggregate.Event):
        """Stored ``ReportSynthesized``, version 2: ``degraded`` is always recorded. A version 1 record (written
        before the field existed) is upcast with ``degraded = False``."""

        class_version = 2
        report_sha256: str
        citations: list[dict[str, Any]]
        used_claim_ids: list[UUID]
        partial: bool
        missing: list[str]
        engine: str
        degraded: bool

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state.setdefault("degraded", False)

    @event(ReportSynthesized)
    def synthesize_report(
        self, report_sha256: str, citations: list[dict[str, Any]], used_claim_ids: list[UUID], partial: bool,
        missing: list[str], engine: str, degraded: bool,
    ) -> None:
        self.report = freeze({"report_sha256": report_sha256, "citations": citations,
                              "used_claim_ids": [str(c) for c in used_claim_ids], "partial": partial,
                              "missing": missing, "engine": engine, "degraded": degraded})
        self.missing = _unique([*self.missing, *missing])  # what the report says is missing is the run's too

    class ReportJudged(Aggregate.Event):
        """Stored ``ReportJudged``, version 2: ``degraded`` is always recorded. A version 1 record (written
        before the field existed) is upcast with ``degraded = False``."""

        class_version = 2
        factual_accuracy: int
        citation_density: int
        coverage: int
        total: int
        rationale: str
        engine: str
        degraded: bool

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state.setdefault("degraded", False)

    @event(ReportJudged)
    def judge_report(
        self, factual_accuracy: int, citation_density: int, coverage: int, total: int, rationale: str,
        engine: str, degraded: bool,
    ) -> None:
        self.judgement = FrozenDict({"factual_accuracy": factual_accuracy, "citation_density": citation_density,
                                     "coverage": coverage, "total": total, "rationale": rationale,
                                     "engine": engine, "degraded": degraded})

    @event("SelfVerificationCompleted")
    def self_verify(
        self, checks: list[dict[str, Any]], asked: int, disagreed: int, flagged: bool, engine: str, degraded: bool,
    ) -> None:
        """Chain-of-Verification of the report (the cove role's questions, answered from the evidence)."""
        self.self_verification = freeze({"checks": checks, "asked": asked, "disagreed": disagreed,
                                         "flagged": flagged, "engine": engine, "degraded": degraded})

    @event("CitationsAudited")
    def audit_citations(self, total: int, valid: int, invalid: list[str]) -> None:
        self.audit = freeze({"total": total, "valid": valid, "invalid": invalid})

    @event("RunCompleted")
    def complete(self, status: str, report_sha256: str, missing: list[str]) -> None:
        self.status = "completed" if status == "complete" else "partial"
        self.missing = _unique([*self.missing, *missing])

    # ---- re-checking an earlier report (contracts.recheck, shared.memory.questions) ----------------------------
    @event("RecheckPlanned")
    def plan_recheck(self, recheck_of: UUID, question: str, asked_at: str, similarity: float,
                     urls: list[str]) -> None:
        """This run re-checks run ``recheck_of``'s report (``asked_at``: ISO 8601 time that run was asked)."""
        self.recheck = freeze({"recheck_of": str(recheck_of), "question": question, "asked_at": asked_at,
                               "similarity": similarity, "urls": list(urls)})

    # ---- domain services (shopping, code ...): their own events, then DomainAnalysisCompleted ---------------
    def note_domain_event(self, name: str, payload: dict[str, Any]) -> None:
        """Keep a domain service's own event (``name`` -> its payload) in ``domain_events``; each domain event
        method calls this."""
        self.domain_events = _with(getattr(self, "domain_events", FrozenDict()), name, payload)

    class DomainAnalysisCompleted(_PickedV2, Aggregate.Event):
        """Stored ``DomainAnalysisCompleted``, version 2: ``pick`` records what backs the analysis' lead pick
        (``contracts.PickBacking`` as JSON, or None). A version 1 record (before the field existed) is upcast with
        ``pick = None`` (:class:`_PickedV2`): its pick counts as not backed."""

        domain: str
        status: str
        sections: list[dict[str, Any]]
        sources: list[dict[str, Any]]
        notes: list[str]
        reason: str
        max_tier: str
        engine: str
        degraded: bool
        pick: dict[str, Any] | None

    @event(DomainAnalysisCompleted)
    def complete_domain_analysis(
        self, domain: str, status: str, sections: list[dict[str, Any]], sources: list[dict[str, Any]],
        notes: list[str], reason: str, max_tier: str, engine: str, degraded: bool, pick: dict[str, Any] | None,
    ) -> None:
        """The domain analysis is in (once). ``after_claims_verified`` records whether the claims were already
        verified: then this event, not ``ClaimsVerified``, is the one that lets the synthesizer start."""
        self.domain_analysis = freeze({
            "domain": domain, "status": status, "sections": sections, "sources": sources, "notes": list(notes),
            "reason": reason, "max_tier": max_tier, "engine": engine, "degraded": degraded, "pick": pick,
            "after_claims_verified": self.claims_verified})
        said = list(notes)
        if status == "failed":
            said.append(f"the {domain} analysis failed: {reason}" if reason else f"the {domain} analysis failed")
        elif status == "unfinished":
            said.append(f"the {domain} analysis did not finish before the run's deadline")
            self.partial = True
        self.missing = _unique([*self.missing, *said])

    # ---- a domain's figures as claims (contracts: DomainFiguresProposed, DomainFigure) -------------------------
    class DomainFiguresProposed(_PickedV2, Aggregate.Event):
        """Stored ``DomainFiguresProposed``, version 2: ``pick`` as in ``DomainAnalysisCompleted``; a version 1
        record is upcast with ``pick = None`` (:class:`_PickedV2`)."""

        domain: str
        figures: list[dict[str, Any]]
        sections: list[dict[str, Any]]
        sources: list[dict[str, Any]]
        notes: list[str]
        max_tier: str
        engine: str
        degraded: bool
        pick: dict[str, Any] | None

    @event(DomainFiguresProposed)
    def propose_domain_figures(
        self, domain: str, figures: list[dict[str, Any]], sections: list[dict[str, Any]],
        sources: list[dict[str, Any]], notes: list[str], max_tier: str, engine: str, degraded: bool,
        pick: dict[str, Any] | None,
    ) -> None:
        """A domain's figures become claims (``"domain"``: the domain, verdict None; never among
        ``claims_to_verify``: the general verification does not wait for them) and its analysis waits in
        ``domain_pending`` until each has a verdict (:meth:`maybe_complete_domain_analysis`)."""
        claims = dict(self.claims)
        for f in figures:
            cid = str(f["claim_id"])
            if cid not in claims:
                claims[cid] = freeze({**f, "claim_id": cid, "source_id": str(f["source_id"]), "domain": domain,
                                      "numeric": True, "verdict": None})
        self.claims = FrozenDict(claims)
        self.domain_pending = freeze({
            "domain": domain, "sections": sections, "sources": sources, "notes": list(notes), "max_tier": max_tier,
            "engine": engine, "degraded": degraded, "pick": pick,
            "figure_ids": list(dict.fromkeys(str(f["claim_id"]) for f in figures))})

    def maybe_complete_domain_analysis(self, *, force: bool = False) -> bool:
        """Record the pending domain analysis (``DomainAnalysisCompleted``, complete) once every proposed figure
        has a verdict, or now when ``force``d (the deadline: a note says how many figures went unchecked).
        Returns whether it was recorded now."""
        pending = getattr(self, "domain_pending", None)
        if not pending or getattr(self, "domain_analysis", None) is not None:
            return False
        unchecked = [c for c in pending["figure_ids"] if self.claims[c]["verdict"] is None]
        if unchecked and not force:
            return False
        notes = list(pending["notes"])
        if unchecked:
            notes.append(f"{len(unchecked)} of the {len(pending['figure_ids'])} {pending['domain']} figures were "
                         "not checked by the verifier before the run's deadline")
        self.complete_domain_analysis(
            domain=pending["domain"], status="complete", sections=list(pending["sections"]),
            sources=list(pending["sources"]), notes=notes, reason="", max_tier=pending["max_tier"],
            engine=pending["engine"], degraded=pending["degraded"], pick=pending.get("pick"))
        return True

    # domain-shopping's events (contracts: ProductsIdentified, SpecMatrixBuilt, OffersCollected, ReviewsSummarized)
    @event("ProductsIdentified")
    def identify_products(self, products: list[dict[str, Any]]) -> None:
        self.note_domain_event("ProductsIdentified", {"products": products})

    @event("SpecMatrixBuilt")
    def build_spec_matrix(self, attributes: list[str], cells: list[dict[str, Any]], conflicts: list[str]) -> None:
        self.note_domain_event("SpecMatrixBuilt", {"attributes": attributes, "cells": cells, "conflicts": conflicts})

    class OffersCollected(Aggregate.Event):
        """Stored ``OffersCollected``, version 2: each offer records ``compared_price``, ``compared_currency`` and
        ``rate_date`` (the offer in the comparison currency and the reference rates' day; None when not
        converted). A version 1 record (before currency conversion) is upcast with an offer's own price as its
        compared price (offers were then compared only in their own currency) and no rate date."""

        class_version = 2
        offers: list[dict[str, Any]]
        budget: float | None
        budget_currency: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["offers"] = [{**o, "compared_price": o.get("price") if o.get("currency") else None,
                                "compared_currency": o.get("currency") if o.get("price") is not None else None,
                                "rate_date": None} for o in state.get("offers", [])]

    @event(OffersCollected)
    def collect_offers(self, offers: list[dict[str, Any]], budget: float | None, budget_currency: str | None
                       ) -> None:
        self.note_domain_event("OffersCollected", {"offers": offers, "budget": budget,
                                                   "budget_currency": budget_currency})

    @event("ReviewsSummarized")
    def summarize_reviews(self, reviews: list[dict[str, Any]],
                          sponsored_sources: list[dict[str, Any]] | None = None) -> None:
        """Reviews per product; ``sponsored_sources`` ({source_id, why}: every source found sponsored or
        affiliate content; None in records made before it was kept)."""
        self.note_domain_event("ReviewsSummarized", {"reviews": reviews,
                                                     "sponsored_sources": list(sponsored_sources or [])})

    def awaits_domain(self, domains: Iterable[str]) -> bool:
        """Whether the plan's domain is one of ``domains`` (those with a domain service) and its analysis is not
        in yet."""
        return (self.plan is not None and self.plan["domain"] in set(domains)
                and getattr(self, "domain_analysis", None) is None)

    @property
    def finished(self) -> bool:
        """True once the run completed (fully or partially), failed or was cancelled."""
        return self.status != "running"

    @property
    def closed(self) -> bool:
        """True once the run takes no more stage work: it finished, or its deadline passed and its verification
        was closed (``DeadlineExpired`` then ``ClaimsVerified``: its partial report is being written from what
        was done by then, so no search, fetch, extraction or verdict is recorded or done for it any more)."""
        return self.finished or (bool(getattr(self, "deadline_passed", False)) and bool(self.claims_verified))


class EvalRun(Aggregate):
    """One ``assay eval`` run: a single ``EvalRunCompleted`` event in its own stream (id = the eval id)."""

    @staticmethod
    def create_id(run_id: UUID, **_: Any) -> UUID:
        return run_id

    @event("EvalRunCompleted")
    def __init__(self, run_id: UUID, suite: str, split: str, questions: int, figures: dict[str, float | None],
                 engine: str, config: dict[str, str]) -> None:
        self.result = freeze({"suite": suite, "split": split, "questions": questions, "figures": dict(figures),
                              "engine": engine, "config": dict(config)})


def dead_letter_line(stage: str, unit: str, reason: str) -> str:
    """The "What is missing" line of a dead-lettered unit: what was not done, which stage gave up and why."""
    return f"{unit}: the {stage} gave up on it ({reason})"


def _named(source: dict[str, Any]) -> str:
    """How a source is named in a "What is missing" line: its URL, or its title for a local document (whose
    address, ``doc:<sha256>``, says nothing to a reader)."""
    url = str(source.get("url", ""))
    title = str(source.get("title") or "")
    return f"{title} ({url[:16]}…)" if url.startswith("doc:") and title else url


# ---- the run view: a typed, frozen read of one run (issue 8) ----------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class RunRequest:
    """What the run was asked (``RunStarted``): the question and its options. ``budget`` is the request's budget
    record ({seconds, ...}); ``budget_s`` its time budget in seconds."""

    question: str
    scope: str  # "local", "web" or "both"
    depth: str  # "quick", "standard" or "deep"
    domain: str  # "auto" or a named domain
    max_sources: int
    site_filter: tuple[str, ...]
    language: str | None
    verify_claims: bool
    budget: Mapping[str, Any]
    urls: tuple[str, ...]
    corpus: str | None
    memory: bool
    workspace: str | None
    review_plan: bool = False  # the run waits for PlanApproved after its plan
    providers: tuple[str, ...] | None = None  # the search providers it may use (None: every configured one)
    #: the request as ``RunStarted`` recorded it (what ``assay run --json`` prints)
    record: Mapping[str, Any] = dc_field(default_factory=lambda: FrozenDict(), compare=False, repr=False)

    @property
    def budget_s(self) -> float:
        """The run's time budget in seconds (``budget["seconds"]``)."""
        return float(self.budget["seconds"])


@dataclass(frozen=True, slots=True, kw_only=True)
class SubQuery:
    """One sub-query of a plan: its id (``q1``, ``q2``...) and text."""

    sub_query_id: str
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Plan:
    """The run's plan (``PlanCreated``): sub-queries, domain, report language, engine, perspectives."""

    sub_queries: tuple[SubQuery, ...]
    domain: str
    language: str
    engine: str
    degraded: bool
    perspectives: tuple[str, ...]
    #: the plan as ``PlanCreated`` recorded it (what ``assay run --json`` prints)
    record: Mapping[str, Any] = dc_field(default_factory=lambda: FrozenDict(), compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceView:
    """One selected source of a run, in the state its events left it: ``pending`` (selected), ``fetched``,
    ``extracted`` (claims recorded) or ``failed`` (``reason`` says why). The fetch fields are None (or empty)
    until ``SourceFetched``; ``provenance`` and ``scholarly`` are the recorded records ({kind, publisher, named,
    canonical, signal} and ``contracts.ScholarlyRecord``'s fields)."""

    source_id: str
    url: str
    title: str
    status: str
    fused_score: float = 0.0
    final_url: str | None = None
    content_type: str | None = None
    text_sha256: str | None = None
    html_sha256: str | None = None
    chars: int = 0
    via: str | None = None
    author: str | None = None
    published: str | None = None
    modified: str | None = None
    language: str | None = None
    instructions: tuple[Mapping[str, str], ...] = ()
    scholarly: Mapping[str, Any] | None = None
    provenance: Mapping[str, Any] = dc_field(default_factory=lambda: FrozenDict())
    reason: str | None = None
    claim_ids: tuple[str, ...] = ()
    #: the source as the aggregate keeps it (the keys its events set: what ``assay run --json`` prints)
    record: Mapping[str, Any] = dc_field(default_factory=lambda: FrozenDict(), compare=False, repr=False)

    @property
    def address(self) -> str:
        """Where the text came from: the final URL (after redirects) or file path, else the URL asked for."""
        return self.final_url or self.url

    @property
    def dropped(self) -> bool:
        """Whether the source failed only because the run has its text already: research memory's copy of a page
        this run fetched live (reason ``superseded: ...``) or of a text another source holds (``duplicate: ...``).
        Not a failure to report: the page is among the run's sources."""
        return self.status == "failed" and (self.reason or "").startswith(("superseded:", "duplicate:"))

    @property
    def retracted(self) -> bool:
        """Whether the source's scholarly record says it was retracted or withdrawn."""
        return (self.scholarly or {}).get("status") in ("retracted", "withdrawn")


@dataclass(frozen=True, slots=True, kw_only=True)
class ReportRecord:
    """The run's recorded report (``ReportSynthesized``): the stored Markdown's digest, its citations, the claims
    it used, what it says is missing, the engine that wrote it."""

    report_sha256: str
    citations: tuple[Citation, ...]
    used_claim_ids: tuple[str, ...]
    partial: bool
    missing: tuple[str, ...]
    engine: str
    degraded: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Gate:
    """The report's confidence gate (``ConfidenceGated``): score 0-1, tier (low, medium, high) and the signals it
    was computed from (name -> value; ``p_answered`` the calibrated probability that the report answers)."""

    score: float
    tier: str
    signals: Mapping[str, float]
    #: the gate as ``ConfidenceGated`` recorded it (what ``assay run --json`` prints)
    record: Mapping[str, Any] = dc_field(default_factory=lambda: FrozenDict(), compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class DomainAnalysis:
    """A domain service's analysis (``DomainAnalysisCompleted``): its status (complete, failed, unfinished) and
    reason, the report sections and the documents it stored itself (``sources``: {source_id, url, title,
    document_sha256}), notes, the confidence cap (``max_tier``), the engine; ``after_claims_verified`` whether the
    claims were verified before it came in (then it starts the report)."""

    domain: str
    status: str
    sections: tuple[Mapping[str, Any], ...] = ()
    sources: tuple[Mapping[str, Any], ...] = ()
    notes: tuple[str, ...] = ()
    reason: str = ""
    max_tier: str = "high"
    engine: str = "offline"
    degraded: bool = False
    after_claims_verified: bool = False
    #: what backs the lead pick (``contracts.PickBacking`` as JSON); None when the analysis gave none (a record
    #: made before the field existed, a failed or unfinished analysis)
    pick: Mapping[str, Any] | None = None
    #: the analysis as ``DomainAnalysisCompleted`` recorded it (what ``assay run --json`` prints)
    record: Mapping[str, Any] = dc_field(default_factory=lambda: FrozenDict(), compare=False, repr=False)

    @classmethod
    def of(cls, raw: Mapping[str, Any]) -> DomainAnalysis:
        """The analysis of a recorded payload (missing fields take their defaults)."""
        return cls(domain=str(raw.get("domain") or ""), status=str(raw.get("status") or ""),
                   sections=tuple(raw.get("sections") or ()), sources=tuple(raw.get("sources") or ()),
                   notes=tuple(raw.get("notes") or ()), reason=str(raw.get("reason") or ""),
                   max_tier=str(raw.get("max_tier") or "high"), engine=str(raw.get("engine") or "offline"),
                   degraded=bool(raw.get("degraded")), after_claims_verified=bool(raw.get("after_claims_verified")),
                   pick=freeze(raw["pick"]) if raw.get("pick") is not None else None, record=freeze(raw))


@dataclass(frozen=True, slots=True, kw_only=True)
class RunView:
    """A typed, read-only view of one run's state (what ``ResearchRuns.get_run`` returns): every field is
    immutable (tuples, frozen values; the mappings are ``FrozenDict``s whose mutators raise ``TypeError``, and
    ``sources`` and ``claims`` read-only :class:`TypedEntries` whose values are built when first read).

    ``sources`` and ``claims`` are keyed by the id as a string; ``hits`` by sub-query id (the fused search hits,
    {url, title, snippet, provider, rank, score}); ``judgement``, ``audit``, ``self_verification`` and ``failure``
    are the recorded payloads of their events (None until recorded).
    """

    run_id: UUID
    version: int
    created_on: datetime
    request: RunRequest
    status: str  # "running", "completed", "partial", "failed" or "cancelled"
    plan: Plan | None
    hits: Mapping[str, Sequence[Mapping[str, Any]]]
    providers_failed: tuple[str, ...]
    sources: Mapping[str, SourceView]
    claims: Mapping[str, Claim]
    claims_to_verify: tuple[str, ...]
    extraction_completed: bool
    claims_verified: bool
    partial: bool
    missing: tuple[str, ...]
    gate: Gate | None
    report: ReportRecord | None
    judgement: Mapping[str, Any] | None
    audit: Mapping[str, Any] | None
    self_verification: Mapping[str, Any] | None
    failure: Mapping[str, str] | None
    degraded: tuple[Mapping[str, str], ...]
    llm_usage: Mapping[str, Any]
    cancelled: str | None
    finished: bool
    closed: bool  # no more stage work: finished, or closed at its deadline (``ResearchRun.closed``)
    domain_analysis: DomainAnalysis | None
    domain_events: Mapping[str, Any]
    plan_review: str | None = None  # plan review: None (not asked), "awaiting", "approved" or "not approved" (ended)
    recheck: Mapping[str, Any] | None = None  # RecheckPlanned's payload: the past run this run re-checks

    def source(self, source_id: UUID | str) -> SourceView | None:
        """The source ``source_id``, None when the run has no such source."""
        return self.sources.get(str(source_id))

    def claim(self, claim_id: UUID | str) -> Claim | None:
        """The claim ``claim_id``, None when the run has no such claim."""
        return self.claims.get(str(claim_id))

    @property
    def language(self) -> str:
        """The report language: the plan's, else "en"."""
        return self.plan.language if self.plan is not None and self.plan.language else "en"

    def _last_checks(self) -> dict[str, Mapping[str, Any]]:
        """The last attempt's ``SnippetChecked`` payload of each snippet the code domain checked, by snippet id."""
        last: dict[str, Mapping[str, Any]] = {}
        for name, payload in self.domain_events.items():
            if not name.startswith("SnippetChecked:") or not isinstance(payload, Mapping):
                continue
            sid = str(payload.get("snippet_id", name))
            if sid not in last or int(payload.get("attempt", 0) or 0) >= int(last[sid].get("attempt", 0) or 0):
                last[sid] = payload
        return last

    def usage_code_passed(self) -> bool | None:
        """Whether the code domain's report shows usage code that passed its sandbox check beyond its syntax and
        rests on API signatures read from the package itself, read from the run's ``SnippetChecked`` events (the
        last attempt of each snippet) and ``ApiSignaturesExtracted``: a snippet written to do the task — proposed by
        a model (origin "model" or "repair") or a fetched page's own usage example ("docs") — whose checker ran it
        or type-checked it (:data:`DEEP_CHECK_STEPS`; not "syntax only"), while signatures were read. An import check
        (origin "offline") or the asker's own code ("question") is no usage code. None when no snippet was checked
        (no code analysis, or one that checked nothing); else True or False. Never raises."""
        last = self._last_checks()
        if not last:
            return None
        signatures = (self.domain_events.get("ApiSignaturesExtracted") or {}).get("signatures") or ()
        return bool(signatures) and any(
            c.get("origin") in USAGE_CODE_ORIGINS and c.get("status") == "passed" and deep_check(str(c.get("checker", "")))
            for c in last.values())

    def code_ran(self) -> bool | None:
        """Whether any snippet the code domain checked (the last attempt of each, ``SnippetChecked``; usage code
        or an import check) passed a check whose steps include running it ("py_compile + mypy 1.0 + run"): a
        type check alone says the names fit, not that the code works. None when no snippet was checked. Never
        raises."""
        last = self._last_checks()
        if not last:
            return None
        return any(c.get("status") == "passed" and any(step.strip() == "run" for step in
                                                       str(c.get("checker", "")).split(" + "))
                   for c in last.values())


#: the origins of a checked snippet written to do the task: a model's (or its repair) and a fetched page's usage
#: example; not an import check ("offline") nor the asker's own code ("question")
USAGE_CODE_ORIGINS = frozenset({"model", "repair", "docs"})
#: the steps of a sandbox checker (``SnippetChecked.checker``, "py_compile + mypy 1.0 + run") that read more than
#: the syntax: the code ran, or a type checker read it
DEEP_CHECK_STEPS = ("run", "mypy", "pyright", "tsc", "cargo check")


def deep_check(checker: str) -> bool:
    """Whether a passed check's ``checker`` ("py_compile + mypy 1.0 + run") ran the code or type-checked it
    (:data:`DEEP_CHECK_STEPS`), not only parsed it ("py_compile", "node --check (syntax only)")."""
    if "syntax only" in checker:
        return False
    return any(step.strip().startswith(DEEP_CHECK_STEPS) for step in checker.split(" + "))


def _figure_of(raw: Mapping[str, Any]) -> FigureWindow | None:
    """Where a domain figure was read (None for an extracted claim)."""
    if not raw.get("domain"):
        return None
    return FigureWindow(domain=str(raw["domain"]), quote=str(raw.get("quote") or ""),
                        window_start=int(raw.get("window_start", raw.get("start", 0))),
                        window_end=int(raw.get("window_end", raw.get("end", 0))),
                        document_sha256=raw.get("document_sha256"))


def _claim_of(raw: Mapping[str, Any]) -> Claim:
    spans = [EvidenceCandidate(source_id=str(sp["source_id"]), domain="", start=int(sp["start"]),
                               end=int(sp["end"]), text=str(sp["quote"]), label=str(sp.get("label", "supports")),
                               retrieval_score=float(sp.get("score", 0.0)))
             for sp in (raw.get("spans") or ())]
    return Claim(claim_id=str(raw["claim_id"]), source_id=str(raw["source_id"]), text=str(raw["text"]),
                 start=int(raw.get("start", 0)), end=int(raw.get("end", 0)), numeric=bool(raw.get("numeric", False)),
                 recent=bool(raw.get("recent", False)), named_event=bool(raw.get("named_event", False)),
                 verdict=raw.get("verdict"), stability=float(raw.get("stability") or 0.0),
                 support_score=float(raw.get("support_score") or 0.0), spans=spans,
                 corroborating_domains=list(raw.get("corroborating_domains") or ()), figure=_figure_of(raw))


def _source_of(source_id: str, raw: Mapping[str, Any]) -> SourceView:
    return SourceView(
        source_id=source_id, record=raw, url=str(raw["url"]), title=str(raw.get("title") or ""), status=str(raw["status"]),
        fused_score=float(raw.get("fused_score") or 0.0), final_url=raw.get("final_url"),
        content_type=raw.get("content_type"), text_sha256=raw.get("text_sha256"),
        html_sha256=raw.get("html_sha256"), chars=int(raw.get("chars") or 0), via=raw.get("via"),
        author=raw.get("author"), published=raw.get("published"), modified=raw.get("modified"),
        language=raw.get("language"), instructions=tuple(raw.get("instructions") or ()),
        scholarly=raw.get("scholarly"), provenance=raw.get("provenance") or FrozenDict(), reason=raw.get("reason"),
        claim_ids=tuple(raw.get("claim_ids") or ()))


V = TypeVar("V")


class TypedEntries(Mapping[str, V], Generic[V]):
    """A run's sources or claims as typed values (``SourceView``, ``Claim``): a read-only mapping over the run's
    raw entries (its ``FrozenDict``) that builds an entry's typed value when it is first read and keeps it in
    ``kept`` (shared by every view of the run: ``RunViews``) for as long as the raw entry is the same object (an
    event that changes an entry replaces it). So a view costs nothing per entry: a verifier that reads one claim
    of a 1,000-claim run builds one claim, not 1,000. Assignment raises ``TypeError``; ``dict(x)`` gives a plain
    copy (as do copy, deepcopy and pickle)."""

    __slots__ = ("_raw", "_kept", "_build")

    def __init__(self, raw: Mapping[str, Any], kept: dict[str, tuple[Any, V]], build: Any) -> None:
        self._raw = raw
        self._kept = kept
        self._build = build  # (key, raw entry) -> typed value

    def __getitem__(self, key: str) -> V:
        raw = self._raw[key]
        hit = self._kept.get(key)
        if hit is not None and hit[0] is raw:
            return hit[1]
        value: V = self._build(key, raw)
        self._kept[key] = (raw, value)  # (threads racing here build equal values; either is kept)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._raw

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def __reduce__(self) -> tuple[Any, ...]:  # copy/deepcopy/pickle: a plain dict of the typed values
        return dict, (dict(self.items()),)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} entries)"


def _source_entry(source_id: str, raw: Mapping[str, Any]) -> SourceView:
    return _source_of(source_id, raw)


def _claim_entry(_: str, raw: Mapping[str, Any]) -> Claim:
    return _claim_of(raw)


class RunViews:
    """Builds :class:`RunView` s of ``ResearchRun`` states. Thread-safe.

    A run's sources and claims are copy-on-write ``FrozenDict``s (see the module docstring): an entry no event
    changed is the same object in the next state, so its typed value, built when first read
    (:class:`TypedEntries`), is reused by every later view of that run instead of built again (a verifier reads
    its run once per claim; a view costs the same on a run of 10 claims and of 10,000).
    """

    def __init__(self, *, runs_kept: int = 64) -> None:
        self._runs_kept = runs_kept
        self._last: dict[UUID, tuple[dict[str, tuple[Any, SourceView]], dict[str, tuple[Any, Claim]]]] = {}
        self._lock = threading.Lock()

    def view(self, run: ResearchRun) -> RunView:
        """The typed, frozen view of ``run``'s current state."""
        with self._lock:
            kept = self._last.pop(run.id, None) or ({}, {})
            self._last[run.id] = kept  # (the most recently viewed runs are kept)
            while len(self._last) > self._runs_kept:
                self._last.pop(next(iter(self._last)))
        sources: TypedEntries[SourceView] = TypedEntries(run.sources, kept[0], _source_entry)
        claims: TypedEntries[Claim] = TypedEntries(run.claims, kept[1], _claim_entry)
        req = run.request
        plan = None
        if run.plan is not None:
            plan = Plan(sub_queries=tuple(SubQuery(sub_query_id=str(q["sub_query_id"]), text=str(q["text"]))
                                          for q in run.plan["sub_queries"]),
                        domain=str(run.plan["domain"]), language=str(run.plan["language"] or ""),
                        engine=str(run.plan.get("engine", "offline")), degraded=bool(run.plan.get("degraded")),
                        perspectives=tuple(run.plan.get("perspectives") or ()), record=run.plan)
        analysis = getattr(run, "domain_analysis", None)
        report = None
        if run.report is not None:
            rep = run.report
            report = ReportRecord(
                report_sha256=str(rep["report_sha256"]),
                citations=tuple(Citation(n=int(c["n"]), source_id=str(c["source_id"]), claim_id=str(c["claim_id"]),
                                         start=int(c["start"]), end=int(c["end"]), quote=str(c["quote"]))
                                for c in rep["citations"]),
                used_claim_ids=tuple(str(c) for c in rep["used_claim_ids"]), partial=bool(rep.get("partial")),
                missing=tuple(rep.get("missing") or ()), engine=str(rep.get("engine", "offline")),
                degraded=bool(rep.get("degraded")))
        return RunView(
            run_id=run.id, version=run.version, created_on=run.created_on,
            request=RunRequest(
                question=str(req["question"]), scope=str(req["scope"]), depth=str(req["depth"]),
                domain=str(req["domain"]), max_sources=int(req["max_sources"]),
                site_filter=tuple(req.get("site_filter") or ()), language=req.get("language"),
                verify_claims=bool(req["verify_claims"]), budget=req["budget"], urls=tuple(req.get("urls") or ()),
                corpus=req.get("corpus"), memory=bool(req.get("memory", True)), workspace=req.get("workspace"),
                review_plan=bool(req.get("review_plan")),
                providers=None if req.get("providers") is None else tuple(req["providers"]),
                record=req),
            status=run.status, plan=plan, hits=run.hits, providers_failed=tuple(run.providers_failed),
            sources=sources, claims=claims,
            claims_to_verify=tuple(run.claims_to_verify), extraction_completed=bool(run.extraction_completed),
            claims_verified=bool(run.claims_verified),
            partial=bool(run.partial), missing=tuple(run.missing), report=report,
            gate=None if run.gate is None else Gate(score=float(run.gate["score"]), tier=str(run.gate["tier"]),
                                                    signals=run.gate["signals"], record=run.gate),
            judgement=run.judgement, audit=run.audit, self_verification=getattr(run, "self_verification", None),
            failure=run.failure, degraded=tuple(run.degraded), llm_usage=run.llm_usage,
            cancelled=getattr(run, "cancelled", None), finished=run.finished, closed=run.closed,
            domain_analysis=None if analysis is None else DomainAnalysis.of(analysis),
            domain_events=getattr(run, "domain_events", FrozenDict()),
            # a run that ended while its plan waited was never approved: it waits no more
            plan_review=("not approved" if getattr(run, "plan_review", None) == "awaiting" and run.finished
                         else getattr(run, "plan_review", None)),
            recheck=getattr(run, "recheck", None))
