"""Running one research to its end from a process that hosts the stack (CLI, eval, tests).

``follow`` publishes a ``RunRequested`` on the bus (exactly what any NATS client may do) and follows the
run's events in the event store until a terminal event (``RunCompleted``, ``RunFailed``, ``RunCancelled``);
``result`` (from ``shared.results``, shared with the gateway) gathers the whole result (report, sources, claims,
verdicts, evidence spans, scores) as plain data.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable
from typing import Any
from uuid import UUID

from contracts import TERMINAL_EVENTS, ClaimVerified, Event, LlmCallRecorded, RunRequested
from shared.results import describe, llm_usage, result
from shared.runtime import Runtime

__all__ = ["Timeline", "describe", "follow", "llm_usage", "result", "review_in_terminal", "submit", "usage_table"]


async def submit(rt: Runtime, request: RunRequested) -> None:
    """Publish ``request`` on its subject (de-duplicated by run id)."""
    await rt.publisher.command(request, str(request.run_id))


async def follow(rt: Runtime, run_id: UUID, *, timeout_s: float, on_event: Callable[[Event], None] | None = None,
                 poll_s: float = 0.05) -> list[Event]:
    """Wait until run ``run_id`` finishes, calling ``on_event`` for each new event in order.

    Each poll (every ``poll_s`` seconds) reads only the events stored after the last one seen (``events_after``): a
    re-read of the whole run on every poll decoded every event of the run twenty times a second, about an eighth of
    the CPU of a single-process ``assay run`` (whose stages share that CPU and the GIL).

    Returns: the run's events. Raises: TimeoutError if it has not finished after ``timeout_s`` seconds.
    """
    deadline = time.monotonic() + timeout_s
    events: list[Event] = []
    while time.monotonic() < deadline:
        new = await asyncio.to_thread(rt.runs.events_after, run_id, events[-1].seq if events else 0)
        for event in new:
            if on_event is not None:
                on_event(event)
        events.extend(new)
        # (not only the last event: a model call still in flight when the run finished is recorded after it)
        if any(isinstance(e, TERMINAL_EVENTS) for e in new):
            return events
        await asyncio.sleep(poll_s)
    raise TimeoutError(f"run {run_id} did not finish within {timeout_s:.0f} s")


def usage_table(usage: dict[str, Any]) -> list[str]:
    """The "LLM usage by role" lines ``assay run`` prints (empty when no model was called)."""
    rows = usage.get("by_role") or {}
    if not rows:
        return []
    lines = ["LLM usage by role", f"{'role':<12} {'calls':>5} {'tokens in':>10} {'tokens out':>10} {'USD':>10}  models"]
    for role, r in rows.items():
        if not r["calls"]:
            continue  # a role whose only record is the refused call of a spent budget
        lines.append(f"{role:<12} {r['calls']:>5} {r['tokens_in']:>10} {r['tokens_out']:>10} {r['usd']:>10.6f}  "
                     + ", ".join(r["models"]))
    t = usage["total"]
    lines.append(f"{'total':<12} {t['calls']:>5} {t['tokens_in']:>10} {t['tokens_out']:>10} {t['usd']:>10.6f}")
    return lines


class Timeline:
    """The lines ``assay run`` prints while a run goes on: one per stage event, with the many small ones folded.

    A run makes many model calls (a standard run ~150) and verifies each claim in its own event; printing each
    would drown the stages. The ``LlmCallRecorded`` events of a stage are folded into one ``LlmCalls`` line
    (calls per role, the outcomes that were not ok, tokens, USD, models), printed before the next stage event
    (events whose class sets ``PER_UNIT``, which happen once per sub-query, source or claim, do not end the
    fold); consecutive ``ClaimVerified`` events are folded into one line (claims per verdict, stability range). :meth:`flush` prints what is held. A refused call
    (``budget_exhausted``) keeps its own line, since it ends the run's model use. ``verbose`` prints every event
    instead (``assay replay`` always does).

    Feed events in order to :meth:`add`; each call returns the ``(name, description)`` pairs to print.
    """

    def __init__(self, *, verbose: bool = False) -> None:
        self.verbose = verbose
        self._calls: list[LlmCallRecorded] = []
        self._verified: list[ClaimVerified] = []

    def add(self, event: Event) -> list[tuple[str, str]]:
        """The lines to print for ``event``: the folded lines before it (if any), then the event itself."""
        if not self.verbose:
            if isinstance(event, LlmCallRecorded) and event.outcome != "budget_exhausted":
                self._calls.append(event)
                return []
            if isinstance(event, ClaimVerified):
                self._verified.append(event)
                return []
            if event.PER_UNIT:
                return [*self._verdicts(), (type(event).__name__, describe(event))]
        return [*self.flush(), (type(event).__name__, describe(event))]

    def flush(self) -> list[tuple[str, str]]:
        """The folded lines for the events held (verdicts, then model calls); [] when none is held."""
        lines = self._verdicts()
        if self._calls:
            calls, self._calls = self._calls, []
            roles = Counter(c.role for c in calls)
            failed = Counter(c.outcome for c in calls if c.outcome not in ("ok", "repaired"))
            models = list(dict.fromkeys(c.model for c in calls))
            tokens = sum(c.tokens_in + c.tokens_out for c in calls)
            usd = sum(c.cost_usd for c in calls)
            lines.append(("LlmCalls", f"{len(calls)} call{'s' if len(calls) != 1 else ''} ("
                          + ", ".join(f"{r} {n}" for r, n in roles.items()) + ")"
                          + (" — " + ", ".join(f"{n} {o}" for o, n in failed.items()) if failed else "")
                          + f", {tokens:,} tokens, ${usd:.6f} [{', '.join(models)}]"))
        return lines

    def _verdicts(self) -> list[tuple[str, str]]:
        """The folded ``ClaimVerified`` line, if verdicts are held."""
        if not self._verified:
            return []
        verified, self._verified = self._verified, []
        verdicts = Counter(v.verdict for v in verified)
        low, high = min(v.stability for v in verified), max(v.stability for v in verified)
        reused = reused_line([str(v.reused_from) for v in verified if v.reused_from is not None])
        return [("ClaimVerified", f"{len(verified)} claim{'s' if len(verified) != 1 else ''}: "
                 + ", ".join(f"{n} {verdict}" for verdict, n in verdicts.most_common())
                 + f" (stability {low:.2f}" + (f"-{high:.2f})" if high > low else ")")
                 + (f"; {reused}" if reused else ""))]


def reused_line(runs: list[str]) -> str:
    """"N verdicts reused from memory (run X)" for the runs (ids) the kept verdicts came from, one per verdict;
    '' when none was kept. Run ids are shortened to the 8 characters ``--run`` options accept."""
    if not runs:
        return ""
    named = ", ".join(r[:8] for r in dict.fromkeys(runs))
    n = len(runs)
    return (f"{n} verdict{'s' if n != 1 else ''} reused from memory "
            f"(run{'s' if len(set(runs)) > 1 else ''} {named})")


# ---- plan review in the terminal (assay run --review-plan) ---------------------------------------------------
async def _answer(ask: Callable[[str], str], prompt: str) -> str | None:
    """``ask(prompt)`` in a daemon thread (a terminal read must not hold the event loop, nor the process once the
    run has ended: a cancelled review leaves the thread to die with the process). None at end of input."""
    import threading

    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str | None] = loop.create_future()

    def read() -> None:
        try:
            text: str | None = ask(prompt)
        except (EOFError, OSError):
            text = None

        def deliver() -> None:
            if not answer.done():  # (cancelled when the run ended first)
                answer.set_result(text)

        try:
            loop.call_soon_threadsafe(deliver)
        except RuntimeError:  # the loop has closed: the run ended while the question was open
            pass

    threading.Thread(target=read, name="plan-review-input", daemon=True).start()
    return await answer


async def review_in_terminal(rt: Runtime, run_id: UUID, plan: Event, *, ask: Callable[[str], str],
                             say: Callable[[str], Any]) -> None:
    """Show run ``run_id``'s plan (its ``PlanCreated``) and ask: Enter or ``y`` approves it, ``e`` edits it (the
    sub-queries typed one a line, an empty line ending them; Enter at once keeps the plan), ``n`` cancels the run.
    At end of input (no terminal) the plan is approved as it is. Records through ``shared.plan_review``."""
    from shared.errors import PlanReviewRefused
    from shared.plan_review import approve_plan
    from shared.store import cancel_run

    texts = [q.text for q in getattr(plan, "sub_queries", ())]
    say(f"\nThe plan ({len(texts)} sub-queries):")
    for i, text in enumerate(texts, start=1):
        say(f"  {i}. {text}")
    while True:
        choice = await _answer(ask, "Approve this plan? [Y]es / [e]dit / [n]o, cancel the run: ")
        choice = (choice or "").strip().lower() if choice is not None else "y"
        edited: list[str] | None = None
        if choice in ("e", "edit"):
            say("Type the sub-queries, one a line; an empty line ends them (an empty first line keeps the plan).")
            edited = []
            while (line := await _answer(ask, f"  {len(edited) + 1}. ")) not in (None, ""):
                assert line is not None
                edited.append(line)
            edited = edited or None
        elif choice in ("n", "no"):
            cancelling = asyncio.ensure_future(
                asyncio.to_thread(cancel_run, rt.runs, run_id, "the plan was rejected at review (assay run)"))
            try:
                await asyncio.shield(cancelling)
            except asyncio.CancelledError:  # the follower saw the run end (this very cancel) before the thread returned
                await asyncio.wait({cancelling})
                if not cancelling.cancelled() and cancelling.exception() is None:
                    say("plan rejected: the run is cancelled")
                raise
            say("plan rejected: the run is cancelled")
            return
        elif choice not in ("", "y", "yes"):
            say("answer y, e or n")
            continue
        try:
            done = await asyncio.to_thread(approve_plan, rt.runs, rt.pool, run_id, edited, by="cli")
        except PlanReviewRefused as exc:
            say(f"not recorded: {exc}")
            if exc.conflict:
                return  # the run no longer waits (ended, or approved elsewhere)
            continue
        queries = "; ".join(q["text"] for q in done["sub_queries"])
        say(f"plan approved{' (revised)' if done['revised'] else ''}: {queries}")
        return
