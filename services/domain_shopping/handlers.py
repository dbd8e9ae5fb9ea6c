"""domain-shopping: a shopping run's products, spec matrix, offers and reviews, and its report sections.

It acts only on runs whose plan's domain is ``shopping`` (the planner's detection, or ``assay run --domain``).
Its work needs the pages, so it starts on ``ExtractionCompleted`` (every selected source fetched or failed; the
fan-in the aggregate records), reads each fetched source's stored text and HTML (``SourceFetched.html_sha256``)
from the document store, has the model engine read the pages without structured data when the ``extractor`` role
has a model (``services.domain_shopping.model``), runs the offline engine (``services.domain_shopping.offline``),
and records
``ProductsIdentified``, ``SpecMatrixBuilt``, ``OffersCollected``, ``ReviewsSummarized`` (when reviews or
sponsored pages were found) and finally ``DomainAnalysisCompleted`` with the report sections (verdicts, spec matrix, offers, reviews),
the page markup it cites (domain sources), notes and a confidence cap. When the run verifies claims, every cited
spec and price is first proposed as a claim (``DomainFiguresProposed``, one ``VerifyClaim`` each): the verifier
checks each against its own evidence window and the analysis is recorded with the last verdict. Whatever goes wrong is recorded as a
failed analysis with the reason, so the run still ends with the general report.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ExtractionCompleted
from shared.bus import consumer_kwargs
from shared.domain import RunView
from shared.errors import TransientError
from shared.evidence import INDEPENDENT_KINDS, source_domain
from shared.llm import LlmGateway
from shared.llm.calls import ModelCalls
from shared.ports import Commands, Documents, DomainRuns, ask_figure_verification
from shared.runtime import Runtime
from shared.settings import DomainShoppingSettings
from shared.text.offers import OFFER_PRICE, shows_price

if TYPE_CHECKING:  # the engines (extruct, pint, price-parser...) load on a shopping run's first analysis only
    from services.domain_shopping.offline import Analysis, SourcePage

log = logging.getLogger("assay.domain_shopping")
DOMAIN = "shopping"
STAGE = "domain-shopping"


@dataclass(frozen=True, kw_only=True)
class Shopping:
    """The domain-shopping handler's collaborators: the event store, the document store (the pages' texts
    and HTML) and the bus (``VerifyClaim`` for each figure it proposes; None: figures are not proposed)."""

    runs: DomainRuns
    documents: Documents
    commands: Commands | None = None
    settings: DomainShoppingSettings | None = None  # the user's currency and rates table (None: no conversion)
    llm: LlmGateway | None = None  # the model gateway (None, or no ``extractor`` model: the offline engine alone)

    @classmethod
    def of(cls, rt: Runtime) -> Shopping:
        """The collaborators of a service process (its runtime)."""
        return cls(runs=rt.runs, documents=rt.documents, commands=rt.publisher, settings=rt.settings.shopping,
                   llm=rt.llm)


def source_pages(documents: Documents, run: RunView) -> list[SourcePage]:
    """The run's fetched sources with their stored text and HTML (None when the page was not HTML)."""
    from services.domain_shopping.offline import SourcePage

    fetched = [s for s in run.sources.values() if s.text_sha256]
    digests = [str(s.text_sha256) for s in fetched] + [s.html_sha256 for s in fetched if s.html_sha256]
    docs = documents.get_many(digests)
    found: dict[str, str] = {}  # address -> the title of the search result that found it (the fetch keeps its own)
    for hits in run.hits.values():
        for hit in hits:
            if str(hit.get("title") or "").strip():
                found.setdefault(str(hit.get("url") or ""), str(hit["title"]).strip())
    return [SourcePage(source_id=s.source_id, url=s.address, title=s.title or s.url,
                       text=docs.get(str(s.text_sha256), ""), html=docs.get(s.html_sha256) if s.html_sha256
                       else None, html_sha256=s.html_sha256,
                       search_title=found.get(s.url) or found.get(s.address) or "",
                       kind=str((s.provenance or {}).get("kind") or ""))
            for s in fetched]


#: how many unread offers' words a note quotes at most
UNREAD_QUOTED = 3


