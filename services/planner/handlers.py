"""Planner: ``RunRequested`` -> ``RunStarted`` + ``PlanCreated`` (offline engine: keyword sub-queries)."""

from __future__ import annotations

import asyncio

from faststream.nats import NatsRouter

from contracts import RunRequested
from shared.bus import consumer_kwargs
from shared.offline.planner import plan
from shared.runtime import Runtime


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the planner service."""
    router = NatsRouter()

    @router.subscriber(RunRequested.SUBJECT, **consumer_kwargs(rt.settings.common, "planner", RunRequested))
    async def on_run_requested(body: RunRequested) -> None:
        await asyncio.to_thread(rt.runs.start_run, body)
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        if run["plan"] is not None or run["status"] != "running":
            return  # redelivery: already planned
        request = run["request"]
        result = await asyncio.to_thread(plan, request["question"], depth=request["depth"])
        domain = request["domain"] if request["domain"] != "auto" else result.domain
        language = request["language"] or result.language
        sub_queries = [{"sub_query_id": f"q{i + 1}", "text": text} for i, text in enumerate(result.sub_queries)]
        await asyncio.to_thread(rt.runs.record_plan, body.run_id, sub_queries, domain, language, "offline", False)

    return router
