"""The gateway's seams on their own: a run's budget held call by call (``shared.llm.budget``, on the in-memory
event store), model prices (``shared.llm.pricing``) and the litellm adapter (``shared.llm.litellm_adapter``)."""

from __future__ import annotations

import asyncio
import math
import time
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from uuid import UUID, uuid4

import pytest
from pydantic import BaseModel

from contracts import Budget, LlmCallRecorded, RunRequested
from shared.llm import BudgetExhausted, ModelRoute, ModelSpec, RoutingConfig
from shared.llm.budget import MIN_OUTPUT_TOKENS, RunBudget, Unpriced
from shared.llm.litellm_adapter import (
    completion_kwargs,
    first_line,
    load_litellm,
    map_unit_prices,
    read_response,
    retry_after,
    status_of,
)
from shared.llm.pricing import PriceBook, call_cost
from shared.store import ResearchRuns

SPEC = ModelSpec(model="openai/a")


@pytest.fixture
def runs() -> ResearchRuns:
    return ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def start(runs: ResearchRuns, **budget: float) -> UUID:
    run_id = uuid4()
    assert runs.start_run(RunRequested(run_id=run_id, question="Who drummed for Rush?", budget=Budget(**budget)))
    return run_id


def later(seconds: float) -> float:
    return time.monotonic() + seconds


# ---- budget ------------------------------------------------------------------------------------------------------
async def test_a_grant_caps_the_output_to_the_room_left_and_holds_it_until_released(runs: ResearchRuns) -> None:
    run_id = start(runs, tokens=1000)
    budget = RunBudget(runs, now=lambda: datetime.now(UTC))
    first = await budget.reserve(run_id, "planner", SPEC, 100, 2000, None, later(5))
    assert (first.max_tokens, first.tokens) == (900, 1000)  # 1000 - 100 input tokens
    # the first call holds the whole budget: a second one cannot start until it is released
    second = asyncio.create_task(budget.reserve(run_id, "planner", SPEC, 100, 50, None, later(5)))
    await budget.release(run_id, first)
    grant = await asyncio.wait_for(second, 5)
    assert (grant.max_tokens, grant.tokens) == (50, 150)
    await budget.release(run_id, grant)
    again = await budget.reserve(run_id, "planner", SPEC, 100, 2000, None, later(5))
    assert again.max_tokens == 900  # every hold was given back


async def test_a_hold_that_outlasts_the_deadline_gives_a_spent_grant(runs: ResearchRuns) -> None:
    run_id = start(runs, tokens=1000)
    budget = RunBudget(runs, now=lambda: datetime.now(UTC))
    await budget.reserve(run_id, "planner", SPEC, 100, 2000, None, later(5))
    grant = await budget.reserve(run_id, "planner", SPEC, 100, 50, None, later(0.05))
    assert grant.seconds_left <= 0 and grant.max_tokens == 0
    assert not [e for e in runs.timeline(run_id) if isinstance(e, LlmCallRecorded)]  # not exhausted: held


async def test_recorded_usage_that_leaves_no_room_is_recorded_once_and_raises(runs: ResearchRuns) -> None:
    run_id = start(runs, tokens=200)
    runs.record_llm_call(run_id, role="planner", model="openai/a", tokens_in=150, tokens_out=40, cost_usd=0.0,
                         latency_ms=5, outcome="ok")
    budget = RunBudget(runs, now=lambda: datetime.now(UTC))
    with pytest.raises(BudgetExhausted) as err:
        await budget.reserve(run_id, "verifier", SPEC, 20, 100, None, later(5))
    assert (err.value.resource, err.value.spent, err.value.limit) == ("tokens", 190, 200)
    with pytest.raises(BudgetExhausted):  # the second refusal reads the recorded exhaustion
        await budget.reserve(run_id, "judge", SPEC, 1, 100, None, later(5))
    spent = [e for e in runs.timeline(run_id) if isinstance(e, LlmCallRecorded) and e.outcome == "budget_exhausted"]
    assert len(spent) == 1 and spent[0].detail.startswith("tokens 190 of 200; the next call needs ~20")
    assert 200 - 190 - 20 < MIN_OUTPUT_TOKENS


async def test_seconds_and_usd_budgets(runs: ResearchRuns) -> None:
    run_id = start(runs, seconds=90, usd=0.01)
    now = datetime.now(UTC)
    budget = RunBudget(runs, now=lambda: now)
    with pytest.raises(Unpriced):  # a USD budget cannot hold a model without a price
        await budget.reserve(run_id, "planner", SPEC, 100, 100, None, later(5))
    grant = await budget.reserve(run_id, "planner", SPEC, 100, 10_000, (1e-6, 2e-6), later(5))
    # (0.01 USD - 100 input tokens at 1e-6) / 2e-6 per output token; one call gets a third of the 90 s
    assert abs(grant.max_tokens - math.floor((0.01 - 100e-6) / 2e-6)) <= 1
    assert 29.0 < grant.seconds_left <= 30.0
    assert grant.usd == pytest.approx(100e-6 + grant.max_tokens * 2e-6)
    await budget.release(run_id, grant)
    late = RunBudget(runs, now=lambda: now + timedelta(seconds=91))
    with pytest.raises(BudgetExhausted) as err:
        await late.reserve(run_id, "planner", SPEC, 100, 100, (1e-6, 2e-6), later(5))
    assert err.value.resource == "seconds"


