"""Sources' dates and languages in offline reports: the source list shows author and dates, a "latest" question
leads with the newest dated source and says its date (older pages' claims leave the Answer), and sources in
another language than the question are said to be quoted untranslated."""

from __future__ import annotations

import re

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.provenance import asks_latest, corpus_language_gap, language_gap, source_meta
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.report import REPORT_WORDS
from shared.text.tokens import detect_language

OLD = "Quill 4.2 is the latest version of the Quill toolkit and was released in February 2023."
NEW = "Quill 5.0 is the latest version of the Quill toolkit and was released in June 2024."
SOURCES = {
    "old": SourceInfo(source_id="old", title="Quill 4.2 notes", url_or_path="https://a.test/4", domain="a.test",
                      published="2023-02-10"),
    "new": SourceInfo(source_id="new", title="Quill 5.0 notes", url_or_path="https://b.test/5", domain="b.test",
                      author="Ada Byron", published="2024-06-01", modified="2024-07-15"),
}


def _claim(cid: str, sid: str, text: str) -> VerifiedClaim:
    span = EvidenceCandidate(source_id=sid, domain=SOURCES[sid].domain, start=0, end=len(text), text=text,
                             retrieval_score=1.0)
    return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict="supported", stability=1.0, spans=[span])


def test_a_latest_question_leads_with_the_newest_dated_source_and_says_its_date() -> None:
    claims = [_claim("c1", "old", OLD), _claim("c2", "new", NEW)]  # the older one first: order must not matter
    md = synthesize("What is the latest version of the Quill toolkit?", claims, SOURCES).markdown
    answer = md.split("## Answer")[1].split("##")[0].strip()
    assert answer.startswith("Quill 5.0") and "(2024-07-15)" in answer and "Quill 4.2" not in answer, md
    assert "- [1] Quill 5.0 notes — Ada Byron, 2024-06-01 → 2024-07-15 — https://b.test/5" in md
    assert "- [2] Quill 4.2 notes — 2023-02-10 — https://a.test/4" in md
    # a question that does not ask for the latest keeps both in the answer and gives no date note
    plain = synthesize("Which versions of the Quill toolkit were released?", claims, SOURCES).markdown
    assert "(2024-07-15)" not in plain.split("## Sources")[0]


def test_which_questions_ask_for_the_latest_and_how_sources_are_described() -> None:
    assert asks_latest("What is the current population of Lyon?") and asks_latest("Quelle est la dernière version ?")
    assert asks_latest("Python 最新版本是什么？") and not asks_latest("Who wrote Germinal?")
    # "now" and "at present" ask for the current state too; "now known as", "until now" do not
    assert asks_latest("How many pupils does the Velder school have now?")
    assert asks_latest("Who runs the Orsk ferry at present?")
    assert not asks_latest("What is the old harbour now known as?") and not asks_latest("Who has led it until now?")
    assert not asks_latest("How many species are known?")
    assert source_meta(SOURCES["old"]) == "2023-02-10" and source_meta(None) == ""
    assert language_gap("zh", ["en", None]) and "Chinese" in language_gap("zh", ["en"])[0]
    assert language_gap("en", ["en", None]) == []
    # nothing found in a local corpus in another language: said, naming both languages
    line = corpus_language_gap("en", {"ja": 2})
    assert len(line) == 1 and "English" in line[0] and "Japanese" in line[0]
    assert corpus_language_gap("en", {"ja": 2, "en": 1}) == [] and corpus_language_gap("en", {}) == []


def test_a_chinese_japanese_or_korean_report_says_its_language_notes_in_its_own_language() -> None:
    """A Chinese report's "What is missing" is under a Chinese heading: its language notes are Chinese too (a trial
    found an English note there); a language without a name in that table keeps the English note."""
    line = corpus_language_gap("zh", {"en": 20}, into="zh")[0]
    assert "英文" in line and "中文" in line and "the question" not in line
    assert "英文" in language_gap("zh", ["en", "en"], into="zh")[0]
    assert "中文" in language_gap("zh", [], into="zh-CN")[0]
    assert "日本語" in corpus_language_gap("ja", {"en": 3}, into="ja")[0]
    assert "영어" in language_gap("ko", ["en"], into="ko")[0]
    assert language_gap("zh", ["en"], into="en") == language_gap("zh", ["en"])  # an English report: English
    assert "Chinese" in corpus_language_gap("zh", {"xx": 2}, into="zh")[0]  # no name for "xx": English


@pytest.mark.parametrize("code", sorted(set(REPORT_WORDS) - {"en"}))
def test_every_report_language_says_its_language_notes_in_its_own_words(code: str) -> None:
    """Each report language's "What is missing" heading is in that language: so are its language notes, the
    languages named as that language names them (an Arabic report over English sources said it in English)."""
    english = "en" if code != "fr" else "de"  # the sources' language, another than the question's
    notes = [*corpus_language_gap(code, {english: 3}, into=code), *language_gap(code, [english, english], into=code),
             *language_gap(code, [english, code], into=code), *language_gap(code, [], into=code)]
    assert len(notes) == 4
    for note in notes:
        assert "offline engine" not in note and "the question" not in note, note
        assert not re.search(r"\{\w*\}", note), note  # every placeholder filled
    reference = {"ar": "الإنجليزية", "fr": "allemand", "de": "Englisch", "ru": "английский", "zh": "英文",
                 "he": "אנגלית", "vi": "Tiếng Anh"}
    if code in reference:
        assert reference[code] in notes[0] and reference[code] in notes[1], notes
    # each note is whole sentences: it ends with its language's full stop, also when its closing clause is cut
    # because some sources are in the question's language (trial t28: "... im Wortlaut zitiert" had none)
    for note in notes:
        assert note.rstrip()[-1:] in ".。।", note


def test_an_arabic_note_names_the_languages_in_arabic_and_another_report_language_keeps_english() -> None:
    line = language_gap("ar", ["en", "en"], into="ar")[0]
    assert "العربية" in line and "الإنجليزية" in line and not re.search(r"[A-Za-z]{3,}", line)
    mixed = language_gap("ar", ["en", "ar"], into="ar")[0]  # some sources in Arabic: both languages named
    assert "العربية" in mixed.split(".")[1] and "الإنجليزية" in mixed
    # a report language without notes is an English report: the note is English, its names CLDR's English ones
    assert language_gap("sw", ["en"], into="sw")[0].startswith("the question is in Swahili")
    assert language_gap("ar", ["en"], into="en")[0].startswith("the question is in Arabic")


def test_a_variety_of_a_macrolanguage_is_that_language() -> None:
    # py3langid names Egyptian Arabic "arz": the report, its headings and notes are Arabic ones
    assert detect_language("متى ولد ملحن Sunfall Overture؟") == "ar"
    assert detect_language("في أي عام تأسست مدينة Halvik؟") == "ar"
