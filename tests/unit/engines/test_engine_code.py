"""The code domain with a (scripted) model: it suggests names (surveyed, never trusted), writes a snippet from
the introspected signatures that fails its check and is repaired and checked again; a repair that still fails
is shown as failing; a recommendation stating a figure the registries did not give is dropped."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest

from services.domain_code.analysis import Outcome, Tools, analyse
from shared.settings import DomainCodeSettings
from shared.store import ResearchRuns
from tests.code_standins import registries, settings_kwargs
from tests.llm_server import Reply, ScriptedLlmServer
from tests.loopback import PageServer
from tests.unit.engines.conftest import calls_for, script, start_run

QUESTION = "Which Python HTTP client should I use to call get() with retries?"
WRONG = json.dumps({"code": "from fetchkit import get\n\nprint(get('http://x', retry=2).status)\n",
                    "purpose": "a GET with retries"})
RIGHT = json.dumps({"code": "from fetchkit import get\n\nprint(get('http://x', retries=2).status)\n",
                    "purpose": "a GET with retries"})
PROSE = "Use fetchkit 2.4.1, released 2026-05-04 under BSD-3-Clause: it is typed and supports retries."


@pytest.fixture(scope="module")
def standins() -> Iterator[PageServer]:
    with registries() as server:
        yield server


async def run_analysis(server: ScriptedLlmServer, runs: ResearchRuns, standins: PageServer, *replies: Any,
                       repairs: int = 1) -> tuple[Outcome, list[tuple[str, dict[str, Any]]], UUID]:
    model = script(server, *replies)
    run_id = start_run(runs, QUESTION)
    calls = calls_for(server, runs, "domain-code", "synthesizer", model=model, run_id=run_id)
    tools = Tools.build(DomainCodeSettings(_env_file=None, **settings_kwargs(standins), snippet_timeout_s=10,
                                           repair_attempts=repairs))
    recorded: list[tuple[str, dict[str, Any]]] = []

    async def record(name: str, method: str, payload: dict[str, Any]) -> None:
        recorded.append((name, payload))

    async def put(text: str, content_type: str) -> str:
        return f"sha-{len(text)}"

    try:
        outcome = await analyse(QUESTION, None, run_id, tools, calls=calls, record=record, put=put)
    finally:
        tools.close()
    return outcome, recorded, run_id


async def test_a_failing_model_snippet_is_repaired_and_checked_again(
        server: ScriptedLlmServer, runs: ResearchRuns, standins: PageServer) -> None:
    outcome, recorded, _ = await run_analysis(
        server, runs, standins, Reply('{"packages": ["fetchkit", "no-such-client"]}'), Reply(WRONG), Reply(RIGHT),
        Reply(PROSE))
    surveyed = dict(recorded)["PackagesSurveyed"]
    by_name = {p["name"]: p for p in surveyed["packages"]}
    assert by_name["fetchkit"]["version"] == "2.4.1"  # the model's name, checked in the registry
    assert by_name["no-such-client"]["status"] == "unavailable"  # an invented name is reported, not trusted
    checks = [(name, p) for name, p in recorded if name.startswith("SnippetChecked:fetchkit-usage")]
    assert [(p["attempt"], p["origin"], p["status"]) for _, p in checks] == [(1, "model", "failed"),
                                                                              (2, "repair", "passed")]
    assert 'Unexpected keyword argument "retry"' in checks[0][1]["error"]
    code = next(s for s in outcome.sections if s["heading"] == "Checked code")["body"]
    assert "Proposed code (repaired)" in code and "retries=2" in code and "retry=2" not in code
    rec = next(s for s in outcome.sections if s["heading"] == "Recommendation")["body"]
    assert rec.startswith(PROSE) and outcome.engine.startswith("openai/") and outcome.max_tier == "high"


async def test_a_snippet_still_failing_after_its_repairs_is_shown_failing(
        server: ScriptedLlmServer, runs: ResearchRuns, standins: PageServer) -> None:
    outcome, recorded, _ = await run_analysis(
        server, runs, standins, Reply('{"packages": ["fetchkit"]}'), Reply(WRONG), Reply(WRONG),
        Reply("fetchkit 9.9 is the best, downloaded 5,000,000 times."))
    checks = [p for name, p in recorded if name.startswith("SnippetChecked:fetchkit-usage")]
    assert [(p["attempt"], p["status"]) for p in checks] == [(1, "failed"), (2, "failed")]
    code = next(s for s in outcome.sections if s["heading"] == "Checked code")["body"]
    assert "Check: **FAILED** at types" in code and "This code does not work as shown" in code
    rec = next(s for s in outcome.sections if s["heading"] == "Recommendation")["body"]
    assert "9.9" not in rec and "5,000,000" not in rec  # invented figures: the offline statement stands
    assert rec.startswith("**Recommended: `fetchkit` 2.4.1**")
    assert outcome.degraded and "proposed code failed its check" in " ".join(outcome.notes)
