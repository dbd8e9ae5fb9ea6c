"""Synthesizer: ``ClaimsVerified`` -> ``ConfidenceGated`` + ``ReportSynthesized``; and the run deadline.

Domain services: when the plan's domain has one (``settings.synthesizer.domain_services``, by default
``contracts.domains.DOMAIN_SERVICES``), the report waits for both ``ClaimsVerified`` and the service's
``DomainAnalysisCompleted`` (the later of the two starts it: :func:`waits_for_domain`), or for the run's deadline
(the sweeper then records the analysis as unfinished, and the report says so). The domain's sections are placed
after the lead whatever engine wrote the report (``services.synthesizer.domain``); a failed analysis leaves the
general report with the reason under "What is missing".

Engines: when the ``synthesizer`` role has a model, ``services.synthesizer.model``: an outline, then the report
section by section in the run's language, citing only verified claims (the model names claim ids, code maps them
to ``[n]`` and builds each citation from the claim's evidence span). Otherwise, and when the model fails (the
report is then recorded ``degraded``), the offline engine: an extractive Markdown report whose every sentence is
a verified claim ending in ``[n]``, where ``n`` numbers the fetched source holding the claim's evidence span.
A partial run (deadline or budget spent) gets a report that says what is missing.

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

from contracts import ClaimsVerified, DomainAnalysisCompleted, ScholarlyRecord
from services.synthesizer.confidence import report_gate
from services.synthesizer.domain import cap_gate, place_domain_sections
from services.synthesizer.model import DEADLINE_S, MAX_CONTINUATIONS, write_report
from services.synthesizer.offline import synthesize
from services.synthesizer.provenance import corpus_language_gap, language_gap
from shared.bus import consumer_kwargs
from shared.evidence import EvidenceCandidate, Report, SourceInfo, VerifiedClaim, source_domain
from shared.llm.calls import ModelCalls, context_tokens
from shared.report import missing_items
from shared.runtime import Heartbeat, Runtime, supervise
from shared.text.tokens import detect_language

log = logging.getLogger("assay.synthesizer")


def report_inputs(run: dict[str, Any]) -> tuple[dict[str, SourceInfo], list[VerifiedClaim], str, list[str]]:
    """What a report is written from: (sources that yielded claims, claims with verdicts, language, missing)."""
    request = run["request"]
    sources = {
        sid: SourceInfo(source_id=sid, title=s.get("title") or s["url"],
                        url_or_path=s.get("final_url") or s["url"], domain=source_domain(s),
                        author=s.get("author"), published=paper_date(s) or s.get("published"),
                        modified=s.get("modified"), scholarly_note=scholarly_note(s),
                        kind=str((s.get("provenance") or {}).get("kind") or "unknown"),
                        publisher=(s.get("provenance") or {}).get("publisher")
                        if (s.get("provenance") or {}).get("named") else None)
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
    missing += retraction_lines(run["sources"])
    return sources, claims, language, missing


def _scholarly(src: dict[str, Any]) -> ScholarlyRecord | None:
    raw = src.get("scholarly")
    try:
        return ScholarlyRecord.model_validate(raw) if raw else None
    except ValueError:
        return None


def paper_date(src: dict[str, Any]) -> str | None:
    """CrossRef's publication date of a scholarly source whose DOI CrossRef confirmed (more reliable than a
    date read from the page or the PDF's metadata), else None."""
    record = _scholarly(src)
    return record.published if record is not None and record.status != "unknown" else None


def scholarly_note(src: dict[str, Any]) -> str | None:
    """What the report says next to a scholarly source (``ScholarlyRecord.note``): "retracted on DATE", ...;
    None for a source with no scholarly identifier or no notice."""
    record = _scholarly(src)
    return (record.note() or None) if record is not None else None


def retraction_lines(sources: dict[str, Any]) -> list[str]:
    """"What is missing" lines naming each fetched source that was retracted or withdrawn (never used as
    support: the verifier leaves its sentences out of the evidence) with the date, e.g. "retracted source, not
    used as support: Velarine lowers ... (doi:10.5555/x) — retracted on 2021-06-02"."""
    lines = []
    for s in sources.values():
        record = _scholarly(s)
        if record is not None and record.status in ("retracted", "withdrawn") and s.get("text_sha256"):
            title = s.get("title") or s.get("url", "")
            lines.append(f"{record.status} source, not used as support: {title} (doi:{record.doi}) — {record.note()}")
    return lines