def unread_offers(run: RunView) -> list[tuple[str, str]]:
    """The search results of ``run`` that show an offer (a price with its currency in their title or snippet:
    :func:`shared.text.offers.shows_price`) and were not read (never selected within the source budget, or their
    fetch failed): (address, snippet), in the order found, each address once."""
    read = {a for s in run.sources.values() if s.text_sha256 for a in (s.url, s.address)}
    out: dict[str, str] = {}
    for hits in run.hits.values():
        for hit in hits:
            url = str(hit.get("url") or "")
            shown = f"{hit.get('title') or ''} {hit.get('snippet') or ''}"
            if url and url not in read and url not in out and url.startswith(("http://", "https://")) \
                    and shows_price(shown):
                out[url] = " ".join(str(hit.get("snippet") or hit.get("title") or "").split())
    return list(out.items())


def with_unread_offers(analysis: Analysis, unread: list[tuple[str, str]], question: str = "") -> Analysis:
    """``analysis`` with the offers left unread said (a note for "What is missing", quoting up to
    :data:`UNREAD_QUOTED` of them) and its confidence cap at most "medium" when its verdicts rest on offers (a
    budget, or a cheapest offer): an unread shop may sell a product cheaper or in stock ("Over the budget: Voltrex
    V12 Pro, lowest offer in stock 159.00" while "Voltrex V12 Pro, $147.50, in stock." was a result not read), and
    at most "low" when such a result shows another product than the pick within the budget (:func:`_within_budget`:
    the pick itself may change). When
    ``question`` names products of the analysis, only unread results naming one of them count (a look-alike's,
    "Voltrex V12 Pro" for the "Voltrex V12", does not: :func:`services.domain_shopping.offline.written`).
    Unchanged when nothing was left unread or no offer was found."""
    from services.domain_shopping.offline import written

    asked = question.lower()
    names = [str(n) for p in analysis.products for n in [p.get("name"), *(p.get("aliases") or [])]
             if n and any(written(asked, str(m)) for m in [p.get("name"), *(p.get("aliases") or [])] if m)]
    if names:
        unread = [(url, snippet) for url, snippet in unread if any(written(snippet.lower(), n) for n in names)]
    verdicts = next((str(s["body"]) for s in analysis.sections if s["heading"] == "Verdicts"), "")
    if not unread or not analysis.offers or (analysis.budget is None and "cheapest" not in verdicts):
        return analysis
    quoted = "; ".join(f'"{snippet[:120]}" ({url})' for url, snippet in unread[:UNREAD_QUOTED])
    more = f" and {len(unread) - UNREAD_QUOTED} more" if len(unread) > UNREAD_QUOTED else ""
    n = len(unread)
    note = (f"{n} search result{'s' if n != 1 else ''} showing a price {'were' if n != 1 else 'was'} not read within "
            f"the run's source budget ({quoted}{more}): an offer there may be cheaper or in stock, so the offers "
            "compared are not every offer found (ask again with a larger --max-sources to read them)")
    tier = "medium" if analysis.max_tier == "high" else analysis.max_tier
    within = _within_budget(analysis, unread)
    if within:
        # an unread result shows another product than the pick within the budget: the pick itself may change
        note += (f"; {within} is shown within the budget of {analysis.budget:g} {analysis.budget_currency or ''}"
                 .rstrip() + " there, so the verdict may change when it is read")
        tier = "low"
    return replace(analysis, notes=[*analysis.notes, note], max_tier=tier)


def _within_budget(analysis: Analysis, unread: list[tuple[str, str]]) -> str:
    """The first product of ``analysis`` other than its pick that an unread result's snippet shows at a price
    within the question's budget, in the budget's currency (or none written): "Voltrex V12 Pro" for "Voltrex V12
    Pro, $147.50, in stock." under a budget of 150 USD when the pick is the Voltrex V12. "" when the question
    states no budget or no such result was left unread."""
    from services.domain_shopping.offline import read_price, written

    if analysis.budget is None:
        return ""
    picked = str((analysis.pick or {}).get("subject") or "").lower()
    for _url, snippet in unread:
        lower = snippet.lower()
        shown = [str(p.get("name")) for p in analysis.products if p.get("name") and written(lower, str(p["name"]))]
        others = [n for n in shown if not written(picked, n.lower())]
        price = OFFER_PRICE.search(snippet)
        if not others or price is None:
            continue
        amount, currency, _written = read_price(price.group(0))
        if amount is not None and amount <= analysis.budget and currency in (None, analysis.budget_currency):
            return max(others, key=len)
    return ""


