"""The model gateway against a scripted OpenAI-compatible server (standing in for OpenRouter) and a real local
model (llama.cpp serving SmolLM2-135M), recording every call on a real event store (PostgreSQL).

Each bad-output kind ends in a valid result (as sent, repaired, or from the next model) or in
``StructuredOutputFailed`` (the caller degrades to the offline engine) - never a crash or a loop; 429/500 are
retried then fall back; a timeout moves on; a token budget is never exceeded by more than one call.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import Budget, LlmCallRecorded, RunRequested
from shared.launcher import Endpoints
from shared.llm import (
    BudgetExhausted,
    LlmError,
    LlmGateway,
    ModelRoute,
    ModelSpec,
    ModelsUnavailable,
    NoModelConfigured,
    RoutingConfig,
    StructuredOutputFailed,
)
from shared.llm.schemas import PlanAnswer
from shared.store import ResearchRuns
from tests.llm_server import BAD_OUTPUTS, GOOD_PLAN, Reply, ScriptedLlmServer
from tests.loopback import refused_port

pytestmark = [pytest.mark.postgres]
PRICE_IN, PRICE_OUT = 1.0, 2.0  # USD per 1M tokens registered for the scripted models


@pytest.fixture(scope="module")
def server() -> Iterator[ScriptedLlmServer]:
    with ScriptedLlmServer() as s:
        yield s


@pytest.fixture
def runs(database_url: str) -> Iterator[ResearchRuns]:
    store = ResearchRuns(env=Endpoints("nats://unused", database_url).eventsourcing_env(create_table=True))
    try:
        yield store
    finally:
        store.close()


def start_run(runs: ResearchRuns, **budget: Any) -> UUID:
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="Which band recorded Counterparts?", budget=Budget(**budget)))
    return run_id


def spec(server: ScriptedLlmServer, name: str, **kw: Any) -> ModelSpec:
    return ModelSpec(model=f"openai/{name}", api_base=server.base_url, api_key="sk-test",
                     **{"timeout_s": 5.0, "max_tokens": 256, **kw})


def gateway(server: ScriptedLlmServer, runs: ResearchRuns | None, *models: ModelSpec, role: str = "planner",
            **kw: Any) -> LlmGateway:
    routing = RoutingConfig(routes={role: ModelRoute(role=role, models=models)},
                            retry_attempts=3, backoff_s=0.01, backoff_max_s=0.05)
    gw = LlmGateway(routing, ledger=runs, **kw)
    for m in models:
        gw.register_price(m.model, PRICE_IN, PRICE_OUT)
    return gw


def llm_events(runs: ResearchRuns, run_id: UUID) -> list[LlmCallRecorded]:
    return [e for e in runs.timeline(run_id) if isinstance(e, LlmCallRecorded)]


def scenario() -> str:
    return f"s{uuid4().hex[:10]}"


def prose(chars: int) -> str:
    """Text that does not repeat itself (a repetitive answer cut at the token limit counts as invalid)."""
    words = " ".join(f"{uuid4().hex[:6]}" for _ in range(chars // 7 + 1))
    return words[:chars]


# ---- bad outputs -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(BAD_OUTPUTS))
async def test_each_bad_output_ends_valid_or_on_the_next_model(server: ScriptedLlmServer, runs: ResearchRuns,
                                                              kind: str) -> None:
    name = scenario()
    server.add(name, {"bad": BAD_OUTPUTS[kind], "good": Reply(GOOD_PLAN)})
    run_id = start_run(runs)
    gw = gateway(server, runs, spec(server, "bad", max_tokens=64), spec(server, "good"))
    result = await gw.complete("planner", f"[[{name}]] Plan searches for: who recorded Counterparts?",
                               run_id=run_id, schema=PlanAnswer, deadline_s=20)
    assert isinstance(result.value, PlanAnswer) and result.value.sub_queries
    assert all(q.strip() and q != "string" for q in result.value.sub_queries)
    events = llm_events(runs, run_id)
    assert len(events) == len(result.attempts) == server.calls(name) <= 2  # one call per model, no loop
    first = events[0]
    assert first.model == "openai/bad" and first.tokens_in > 0 and first.tokens_out > 0
    assert first.cost_usd == pytest.approx((first.tokens_in * PRICE_IN + first.tokens_out * PRICE_OUT) / 1e6)
    if result.model == "openai/good":
        assert first.outcome == "invalid" and first.detail  # says why
        assert events[1].outcome == "ok"
    else:
        assert first.outcome in ("ok", "repaired")


async def test_bad_output_on_every_model_fails_cleanly_and_the_stage_degrades(server: ScriptedLlmServer,
                                                                              runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, {"a": BAD_OUTPUTS["echo_placeholder"], "b": BAD_OUTPUTS["prose"]})
    run_id = start_run(runs)
    gw = gateway(server, runs, spec(server, "a"), spec(server, "b"))
    with pytest.raises(StructuredOutputFailed) as caught:
        await gw.complete("planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert [a.outcome for a in caught.value.attempts] == ["invalid", "invalid"]
    # what a stage does with it: the offline engine's result plus StageDegraded with the reason
    runs.record_degraded(run_id, "planner", caught.value.reason)
    run = runs.get_run(run_id)
    assert run.degraded and "placeholder" in run.degraded[0]["reason"]
    assert [e.outcome for e in llm_events(runs, run_id)] == ["invalid", "invalid"]


# ---- HTTP errors, timeouts, deadlines ------------------------------------------------------------------------
async def test_429_and_500_are_retried_on_the_same_model(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, {"a": [Reply(status=429), Reply(status=500), Reply(GOOD_PLAN)]})
    run_id = start_run(runs)
    result = await gateway(server, runs, spec(server, "a")).complete(
        "planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert result.model == "openai/a" and result.outcome == "ok"
    assert [a.outcome for a in result.attempts] == ["error", "error", "ok"]
    assert "429" in result.attempts[0].detail and "500" in result.attempts[1].detail
    assert server.calls(name) == 3  # litellm's and the OpenAI client's own retries are off
    assert [e.outcome for e in llm_events(runs, run_id)] == ["error", "error", "ok"]


async def test_persistent_429_falls_back_to_the_next_model(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, {"a": Reply(status=429), "b": Reply(GOOD_PLAN)})
    run_id = start_run(runs)
    result = await gateway(server, runs, spec(server, "a"), spec(server, "b")).complete(
        "planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert result.model == "openai/b"
    assert server.calls(name, "a") == 3 and server.calls(name, "b") == 1  # bounded: retry_attempts per model


async def test_a_timeout_moves_on_to_the_next_model(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, {"slow": Reply(GOOD_PLAN, delay_s=30), "fast": Reply(GOOD_PLAN)})
    run_id = start_run(runs)
    t0 = time.monotonic()
    result = await gateway(server, runs, spec(server, "slow", timeout_s=0.5), spec(server, "fast")).complete(
        "planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert time.monotonic() - t0 < 15  # the slow model was left after its 0.5 s, not waited for (30 s)
    assert result.model == "openai/fast"
    assert [(e.model, e.outcome) for e in llm_events(runs, run_id)] == [("openai/slow", "timeout"),
                                                                         ("openai/fast", "ok")]


async def test_the_deadline_cuts_every_model_short(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply(GOOD_PLAN, delay_s=30))
    run_id = start_run(runs)
    gw = gateway(server, runs, *(spec(server, m, timeout_s=30) for m in ("a", "b", "c")))
    t0 = time.monotonic()
    with pytest.raises(StructuredOutputFailed, match="deadline"):
        await gw.complete("planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer, deadline_s=1.0)
    assert time.monotonic() - t0 < 15  # cut at the 1 s deadline, not at a model's 30 s timeout
    assert [e.outcome for e in llm_events(runs, run_id)] == ["timeout"]


async def test_a_model_that_never_stops_is_cut_by_max_tokens(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, {"babbler": BAD_OUTPUTS["never_stops"], "b": Reply("Rush recorded Counterparts.")})
    run_id = start_run(runs)
    gw = gateway(server, runs, spec(server, "babbler", max_tokens=200), spec(server, "b"))
    result = await gw.complete("planner", f"[[{name}]] Who recorded Counterparts?",
                               run_id=run_id, max_tokens=150)
    assert result.text == "Rush recorded Counterparts." and result.model == "openai/b"
    sent = [r["body"] for r in server.requests if r["scenario"] == name]
    assert sent[0]["max_tokens"] == 150  # never more than the caller's cap
    babble = llm_events(runs, run_id)[0]
    assert babble.outcome == "invalid" and babble.tokens_out == 150 and "repeats itself" in babble.detail


async def test_a_model_refusing_response_format_is_asked_again_without_it(server: ScriptedLlmServer,
                                                                          runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply(GOOD_PLAN, rejects_response_format=True))
    run_id = start_run(runs)
    result = await gateway(server, runs, spec(server, "picky")).complete(
        "planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert result.model == "openai/picky" and [a.outcome for a in result.attempts] == ["error", "ok"]
    sent = [r["body"] for r in server.requests if r["scenario"] == name]
    assert "response_format" in sent[0] and "response_format" not in sent[1]
    assert "sub_queries" in sent[1]["messages"][0]["content"]  # the instruction is in the system message


async def test_text_answers_lose_their_reasoning(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply("<think>They want a name.</think>\nRush."))
    result = await gateway(server, runs, spec(server, "a")).complete(
        "planner", f"[[{name}]] Who?", run_id=start_run(runs))
    assert result.text == "Rush." and result.value is None and result.outcome == "ok"


async def test_an_unreachable_server_moves_on(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply(GOOD_PLAN))
    run_id = start_run(runs)
    with refused_port() as port:
        dead = ModelSpec(model="openai/dead", api_base=f"http://127.0.0.1:{port}/v1", api_key="x", timeout_s=5)
        result = await gateway(server, runs, dead, spec(server, "b")).complete(
            "planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert result.model == "openai/b"
    assert [e.outcome for e in llm_events(runs, run_id)] == ["error", "ok"]


async def test_text_call_with_every_model_failing_raises_models_unavailable(server: ScriptedLlmServer,
                                                                             runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply(status=500))
    with pytest.raises(ModelsUnavailable):
        await gateway(server, runs, spec(server, "a")).complete("planner", f"[[{name}]] hi", run_id=start_run(runs))


async def test_a_role_without_models_is_the_offline_engine(runs: ResearchRuns) -> None:
    gw = LlmGateway(RoutingConfig(routes={}), ledger=runs)
    assert gw.offline("judge")
    run_id = start_run(runs)
    with pytest.raises(NoModelConfigured):
        await gw.complete("judge", "score this", run_id=run_id)
    assert llm_events(runs, run_id) == []


# ---- budget --------------------------------------------------------------------------------------------------
async def test_a_token_budget_is_never_exceeded_by_more_than_one_call(server: ScriptedLlmServer,
                                                                      runs: ResearchRuns) -> None:
    name = scenario()
    # The provider counts far more prompt tokens than the gateway estimated: the worst case for the budget.
    server.add(name, Reply(prose(4000), prompt_tokens=3500))
    run_id = start_run(runs, tokens=20_000)
    gw = gateway(server, runs, spec(server, "a", max_tokens=1000))
    calls = 0
    with pytest.raises(BudgetExhausted) as caught:
        for _ in range(100):  # bounded: the budget must stop it long before
            await gw.complete("planner", f"[[{name}]] write", run_id=run_id)
            calls += 1
    assert caught.value.resource == "tokens"
    events = llm_events(runs, run_id)
    spent = sum(e.tokens_in + e.tokens_out for e in events)
    biggest = max(e.tokens_in + e.tokens_out for e in events)
    assert spent <= 20_000 + biggest
    assert calls == len([e for e in events if e.outcome == "ok"]) >= 4
    assert events[-1].outcome == "budget_exhausted" and events[-1].tokens_in == 0
    # spent: no more calls, nothing more recorded, and the run finishes with a partial report
    before = server.calls(name)
    with pytest.raises(BudgetExhausted):
        await gw.complete("planner", f"[[{name}]] write", run_id=run_id)
    assert server.calls(name) == before
    assert len(llm_events(runs, run_id)) == len(events)
    run = runs.get_run(run_id)
    # the run is partial and says why; its stages go on with their offline engines (nothing is forced)
    assert run.partial and any("model budget" in m for m in run.missing)
    assert not run.claims_verified and run.status != "failed"


async def test_concurrent_calls_share_the_budget(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply(prose(2400)))  # honest usage counts (≈ 600 tokens out per call)
    run_id = start_run(runs, tokens=20_000)
    gw = gateway(server, runs, spec(server, "a", max_tokens=800))

    async def one() -> str:
        try:
            await gw.complete("planner", f"[[{name}]] write", run_id=run_id)
            return "ok"
        except BudgetExhausted:
            return "spent"

    outcomes = await asyncio.gather(*(one() for _ in range(60)))
    assert "spent" in outcomes and "ok" in outcomes
    events = llm_events(runs, run_id)
    spent = sum(e.tokens_in + e.tokens_out for e in events)
    assert spent <= 20_000
    # Calls in flight only hold room: the others wait for them, so the run is not declared spent while most of
    # its budget is still unused (a call needs its input plus 16 output tokens to start).
    biggest = max(e.tokens_in + e.tokens_out for e in events)
    assert spent >= 20_000 - biggest, (spent, biggest)
    assert [e.outcome for e in events].count("budget_exhausted") == 1


async def test_usd_budget(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply(prose(800)))
    run_id = start_run(runs, usd=0.01)
    gw = gateway(server, runs, spec(server, "pricey", max_tokens=300))
    gw.register_price("openai/pricey", 20.0, 40.0)  # $ per 1M: about $0.006 a call
    with pytest.raises(BudgetExhausted) as caught:
        for _ in range(20):
            await gw.complete("planner", f"[[{name}]] write", run_id=run_id)
    assert caught.value.resource == "usd"
    events = llm_events(runs, run_id)
    assert sum(e.cost_usd for e in events) <= 0.01 + max(e.cost_usd for e in events)


async def test_an_unpriced_model_is_not_called_under_a_usd_budget(server: ScriptedLlmServer,
                                                                  runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply(GOOD_PLAN))
    run_id = start_run(runs, usd=0.01)
    routing = RoutingConfig(routes={"planner": ModelRoute(role="planner", models=(
        spec(server, "unpriced"), spec(server, "priced")))}, retry_attempts=1)
    gw = LlmGateway(routing, ledger=runs)
    gw.register_price("openai/priced", PRICE_IN, PRICE_OUT)  # (openai/unpriced is in no price map)
    result = await gw.complete("planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert result.model == "openai/priced"
    assert server.calls(name, "unpriced") == 0
    unpriced, priced = llm_events(runs, run_id)
    assert unpriced.model == "openai/unpriced" and unpriced.outcome == "error" and "no price" in unpriced.detail
    assert priced.outcome == "ok" and priced.cost_usd > 0
    # without a USD budget the unpriced model is called (its cost is unknown, recorded as 0)
    other = start_run(runs, tokens=100_000)
    result = await gw.complete("planner", f"[[{name}]] plan", run_id=other, schema=PlanAnswer)
    assert result.model == "openai/unpriced"


async def test_a_dense_tokenizer_does_not_overshoot_the_token_budget(server: ScriptedLlmServer,
                                                                     runs: ResearchRuns) -> None:
    """The provider counts one token per character (the gateway estimates one per three): after the first
    call the gateway scales its estimate, so concurrent calls stay within one call of the budget."""
    name = scenario()
    prompt = f"[[{name}]] " + prose(3000)

    def dense(body: dict[str, Any]) -> str:
        return prose(400)

    server.add(name, Reply(respond=dense, prompt_tokens=len(prompt) + 40))
    run_id = start_run(runs, tokens=40_000)
    gw = gateway(server, runs, spec(server, "dense", max_tokens=200))

    async def one() -> None:
        try:
            await gw.complete("planner", prompt, run_id=run_id)
        except BudgetExhausted:
            pass

    await one()  # one call to learn the ratio
    await asyncio.gather(*(one() for _ in range(40)))
    events = llm_events(runs, run_id)
    spent = sum(e.tokens_in + e.tokens_out for e in events)
    biggest = max(e.tokens_in + e.tokens_out for e in events)
    assert spent <= 40_000 + biggest, (spent, biggest)


async def test_a_failing_model_is_tried_last_for_a_while(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, {"flaky": Reply(status=500), "steady": Reply(GOOD_PLAN)})
    run_id = start_run(runs)
    gw = gateway(server, runs, spec(server, "flaky"), spec(server, "steady"))
    for _ in range(5):
        result = await gw.complete("planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
        assert result.model == "openai/steady"
    # three 500s in a row (the retries of the first complete) bench the flaky model: it is not called again
    assert server.calls(name, "flaky") == 3


async def test_retry_after_is_honoured(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, [Reply(status=429, headers={"Retry-After": "1"}), Reply(GOOD_PLAN)])
    run_id = start_run(runs)
    gw = gateway(server, runs, spec(server, "patient"))  # backoff 0.01 s: only Retry-After makes it wait 1 s
    result = await gw.complete("planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert result.outcome == "ok"
    first, second = [r["at"] for r in server.requests if r["scenario"] == name]
    assert second - first >= 0.95


async def test_one_call_takes_at_most_a_third_of_the_runs_time(server: ScriptedLlmServer,
                                                              runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply(GOOD_PLAN, delay_s=20))
    run_id = start_run(runs, seconds=30)
    gw = gateway(server, runs, spec(server, "stuck", timeout_s=60))
    t0 = time.monotonic()
    with pytest.raises(StructuredOutputFailed):
        await gw.complete("planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert 9 <= time.monotonic() - t0 < 15  # cut at max(10 s, 30 s / 3)
    assert [e.outcome for e in llm_events(runs, run_id)] == ["timeout"]


async def test_seconds_budget_stops_calls(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    name = scenario()
    server.add(name, Reply(GOOD_PLAN))
    run_id = start_run(runs, seconds=30)
    started = runs.get_run(run_id).created_on
    gw = gateway(server, runs, spec(server, "a"), now=lambda: started + timedelta(seconds=31))
    with pytest.raises(BudgetExhausted) as caught:
        await gw.complete("planner", f"[[{name}]] plan", run_id=run_id, schema=PlanAnswer)
    assert caught.value.resource == "seconds" and server.calls(name) == 0
    assert [e.outcome for e in llm_events(runs, run_id)] == ["budget_exhausted"]


# ---- a real local model: llama.cpp serving SmolLM2-135M (the ``smollm2`` fixture is in tests/conftest.py) ----
@pytest.mark.llm
@pytest.mark.slow
async def test_smollm2_through_the_gateway(smollm2: str, runs: ResearchRuns) -> None:
    local = ModelSpec(model="openai/smollm2", api_base=smollm2, api_key="sk-no-key",
                      max_tokens=160, timeout_s=60, price_in_per_1m=0.0, price_out_per_1m=0.0)
    gw = LlmGateway(RoutingConfig(routes={"planner": ModelRoute(role="planner", models=(local,))}), ledger=runs)
    run_id = start_run(runs)
    messages = [{"role": "system", "content": "You plan web searches."},
                {"role": "user", "content": "Question: Which Canadian rock band released the album Counterparts? "
                                            "Give two or three short search queries."}]
    try:
        result = await gw.complete("planner", messages, run_id=run_id, schema=PlanAnswer, deadline_s=90)
    except StructuredOutputFailed as exc:  # the tiny model is often wrong: a clean failure is acceptable
        assert exc.attempts and exc.attempts[0].outcome in ("invalid", "timeout")
    else:
        assert isinstance(result.value, PlanAnswer) and result.value.sub_queries
        assert result.outcome in ("ok", "repaired")
    events = llm_events(runs, run_id)
    assert len(events) == 1 and events[0].model == "openai/smollm2"
    if events[0].outcome != "timeout":
        assert events[0].tokens_in > 0 and events[0].tokens_out > 0 and events[0].cost_usd == 0.0
    # a text call through the same server
    text = await gw.complete("planner", "Say hello in one short sentence.", run_id=run_id, max_tokens=40)
    assert text.text.strip() and text.tokens_out > 0
    assert len(llm_events(runs, run_id)) == 2


def test_gateway_errors_are_one_family() -> None:
    for cls in (NoModelConfigured, BudgetExhausted, StructuredOutputFailed, ModelsUnavailable):
        assert issubclass(cls, LlmError)
