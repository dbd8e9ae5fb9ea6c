"""The model calls of one unit of stage work, and the calling pattern every engine follows.

A stage handler makes one :class:`ModelCalls` per unit of work (one question, one source, one claim, one
report) and its engine asks through it::

    calls = ModelCalls(rt.llm, rt.runs, run_id, stage="verifier")
    result = await calls.ask("verifier", messages, schema=ClaimCheckAnswer)   # None: use the offline engine
    ...
    record(..., engine=calls.engine(offline_used), degraded=calls.degraded)

``ask`` returns the gateway's :class:`~shared.llm.LlmResult`, or None when the engine must fall back to the
offline engine: the role has no model (:class:`~shared.llm.NoModelConfigured`, not a degradation), or the
gateway failed (:class:`~shared.llm.LlmError`: budget spent, no valid answer, models unavailable), in which case
``StageDegraded`` is recorded with the gateway's reason (once per stage and kind of reason in a run). After a
spent budget no further call is attempted for this unit; after ``BREAKER_FAILURES`` failed asks in a row of one
role in one run, that role's model is skipped for the rest of the run (a circuit breaker: a model that answers
nothing usable is not paid for unit after unit). Every model call itself is recorded by the gateway
(``LlmCallRecorded``: role, model, tokens, cost, latency, outcome).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from collections.abc import Collection, Sequence
from typing import Any, TypeVar
from uuid import UUID

from pydantic import BaseModel

from shared.llm import BudgetExhausted, LlmError, LlmGateway, LlmResult, NoModelConfigured, Role
from shared.llm.gateway import Messages, estimate_tokens

__all__ = ["BREAKER_FAILURES", "DEFAULT_CONTEXT_TOKENS", "ModelCalls", "context_tokens", "fit_chars"]

log = logging.getLogger("assay.engines")
M = TypeVar("M", bound=BaseModel)

#: Context window assumed for a model whose window litellm's price map does not know (llama.cpp's default).
DEFAULT_CONTEXT_TOKENS = 4096
#: After this many failed asks in a row of one role in one run, the role's model is skipped for the rest of the
#: run (the offline engine runs): a model that answers nothing usable is not paid for claim after claim.
BREAKER_FAILURES = 6


class _RunMemory:
    """What this process remembers per run across units of work: consecutive failures per role (the breaker)
    and the StageDegraded kinds recorded (one event per stage and kind). Bounded (oldest runs forgotten)."""

    def __init__(self, max_runs: int = 512) -> None:
        self._lock = threading.Lock()
        self._failures: OrderedDict[tuple[UUID, str], int] = OrderedDict()
        self._noted: OrderedDict[tuple[UUID, str, str], None] = OrderedDict()
        self._max = max_runs * 8

    def failed(self, run_id: UUID, role: str) -> int:
        with self._lock:
            key = (run_id, role)
            self._failures[key] = self._failures.get(key, 0) + 1
            self._failures.move_to_end(key)
            while len(self._failures) > self._max:
                self._failures.popitem(last=False)
            return self._failures[key]

    def succeeded(self, run_id: UUID, role: str) -> None:
        with self._lock:
            self._failures.pop((run_id, role), None)

    def open(self, run_id: UUID, role: str) -> bool:
        with self._lock:
            return self._failures.get((run_id, role), 0) >= BREAKER_FAILURES

    def first_note(self, run_id: UUID, stage: str, kind: str) -> bool:
        """True the first time (run, stage, kind) is noted in this process."""
        with self._lock:
            key = (run_id, stage, kind)
            if key in self._noted:
                return False
            self._noted[key] = None
            while len(self._noted) > self._max:
                self._noted.popitem(last=False)
            return True


_MEMORY = _RunMemory()


class ModelCalls:
    """The model calls of one unit of work of one stage (see the module docstring).

    ``gw`` None means "no gateway" (every role offline). ``runs`` is the event store (``ResearchRuns``); None
    only in tests that do not record degradations.
    """

    def __init__(self, gw: LlmGateway | None, runs: Any, run_id: UUID | None, stage: str) -> None:
        self.gw = gw
        self.runs = runs
        self.run_id = run_id
        self.stage = stage
        self.models: list[str] = []
        self.reasons: list[str] = []
        self.spent = False
        self.tokens = 0
        self.cost_usd = 0.0

    def offline(self, role: Role) -> bool:
        """True when ``role`` has no usable model: the offline engine runs, and it is not a degradation."""
        return self.gw is None or self.gw.offline(role)

    @property
    def degraded(self) -> bool:
        """Whether some of this unit's model work fell back to the offline engine."""
        return bool(self.reasons)

    def engine(self, offline_used: bool = False) -> str:
        """The ``engine`` of the stage event: the models that served, ``+offline`` when the offline engine
        did part of the work; ``offline`` when no model served."""
        names = list(self.models)
        if offline_used or not names:
            names.append("offline")
        return "+".join(dict.fromkeys(names))

    async def ask(self, role: Role, messages: Messages, *, schema: type[M] | None = None,
                  max_tokens: int | None = None, temperature: float | None = None,
                  deadline_s: float | None = None, skip_models: Collection[str] = ()) -> LlmResult[Any] | None:
        """One ``complete`` through the gateway; None means "use the offline engine" (see the module docstring).

        ``skip_models``: model names the gateway must not call this time (``LlmGateway.complete``), e.g. the
        models whose answer the engine already judged unusable, so that the role's next model answers.
        """
        if self.spent or self.offline(role):
            return None
        assert self.gw is not None
        if self.run_id is not None and _MEMORY.open(self.run_id, role):
            await self.degrade(f"{role} model skipped: it failed {BREAKER_FAILURES} times in a row in this run, "
                               f"the offline engine does the rest")
            return None
        try:
            result = await self.gw.complete(role, messages, run_id=self.run_id, schema=schema,
                                            max_tokens=max_tokens, temperature=temperature, deadline_s=deadline_s,
                                            skip_models=skip_models)
        except NoModelConfigured:
            return None
        except BudgetExhausted as exc:
            self.spent = True
            self._count(exc.attempts)
            await self.degrade(exc.reason)
            return None
        except LlmError as exc:
            self._count(exc.attempts)
            if self.run_id is not None:
                _MEMORY.failed(self.run_id, role)
            await self.degrade(exc.reason)
            return None
        if self.run_id is not None:
            _MEMORY.succeeded(self.run_id, role)
        self._count(result.attempts)
        if result.model not in self.models:
            self.models.append(result.model)
        return result

    def _count(self, attempts: Sequence[Any]) -> None:
        for a in attempts:
            self.tokens += int(a.tokens_in) + int(a.tokens_out)
            self.cost_usd += float(a.cost_usd)

    async def degrade(self, reason: str) -> None:
        """Note that part of the work fell back to the offline engine, and record ``StageDegraded`` with the
        reason unless this stage already recorded the same kind of reason in this run (the text before its first
        colon, e.g. "no valid ClaimCheckAnswer" or "run budget spent": one event per stage and kind, not one per
        claim; each call's own outcome is in its ``LlmCallRecorded``)."""
        reason = " ".join(reason.split())[:500] or "model unavailable"
        if reason in self.reasons:
            return
        self.reasons.append(reason)
        if self.runs is None or self.run_id is None:
            return
        if not _MEMORY.first_note(self.run_id, self.stage, reason.split(":", 1)[0]):
            return  # this process recorded this kind of reason for this stage and run already
        try:
            await asyncio.to_thread(self._record_once, reason)
        except Exception:  # noqa: BLE001 (a failed note must not sink the stage; the store error recurs later)
            log.exception("could not record StageDegraded for %s", self.stage)

    def _record_once(self, reason: str) -> None:
        run = self.runs.get_run(self.run_id)
        kind = reason.split(":", 1)[0]
        if any(d.get("stage") == self.stage and str(d.get("reason", "")).split(":", 1)[0] == kind
               for d in run.degraded):
            return
        self.runs.record_degraded(self.run_id, self.stage, reason)


