"""The model gateway: every LLM call of Assay goes through :meth:`LlmGateway.complete`.

One call of ``complete(role, messages, run_id=..., schema=...)``:

1. takes the role's usable models in order (``shared.llm.config``), less any the caller names in
   ``skip_models``; none usable -> :class:`NoModelConfigured`. A model that failed ``MODEL_FAILURES`` times
   in a row (errors, timeouts) is tried after the others for ``MODEL_COOLDOWN_S``;
2. before **each** HTTP call checks the run's budget (tokens, USD, seconds) from the run's recorded totals plus
   the calls this process has in flight, and caps the call's ``max_tokens`` to what is left, so a token budget
   is never exceeded by more than the error of one call's input estimate (the estimate, characters / 3, is
   scaled per model by the most the provider has counted over it). Room held only by calls in flight ->
   the call waits for them (until its deadline). Spent by recorded calls -> the store records
   ``LlmCallRecorded(outcome=budget_exhausted)`` once (the run is then partial; its stages go on offline) and
   :class:`BudgetExhausted` is raised; no call is made. Under a USD budget a model without a known price is
   not called (recorded as an error; the next model is tried);
3. calls the model through litellm with a hard per-call timeout ``min(model timeout_s, deadline left, run
   seconds left, a third of the run's budget (>= 10 s))`` and ``max_tokens``; 429 and 5xx are retried on the
   same model with bounded exponential backoff (tenacity; a Retry-After up to 30 s is honoured), a timeout or
   any other error moves on to the next model;
4. for a structured call, runs the output pipeline (``shared.llm.structured``: strip reasoning, find the JSON,
   repair once, reject echoed templates, normalise, validate); invalid -> the next model; for a text call, an
   answer cut at the token limit that only repeats itself is treated as invalid too;
5. records every HTTP call as ``LlmCallRecorded`` (role, model, tokens in/out, USD, latency, outcome ok /
   repaired / invalid / error / timeout) on the run's stream;
6. returns an :class:`LlmResult`, or raises :class:`StructuredOutputFailed` (schema given) /
   :class:`ModelsUnavailable` (text) when no model gave a usable answer before the deadline.

Callers (the stage engines) catch :class:`~shared.llm.errors.LlmError`, run the offline engine instead, and
record ``StageDegraded`` unless the error is :class:`NoModelConfigured`.

litellm is imported on the first call only (about 3 s).
"""

from __future__ import annotations

import asyncio
import math
import os
import re
import sys
import time
import zlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Generic, Literal, Protocol, TypedDict, TypeVar, overload
from uuid import UUID

from pydantic import BaseModel
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt

from shared.llm.config import LlmSettings, ModelRoute, ModelSpec, Role, RoutingConfig, load_routing
from shared.llm.errors import BudgetExhausted, ModelsUnavailable, NoModelConfigured, StructuredOutputFailed
from shared.llm.structured import parse_structured, schema_instruction, strip_reasoning

__all__ = [
    "Attempt", "CallOutcome", "ChatMessage", "LlmGateway", "LlmResult", "Messages", "UsageLedger",
    "estimate_tokens", "load_litellm",
]

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
CallOutcome = Literal["ok", "repaired", "invalid", "error", "timeout", "budget_exhausted"]
MIN_OUTPUT_TOKENS = 16
#: a model that failed (error or timeout) this many times in a row is tried after the role's other models ...
MODEL_FAILURES = 3
#: ... for this long, seconds
MODEL_COOLDOWN_S = 30.0
#: a provider's Retry-After is honoured up to this many seconds (and never past the call's deadline)
MAX_RETRY_AFTER_S = 30.0
#: the per-call timeout is at most a third of the run's time budget, but never under this, seconds
MIN_CALL_CAP_S = 10.0
#: the most a model's tokenizer is assumed to count over the gateway's estimate (chars / 3)
MAX_INPUT_RATIO = 4.0


class ChatMessage(TypedDict):
    """One chat message, as OpenAI-compatible APIs take it."""

    role: Literal["system", "user", "assistant"]
    content: str


#: A prompt (one user message) or chat messages.
Messages = str | Sequence[ChatMessage] | Sequence[Mapping[str, str]]


