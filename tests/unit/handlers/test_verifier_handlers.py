"""The verifier's handler functions without NATS and PostgreSQL: the event store in memory (POPO), the documents
in a dict, commands in a list, earlier verdicts in a dict; the offline engine."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from uuid import UUID, uuid4

from contracts import ClaimVerified, ExtractionCompleted, VerifyClaim
from services.synthesizer.handlers import retraction_lines
from services.verifier.handlers import EvidencePools, Verification, on_extraction_completed, on_verify
from shared.domain import claim_id_for, source_id_for
from shared.memory.verdicts import CachedVerdict, reuse_key
from shared.settings import VerifierSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import (
    FakeCommands,
    FakeDocuments,
    counting_loads,
    fetched_run,
    memory_runs,
    started_run,
)

RUSH = "Rush is a Canadian rock band from Toronto. Neil Peart was the drummer of Rush from 1974 to 2015."
OTHER = "Neil Peart joined Rush in 1974 as the drummer. He wrote most of the lyrics of the band."
CLAIM = "Neil Peart was the drummer of Rush."


class FakeVerdicts:
    """Earlier runs' verdicts: ``found`` for every claim asked (newest first), the claims asked in ``asked``."""

    def __init__(self, *found: CachedVerdict) -> None:
        self.found = list(found)
        self.asked: list[str] = []

    def find(self, claim: str, *, ttl_s: float, now: datetime, exclude_run: UUID | None) -> list[CachedVerdict]:
        self.asked.append(claim)
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
    assert verdicts.asked == [CLAIM] and recorded.reused_from is None
    # keyed by the claim and the sentences the verdict rests on (its spans), nothing else
    assert recorded.reuse_key == reuse_key(CLAIM, [s.quote for s in recorded.spans])
    version = runs.get_run(run_id).version
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps(runs, docs))  # redelivery
    assert runs.get_run(run_id).version == version


def _earlier(quotes: tuple[tuple[str, str], ...], verdict: str = "contested") -> CachedVerdict:
    return CachedVerdict(run_id=uuid4(), verdict=verdict, stability=0.6, support_score=0.5, quotes=quotes,
                         engine="openai/x", verified_at=datetime.now(UTC),
                         key=reuse_key(CLAIM, [q for q, _ in quotes]))


async def test_a_verdict_on_the_same_evidence_is_reused() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, cid = extracted_run(runs, docs)
    quote = "Neil Peart was the drummer of Rush from 1974 to 2015."
    other = "Neil Peart joined Rush in 1974 as the drummer."
    gone = _earlier(((quote, "supports"), ("Neil Peart was the drummer of Genesis.", "contradicts")))
    cached = _earlier(((quote, "supports"), (other.upper(), "contradicts")))  # case and punctuation do not matter
    verdicts = FakeVerdicts(gone, cached)  # the newest rests on a sentence no source of this run has: passed over
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps(runs, docs, verdicts=verdicts))
    (recorded,) = [e for e in runs.timeline(run_id) if isinstance(e, ClaimVerified)]
    assert (recorded.verdict, recorded.reused_from, recorded.engine) == ("contested", cached.run_id, "openai/x")
    assert recorded.reuse_key == cached.key and recorded.stability == 0.6
    # the earlier quotes found in this run's own sources, at their offsets here
    first, second = recorded.spans
    run = runs.get_run(run_id)
    assert first.quote == quote and RUSH[first.start:first.end] == quote
    assert run.sources[str(first.source_id)].url == "doc:rush" and second.quote == other
    assert run.sources[str(second.source_id)].url == "doc:peart" and second.label == "contradicts"


async def test_a_verdict_whose_evidence_changed_is_not_reused() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, cid = extracted_run(runs, docs)
    changed = _earlier((("Neil Peart was the drummer of Rush from 1974 to 2016.", "supports"),), "contradicted")
    forged = replace(_earlier((("Neil Peart was the drummer of Rush from 1974 to 2015.", "supports"),)), key="x")
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps(runs, docs, verdicts=FakeVerdicts(changed, forged)))
    (recorded,) = [e for e in runs.timeline(run_id) if isinstance(e, ClaimVerified)]
    assert recorded.reused_from is None and recorded.verdict == "supported" and recorded.engine == "offline"


