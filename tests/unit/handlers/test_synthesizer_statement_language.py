"""The language note of an offline report is read from the text of the sources' statements, not from the whole page
(issue 9, trial t38 fault 9): an English page whose reference list gives book titles in Italian is an English
source, and sources that yielded no statement at all (reference lists only) get no language note."""

from __future__ import annotations

from uuid import UUID

from contracts import ClaimsVerified
from services.synthesizer.handlers import Synthesis, on_claims_verified
from shared.domain import claim_id_for, source_id_for
from shared.settings import SynthesizerSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeDocuments, memory_runs, started_run

QUESTION = "Who restored the Calder lighthouse lamp?"
STATEMENT = "The Calder lighthouse lamp was restored in 1994 by the glazier Ruth Ambler of Penhale."
PAGE = (f"{STATEMENT}\nFurther reading: Bianchi, L. (1988). Fari e lanterne delle coste liguri. Genova: Sagep. "
        "Rossi, M. (2001). Storia dei fari italiani. Milano: Hoepli.")
REFERENCES = ("Bibliografia. Conti, P. (1979). I fari del Mediterraneo. Roma: Laterza. Ferri, G. (1995). Lanterne "
              "e vetri: storia di un mestiere. Torino: Einaudi.")
# the language each page was tagged with from its whole text: the reference lists make both "Italian"
PAGES = [("doc:calder", PAGE, "it", [STATEMENT]), ("doc:refs", REFERENCES, "it", [])]


async def _report(pages: list[tuple[str, str, str, list[str]]]) -> str:
    """The offline report of a run over ``pages`` (url, text, language tag, its statements: each a supported
    claim)."""
    runs, docs = memory_runs(), FakeDocuments()
    run_id = _run(runs, docs, pages)
    event = next((e for e in runs.timeline(run_id) if isinstance(e, ClaimsVerified)), None)
    assert event is not None
    await on_claims_verified(
        event,
        Synthesis(runs=runs, documents=docs, corpus=_NoCorpus(), llm=None,
                  settings=SynthesizerSettings(_env_file=None)),
    )
    run = runs.get_run(run_id)
    assert run.report is not None
    return docs.get(run.report.report_sha256) or ""


class _NoCorpus:
    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        return {}

    def page_kinds(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        return {}


def _run(runs: ResearchRuns, docs: FakeDocuments, pages: list[tuple[str, str, str, list[str]]]) -> UUID:
    run_id = started_run(runs, QUESTION)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": QUESTION}], "general", "en", "offline", False)
    hits = [{"url": url, "title": url, "snippet": "", "provider": "local", "rank": i, "score": 1.0}
            for i, (url, *_rest) in enumerate(pages, start=1)]
    runs.record_search(run_id, "q1", QUESTION, 1, hits, True, [])
    claimed: list[tuple[UUID, UUID, str, int]] = []
    for url, text, language, statements in pages:
        sid = source_id_for(run_id, url)
        runs.record_source_fetched(run_id, sid, url=url, final_url=url, content_type="text/plain", title=url,
                                   text_sha256=docs.put(text), chars=len(text), via="local", language=language)
        rows = []
        for claim in statements:
            cid = claim_id_for(run_id, claim)
            start = text.index(claim)
            rows.append({"claim_id": str(cid), "text": claim, "start": start, "end": start + len(claim)})
            claimed.append((sid, cid, claim, start))
        runs.record_claims(run_id, sid, rows)
    for sid, cid, claim, start in claimed:
        span = {"source_id": str(sid), "start": start, "end": start + len(claim), "quote": claim,
                "label": "supports", "score": 1.0}
        runs.record_verdict(run_id, cid, verdict="supported", stability=1.0, support_score=0.9, spans=[span],
                            corroborating_domains=["local:doc"])
    return run_id


async def test_an_english_statement_is_an_english_source_whatever_its_reference_list() -> None:
    markdown = await _report(PAGES)
    assert "Ruth Ambler" in markdown
    assert "Italian" not in markdown, markdown


async def test_sources_with_only_reference_lists_get_no_language_note() -> None:
    markdown = await _report([PAGES[1], ("doc:more-refs", REFERENCES.replace("Conti", "Greco"), "it", [])])
    assert "Italian" not in markdown, markdown
