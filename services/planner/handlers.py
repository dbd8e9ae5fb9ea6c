"""Planner: ``RunRequested`` -> ``RunStarted`` + ``PlanCreated``.

Engines: the ``planner`` role's model when one is configured (``services.planner.model``: 3-6 sub-queries,
domain, report language; STORM perspectives for deep runs), else the offline engine (keyword sub-queries). A
model failure falls back to the offline plan and the plan is recorded ``degraded``.
"""

from __future__ import annotations

import asyncio
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import RunRequested
from services.planner.model import DEADLINE_S, plan_question
from services.planner.offline import plan
from shared.bus import consumer_kwargs
from shared.llm.calls import ModelCalls
from shared.runtime import Runtime


def schedule_deadline(rt: Runtime, run_id: UUID) -> None:
    """Record when the run's time budget ends (idempotent); the synthesizer's sweeper enforces it."""
    run = rt.runs.get_run(run_id)
    seconds = float(run["request"]["budget"]["seconds"])
    with rt.pool.connection() as conn:
        conn.execute(
            "INSERT INTO run_deadlines (run_id, deadline_at) VALUES (%s, %s + make_interval(secs => %s)) "
            "ON CONFLICT (run_id) DO NOTHING", (run_id, run["created_on"], seconds))


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the planner service."""
    router = NatsRouter()
    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not llm.offline("planner")
    ack_wait = max(rt.settings.common.ack_wait_s, 3 * DEADLINE_S + 30) if modelled else None

    @router.subscriber(RunRequested.SUBJECT, **consumer_kwargs(rt.settings.common, "planner", RunRequested,
                                                               ack_wait_s=ack_wait))
    async def on_run_requested(body: RunRequested) -> None:
        await asyncio.to_thread(rt.runs.start_run, body)
        await asyncio.to_thread(schedule_deadline, rt, body.run_id)
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        if run["plan"] is not None or run["status"] != "running":
            return  # redelivery: already planned
        request = run["request"]
        if rt.llm is None or rt.llm.offline("planner"):
            result = await asyncio.to_thread(plan, request["question"], depth=request["depth"])
            domain = request["domain"] if request["domain"] != "auto" else result.domain
            language = request["language"] or result.language
            sub_queries = [{"sub_query_id": f"q{i + 1}", "text": text} for i, text in enumerate(result.sub_queries)]
            await asyncio.to_thread(rt.runs.record_plan, body.run_id, sub_queries, domain, language, "offline",
                                    False)
            return
        calls = ModelCalls(rt.llm, rt.runs, body.run_id, "planner")
        outcome = await plan_question(calls, request["question"], depth=request["depth"], domain=request["domain"],
                                      language=request["language"])
        sub_queries = [{"sub_query_id": f"q{i + 1}", "text": text} for i, text in enumerate(outcome.sub_queries)]
        await asyncio.to_thread(rt.runs.record_plan, body.run_id, sub_queries, outcome.domain, outcome.language,
                                outcome.engine, outcome.degraded, list(outcome.perspectives))

    return router
