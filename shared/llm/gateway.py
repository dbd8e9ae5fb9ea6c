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

litellm is imported on the first call only (about 3 s). The seams: ``shared.llm.budget`` holds the run's
budget (step 2), ``shared.llm.pricing`` the model prices, ``shared.llm.litellm_adapter`` all that is litellm's
API (step 3); this module routes, retries and records.
"""

from __future__ import annotations

import asyncio
import math
import sys
import time
import zlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Generic, Literal, TypedDict, TypeVar, overload
from uuid import UUID

from pydantic import BaseModel
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_after_attempt

from shared.llm.budget import RunBudget, Unpriced, UsageLedger
from shared.llm.config import LlmSettings, ModelRoute, ModelSpec, Role, RoutingConfig, load_routing
from shared.llm.errors import ModelsUnavailable, NoModelConfigured, StructuredOutputFailed
from shared.llm.litellm_adapter import (
    completion_kwargs,
    first_line,
    load_litellm,
    read_response,
    retry_after,
    status_of,
)
from shared.llm.pricing import PriceBook, UnitPrices, call_cost
from shared.llm.structured import parse_structured, schema_instruction, strip_reasoning
from shared.llm.untrusted import defend_messages

__all__ = ["Attempt", "CallOutcome", "ChatMessage", "LlmGateway", "LlmResult", "Messages", "estimate_tokens"]

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
CallOutcome = Literal["ok", "repaired", "invalid", "error", "timeout", "budget_exhausted"]
#: a model that failed (error or timeout) this many times in a row is tried after the role's other models ...
MODEL_FAILURES = 3
#: ... for this long, seconds
MODEL_COOLDOWN_S = 30.0
#: a provider's Retry-After is honoured up to this many seconds (and never past the call's deadline)
MAX_RETRY_AFTER_S = 30.0
#: the most a model's tokenizer is assumed to count over the gateway's estimate (chars / 3)
MAX_INPUT_RATIO = 4.0


class ChatMessage(TypedDict):
    """One chat message, as OpenAI-compatible APIs take it."""

    role: Literal["system", "user", "assistant"]
    content: str


#: A prompt (one user message) or chat messages.
Messages = str | Sequence[ChatMessage] | Sequence[Mapping[str, str]]


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
                 now: Callable[[], datetime] = lambda: datetime.now(UTC), defend_sources: bool = True) -> None:
        self.routing = routing
        #: quoted source text is defended (``shared.llm.untrusted.defend_messages``): the data rule and redaction
        self.defend_sources = defend_sources
        self.ledger = ledger
        self.default_deadline_s = default_deadline_s
        self.budget = RunBudget(ledger, now=now)
        self.prices = PriceBook(routing)
        self._registered = False  # the prices are entered in litellm's map
        self._no_response_format: set[str] = set()  # models that answered 400 to response_format
        self._input_ratio: dict[str, float] = {}  # provider-counted / estimated input tokens, per model (>= 1)
        self._failures: dict[str, int] = {}  # errors and timeouts in a row, per model
        self._cooling_until: dict[str, float] = {}  # monotonic time until which a failing model is tried last

    @classmethod
    def from_settings(cls, settings: LlmSettings, *, ledger: UsageLedger | None = None,
                      environ: Mapping[str, str] | None = None, default_deadline_s: float = 120.0) -> LlmGateway:
        """The gateway of a service process: routing from ``settings`` (file + environment), the store as ledger.

        Raises: RoutingError for an invalid routing file.
        """
        return cls(load_routing(settings, environ=environ), ledger=ledger, default_deadline_s=default_deadline_s,
                   defend_sources=settings.injection_defence)

    # ---- routing ------------------------------------------------------------------------------------------
    def route(self, role: Role) -> ModelRoute:
        """The role's models in order."""
        return self.routing.route(role)

    def offline(self, role: Role) -> bool:
        """True when ``role`` has no usable model: use the offline engine directly (not a degradation)."""
        return self.routing.route(role).offline

    def register_price(self, model: str, input_per_1m: float, output_per_1m: float) -> None:
        """Price a model missing from litellm's map (USD per 1M tokens); used for cost and the USD budget."""
        self.prices.register(model, input_per_1m, output_per_1m)

    async def _litellm(self) -> Any:
        if self._registered and "litellm" in sys.modules:
            return sys.modules["litellm"]
        litellm = await asyncio.to_thread(load_litellm)
        if not self._registered:
            self._registered = True
            self.prices.enter_into(litellm)
        return litellm

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
        msgs = _prepare(messages, schema, defend=self.defend_sources)
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

        def wait(rs: RetryCallState) -> float:
            pause = min(retry.backoff_max_s, retry.backoff_s * 2.0 ** (rs.attempt_number - 1))
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
        prices = self.prices.unit_prices(litellm, spec)
        raw_est = estimate_tokens(msgs)
        est_in = math.ceil(raw_est * self._input_ratio.get(spec.model, 1.0))
        want = min(max_tokens or spec.max_tokens, spec.max_tokens)
        try:
            grant = await self.budget.reserve(run_id, role, spec, est_in, want, prices, deadline)
        except Unpriced:
            await self._record(run_id, role, spec, calls, prices, outcome="error", tokens_in=0, tokens_out=0,
                               t0=time.monotonic(), detail="not called: no price is known for this model and the run "
                                                          "has a USD budget (register one in the routing file)")
            return None
        try:
            timeout = min(spec.timeout_s, deadline - time.monotonic(), grant.seconds_left)
            if timeout <= 0.05:
                return None  # the deadline is reached: no call
            kwargs = completion_kwargs(spec, msgs, max_tokens=grant.max_tokens, temperature=temperature,
                                       timeout=timeout, schema=schema,
                                       response_format=spec.model not in self._no_response_format)
            t0 = time.monotonic()
            try:
                async with asyncio.timeout(timeout):
                    resp = await litellm.acompletion(**kwargs)
            except (TimeoutError, litellm.Timeout):
                await self._record(run_id, role, spec, calls, prices, outcome="timeout", tokens_in=est_in,
                                   tokens_out=0, t0=t0, detail=f"no answer within {timeout:.1f}s "
                                                               "(input tokens estimated)")
                return None
            except Exception as exc:  # litellm maps provider errors to many classes
                status = status_of(exc, litellm)
                await self._record(run_id, role, spec, calls, prices, outcome="error", tokens_in=0, tokens_out=0,
                                   t0=t0, detail=f"{type(exc).__name__}"
                                                 f"{f' {status}' if status else ''}: {first_line(exc)}")
                if status == 400 and "response_format" in kwargs:
                    self._no_response_format.add(spec.model)  # ask again, with the prompt instruction only
                    raise _Retryable(str(exc)) from exc
                if status == 429 or (status is not None and status >= 500):
                    raise _Retryable(str(exc), retry_after(exc)) from exc
                return None
            text, finish, tokens_in, tokens_out = read_response(resp, est_in)
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
            await self.budget.release(run_id, grant)

    async def _record(self, run_id: UUID | None, role: Role, spec: ModelSpec, calls: _Calls,
                      prices: UnitPrices | None, *, outcome: CallOutcome, tokens_in: int, tokens_out: int,
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
            cost = call_cost(prices, tokens_in, tokens_out)
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
def _prepare(messages: Messages, schema: type[BaseModel] | None, *, defend: bool = True) -> list[ChatMessage]:
    if isinstance(messages, str):
        msgs: list[ChatMessage] = [{"role": "user", "content": messages}]
    else:
        # a plain mapping's role is a str, not the Literal: the provider judges it
        msgs = [{"role": m["role"], "content": m["content"]} for m in messages]  # type: ignore[typeddict-item]
    if not msgs:
        raise ValueError("no messages")
    if defend:  # source text quoted as data: the data rule, instruction-like sentences removed (shared.llm.untrusted)
        defended, _ = defend_messages([{"role": m["role"], "content": m["content"]} for m in msgs])
        msgs = [{"role": m["role"], "content": m["content"]} for m in defended]  # type: ignore[typeddict-item]
    if schema is not None:
        instruction = schema_instruction(schema)
        if msgs[0]["role"] == "system":
            msgs[0] = {"role": "system", "content": f"{msgs[0]['content']}\n\n{instruction}"}
        else:
            msgs.insert(0, {"role": "system", "content": instruction})
    return msgs
