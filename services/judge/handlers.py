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
from dataclasses import dataclass
from typing import Any, Protocol
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ReportSynthesized
from services.judge.model import DEADLINE_S, judge_report, self_verify, split_sources
from services.judge.offline import Judgement, audit_citations, judge
from shared.bus import consumer_kwargs
from shared.domain import RunView
from shared.llm import LlmGateway
from shared.llm.calls import ModelCalls, context_tokens
from shared.ports import Documents, RunReader, run_after
from shared.runtime import Runtime


class JudgeRuns(RunReader, Protocol):
    """What the judge reads and records in the event store (``shared.store.ResearchRuns``)."""

    def record_judgement(self, run_id: UUID, *, judgement: dict[str, Any], audit: dict[str, Any],
                         self_verification: dict[str, Any] | None = None) -> bool:
        """Record ``ReportJudged`` (+ ``SelfVerificationCompleted``), ``CitationsAudited``, ``RunCompleted``."""
        ...


@dataclass(frozen=True, kw_only=True)
class Judging:
    """The judge handler's collaborators: the event store, the document store (the report and the sources' texts)
    and the model gateway (None: offline)."""

    runs: JudgeRuns
    documents: Documents
    llm: LlmGateway | None

    @classmethod
    def of(cls, rt: Runtime) -> Judging:
        """The collaborators of a service process (its runtime)."""
        return cls(runs=rt.runs, documents=rt.documents, llm=getattr(rt, "llm", None))

    @property
    def offline(self) -> bool:
        """Whether neither the judge role nor the cove role has a model."""
        return self.llm is None or (self.llm.offline("judge") and self.llm.offline("cove"))


def _supported(run: RunView, claim_ids: list[str] | set[str]) -> int:
    return sum(1 for cid in claim_ids if (claim := run.claim(cid)) is not None and claim.verdict == "supported")


