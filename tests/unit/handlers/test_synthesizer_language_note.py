"""The language note of an offline report speaks of the sources it cites (issue 9, trial t18 F8): an English
question whose report cites only English sources gets no note though a German source was found; a note about cited
sources says "cited" in every report language; with nothing cited it speaks of the sources found."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from contracts import ClaimsVerified
from services.synthesizer.handlers import (
    Synthesis,
    on_claims_verified,
    quoted_languages,
    statements_language,
    uncited_language_gap,
    unmatched_language_gap,
)
from services.synthesizer.provenance import _CITED_WORDING, _GAP_NOTES, language_gap
from shared.domain import claim_id_for, source_id_for
from shared.evidence import Claim
from shared.report import REPORT_WORDS
from shared.settings import SynthesizerSettings
from shared.store import ResearchRuns
from shared.text.tokens import detect_language
from tests.unit.handlers.fakes import FakeDocuments, memory_runs, started_run

QUESTION = "When did the Harrow Mill open?"
ENGLISH = "The Harrow Mill opened in 1868 on the River Sael. It had 64 looms in 1902."
GERMAN = "Die Harrow-Mühle hatte 1920 genau 112 Webstühle. Sie steht am Fluss Sael."


class NoCorpus:
    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        return {}

    def page_kinds(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
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
    choices: list[list[str | None]] = [[other], [other, code]]
    for languages in choices:
        (note,) = language_gap(code, languages, into=code, cited=True)
        assert cited in note and found not in note, note


# issue 9 (g42 fault 2): the note counts the sources the written report cites ([n] in its Markdown), and says "quoted
# as written" only when a quote in that language is in the report
EN_SID, DE_SID = "11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"
EN_CLAIM = "In 2015 the works employed 29 glassblowers; the number has grown steadily since then."
DE_CLAIM = "Heute beschäftigt die Glashütte 37 Glasbläser, wie die Stiftung im März mitteilte."


def _citations() -> list[dict[str, Any]]:
    return [{"n": 1, "source_id": EN_SID, "claim_id": "c-en", "quote": EN_CLAIM},
            {"n": 2, "source_id": DE_SID, "claim_id": "c-de", "quote": DE_CLAIM}]


def _claims() -> list[Claim]:
    return [Claim(claim_id="c-en", source_id=EN_SID, text=EN_CLAIM, start=0, end=len(EN_CLAIM)),
            Claim(claim_id="c-de", source_id=DE_SID, text=DE_CLAIM, start=0, end=len(DE_CLAIM))]


class _Run:
    sources: dict[str, object] = {}


def test_a_citation_the_written_report_does_not_mark_counts_for_nothing() -> None:
    # the German citation was recorded, but the report (its lead cut by a later step) marks only [1]
    markdown = f"# Q\n\n## Answer\n\n{EN_CLAIM} [1]\n\n## Sources\n\n- [1] staff — staff.md\n- [2] glas — de.md\n"
    langs = quoted_languages(markdown, _citations(), _claims(), _Run())  # type: ignore[arg-type]
    assert langs == ["en"]
    assert language_gap("en", langs, cited=True) == []
    # a report citing only English sources of an English question gets no note, whatever else was found (t18 F8)
    assert uncited_language_gap("en", ["en", "de"], langs) == []


def test_a_german_quote_the_report_writes_is_said_quoted_as_written() -> None:
    # the German figure leads (f42k): the note says the German source is cited and quoted
    markdown = f"# Q\n\n## Answer\n\n{DE_CLAIM} [1]\n\n## Findings\n\n- {EN_CLAIM} [2]\n\n## Sources\n\n- [1] a\n- [2] b\n"
    citations = [{**_citations()[1], "n": 1}, {**_citations()[0], "n": 2}]
    langs = quoted_languages(markdown, citations, _claims(), _Run())  # type: ignore[arg-type]
    assert sorted(str(x) for x in langs) == ["de", "en"]
    (note,) = language_gap("en", langs, cited=True)
    assert "1 of the 2 sources cited is in German" in note and "quoted as written" in note
    assert uncited_language_gap("en", ["en", "de"], langs) == []


def test_a_report_citing_nothing_says_nothing_is_quoted() -> None:
    markdown = "# Q\n\n## Answer\n\nNot established: the number of glassblowers asked for.\n"
    assert quoted_languages(markdown, _citations(), _claims(), _Run()) == []  # type: ignore[arg-type]
    (note,) = uncited_language_gap("en", ["en", "de", "en"], [])
    assert note.startswith("the question is in English and 1 source found is in German but not cited")
    assert uncited_language_gap("en", ["en"], []) == []
    assert uncited_language_gap("de", ["de", "en"], [], into="de") == []


async def test_a_verified_german_source_the_report_does_not_cite_gets_no_note() -> None:
    markdown = await _report("supported")
    assert GERMAN.split(". ")[0] not in markdown and "[2]" not in markdown, markdown
    assert "German" not in markdown, markdown


def test_a_fact_sheets_capitalised_heading_makes_no_english_statement_foreign() -> None:
    # issue 9 (t48 fault 8): a fact sheet's label lines read with its ALL-CAPS heading were detected as Catalan, and
    # the report said "1 of the 2 sources cited is in Catalan" of an English page recorded as "en"
    text = "TARNMOOR BOTANIC GARDEN: visitors 2023 58,940. TARNMOOR BOTANIC GARDEN: visitors 2022 52,075."
    assert statements_language(text, "en") == "en"
    assert language_gap("en", [statements_language(text, "en"), "en"], cited=True) == []
    # capitals are only read in title case: a German page's statements stay German, a short text keeps the record
    assert statements_language("DIE HARROW-MÜHLE hatte 1920 genau 112 Webstühle. Sie steht am Fluss Sael.", "en") == "de"
    assert statements_language("GLASHAUS: 14 m", "de") == "de"


# issue 9 (trial t51 F10): the fact is on an Italian page only; the report cites an English source and "What is
# missing" said nothing of the Italian page, read but not matched (the lexicon covers German, French and Spanish)
ITALIAN = "Il mulino Harrow aveva 112 telai nel 1920 e si trova sul fiume Sael, vicino al ponte vecchio."


async def test_a_source_in_a_language_the_lexicon_lacks_is_said_read_but_not_matched() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id = started_run(runs, QUESTION)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": QUESTION}], "general", "en", "offline", False)
    pages = [("doc:mill-en", ENGLISH, "en"), ("doc:mill-it", ITALIAN, "it")]
    runs.record_search(run_id, "q1", QUESTION, 1, [
        {"url": url, "title": url, "snippet": "", "provider": "local", "rank": i, "score": 1.0}
        for i, (url, _t, _l) in enumerate(pages, start=1)], True, [])
    for url, text, language in pages:
        sid = source_id_for(run_id, url)
        runs.record_source_fetched(run_id, sid, url=url, final_url=url, content_type="text/plain", title=url,
                                   text_sha256=docs.put(text), chars=len(text), via="local", language=language)
        claim = text.split(". ")[0].rstrip(".") + "."
        cid = claim_id_for(run_id, claim)
        runs.record_claims(run_id, sid, [{"claim_id": str(cid), "text": claim, "start": 0, "end": len(claim)}])
        span = {"source_id": str(sid), "start": 0, "end": len(claim), "quote": claim, "label": "supports",
                "score": 1.0}
        runs.record_verdict(run_id, cid, verdict="supported", stability=1.0, support_score=0.9, spans=[span],
                            corroborating_domains=[f"local:{url}"])
    event = next(e for e in runs.timeline(run_id) if isinstance(e, ClaimsVerified))
    await on_claims_verified(event, Synthesis(runs=runs, documents=docs, corpus=NoCorpus(), llm=None,
                                              settings=SynthesizerSettings(_env_file=None)))
    report = runs.get_run(run_id).report
    assert report is not None
    markdown = docs.get(report.report_sha256) or ""
    assert "1868" in markdown and "112 telai" not in markdown, markdown
    assert ("1 source in Italian was read but not matched: the question's terms are matched in English, German, "
            "French and Spanish") in markdown, markdown


def test_the_unmatched_note_counts_only_uncovered_languages_not_cited() -> None:
    assert unmatched_language_gap("en", ["en", "de", "fr"], ["en"]) == []  # the lexicon covers German and French
    assert unmatched_language_gap("en", ["en", "it"], ["en", "it"]) == []  # the Italian source is cited: matched
    assert unmatched_language_gap("de", ["de", "it"], ["de"], into="de") == []  # the lexicon translates English only
    (note,) = unmatched_language_gap("en", ["en", "it", "pt", "it"], ["en"])
    assert note.startswith("3 sources in Italian and Portuguese were read but not matched")


# trial t60 q16: a JSON record's rows quoted in the report ("X: operator Y.", names and a label) were re-detected as
# Welsh, and "What is missing" said a cited English source was in Welsh; a record's rows carry no language to read
RECORD_ROW = "Tollbrig Shipyard: operator Tollbrig Maritime Trust."


def test_a_record_row_keeps_the_sources_recorded_language() -> None:
    class _Source:
        language = "en"

    class _RecordRun:
        sources = {EN_SID: _Source()}

    citations = [{"n": 1, "source_id": EN_SID, "claim_id": "c-row", "quote": RECORD_ROW}]
    claims = [Claim(claim_id="c-row", source_id=EN_SID, text=RECORD_ROW, start=0, end=len(RECORD_ROW))]
    markdown = f"# Q\n\n## Answer\n\n{RECORD_ROW} [1]\n\n## Sources\n\n- [1] record — record.json\n"
    assert detect_language(RECORD_ROW) != "en"  # the detector alone guesses another language
    assert statements_language(RECORD_ROW, "en") == "en"  # unsure of it: the source's language stands (t71 Q10)
    langs = quoted_languages(markdown, citations, claims, _RecordRun())  # type: ignore[arg-type]
    assert langs == ["en"]
    assert language_gap("en", langs, cited=True) == []