# ---- retracted papers and their copies ---------------------------------------------------------------------------
PAPER_TITLE = "Evening blue light suppresses melatonin by half in adolescents: a randomized crossover trial"
PAPER = ("In our crossover trial, evening exposure to blue light reduced salivary melatonin by 50 percent in "
         "adolescents. Saliva samples were collected every thirty minutes until bedtime.")
FINDING = "Evening exposure to blue light reduced salivary melatonin by 50 percent in adolescents."
UNRELATED = "Amber-tinted lenses advanced melatonin onset by 58 minutes in night-shift nurses."


def scholarly(doi: str | None, status: str, title: str | None, reason: str = "") -> dict[str, object]:
    """A ``ScholarlyRecord``'s fields."""
    return {"doi": doi, "found_in": "metadata" if doi else None, "arxiv_id": None, "title": title,
            "journal": None, "published": None, "type": None, "publisher": None, "status": status,
            "status_date": "2023-03-15" if status == "retracted" else None, "reason": reason, "notices": [],
            "is_notice": False}


def paper_run(runs: ResearchRuns, docs: FakeDocuments,
              pages: list[tuple[str, str, str, dict[str, object] | None]]) -> tuple[UUID, list[UUID]]:
    """A run whose fetched sources are ``pages`` ((url, own title, text, scholarly record) each)."""
    run_id = started_run(runs, "Does evening blue light halve melatonin in adolescents?")
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "blue light melatonin"}], "general", "en", "offline",
                     False)
    runs.record_search(run_id, "q1", "blue light melatonin", 1,
                       [{"url": u, "title": t, "snippet": "", "provider": "local", "rank": i, "score": 1.0}
                        for i, (u, t, _, _) in enumerate(pages, start=1)], True, [])
    ids = []
    for url, title, text, record in pages:
        sid = source_id_for(run_id, url)
        runs.record_source_fetched(run_id, sid, url=url, final_url=url, content_type="text/html", title=title,
                                   text_sha256=docs.put(text), chars=len(text), via="http", scholarly=record)
        ids.append(sid)
    return run_id, ids


RETRACTED_PAPER = ("https://journal.example/article/0417", PAPER_TITLE, PAPER,
                   scholarly("10.5555/sleep.0417", "retracted", PAPER_TITLE))


async def test_a_copy_of_a_retracted_paper_is_no_evidence_for_its_claim() -> None:
    # the same paper at another address, its own DOI not looked up (CrossRef rate-limited), its title in other
    # case and punctuation; a second copy with no DOI at all and the title marked "RETRACTED:"
    runs, docs = memory_runs(), FakeDocuments()
    run_id, (paper, copy, bare, other) = paper_run(runs, docs, [
        RETRACTED_PAPER,
        ("https://mirror.example/fresh/1", PAPER_TITLE.upper().replace(":", " -"), PAPER,
         scholarly("10.5555/retr.1", "unknown", None, "CrossRef rate-limited the lookup (429)")),
        ("https://repost.example/p", f"RETRACTED: {PAPER_TITLE}", f"{PAPER} Posted by a reader.", None),
        ("https://lenses.example/a", "Amber lenses and melatonin onset in night-shift nurses", UNRELATED, None)])
    cids = []
    for sid in (paper, copy, bare):
        cid = claim_id_for(run_id, f"{FINDING} {sid}")
        runs.record_claims(run_id, sid, [{"claim_id": str(cid), "text": FINDING, "start": 0, "end": 10}])
        cids.append(cid)
    runs.record_claims(run_id, other, [])
    for cid in cids:
        await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps(runs, docs))
    view = runs.get_run(run_id)
    for cid in cids:
        claim = view.claims[str(cid)]
        assert claim.verdict == "unverified" and not claim.corroborating_domains
        assert {s.source_id for s in claim.spans} <= {str(other)}  # neither the paper nor a copy is quoted
    assert retraction_lines(view.sources) == [
        "retracted source, not used as support: " + PAPER_TITLE + " (doi:10.5555/sleep.0417) — retracted on "
        "2023-03-15",
        f"copy of a retracted paper, not used as support: {PAPER_TITLE.upper().replace(':', ' -')} "
        "(https://mirror.example/fresh/1) — copy of doi:10.5555/sleep.0417, retracted on 2023-03-15",
        f"copy of a retracted paper, not used as support: RETRACTED: {PAPER_TITLE} (https://repost.example/p) — "
        "copy of doi:10.5555/sleep.0417, retracted on 2023-03-15"]


