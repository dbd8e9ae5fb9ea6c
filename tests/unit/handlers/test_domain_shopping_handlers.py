"""domain-shopping's handler function without NATS and PostgreSQL: the event store in memory (POPO), the pages'
text and HTML in a dict; the offline engine."""

from __future__ import annotations

from uuid import UUID

import pytest

from contracts import DomainAnalysisCompleted, ExtractionCompleted
from services.domain_shopping.handlers import Shopping, on_extraction_completed
from shared.domain import source_id_for
from shared.store import ResearchRuns
from tests.shopping_pages import SONY_MERCHANT_A
from tests.unit.handlers.fakes import FakeDocuments, memory_runs, started_run

URL = "https://merchant-a.example/sony-wh-1000xm5"
PROSE = ("The Sony WH-1000XM5 headphones use eight microphones for adaptive noise cancellation. Sony rates the "
         "battery of the WH-1000XM5 for up to 30 hours of playback.")


def extracted_run(runs: ResearchRuns, docs: FakeDocuments, domain: str,
                  question: str = "Sony WH-1000XM5: battery life and best price?") -> UUID:
    """A run of ``domain`` whose one source (a merchant's product page, text and HTML stored) is extracted."""
    run_id = started_run(runs, question, scope="web")
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "Sony WH-1000XM5"}], domain, "en", "offline", False)
    runs.record_search(run_id, "q1", "Sony WH-1000XM5", 1, [{"url": URL, "title": "Sony", "snippet": "",
                                                             "provider": "web", "rank": 1, "score": 1.0}], True, [])
    sid = source_id_for(run_id, URL)
    runs.record_source_fetched(run_id, sid, url=URL, final_url=URL, content_type="text/html", title="Sony",
                               text_sha256=docs.put(PROSE), chars=len(PROSE), via="http",
                               html_sha256=docs.put(SONY_MERCHANT_A, "text/html"))
    runs.record_claims(run_id, sid, [])
    return run_id


def completed(runs: ResearchRuns, run_id: UUID) -> ExtractionCompleted:
    return next(e for e in runs.timeline(run_id) if isinstance(e, ExtractionCompleted))


async def test_a_shopping_run_gets_its_products_offers_and_analysis_once() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id = extracted_run(runs, docs, "shopping")
    await on_extraction_completed(completed(runs, run_id), Shopping(runs=runs, documents=docs))
    run = runs.get_run(run_id)
    assert run.domain_analysis is not None and run.domain_analysis.status == "complete"
    assert {"ProductsIdentified", "SpecMatrixBuilt", "OffersCollected"} <= set(run.domain_events)
    products = run.domain_events["ProductsIdentified"]["products"]
    assert any("WH-1000XM5" in str(p) for p in products)
    await on_extraction_completed(completed(runs, run_id), Shopping(runs=runs, documents=docs))  # redelivery
    assert sum(isinstance(e, DomainAnalysisCompleted) for e in runs.timeline(run_id)) == 1


async def test_a_run_of_another_domain_is_left_alone() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id = extracted_run(runs, docs, "general")
    await on_extraction_completed(completed(runs, run_id), Shopping(runs=runs, documents=docs))
    run = runs.get_run(run_id)
    assert run.domain_analysis is None and dict(run.domain_events) == {}


class BrokenDocuments(FakeDocuments):
    """A document store that stores but cannot read back (a corrupt store): the analysis fails."""

    def get_many(self, digests: list[str]) -> dict[str, str]:
        raise RuntimeError("document store corrupt")


@pytest.mark.parametrize(("question", "tier"), [
    ("Sony WH-1000XM5: battery life and best price?", "medium"),
    ("What are the best headphones under $300?", "low"),  # a budget: no offer was checked against it
    ("Which headphones should I buy for the office?", "low"),  # a purchase asked: no verdict was given
])
async def test_a_failed_analysis_caps_the_confidence(question: str, tier: str) -> None:
    runs, docs = memory_runs(), BrokenDocuments()
    run_id = extracted_run(runs, docs, "shopping", question)
    await on_extraction_completed(completed(runs, run_id), Shopping(runs=runs, documents=docs))
    run = runs.get_run(run_id)
    assert run.domain_analysis is not None and run.domain_analysis.status == "failed"
    assert run.domain_analysis.reason == "RuntimeError: document store corrupt"
    assert run.domain_analysis.max_tier == tier
