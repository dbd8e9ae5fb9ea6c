"""Running one research to its end from a process that hosts the stack (CLI, eval, tests).

``follow`` publishes a ``RunRequested`` on the bus (exactly what any NATS client may do) and follows the
run's events in the event store until ``RunCompleted`` or ``RunFailed``; ``result`` gathers the whole result
(report, sources, claims, verdicts, evidence spans, scores) as plain data.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable
from typing import Any
from uuid import UUID

from contracts import ClaimVerified, Event, LlmCallRecorded, RunCompleted, RunFailed, RunRequested
from shared.errors import RunNotFound
from shared.runtime import Runtime


async def submit(rt: Runtime, request: RunRequested) -> None:
    """Publish ``request`` on its subject (de-duplicated by run id)."""
    await rt.publisher.command(request, str(request.run_id))


async def follow(rt: Runtime, run_id: UUID, *, timeout_s: float, on_event: Callable[[Event], None] | None = None,
                 poll_s: float = 0.05) -> list[Event]:
    """Wait until run ``run_id`` finishes, calling ``on_event`` for each new event in order.

    Returns: the run's events. Raises: TimeoutError if it has not finished after ``timeout_s`` seconds.
    """
    seen = 0
    deadline = time.monotonic() + timeout_s
    events: list[Event] = []
    while time.monotonic() < deadline:
        try:
            events = await asyncio.to_thread(rt.runs.timeline, run_id)
        except RunNotFound:
            events = []
        for event in events[seen:]:
            if on_event is not None:
                on_event(event)
        seen = len(events)
        # (not only the last event: a model call still in flight when the run finished is recorded after it)
        if any(isinstance(e, (RunCompleted, RunFailed)) for e in events):
            return events
        await asyncio.sleep(poll_s)
    raise TimeoutError(f"run {run_id} did not finish within {timeout_s:.0f} s")


def result(rt: Runtime, run_id: UUID) -> dict[str, Any]:
    """The whole result of a run as JSON-able data: question, status, report Markdown, sources (ids, URLs or
    paths, status, reasons), claims with verdicts and evidence spans, citations, scores, the CoVe check
    (``self_verification``), model usage by role (``llm_usage``: calls, tokens in/out, USD), timeline (``events``:
    seq, type, time and the one-line summary ``assay replay`` prints, e.g. the model, tokens and outcome of a call)."""
    run = rt.runs.get_run(run_id)
    events = rt.runs.timeline(run_id)
    report_md = None
    if run["report"] is not None:
        report_md = rt.documents.get(run["report"]["report_sha256"])
    return {
        "run_id": str(run_id),
        "question": run["request"]["question"],
        "request": run["request"],
        "status": run["status"],
        "failure": run["failure"],
        "plan": run["plan"],
        "report": report_md,
        "partial": run["partial"],
        "missing": run["missing"],
        "citations": (run["report"] or {}).get("citations", []),
        "sources": [{"source_id": sid, **{k: v for k, v in s.items() if k != "claim_ids"}}
                    for sid, s in run["sources"].items()],
        "claims": [
            {"claim_id": cid, "source_id": c["source_id"], "text": c["text"], "start": c["start"], "end": c["end"],
             "numeric": c.get("numeric", False), "recent": c.get("recent", False),
             "named_event": c.get("named_event", False), "verdict": c["verdict"], "stability": c.get("stability"),
             "evidence_spans": c.get("spans", []), "corroborating_domains": c.get("corroborating_domains", [])}
            for cid, c in run["claims"].items()
        ],
        "confidence": run["gate"],
        "scores": run["judgement"],
        "citation_audit": run["audit"],
        "degraded": run["degraded"],
        "self_verification": run.get("self_verification"),
        "llm_usage": llm_usage(events),
        "events": [
            {"seq": e.seq, "type": type(e).__name__, "occurred_at": e.occurred_at.isoformat(),
             "summary": describe(e)}
            for e in events
        ],
    }


def llm_usage(events: list[Event]) -> dict[str, Any]:
    """Model usage of a run by role, from its ``LlmCallRecorded`` events: per role the calls made (a refused
    call for a spent budget is not one), tokens in and out, USD and the models that were called; plus totals."""
    by_role: dict[str, dict[str, Any]] = {}
    for e in events:
        if not isinstance(e, LlmCallRecorded):
            continue
        row = by_role.setdefault(e.role, {"calls": 0, "tokens_in": 0, "tokens_out": 0, "usd": 0.0,
                                          "models": [], "failed": 0})
        if e.outcome == "budget_exhausted":
            continue
        row["calls"] += 1
        row["tokens_in"] += e.tokens_in
        row["tokens_out"] += e.tokens_out
        row["usd"] = round(row["usd"] + e.cost_usd, 9)
        row["failed"] += e.outcome in ("invalid", "error", "timeout")
        if e.model not in row["models"]:
            row["models"].append(e.model)
    total = {k: sum(r[k] for r in by_role.values()) for k in ("calls", "tokens_in", "tokens_out", "failed")}
    total["usd"] = round(sum(r["usd"] for r in by_role.values()), 9)
    return {"by_role": dict(sorted(by_role.items())), "total": total}


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
        return [("ClaimVerified", f"{len(verified)} claim{'s' if len(verified) != 1 else ''}: "
                 + ", ".join(f"{n} {verdict}" for verdict, n in verdicts.most_common())
                 + f" (stability {low:.2f}" + (f"-{high:.2f})" if high > low else ")"))]


def describe(event: Event) -> str:
    """One line for a timeline: the event's own ``summary()`` (each contract class declares it), plus the model
    in brackets when one did the work (``[model]``, ``[model, degraded]``)."""
    line = event.summary()
    engine = getattr(event, "engine", "offline")
    if engine != "offline" and not event.SUMMARY_NAMES_ENGINE:
        line += f" [{engine}{', degraded' if getattr(event, 'degraded', False) else ''}]"
    return line
