"""A run's result read back from the event store and the document store, as plain data.

Shared by everything that shows a run: the command line (``assay run --json``, ``services/cli/research.py``), the
eval suites and the gateway's HTTP API (``services/gateway/readmodels.py``). ``result`` is the whole result of one
run; ``llm_usage`` folds a run's ``LlmCallRecorded`` events by role; ``describe`` is the one-line timeline text of
an event (what ``assay replay`` prints).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from contracts import ClaimVerified, Event, LlmCallRecorded
from shared.retraction import retracted_record
from shared.runtime import Runtime


def result(rt: Runtime, run_id: UUID) -> dict[str, Any]:
    """The whole result of a run as JSON-able data: question, status, report Markdown, sources (ids, URLs or
    paths, status, reasons), claims with verdicts, evidence spans and ``reused_from`` (the run whose verdict was
    kept, None when verified now), citations, scores, the CoVe check
    (``self_verification``), model usage by role (``llm_usage``: calls, tokens in/out, USD), timeline (``events``:
    seq, type, time and the one-line summary ``assay replay`` prints, e.g. the model, tokens and outcome of a call)."""
    run = rt.runs.get_run(run_id)
    events = rt.runs.timeline(run_id)
    # verdicts kept from an earlier run's (ClaimVerified.reused_from): claim id -> that run
    reused = {str(e.claim_id): str(e.reused_from) for e in events
              if isinstance(e, ClaimVerified) and e.reused_from is not None}
    report_md = None
    if run.report is not None:
        report_md = rt.documents.get(run.report.report_sha256)
    return {
        "run_id": str(run_id),
        "question": run.request.question,
        "request": run.request.record,
        "status": run.status,
        "failure": run.failure,
        "cancelled": run.cancelled,
        "plan": run.plan.record if run.plan is not None else None,
        "plan_review": run.plan_review,  # awaiting | approved | None (no review asked)
        "report": report_md,
        "partial": run.partial,
        "missing": list(run.missing),
        "citations": [c.model_dump() for c in run.report.citations] if run.report is not None else [],
        "sources": [{"source_id": sid, **{k: v for k, v in s.record.items() if k != "claim_ids"}}
                    for sid, s in run.sources.items()],
        "claims": [
            {"claim_id": cid, "source_id": c.source_id, "text": c.text, "start": c.start, "end": c.end,
             "numeric": c.numeric, "recent": c.recent, "named_event": c.named_event, "verdict": c.verdict,
             # the run whose verdict this claim kept (the same claim on the same evidence), None: verified now
             "reused_from": reused.get(cid),
             "stability": c.stability if c.verdict is not None else None,
             "evidence_spans": [s.record() for s in c.spans], "corroborating_domains": list(c.corroborating_domains),
             # a claim taken from a retracted (or withdrawn) paper, or a copy of one (then ``copy_of`` its
             # address): the paper's status and date ("retracted", "2021-06-02"); never supported
             "source_retracted": retracted_record({sid: s.record for sid, s in run.sources.items()},
                                                  c.source_id),
             # a figure a domain service proposed (its domain: "shopping", "code"), None for an extracted claim
             "domain_figure": c.figure.domain if c.figure is not None else None}
            for cid, c in run.claims.items()
        ],
        "confidence": run.gate.record if run.gate is not None else None,
        "scores": run.judgement,
        "citation_audit": run.audit,
        "degraded": list(run.degraded),
        "self_verification": run.self_verification,
        # a domain service's analysis (sections, own sources)
        "domain_analysis": run.domain_analysis.record if run.domain_analysis is not None else None,
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


def describe(event: Event) -> str:
    """One line for a timeline: the event's own ``summary()`` (each contract class declares it), plus the model
    in brackets when one did the work (``[model]``, ``[model, degraded]``)."""
    line = event.summary()
    engine = getattr(event, "engine", "offline")
    if engine != "offline" and not event.SUMMARY_NAMES_ENGINE:
        line += f" [{engine}{', degraded' if getattr(event, 'degraded', False) else ''}]"
    return line
