"""A report with nothing to cite says why, from the run itself (issue 9, trial t50's bad inputs: a corpus of
reference lists only, or of cookie-consent walls only, got "No verified evidence was found" and the generic "Not
established: the person or group asked for. No verified claim states it."): sources that gave no claims are named
by what they are (a reference list), failed ones by why they failed (a cookie-consent wall), and a local search
that found nothing by what the corpus holds. Invented pages; the event store in memory, the offline engine."""

from __future__ import annotations

from uuid import UUID

from contracts import ClaimsVerified
from services.synthesizer.handlers import Synthesis, on_claims_verified
from shared.domain import claim_id_for, source_id_for
from shared.report import missing_items
from shared.settings import SynthesizerSettings
from shared.store import ResearchRuns
from shared.text.noise import page_kind
from tests.unit.handlers.fakes import FakeDocuments, fetched_run, memory_runs, started_run

QUESTION = "Who founded the Tessaly Rope Works?"
REFERENCES = ("References\n\n1. Marrow, T. (1931). The rope walks of Tessaly. Lindham: Harbour Press.\n"
              "2. Quell, A. & Dorne, B. (1978). \"Hemp and tar\". Journal of Maritime Crafts 4 (2): 17-29.\n"
              "3. Tessaly Heritage Society (2019). Annual Report 2018. Tessaly. ISBN 978-0-0000-0000-1.\n")
BIBLIOGRAPHY = ("Further reading on the rope works\n\n- Hallam, P. (2004). Ropemakers of the north coast. Lindham: "
                "Gull Books.\n- Fenwick, D. (1999). \"A ropewalk restored\". Coastal History Review 11 (1): 3-9.\n")
CONSENT = ("We value your privacy. Tessaly Today and our 212 partners use cookies and similar technologies to store "
           "and access information on your device. You can change your choices at any time by clicking \"Manage "
           "preferences\". Accept all Reject all Manage preferences")
CONTENT = ("The Tessaly Rope Works was founded in 1788 by Ada Morrow. Its ropewalk is 310 metres long. "
           "References\n\n1. Marrow, T. (1931). The rope walks of Tessaly. Lindham: Harbour Press.\n")
GENERIC = "Not established: the person or group asked for."


