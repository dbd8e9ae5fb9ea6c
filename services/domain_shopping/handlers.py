"""domain-shopping: a shopping run's products, spec matrix, offers and reviews, and its report sections.

It acts only on runs whose plan's domain is ``shopping`` (the planner's detection, or ``assay run --domain``).
Its work needs the pages, so it starts on ``ExtractionCompleted`` (every selected source fetched or failed; the
fan-in the aggregate records), reads each fetched source's stored text and HTML (``SourceFetched.html_sha256``)
from the document store, runs the offline engine (``services.domain_shopping.offline``) and records
``ProductsIdentified``, ``SpecMatrixBuilt``, ``OffersCollected``, ``ReviewsSummarized`` (when reviews were
found) and finally ``DomainAnalysisCompleted`` with the report sections (verdicts, spec matrix, offers, reviews),
the page markup it cites (domain sources), notes and a confidence cap. Whatever goes wrong is recorded as a
failed analysis with the reason, so the run still ends with the general report.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ExtractionCompleted
from services.domain_shopping.offline import Analysis, SourcePage, analyse
from shared.bus import consumer_kwargs
from shared.errors import TransientError
from shared.runtime import Runtime

log = logging.getLogger("assay.domain_shopping")
DOMAIN = "shopping"
STAGE = "domain-shopping"


def source_pages(rt: Runtime, run: dict[str, Any]) -> list[SourcePage]:
    """The run's fetched sources with their stored text and HTML (None when the page was not HTML)."""
    fetched = [(sid, s) for sid, s in run["sources"].items() if s.get("text_sha256")]
    digests = [s["text_sha256"] for _, s in fetched] + [s["html_sha256"] for _, s in fetched if s.get("html_sha256")]
    docs = rt.documents.get_many(digests)
    return [SourcePage(source_id=sid, url=s.get("final_url") or s["url"], title=s.get("title") or s["url"],
                       text=docs.get(s["text_sha256"], ""), html=docs.get(s["html_sha256"]) if s.get("html_sha256")
                       else None, html_sha256=s.get("html_sha256"))
            for sid, s in fetched]


def record(rt: Runtime, run_id: UUID, analysis: Analysis) -> None:
    """Record the analysis: the service's own events, then ``DomainAnalysisCompleted`` (each once)."""
    runs = rt.runs
    runs.record_domain_event(run_id, "ProductsIdentified", "identify_products", {"products": analysis.products})
    runs.record_domain_event(run_id, "SpecMatrixBuilt", "build_spec_matrix", {
        "attributes": analysis.attributes, "cells": analysis.cells, "conflicts": analysis.conflicts})
    runs.record_domain_event(run_id, "OffersCollected", "collect_offers", {
        "offers": analysis.offers, "budget": analysis.budget, "budget_currency": analysis.budget_currency})
    if analysis.reviews:
        runs.record_domain_event(run_id, "ReviewsSummarized", "summarize_reviews", {"reviews": analysis.reviews})
    runs.record_domain_analysis(run_id, domain=DOMAIN, status="complete", sections=analysis.sections,
                                sources=analysis.sources, notes=analysis.notes, max_tier=analysis.max_tier,
                                engine="offline")


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the domain-shopping service."""
    router = NatsRouter()
    common = rt.settings.common

    @router.subscriber(ExtractionCompleted.SUBJECT, **consumer_kwargs(common, "domain-shopping", ExtractionCompleted))
    async def on_extraction_completed(body: ExtractionCompleted) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        if (run["plan"] or {}).get("domain") != DOMAIN or run["domain_analysis"] is not None:
            return
        if run["status"] != "running":
            return
        try:
            pages = await asyncio.to_thread(source_pages, rt, run)
            analysis = await asyncio.to_thread(analyse, run["request"]["question"], pages, body.run_id)
            await asyncio.to_thread(record, rt, body.run_id, analysis)
        except TransientError:
            raise  # waited out by redelivery (the error policy), like any stage
        except Exception as exc:  # noqa: BLE001 (a failed analysis must leave the run its general report)
            log.exception("run %s: the shopping analysis failed", body.run_id)
            await asyncio.to_thread(rt.runs.record_domain_analysis, body.run_id, domain=DOMAIN, status="failed",
                                    reason=f"{type(exc).__name__}: {exc}"[:300], engine="offline")

    return router
