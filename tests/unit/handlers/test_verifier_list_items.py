"""A claim the extractor reads from a list item or a two-column table row, with the page's subject and the list's
lead line or the table's heading added ("Brisgate Tide Mill: opening hours Monday: closed."), is supported by its
own page's item or row with the lines above it; a claim the page does not state stays unverified (issue 9, trial
t50 faults 5, 6)."""

from __future__ import annotations

from uuid import UUID

from contracts import VerifyClaim
from services.claim_extractor.offline import extract_claims
from services.verifier.handlers import EvidencePools, Verification, on_verify
from shared.domain import claim_id_for
from shared.settings import VerifierSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeCommands, FakeDocuments, fetched_run, memory_runs

PAGE = """# Visiting the Brisgate Tide Mill

The Brisgate Tide Mill grinds flour on the ebb tide, as it has since 1781, and shows visitors how.

Opening hours:
- Wednesday to Sunday: 09:30-17:30
- Tuesday: 13:00-17:30
- Monday: closed

## Tickets

| Visitor | Fee |
| --- | --- |
| Adult | £6.50 |
| Student | £4.00 |
"""
OTHER = "The Brisgate estuary is home to wading birds. A footpath follows the shore for 4 km."


class _NoVerdicts:
    def find(self, claim: str, **_: object) -> list[object]:
        return []


async def _verdict(claim: str) -> str:
    runs: ResearchRuns = memory_runs()
    docs = FakeDocuments()
    run_id, (first, second) = fetched_run(runs, docs, [("doc:mill", PAGE), ("doc:estuary", OTHER)])
    cid: UUID = claim_id_for(run_id, claim)
    runs.record_claims(run_id, first, [{"claim_id": str(cid), "text": claim, "start": 0, "end": 10}])
    runs.record_claims(run_id, second, [])
    deps = Verification(runs=runs, documents=docs, commands=FakeCommands(), llm=None, verdicts=_NoVerdicts(),
                        pools=EvidencePools(), settings=VerifierSettings(_env_file=None))
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps)
    return str(runs.get_run(run_id).claims[str(cid)].verdict)


def _claim(start: str) -> str:
    found = [c.text for c in extract_claims(PAGE, title="Visiting the Brisgate Tide Mill") if start in c.text]
    assert found, [c.text for c in extract_claims(PAGE, title="Visiting the Brisgate Tide Mill")]
    return found[0]


async def test_a_list_items_claim_is_supported_by_the_item_under_its_lead_line() -> None:
    monday = _claim("Brisgate Tide Mill: opening hours Monday")
    assert await _verdict(monday) == "supported"
    assert await _verdict(_claim("Brisgate Tide Mill: opening hours Tuesday")) == "supported"


async def test_a_price_rows_claim_is_supported_by_the_row_under_the_pages_subject() -> None:
    adult = _claim("Brisgate Tide Mill: tickets, adult")
    assert "6.50" in adult
    assert await _verdict(adult) == "supported"


async def test_a_claim_the_list_does_not_state_stays_unverified() -> None:
    assert await _verdict("The Brisgate Tide Mill: opening hours Monday: 10:00-12:00.") != "supported"
    assert await _verdict("The Brisgate Tide Mill: tickets, adult visitor fee £9.50.") != "supported"
    assert await _verdict("The Brisgate Tide Mill: opening hours Friday: closed.") != "supported"
