"""The verifier's handler functions without NATS and PostgreSQL: the event store in memory (POPO), the documents
in a dict, commands in a list, earlier verdicts in a dict; the offline engine."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID, uuid4

from contracts import ClaimVerified, ExtractionCompleted, VerifyClaim
from services.verifier.handlers import EvidencePools, Verification, on_extraction_completed, on_verify
from shared.domain import claim_id_for
from shared.memory.verdicts import CachedVerdict
from shared.settings import VerifierSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeCommands, FakeDocuments, fetched_run, memory_runs

RUSH = "Rush is a Canadian rock band from Toronto. Neil Peart was the drummer of Rush from 1974 to 2015."
OTHER = "Neil Peart joined Rush in 1974 as the drummer. He wrote most of the lyrics of the band."
CLAIM = "Neil Peart was the drummer of Rush."


class FakeVerdicts:
    """Earlier runs' verdicts: ``found`` for every key asked (None: no verdict), the keys asked in ``asked``."""

    def __init__(self, found: CachedVerdict | None = None) -> None:
        self.found = found
        self.asked: list[str] = []

    def find(self, key: str, *, ttl_s: float, now: datetime, exclude_run: UUID | None) -> CachedVerdict | None:
        self.asked.append(key)
        return self.found


def extracted_run(runs: ResearchRuns, docs: FakeDocuments, **request: object) -> tuple[UUID, UUID]:
    """A run with one claim extracted from the first of two fetched sources (extraction completed)."""
    run_id, (first, second) = fetched_run(runs, docs, [("doc:rush", RUSH), ("doc:peart", OTHER)], **request)
    cid = claim_id_for(run_id, CLAIM)
    runs.record_claims(run_id, first, [{"claim_id": str(cid), "text": CLAIM, "start": 0, "end": 42}])
    runs.record_claims(run_id, second, [])
    return run_id, cid


def deps(runs: ResearchRuns, docs: FakeDocuments, commands: FakeCommands | None = None,
         verdicts: FakeVerdicts | None = None) -> Verification:
    return Verification(runs=runs, documents=docs, commands=commands or FakeCommands(), llm=None,
                        verdicts=verdicts or FakeVerdicts(), pools=EvidencePools(),
                        settings=VerifierSettings(_env_file=None))


def completed(runs: ResearchRuns, run_id: UUID) -> ExtractionCompleted:
    return next(e for e in runs.timeline(run_id) if isinstance(e, ExtractionCompleted))


async def test_extraction_completed_asks_one_verification_per_claim() -> None:
    runs, docs, commands = memory_runs(), FakeDocuments(), FakeCommands()
    run_id, cid = extracted_run(runs, docs)
    await on_extraction_completed(completed(runs, run_id), deps(runs, docs, commands))
    assert commands.sent == [(VerifyClaim(run_id=run_id, claim_id=cid), str(cid))]
    unverified, _ = extracted_run(runs, docs, verify_claims=False)
    await on_extraction_completed(completed(runs, unverified), deps(runs, docs, commands))
    assert len(commands.sent) == 1  # verification switched off: no command


async def test_a_claim_is_verified_against_the_runs_sources_once() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, cid = extracted_run(runs, docs)
    verdicts = FakeVerdicts()
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps(runs, docs, verdicts=verdicts))
    claim = runs.get_run(run_id).claims[str(cid)]
    assert claim.verdict == "supported" and claim.spans and 0 < claim.stability <= 1
    texts = {"doc:rush": RUSH, "doc:peart": OTHER}
    for span in claim.spans:  # every span quotes its source's text at its offsets
        url = runs.get_run(run_id).sources[span.source_id].url
        assert texts[url][span.start:span.end] == span.text
    (recorded,) = [e for e in runs.timeline(run_id) if isinstance(e, ClaimVerified)]
    assert recorded.reuse_key == verdicts.asked[0] and recorded.reused_from is None
    version = runs.get_run(run_id).version
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps(runs, docs))  # redelivery
    assert runs.get_run(run_id).version == version


async def test_a_verdict_made_under_the_same_key_is_reused() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, cid = extracted_run(runs, docs)
    earlier = uuid4()
    quote = "Neil Peart was the drummer of Rush from 1974 to 2015."
    cached = CachedVerdict(run_id=earlier, verdict="contested", stability=0.6, support_score=0.5,
                           quotes=((quote, "supports"), ("not in this run", "contradicts")), engine="openai/x",
                           verified_at=datetime.now(UTC))
    verdicts = FakeVerdicts(cached)
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps(runs, docs, verdicts=verdicts))
    (recorded,) = [e for e in runs.timeline(run_id) if isinstance(e, ClaimVerified)]
    assert (recorded.verdict, recorded.reused_from, recorded.engine) == ("contested", earlier, "openai/x")
    assert recorded.reuse_key == verdicts.asked[0] and recorded.stability == 0.6
    # the earlier quotes found in this run's own sources, at their offsets here; one not found is left out
    (span,) = recorded.spans
    source = runs.get_run(run_id).sources[str(span.source_id)]
    assert span.quote == quote and RUSH[span.start:span.end] == quote and source.url == "doc:rush"
