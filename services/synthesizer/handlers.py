"""Synthesizer: ``ClaimsVerified`` -> ``ConfidenceGated`` + ``ReportSynthesized``; and the run deadline.

Offline engine: an extractive Markdown report whose every sentence is a verified claim ending in ``[n]``,
where ``n`` numbers the fetched source holding the claim's evidence span. A partial run (deadline or budget
spent) gets a report that says what is missing.

Deadline: on ``RunStarted`` a timer is set for the run's ``budget.seconds``; when it fires before fan-in, the
run is expired (``DeadlineExpired`` + ``ClaimsVerified(partial)``) so it finishes instead of hanging.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ClaimsVerified, RunStarted
from services.verifier.handlers import source_domain
from shared.bus import consumer_kwargs
from shared.offline.confidence import confidence_gate
from shared.offline.entailment import EvidenceCandidate
from shared.offline.synthesis import SourceInfo, VerifiedClaim, synthesize
from shared.runtime import Runtime

log = logging.getLogger("assay.synthesizer")


def compose_report(rt: Runtime, run: dict[str, Any], max_claims: int) -> dict[str, Any]:
    """Write the report for a verified run. Returns {markdown, citations, used_claim_ids, gate}."""
    request = run["request"]
    sources = {
        sid: SourceInfo(source_id=sid, title=s.get("title") or s["url"],
                        url_or_path=s.get("final_url") or s["url"], domain=source_domain(s))
        for sid, s in run["sources"].items() if s["status"] == "extracted"
    }
    claims: list[VerifiedClaim] = []
    for cid, c in run["claims"].items():
        verdict = c["verdict"]
        spans = [EvidenceCandidate(source_id=str(sp["source_id"]), domain=sources[str(sp["source_id"])].domain
                                   if str(sp["source_id"]) in sources else "", start=sp["start"], end=sp["end"],
                                   text=sp["quote"], retrieval_score=float(sp.get("score", 0.0)))
                 for sp in (c.get("spans") or []) if sp.get("label", "supports") == "supports"]
        if verdict is None and not request["verify_claims"]:
            verdict = "unverified"
        if verdict is None:
            continue
        claims.append(VerifiedClaim(claim_id=cid, source_id=c["source_id"], text=c["text"], verdict=verdict,
                                    stability=float(c.get("stability") or 0.0), spans=spans))
    language = (run["plan"] or {}).get("language") or "en"
    missing = list(run["missing"])
    report = synthesize(request["question"], claims, sources, language=language, missing=missing,
                        max_claims=max_claims)
    used = set(report.used_claim_ids)
    judged = [c for c in claims if c.verdict != "unverified" or request["verify_claims"]]
    supported = [c for c in judged if c.verdict == "supported"]
    cited_sources = {c.source_id for c in report.citations}
    cited_domains = {sources[s].domain for s in cited_sources if s in sources}
    selected = sorted((float(s.get("fused_score", 0.0)) for s in run["sources"].values()), reverse=True)[:5]
    n_lists = max(1, len(run["hits"]))
    best_possible = n_lists / 61.0
    retrieval = (sum(selected) / len(selected) / best_possible) if selected else 0.0
    gate = confidence_gate(
        citation=(len([c for c in claims if c.claim_id in used and c.spans]) / len(used)) if used else 0.0,
        support=(len(supported) / len(judged)) if judged else 0.0,
        diversity=min(1.0, len(cited_domains) / 3.0),
        retrieval=min(1.0, retrieval),
    )
    citations = [{"n": c.n, "source_id": str(c.source_id), "claim_id": str(c.claim_id), "start": c.start,
                  "end": c.end, "quote": c.quote} for c in report.citations]
    return {"markdown": report.markdown, "citations": citations,
            "used_claim_ids": [UUID(str(c)) for c in report.used_claim_ids],
            "gate": {"score": round(gate.score, 6), "tier": gate.tier,
                     "signals": {k: round(float(v), 6) for k, v in gate.signals.items()}}}


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the synthesizer service."""
    router = NatsRouter()
    common = rt.settings.common
    cfg = rt.settings.synthesizer
    timers: dict[UUID, asyncio.Task[None]] = {}

    @router.subscriber(ClaimsVerified.SUBJECT, **consumer_kwargs(common, "synthesizer", ClaimsVerified))
    async def on_claims_verified(body: ClaimsVerified) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        if run["report"] is not None or run["status"] != "running":
            return
        composed = await asyncio.to_thread(compose_report, rt, run, cfg.max_report_claims)
        digest = await asyncio.to_thread(rt.documents.put, composed["markdown"], "text/markdown")
        await asyncio.to_thread(rt.runs.record_report, body.run_id, gate=composed["gate"], report_sha256=digest,
                                citations=composed["citations"], used_claim_ids=composed["used_claim_ids"])
        timer = timers.pop(body.run_id, None)
        if timer is not None:
            timer.cancel()

    async def expire_later(run_id: UUID, delay_s: float) -> None:
        await asyncio.sleep(max(0.0, delay_s))
        timers.pop(run_id, None)
        try:
            if await asyncio.to_thread(rt.runs.expire, run_id, "run"):
                log.warning("run %s: time budget spent, finishing with a partial report", run_id)
        except Exception:  # noqa: BLE001
            log.exception("expiring run %s failed", run_id)

    @router.subscriber(RunStarted.SUBJECT, **consumer_kwargs(common, "synthesizer-deadline", RunStarted))
    async def on_run_started(body: RunStarted) -> None:
        elapsed = (datetime.now(UTC) - body.occurred_at).total_seconds()
        if body.run_id not in timers:
            timers[body.run_id] = asyncio.create_task(expire_later(body.run_id, body.budget.seconds - elapsed))

    return router
