"""domain-code's handler function without NATS and PostgreSQL: the event store in memory (POPO), documents in a
dict; the engine's tools stood in by a factory that fails (the engine itself is tested in tests/unit/domain_code
with loopback registries)."""

from __future__ import annotations

from uuid import UUID

import pytest

from contracts import DomainAnalysisCompleted, PlanCreated
from services.domain_code.analysis import Tools
from services.domain_code.handlers import CodeAnalysis, on_plan_created
from shared.errors import TransientError
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeDocuments, memory_runs, started_run


def planned(runs: ResearchRuns, domain: str) -> tuple[UUID, PlanCreated]:
    run_id = started_run(runs, "How do I parse TOML in Python?")
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "parse TOML python"}], domain, "en", "offline", False)
    return run_id, next(e for e in runs.timeline(run_id) if isinstance(e, PlanCreated))


def failing(exc: Exception) -> CodeAnalysis:
    def tools() -> Tools:
        raise exc
    return CodeAnalysis(runs=RUNS, documents=FakeDocuments(), llm=None, tools=tools)


RUNS = memory_runs()


async def test_a_failed_analysis_is_recorded_with_its_reason_once() -> None:
    run_id, plan = planned(RUNS, "code")
    await on_plan_created(plan, failing(RuntimeError("no sandbox here")))
    run = RUNS.get_run(run_id)
    assert run.domain_analysis is not None and run.domain_analysis.status == "failed"
    assert run.domain_analysis.reason == "RuntimeError: no sandbox here"
    assert any("code analysis failed" in m for m in run.missing)
    await on_plan_created(plan, failing(RuntimeError("again")))  # redelivery: the analysis is in
    assert sum(isinstance(e, DomainAnalysisCompleted) for e in RUNS.timeline(run_id)) == 1


async def test_an_outage_is_redelivered_and_other_domains_are_left_alone() -> None:
    run_id, plan = planned(RUNS, "code")
    with pytest.raises(TransientError):
        await on_plan_created(plan, failing(TransientError("store down")))
    assert RUNS.get_run(run_id).domain_analysis is None
    general, plan = planned(RUNS, "general")
    await on_plan_created(plan, failing(RuntimeError("never called")))
    assert RUNS.get_run(general).domain_analysis is None
