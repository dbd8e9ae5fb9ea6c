"""Full research runs with the LLM engines over real NATS and PostgreSQL, against a scripted OpenAI-compatible
server (standing in for a cloud provider) and a real local model (llama.cpp serving SmolLM2-135M).

(a) the scripted server as the only model of every role: a Vietnamese question gets a Vietnamese report
    (title, headings and prose), every citation machine-checked, an invented citation and URL dropped; the
    events name the model that served each call, with tokens and cost per role;
(b) SmolLM2 for the extractor and verifier roles, the scripted server for the others: the run completes and the
    events name both models;
(c) a scripted server answering every role with one kind of bad output: the run still completes, each stage
    with a valid result (repaired, retried or degraded to the offline engine);
(d) a 20,000-token budget: a partial report, and the tokens spent never exceed the budget by more than one call.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import Budget, LlmCallRecorded, RunRequested
from services.cli.research import Timeline, follow, result, submit, usage_table
from services.cli.stack import Stack
from services.eval.hotpotqa import check_citations
from services.judge.model import split_sources
from services.judge.offline import audit_citations
from shared.evidence import Citation
from shared.llm.config import LlmSettings
from shared.runtime import Runtime
from shared.settings import ExtractorSettings, VerifierSettings
from shared.text.tokens import detect_language
from tests.conftest import make_settings
from tests.llm_server import BAD_OUTPUTS, Reply, ScriptedLlmServer
from tests.scripted_research import ROLES, ScriptedResearcher, routing_file

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "samples" / "hotpotqa" / "paragraphs.json"
QUESTION = ('Which Canadian rock band released a song called "Counterparts" and had a drummer who was '
            'inducted into the Modern Drummer Hall of Fame?')
VI_QUESTION = "Ban nhạc rock Canada nào đã phát hành bài hát Counterparts?"
CLOUD = "openai/scripted-cloud"


def open_runtime(tmp_path: Path, nats_url: str, database_url: str, routing: Path, *,
                 sections: dict[str, Any] | None = None) -> Runtime:
    """A runtime whose model routing is the file ``routing`` (nothing from the environment), with the sample
    corpus ingested; ``sections`` replaces settings sections (e.g. ``{"extractor": ExtractorSettings(...)}``)."""
    settings = make_settings(tmp_path / "data", nats_url, database_url)
    settings = settings.model_copy(update={"llm": LlmSettings(
        _env_file=None, config=routing, openrouter_api_key=None, ollama_api_base=None, local_base_url=None),
        **(sections or {})})
    rt = Runtime.open(settings)
    for rec in json.loads(SAMPLE.read_text(encoding="utf-8")):
        rt.corpus.add("sample", path=rec["source"], title=rec["title"], text=rec["text"], content_type="text/plain")
    return rt


def cloud_runtime(tmp_path: Path, nats_url: str, database_url: str, cloud: ScriptedLlmServer, reply: Reply,
                  **model: Any) -> Runtime:
    """:func:`open_runtime` with every role on the scripted cloud model (``model``: extra spec keys, e.g.
    ``max_tokens``), priced $0.15/$0.60 per 1M tokens, answering ``reply`` by default."""
    cloud.add("default", reply)
    spec = {"model": CLOUD, "api_base": cloud.base_url, **model}
    routing = routing_file(tmp_path / "routing.toml", {role: [spec] for role in ROLES},
                           prices={CLOUD: (0.15, 0.60)})
    return open_runtime(tmp_path, nats_url, database_url, routing)


async def research(rt: Runtime, question: str, *, timeout_s: float = 180, **request: Any) -> dict[str, Any]:
    run_id = uuid4()
    async with Stack(rt):
        await submit(rt, RunRequested(run_id=run_id, question=question, scope="local", **request))
        try:
            await follow(rt, run_id, timeout_s=timeout_s)
        except TimeoutError:
            from services.cli.research import describe

            lines = [f"{type(e).__name__} {describe(e)[:160]}" for e in rt.runs.timeline(run_id)
                     if type(e).__name__ not in ("LlmCallRecorded", "ClaimVerified", "SearchCompleted")]
            raise TimeoutError("the run did not finish; its events:\n" + "\n".join(lines)) from None
    return result(rt, run_id)


def llm_events(rt: Runtime, run_id: str) -> list[LlmCallRecorded]:
    return [e for e in rt.runs.timeline(UUID(run_id)) if isinstance(e, LlmCallRecorded)]


def stage_events(rt: Runtime, run_id: str, name: str) -> list[Any]:
    return [e for e in rt.runs.timeline(UUID(run_id)) if type(e).__name__ == name]


def assert_machine_checked(rt: Runtime, res: dict[str, Any]) -> None:
    """Every [n] of the report has a citation of a supported claim whose quote sits at its offsets."""
    report = res["report"] or ""
    citations = [Citation(n=c["n"], source_id=str(c["source_id"]), claim_id=str(c["claim_id"]), start=c["start"],
                          end=c["end"], quote=c["quote"]) for c in res["citations"]]
    texts = {s["source_id"]: rt.documents.get(s["text_sha256"]) for s in res["sources"] if s.get("text_sha256")}
    audit = audit_citations(report, citations, {k: v for k, v in texts.items() if v is not None})
    assert audit.valid == audit.total == len(citations) and not audit.orphan_markers, audit
    valid, total = check_citations(rt, res)
    assert valid == total
    verdicts = {c["claim_id"]: c["verdict"] for c in res["claims"]}
    assert all(verdicts[str(c.claim_id)] == "supported" for c in citations)


@pytest.fixture
def cloud() -> Any:
    with ScriptedLlmServer() as server:
        yield server


# ---- (a) the scripted server for every role, a Vietnamese question ------------------------------------------
async def test_vietnamese_question_gets_a_vietnamese_report_from_the_scripted_model(
        tmp_path: Path, nats_url: str, database_url: str, cloud: ScriptedLlmServer) -> None:
    researcher = ScriptedResearcher()
    rt = cloud_runtime(tmp_path, nats_url, database_url, cloud, Reply(respond=researcher))
    try:
        res = await research(rt, VI_QUESTION, max_sources=5)
        assert res["status"] == "completed", res["failure"]
        assert res["plan"]["language"] == "vi" and res["plan"]["engine"] == CLOUD
        report = res["report"]
        body, sources = split_sources(report)
        assert report.startswith("# Báo cáo nghiên cứu\n")
        assert "## Câu trả lời" in body and sources.startswith("## Nguồn")
        written = body.split("## Những gì còn thiếu")[0]  # (the machine notes of "What is missing" are English)
        prose = re.sub(r"\[\d+\]", "", "\n".join(ln for ln in written.splitlines() if not ln.startswith("#")))
        assert detect_language(prose) == "vi", prose[:300]
        assert "rendering of evidence in another language" in body
        # the invented citation and the model's URL are gone; every [n] is machine-checked
        assert "c999" not in report and "example.com" not in report and "[c" not in report
        assert_machine_checked(rt, res)
        assert len(res["citations"]) >= 2
        # which model served each call, with tokens and cost, per role
        events = llm_events(rt, res["run_id"])
        roles = {e.role for e in events}
        assert {"planner", "extractor", "verifier", "synthesizer", "judge", "cove"} <= roles
        assert all(e.model == CLOUD and e.outcome in ("ok", "repaired") for e in events)
        assert all(e.tokens_in > 0 and e.tokens_out > 0 and e.cost_usd > 0 for e in events)
        usage = res["llm_usage"]
        for role in roles:
            row = usage["by_role"][role]
            assert row["calls"] > 0 and row["tokens_in"] > 0 and row["usd"] > 0 and row["models"] == [CLOUD]
        assert usage["total"]["calls"] == len(events)
        assert any(line.startswith("synthesizer") for line in usage_table(usage))
        # the printed timeline folds the calls between two stage events into one line that adds them up
        timeline = Timeline()
        everything = rt.runs.timeline(UUID(res["run_id"]))
        printed = [line for e in everything for line in timeline.add(e)] + timeline.flush()
        folded = [text for name, text in printed if name == "LlmCalls"]
        verified = [e for e in everything if type(e).__name__ == "ClaimVerified"]
        folded_verified = [text for name, text in printed if name == "ClaimVerified"]
        assert len(printed) == (len(everything) - len(events) - len(verified) + len(folded)
                                + len(folded_verified))
        assert len(folded) < len(events) / 3 and len(folded_verified) < len(verified)
        assert sum(int(text.split(" claim")[0]) for text in folded_verified) == len(verified)
        assert sum(int(text.split(" call")[0]) for text in folded) == len(events)
        assert sum(int(re.search(r", ([\d,]+) tokens", t)[1].replace(",", "")) for t in folded) == sum(
            e.tokens_in + e.tokens_out for e in events)
        assert len([line for e in everything for line in Timeline(verbose=True).add(e)]) == len(everything)
        # the --json timeline says which model served each call
        calls_json = [e for e in res["events"] if e["type"] == "LlmCallRecorded"]
        assert len(calls_json) == len(events) and all(CLOUD in e["summary"] and "tokens" in e["summary"]
                                                      for e in calls_json)
        # the stage events carry the engine
        rid = res["run_id"]
        extracted = stage_events(rt, rid, "ClaimsExtracted")
        assert all(e.engine == CLOUD and not e.degraded for e in extracted), (
            [(e.engine, e.degraded) for e in extracted], res["degraded"])
        assert all(e.engine == CLOUD for e in stage_events(rt, rid, "ClaimVerified"))
        synthesized, = stage_events(rt, rid, "ReportSynthesized")
        assert synthesized.engine == CLOUD and not synthesized.degraded
        judged, = stage_events(rt, rid, "ReportJudged")
        assert judged.engine == CLOUD and judged.total == 88
        cove, = stage_events(rt, rid, "SelfVerificationCompleted")
        assert cove.asked >= 3 and not cove.flagged and cove.engine == CLOUD
        assert res["self_verification"]["asked"] == cove.asked
        assert researcher.seen["section"] >= 2 and researcher.seen["cove_answer"] == cove.asked
    finally:
        rt.close()


class DoubtingResearcher(ScriptedResearcher):
    """The scripted models, except that CoVe's cross-check disagrees with every statement."""

    def _cove_cross(self, user: str) -> str:
        pairs = re.findall(r"^\d+\. Statement:", user, re.M)
        return json.dumps({"agrees": [False] * max(1, len(pairs))})


