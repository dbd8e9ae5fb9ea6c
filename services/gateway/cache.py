"""The question cache on the gateway (``shared.memory.questions``): ``POST /v1/runs`` and the chat's research turns.

``POST /v1/runs`` without ``fresh: true`` (and without a ``run_id`` of the caller's, a plan review or a workspace,
whose contents may have changed; a past run whose local documents changed since is never served:
``shared.memory.questions.out_of_date``) asks the cache first: the same question with the same parameters
answered by one of the caller's completed runs within the TTL is answered by that run (HTTP 200, its ``run_id``,
``status: "completed"`` and ``cached``: which run, when, how matched), never hidden; a close question starts a run
that re-checks that run's report (its web sources fetched again; ``recheck_of`` in the answer, and a section of the
new report says so). The chat's research turns are re-checks only (the turn asked for research).
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any
from uuid import UUID

from contracts import RunRequested
from services.gateway.keys import Principal, may_read, requested
from services.gateway.state import GatewayState
from shared.errors import RunNotFound
from shared.memory.embed import load_embedder
from shared.memory.questions import Decision, consult, fetched_urls, record_recheck


def _decide(st: GatewayState, principal: Principal, request: RunRequested, serve_exact: bool) -> Decision:
    rt = st.runtime
    cfg = rt.settings.memory
    if not cfg.question_cache:
        return Decision(request)

    def request_of(rid: UUID) -> dict[str, Any] | None:
        if not may_read(rt.pool, principal, rid):
            return None  # another key's run never answers
        sent = requested(rt.pool, rid)  # the body the gateway sent (cheap), else the run's recorded request
        if sent is not None:
            return sent
        try:
            return dict(rt.runs.get_run(rid).request.record)
        except RunNotFound:
            return None

    key = cfg.embed_api_key.get_secret_value() if cfg.embed_api_key else None
    return consult(rt.pool, request, request_of=request_of, sources_of=partial(fetched_urls, rt.pool),
                   embedder=load_embedder(cfg.embed_model, api_base=cfg.embed_api_base, api_key=key),
                   min_similarity=cfg.question_cache_similarity, ttl_s=cfg.question_cache_ttl_s,
                   serve_exact=serve_exact)


async def decide(st: GatewayState, principal: Principal, request: RunRequested, *,
                 serve_exact: bool = True) -> Decision:
    """The cache's decision for ``principal``'s ``request`` (only the caller's own past runs count); with
    ``serve_exact`` False an exact match is re-checked too. Nothing is stored."""
    return await asyncio.to_thread(_decide, st, principal, request, serve_exact)


async def remember(st: GatewayState, decision: Decision) -> None:
    """Record that the decision's run re-checks its close past run (``RecheckPlanned`` in the run's stream, which
    starts it: await it before the request is published, ``start_run``'s ``before_publish``); nothing else."""
    if decision.recheck is not None:
        await asyncio.to_thread(record_recheck, st.runtime.runs, decision.request, decision.recheck, decision.urls)


def cached_view(decision: Decision) -> dict[str, Any] | None:
    """``{"run_id", "match", "similarity", "question", "asked_at"}`` of the run that answers (or is re-checked)."""
    found = decision.answer or decision.recheck
    if found is None:
        return None
    return {"run_id": str(found.run_id), "match": found.match, "similarity": round(found.similarity, 4),
            "question": found.question, "asked_at": found.started_at.isoformat()}
