"""The offline verifier's resampling is seeded by the claim's text and its source's stored text, never by the run,
and a report is written from the claims in their sources' order: two runs over the same sources give the same
verdicts, stabilities and report inputs (task h71)."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from contracts import VerifyClaim
from services.synthesizer.handlers import report_inputs
from services.verifier.handlers import EvidencePools, Verification, on_verify, seed_key
from services.verifier.offline import verify
from shared.domain import claim_id_for
from shared.evidence import Claim, EvidenceCandidate
from shared.memory.verdicts import CachedVerdict
from shared.settings import VerifierSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeCommands, FakeDocuments, fetched_run, memory_runs

CLAIM = "The Harlow Viaduct over the Tessin valley is 412 metres long."
OWN = ("The Harlow Viaduct over the Tessin valley is 412 metres long and carries two tracks. "
       "It was opened in 1911 by the Tessin valley railway.")
SURVEY = "The Harlow Viaduct over the Tessin valley is 398 metres long. Trains cross the Harlow Viaduct at walking pace."
PAINT = "The Harlow Viaduct was painted green in 1987."
PAGES = [("doc:harlow", OWN), ("doc:survey", SURVEY), ("doc:paint", PAINT)]
#: the survey's text on a second site too: which copy is quoted, and which domain they count as, stays put
MIRRORED = [*PAGES, ("doc:survey-mirror", SURVEY)]


class _NoEarlierVerdicts:
    """No other run verified these claims (``VerdictMemory``)."""

    def find(self, claim: str, *, ttl_s: float, now: datetime, exclude_run: UUID | None) -> list[CachedVerdict]:
        return []


def _deps(runs: ResearchRuns, docs: FakeDocuments) -> Verification:
    return Verification(runs=runs, documents=docs, commands=FakeCommands(), llm=None, verdicts=_NoEarlierVerdicts(),
                        pools=EvidencePools(), settings=VerifierSettings(_env_file=None))


async def _verified(runs: ResearchRuns, docs: FakeDocuments, pages: list[tuple[str, str]]) -> tuple[UUID, Claim]:
    """A fresh run (a new run id, so new source and claim ids) over ``pages``, its claim (taken from the first page)
    verified by the offline engine: (run id, the claim with its verdict)."""
    run_id, (own, *others) = fetched_run(runs, docs, pages, question="How long is the Harlow Viaduct?")
    cid = claim_id_for(run_id, CLAIM)
    runs.record_claims(run_id, own, [{"claim_id": str(cid), "text": CLAIM, "start": 0, "end": OWN.index(" It ")}])
    for sid in others:
        runs.record_claims(run_id, sid, [])
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), _deps(runs, docs))
    return run_id, runs.get_run(run_id).claims[str(cid)]


async def test_runs_over_the_same_sources_give_the_same_verdict_and_stability() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    outcomes = []
    for _ in range(10):  # ten run ids: under a run-seeded draw the stability is 0.4 or 0.6 by the run (p 1/2 each)
        run_id, claim = await _verified(runs, docs, MIRRORED)
        run = runs.get_run(run_id)
        outcomes.append((claim.verdict, claim.stability,
                         tuple((run.sources[s.source_id].url, s.text, s.label) for s in claim.spans),
                         tuple(claim.corroborating_domains)))
    assert len({o[:2] for o in outcomes}) == 1, outcomes
    shorter = "The Harlow Viaduct over the Tessin valley is 398 metres long."
    assert outcomes[0] == ("contested", 0.6, (
        ("doc:harlow", "The Harlow Viaduct over the Tessin valley is 412 metres long and carries two tracks.",
         "supports"),
        ("doc:survey", shorter, "contradicts"), ("doc:survey-mirror", shorter, "contradicts")), ("local:doc:harlow",))
    assert len(set(outcomes)) == 1


async def test_the_seed_is_the_claims_text_and_its_sources_text() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    first, claim = await _verified(runs, docs, PAGES)
    second, again = await _verified(runs, docs, PAGES)
    assert claim.claim_id != again.claim_id and claim.source_id != again.source_id
    key = seed_key(runs.get_run(first), claim)
    assert key == seed_key(runs.get_run(second), again)
    assert str(first) not in key and claim.claim_id not in key and claim.source_id not in key
    # another claim, or the same claim from another text, draws its own subsets
    assert seed_key(runs.get_run(first), claim.model_copy(update={"text": "The Harlow Viaduct is 412 m long."})) != key
    moved, _ = await _verified(runs, docs, [("doc:harlow", OWN + " It was restored in 2004."), *PAGES[1:]])
    assert seed_key(runs.get_run(moved), claim.model_copy(update={"source_id": _.source_id})) != key


def test_the_same_candidates_in_another_order_draw_the_same_subsets() -> None:
    sentences = [s for _, text in PAGES for s in text.split(". ")]
    candidates = [EvidenceCandidate(source_id=f"s{i}", domain=f"d{i}", start=0, end=len(t), text=t, retrieval_score=1.0)
                  for i, t in enumerate(sentences)]
    outcomes = {(r.verdict, r.stability) for r in (
        verify(CLAIM, order, samples=5, seed_key="k", own_source="s0")
        for order in (candidates, candidates[::-1], candidates[2:] + candidates[:2], candidates[1::2] + candidates[::2]))}
    assert len(outcomes) == 1, outcomes


def test_a_report_is_written_from_the_claims_in_their_sources_order() -> None:
    """The claims a report is written from come in the order of their sources' selection and their offsets, not
    the order the sources' extractions ended in (which varies run to run)."""
    runs, docs = memory_runs(), FakeDocuments()
    run_id, (own, survey, paint) = fetched_run(runs, docs, PAGES, question="How long is the Harlow Viaduct?")
    opened = "It was opened in 1911 by the Tessin valley railway."
    found = {paint: [(PAINT, 0)], survey: [(SURVEY.split(". ")[0] + ".", 0)], own: [(opened, OWN.index(opened)),
                                                                                    (CLAIM, 0)]}
    for sid in (paint, own, survey):  # extractions ending in another order than the sources were selected in
        runs.record_claims(run_id, sid, [{"claim_id": str(claim_id_for(run_id, text)), "text": text, "start": start,
                                          "end": start + len(text)} for text, start in found[sid]])
    for text, _ in (*found[own], *found[survey], *found[paint]):
        runs.record_verdict(run_id, claim_id_for(run_id, text), verdict="supported", stability=1.0,
                            support_score=1.0, spans=[], corroborating_domains=[])
    _, claims, _, _ = report_inputs(runs.get_run(run_id))
    assert [c.text for c in claims] == [CLAIM, opened, "The Harlow Viaduct over the Tessin valley is 398 metres long.",
                                        PAINT]