async def test_a_report_flagged_by_self_verification_says_so(
        tmp_path: Path, nats_url: str, database_url: str, cloud: ScriptedLlmServer) -> None:
    rt = cloud_runtime(tmp_path, nats_url, database_url, cloud, Reply(respond=DoubtingResearcher()))
    try:
        res = await research(rt, QUESTION, max_sources=4)
        cove, = stage_events(rt, res["run_id"], "SelfVerificationCompleted")
        assert cove.flagged and cove.disagreed == cove.asked
        done, = stage_events(rt, res["run_id"], "RunCompleted")
        caution = [m for m in done.missing if m.startswith("self-verification flagged the report")]
        assert caution and f"{cove.disagreed} of {cove.asked}" in caution[0]
        assert caution[0] in res["missing"]
    finally:
        rt.close()


# ---- (b) the real local model for the extractor and verifier, the scripted server for the rest ----------------
@pytest.mark.llm
async def test_a_run_with_smollm2_for_extraction_and_verification(
        tmp_path: Path, nats_url: str, database_url: str, cloud: ScriptedLlmServer, smollm2: str) -> None:
    cloud.add("default", Reply(respond=ScriptedResearcher()))
    local = {"model": "openai/smollm2", "api_base": smollm2, "max_tokens": 256, "timeout_s": 60}
    remote = {"model": CLOUD, "api_base": cloud.base_url}
    routing = routing_file(tmp_path / "routing.toml",
                           {"planner": [remote], "extractor": [local], "verifier": [local],
                            "synthesizer": [remote], "judge": [remote], "cove": [remote], "arbiter": [remote]},
                           prices={"openai/smollm2": (0.0, 0.0), CLOUD: (0.15, 0.60)})
    rt = open_runtime(tmp_path, nats_url, database_url, routing, sections={
        "extractor": ExtractorSettings(_env_file=None, max_claims_per_source=2),
        "verifier": VerifierSettings(_env_file=None, llm_passages=2)})
    try:
        t0 = time.monotonic()
        res = await research(rt, QUESTION, max_sources=2, budget=Budget(seconds=240), timeout_s=300)
        elapsed = time.monotonic() - t0
        assert res["status"] == "completed", res["failure"]
        events = llm_events(rt, res["run_id"])
        served = {(e.role, e.model) for e in events}
        assert {("extractor", "openai/smollm2"), ("synthesizer", CLOUD), ("judge", CLOUD)} <= served
        assert ("verifier", "openai/smollm2") in served or all(
            c["verdict"] == "unverified" for c in res["claims"])  # (the free first pass may leave nothing to ask)
        local_calls = [e for e in events if e.model == "openai/smollm2" and e.outcome != "timeout"]
        assert local_calls and all(e.cost_usd == 0.0 and e.tokens_in > 0 for e in local_calls)
        assert all(e.cost_usd > 0 for e in events if e.model == CLOUD)
        usage = res["llm_usage"]["by_role"]
        assert usage["extractor"]["models"] == ["openai/smollm2"] and usage["synthesizer"]["models"] == [CLOUD]
        print("\n".join(usage_table(res["llm_usage"])))  # the figures by role (pytest -s shows them)
        # whatever the tiny model answered (135M parameters: mostly JSON of the wrong shape), every stage ended
        # with a valid result, the engine saying who did the work, and the citations check out
        for e in stage_events(rt, res["run_id"], "ClaimsExtracted") + stage_events(rt, res["run_id"],
                                                                                 "ClaimVerified"):
            assert e.engine in ("openai/smollm2", "openai/smollm2+offline", "offline")
            assert e.degraded == ("offline" in e.engine) or e.engine == "offline"
        # (with no citation at all, this still checks that the report carries no [n] marker)
        assert_machine_checked(rt, res)
        # (no wall-clock bound here: speed is for tests/bench; the run's own budget of 240 s bounds it)
        print(f"SmolLM2 run: {elapsed:.0f} s")
    finally:
        rt.close()


