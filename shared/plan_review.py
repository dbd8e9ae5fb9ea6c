"""Plan review from outside the stages (the gateway's API and web page, ``assay run --review-plan``): approve a
waiting plan, as it is or revised (``ResearchRuns.review_plan`` records ``PlanRevised`` / ``PlanApproved``).

The run's time budget is for the research, not for the reviewer: approving sets the run's deadline to now plus its
budget (a run whose plan waits longer than its budget fails at stage "plan review"; see ``ResearchRuns.expire``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from psycopg_pool import ConnectionPool

from shared.store import ResearchRuns, reviewed_texts


def approve_plan(runs: ResearchRuns, pool: ConnectionPool[Any], run_id: UUID, sub_queries: Sequence[str] | None = None,
                 *, by: str) -> dict[str, Any]:
    """Approve run ``run_id``'s waiting plan (revised to ``sub_queries`` when given and different), after moving
    its deadline to now + its budget. Returns what ``ResearchRuns.review_plan`` returns.
    Raises: RunNotFound; PlanReviewRefused (see ``ResearchRuns.review_plan``); StoreUnavailable."""
    if sub_queries is not None:
        reviewed_texts(sub_queries)  # bad input is refused before anything changes
    run = runs.get_run(run_id)
    if run.plan_review == "awaiting" and not run.finished:
        seconds = run.request.budget_s
        with pool.connection() as conn:
            conn.execute("UPDATE run_deadlines SET deadline_at = now() + make_interval(secs => %s) "
                         "WHERE run_id = %s AND NOT done", (seconds, run_id))
    return runs.review_plan(run_id, sub_queries, by=by)