def pick_backing(analysis: Analysis, run: RunView) -> dict[str, Any]:
    """What backs the pick the verdicts open with (``contracts.PickBacking`` as JSON): the analysis' own facts
    (``Analysis.pick``: kind, subject, figures_agree, source_ids, compared) and what the run's sources say of the
    ones it cites: their publishers (``shared.evidence.source_domain``: one publisher's sites count once) and kinds
    (``SourceFetched.provenance``; a page the analysis read as an independent review or test,
    ``Analysis.review_sources``, is a review whatever the fetcher guessed: the verdicts' "an independent reviewer's
    pick" and the confidence line tell one story), sponsored or affiliate content not counted (a page the analysis
    found sponsored, a sponsored review's page, or a source of kind ``affiliate_review``). A page the service stored itself (its
    markup, a domain source) is read as the run source fetched from the same address. ``{"kind": "none"}`` when the
    verdicts open with no pick."""
    raw = analysis.pick
    if raw is None:
        return {"kind": "none"}
    sponsored = ({str(s["source_id"]) for s in analysis.sponsored_sources}
                 | {str(r["source_id"]) for r in analysis.reviews if r.get("sponsored")})
    reviewed = {str(s["source_id"]) for s in analysis.review_sources}
    own = {str(s["source_id"]): s for s in analysis.sources}
    by_url = {s.url: s for s in reversed(list(run.sources.values())) if s.url}  # the first source of each address
    backing: list[tuple[str, str]] = []  # (publisher, kind) of each cited source that is not sponsored
    for sid in raw["source_ids"]:
        src = run.sources.get(sid)
        if src is None and sid in own:
            src = by_url.get(str(own[sid].get("url") or ""))
        if src is None:
            if sid not in sponsored:
                backing.append((source_domain({"url": str(own.get(sid, {}).get("url") or sid)}), "unknown"))
            continue
        kind = str((src.provenance or {}).get("kind") or "unknown")
        if sid in sponsored or src.source_id in sponsored or kind == "affiliate_review":
            continue
        if kind not in INDEPENDENT_KINDS and (sid in reviewed or src.source_id in reviewed):
            kind = "review"  # the analysis read it as an independent review or test (its verdicts say so)
        record = {"url": src.url, "final_url": src.final_url, "title": src.title, "provenance": src.provenance}
        backing.append((source_domain(record), kind))
    return {**raw, "source_ids": [str(s) for s in raw["source_ids"]],
            "publishers": len({pub for pub, _ in backing}),
            "independent_review": any(kind in INDEPENDENT_KINDS for _, kind in backing),
            "sponsored_only": not backing}


def record(runs: DomainRuns, run_id: UUID, analysis: Analysis,
           proposed: list[dict[str, Any]] | None = None, pick: dict[str, Any] | None = None) -> None:
    """Record the analysis: the service's own events, then its figures as claims (``DomainFiguresProposed``:
    ``DomainAnalysisCompleted`` follows once the verifier has checked each) or, with no ``proposed`` figures,
    ``DomainAnalysisCompleted`` at once (each once); ``pick``: what backs its lead pick (:func:`pick_backing`)."""
    runs.record_domain_event(run_id, "ProductsIdentified", "identify_products", {"products": analysis.products})
    runs.record_domain_event(run_id, "SpecMatrixBuilt", "build_spec_matrix", {
        "attributes": analysis.attributes, "cells": analysis.cells, "conflicts": analysis.conflicts})
    runs.record_domain_event(run_id, "OffersCollected", "collect_offers", {
        "offers": analysis.offers, "budget": analysis.budget, "budget_currency": analysis.budget_currency})
    if analysis.reviews or analysis.sponsored_sources:
        runs.record_domain_event(run_id, "ReviewsSummarized", "summarize_reviews", {
            "reviews": analysis.reviews, "sponsored_sources": analysis.sponsored_sources})
    if proposed:
        runs.propose_domain_figures(run_id, domain=DOMAIN, figures=proposed, sections=analysis.sections,
                                    sources=analysis.sources, notes=analysis.notes, max_tier=analysis.max_tier,
                                    engine=analysis.engine, degraded=analysis.degraded, pick=pick)
        return
    runs.record_domain_analysis(run_id, domain=DOMAIN, status="complete", sections=analysis.sections,
                                sources=analysis.sources, notes=analysis.notes, max_tier=analysis.max_tier,
                                engine=analysis.engine, degraded=analysis.degraded, pick=pick)


