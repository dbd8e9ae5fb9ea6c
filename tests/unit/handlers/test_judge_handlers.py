"""The judge's handler function without NATS and PostgreSQL: the event store in memory (POPO), the documents in
a dict, the offline rubric and the citation audit."""

from __future__ import annotations

from uuid import UUID

from contracts import ReportSynthesized, RunCompleted
from services.judge.handlers import Judging, on_report
from shared.domain import claim_id_for
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeDocuments, fetched_run, memory_runs

TEXT = "Rush is a Canadian rock band. Neil Peart was the drummer of Rush from 1974 to 2015."
CLAIM = "Neil Peart was the drummer of Rush from 1974 to 2015."


def reported_run(runs: ResearchRuns, docs: FakeDocuments, *, quote: str = CLAIM) -> UUID:
    """A run with one supported claim and a report citing it as [1] with ``quote``."""
    run_id, (sid,) = fetched_run(runs, docs, [("doc:rush", TEXT)])
    cid = claim_id_for(run_id, CLAIM)
    start = TEXT.index(CLAIM)
    runs.record_claims(run_id, sid, [{"claim_id": str(cid), "text": CLAIM, "start": start,
                                      "end": start + len(CLAIM)}])
    runs.record_verdict(run_id, cid, verdict="supported", stability=1.0, support_score=0.9, spans=[],
                        corroborating_domains=[])
    markdown = f"# Rush\n\n## Answer\n\n{CLAIM} [1]\n\n## Sources\n\n- [1] doc:rush — doc:rush\n"
    digest = docs.put(markdown, "text/markdown")
    runs.record_report(run_id, gate={"score": 0.8, "tier": "medium", "signals": {}}, report_sha256=digest,
                       citations=[{"n": 1, "source_id": str(sid), "claim_id": str(cid), "start": start,
                                   "end": start + len(quote), "quote": quote}],
                       used_claim_ids=[cid])
    return run_id


def synthesized(runs: ResearchRuns, run_id: UUID) -> ReportSynthesized:
    return next(e for e in runs.timeline(run_id) if isinstance(e, ReportSynthesized))


async def test_a_report_is_judged_audited_and_the_run_completed_once() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id = reported_run(runs, docs)
    await on_report(synthesized(runs, run_id), Judging(runs=runs, documents=docs, llm=None))
    run = runs.get_run(run_id)
    assert run.status == "completed" and run.judgement is not None and run.judgement["engine"] == "offline"
    assert run.audit is not None and (run.audit["total"], run.audit["valid"], list(run.audit["invalid"])) == (1, 1, [])
    version = run.version
    await on_report(synthesized(runs, run_id), Judging(runs=runs, documents=docs, llm=None))  # redelivery
    assert runs.get_run(run_id).version == version
    assert sum(isinstance(e, RunCompleted) for e in runs.timeline(run_id)) == 1


async def test_a_citation_whose_quote_is_not_in_its_source_fails_the_audit() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id = reported_run(runs, docs, quote="Neil Peart was the singer")
    await on_report(synthesized(runs, run_id), Judging(runs=runs, documents=docs, llm=None))
    audit = runs.get_run(run_id).audit
    assert audit is not None and audit["valid"] == 0 and len(audit["invalid"]) == 1