def finish_report(run: dict[str, Any], report: Report, sources: dict[str, SourceInfo],
                  claims: list[VerifiedClaim]) -> dict[str, Any]:
    """The store's record of a written report: {markdown, citations, used_claim_ids, gate}."""
    request = run["request"]
    report = place_domain_sections(report, run, sources)  # a domain service's sections, after the lead
    gate = report_gate(request["question"], report, sources, claims, verify_claims=bool(request["verify_claims"]))
    citations = [{"n": c.n, "source_id": str(c.source_id), "claim_id": str(c.claim_id), "start": c.start,
                  "end": c.end, "quote": c.quote} for c in report.citations]
    return {"markdown": report.markdown, "citations": citations,
            "used_claim_ids": [UUID(str(c)) for c in report.used_claim_ids],
            "gate": cap_gate({"score": round(gate.score, 6), "tier": gate.tier,
                              "signals": {k: round(float(v), 6) for k, v in gate.signals.items()}}, run)}


def compose_report(rt: Runtime, run: dict[str, Any], max_claims: int) -> dict[str, Any]:
    """Write the report for a verified run with the offline engine. Returns {markdown, citations,
    used_claim_ids, gate}."""
    sources, claims, language, missing = report_inputs(run)
    # the offline engine quotes, never translates: sources in another language than the question are said so
    question_language = detect_language(run["request"]["question"])
    gap: list[str] = []
    if not sources and run["request"].get("scope", "both") in ("local", "both"):  # the local corpus gave nothing
        gap = corpus_language_gap(question_language, rt.corpus.languages(run["request"].get("corpus")))
    missing += gap or language_gap(question_language,
                                   [s.get("language") for sid, s in run["sources"].items() if sid in sources])
    report = synthesize(run["request"]["question"], claims, sources, language=language, missing=missing,
                        max_claims=max_claims, no_sources=not sources)
    return finish_report(run, report, sources, claims)


async def compose_with_model(rt: Runtime, run: dict[str, Any], run_id: UUID) -> dict[str, Any]:
    """Write the report with the synthesizer model (``services.synthesizer.model``; the offline engine when it
    fails). Returns compose_report's dict plus ``engine`` and ``degraded``."""
    cfg = rt.settings.synthesizer
    sources, claims, language, missing = report_inputs(run)
    calls = ModelCalls(rt.llm, rt.runs, run_id, "synthesizer")
    outcome = await write_report(
        calls, run["request"]["question"], claims, sources, language=language, missing=missing,
        max_claims=cfg.llm_max_claims, no_sources=not sources,
        context=await context_tokens(rt.llm, "synthesizer", cfg.context_tokens),
        section_tokens=cfg.section_max_tokens)
    return {**finish_report(run, outcome.report, sources, claims), "engine": outcome.engine,
            "degraded": outcome.degraded}


def waits_for_domain(run: dict[str, Any], domains: tuple[str, ...], *, trigger: str) -> bool:
    """Whether the event ``trigger`` ("claims": ``ClaimsVerified``; "domain": ``DomainAnalysisCompleted``) must
    not start the report of ``run``: exactly one of the two starts it, the later one recorded.

    Without a domain service for the plan's domain (``domains``), ``ClaimsVerified`` starts it. Otherwise the
    report waits for both: ``ClaimsVerified`` starts it when the analysis was recorded before it,
    ``DomainAnalysisCompleted`` when the claims were verified before it (``after_claims_verified``, decided by
    the aggregate when it was recorded); the deadline sweeper records an unfinished analysis when time runs out.
    """
    plan = run.get("plan") or {}
    analysis = run.get("domain_analysis")
    if trigger == "domain":
        return analysis is None or not bool(analysis.get("after_claims_verified")) or not run["claims_verified"]
    if plan.get("domain") not in domains:
        return False
    return analysis is None or bool(analysis.get("after_claims_verified"))


