"""The engines' events on the aggregate: ``engine`` and ``degraded`` on the report and judgement, CoVe's
``SelfVerificationCompleted`` between the judgement and the audit, and the timeline lines that describe them."""

from __future__ import annotations

from contracts import EVENT_TYPES, SelfVerificationCompleted
from services.cli.research import describe, llm_usage, usage_table
from shared.store import ResearchRuns
from tests.unit.engines.conftest import start_run


def test_self_verification_is_recorded_between_the_judgement_and_the_audit(runs: ResearchRuns) -> None:
    run_id = start_run(runs)
    runs.record_llm_call(run_id, role="synthesizer", model="openai/cloud", tokens_in=100, tokens_out=50,
                         cost_usd=0.00005, latency_ms=20, outcome="ok")
    runs.record_llm_call(run_id, role="verifier", model="openai/local", tokens_in=40, tokens_out=5, cost_usd=0.0,
                         latency_ms=9, outcome="invalid", detail="does not match ClaimCheckAnswer")
    runs.expire(run_id)  # (forces ClaimsVerified, partial: enough to write a report)
    runs.record_report(run_id, gate={"score": 0.5, "tier": "low", "signals": {}}, report_sha256="0" * 64,
                       citations=[], used_claim_ids=[], engine="openai/cloud+offline", degraded=True)
    check = {"question": "When was Rush formed?", "statement": "Rush formed in 1968.", "answer": "In 1968.",
             "agrees": True}
    runs.record_judgement(run_id, judgement={"factual_accuracy": 30, "citation_density": 30, "coverage": 30,
                                             "total": 90, "rationale": "excellent: fine", "engine": "openai/cloud",
                                             "degraded": False},
                          audit={"total": 0, "valid": 0, "invalid": []},
                          self_verification={"checks": [check], "asked": 1, "disagreed": 0, "flagged": False,
                                             "engine": "openai/cloud", "degraded": False})
    events = runs.timeline(run_id)
    names = [type(e).__name__ for e in events]
    assert names[-4:] == ["ReportJudged", "SelfVerificationCompleted", "CitationsAudited", "RunCompleted"]
    synthesized = next(e for e in events if type(e).__name__ == "ReportSynthesized")
    assert synthesized.engine == "openai/cloud+offline" and synthesized.degraded  # type: ignore[attr-defined]  # a ReportSynthesized
    cove = next(e for e in events if isinstance(e, SelfVerificationCompleted))
    assert cove.checks[0].agrees and cove.SUBJECT == "assay.evt.self-verification-completed.v1"
    assert EVENT_TYPES["SelfVerificationCompleted"] is SelfVerificationCompleted
    run = runs.get_run(run_id)
    assert run.self_verification["asked"] == 1 and run.judgement["engine"] == "openai/cloud"
    assert describe(cove) == "CoVe: 1/1 questions agree (openai/cloud)"
    assert describe(synthesized).endswith("[openai/cloud+offline, degraded]")
    call = next(e for e in events if type(e).__name__ == "LlmCallRecorded")
    assert describe(call).startswith("synthesizer openai/cloud: ok, 100+50 tokens, $0.000050, 20 ms")
    usage = llm_usage(events)
    assert usage["by_role"]["verifier"] == {"calls": 1, "tokens_in": 40, "tokens_out": 5, "usd": 0.0,
                                            "models": ["openai/local"], "failed": 1}
    assert usage["total"]["calls"] == 2 and usage["total"]["usd"] == 0.00005
    assert usage_table(usage)[0] == "LLM usage by role" and usage_table({"by_role": {}}) == []


def test_an_offline_run_reads_as_before(runs: ResearchRuns) -> None:
    run_id = start_run(runs)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "rush"}], "general", "en", "offline", False)
    plan = next(e for e in runs.timeline(run_id) if type(e).__name__ == "PlanCreated")
    assert describe(plan) == "1 sub-queries: rush"  # no engine suffix for the offline engine


def test_what_the_report_says_is_missing_is_the_runs_missing_too(runs: ResearchRuns) -> None:
    run_id = start_run(runs)
    runs.expire(run_id)  # (forces ClaimsVerified, partial: enough to write a report)
    before = list(runs.get_run(run_id).missing)
    runs.record_report(run_id, gate={"score": 0.2, "tier": "low", "signals": {}}, report_sha256="0" * 64,
                       citations=[], used_claim_ids=[], missing=["the sources are in Japanese", *before[:1]])
    runs.record_judgement(run_id, judgement={"factual_accuracy": 0, "citation_density": 0, "coverage": 0,
                                             "total": 0, "rationale": "nothing", "engine": "offline"},
                          audit={"total": 0, "valid": 0, "invalid": []})
    events = runs.timeline(run_id)
    synthesized = next(e for e in events if type(e).__name__ == "ReportSynthesized")
    completed = next(e for e in events if type(e).__name__ == "RunCompleted")
    expected = [*before, "the sources are in Japanese"]
    assert list(synthesized.missing) == expected  # type: ignore[attr-defined]  # a ReportSynthesized
    assert list(completed.missing) == expected  # type: ignore[attr-defined]  # a RunCompleted
    assert list(runs.get_run(run_id).missing) == expected
