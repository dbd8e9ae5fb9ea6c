"""Trial t71 Q02: a press kit's claim about a series' first edition was cited to a JSON record of the organising club,
its evidence span the whole record (314 characters: every member from the club's name down to the nested event's
"First held" row), not to the press kit it came from. A record's row after its run's "Name: <name>" row is that
named thing's, and its evidence span starts at that row, never at the record's start; the claim's own sentence is its
evidence (``shared.text.tables.label_lines``, ``services.verifier.handlers``; invented names throughout)."""

from __future__ import annotations

from uuid import UUID

from contracts import VerifyClaim
from services.claim_extractor.offline import extract_claims
from services.scraper.fetch.files import json_text
from services.verifier.handlers import EvidencePools, Verification, on_verify
from shared.domain import claim_id_for
from shared.settings import VerifierSettings
from shared.store import ResearchRuns
from shared.text.tables import label_lines
from tests.unit.handlers.fakes import FakeCommands, FakeDocuments, fetched_run, memory_runs

RECORD = json_text({
    "organisation": "Orla Yacht Club", "town": "Karsby", "founded": 1931, "founder": "Edwin Marrable",
    "members": 212, "members_as_of": "2024-09-30", "commodore": "Ilse Varrow", "commodore_since": "2023-04-02",
    "clubhouse": {"name": "Quay Pavilion", "street": "Harbour Row", "town": "Karsby"},
    "annual_event": {"name": "Orla Cup", "first_held": 1952, "races": 7, "prize_fund_2024_gbp": 3100},
})
KIT_TITLE = "Orla Cup 2024 - Press Kit"
KIT = (f"{KIT_TITLE}\n\nIssued by the Orla Yacht Club, Karsby, 2 September 2024.\n\n"
       "The Orla Cup is one of the oldest dinghy regattas on the coast. It was first held in 1952 and has been run "
       "every year by the Orla Yacht Club, which was founded in 1931.\n")


def test_a_named_rows_span_starts_at_its_name_row() -> None:
    rows = {r.label: RECORD[r.start:r.end] for r in label_lines(RECORD)}
    assert rows["First held"] == "Name: Orla Cup\nFirst held: 1952"
    assert rows["Street"] == "Name: Quay Pavilion\nStreet: Harbour Row"
    assert rows["Founded"].startswith("Organisation: Orla Yacht Club")  # the record's own rows keep their context


class _NoVerdicts:
    def find(self, claim: str, **_: object) -> list[object]:
        return []


async def test_a_press_kits_claim_is_evidenced_by_its_sentence_not_by_a_whole_record() -> None:
    claim = next(c for c in extract_claims(KIT, title=KIT_TITLE) if "first held in 1952" in c.text)
    runs: ResearchRuns = memory_runs()
    docs = FakeDocuments()
    run_id, (kit, record) = fetched_run(runs, docs, [("doc:kit", KIT), ("doc:record", RECORD)])
    cid: UUID = claim_id_for(run_id, claim.text)
    runs.record_claims(run_id, kit, [{"claim_id": str(cid), "text": claim.text, "start": claim.start,
                                      "end": claim.end}])
    runs.record_claims(run_id, record, [])
    deps = Verification(runs=runs, documents=docs, commands=FakeCommands(), llm=None, verdicts=_NoVerdicts(),
                        pools=EvidencePools(), settings=VerifierSettings(_env_file=None))
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps)
    verdict = runs.get_run(run_id).claims[str(cid)]
    assert verdict.verdict == "supported", verdict
    spans = verdict.spans
    assert spans and str(spans[0].source_id) == str(kit), spans
    assert spans[0].text.startswith("It was first held in 1952"), spans
    for span in spans:
        assert "Organisation: Orla Yacht Club" not in span.text and len(span.text) < 200, span
