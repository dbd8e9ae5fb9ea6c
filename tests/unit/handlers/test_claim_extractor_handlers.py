"""The claim-extractor's handler function without NATS and PostgreSQL: the event store in memory (POPO), the
documents in a dict; the offline engine. A claim keeps its type (``shared.evidence.Claim``) from here on."""

from __future__ import annotations

from uuid import UUID

from contracts import ClaimsExtracted, SourceFetched, StageDegraded
from services.claim_extractor.handlers import Extraction, on_source_fetched
from shared.domain import claim_id_for
from shared.evidence import Claim
from shared.settings import ExtractorSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeDocuments, fetched_run, memory_runs

TEXT = ("Rush is a Canadian rock band formed in Toronto in 1968. Neil Peart joined the band as its drummer in 1974. "
        "He was inducted into the Modern Drummer Hall of Fame in 1983.")


def fetched(runs: ResearchRuns, run_id: UUID) -> SourceFetched:
    return next(e for e in runs.timeline(run_id) if isinstance(e, SourceFetched))


def deps(runs: ResearchRuns, docs: FakeDocuments) -> Extraction:
    return Extraction(runs=runs, documents=docs, llm=None, settings=ExtractorSettings(_env_file=None))


async def test_a_fetched_source_gets_its_claims_located_in_its_text_once() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, (sid,) = fetched_run(runs, docs, [("doc:rush", TEXT)])
    await on_source_fetched(fetched(runs, run_id), deps(runs, docs))
    run = runs.get_run(run_id)
    claims = list(run.claims.values())
    assert claims and all(isinstance(c, Claim) and c.verdict is None for c in claims)
    for c in claims:  # deterministic ids, the claim's source, and its evidence sentence's offsets in the text
        assert c.claim_id == str(claim_id_for(run_id, c.text)) and c.source_id == str(sid)
        assert TEXT[c.start:c.end].strip() and c.start < c.end <= len(TEXT)
    assert any("1974" in c.text and c.numeric for c in claims)
    assert run.sources[str(sid)].status == "extracted" and run.claims_to_verify  # extraction completed
    await on_source_fetched(fetched(runs, run_id), deps(runs, docs))  # redelivery
    assert sum(isinstance(e, ClaimsExtracted) for e in runs.timeline(run_id)) == 1


async def test_a_text_missing_from_the_document_store_is_a_degradation_without_claims() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, _ = fetched_run(runs, docs, [("doc:rush", TEXT)])
    docs.texts.clear()
    await on_source_fetched(fetched(runs, run_id), deps(runs, docs))
    (extracted,) = [e for e in runs.timeline(run_id) if isinstance(e, ClaimsExtracted)]
    assert list(extracted.claims) == [] and extracted.degraded
    assert any(isinstance(e, StageDegraded) and "missing from the document store" in e.reason
               for e in runs.timeline(run_id))