class DeadlineSweeper:
    """Expires runs whose time budget is spent, every ``interval_s`` seconds, until stopped."""

    def __init__(self, rt: Runtime, *, interval_s: float = 0.5) -> None:
        self.heartbeat = Heartbeat("deadline sweeper")
        self._rt = rt
        self._interval_s = interval_s
        self._stop = asyncio.Event()

    def sweep(self) -> list[UUID]:
        """Expire every due run once. Returns the runs expired now.

        A run whose sources are not selected yet (search still going) or whose extracted claims still await
        verification gets a grace period of a quarter of its budget (2-30 s), at most twice, before its report
        is forced (see ``ResearchRuns.expire``).
        """
        expired: list[UUID] = []
        with self._rt.pool.connection() as conn:
            rows = conn.execute(
                "SELECT run_id FROM run_deadlines WHERE NOT done AND deadline_at <= now() "
                "ORDER BY deadline_at LIMIT 50 FOR UPDATE SKIP LOCKED").fetchall()
            for (run_id,) in rows:
                outcome = self._rt.runs.expire(run_id, "run",
                                               awaited_domains=self._rt.settings.synthesizer.domain_services)
                if outcome == "grace":
                    budget_s = float(self._rt.runs.get_run(run_id)["request"]["budget"]["seconds"])
                    grace_s = min(30.0, max(2.0, budget_s / 4))
                    log.warning("run %s: time budget spent; %.1f s of grace for the sources and claims "
                                "already found", run_id, grace_s)
                    conn.execute("UPDATE run_deadlines SET deadline_at = now() + make_interval(secs => %s) "
                                 "WHERE run_id = %s", (grace_s, run_id))
                    continue
                if outcome == "forced":
                    log.warning("run %s: time budget spent, finishing with a partial report", run_id)
                    expired.append(run_id)
                conn.execute("UPDATE run_deadlines SET done = true WHERE run_id = %s", (run_id,))
        return expired

    async def run(self) -> None:
        """Sweep until ``stop``, supervised (``shared.runtime.supervise``): an error is logged and sweeping starts
        again after a pause; ``heartbeat`` beats after every sweep."""
        await supervise(self.heartbeat, self._sweep_forever, self._stop)

    async def _sweep_forever(self) -> None:
        while not self._stop.is_set():
            await asyncio.to_thread(self.sweep)
            self.heartbeat.beat()
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
    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not llm.offline("synthesizer")
    # an outline, the sections (concurrently) and their continuations, each call within DEADLINE_S
    ack_wait = max(common.ack_wait_s, (2 + MAX_CONTINUATIONS) * DEADLINE_S + 30) if modelled else None

    domains = tuple(cfg.domain_services)

    async def write(run_id: UUID) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, run_id)
        if run["report"] is not None or run["status"] != "running":
            return
        if rt.llm is None or rt.llm.offline("synthesizer"):
            composed = await asyncio.to_thread(compose_report, rt, run, cfg.max_report_claims)
            engine = {}
        else:
            composed = await compose_with_model(rt, run, run_id)
            engine = {"engine": composed["engine"], "degraded": composed["degraded"]}
        digest = await asyncio.to_thread(rt.documents.put, composed["markdown"], "text/markdown")
        await asyncio.to_thread(rt.runs.record_report, run_id, gate=composed["gate"], report_sha256=digest,
                                citations=composed["citations"], used_claim_ids=composed["used_claim_ids"],
                                missing=missing_items(composed["markdown"]), **engine)

    @router.subscriber(ClaimsVerified.SUBJECT, **consumer_kwargs(common, "synthesizer", ClaimsVerified,
                                                                ack_wait_s=ack_wait))
    async def on_claims_verified(body: ClaimsVerified) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        if waits_for_domain(run, domains, trigger="claims"):
            return  # the domain analysis is still out, or came in after this event and starts the report itself
        await write(body.run_id)

    @router.subscriber(DomainAnalysisCompleted.SUBJECT, **consumer_kwargs(
        common, "synthesizer", DomainAnalysisCompleted, ack_wait_s=ack_wait))
    async def on_domain_analysis(body: DomainAnalysisCompleted) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        if waits_for_domain(run, domains, trigger="domain"):
            return
        await write(body.run_id)

    return router
