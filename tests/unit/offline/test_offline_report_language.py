"""The offline report's fixed words in the report's language, and the judges finding its Sources section in any
language (services.synthesizer.offline.report_words / heading_kind, services.judge.offline.report_body_sentences)."""

from __future__ import annotations

import re

import pytest

from services.judge.model import split_sources
from services.judge.offline import audit_citations, judge, report_body_sentences
from services.synthesizer.offline import synthesize
from shared.report import (
    MISSING_HEADINGS,
    NO_EVIDENCE_TEXT,
    NO_SOURCES_TEXT,
    REPORT_WORDS,
    SOURCES_HEADINGS,
    heading_kind,
    report_words,
)
from tests.unit.offline.test_offline_synthesis import CLAIMS, QUESTION, SOURCES, SOURCES_TEXT

SUB_QUERIES = ["scott derrickson ed wood nationality", "Scott Derrickson", "Ed Wood"]
ENGLISH = ("## Answer", "## Findings", "## What is missing", "## Sources")


def headings(markdown: str) -> list[str]:
    return re.findall(r"^## .*$", markdown, re.M)


def test_a_vietnamese_report_has_vietnamese_headings_and_passes_the_audit_and_the_judge() -> None:
    en = synthesize(QUESTION, CLAIMS, SOURCES, language="en", missing=["hồ sơ quốc tịch"])
    vi = synthesize(QUESTION, CLAIMS, SOURCES, language="vi", missing=["hồ sơ quốc tịch"])
    assert headings(vi.markdown) == ["## Câu trả lời", "## Phát hiện", "## Những gì còn thiếu", "## Nguồn"]
    assert not any(h in vi.markdown for h in ENGLISH)
    assert vi.citations == en.citations and vi.used_claim_ids == en.used_claim_ids  # only the words differ
    audit = audit_citations(vi.markdown, vi.citations, SOURCES_TEXT)
    assert audit.valid == audit.total == len(vi.citations) > 0 and not audit.invalid and not audit.orphan_markers
    body = report_body_sentences(vi.markdown)
    assert body == report_body_sentences(en.markdown)  # the Sources list is left out in both languages
    assert body and not any("wikipedia" in s or "/corpus/" in s for s in body)
    scores = [judge(r.markdown, question=QUESTION, claims_total=4, claims_supported=4, citations=r.citations,
                    sub_queries=SUB_QUERIES) for r in (en, vi)]
    assert scores[0] == scores[1] and scores[1].factual_accuracy == 33


def test_english_output_is_unchanged() -> None:
    rep = synthesize(QUESTION, CLAIMS, SOURCES, missing=["Ed Wood's citizenship records"], max_claims=3)
    assert rep.markdown == (
        "# Were Scott Derrickson and Ed Wood of the same nationality?\n\n"
        "## Answer\n\n"  # the lead answers the yes/no question from one claim about each of the two named
        "Yes: Scott Derrickson (born July 16, 1966) is an American director [1]. "
        "Ed Wood was an American filmmaker [2].\n\n"
        "## Findings\n\n"
        "### Scott Derrickson\n\n"
        "- Scott Derrickson lives in Los Angeles, California [1].\n\n"
        "## What is missing\n\n"
        "- Ed Wood's citizenship records\n\n"
        "## Sources\n\n"
        "- [1] Scott Derrickson — https://en.wikipedia.org/wiki/Scott_Derrickson\n"
        "- [2] Ed Wood — /corpus/ed_wood.txt\n")
    assert NO_EVIDENCE_TEXT in synthesize(QUESTION, [], SOURCES).markdown
    assert NO_SOURCES_TEXT in synthesize(QUESTION, [], SOURCES, no_sources=True).markdown
    assert synthesize("", [], {}).markdown.startswith("# Research report\n")


