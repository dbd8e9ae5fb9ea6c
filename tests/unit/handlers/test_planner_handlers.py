"""The planner's handler function without NATS and PostgreSQL: the event store in memory (POPO), the deadlines
in a dict; the offline engine."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID, uuid4

from contracts import Budget, PlanCreated, RunRequested
from services.planner.handlers import Planning, on_run_requested
from tests.unit.handlers.fakes import memory_runs


class FakeDeadlines:
    def __init__(self) -> None:
        self.due: dict[UUID, tuple[datetime, float]] = {}

    def schedule(self, run_id: UUID, started: datetime, seconds: float) -> None:
        self.due.setdefault(run_id, (started, seconds))


async def test_a_request_starts_the_run_schedules_its_deadline_and_plans_it_once() -> None:
    runs, deadlines = memory_runs(), FakeDeadlines()
    request = RunRequested(run_id=uuid4(), question="Which Canadian rock band had Neil Peart as its drummer?",
                           budget=Budget(seconds=45))
    planning = Planning(runs=runs, deadlines=deadlines, llm=None)
    await on_run_requested(request, planning)
    run = runs.get_run(request.run_id)
    assert run.status == "running" and run.plan is not None and run.plan.engine == "offline"
    assert run.plan.sub_queries and all(q.text for q in run.plan.sub_queries)
    assert [q.sub_query_id for q in run.plan.sub_queries] == [f"q{i}" for i in range(1, len(run.plan.sub_queries) + 1)]
    assert deadlines.due[request.run_id] == (run.created_on, 45.0)
    await on_run_requested(request, planning)  # redelivery
    assert sum(isinstance(e, PlanCreated) for e in runs.timeline(request.run_id)) == 1


async def test_the_requested_domain_and_language_win_over_the_detected_ones() -> None:
    runs = memory_runs()
    request = RunRequested(run_id=uuid4(), question="Best noise cancelling headphones under 200 euros?",
                           domain="general", language="de")
    await on_run_requested(request, Planning(runs=runs, deadlines=FakeDeadlines(), llm=None))
    plan = runs.get_run(request.run_id).plan
    assert plan is not None and (plan.domain, plan.language) == ("general", "de")