class UsageLedger(Protocol):
    """Where the gateway reads a run's model usage and records each call (``shared.store.ResearchRuns``)."""

    def llm_usage(self, run_id: UUID) -> Mapping[str, Any]:
        """{"tokens": int, "usd": float, "calls": int, "exhausted": str | None, "started_at": datetime,
        "budget": {"tokens": int | None, "usd": float | None, "seconds": float}}"""
        ...

    def record_llm_call(self, run_id: UUID, *, role: str, model: str, tokens_in: int, tokens_out: int,
                        cost_usd: float, latency_ms: int, outcome: str, detail: str = "") -> bool:
        """Record ``LlmCallRecorded``; ``budget_exhausted`` is recorded once per run and ends it partially."""
        ...


@dataclass(frozen=True)
class Attempt:
    """One HTTP call made for a ``complete`` (what ``LlmCallRecorded`` recorded for it)."""

    model: str
    outcome: CallOutcome
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    latency_ms: int = 0
    detail: str = ""


@dataclass(frozen=True)
class LlmResult(Generic[T]):
    """A usable answer.

    ``text``: the model's answer with reasoning blocks removed. ``value``: the validated schema instance
    (None for text calls). ``model``: the model that answered. ``outcome``: ok, or repaired when the JSON or
    its shape had to be fixed. Tokens, cost (USD) and latency (ms) add up every call of this ``complete``,
    failed ones included; ``attempts`` lists them. ``truncated``: the answer stopped at ``max_tokens``.
    """

    role: Role
    model: str
    text: str
    value: T
    outcome: Literal["ok", "repaired"]
    tokens_in: int
    tokens_out: int
    cost_usd: float
    latency_ms: int
    truncated: bool
    attempts: tuple[Attempt, ...]
    notes: tuple[str, ...] = ()


def estimate_tokens(messages: Sequence[ChatMessage] | Sequence[Mapping[str, str]] | str) -> int:
    """A deliberately high estimate of prompt tokens: one per 3 characters plus 8 per message."""
    if isinstance(messages, str):
        return math.ceil(len(messages) / 3) + 8
    return sum(math.ceil(len(m.get("content") or "") / 3) + 8 for m in messages)


def load_litellm() -> Any:
    """Import litellm (about 3 s the first time; call it from a thread in async code).

    litellm fetches its price map from the internet at import unless ``LITELLM_LOCAL_MODEL_COST_MAP`` is set;
    it reads that variable only at import and has no other switch. This is therefore the one place Assay writes
    ``os.environ``: it sets that variable if absent, just before the first import. (The Dockerfile sets it too.)
    """
    if "litellm" not in sys.modules:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True  # no "Give Feedback / Get Help" banner on every provider error
    return litellm


@dataclass
class _Grant:
    max_tokens: int
    seconds_left: float
    tokens: int = 0
    usd: float = 0.0


@dataclass
class _Answer:
    text: str
    model: str
    value: Any
    outcome: Literal["ok", "repaired"]
    truncated: bool
    notes: tuple[str, ...] = ()


