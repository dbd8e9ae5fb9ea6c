"""The domain-service hook over real NATS and PostgreSQL: a domain service's ``DomainAnalysisCompleted`` reaches
the report (sections after the lead, citations audited like the rest), the report waits for it, a failed analysis
leaves the general report with the reason, and a run whose analysis never comes finishes at its deadline saying
so. The domain service here is a small stand-in router written for the test (the real ones are tested with their
own services)."""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import UUID, uuid4, uuid5

import pytest
from faststream.nats import NatsRouter

from contracts import Budget, ClaimsVerified, PlanCreated, RunRequested
from services.cli.research import follow, result, submit
from services.cli.stack import Stack
from shared.bus import consumer_kwargs
from shared.settings import SynthesizerSettings
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres]
CORE = ["planner", "gatherer", "scraper", "claim-extractor", "verifier", "synthesizer", "judge", "indexer"]


def stand_in(rt: Any, *, mode: str, verified: dict[UUID, asyncio.Event]) -> NatsRouter:
    """A domain service for the test: on a shopping plan it waits until the run's claims are verified (a fact
    seen on the bus), then records its analysis: a section citing a span of a fetched source and one of a
    document it stored itself (``mode="ok"``), or a failure (``mode="fail"``)."""
    router = NatsRouter()
    common = rt.settings.common

    @router.subscriber(ClaimsVerified.SUBJECT, **consumer_kwargs(common, "test-domain", ClaimsVerified))
    async def on_verified(body: ClaimsVerified) -> None:
        verified.setdefault(body.run_id, asyncio.Event()).set()

    @router.subscriber(PlanCreated.SUBJECT, **consumer_kwargs(common, "test-domain", PlanCreated))
    async def on_plan(body: PlanCreated) -> None:
        if body.domain != "shopping":
            return
        await asyncio.wait_for(verified.setdefault(body.run_id, asyncio.Event()).wait(), timeout=60)
        if mode == "fail":
            await asyncio.to_thread(rt.runs.record_domain_analysis, body.run_id, domain="shopping",
                                    status="failed", reason="merchant pages unreachable")
            return
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        sid, src = next((k, s) for k, s in run.sources.items() if s.text_sha256)
        text = await asyncio.to_thread(rt.documents.get, str(src.text_sha256)) or ""
        quote = text[:40]
        own_doc = '<script type="application/ld+json">{"price": "299.00"}</script>'
        digest = await asyncio.to_thread(rt.documents.put, own_doc, "text/html")
        own_id = uuid5(body.run_id, "test-own-source")
        start = own_doc.index('"price": "299.00"')
        section = {"heading": "Verdicts", "body": (
            f"| item | value |\n| --- | --- |\n| opening | {quote} [@a] |\n| price | 299.00 [@b] |\n"
            "| dropped | a marker naming nothing [@zz] |"), "evidence": [
            {"ref": "a", "source_id": sid, "start": 0, "end": len(quote), "quote": quote},
            {"ref": "b", "source_id": str(own_id), "start": start, "end": start + 17, "quote": own_doc[start:start + 17]},
        ]}
        await asyncio.to_thread(
            rt.runs.record_domain_analysis, body.run_id, domain="shopping", status="complete", sections=[section],
            sources=[{"source_id": str(own_id), "url": "https://shop.example/p/1", "title": "Shop page",
                      "document_sha256": digest, "content_type": "text/html"}],
            notes=["no review was found"], max_tier="medium")

    return router


async def _run(runtime: Any, mode: str, *, seconds: float = 60.0) -> dict[str, Any]:
    # shopping has a domain service here (the stand-in), whatever contracts.domains lists
    runtime.settings.synthesizer = SynthesizerSettings(_env_file=None, domain_services=("shopping",))
    ingest_sample(runtime)
    verified: dict[UUID, asyncio.Event] = {}
    if mode != "absent":
        runtime.broker.include_router(stand_in(runtime, mode=mode, verified=verified))
    async with Stack(runtime, CORE):
        run_id = uuid4()
        await submit(runtime, RunRequested(run_id=run_id, question=QUESTION, scope="local", domain="shopping",
                                           max_sources=6, budget=Budget(seconds=seconds)))
        await follow(runtime, run_id, timeout_s=90)
    return result(runtime, run_id)


async def test_domain_sections_open_the_shopping_report_after_both_facts(runtime: Any) -> None:
    res = await _run(runtime, "ok")
    assert res["status"] == "completed"
    types = [e["type"] for e in res["events"]]
    assert types.index("ClaimsVerified") < types.index("DomainAnalysisCompleted") < types.index("ReportSynthesized")
    report = res["report"]
    headings = [line for line in report.splitlines() if line.startswith("## ")]
    assert headings[0] == "## Verdicts" and headings[1] == "## Answer", headings  # a shopping report leads with them
    assert "[@" not in report and "a marker naming nothing" in report
    own = next(c for c in res["citations"] if c["quote"] == '"price": "299.00"')
    assert f"299.00 [{own['n']}]" in report
    assert f"[{own['n']}] Shop page — https://shop.example/p/1" in report
    assert res["citation_audit"]["valid"] == res["citation_audit"]["total"], res["citation_audit"]
    assert "no review was found" in res["missing"]
    assert res["confidence"]["tier"] in ("medium", "low")
    run_cited = [c for c in res["citations"] if c is not own]
    assert any(c["start"] == 0 and len(c["quote"]) == 40 for c in run_cited)  # the run source's span, [@a]


async def test_failed_domain_analysis_leaves_the_general_report_with_the_reason(runtime: Any) -> None:
    res = await _run(runtime, "fail")
    assert res["status"] == "completed"
    assert "Rush" in res["report"]
    assert any("shopping analysis failed: merchant pages unreachable" in m for m in res["missing"])
    assert "merchant pages unreachable" in res["report"]


async def test_missing_domain_service_finishes_at_the_deadline_saying_so(runtime: Any) -> None:
    # the claims are verified well within the budget (on a loaded machine too: a run whose sub-queries were not
    # even searched by its deadline has no general report to show), then the run waits for the analysis until then
    res = await _run(runtime, "absent", seconds=30.0)
    assert res["status"] == "partial"
    assert res["domain_analysis"]["status"] == "unfinished"
    assert "Rush" in res["report"]
    assert "shopping analysis did not finish before the run's deadline" in res["report"]