async def test_a_text_copy_of_a_retracted_paper_under_another_title_is_no_evidence() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, (paper, copy) = paper_run(runs, docs, [
        RETRACTED_PAPER, ("https://blog.example/post", "What I read about screens and sleep", PAPER, None)])
    cid = claim_id_for(run_id, FINDING)
    runs.record_claims(run_id, paper, [{"claim_id": str(cid), "text": FINDING, "start": 0, "end": 10}])
    runs.record_claims(run_id, copy, [])
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps(runs, docs))
    claim = runs.get_run(run_id).claims[str(cid)]
    assert claim.verdict == "unverified" and not claim.spans


def test_no_verdict_on_a_claim_from_a_retracted_paper_or_a_copy_is_recorded_supported() -> None:
    # the invariant at the aggregate: whatever an engine (or a reused verdict) says, supported + retracted source
    # is recorded unverified; another source's supported claim stays supported
    runs, docs = memory_runs(), FakeDocuments()
    run_id, (paper, copy, other) = paper_run(runs, docs, [
        RETRACTED_PAPER, ("https://mirror.example/x", PAPER_TITLE, PAPER, None),
        ("https://lenses.example/a", "Amber lenses and melatonin onset in night-shift nurses", UNRELATED, None)])
    cids = {}
    for sid in (paper, copy, other):
        cid = claim_id_for(run_id, f"claim of {sid}")
        runs.record_claims(run_id, sid, [{"claim_id": str(cid), "text": f"claim of {sid}", "start": 0, "end": 5}])
        cids[sid] = cid
    for cid in cids.values():
        runs.record_verdict(run_id, cid, verdict="supported", stability=1.0, support_score=0.9, spans=[],
                            corroborating_domains=["lenses.example"])
    view = runs.get_run(run_id)
    assert [view.claims[str(cids[s])].verdict for s in (paper, copy, other)] == ["unverified", "unverified",
                                                                                  "supported"]



async def test_a_claim_is_verified_on_the_cached_run_when_it_holds_the_claim() -> None:
    """``VerifyClaim`` names no version of the run: its handler reads the process's cached run when that holds the
    claim after the run's extraction (``shared.ports.run_holding``: no store read per claim), else it loads."""
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": "100"})
    docs = FakeDocuments()
    run_id, (first, second) = fetched_run(runs, docs, [("doc:rush", RUSH), ("doc:peart", OTHER)])
    band = "Rush is a Canadian rock band."
    cids = [claim_id_for(run_id, CLAIM), claim_id_for(run_id, band)]
    runs.record_claims(run_id, first, [{"claim_id": str(cids[0]), "text": CLAIM, "start": 0, "end": 42},
                                       {"claim_id": str(cids[1]), "text": band, "start": 0, "end": 29}])
    runs.record_claims(run_id, second, [])  # the extraction completed (ExtractionCompleted)
    # (on POPO the cache follows the loads only: here the state after the claims, before the extraction's end)
    cached = runs.cached_run(run_id, 0)
    assert cached is not None and cached.claim(cids[0]) is not None and not cached.extraction_completed
    loads, get_run = counting_loads(runs)
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cids[0]), deps(runs, docs))
    assert loads == [run_id]  # the cache holds the claim but not the extraction's end: loaded
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cids[1]), deps(runs, docs))
    assert loads == [run_id]  # that load brought the cache up to date: no second read
    assert all(get_run(run_id).claims[str(c)].verdict == "supported" for c in cids)
    await on_verify(VerifyClaim(run_id=run_id, claim_id=uuid4()), deps(runs, docs))  # a claim the cache lacks
    assert loads == [run_id, run_id]
