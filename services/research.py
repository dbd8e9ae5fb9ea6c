"""Running one research to its end from a process that hosts the stack (CLI, eval, tests).

``follow`` publishes a ``RunRequested`` on the bus (exactly what any NATS client may do) and follows the
run's events in the event store until ``RunCompleted`` or ``RunFailed``; ``result`` gathers the whole result
(report, sources, claims, verdicts, evidence spans, scores) as plain data.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any
from uuid import UUID

from contracts import Event, RunCompleted, RunFailed, RunRequested
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
        if events and isinstance(events[-1], (RunCompleted, RunFailed)):
            return events
        await asyncio.sleep(poll_s)
    raise TimeoutError(f"run {run_id} did not finish within {timeout_s:.0f} s")


def result(rt: Runtime, run_id: UUID) -> dict[str, Any]:
    """The whole result of a run as JSON-able data: question, status, report Markdown, sources (ids, URLs or
    paths, status, reasons), claims with verdicts and evidence spans, citations, scores, timeline."""
    run = rt.runs.get_run(run_id)
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
        "events": [
            {"seq": e.seq, "type": type(e).__name__, "occurred_at": e.occurred_at.isoformat()}
            for e in rt.runs.timeline(run_id)
        ],
    }


def describe(event: Event) -> str:
    """One line for a timeline: what the event says, in a few words."""
    name = type(event).__name__
    d = event.model_dump()
    if name == "RunStarted":
        return f"question: {d['question'][:80]!r} (scope {d['scope']}, depth {d['depth']})"
    if name == "PlanCreated":
        return f"{len(d['sub_queries'])} sub-queries: " + "; ".join(q["text"] for q in d["sub_queries"])[:160]
    if name == "SearchCompleted":
        failed = f", failed: {', '.join(d['providers_failed'])}" if d["providers_failed"] else ""
        return f"{d['sub_query_id']} hop {d['hop']}: {len(d['hits'])} hits for {d['text'][:60]!r}{failed}"
    if name == "SourcesSelected":
        return f"{len(d['sources'])} sources to fetch"
    if name == "SourceFetched":
        return f"{d['title'][:60]!r} via {d['via']} ({d['chars']} chars)"
    if name == "SourceFailed":
        return f"{d['url'][:80]} — {d['reason'][:120]}"
    if name == "ClaimsExtracted":
        return f"{len(d['claims'])} claims from source {str(d['source_id'])[:8]}"
    if name == "ExtractionCompleted":
        return f"{len(d['claim_ids'])} claims to verify"
    if name == "ClaimVerified":
        return f"claim {str(d['claim_id'])[:8]}: {d['verdict']} (stability {d['stability']:.2f})"
    if name == "ClaimsVerified":
        counts = ", ".join(f"{k} {v}" for k, v in d["counts"].items() if v)
        return counts + (" (partial)" if d["partial"] else "")
    if name == "ConfidenceGated":
        return f"confidence {d['score']:.2f} ({d['tier']})"
    if name == "ReportSynthesized":
        return f"{len(d['citations'])} citations" + (" (partial)" if d["partial"] else "")
    if name == "ReportJudged":
        return (f"{d['total']}/100 (accuracy {d['factual_accuracy']}/33, density {d['citation_density']}/33, "
                f"coverage {d['coverage']}/34)")
    if name == "CitationsAudited":
        return f"{d['valid']}/{d['total']} citations valid"
    if name == "RunCompleted":
        return d["status"]
    if name == "RunFailed":
        return f"{d['stage']}: {d['reason']}"
    if name in ("DeadlineExpired",):
        return "; ".join(d["missing"])[:200]
    if name == "StageDegraded":
        return f"{d['stage']}: {d['reason']}"
    return ""