@pytest.mark.parametrize("code", sorted(REPORT_WORDS))
def test_every_language_has_its_words_and_they_are_recognised(code: str) -> None:
    words = report_words(code)
    rep = synthesize(QUESTION, CLAIMS, SOURCES, language=code, missing=["x"])
    assert headings(rep.markdown) == [f"## {w}" for w in (words.answer, words.findings, words.missing,
                                                           words.sources)]
    assert heading_kind(f"## {words.sources}") == "sources" and heading_kind(f"## {words.missing}") == "missing"
    assert heading_kind(f"## {words.answer}") is None and heading_kind(f"## {words.findings}") is None
    assert split_sources(rep.markdown)[1].startswith(f"## {words.sources}\n")
    assert words.no_evidence in synthesize(QUESTION, [], SOURCES, language=code).markdown
    assert words.no_sources in synthesize(QUESTION, [], SOURCES, language=code, no_sources=True).markdown
    assert synthesize("", [], {}, language=code).markdown.startswith(f"# {words.title}\n")


def test_language_codes_are_read_leniently_and_unknown_ones_get_english() -> None:
    assert report_words("pt-BR") == REPORT_WORDS["pt"] and report_words("ZH_tw") == REPORT_WORDS["zh"]
    assert report_words("sw") == report_words("") == REPORT_WORDS["en"]
    assert headings(synthesize(QUESTION, CLAIMS, SOURCES, language="sw").markdown)[0] == "## Answer"
    assert {"sources", "nguồn", "quellen", "出典", "출처"} <= SOURCES_HEADINGS
    assert {"what is missing", "những gì còn thiếu", "was fehlt"} <= MISSING_HEADINGS
    assert heading_kind("### SOURCES:") == "sources" and heading_kind("Nguồn") == "sources"
    assert heading_kind("## Sources and methods") is None


def test_a_source_list_under_a_models_own_heading_is_left_out_of_the_body() -> None:
    markdown = ("# Báo cáo\n\n## Câu trả lời\n\nRush là một ban nhạc Canada [1].\n\n"
                "## Tài liệu tham khảo\n\n- [1] Rush — https://example.org/rush\n")
    assert report_body_sentences(markdown) == ["Rush là một ban nhạc Canada [1]."]
    assert split_sources(markdown)[0].rstrip().endswith("[1].")
    # a body section of list items is not mistaken for the source list
    listing = "# R\n\n## Findings\n\n- Rush is a band [1].\n\n## Nguồn\n\n- [1] Rush — https://example.org/rush\n"
    assert report_body_sentences(listing) == ["Rush is a band [1]."]


NEW_LANGUAGES = {"ar": "المصادر", "hi": "स्रोत", "tr": "Kaynaklar", "pl": "Źródła", "id": "Sumber", "sv": "Källor",
                 "cs": "Zdroje", "el": "Πηγές", "he": "מקורות", "fa": "منابع"}


@pytest.mark.parametrize(("code", "sources_word"), sorted(NEW_LANGUAGES.items()))
def test_arabic_and_the_other_new_languages_have_their_own_words_and_the_judges_find_them(
        code: str, sources_word: str) -> None:
    words = report_words(code)
    assert words != REPORT_WORDS["en"] and words.sources == sources_word
    assert not set(words) & {"Answer", "Findings", "What is missing", "Sources", NO_EVIDENCE_TEXT, NO_SOURCES_TEXT}
    assert sources_word.casefold() in SOURCES_HEADINGS and words.missing.casefold() in MISSING_HEADINGS
    rep = synthesize(QUESTION, CLAIMS, SOURCES, language=code, missing=["x"])
    assert not any(h in rep.markdown for h in ENGLISH)
    assert report_body_sentences(rep.markdown) == report_body_sentences(
        synthesize(QUESTION, CLAIMS, SOURCES, missing=["x"]).markdown)  # the source list is left out here too
    audit = audit_citations(rep.markdown, rep.citations, SOURCES_TEXT)
    assert audit.valid == audit.total == len(rep.citations) > 0 and not audit.orphan_markers


def test_no_languages_fixed_words_read_as_another_languages_sources_or_missing_heading() -> None:
    for code, words in REPORT_WORDS.items():
        for word in (words.title, words.answer, words.findings):
            assert heading_kind(word) is None, (code, word)
        assert heading_kind(words.sources) == "sources" and heading_kind(words.missing) == "missing", code
