"""Loop guards, the report language, and the calling pattern (fallback, StageDegraded once, engine names)."""

from __future__ import annotations

import pytest

from shared.llm import LlmGateway, RoutingConfig
from shared.llm.calls import ModelCalls, fit_chars
from shared.llm.loops import LoopGuard, query_key
from shared.llm.schemas import PlanAnswer
from shared.store import ResearchRuns
from shared.text.language import report_language, requested_language
from tests.llm_server import Reply, ScriptedLlmServer
from tests.unit.engines.conftest import calls_for, script, start_run


def test_loop_guard_stops_at_the_hop_limit() -> None:
    guard = LoopGuard(2)
    assert guard.step() and guard.step() and not guard.step()
    assert guard.stopped == "hop limit 2 reached" and not guard.step()


def test_loop_guard_stops_on_a_repeated_query() -> None:
    guard = LoopGuard(10)
    assert guard.step(query="Rush Counterparts album")
    assert not guard.step(query="counterparts  ALBUM rush")  # same content words, other order and case
    assert guard.stopped == "repeated query"
    assert query_key("Rush albums") == query_key("rush album")


def test_loop_guard_stops_on_an_unchanged_or_empty_gap_list() -> None:
    guard = LoopGuard(10)
    assert guard.step(gaps=["historian", "critic"])
    assert not guard.step(gaps=["Critic", "historian"])
    assert guard.stopped == "gap list unchanged"
    other = LoopGuard(10)
    assert not other.step(gaps=[]) and other.stopped == "no gap left"


def test_loop_guard_needs_a_hop() -> None:
    with pytest.raises(ValueError):
        LoopGuard(0)


@pytest.mark.parametrize(("question", "expected"), [
    ("Ban nhạc rock Canada nào đã phát hành bài hát Counterparts?", "vi"),
    ("Which band recorded Counterparts and who was its drummer?", "en"),
    ("Which band recorded Counterparts? Please answer in French.", "fr"),
    ("Ai là tay trống của ban nhạc Rush? Trả lời bằng tiếng Anh.", "en"),
    ("What is French cuisine known for in the rest of Europe?", "en"),
])
def test_the_report_language_is_the_questions_unless_another_is_asked_for(question: str, expected: str) -> None:
    assert report_language(question) == expected


def test_the_requested_language_wins_and_a_models_guess_does_not_override_the_detector() -> None:
    vi = "Ban nhạc rock Canada nào đã phát hành bài hát Counterparts?"
    assert report_language(vi, requested="de") == "de"
    assert report_language(vi, model_says="en") == "vi"
    assert requested_language("Write the report in German: who drummed for Rush?") == "de"


def test_fit_chars_leaves_room_for_the_answer() -> None:
    assert fit_chars(4096, reserve_tokens=1000) < fit_chars(8192, reserve_tokens=1000)
    assert fit_chars(600, reserve_tokens=1000) == 300  # never nothing


async def test_a_role_without_a_model_is_offline_and_not_degraded(runs: ResearchRuns) -> None:
    calls = ModelCalls(LlmGateway(RoutingConfig(routes={}), ledger=runs), runs, start_run(runs), "planner")
    assert calls.offline("planner")
    assert await calls.ask("planner", "plan this") is None
    assert not calls.degraded and calls.engine() == "offline"
    assert ModelCalls(None, runs, None, "x").offline("judge")


async def test_a_failure_degrades_once_per_stage_and_reason(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    run_id = start_run(runs)
    model = script(server, Reply(status=500))
    for _ in range(2):  # two units of the same stage in one run: one StageDegraded
        calls = calls_for(server, runs, "verifier", "verifier", model=model, run_id=run_id)
        assert await calls.ask("verifier", "check") is None
        assert calls.degraded and calls.engine(offline_used=True) == "offline"
    degraded = runs.get_run(run_id).degraded
    assert len(degraded) == 1 and degraded[0]["stage"] == "verifier"


async def test_after_a_spent_budget_no_call_is_tried(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    run_id = start_run(runs, tokens=50)
    model = script(server, Reply("x " * 400))
    calls = calls_for(server, runs, "extractor", "extractor", model=model, run_id=run_id)
    first = await calls.ask("extractor", "say something long " * 20)
    before = server.calls(model=model)
    second = await calls.ask("extractor", "again")
    assert calls.spent and second is None and server.calls(model=model) == before
    assert first is None or first.tokens_in + first.tokens_out > 0
    assert runs.get_run(run_id).partial


async def test_a_model_failing_again_and_again_is_skipped_for_the_rest_of_the_run(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    from shared.llm.calls import BREAKER_FAILURES

    run_id = start_run(runs)
    model = script(server, Reply("no json at all"))
    for _ in range(BREAKER_FAILURES + 3):
        calls = calls_for(server, runs, "verifier", "verifier", model=model, run_id=run_id)
        assert await calls.ask("verifier", "check", schema=PlanAnswer) is None
    assert server.calls(model=model) == BREAKER_FAILURES
    reasons = [d["reason"] for d in runs.get_run(run_id).degraded]
    assert len(reasons) == 2 and "skipped" in reasons[1]
    other = start_run(runs)  # another run starts afresh
    assert await calls_for(server, runs, "verifier", "verifier", model=model, run_id=other).ask(
        "verifier", "check", schema=PlanAnswer) is None
    assert server.calls(model=model) == BREAKER_FAILURES + 1


def test_sentence_splitting_is_thread_safe() -> None:
    """The engines split sentences in many threads at once (the scripted model too); each thread has its own
    segmenter, so no thread gets another text's sentences."""
    from concurrent.futures import ThreadPoolExecutor

    from shared.text.tokens import split_sentences

    texts = [f"Text {i} has a first sentence about Rush. It has a second one about drummer number {i}. "
             f"And a third, shorter one." * (1 + i % 3) for i in range(60)]
    expected = [[s.text for s in split_sentences(t)] for t in texts]
    with ThreadPoolExecutor(8) as pool:
        for _ in range(3):
            assert list(pool.map(lambda t: [s.text for s in split_sentences(t)], texts)) == expected