async def test_no_run_or_no_ledger_means_no_budget() -> None:
    grant = await RunBudget(None, now=lambda: datetime.now(UTC)).reserve(uuid4(), "planner", SPEC, 10, 77, None,
                                                                          later(1))
    assert (grant.max_tokens, grant.seconds_left, grant.tokens) == (77, math.inf, 0)


# ---- pricing -----------------------------------------------------------------------------------------------------
def test_prices_from_the_routing_file_and_registered_ones_win_over_litellms_map() -> None:
    priced = ModelSpec(model="openai/gpt-4o-mini", price_in_per_1m=1.0, price_out_per_1m=3.0)
    book = PriceBook(RoutingConfig(routes={"planner": ModelRoute(role="planner", models=(priced,))}))
    litellm = load_litellm()
    assert book.unit_prices(litellm, priced) == (1e-6, 3e-6)
    book.register("openai/my-own", 0.5, 0)
    assert book.unit_prices(litellm, ModelSpec(model="openai/my-own")) == (0.5e-6, 0.0)
    assert book.unit_prices(litellm, ModelSpec(model="openai/no-such-model-anywhere")) is None
    mapped = book.unit_prices(litellm, ModelSpec(model="gpt-4o-mini"))
    assert mapped is not None and mapped == map_unit_prices(litellm, "gpt-4o-mini") and mapped[0] > 0
    assert call_cost((1e-6, 3e-6), 1000, 100) == pytest.approx(0.0013)


def test_given_prices_are_entered_in_litellms_map() -> None:
    book = PriceBook(RoutingConfig(routes={}))
    litellm = load_litellm()
    book.enter_into(litellm)
    book.register("openai/assay-test-priced", 2.0, 4.0)
    assert map_unit_prices(litellm, "openai/assay-test-priced") == pytest.approx((2e-6, 4e-6))


# ---- the litellm adapter -------------------------------------------------------------------------------------------
class Answer(BaseModel):
    text: str


def test_completion_kwargs_follow_the_models_json_mode() -> None:
    msgs = [{"role": "user", "content": "hi"}]
    spec = ModelSpec(model="openai/a", api_base="http://127.0.0.1:9/v1", api_key="sk-x", temperature=0.2)
    kw = completion_kwargs(spec, msgs, max_tokens=64, temperature=None, timeout=5.0, schema=Answer)
    assert kw["response_format"] == {"type": "json_object"} and kw["api_key"] == "sk-x"
    assert (kw["max_tokens"], kw["temperature"], kw["timeout"], kw["num_retries"]) == (64, 0.2, 5.0, 0)
    schema_spec = ModelSpec(model="openai/a", json_mode="json_schema")
    kw = completion_kwargs(schema_spec, msgs, max_tokens=64, temperature=0.7, timeout=5.0, schema=Answer)
    assert kw["response_format"]["json_schema"]["name"] == "Answer" and kw["temperature"] == 0.7
    assert "api_key" not in kw and "api_base" not in kw
    for off in (completion_kwargs(spec, msgs, max_tokens=1, temperature=None, timeout=1, schema=None),
                completion_kwargs(spec, msgs, max_tokens=1, temperature=None, timeout=1, schema=Answer,
                                  response_format=False)):
        assert "response_format" not in off


def test_read_response_estimates_what_the_provider_did_not_count() -> None:
    counted = SimpleNamespace(choices=[SimpleNamespace(message=SimpleNamespace(content="Rush."),
                                                       finish_reason="stop")],
                              usage=SimpleNamespace(prompt_tokens=12, completion_tokens=3))
    assert read_response(counted, 99) == ("Rush.", "stop", 12, 3)
    uncounted = SimpleNamespace(choices=[SimpleNamespace(message=SimpleNamespace(content="x" * 30),
                                                         finish_reason="length")], usage=None)
    assert read_response(uncounted, 99) == ("x" * 30, "length", 99, 10)
    assert read_response(SimpleNamespace(choices=[]), 5) == ("", None, 5, 0)


class FakeLitellm:
    """The exception classes of litellm that ``status_of`` looks up on the module it is given."""

    class RateLimitError(Exception):
        pass

    class InternalServerError(Exception):
        pass

    class APIConnectionError(Exception):
        pass


class Limited(FakeLitellm.RateLimitError):
    headers = {"retry-after": "7"}


class Refused(Exception):
    status_code = 400


class Dated(Exception):
    headers = {"retry-after": "Wed, 21 Oct 2026 07:28:00 GMT"}


def test_provider_errors_are_read_for_status_retry_after_and_a_short_line() -> None:
    limited = Limited("litellm.RateLimitError: RateLimitError: OpenAIException - slow down\nmore")
    assert status_of(limited, FakeLitellm) == 429 and retry_after(limited) == 7.0
    assert first_line(limited) == "slow down"
    coded = Refused("bad request")
    assert status_of(coded, FakeLitellm) == 400 and retry_after(coded) is None
    assert status_of(FakeLitellm.InternalServerError("boom"), FakeLitellm) == 500
    try:  # a refused connection wrapped as a 500 is no status: the next model is tried at once
        try:
            raise ConnectionRefusedError("refused")
        except ConnectionRefusedError as inner:
            raise FakeLitellm.InternalServerError("InternalServerError: refused") from inner
    except FakeLitellm.InternalServerError as wrapped:
        assert status_of(wrapped, FakeLitellm) is None
    assert retry_after(Dated("429")) is None  # only the delta-seconds form is read
