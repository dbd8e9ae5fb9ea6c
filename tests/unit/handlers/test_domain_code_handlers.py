"""domain-code's handler function without NATS and PostgreSQL: the event store in memory (POPO), documents in a
dict; the engine's tools stood in by a factory that fails (the engine itself is tested in tests/unit/domain_code
with loopback registries)."""

from __future__ import annotations

from uuid import UUID, uuid5

import pytest

from contracts import DomainAnalysisCompleted, ExtractionCompleted
from services.domain_code.analysis import Tools
from services.domain_code.handlers import CodeAnalysis, fetched_pages, on_extraction_completed
from shared.errors import TransientError
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeDocuments, fetched_run, memory_runs

DOCS = FakeDocuments()


def planned(runs: ResearchRuns, domain: str) -> tuple[UUID, ExtractionCompleted]:
    """A run of ``domain`` whose one page is fetched and extracted: its ``ExtractionCompleted``."""
    run_id, (sid,) = fetched_run(runs, DOCS, [("https://docs.example/toml", "Use tomlkit or tomli to parse TOML.")],
                                 question="How do I parse TOML in Python?", domain=domain)
    runs.record_claims(run_id, sid, [{"claim_id": str(uuid5(run_id, "c1")), "text": "Use tomlkit or tomli.",
                                      "start": 0, "end": 20}])
    return run_id, next(e for e in runs.timeline(run_id) if isinstance(e, ExtractionCompleted))


def failing(exc: Exception) -> CodeAnalysis:
    def tools() -> Tools:
        raise exc
    return CodeAnalysis(runs=RUNS, documents=DOCS, llm=None, tools=tools)


RUNS = memory_runs()


async def test_a_failed_analysis_is_recorded_with_its_reason_once() -> None:
    run_id, plan = planned(RUNS, "code")
    await on_extraction_completed(plan, failing(RuntimeError("no sandbox here")))
    run = RUNS.get_run(run_id)
    assert run.domain_analysis is not None and run.domain_analysis.status == "failed"
    assert run.domain_analysis.reason == "RuntimeError: no sandbox here"
    assert run.domain_analysis.max_tier == "medium"  # nothing surveyed nor checked: never a "high" report
    assert any("code analysis failed" in m for m in run.missing)
    await on_extraction_completed(plan, failing(RuntimeError("again")))  # redelivery: the analysis is in
    assert sum(isinstance(e, DomainAnalysisCompleted) for e in RUNS.timeline(run_id)) == 1


async def test_an_outage_is_redelivered_and_other_domains_are_left_alone() -> None:
    run_id, plan = planned(RUNS, "code")
    with pytest.raises(TransientError):
        await on_extraction_completed(plan, failing(TransientError("store down")))
    assert RUNS.get_run(run_id).domain_analysis is None
    general, plan = planned(RUNS, "general")
    await on_extraction_completed(plan, failing(RuntimeError("never called")))
    assert RUNS.get_run(general).domain_analysis is None


def test_the_pages_and_their_claims_reach_the_analysis() -> None:
    run_id, _ = planned(RUNS, "code")
    (page,) = fetched_pages(DOCS, RUNS.get_run(run_id))
    assert page.url == "https://docs.example/toml" and page.text == "Use tomlkit or tomli to parse TOML."
    assert page.claims == ("Use tomlkit or tomli.",)