_WINDOWS: dict[str, int | None] = {
    # the default OpenRouter models, which litellm's bundled map lacks under their openrouter/ names
    "openrouter/meta-llama/llama-3.3-70b-instruct": 131_072,
}


def _known_window(model: str) -> int | None:
    """The input window litellm's bundled map gives ``model`` (also under its name without the provider
    prefixes: ``openrouter/openai/gpt-4o-mini`` is looked up as ``openai/gpt-4o-mini`` and ``gpt-4o-mini``)."""
    if model not in _WINDOWS:
        window: int | None = None
        parts = model.split("/")
        names = list(dict.fromkeys(["/".join(parts[i:]) for i in range(len(parts))]))
        try:
            from shared.llm.litellm_adapter import load_litellm

            litellm = load_litellm()
        except Exception:  # noqa: BLE001 (no litellm: the window is unknown)
            litellm = None
        for name in names if litellm is not None else []:
            try:
                info = litellm.get_model_info(name)
            except Exception:  # noqa: BLE001 (litellm raises for models missing from its map)
                continue
            value = info.get("max_input_tokens") or info.get("max_tokens")
            if value:
                window = int(value)
                break
        _WINDOWS[model] = window
    return _WINDOWS[model]


async def context_tokens(gw: LlmGateway | None, role: Role, default: int = DEFAULT_CONTEXT_TOKENS) -> int:
    """The smallest context window (input tokens) among ``role``'s usable models, so that a prompt fits every
    model the gateway may fall back to: litellm's figure for models it knows, ``default`` for the others."""
    if gw is None or gw.offline(role):
        return default
    windows = []
    for spec in gw.route(role).usable:
        known = await asyncio.to_thread(_known_window, spec.model)
        windows.append(known or default)
    return max(512, min(windows)) if windows else default


def fit_chars(context: int, *, reserve_tokens: int, fixed: Messages = "") -> int:
    """How many characters of variable input fit a ``context``-token window after ``reserve_tokens`` (the
    answer) and the ``fixed`` part of the prompt, with the gateway's own high estimate (3 characters a token)."""
    room = context - reserve_tokens - (estimate_tokens(fixed) if fixed else 0) - 32
    return max(300, room * 3)
