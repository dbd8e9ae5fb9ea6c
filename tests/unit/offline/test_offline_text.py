"""Tests for shared.text.tokens and shared.text.bm25."""

from __future__ import annotations

import pytest

from shared.text.bm25 import BM25Index
from shared.text.tokens import detect_language, split_sentences, tokenize

TRICKY = [
    'Dr. Smith moved to Washington, D.C. in 1999. He said "Hello." Then he left!  Mr. J. R. R. Tolkien wrote it in 1954... Really?',
    "  Hà Nội là thủ đô của Việt Nam. Dân số khoảng 8 triệu người.\n\nNgười dân rất thân thiện!  ",
    "U.S. GDP grew 2.5% in 2023. The e.g. case is odd, i.e. weird.",
    "东京是日本的首都。人口很多！你知道吗？",
    "Это тест. Ещё одно предложение — с «кавычками».",
    "# Heading\n- first item here\n- second item here\n\nA final sentence (with parentheses).",
    "Café déjà vu — naïve résumé? “Quoted sentence.” ‘Another one.’",
]


@pytest.mark.parametrize("text", TRICKY)
def test_sentence_offsets_are_exact(text: str) -> None:
    sents = split_sentences(text)
    assert sents, text
    prev_end = 0
    for s in sents:
        assert text[s.start : s.end] == s.text
        assert s.text == s.text.strip() and s.text
        assert s.start >= prev_end
        prev_end = s.end
    # no content lost: every non-space character is inside some sentence
    covered = sum(len(s.text.replace(" ", "").replace("\n", "")) for s in sents)
    assert covered == len("".join(text.split()))


def test_abbreviations_do_not_split() -> None:
    texts = [s.text for s in split_sentences(TRICKY[0])]
    assert texts[0] == "Dr. Smith moved to Washington, D.C. in 1999."
    assert texts[1] == 'He said "Hello."'
    assert texts[-1] == "Really?"
    assert any(t.startswith("Mr. J. R. R. Tolkien") for t in texts)
    assert [s.text for s in split_sentences(TRICKY[2])] == [
        "U.S. GDP grew 2.5% in 2023.",
        "The e.g. case is odd, i.e. weird.",
    ]


def test_vietnamese_and_cjk_split() -> None:
    vi = [s.text for s in split_sentences(TRICKY[1])]
    assert vi == ["Hà Nội là thủ đô của Việt Nam.", "Dân số khoảng 8 triệu người.", "Người dân rất thân thiện!"]
    zh = [s.text for s in split_sentences(TRICKY[3])]
    assert zh == ["东京是日本的首都。", "人口很多！", "你知道吗？"]


def test_headings_and_list_items_are_separate() -> None:
    texts = [s.text for s in split_sentences(TRICKY[5])]
    assert texts[:3] == ["# Heading", "- first item here", "- second item here"]


def test_consecutive_label_lines_are_separate_sentences_without_pysbd(monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 9 (g42 fault 6): "Visitors 2023: 24,750" over "Workshops 2023: 176" is two statements, not one, also
    # when the segmenter is the fallback (pysbd unavailable in a thread), which ends sentences only after a full stop
    from shared.text import tokens

    monkeypatch.setattr(tokens, "_segmenter", lambda language="en": None)
    text = ("Annual figures of the Brennholt trust\nVisitors 2023: 24,750\nWorkshops 2023: 176\n"
            "Staff (full-time equivalent) 2023: 58\n\nThe increase was driven by school visits.")
    sents = tokens._split(text)
    assert [s.text for s in sents] == [
        "Annual figures of the Brennholt trust", "Visitors 2023: 24,750", "Workshops 2023: 176",
        "Staff (full-time equivalent) 2023: 58", "The increase was driven by school visits."]
    assert all(text[s.start : s.end] == s.text for s in sents)


def test_a_wrapped_sentence_with_one_label_line_stays_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    # only a line break between two label lines ends a sentence
    from shared.text import tokens

    monkeypatch.setattr(tokens, "_segmenter", lambda language="en": None)
    text = "The Brennholt trust reported one figure for the year\nand its note: visitors rose by a quarter in 2023."
    assert [s.text for s in tokens._split(text)] == [text]


def test_closing_markdown_emphasis_stays_with_its_sentence() -> None:
    """A bold FAQ question glued to its answer on one line: the closing "**" ends the question, the answer
    sentence carries no stray marker; markers that open a word stay where they are."""
    text = "**Does the ferry run on Sundays?** Since May 2022 the ferry has run every day. *Tickets* cost 4 euros."
    sents = split_sentences(text)
    assert [s.text for s in sents] == ["**Does the ferry run on Sundays?**",
                                       "Since May 2022 the ferry has run every day.", "*Tickets* cost 4 euros."]
    assert all(text[s.start:s.end] == s.text for s in sents)
    assert [s.text for s in split_sentences("__Is parking free?__ No, a day costs 3 euros.")] == [
        "__Is parking free?__", "No, a day costs 3 euros."]


def test_empty_text_gives_no_sentences() -> None:
    assert split_sentences("") == []
    assert split_sentences("   \n\t ") == []


def test_tokenize_basic() -> None:
    assert tokenize("The Cities' children don't like buses") == ["city", "children", "not", "like", "buse"]
    assert "1000" in tokenize("about 1,000 people")
    assert tokenize("the of and") == []
    assert tokenize("the of and", drop_stopwords=False) == ["the", "of", "and"]
    assert tokenize("") == []


def test_tokenize_unicode() -> None:
    assert tokenize("Hà Nội là thủ đô") == ["hà", "nội", "thủ", "đô"]
    assert tokenize("Москва — столица России") == ["москва", "столица", "россии"]
    assert tokenize("日本の首都") == ["日本", "本の", "の首", "首都"]


def test_detect_language() -> None:
    assert detect_language("Hà Nội là thủ đô của nước Cộng hòa Xã hội chủ nghĩa Việt Nam.") == "vi"
    assert detect_language("Москва является столицей Российской Федерации и крупнейшим городом.") == "ru"
    assert detect_language("Berlin ist die Hauptstadt der Bundesrepublik Deutschland und eine Stadt.") == "de"
    assert detect_language("東京は日本の首都であり、最大の都市です。") == "ja"
    assert detect_language("ok") == "en"
    assert detect_language("") == "en"


def test_bm25_ranks_and_handles_empty() -> None:
    idx = BM25Index(["the cat sat on the mat", "dogs bark loudly at night", "", "a cat and a dog"])
    res = idx.search("cats dog", 5)
    assert [i for i, _ in res][0] == 3
    assert all(score > 0 for _, score in res)
    assert [s for _, s in res] == sorted((s for _, s in res), reverse=True)
    assert 2 not in [i for i, _ in res]
    assert idx.search("", 3) == []
    assert idx.search("the of", 3) == []
    assert idx.search("unrelated zebra", 3) == []
    assert idx.search("cat", 0) == []
    assert BM25Index([]).search("cat", 3) == []
    assert BM25Index(["", "the"]).search("the", 2) == []
    assert len(idx.search("cat dog night", 1)) == 1