# ---- (c) one kind of bad output from every role's model ---------------------------------------------------
@pytest.mark.parametrize("kind", ["echo_schema", "prose", "truncated", "never_stops"])
async def test_a_model_answering_badly_everywhere_still_gives_a_complete_checked_run(
        kind: str, tmp_path: Path, nats_url: str, database_url: str, cloud: ScriptedLlmServer) -> None:
    rt = cloud_runtime(tmp_path, nats_url, database_url, cloud, BAD_OUTPUTS[kind], max_tokens=300)
    try:
        res = await research(rt, QUESTION, max_sources=4)
        assert res["status"] == "completed", res["failure"]
        rid = res["run_id"]
        for name in ("PlanCreated", "ClaimsExtracted", "ReportSynthesized", "ReportJudged"):
            assert stage_events(rt, rid, name), f"no {name}"
        assert "Rush" in res["report"]
        assert_machine_checked(rt, res)  # the offline engines' citations, still machine-checked
        assert res["degraded"], "falling back must be recorded as StageDegraded"
        assert all(e.model == CLOUD for e in llm_events(rt, rid))
        # bounded: at most a few calls per unit of work (no loop on a bad answer)
        claims = len(res["claims"])
        assert len(llm_events(rt, rid)) <= 20 + 4 * 4 + claims * 4
    finally:
        rt.close()


