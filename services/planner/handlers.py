"""Planner: ``RunRequested`` -> ``RunStarted`` + ``PlanCreated``.

Engines: the ``planner`` role's model when one is configured (``services.planner.model``: 3-6 sub-queries,
domain, report language; STORM perspectives for deep runs), else the offline engine (keyword sub-queries). A
model failure falls back to the offline plan and the plan is recorded ``degraded``.

A run given a workspace (``assay run --workspace PATH``) whose question names a package or one of the workspace
manifests' dependencies is a code question whatever the engine detected (:func:`code_by_workspace`): only a code
run reads the workspace.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import RunRequested
from services.planner.model import DEADLINE_S, plan_question
from services.planner.offline import plan
from shared.bus import consumer_kwargs
from shared.llm import LlmGateway
from shared.llm.calls import ModelCalls
from shared.ports import RunReader
from shared.runtime import Runtime
from shared.text.packages import package_names
from shared.workspace import WorkspaceError, scan


class PlannerRuns(RunReader, Protocol):
    """What the planner reads and records in the event store (``shared.store.ResearchRuns``)."""

    def start_run(self, request: RunRequested) -> bool:
        """Record ``RunStarted`` (once per run id)."""
        ...

    def record_plan(self, run_id: UUID, sub_queries: list[dict[str, str]], domain: str, language: str,
                    engine: str, degraded: bool, perspectives: list[str] | None = None) -> bool:
        """Record ``PlanCreated`` (once)."""
        ...


class Deadlines(Protocol):
    """The runs' deadlines (the ``run_deadlines`` table the synthesizer's sweeper enforces)."""

    def schedule(self, run_id: UUID, started: datetime, seconds: float) -> None:
        """Record that run ``run_id`` must end ``seconds`` after ``started`` (idempotent: the first one stays)."""
        ...


@dataclass(frozen=True)
class StoredDeadlines:
    """:class:`Deadlines` in PostgreSQL's ``run_deadlines``."""

    pool: Any  # psycopg_pool.ConnectionPool

    def schedule(self, run_id: UUID, started: datetime, seconds: float) -> None:
        with self.pool.connection() as conn:
            conn.execute(
                "INSERT INTO run_deadlines (run_id, deadline_at) VALUES (%s, %s + make_interval(secs => %s)) "
                "ON CONFLICT (run_id) DO NOTHING", (run_id, started, seconds))


@dataclass(frozen=True, kw_only=True)
class Planning:
    """The planner handler's collaborators: the event store, the run deadlines and the model gateway (None:
    offline)."""

    runs: PlannerRuns
    deadlines: Deadlines
    llm: LlmGateway | None

    @classmethod
    def of(cls, rt: Runtime) -> Planning:
        """The collaborators of a service process (its runtime)."""
        return cls(runs=rt.runs, deadlines=StoredDeadlines(rt.pool), llm=getattr(rt, "llm", None))


def schedule_deadline(deps: Planning, run_id: UUID) -> None:
    """Record when the run's time budget ends (idempotent); the synthesizer's sweeper enforces it."""
    run = deps.runs.get_run(run_id)
    deps.deadlines.schedule(run_id, run.created_on, run.request.budget_s)


_NAME_WORD = re.compile(r"[A-Za-z0-9@][A-Za-z0-9._/@-]*[A-Za-z0-9]|[A-Za-z0-9]")


def code_by_workspace(question: str, workspace: str | None) -> bool:
    """Whether a run given ``workspace`` (a project folder's path; None: no workspace) is a code question: the
    question names a package (:func:`shared.text.packages.package_names`: "Is `tomlkit` fine?") or one of the
    dependencies the workspace's manifests declare ("Should I keep using tomlette ...?" with tomlette in its
    pyproject.toml; names compared case-insensitively, "-", "_" and "." alike). False without a workspace, and
    when the folder cannot be read (the code engine reports that when it runs)."""
    if not workspace:
        return False
    if package_names(question):
        return True
    try:
        found = scan(workspace)
    except (WorkspaceError, OSError):
        return False

    def norm(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()
    words = {norm(w.strip(".")) for w in _NAME_WORD.findall(question)}
    return any(norm(d.name) in words for d in found.dependencies)


async def on_run_requested(cmd: RunRequested, deps: Planning) -> None:
    """``RunRequested`` -> ``RunStarted`` (+ the run's deadline) + ``PlanCreated`` (once: a redelivery finds the
    plan recorded)."""
    await asyncio.to_thread(deps.runs.start_run, cmd)
    await asyncio.to_thread(schedule_deadline, deps, cmd.run_id)
    run = await asyncio.to_thread(deps.runs.get_run, cmd.run_id)
    if run.plan is not None or run.status != "running":
        return  # redelivery: already planned
    request = run.request
    if deps.llm is None or deps.llm.offline("planner"):
        result = await asyncio.to_thread(plan, request.question, depth=request.depth)
        domain = request.domain if request.domain != "auto" else result.domain
        if request.domain == "auto" and domain != "code" and await asyncio.to_thread(
                code_by_workspace, request.question, request.workspace):
            domain = "code"  # only a code run reads the workspace the run was given
        language = request.language or result.language
        sub_queries = [{"sub_query_id": f"q{i + 1}", "text": text} for i, text in enumerate(result.sub_queries)]
        await asyncio.to_thread(deps.runs.record_plan, cmd.run_id, sub_queries, domain, language, "offline", False)
        return
    calls = ModelCalls(deps.llm, deps.runs, cmd.run_id, "planner")
    outcome = await plan_question(calls, request.question, depth=request.depth, domain=request.domain,
                                  language=request.language)
    sub_queries = [{"sub_query_id": f"q{i + 1}", "text": text} for i, text in enumerate(outcome.sub_queries)]
    domain = outcome.domain
    if request.domain == "auto" and domain != "code" and await asyncio.to_thread(
            code_by_workspace, request.question, request.workspace):
        domain = "code"
    await asyncio.to_thread(deps.runs.record_plan, cmd.run_id, sub_queries, domain, outcome.language,
                            outcome.engine, outcome.degraded, list(outcome.perspectives))


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the planner service: each calls its handler function with this process' collaborators."""
    router = NatsRouter()
    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not llm.offline("planner")
    ack_wait = max(rt.settings.common.ack_wait_s, 3 * DEADLINE_S + 30) if modelled else None

    @router.subscriber(RunRequested.SUBJECT, **consumer_kwargs(rt.settings.common, "planner", RunRequested,
                                                               ack_wait_s=ack_wait))
    async def on_run_requested_msg(body: RunRequested) -> None:
        await on_run_requested(body, Planning.of(rt))

    return router