def assess(documents: Documents, run: RunView, markdown: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Judge the run's report (``run.report`` must be recorded). Returns (judgement fields, audit fields) ready
    for the store."""
    report = run.report
    assert report is not None
    citations = list(report.citations)
    shas = {sid: s.text_sha256 for sid, s in run.sources.items() if s.text_sha256}
    for own in run.domain_analysis.sources if run.domain_analysis is not None else ():
        shas[str(own["source_id"])] = str(own["document_sha256"])  # documents a domain service stored itself
    texts = documents.get_many(list(shas.values()))
    source_texts = {sid: texts.get(sha, "") for sid, sha in shas.items()}
    used = set(report.used_claim_ids)
    # a domain section's cited figures (registry versions, licences, specs, prices) are claims the report uses: the
    # verifier checked each against its cited span (``DomainFiguresProposed``), so they count in the accuracy
    used |= {str(c.claim_id) for c in citations
             if (figure := run.claim(str(c.claim_id))) is not None and figure.figure is not None
             and figure.verdict is not None}
    sub_queries = [q.text for q in run.plan.sub_queries] if run.plan is not None else []
    signals = run.gate.signals if run.gate is not None else {}  # the calibrated gate's
    # the probability of an answer after the gate's rules about the answer (no answer of the type asked, disputed
    # value, names the question gives missing); a gate recorded before that signal existed: its calibrated probability
    p_answered = signals.get("answered", signals.get("p_answered"))
    j = judge(markdown, question=run.request.question, claims_total=len(used),
              claims_supported=_supported(run, used), citations=citations, sub_queries=sub_queries,
              answered_probability=None if p_answered is None else float(p_answered),
              names_missing=bool(signals.get("names_missing")),
              relation_missing=bool(signals.get("relation_missing")),
              not_extreme=bool(signals.get("not_extreme")),
              usage_code=run.usage_code_passed())  # a request for code: answered by code that passed its check
    a = audit_citations(markdown, citations, source_texts)
    judgement = {"factual_accuracy": int(j.factual_accuracy), "citation_density": int(j.citation_density),
                 "coverage": int(j.coverage), "total": int(j.total), "rationale": j.rationale, "engine": "offline"}
    audit = {"total": int(a.total), "valid": int(a.valid),
             "invalid": [*a.invalid, *(f"[{n}] has no citation" for n in a.orphan_markers)]}
    return judgement, audit


async def assess_with_models(deps: Judging, run: RunView, markdown: str
                             ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]:
    """The judge and cove models' assessment (each falling back to the offline engine). Returns (judgement,
    audit, self-verification or None when the cove role has no model)."""
    assert deps.llm is not None and run.report is not None
    body, _ = split_sources(markdown)
    offline_judgement, _ = await asyncio.to_thread(assess, deps.documents, run, body)  # the rubric reads the body
    _, audit = await asyncio.to_thread(assess, deps.documents, run, markdown)  # the audit sees every marker
    report = run.report
    question = run.request.question
    used = list(report.used_claim_ids)
    judgement = offline_judgement
    if not deps.llm.offline("judge"):
        calls = ModelCalls(deps.llm, deps.runs, run.run_id, "judge")
        outcome = await judge_report(
            calls, markdown, question=question, language=run.language,
            offline=Judgement(**{k: offline_judgement[k] for k in ("factual_accuracy", "citation_density",
                                                                   "coverage", "total", "rationale")}),
            claims_used=len(used), claims_supported=_supported(run, used),
            context=await context_tokens(deps.llm, "judge"))
        judgement = {**outcome.judgement, "engine": outcome.engine, "degraded": outcome.degraded}
    verification = None
    if not deps.llm.offline("cove"):
        evidence_by_n: dict[int, list[str]] = {}
        for c in report.citations:
            evidence_by_n.setdefault(int(c.n), []).append(str(c.quote))
        evidence = [claim.text for cid in used if (claim := run.claim(cid)) is not None]
        evidence += [q for quotes in evidence_by_n.values() for q in quotes]
        calls = ModelCalls(deps.llm, deps.runs, run.run_id, "judge")
        cove = await self_verify(calls, markdown, question=question, evidence=evidence,
                                 evidence_by_n=evidence_by_n, context=await context_tokens(deps.llm, "cove"))
        verification = cove.record()
    return judgement, audit, verification


async def on_report(event: ReportSynthesized, deps: Judging) -> None:
    """``ReportSynthesized`` -> ``ReportJudged`` (+ ``SelfVerificationCompleted``) + ``CitationsAudited`` +
    ``RunCompleted`` (once: nothing when the run was judged already or has ended)."""
    run_id: UUID = event.run_id
    run = await run_after(deps.runs, run_id, event.seq)
    if run.judgement is not None or run.status != "running" or run.report is None:
        return
    markdown = await asyncio.to_thread(deps.documents.get, event.report_sha256) or ""
    if deps.offline:
        judgement, audit = await asyncio.to_thread(assess, deps.documents, run, markdown)
        await asyncio.to_thread(deps.runs.record_judgement, run_id, judgement=judgement, audit=audit)
        return
    judgement, audit, verification = await assess_with_models(deps, run, markdown)
    await asyncio.to_thread(deps.runs.record_judgement, run_id, judgement=judgement, audit=audit,
                            self_verification=verification)


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the judge service: each calls its handler function with this process' collaborators."""
    router = NatsRouter()
    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not (llm.offline("judge") and llm.offline("cove"))
    # the rubric (asked at most twice), then CoVe's plan, answers (concurrently) and cross-check
    ack_wait = max(rt.settings.common.ack_wait_s, 5 * DEADLINE_S + 30) if modelled else None

    @router.subscriber(ReportSynthesized.SUBJECT, **consumer_kwargs(rt.settings.common, "judge", ReportSynthesized,
                                                                    ack_wait_s=ack_wait))
    async def on_report_msg(body: ReportSynthesized) -> None:
        await on_report(body, Judging.of(rt))

    return router
