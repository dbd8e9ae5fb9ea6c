"""Judge engine: rubric with a label that must agree with its rationale and scores (asked again once, then the
offline rubric), and factored Chain-of-Verification (independent answers, flag when more than half disagree)."""

from __future__ import annotations

import json

import pytest

from services.judge.model import (
    cited_statements,
    cove_offline,
    judge_report,
    label_disagreement,
    self_verify,
    split_sources,
)
from services.judge.offline import Judgement
from shared.llm.schemas import RubricAnswer
from shared.store import ResearchRuns
from tests.llm_server import Reply, ScriptedLlmServer
from tests.scripted_research import ScriptedResearcher
from tests.unit.engines.conftest import calls_for, script

REPORT = """# Báo cáo

## Câu trả lời

Rush was a Canadian rock band formed in Toronto in 1968 [1]. Counterparts is the fifteenth studio album by Rush [1].

## Chi tiết

Neil Peart joined Rush in 1974 as its drummer [2]. Peart was inducted into the Modern Drummer Hall of Fame [2].

## Nguồn

- [1] Rush — https://example.org/rush
- [2] Neil Peart — https://example.org/peart
"""
EVIDENCE = {1: ["Rush was a Canadian rock band formed in Toronto in 1968.",
                "Counterparts is the fifteenth studio album by Rush, released in 1993."],
            2: ["Neil Peart joined Rush in 1974 as its drummer and lyricist.",
                "Peart was inducted into the Modern Drummer Hall of Fame in 1983."]}
OFFLINE = Judgement(factual_accuracy=33, citation_density=33, coverage=20, total=86, rationale="offline rubric")


def rubric(fa: int, cd: int, cv: int, label: str, rationale: str) -> RubricAnswer:
    return RubricAnswer(factual_accuracy=fa, citation_density=cd, coverage=cv, label=label,
                        rationale=rationale)


def test_the_sources_section_is_found_whatever_its_heading() -> None:
    body, sources = split_sources(REPORT)
    assert sources.startswith("## Nguồn") and "## Nguồn" not in body
    assert [ns for _, ns in cited_statements(body)] == [[1], [1], [2], [2]]


@pytest.mark.parametrize(("answer", "problem"), [
    (rubric(30, 30, 30, "excellent", "Accurate, well-supported and complete."), None),
    (rubric(30, 30, 30, "poor", "Accurate and complete."), "does not match the scores"),
    (rubric(10, 10, 10, "excellent", "Fine."), "does not match the scores"),
    (rubric(25, 25, 25, "good", "Several statements are unsupported, citations are missing, and the coverage is "
                                "incomplete and vague."), "reads negative"),
    (rubric(15, 15, 15, "poor", "Accurate, thorough, comprehensive and clearly well-cited."), "reads positive"),
])
def test_the_label_must_agree_with_the_scores_and_the_rationale(answer: RubricAnswer, problem: str | None) -> None:
    found = label_disagreement(answer)
    assert (found is None) if problem is None else (found is not None and problem in found)


