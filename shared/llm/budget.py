"""A run's model budget (tokens, USD, seconds), held call by call.

Before each HTTP call the gateway asks :meth:`RunBudget.reserve` for a :class:`Grant`: the run's recorded
totals (the :class:`UsageLedger`, i.e. the event store) plus what the calls this process has in flight hold
must leave room for the call's estimated input and at least ``MIN_OUTPUT_TOKENS`` of output; the grant caps the
call's ``max_tokens`` to that room. Room held only by calls in flight -> the call waits for them (until its
deadline). Spent by recorded calls -> ``LlmCallRecorded(outcome=budget_exhausted)`` is recorded once and
:class:`~shared.llm.errors.BudgetExhausted` raised. The call gives its hold back with :meth:`RunBudget.release`.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from shared.errors import RunFinished
from shared.llm.config import ModelSpec, Role
from shared.llm.errors import BudgetExhausted
from shared.llm.pricing import UnitPrices

__all__ = ["MIN_CALL_CAP_S", "MIN_OUTPUT_TOKENS", "Grant", "RunBudget", "Unpriced", "UsageLedger"]

#: a call is not made with room for fewer output tokens than this
MIN_OUTPUT_TOKENS = 16
#: the per-call timeout is at most a third of the run's time budget, but never under this, seconds
MIN_CALL_CAP_S = 10.0


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


@dataclass
class Grant:
    """What one call may spend: ``max_tokens`` of output, ``seconds_left`` of the run's time (inf: no limit;
    <= 0: the deadline passed while waiting), and the ``tokens`` / ``usd`` it holds until released."""

    max_tokens: int
    seconds_left: float
    tokens: int = 0
    usd: float = 0.0


class Unpriced(Exception):
    """The run has a USD budget and the model has no known price: it cannot be held to it, so it is not called."""


#: a refusal: (resource, spent, limit, detail, held by calls in flight)
_Refusal = tuple[str, float, float, str, bool]


class RunBudget:
    """The budgets of the runs this process calls models for. ``ledger`` None: no budget applies.

    ``now``: the wall clock (UTC), compared with the run's start for the seconds budget. One per event loop.
    """

    def __init__(self, ledger: UsageLedger | None, *, now: Callable[[], datetime]) -> None:
        self.ledger = ledger
        self._now = now
        self._released = asyncio.Condition()  # guards _reserved; notified when a call releases its hold
        self._reserved: dict[UUID, tuple[int, float]] = {}  # per run: (tokens, usd) held by calls in flight

    async def reserve(self, run_id: UUID | None, role: Role, spec: ModelSpec, est_in: int, want: int,
                      prices: UnitPrices | None, deadline: float) -> Grant:
        """Check the run's budget and hold what this call may spend.

        ``est_in``: estimated input tokens; ``want``: output tokens asked for; ``prices``: USD per token of
        ``spec`` (None: unknown); ``deadline``: monotonic seconds. When the room is only taken by calls still in
        flight (held, not yet spent), the call waits for them to finish and checks again, so concurrent calls
        never end a run whose budget is not spent yet. Returns a grant with ``seconds_left <= 0`` when
        ``deadline`` passes while waiting.
        Raises: BudgetExhausted (recorded once on the run) when the recorded usage alone leaves no room;
        Unpriced when the run has a USD budget and ``prices`` is None; RunFinished when the run has ended
        (completed, failed or cancelled: no call is made for it any more).
        """
        if run_id is None or self.ledger is None:
            return Grant(max_tokens=want, seconds_left=math.inf)
        async with self._released:
            while True:
                decision = await self._decision(run_id, role, spec, est_in, want, prices)
                if isinstance(decision, Grant):
                    tokens, usd = self._reserved.get(run_id, (0, 0.0))
                    self._reserved[run_id] = (tokens + decision.tokens, usd + decision.usd)
                    return decision
                resource, spent, limit, extra, held = decision
                if held:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return Grant(max_tokens=0, seconds_left=0.0)
                    try:
                        async with asyncio.timeout(left):
                            await self._released.wait()
                    except TimeoutError:
                        return Grant(max_tokens=0, seconds_left=0.0)
                    continue
                await asyncio.to_thread(self.ledger.record_llm_call, run_id, role=role, model=spec.model,
                                        tokens_in=0, tokens_out=0, cost_usd=0.0, latency_ms=0,
                                        outcome="budget_exhausted",
                                        detail=f"{resource} {_figure(spent)} of {_figure(limit)}{extra}")
                raise BudgetExhausted(role, resource, spent, limit)

    async def _decision(self, run_id: UUID, role: Role, spec: ModelSpec, est_in: int, want: int,
                        prices: UnitPrices | None) -> Grant | _Refusal:
        """A grant, or a refusal ``(resource, spent, limit, detail, held)``; ``held``: in-flight calls hold the
        room that is missing (wait for them), else the recorded usage alone has spent it."""
        assert self.ledger is not None
        usage = await asyncio.to_thread(self.ledger.llm_usage, run_id)
        budget = usage.get("budget") or {}
        held_tokens, held_usd = self._reserved.get(run_id, (0, 0.0))
        spent_tokens = int(usage.get("tokens", 0))
        spent_usd = float(usage.get("usd", 0.0))
        if usage.get("finished"):  # completed, failed or cancelled: no model call is made for it any more
            raise RunFinished(f"run {run_id} has ended: no {role} model call")
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
            raise Unpriced(spec.model)
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
        return Grant(max_tokens=out, seconds_left=seconds_left, tokens=est_in + out, usd=cost)

    async def release(self, run_id: UUID | None, grant: Grant) -> None:
        """Give back what ``grant`` held (the call is over: its real usage is recorded on the run)."""
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