class _Retryable(Exception):
    """A 429 or 5xx: worth calling the same model again after a pause (``retry_after``: the provider's
    Retry-After, seconds, when it sent one)."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class _Unpriced(Exception):
    """The run has a USD budget and the model has no known price: it cannot be held to it, so it is not called."""


@dataclass
class _Calls:
    """Running record of one ``complete``."""

    attempts: list[Attempt] = field(default_factory=list)

    def add(self, attempt: Attempt) -> None:
        self.attempts.append(attempt)

    def summary(self) -> str:
        if not self.attempts:
            return "no call was made"
        return "; ".join(f"{a.model}: {a.outcome}" + (f" ({a.detail[:120]})" if a.detail else "")
                         for a in self.attempts[-6:])


def _degenerate(text: str) -> bool:
    """An answer that mostly repeats itself (a model that never stops): compresses to under 8 %."""
    if len(text) < 400:
        return False
    data = text.encode("utf-8", "replace")
    return len(zlib.compress(data, 6)) / len(data) < 0.08


class LlmGateway:
    """Routes each role's calls to its models (see the module docstring).

    Build with :meth:`from_settings` (or with a :class:`RoutingConfig` in tests). ``ledger`` is the event store
    (``ResearchRuns``): without it nothing is recorded and no budget applies. One gateway per event loop; it may
    be shared by every stage of a process.
    """

    def __init__(self, routing: RoutingConfig, *, ledger: UsageLedger | None = None,
                 default_deadline_s: float = 120.0,
                 now: Callable[[], datetime] = lambda: datetime.now(timezone.utc)) -> None:
        self.routing = routing
        self.ledger = ledger
        self.default_deadline_s = default_deadline_s
        self._now = now
        self._released = asyncio.Condition()  # guards _reserved; notified when a call releases its hold
        self._reserved: dict[UUID, tuple[int, float]] = {}
        self._prices: dict[str, tuple[float, float]] = {}
        self._registered = False
        self._no_response_format: set[str] = set()  # models that answered 400 to response_format
        self._input_ratio: dict[str, float] = {}  # provider-counted / estimated input tokens, per model (>= 1)
        self._failures: dict[str, int] = {}  # errors and timeouts in a row, per model
        self._cooling_until: dict[str, float] = {}  # monotonic time until which a failing model is tried last
        self._map_prices: dict[str, tuple[float, float] | None] = {}  # looked up in litellm's map
        for route in routing.routes.values():
            for spec in route.models:
                if spec.price_in_per_1m is not None or spec.price_out_per_1m is not None:
                    self._prices[spec.model] = (spec.price_in_per_1m or 0.0, spec.price_out_per_1m or 0.0)

    @classmethod
    def from_settings(cls, settings: LlmSettings, *, ledger: UsageLedger | None = None,
                      environ: Mapping[str, str] | None = None, default_deadline_s: float = 120.0) -> LlmGateway:
        """The gateway of a service process: routing from ``settings`` (file + environment), the store as ledger.

        Raises: RoutingError for an invalid routing file.
        """
        return cls(load_routing(settings, environ=environ), ledger=ledger, default_deadline_s=default_deadline_s)

    # ---- routing ------------------------------------------------------------------------------------------
    def route(self, role: Role) -> ModelRoute:
        """The role's models in order."""
        return self.routing.route(role)

    def offline(self, role: Role) -> bool:
        """True when ``role`` has no usable model: use the offline engine directly (not a degradation)."""
        return self.routing.route(role).offline

    def register_price(self, model: str, input_per_1m: float, output_per_1m: float) -> None:
        """Price a model missing from litellm's map (USD per 1M tokens); used for cost and the USD budget."""
        self._prices[model] = (float(input_per_1m), float(output_per_1m))
        if self._registered:
            self._register_with_litellm(load_litellm(), model)

    def _register_with_litellm(self, litellm: Any, model: str) -> None:
        pin, pout = self._prices[model]
        entry = {"input_cost_per_token": pin / 1e6, "output_cost_per_token": pout / 1e6, "mode": "chat",
                 "cache_creation_input_token_cost": 0.0, "cache_read_input_token_cost": 0.0,
                 "litellm_provider": model.split("/", 1)[0] if "/" in model else "openai"}
        try:
            litellm.register_model({model: entry})
        except Exception:  # noqa: BLE001 (litellm's own cost tracking is a convenience; ours uses _prices)
            pass

    async def _litellm(self) -> Any:
        if self._registered and "litellm" in sys.modules:
            return sys.modules["litellm"]
        litellm = await asyncio.to_thread(load_litellm)
        if not self._registered:
            self._registered = True
            for model in list(self._prices):
                self._register_with_litellm(litellm, model)
        return litellm

    def _unit_prices(self, litellm: Any, spec: ModelSpec) -> tuple[float, float] | None:
        """USD per token (in, out), or None when the model has no known price."""
        if spec.model in self._prices:
            pin, pout = self._prices[spec.model]
            return pin / 1e6, pout / 1e6
        if spec.model not in self._map_prices:
            try:
                cin, cout = litellm.cost_per_token(model=spec.model, prompt_tokens=1_000_000,
                                                   completion_tokens=1_000_000)
                self._map_prices[spec.model] = (float(cin) / 1e6, float(cout) / 1e6)
            except Exception:  # noqa: BLE001 (litellm raises for models missing from its map)
                self._map_prices[spec.model] = None
        return self._map_prices[spec.model]

    # ---- the call -------------------------------------------------------------------------------------------
    @overload
    async def complete(self, role: Role, messages: Messages, *, run_id: UUID | None,
                       schema: type[M], max_tokens: int | None = None, deadline_s: float | None = None,
                       temperature: float | None = None, skip_models: Collection[str] = ()) -> LlmResult[M]: ...

    @overload
    async def complete(self, role: Role, messages: Messages, *, run_id: UUID | None,
                       schema: None = None, max_tokens: int | None = None, deadline_s: float | None = None,
                       temperature: float | None = None, skip_models: Collection[str] = ()) -> LlmResult[None]: ...

    async def complete(self, role: Role, messages: Messages, *, run_id: UUID | None,
                       schema: type[M] | None = None, max_tokens: int | None = None,
                       deadline_s: float | None = None, temperature: float | None = None,
                       skip_models: Collection[str] = ()) -> LlmResult[Any]:
        """Ask ``role``'s models, in order, until one gives a usable answer.

        ``messages``: a prompt (one user message) or chat messages. ``run_id``: the run the call is for (its
        budget applies and every call is recorded on its stream); None only outside a run (nothing recorded,
        no budget). ``schema``: a pydantic model the answer must validate against (the gateway adds the format
        instruction). ``max_tokens``: output cap per call (default: each model's ``max_tokens``; never more).
        ``deadline_s``: wall-clock limit for the whole ``complete``, seconds (default 120). ``temperature``:
        overrides the models' temperature. ``skip_models``: model names (``ModelSpec.model``, as in
        ``LlmResult.model``) not to call this time, e.g. the models whose answer the caller already found
        unusable, so that the role's next model answers (a caller-side fallthrough; see
        ``services.synthesizer.model``).

        Returns: LlmResult (``value`` is the schema instance, or None for text calls).
        Raises: NoModelConfigured (role is offline); BudgetExhausted (run budget spent; nothing called);
        StructuredOutputFailed (schema given) or ModelsUnavailable (text) when no model answered usably, or
        when ``skip_models`` leaves no model to call (then with no attempt, and nothing recorded).
        """
        route = self.routing.route(role)
        models = route.usable
        if not models:
            skipped = "; ".join(f"{m.model}: {m.unusable}" for m in route.models)
            raise NoModelConfigured(role, "no model configured" + (f" ({skipped})" if skipped else ""))
        if skip_models:
            skip = set(skip_models)
            models = tuple(m for m in models if m.model not in skip)
            if not models:
                reason = f"no model left to try ({', '.join(sorted(skip))} skipped by the caller)"
                if schema is not None:
                    raise StructuredOutputFailed(role, f"no valid {schema.__name__}: {reason}")
                raise ModelsUnavailable(role, reason)
        now = time.monotonic()
        cooling = [m for m in models if self._cooling_until.get(m.model, 0.0) > now]
        models = tuple(m for m in models if m not in cooling) + tuple(cooling)  # a failing model is tried last
        msgs = _prepare(messages, schema)
        deadline = time.monotonic() + (deadline_s if deadline_s is not None else self.default_deadline_s)
        calls = _Calls()
        answer: _Answer | None = None
        for spec in models:
            if time.monotonic() >= deadline:
                break
            answer = await self._try_model(role, spec, msgs, run_id=run_id, schema=schema,
                                           max_tokens=max_tokens, temperature=temperature, deadline=deadline,
                                           calls=calls)
            if answer is not None:
                break
        if answer is None:
            late = " (deadline reached)" if time.monotonic() >= deadline else ""
            if schema is not None:
                raise StructuredOutputFailed(role, f"no valid {schema.__name__}{late}: {calls.summary()}",
                                             calls.attempts)
            raise ModelsUnavailable(role, f"no model answered{late}: {calls.summary()}", calls.attempts)
        spent = calls.attempts
        return LlmResult(
            role=role, model=answer.model, text=answer.text, value=answer.value, outcome=answer.outcome,
            tokens_in=sum(a.tokens_in for a in spent), tokens_out=sum(a.tokens_out for a in spent),
            cost_usd=round(sum(a.cost_usd for a in spent), 9), latency_ms=sum(a.latency_ms for a in spent),
            truncated=answer.truncated, attempts=tuple(spent), notes=answer.notes)

    async def _try_model(self, role: Role, spec: ModelSpec, msgs: list[ChatMessage], *, run_id: UUID | None,
                         schema: type[BaseModel] | None, max_tokens: int | None, temperature: float | None,
                         deadline: float, calls: _Calls) -> _Answer | None:
        """One model, with retries on 429/5xx. Returns the usable answer or None (try the next model)."""
        retry = self.routing

        def wait(rs: Any) -> float:
            pause = min(retry.backoff_max_s, retry.backoff_s * (2 ** (rs.attempt_number - 1)))
            exc = rs.outcome.exception() if rs.outcome is not None else None
            asked = getattr(exc, "retry_after", None)
            if asked:
                pause = max(pause, min(float(asked), MAX_RETRY_AFTER_S))
            return min(pause, max(0.0, deadline - time.monotonic()))

        retrying = AsyncRetrying(stop=stop_after_attempt(retry.retry_attempts), wait=wait,
                                 retry=retry_if_exception_type(_Retryable), reraise=True)
        try:
            async for attempt in retrying:
                with attempt:
                    return await self._call(role, spec, msgs, run_id=run_id, schema=schema, max_tokens=max_tokens,
                                            temperature=temperature, deadline=deadline, calls=calls)
        except _Retryable:
            return None
        return None

    async def _call(self, role: Role, spec: ModelSpec, msgs: list[ChatMessage], *, run_id: UUID | None,
                    schema: type[BaseModel] | None, max_tokens: int | None, temperature: float | None,
                    deadline: float, calls: _Calls) -> _Answer | None:
        """One HTTP call: budget grant, call, parse, record, release. Raises _Retryable on 429/5xx."""
        litellm = await self._litellm()
        prices = self._unit_prices(litellm, spec)
        raw_est = estimate_tokens(msgs)
        est_in = math.ceil(raw_est * self._input_ratio.get(spec.model, 1.0))
        want = min(max_tokens or spec.max_tokens, spec.max_tokens)
        try:
            grant = await self._reserve(run_id, role, spec, est_in, want, prices, deadline)
        except _Unpriced:
            await self._record(run_id, role, spec, calls, prices, outcome="error", tokens_in=0, tokens_out=0,
                               t0=time.monotonic(), detail="not called: no price is known for this model and the run "
                                                          "has a USD budget (register one in the routing file)")
            return None
        try:
            timeout = min(spec.timeout_s, deadline - time.monotonic(), grant.seconds_left)
            if timeout <= 0.05:
                return None  # the deadline is reached: no call
            kwargs: dict[str, Any] = {
                "model": spec.model, "messages": msgs, "max_tokens": grant.max_tokens,
                "temperature": spec.temperature if temperature is None else temperature, "timeout": timeout,
                "num_retries": 0, "max_retries": 0, "drop_params": True,
            }
            if spec.api_base:
                kwargs["api_base"] = spec.api_base
            if spec.api_key is not None:
                kwargs["api_key"] = spec.api_key.get_secret_value()
            if schema is None or spec.model in self._no_response_format:
                pass  # the instruction in the system message asks for JSON anyway
            elif spec.json_mode == "json_object":
                kwargs["response_format"] = {"type": "json_object"}
            elif spec.json_mode == "json_schema":
                kwargs["response_format"] = {"type": "json_schema", "json_schema": {
                    "name": schema.__name__, "schema": schema.model_json_schema(), "strict": False}}
            t0 = time.monotonic()
            try:
                async with asyncio.timeout(timeout):
                    resp = await litellm.acompletion(**kwargs)
            except (TimeoutError, litellm.Timeout):
                await self._record(run_id, role, spec, calls, prices, outcome="timeout", tokens_in=est_in,
                                   tokens_out=0, t0=t0, detail=f"no answer within {timeout:.1f}s "
                                                               "(input tokens estimated)")
                return None
            except Exception as exc:  # noqa: BLE001 (litellm maps provider errors to many classes)
                status = _status_of(exc, litellm)
                await self._record(run_id, role, spec, calls, prices, outcome="error", tokens_in=0, tokens_out=0,
                                   t0=t0, detail=f"{type(exc).__name__}"
                                                 f"{f' {status}' if status else ''}: {_first_line(exc)}")
                if status == 400 and "response_format" in kwargs:
                    self._no_response_format.add(spec.model)  # ask again, with the prompt instruction only
                    raise _Retryable(str(exc)) from exc
                if status == 429 or (status is not None and status >= 500):
                    raise _Retryable(str(exc), _retry_after(exc)) from exc
                return None
            text, finish, tokens_in, tokens_out = _read_response(resp, est_in)
            if tokens_in != est_in and raw_est > 0:  # the provider counted: learn how far the estimate is off
                ratio = min(MAX_INPUT_RATIO, tokens_in / raw_est)
                self._input_ratio[spec.model] = max(1.0, self._input_ratio.get(spec.model, 1.0), ratio)
            truncated = finish == "length"
            outcome: CallOutcome
            if schema is None:
                answer_text, _ = strip_reasoning(text)
                if not answer_text:
                    outcome, detail, result = "invalid", "empty answer", None
                elif truncated and _degenerate(answer_text):
                    outcome, detail, result = "invalid", "repeats itself until the token limit", None
                else:
                    outcome, detail = "ok", "cut at the token limit" if truncated else ""
                    result = _Answer(answer_text, spec.model, None, "ok", truncated)
            else:
                parsed = parse_structured(text, schema, truncated=truncated)
                outcome = parsed.outcome
                detail = parsed.problem or "; ".join(parsed.notes)
                result = None
                if parsed.value is not None and parsed.outcome != "invalid":
                    result = _Answer(strip_reasoning(text)[0], spec.model, parsed.value, parsed.outcome, truncated,
                                     parsed.notes)
            await self._record(run_id, role, spec, calls, prices, outcome=outcome, tokens_in=tokens_in,
                               tokens_out=tokens_out, t0=t0, detail=detail)
            return result
        finally:
            await self._release(run_id, grant)

    # ---- budget --------------------------------------------------------------------------------------------
    async def _reserve(self, run_id: UUID | None, role: Role, spec: ModelSpec, est_in: int, want: int,
                       prices: tuple[float, float] | None, deadline: float) -> _Grant:
        """Check the run's budget and hold what this call may spend.

        When the room is only taken by calls still in flight (held, not yet spent), the call waits for them to
        finish and checks again, so concurrent calls never end a run whose budget is not spent yet. Returns a
        grant with ``seconds_left <= 0`` when ``deadline`` (monotonic seconds) passes while waiting.
        Raises: BudgetExhausted (recorded once on the run) when the recorded usage alone leaves no room.
        """
        if run_id is None or self.ledger is None:
            return _Grant(max_tokens=want, seconds_left=math.inf)
        async with self._released:
            while True:
                decision = await self._budget_decision(run_id, role, spec, est_in, want, prices)
                if isinstance(decision, _Grant):
                    self._reserved[run_id] = tuple(  # type: ignore[assignment]
                        a + b for a, b in zip(self._reserved.get(run_id, (0, 0.0)), (decision.tokens, decision.usd)))
                    return decision
                resource, spent, limit, extra, held = decision
                if held:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return _Grant(max_tokens=0, seconds_left=0.0)
                    try:
                        async with asyncio.timeout(left):
                            await self._released.wait()
                    except TimeoutError:
                        return _Grant(max_tokens=0, seconds_left=0.0)
                    continue
                await asyncio.to_thread(self.ledger.record_llm_call, run_id, role=role, model=spec.model,
                                        tokens_in=0, tokens_out=0, cost_usd=0.0, latency_ms=0,
                                        outcome="budget_exhausted",
                                        detail=f"{resource} {_figure(spent)} of {_figure(limit)}{extra}")
                raise BudgetExhausted(role, resource, spent, limit)

    async def _budget_decision(self, run_id: UUID, role: Role, spec: ModelSpec, est_in: int, want: int,
                               prices: tuple[float, float] | None
                               ) -> _Grant | tuple[str, float, float, str, bool]:
        """A grant, or a refusal ``(resource, spent, limit, detail, held)``; ``held``: in-flight calls hold the
        room that is missing (wait for them), else the recorded usage alone has spent it."""
        assert self.ledger is not None
        usage = await asyncio.to_thread(self.ledger.llm_usage, run_id)
        budget = usage.get("budget") or {}
        held_tokens, held_usd = self._reserved.get(run_id, (0, 0.0))
        spent_tokens = int(usage.get("tokens", 0))
        spent_usd = float(usage.get("usd", 0.0))
        if usage.get("exhausted"):
            raise BudgetExhausted(role, *_exhausted_figures(str(usage["exhausted"]), spent_tokens, budget))
        out = want
        seconds = budget.get("seconds")
        started = usage.get("started_at")
        seconds_left = math.inf
        if seconds and isinstance(started, datetime):
            elapsed = (self._now() - started).total_seconds()
            seconds_left = float(seconds) - elapsed
            if seconds_left <= 0:
                return ("seconds", round(elapsed, 1), float(seconds), "", False)
            # one call may take at most a third of the run's time (at least 10 s): a model that never answers
            # leaves the rest of the run to the other stages
            seconds_left = min(seconds_left, max(MIN_CALL_CAP_S, float(seconds) / 3))
        limit_tokens = budget.get("tokens")
        if limit_tokens:
            room = int(limit_tokens) - spent_tokens - held_tokens - est_in
            if room < MIN_OUTPUT_TOKENS:
                return ("tokens", spent_tokens, int(limit_tokens),
                        f"; the next call needs ~{est_in} input tokens + {MIN_OUTPUT_TOKENS}",
                        int(limit_tokens) - spent_tokens - est_in >= MIN_OUTPUT_TOKENS and held_tokens > 0)
            out = min(out, room)
        cost = 0.0
        limit_usd = budget.get("usd")
        if limit_usd and prices is None:
            raise _Unpriced(spec.model)
        if limit_usd:
            limit_usd = float(limit_usd)
            if spent_usd >= limit_usd:
                return ("usd", round(spent_usd, 6), limit_usd, "", False)
            if prices is not None:
                pin, pout = prices
                left = limit_usd - spent_usd - held_usd - est_in * pin
                alone = limit_usd - spent_usd - est_in * pin
                room = (math.floor(left / pout) if left > 0 else 0) if pout > 0 else (out if left > 0 else 0)
                alone_room = (math.floor(alone / pout) if alone > 0 else 0) if pout > 0 else (out if alone > 0 else 0)
                if room < MIN_OUTPUT_TOKENS:
                    return ("usd", round(spent_usd, 6), limit_usd, "",
                            alone_room >= MIN_OUTPUT_TOKENS and held_usd > 0)
                out = min(out, room)
                cost = est_in * pin + out * pout
        return _Grant(max_tokens=out, seconds_left=seconds_left, tokens=est_in + out, usd=cost)

    async def _release(self, run_id: UUID | None, grant: _Grant) -> None:
        if run_id is None or self.ledger is None or (grant.tokens == 0 and grant.usd == 0.0):
            return
        async with self._released:
            held_tokens, held_usd = self._reserved.get(run_id, (0, 0.0))
            held_tokens, held_usd = held_tokens - grant.tokens, held_usd - grant.usd
            if held_tokens <= 0 and held_usd <= 1e-12:
                self._reserved.pop(run_id, None)
            else:
                self._reserved[run_id] = (held_tokens, held_usd)
            self._released.notify_all()

    async def _record(self, run_id: UUID | None, role: Role, spec: ModelSpec, calls: _Calls,
                      prices: tuple[float, float] | None, *, outcome: CallOutcome, tokens_in: int, tokens_out: int,
                      t0: float, detail: str) -> None:
        if outcome in ("error", "timeout"):
            self._failures[spec.model] = self._failures.get(spec.model, 0) + 1
            if self._failures[spec.model] >= MODEL_FAILURES:
                self._failures[spec.model] = 0
                self._cooling_until[spec.model] = time.monotonic() + MODEL_COOLDOWN_S
        elif outcome != "budget_exhausted":
            self._failures.pop(spec.model, None)
        latency_ms = int(round((time.monotonic() - t0) * 1000))
        cost = 0.0
        if prices is not None:
            cost = round(tokens_in * prices[0] + tokens_out * prices[1], 9)
        elif tokens_in or tokens_out:
            detail = (detail + "; " if detail else "") + "price unknown (register one)"
        attempt = Attempt(model=spec.model, outcome=outcome, tokens_in=tokens_in, tokens_out=tokens_out,
                          cost_usd=cost, latency_ms=latency_ms, detail=detail[:300])
        calls.add(attempt)
        if run_id is not None and self.ledger is not None:
            await asyncio.to_thread(self.ledger.record_llm_call, run_id, role=role, model=spec.model,
                                    tokens_in=tokens_in, tokens_out=tokens_out, cost_usd=cost,
                                    latency_ms=latency_ms, outcome=outcome, detail=attempt.detail)


