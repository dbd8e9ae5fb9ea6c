"""Trial t62 q13 (the pages here are invented): an FAQ's fragment answer ("Ninety minutes." on the line after "How
long is a swim session?") is no sentence alone, and was dropped, so the page's figure was lost; it becomes one claim
joining its question and answer ("How long is a swim session: Ninety minutes."), its evidence the page from the
question to the answer, which the verifier's pool holds too, so the claim is supported
(``services.claim_extractor.offline``, ``shared.text.verbs.fragment_answer``, ``services.verifier.handlers``)."""

from __future__ import annotations

from uuid import UUID

from contracts import VerifyClaim
from services.claim_extractor.offline import extract_claims
from services.verifier.handlers import EvidencePools, Verification, on_verify
from shared.domain import claim_id_for
from shared.settings import VerifierSettings
from shared.store import ResearchRuns
from shared.text.verbs import fragment_answer
from tests.unit.handlers.fakes import FakeCommands, FakeDocuments, fetched_run, memory_runs
from tests.unit.handlers.test_verifier_handlers import FakeVerdicts

FAQ = ("Pellmoor Lido - Frequently asked questions\n\n"
       "How long is a swim session?\n"
       "Ninety minutes. Lanes are swapped at the half hour.\n\n"
       "How many guests can a member bring?\n"
       "Two guests per visit.\n\n"
       "Do you sell goggles?\n"
       "Nope!\n\n"
       "Is there a cafe?\n"
       "Yes, on the upper terrace.\n\n"
       "Can children swim alone?\n"
       "Children under eight must swim with an adult.\n")


def test_a_fragment_answer_is_a_claim_with_its_question() -> None:
    claims = extract_claims(FAQ, title="Pellmoor Lido - Frequently asked questions")
    assert [c.text for c in claims] == [
        "How long is a swim session: Ninety minutes.",
        "Lanes are swapped at the half hour.",
        "How many guests can a member bring: Two guests per visit.",
        "Children under eight must swim with an adult.",
    ]
    # the evidence is the page from the question to the answer
    assert FAQ[claims[0].start:claims[0].end] == "How long is a swim session?\nNinety minutes."
    assert FAQ[claims[2].start:claims[2].end] == "How many guests can a member bring?\nTwo guests per visit."


def test_what_a_fragment_answer_is() -> None:
    assert fragment_answer("How long is a swim session?", "Ninety minutes.", "\n")
    assert fragment_answer("how big is the pool", "Fifty metres by twenty.", "\n")  # a question without its mark
    assert not fragment_answer("How long is a swim session?", "Ninety minutes.", " ")  # not its own line
    assert not fragment_answer("Do you sell goggles?", "Nope!", "\n")  # a yes/no word: the question's statement
    assert not fragment_answer("Is there a cafe?", "Yes, on the upper terrace.", "\n")
    assert not fragment_answer("Can children swim alone?", "Children under eight must swim with an adult.", "\n")
    assert not fragment_answer("The lido opened in 1931.", "Ninety minutes.", "\n")  # no question
    assert not fragment_answer("How long is a swim session?", "Ninety minutes", "\n")  # a heading, no sentence


async def _verdict(claim: str) -> str:
    runs: ResearchRuns = memory_runs()
    docs = FakeDocuments()
    run_id, (first,) = fetched_run(runs, docs, [("doc:lido", FAQ)])
    cid: UUID = claim_id_for(run_id, claim)
    runs.record_claims(run_id, first, [{"claim_id": str(cid), "text": claim, "start": 0, "end": 10}])
    deps = Verification(runs=runs, documents=docs, commands=FakeCommands(), llm=None, verdicts=FakeVerdicts(),
                        pools=EvidencePools(), settings=VerifierSettings(_env_file=None))
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps)
    return str(runs.get_run(run_id).claims[str(cid)].verdict)


async def test_the_joined_claim_is_supported_by_its_question_and_answer() -> None:
    assert await _verdict("How long is a swim session: Ninety minutes.") == "supported"
    assert await _verdict("How many guests can a member bring: Two guests per visit.") == "supported"


async def test_another_figure_stays_unsupported() -> None:
    assert await _verdict("How long is a swim session: Forty minutes.") != "supported"