class Corpus:
    """The local corpus as the synthesizer asks it: what its documents are (``kinds``), all in English."""

    def __init__(self, kinds: dict[str, int] | None = None) -> None:
        self.kinds = kinds or {}

    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        return {"en": sum(self.kinds.values())} if self.kinds else {}

    def page_kinds(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        return dict(self.kinds)


async def report_of(runs: ResearchRuns, docs: FakeDocuments, run_id: UUID, corpus: Corpus | None = None) -> str:
    """The markdown the synthesizer writes for ``run_id`` (whose claims are verified)."""
    event = next(e for e in runs.timeline(run_id) if isinstance(e, ClaimsVerified))
    await on_claims_verified(event, Synthesis(runs=runs, documents=docs, corpus=corpus or Corpus(), llm=None,
                                              settings=SynthesizerSettings(_env_file=None)))
    run = runs.get_run(run_id)
    assert run.report is not None and run.gate is not None and run.gate.tier == "low"
    return docs.get(run.report.report_sha256) or ""


def answer_of(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("\n## ", 1)[0].strip()


def test_a_page_made_only_of_references_or_a_consent_notice_is_told_as_such() -> None:
    assert page_kind(REFERENCES) == page_kind(BIBLIOGRAPHY) == "reference"
    assert page_kind(CONSENT) == "consent"
    assert page_kind(CONTENT) is None  # a page with content keeps its reference list: it is content
    assert page_kind("") is None


async def test_sources_that_are_only_reference_lists_are_named_as_the_reason() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, sids = fetched_run(runs, docs, [("doc:refs", REFERENCES), ("doc:reading", BIBLIOGRAPHY)], QUESTION)
    for sid in sids:
        runs.record_claims(run_id, sid, [])
    markdown = await report_of(runs, docs, run_id)
    assert answer_of(markdown) == ("No verified evidence was found for this question. The only local documents (2) "
                                   "are reference lists, which give no claims.")
    assert missing_items(markdown) == ["nothing to cite (doc:refs; doc:reading): the only local documents (2) are "
                                       "reference lists, which give no claims."]
    assert GENERIC not in markdown


async def test_one_reference_list_and_one_consent_wall_that_failed_are_each_said() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, (sid,) = fetched_run(runs, docs, [("doc:refs", REFERENCES)], QUESTION)
    runs.record_claims(run_id, sid, [])
    alone = await report_of(runs, docs, run_id)
    assert "The only local document is a reference list, which gives no claims." in answer_of(alone)

    runs, docs = memory_runs(), FakeDocuments()
    url = "https://news.example/tessaly"
    run_id = started_run(runs, QUESTION, scope="web")
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": QUESTION}], "general", "en", "offline", False)
    runs.record_search(run_id, "q1", QUESTION, 1, [{"url": url, "title": "Tessaly Today", "snippet": "",
                                                    "provider": "web", "rank": 1, "score": 1.0}], True, [])
    runs.record_source_failed(run_id, source_id_for(run_id, url), url=url,
                              reason=f"consent_wall: {url} shows only a cookie-consent notice, no content")
    markdown = await report_of(runs, docs, run_id)
    assert answer_of(markdown).endswith(" The only page is a cookie-consent wall (source failed).")
    items = missing_items(markdown)
    assert items[0] == "nothing to cite (Tessaly Today): the only page is a cookie-consent wall (source failed)."
    assert any(i.startswith(f"source failed: {url} — consent_wall") for i in items) and GENERIC not in markdown


async def test_sources_of_several_kinds_are_counted_by_kind() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, sids = fetched_run(runs, docs, [("doc:refs", REFERENCES), ("doc:reading", BIBLIOGRAPHY),
                                            ("doc:list", "Rope\n\nTar\n\nHemp")], QUESTION)
    for sid in sids:
        runs.record_claims(run_id, sid, [])
    markdown = await report_of(runs, docs, run_id)
    assert ("No source gives a claim to cite: 2 local documents are reference lists, which give no claims; 1 local "
            "document gives no claims.") in answer_of(markdown)


async def test_a_local_search_that_found_nothing_says_what_the_corpus_holds() -> None:
    for kinds, said in (({"consent": 3}, "The only local documents (3) are cookie-consent walls, with no content; "
                                         "none matches the question's words."),
                        ({"": 4, "reference": 1}, "No document of the local corpus (5 documents) matches the "
                                                  "question's words."),
                        ({"": 40}, "No document of the local corpus matches the question's words.")):
        runs, docs = memory_runs(), FakeDocuments()
        run_id = started_run(runs, QUESTION)
        runs.record_plan(run_id, [{"sub_query_id": "q1", "text": QUESTION}], "general", "en", "offline", False)
        runs.record_search(run_id, "q1", QUESTION, 1, [], True, [])
        markdown = await report_of(runs, docs, run_id, Corpus(kinds))
        assert answer_of(markdown) == f"No verified evidence was found for this question. {said}", kinds
        assert missing_items(markdown)[0] == f"nothing to cite: {said[0].lower()}{said[1:]}"
        assert GENERIC not in markdown


async def test_a_run_with_claims_keeps_its_not_established_note() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    text = "The Tessaly Rope Works has a ropewalk 310 metres long."
    run_id, (sid,) = fetched_run(runs, docs, [("doc:works", text)], QUESTION)
    cid = claim_id_for(run_id, text)
    runs.record_claims(run_id, sid, [{"claim_id": str(cid), "text": text, "start": 0, "end": len(text)}])
    runs.record_verdict(run_id, cid, verdict="contradicted", stability=1.0, support_score=0.0, spans=[],
                        corroborating_domains=[])
    markdown = await report_of(runs, docs, run_id)
    assert "nothing to cite" not in markdown and GENERIC in markdown  # a claim was found: nothing else to say
