"""The run's model usage on the ``ResearchRun`` aggregate (in-memory event store): totals, and a spent budget
finishing the run partially."""

from __future__ import annotations

from uuid import uuid4

import pytest

from contracts import Budget, LlmCallRecorded, RunRequested
from shared.store import ResearchRuns


@pytest.fixture
def runs() -> ResearchRuns:
    return ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def start(runs: ResearchRuns, **budget: object) -> RunRequested:
    request = RunRequested(run_id=uuid4(), question="Who drummed for Rush?",
                           budget=Budget(**budget))
    assert runs.start_run(request)
    return request


def test_calls_add_up_and_are_events(runs: ResearchRuns) -> None:
    req = start(runs, tokens=1000, usd=0.5)
    runs.record_llm_call(req.run_id, role="planner", model="openai/a", tokens_in=100, tokens_out=20,
                         cost_usd=0.001, latency_ms=12, outcome="ok")
    runs.record_llm_call(req.run_id, role="planner", model="openai/a", tokens_in=0, tokens_out=0,
                         cost_usd=0.0, latency_ms=3, outcome="error", detail="RateLimitError 429")
    usage = runs.llm_usage(req.run_id)
    assert (usage["tokens"], usage["usd"], usage["calls"], usage["exhausted"]) == (120, 0.001, 2, None)
    assert usage["budget"] == {"seconds": 120.0, "tokens": 1000, "usd": 0.5}
    events = [e for e in runs.timeline(req.run_id) if isinstance(e, LlmCallRecorded)]
    assert [(e.outcome, e.tokens_in, e.tokens_out) for e in events] == [("ok", 100, 20), ("error", 0, 0)]
    assert events[0].SUBJECT == "assay.evt.llm-call-recorded.v1"
    assert runs.get_run(req.run_id).llm_usage["tokens"] == 120


def test_a_spent_budget_is_recorded_once_and_makes_the_run_partial(runs: ResearchRuns) -> None:
    req = start(runs, tokens=100)
    assert runs.record_llm_call(req.run_id, role="extractor", model="openai/a", tokens_in=0, tokens_out=0,
                                cost_usd=0.0, latency_ms=0, outcome="budget_exhausted", detail="tokens 99 of 100")
    assert not runs.record_llm_call(req.run_id, role="verifier", model="openai/a", tokens_in=0, tokens_out=0,
                                    cost_usd=0.0, latency_ms=0, outcome="budget_exhausted", detail="again")
    run = runs.get_run(req.run_id)
    # partial, saying why; nothing is forced: the stages go on with their offline engines
    assert run.partial and not run.claims_verified
    assert any("model budget spent" in m and "offline engine" in m for m in run.missing)
    names = [type(e).__name__ for e in runs.timeline(req.run_id)]
    assert names == ["RunStarted", "LlmCallRecorded"]
    assert runs.llm_usage(req.run_id)["exhausted"] == "tokens 99 of 100"
