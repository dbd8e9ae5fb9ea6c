"""A spec list's row is found by its own line and checked with the lines before the list: the claim "Brannoch Cliff
Railway: length 268 m." is supported by the row under the page's prose also when the run's other pages hold many short
lines naming the railway, which outranked the row's long evidence span (the lines before the list and the row) while
the bare row line ("Length | 268 m", no subject) came first and supports nothing (issue 9, trial t52 F1: the
encyclopedia's length row was "unverified" and the blog's wrong length led) (``services.verifier.handlers``)."""

from __future__ import annotations

from uuid import UUID

from contracts import VerifyClaim
from services.claim_extractor.offline import extract_claims
from services.verifier.handlers import EvidencePools, Verification, on_verify
from shared.domain import claim_id_for
from shared.settings import VerifierSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeCommands, FakeDocuments, fetched_run, memory_runs

PAGE = """Brannoch Cliff Railway

The Brannoch Cliff Railway is a water-balanced funicular in the fishing town of Brannoch. It was opened in 1896 by a \
company of local hoteliers, who wanted their guests carried up from the harbour without a climb.

History

The railway was built by the engineering firm of Abel Crowther, which had laid out two other lines on the coast. Each \
car carries a water tank beneath its floor: the upper car's tank is filled at the top station until its weight pulls \
the lower car up. The cars were rebuilt in 1952 after a winter storm, and the track was relaid in 1988.

Technical data

Length | 268 m
Height difference | 94 m
Gauge | 1,435 mm
"""
OTHERS = [
    "# A weekend at the Brannoch Cliff Railway\n\nWe rode it twice and loved it.",
    "Brannoch Cliff Railway - Frequently asked questions\n\nTickets are sold at the lower station.",
    "Brannoch Cliff Railway - Annual Report 2024\n\nThe railway carried more passengers than ever.",
    "Brannoch Cliff Railway to get new cars\n\nTwo new cars arrive next spring.",
    "Brannoch Cliff Railway press kit\n\nPress contact: the railway office.",
    "The Brannoch Cliff Railway Company\n\nThe company runs the railway and a tea room.",
    "Visiting the Brannoch Cliff Railway\n\nThe line closes in high winds.",
    "Brannoch Cliff Railway heritage record\n\nThe railway is a listed monument.",
    "Brannoch Cliff Railway timetable\n\nThe first car leaves at nine.",
    "Brannoch Cliff Railway gift shop\n\nPostcards and tea towels are on sale.",
    "Friends of the Brannoch Cliff Railway\n\nMembers meet in the tea room.",
    "Brannoch Cliff Railway on film\n\nThe line appears in two films.",
]


class _NoVerdicts:
    def find(self, claim: str, **_: object) -> list[object]:
        return []


async def _verdict(claim: str, page: str = PAGE) -> str:
    runs: ResearchRuns = memory_runs()
    docs = FakeDocuments()
    texts = [("doc:railway", page)] + [(f"doc:other{i}", t) for i, t in enumerate(OTHERS)]
    run_id, (first, *others) = fetched_run(runs, docs, texts)
    cid: UUID = claim_id_for(run_id, claim)
    runs.record_claims(run_id, first, [{"claim_id": str(cid), "text": claim, "start": 0, "end": 10}])
    for sid in others:
        runs.record_claims(run_id, sid, [])
    deps = Verification(runs=runs, documents=docs, commands=FakeCommands(), llm=None, verdicts=_NoVerdicts(),
                        pools=EvidencePools(), settings=VerifierSettings(_env_file=None))
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps)
    return str(runs.get_run(run_id).claims[str(cid)].verdict)


async def test_a_spec_rows_claim_is_supported_by_its_row_among_many_short_lines() -> None:
    claims = [c.text for c in extract_claims(PAGE, title="Brannoch Cliff Railway")]
    assert "The Brannoch Cliff Railway: length 268 m." in claims, claims
    assert await _verdict("The Brannoch Cliff Railway: length 268 m.") == "supported"
    assert await _verdict("The Brannoch Cliff Railway: height difference 94 m.") == "supported"


async def test_a_figure_the_rows_do_not_state_stays_unsupported() -> None:
    assert await _verdict("The Brannoch Cliff Railway: length 862 m.") != "supported"
    assert await _verdict("The Brannoch Cliff Railway: gauge 1,000 mm.") != "supported"


RECORD = """Harlen Tide Mill

Register: Brask Estuary Heritage Register
Type: tide mill
Date listed: 1997-05-14
Built: 1781

The Harlen Tide Mill was listed as a protected monument on 14 May 1997.
"""


async def test_a_label_rows_claim_is_supported_by_its_own_line_under_the_subject() -> None:
    # a JSON record's members or a fact sheet's lines ("Date listed: 1997-05-14") read as claims of the thing the
    # page names: the line alone names nothing, so its evidence is the line with the lines before it
    claims = [c.text for c in extract_claims(RECORD, title="Harlen Tide Mill")]
    assert "The Harlen Tide Mill: date listed 1997-05-14." in claims, claims
    assert await _verdict("The Harlen Tide Mill: date listed 1997-05-14.", RECORD) == "supported"
    assert await _verdict("The Harlen Tide Mill: built 1781.", RECORD) == "supported"
    assert await _verdict("The Harlen Tide Mill: built 1871.", RECORD) != "supported"