async def test_a_consistent_rubric_is_taken(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    model = script(server, Reply(respond=ScriptedResearcher()))
    out = await judge_report(calls_for(server, runs, "judge", "judge", model=model), REPORT, question="q",
                             language="vi", offline=OFFLINE, claims_used=4, claims_supported=4)
    assert out.judgement["total"] == 88 and out.label == "excellent" and not out.degraded
    assert out.judgement["engine"] == f"openai/{model}" and out.attempts == 1
    prompt = next(r["body"]["messages"][-1]["content"] for r in server.requests if r["model"] == model)
    assert "4 of the 4 claims" in prompt and "4 of its 4 sentences carry a citation" in prompt


async def test_a_disagreeing_label_is_asked_again_then_the_offline_rubric(server: ScriptedLlmServer,
                                                                          runs: ResearchRuns) -> None:
    bad = Reply(json.dumps({"factual_accuracy": 30, "citation_density": 30, "coverage": 30, "label": "poor",
                            "rationale": "Accurate and complete."}))
    good = Reply(json.dumps({"factual_accuracy": 30, "citation_density": 30, "coverage": 30, "label": "excellent",
                             "rationale": "Accurate and complete."}))
    model = script(server, bad, good)
    out = await judge_report(calls_for(server, runs, "judge", "judge", model=model), REPORT, question="q",
                             language="en", offline=OFFLINE, claims_used=4, claims_supported=4)
    assert out.attempts == 2 and out.label == "excellent" and not out.degraded
    second = [r["body"] for r in server.requests if r["model"] == model][1]
    assert "inconsistent" in second["messages"][-1]["content"]
    stubborn = script(server, bad)
    calls = calls_for(server, runs, "judge", "judge", model=stubborn)
    out = await judge_report(calls, REPORT, question="q", language="en", offline=OFFLINE, claims_used=4,
                             claims_supported=4)
    assert server.calls(model=stubborn) == 2  # bounded: asked again once
    assert out.degraded and out.judgement["total"] == 86 and out.judgement["rationale"] == "offline rubric"
    assert "disagrees" in runs.get_run(calls.run_id).degraded[0]["reason"]


async def test_cove_answers_each_question_independently_from_the_evidence(server: ScriptedLlmServer,
                                                                         runs: ResearchRuns) -> None:
    researcher = ScriptedResearcher()
    model = script(server, Reply(respond=researcher))
    evidence = [q for qs in EVIDENCE.values() for q in qs]
    out = await self_verify(calls_for(server, runs, "judge", "cove", model=model), REPORT, question="q",
                            evidence=evidence, evidence_by_n=EVIDENCE)
    assert 3 <= len(out.checks) <= 5 and not out.flagged and out.engine == f"openai/{model}"
    answers = [r["body"]["messages"] for r in server.requests
               if r["model"] == model and "Answer the question using only" in r["body"]["messages"][0]["content"]]
    assert len(answers) == len(out.checks)
    for messages in answers:  # factored: one question each, the evidence, never the report
        user = messages[-1]["content"]
        assert user.count("Question:") == 1 and "##" not in user and "[1] Rush" not in user.split("Evidence")[0]
    assert researcher.seen["cove_cross"] == 1


async def test_cove_flags_a_report_when_more_than_half_disagree(server: ScriptedLlmServer,
                                                               runs: ResearchRuns) -> None:
    plan = Reply(json.dumps({"checks": [
        {"question": "When was Rush formed?", "statement": "Rush was a Canadian rock band formed in Toronto in 1968"},
        {"question": "When did Peart join?", "statement": "Neil Peart joined Rush in 1974 as its drummer"},
        {"question": "Which album is Counterparts?", "statement": "Counterparts is the fifteenth studio album"},
        {"question": "Who won the Nobel prize?", "statement": "Rush won the Nobel prize for literature"}]}))
    fact = Reply(json.dumps({"answer": "In 1970.", "answerable": True}))
    cross = Reply(json.dumps({"agrees": [False, False, True]}))
    model = script(server, plan, fact, fact, fact, cross)
    out = await self_verify(calls_for(server, runs, "judge", "cove", model=model), REPORT, question="q",
                            evidence=["x"], evidence_by_n=EVIDENCE)
    assert len(out.checks) == 3  # the Nobel statement is not in the report: dropped
    assert out.disagreed == 2 and out.flagged
    assert out.record()["flagged"] and out.record()["asked"] == 3


async def test_cove_falls_back_to_the_offline_check(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    model = script(server, Reply("not json"))
    out = await self_verify(calls_for(server, runs, "judge", "cove", model=model), REPORT, question="q",
                            evidence=["x"], evidence_by_n=EVIDENCE)
    assert out.degraded and out.engine == "offline" and 3 <= len(out.checks) <= 5
    assert all(c.agrees for c in out.checks) and not out.flagged
    wrong = cove_offline(REPORT, {1: ["Metallica is an American band."], 2: ["Ringo Starr drummed."]})
    assert wrong.flagged