async def on_extraction_completed(event: ExtractionCompleted, deps: Shopping) -> None:
    """``ExtractionCompleted`` of a shopping run -> the service's events + ``DomainAnalysisCompleted`` (once; a
    failure is recorded as a failed analysis with the reason, a store outage is redelivered)."""
    run = await asyncio.to_thread(deps.runs.get_run, event.run_id)
    if run.plan is None or run.plan.domain != DOMAIN or run.domain_analysis is not None:
        return
    if run.status != "running":
        return
    if await ask_verification(deps, run):
        return  # a redelivery after the figures were proposed: their checks are asked again (de-duplicated)
    model = await asyncio.to_thread(importlib.import_module, "services.domain_shopping.model")  # (off the loop)
    from services.domain_shopping.offline import asked_for, failed_tier, figures
    from services.domain_shopping.words import localize

    try:
        pages = await asyncio.to_thread(source_pages, deps.documents, run)
        calls = (ModelCalls(deps.llm, deps.runs, event.run_id, STAGE)
                 if deps.llm is not None and not deps.llm.offline(model.ROLE) else None)
        analysis = await model.analyse_run(deps.settings or DomainShoppingSettings(_env_file=None),
                                           run.request.question, pages, event.run_id, calls)
        if run.request.domain == DOMAIN:  # asked for (--domain shopping): finding no product is said at the top
            analysis = asked_for(analysis)
        analysis = with_unread_offers(analysis, unread_offers(run), run.request.question)
        analysis = localize(analysis, run.language)  # headings and notes in the report's language
        proposed = (figures(analysis, pages, event.run_id)
                    if run.request.verify_claims and deps.commands is not None else [])
        await asyncio.to_thread(record, deps.runs, event.run_id, analysis, proposed, pick_backing(analysis, run))
        if proposed:
            await ask_verification(deps, await asyncio.to_thread(deps.runs.get_run, event.run_id))
    except TransientError:
        raise  # waited out by redelivery (the error policy), like any stage
    except Exception as exc:  # noqa: BLE001 (a failed analysis must leave the run its general report)
        log.exception("run %s: the shopping analysis failed", event.run_id)
        # no verdict, offer or price was checked: at most "medium", "low" for a budget or a purchase asked
        await asyncio.to_thread(deps.runs.record_domain_analysis, event.run_id, domain=DOMAIN, status="failed",
                                reason=f"{type(exc).__name__}: {exc}"[:300], engine="offline",
                                max_tier=failed_tier(run.request.question))


async def ask_verification(deps: Shopping, run: RunView) -> bool:
    """Publish ``VerifyClaim`` for each of the run's shopping figures still without a verdict (the message id is
    the claim id: a repeat is de-duplicated by the bus). Returns whether the run has shopping figures at all."""
    return await ask_figure_verification(deps.commands, run, DOMAIN)


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the domain-shopping service: each calls its handler function with this process'
    collaborators."""
    router = NatsRouter()
    common = rt.settings.common

    @router.subscriber(ExtractionCompleted.SUBJECT, **consumer_kwargs(common, "domain-shopping", ExtractionCompleted))
    async def on_extraction_completed_msg(body: ExtractionCompleted) -> None:
        await on_extraction_completed(body, Shopping.of(rt))

    return router
