"""Fixtures of the engine tests: a scripted OpenAI-compatible server, an in-memory event store, and gateways
routing chosen roles to scripted models."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import Budget, RunRequested
from shared.llm import LlmGateway, ModelRoute, ModelSpec, RoutingConfig
from shared.llm.calls import ModelCalls
from shared.store import ResearchRuns
from tests.llm_server import ScriptedLlmServer


@pytest.fixture(scope="module")
def server() -> Iterator[ScriptedLlmServer]:
    with ScriptedLlmServer() as s:
        yield s


@pytest.fixture
def runs() -> ResearchRuns:
    return ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def start_run(runs: ResearchRuns, question: str = "Which band recorded Counterparts?", **budget: Any) -> UUID:
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question=question, budget=Budget(**budget)))
    return run_id


def spec(server: ScriptedLlmServer, name: str, **kw: Any) -> ModelSpec:
    return ModelSpec(model=f"openai/{name}", api_base=server.base_url, api_key="sk-test",
                     **{"timeout_s": 5.0, "max_tokens": 512, "price_in_per_1m": 0.15, "price_out_per_1m": 0.6,
                        **kw})


def gateway(runs: ResearchRuns | None, routes: dict[str, list[ModelSpec]]) -> LlmGateway:
    routing = RoutingConfig(routes={role: ModelRoute(role=role, models=tuple(models))
                                    for role, models in routes.items()}, retry_attempts=1, backoff_s=0.0)
    return LlmGateway(routing, ledger=runs)


def calls_for(server: ScriptedLlmServer, runs: ResearchRuns, stage: str, *roles: str, model: str = "scripted",
              run_id: UUID | None = None, **kw: Any) -> ModelCalls:
    """ModelCalls of a fresh run whose ``roles`` use the scripted model ``model``."""
    gw = gateway(runs, {role: [spec(server, model, **kw)] for role in roles})
    return ModelCalls(gw, runs, run_id or start_run(runs), stage)


def script(server: ScriptedLlmServer, *replies: Any) -> str:
    """A fresh model name whose answers are ``replies`` in order (the last repeats); returns the name."""
    name = f"m-{uuid4().hex[:10]}"
    scripted = dict(server._script.get("default", {}))  # keep the other models' scripts
    scripted[name] = list(replies)
    server.add("default", scripted)
    return name
