"""Synthesizer: ``ClaimsVerified`` -> ``ConfidenceGated`` + ``ReportSynthesized``; and the run deadline.

Offline engine: an extractive Markdown report whose every sentence is a verified claim ending in ``[n]``,
where ``n`` numbers the fetched source holding the claim's evidence span. A partial run (deadline or budget
spent) gets a report that says what is missing.

Deadline: the planner records each run's deadline (start + ``budget.seconds``) in ``run_deadlines``; the
``DeadlineSweeper`` of this service expires every due run (``DeadlineExpired`` + ``ClaimsVerified(partial)``) so
it finishes with a partial report instead of hanging. The table survives restarts, and replicas share it
(``FOR UPDATE SKIP LOCKED``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ClaimsVerified
from services.verifier.handlers import source_domain
from shared.bus import consumer_kwargs
from shared.offline.confidence import confidence_gate
from shared.offline.entailment import EvidenceCandidate
from shared.offline.synthesis import SourceInfo, VerifiedClaim, synthesize
from shared.offline.text import tokenize
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
    if not sources:  # nothing fetched: say why (each failed search provider's first failure)
        first: dict[str, str] = {}
        for failure in run.get("providers_failed", []):
            first.setdefault(failure.split(":", 1)[0], failure)
        missing += [f"search provider failed: {f}" for f in first.values()]
    missing += [f"source failed: {s['url']} — {s.get('reason', '')}" for s in run["sources"].values()
                if s["status"] == "failed"]
    report = synthesize(request["question"], claims, sources, language=language, missing=missing,
                        max_claims=max_claims, no_sources=not sources)
    used = set(report.used_claim_ids)
    judged = [c for c in claims if c.verdict != "unverified" or request["verify_claims"]]
    supported = [c for c in judged if c.verdict == "supported"]
    cited_sources = {c.source_id for c in report.citations}
    cited_domains = {sources[s].domain for s in cited_sources if s in sources}
    # retrieval: how much of the question the cited evidence speaks to (share of its key terms it holds),
    # so that a fluent report over off-topic sources does not come out confident
    question_terms = set(tokenize(request["question"]))
    evidence_terms = set(tokenize(" ".join([c.quote for c in report.citations]
                                           + [sources[str(c.source_id)].title for c in report.citations
                                              if str(c.source_id) in sources])))
    retrieval = len(question_terms & evidence_terms) / len(question_terms) if question_terms else 0.0
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


class DeadlineSweeper:
    """Expires runs whose time budget is spent, every ``interval_s`` seconds, until stopped."""

    def __init__(self, rt: Runtime, *, interval_s: float = 0.5) -> None:
        self._rt = rt
        self._interval_s = interval_s
        self._stop = asyncio.Event()

    def sweep(self) -> list[UUID]:
        """Expire every due run once. Returns the runs expired now."""
        expired: list[UUID] = []
        with self._rt.pool.connection() as conn:
            rows = conn.execute(
                "SELECT run_id FROM run_deadlines WHERE NOT done AND deadline_at <= now() "
                "ORDER BY deadline_at LIMIT 50 FOR UPDATE SKIP LOCKED").fetchall()
            for (run_id,) in rows:
                if self._rt.runs.expire(run_id, "run"):
                    log.warning("run %s: time budget spent, finishing with a partial report", run_id)
                    expired.append(run_id)
                conn.execute("UPDATE run_deadlines SET done = true WHERE run_id = %s", (run_id,))
        return expired

    async def run(self) -> None:
        """Sweep until ``stop``; an error is logged and the next sweep goes on."""
        while not self._stop.is_set():
            try:
                await asyncio.to_thread(self.sweep)
            except Exception:  # noqa: BLE001
                log.exception("deadline sweep failed")
            try:
                await asyncio.wait_for(self._stop.wait(), timeout=self._interval_s)
            except TimeoutError:
                pass

    def stop(self) -> None:
        """Ask ``run`` to return."""
        self._stop.set()


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the synthesizer service."""
    router = NatsRouter()
    common = rt.settings.common
    cfg = rt.settings.synthesizer

    @router.subscriber(ClaimsVerified.SUBJECT, **consumer_kwargs(common, "synthesizer", ClaimsVerified))
    async def on_claims_verified(body: ClaimsVerified) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        if run["report"] is not None or run["status"] != "running":
            return
        composed = await asyncio.to_thread(compose_report, rt, run, cfg.max_report_claims)
        digest = await asyncio.to_thread(rt.documents.put, composed["markdown"], "text/markdown")
        await asyncio.to_thread(rt.runs.record_report, body.run_id, gate=composed["gate"], report_sha256=digest,
                                citations=composed["citations"], used_claim_ids=composed["used_claim_ids"])

    return router
