"""The language note of an offline report speaks of the sources it cites (issue 9, trial t18 F8): an English
question whose report cites only English sources gets no note though a German source was found; a note about cited
sources says "cited" in every report language; with nothing cited it speaks of the sources found."""

from __future__ import annotations

from uuid import UUID

import pytest

from contracts import ClaimsVerified
from services.synthesizer.handlers import Synthesis, on_claims_verified
from services.synthesizer.provenance import _CITED_WORDING, _GAP_NOTES, language_gap
from shared.domain import claim_id_for, source_id_for
from shared.report import REPORT_WORDS
from shared.settings import SynthesizerSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeDocuments, memory_runs, started_run

QUESTION = "When did the Harrow Mill open?"
ENGLISH = "The Harrow Mill opened in 1868 on the River Sael. It had 64 looms in 1902."
GERMAN = "Die Harrow-Mühle hatte 1920 genau 112 Webstühle. Sie steht am Fluss Sael."


class NoCorpus:
    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        return {}


def _run(runs: ResearchRuns, docs: FakeDocuments, german_verdict: str) -> UUID:
    """A run over an English and a German page, each with one claim: the English one supported, the German one
    ``german_verdict``."""
    run_id = started_run(runs, QUESTION)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": QUESTION}], "general", "en", "offline", False)
    pages = [
        ("doc:mill-en", ENGLISH, "en", ENGLISH.split(". ")[0] + ".", "supported"),
        ("doc:mill-de", GERMAN, "de", GERMAN.split(". ")[0] + ".", german_verdict),
    ]
    hits = [
        {"url": url, "title": url, "snippet": "", "provider": "local", "rank": i, "score": 1.0}
        for i, (url, *_rest) in enumerate(pages, start=1)
    ]
    runs.record_search(run_id, "q1", QUESTION, 1, hits, True, [])
    for url, text, language, claim, verdict in pages:
        sid = source_id_for(run_id, url)
        runs.record_source_fetched(
            run_id,
            sid,
            url=url,
            final_url=url,
            content_type="text/plain",
            title=url,
            text_sha256=docs.put(text),
            chars=len(text),
            via="local",
            language=language,
        )
        cid = claim_id_for(run_id, claim)
        runs.record_claims(run_id, sid, [{"claim_id": str(cid), "text": claim, "start": 0, "end": len(claim)}])
        span = {"source_id": str(sid), "start": 0, "end": len(claim), "quote": claim, "label": "supports", "score": 1.0}
        runs.record_verdict(
            run_id,
            cid,
            verdict=verdict,
            stability=1.0,
            support_score=0.9 if verdict == "supported" else 0.0,
            spans=[span] if verdict == "supported" else [],
            corroborating_domains=[f"local:{url}"],
        )
    return run_id


async def _report(german_verdict: str) -> str:
    runs, docs = memory_runs(), FakeDocuments()
    run_id = _run(runs, docs, german_verdict)
    event = next(e for e in runs.timeline(run_id) if isinstance(e, ClaimsVerified))
    await on_claims_verified(
        event,
        Synthesis(runs=runs, documents=docs, corpus=NoCorpus(), llm=None, settings=SynthesizerSettings(_env_file=None)),
    )
    run = runs.get_run(run_id)
    assert run.report is not None
    return docs.get(run.report.report_sha256) or ""


async def test_a_report_citing_only_english_sources_names_no_other_language() -> None:
    markdown = await _report("unverified")
    assert "1868" in markdown and "German" not in markdown, markdown


def test_the_note_says_cited_and_names_only_the_cited_sources_languages() -> None:
    (note,) = language_gap("en", ["en", "de"], cited=True)
    assert "1 of the 2 sources cited is in German" in note
    (found,) = language_gap("en", ["en", "de"])
    assert "sources found" in found
    assert language_gap("de", ["de"], into="de", cited=True) == []
    (german,) = language_gap("de", ["en"], into="de", cited=True)
    assert "Sprache der zitierten Quellen: Englisch" in german


@pytest.mark.parametrize("code", sorted(set(REPORT_WORDS) - {"en"}))
def test_every_report_language_speaks_of_cited_sources(code: str) -> None:
    found, cited = _CITED_WORDING[code]
    assert found in _GAP_NOTES[code]["sources"]
    other = "en" if code != "fr" else "de"
    for languages in ([other], [other, code]):
        (note,) = language_gap(code, languages, into=code, cited=True)
        assert cited in note and found not in note, note
