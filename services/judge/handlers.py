"""Judge: ``ReportSynthesized`` -> ``ReportJudged`` (+ ``SelfVerificationCompleted``) + ``CitationsAudited`` +
``RunCompleted``.

Always: an audit, by code, that checks every ``[n]`` against the stored text of its source.

Engines: the rubric (factual accuracy 0-33, citation density 0-33, coverage 0-34) comes from the ``judge`` role's
model when one is configured (``services.judge.model``: scores, a label and a rationale that must agree), else
from the offline rules. When the ``cove`` role has a model, the report is also checked by factored
Chain-of-Verification (3-5 questions answered from the evidence only; flagged when more than half disagree),
recorded as ``SelfVerificationCompleted``. A model failure falls back to the offline engine, recorded
``degraded``.
"""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ReportSynthesized
from services.judge.model import DEADLINE_S, judge_report, self_verify, split_sources
from services.judge.offline import Judgement, audit_citations, judge
from shared.bus import consumer_kwargs
from shared.evidence import Citation
from shared.llm.calls import ModelCalls, context_tokens
from shared.runtime import Runtime


def assess(rt: Runtime, run: dict[str, Any], markdown: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Judge the run's report. Returns (judgement fields, audit fields) ready for the store."""
    report = run["report"]
    citations = [Citation(n=c["n"], source_id=str(c["source_id"]), claim_id=str(c["claim_id"]), start=c["start"],
                          end=c["end"], quote=c["quote"]) for c in report["citations"]]
    shas = {sid: s["text_sha256"] for sid, s in run["sources"].items() if s.get("text_sha256")}
    for own in (run.get("domain_analysis") or {}).get("sources", []):  # documents a domain service stored itself
        shas[str(own["source_id"])] = str(own["document_sha256"])
    texts = rt.documents.get_many(list(shas.values()))
    source_texts = {sid: texts.get(sha, "") for sid, sha in shas.items()}
    used = set(report["used_claim_ids"])
    supported = sum(1 for cid in used if run["claims"].get(cid, {}).get("verdict") == "supported")
    sub_queries = [q["text"] for q in (run["plan"] or {}).get("sub_queries", [])]
    p_answered = ((run.get("gate") or {}).get("signals") or {}).get("p_answered")  # the calibrated gate's
    j = judge(markdown, question=run["request"]["question"], claims_total=len(used), claims_supported=supported,
              citations=citations, sub_queries=sub_queries,
              answered_probability=None if p_answered is None else float(p_answered))
    a = audit_citations(markdown, citations, source_texts)
    judgement = {"factual_accuracy": int(j.factual_accuracy), "citation_density": int(j.citation_density),
                 "coverage": int(j.coverage), "total": int(j.total), "rationale": j.rationale, "engine": "offline"}
    audit = {"total": int(a.total), "valid": int(a.valid),
             "invalid": [*a.invalid, *(f"[{n}] has no citation" for n in a.orphan_markers)]}
    return judgement, audit


async def assess_with_models(rt: Runtime, run: dict[str, Any], run_id: UUID, markdown: str
                             ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]:
    """The judge and cove models' assessment (each falling back to the offline engine). Returns (judgement,
    audit, self-verification or None when the cove role has no model)."""
    assert rt.llm is not None
    body, _ = split_sources(markdown)
    offline_judgement, _ = await asyncio.to_thread(assess, rt, run, body)  # the rubric reads the body only
    _, audit = await asyncio.to_thread(assess, rt, run, markdown)  # the audit sees every marker
    report = run["report"]
    question = run["request"]["question"]
    language = (run["plan"] or {}).get("language") or "en"
    used = list(report["used_claim_ids"])
    supported = sum(1 for cid in used if run["claims"].get(cid, {}).get("verdict") == "supported")
    judgement = offline_judgement
    if not rt.llm.offline("judge"):
        calls = ModelCalls(rt.llm, rt.runs, run_id, "judge")
        outcome = await judge_report(
            calls, markdown, question=question, language=language,
            offline=Judgement(**{k: offline_judgement[k] for k in ("factual_accuracy", "citation_density",
                                                                   "coverage", "total", "rationale")}),
            claims_used=len(used), claims_supported=supported,
            context=await context_tokens(rt.llm, "judge"))
        judgement = {**outcome.judgement, "engine": outcome.engine, "degraded": outcome.degraded}
    verification = None
    if not rt.llm.offline("cove"):
        evidence_by_n: dict[int, list[str]] = {}
        for c in report["citations"]:
            evidence_by_n.setdefault(int(c["n"]), []).append(str(c["quote"]))
        evidence = [run["claims"][cid]["text"] for cid in used if cid in run["claims"]]
        evidence += [q for quotes in evidence_by_n.values() for q in quotes]
        calls = ModelCalls(rt.llm, rt.runs, run_id, "judge")
        cove = await self_verify(calls, markdown, question=question, evidence=evidence,
                                 evidence_by_n=evidence_by_n, context=await context_tokens(rt.llm, "cove"))
        verification = cove.record()
    return judgement, audit, verification


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the judge service."""
    router = NatsRouter()
    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not (llm.offline("judge") and llm.offline("cove"))
    # the rubric (asked at most twice), then CoVe's plan, answers (concurrently) and cross-check
    ack_wait = max(rt.settings.common.ack_wait_s, 5 * DEADLINE_S + 30) if modelled else None

    @router.subscriber(ReportSynthesized.SUBJECT, **consumer_kwargs(rt.settings.common, "judge", ReportSynthesized,
                                                                    ack_wait_s=ack_wait))
    async def on_report(body: ReportSynthesized) -> None:
        run_id: UUID = body.run_id
        run = await asyncio.to_thread(rt.runs.get_run, run_id)
        if run["judgement"] is not None or run["status"] != "running":
            return
        markdown = await asyncio.to_thread(rt.documents.get, body.report_sha256) or ""
        if rt.llm is None or (rt.llm.offline("judge") and rt.llm.offline("cove")):
            judgement, audit = await asyncio.to_thread(assess, rt, run, markdown)
            await asyncio.to_thread(rt.runs.record_judgement, run_id, judgement=judgement, audit=audit)
            return
        judgement, audit, verification = await assess_with_models(rt, run, run_id, markdown)
        await asyncio.to_thread(rt.runs.record_judgement, run_id, judgement=judgement, audit=audit,
                                self_verification=verification)

    return router
