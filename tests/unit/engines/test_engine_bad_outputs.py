"""Every bad-output kind of ``tests.llm_server.BAD_OUTPUTS``, answered by the model of every structured stage,
ends in a valid stage result: repaired, retried on the next model, or degraded to the offline engine; never an
exception, never a loop (the calls per stage are bounded)."""

from __future__ import annotations

from typing import Any

import pytest

from services.claim_extractor.model import extract_source_claims
from services.judge.model import judge_report, self_verify
from services.judge.offline import Judgement, audit_citations
from services.planner.model import plan_question
from services.synthesizer.model import write_report
from services.verifier.model import verify_claim
from shared.llm.calls import ModelCalls
from shared.store import ResearchRuns
from tests.llm_server import BAD_OUTPUTS, Reply, ScriptedLlmServer
from tests.scripted_research import ScriptedResearcher
from tests.unit.engines.conftest import gateway, script, spec, start_run
from tests.unit.engines.test_engine_judge import EVIDENCE, REPORT
from tests.unit.engines.test_engine_synthesizer import QUESTION, SOURCES, TEXTS, claims
from tests.unit.engines.test_engine_verifier import CANDIDATES, CLAIM

STAGES = ("planner", "extractor", "verifier", "synthesizer", "judge", "cove")
ROLE_STAGE = {"planner": "planner", "extractor": "claim-extractor", "verifier": "verifier",
              "synthesizer": "synthesizer", "judge": "judge", "cove": "judge"}
MAX_CALLS = {"planner": 6, "extractor": 2, "verifier": 4, "synthesizer": 12, "judge": 3, "cove": 8}


async def run_stage(stage: str, calls: ModelCalls) -> None:
    """Run one stage's engine and check that its result is valid."""
    if stage == "planner":
        plan = await plan_question(calls, QUESTION, depth="deep")
        assert 3 <= len(plan.sub_queries) <= 6 and all(q.strip() for q in plan.sub_queries)
        assert plan.language == "en" and plan.domain in ("general", "shopping", "code")
    elif stage == "extractor":
        text = TEXTS["s1"] + " " + TEXTS["s2"]
        out = await extract_source_claims(calls, text, title="Rush", question=QUESTION, max_claims=5)
        assert out.claims and all(0 <= c.start < c.end <= len(text) for c in out.claims)
    elif stage == "verifier":
        out = await verify_claim(calls, CLAIM, CANDIDATES, seed_key="k")
        assert out.verdict in ("supported", "contradicted", "contested", "unverified")
        assert 0 <= out.stability <= 1 and all(s["quote"] for s in out.spans)
    elif stage == "synthesizer":
        out = await write_report(calls, QUESTION, claims(), SOURCES, language="en")
        audit = audit_citations(out.report.markdown, out.report.citations, TEXTS)
        assert audit.valid == audit.total > 0 and not audit.orphan_markers
    elif stage == "judge":
        offline = Judgement(factual_accuracy=30, citation_density=30, coverage=20, total=80, rationale="offline")
        out = await judge_report(calls, REPORT, question=QUESTION, language="en", offline=offline, claims_used=4,
                                 claims_supported=4)
        j = out.judgement
        assert 0 <= j["factual_accuracy"] <= 33 and 0 <= j["coverage"] <= 34 and j["total"] <= 100
    else:
        out = await self_verify(calls, REPORT, question=QUESTION, evidence=["Rush was a Canadian rock band."],
                                evidence_by_n=EVIDENCE)
        assert 1 <= len(out.checks) <= 5 and isinstance(out.flagged, bool)


@pytest.mark.parametrize("kind", sorted(BAD_OUTPUTS))
@pytest.mark.parametrize("stage", STAGES)
async def test_each_bad_output_kind_ends_in_a_valid_stage_result(stage: str, kind: str, server: ScriptedLlmServer,
                                                                 runs: ResearchRuns) -> None:
    model = script(server, BAD_OUTPUTS[kind])
    role_models: dict[str, Any] = {stage: [spec(server, model, max_tokens=200)]}
    if stage == "verifier":
        role_models["arbiter"] = [spec(server, model, max_tokens=200)]
    run_id = start_run(runs)
    calls = ModelCalls(gateway(runs, role_models), runs, run_id, ROLE_STAGE[stage])
    await run_stage(stage, calls)
    assert server.calls(model=model) <= MAX_CALLS[stage] * (2 if stage == "verifier" else 1)
    if calls.degraded:  # a fallback says why, as a StageDegraded event
        assert runs.get_run(run_id).degraded


@pytest.mark.parametrize("stage", STAGES)
async def test_a_bad_model_is_retried_on_the_next_one(stage: str, server: ScriptedLlmServer,
                                                      runs: ResearchRuns) -> None:
    bad = script(server, BAD_OUTPUTS["echo_schema"])
    good = script(server, Reply(respond=ScriptedResearcher(invented_citation=False)))
    role_models = {stage: [spec(server, bad), spec(server, good)]}
    calls = ModelCalls(gateway(runs, role_models), runs, start_run(runs), ROLE_STAGE[stage])
    await run_stage(stage, calls)
    assert server.calls(model=bad) >= 1 and server.calls(model=good) >= 1
    assert f"openai/{good}" in calls.models
    if stage != "synthesizer":  # (a section is a text call: any prose is an answer, and grounding judges it)
        assert f"openai/{bad}" not in calls.models
