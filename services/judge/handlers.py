"""Judge: ``ReportSynthesized`` -> ``ReportJudged`` + ``CitationsAudited`` + ``RunCompleted``.

Offline engine: rule-based rubric scores (factual accuracy 0-33, citation density 0-33, coverage 0-34) and
an audit that checks every ``[n]`` against the stored text of its source.
"""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ReportSynthesized
from shared.bus import consumer_kwargs
from shared.offline.judge import audit_citations, judge
from shared.offline.synthesis import Citation
from shared.runtime import Runtime


def assess(rt: Runtime, run: dict[str, Any], markdown: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Judge the run's report. Returns (judgement fields, audit fields) ready for the store."""
    report = run["report"]
    citations = [Citation(n=c["n"], source_id=str(c["source_id"]), claim_id=str(c["claim_id"]), start=c["start"],
                          end=c["end"], quote=c["quote"]) for c in report["citations"]]
    shas = {sid: s["text_sha256"] for sid, s in run["sources"].items() if s.get("text_sha256")}
    texts = rt.documents.get_many(list(shas.values()))
    source_texts = {sid: texts.get(sha, "") for sid, sha in shas.items()}
    used = set(report["used_claim_ids"])
    supported = sum(1 for cid in used if run["claims"].get(cid, {}).get("verdict") == "supported")
    sub_queries = [q["text"] for q in (run["plan"] or {}).get("sub_queries", [])]
    j = judge(markdown, question=run["request"]["question"], claims_total=len(used), claims_supported=supported,
              citations=citations, sub_queries=sub_queries)
    a = audit_citations(markdown, citations, source_texts)
    judgement = {"factual_accuracy": int(j.factual_accuracy), "citation_density": int(j.citation_density),
                 "coverage": int(j.coverage), "total": int(j.total), "rationale": j.rationale, "engine": "offline"}
    audit = {"total": int(a.total), "valid": int(a.valid),
             "invalid": [*a.invalid, *(f"[{n}] has no citation" for n in a.orphan_markers)]}
    return judgement, audit


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the judge service."""
    router = NatsRouter()

    @router.subscriber(ReportSynthesized.SUBJECT, **consumer_kwargs(rt.settings.common, "judge", ReportSynthesized))
    async def on_report(body: ReportSynthesized) -> None:
        run_id: UUID = body.run_id
        run = await asyncio.to_thread(rt.runs.get_run, run_id)
        if run["judgement"] is not None or run["status"] != "running":
            return
        markdown = await asyncio.to_thread(rt.documents.get, body.report_sha256) or ""
        judgement, audit = await asyncio.to_thread(assess, rt, run, markdown)
        await asyncio.to_thread(rt.runs.record_judgement, run_id, judgement=judgement, audit=audit)

    return router