# ---- helpers -------------------------------------------------------------------------------------------------
def _prepare(messages: Messages, schema: type[BaseModel] | None) -> list[ChatMessage]:
    if isinstance(messages, str):
        msgs: list[ChatMessage] = [{"role": "user", "content": messages}]
    else:
        msgs = [{"role": m["role"], "content": m["content"]} for m in messages]  # type: ignore[typeddict-item]
    if not msgs:
        raise ValueError("no messages")
    if schema is not None:
        instruction = schema_instruction(schema)
        if msgs[0]["role"] == "system":
            msgs[0] = {"role": "system", "content": f"{msgs[0]['content']}\n\n{instruction}"}
        else:
            msgs.insert(0, {"role": "system", "content": instruction})
    return msgs


def _read_response(resp: Any, est_in: int) -> tuple[str, str | None, int, int]:
    """(answer text, finish reason, tokens in, tokens out) of a litellm ModelResponse."""
    choice = resp.choices[0] if getattr(resp, "choices", None) else None
    message = getattr(choice, "message", None)
    text = str(getattr(message, "content", None) or "")
    finish = getattr(choice, "finish_reason", None)
    usage = getattr(resp, "usage", None)
    tokens_in = int(getattr(usage, "prompt_tokens", 0) or 0) or est_in
    tokens_out = int(getattr(usage, "completion_tokens", 0) or 0) or estimate_tokens(text) - 8
    return text, finish, tokens_in, max(0, tokens_out)