# ---- (d) a token budget -------------------------------------------------------------------------------------
async def test_a_20000_token_budget_gives_a_partial_report_within_one_call(
        tmp_path: Path, nats_url: str, database_url: str, cloud: ScriptedLlmServer) -> None:
    rt = cloud_runtime(tmp_path, nats_url, database_url, cloud, Reply(respond=ScriptedResearcher()))
    try:
        res = await research(rt, QUESTION, max_sources=10, budget=Budget(tokens=20_000, seconds=120))
        assert res["status"] == "partial", res["failure"]
        events = llm_events(rt, res["run_id"])
        spent = sum(e.tokens_in + e.tokens_out for e in events)
        biggest = max(e.tokens_in + e.tokens_out for e in events)
        assert spent <= 20_000 + biggest, (spent, biggest)
        # calls in flight only hold room (others wait for them): the run spends its budget before stopping
        assert spent >= 20_000 - 2 * biggest, (spent, biggest)
        print(f"\n20,000-token budget: {spent:,} tokens spent over {len(events)} calls (biggest {biggest:,}), "
              f"{len(res['citations'])} citations, {sum(c['verdict'] == 'supported' for c in res['claims'])} "
              "supported claims")
        assert [e.outcome for e in events].count("budget_exhausted") == 1
        assert res["partial"] and any("model budget spent" in m for m in res["missing"])
        report = res["report"]
        assert report and "What is missing" in report and "model budget spent" in report
        # once the budget is spent the stages go on offline: the claims found are verified and cited
        assert res["citations"] and any(c["verdict"] == "supported" for c in res["claims"])
        assert_machine_checked(rt, res)
        assert res["llm_usage"]["total"]["tokens_in"] + res["llm_usage"]["total"]["tokens_out"] == spent
    finally:
        rt.close()