def _retry_after(exc: BaseException) -> float | None:
    """The Retry-After of a provider error, seconds (delta-seconds form only); None when absent."""
    for headers in (getattr(getattr(exc, "response", None), "headers", None),
                    getattr(exc, "litellm_response_headers", None), getattr(exc, "headers", None)):
        try:
            value = headers.get("retry-after") if headers is not None else None
        except Exception:  # noqa: BLE001 (header containers of several client libraries)
            value = None
        if value is not None:
            try:
                return max(0.0, float(value))
            except (TypeError, ValueError):
                return None
    return None


def _status_of(exc: BaseException, litellm: Any) -> int | None:
    """The HTTP status of a provider error; None for a connection failure (litellm labels those 500, but
    calling an unreachable server again will not help: the next model is tried at once)."""
    cause: BaseException | None = exc
    for _ in range(10):  # litellm wraps a refused connection as InternalServerError(500): look underneath
        if cause is None:
            break
        if isinstance(cause, (ConnectionError, getattr(litellm, "APIConnectionError", ()))) or \
                type(cause).__name__ in ("APIConnectionError", "ConnectError", "ClientConnectorError"):
            return None
        cause = cause.__cause__ or cause.__context__
    status = getattr(exc, "status_code", None)
    if isinstance(status, int):
        return status
    if isinstance(exc, getattr(litellm, "RateLimitError", ())):
        return 429
    if isinstance(exc, (getattr(litellm, "InternalServerError", ()), getattr(litellm, "ServiceUnavailableError", ()))):
        return 500
    return None


_LITELLM_PREFIX = re.compile(r"^(?:litellm\.\w+:\s*|\w+(?:Error|Exception):\s*|OpenAIException\s*-\s*)+")


def _first_line(exc: BaseException) -> str:
    """The first line of a provider error without litellm's repeated class-name prefixes, at most 200 chars
    ("litellm.InternalServerError: InternalServerError: OpenAIException - boom" -> "boom")."""
    text = str(exc).strip().splitlines()
    line = _LITELLM_PREFIX.sub("", text[0] if text else "").strip()
    return (line or (text[0] if text else ""))[:200]


def _figure(value: float) -> str:
    """A budget figure for a message: integers as such, fractions with up to 6 decimals (no exponent)."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.6f}".rstrip("0")


def _exhausted_figures(detail: str, used_tokens: int, budget: Mapping[str, Any]) -> tuple[str, float, float]:
    """(resource, spent, limit) of a recorded exhaustion ("tokens 20012 of 20000...")."""
    parts = detail.split()
    try:
        return parts[0], float(parts[1]), float(parts[3].rstrip(";"))
    except (IndexError, ValueError):
        return "tokens", float(used_tokens), float(budget.get("tokens") or 0)
