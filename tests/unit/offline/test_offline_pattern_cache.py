"""Run-time regular expressions stay out of the ``re`` module's cache (issue 10: run time linear in claim count).

``re``'s cache holds 512 compiled patterns and drops the oldest first, however often one is used: a pattern made of
each sentence (pysbd's segment offsets) or of each name (``name_kind``, the entailment's anchors) pushed every fixed
pattern of the process out of it after a few hundred claims, to be compiled again for every text, so the cost per
claim grew with the claims before it. These tests read texts that differ in every sentence and every name and check
that a pattern compiled before is still cached after, and that the answers are pysbd's and the old patterns' own."""

from __future__ import annotations

import re

import pysbd
import pytest

from shared.text.answer import answer_candidates
from shared.text.entailment import entailment, swapped_roles, unsupported_names
from shared.text.kinds import name_kind
from shared.text.patterns import find_standing, pattern
from shared.text.tokens import split_sentences, with_trailing_space

SENTINEL = r"assay-sentinel-(\d+)-pattern"


def _texts(n: int) -> list[str]:
    """``n`` texts, each sentence and each name of its own (made-up words, no list of real names)."""
    syllables = ["ka", "lo", "mi", "ren", "to", "sa", "vel", "dor", "an", "qui"]

    def word(i: int, salt: int) -> str:
        parts = []
        i = i * 7 + salt
        for _ in range(3):
            parts.append(syllables[i % len(syllables)])
            i //= len(syllables)
        return "".join(parts).capitalize() + str(salt)

    return [f"{word(i, 1)} {word(i, 2)} (born {1900 + i % 90}) was a painter from {word(i, 3)}. "
            f"The band {word(i, 4)} recorded {i} songs with {word(i, 5)} in {word(i, 3)}." for i in range(n)]


def _cached(source: str) -> bool:
    return any(key[1] == source for key in list(re._cache))  # type: ignore[attr-defined]  # (re's own cache)


def test_reading_many_texts_keeps_re_cache_patterns() -> None:
    re.purge()
    re.search(SENTINEL, "")  # a fixed pattern of the process, compiled through re's cache before the texts
    for text in _texts(700):
        sentences = split_sentences(text)
        first = sentences[0].text
        name = " ".join(first.split()[:2])
        name_kind(name, first)
        name_kind(first.split()[0], first)
        entailment(first, sentences[-1].text)
        swapped_roles(first, f"{first.split()[-1]} and {name}")
        unsupported_names(first, [sentences[-1].text])
        answer_candidates(text, "who", "Who recorded the songs?")  # where each name stands (a place is no who)
    assert _cached(SENTINEL)


def test_segments_are_pysbds() -> None:
    seg = pysbd.Segmenter(language="en", clean=False, char_span=False)
    texts = [*_texts(20), "Mr. Smith went.  Mr. Smith went.\u00a0 Then (a) he left...  ", "A. B. C.", "x . y . x . y .",
             "Is it $5 (or [more])? Yes*! No\\. ", "“Quoted.” Then more. Then more."]
    for text in texts:
        assert with_trailing_space(text, list(seg.processor(text).process())) == seg.segment(text)


def test_name_kind_reads_names_where_they_stand() -> None:
    # the name alone (not inside a longer one, not before "of" + a capital: then the next line's), and the word
    # just before it (after a space or "(", a letter first)
    assert name_kind("Halvik", "Halvik, an American rock band, formed in 1990.") == "organisation"
    assert name_kind("Halvik", "The novelist Halvik-Lee met the novelist Halvik in 1990.") == "person"
    assert name_kind("Halvik", "Halvik of Orlen is a town.\nHalvik is a river.") == "place"
    assert name_kind("Halvik", "Halvik of Orlen is a town. Halvik is a river.") is None
    assert name_kind("Halvik", "Ada Marsh\nHalvik (born 1950) is known.") is None
    assert name_kind("Ren", "(band Ren) played") == "organisation"
    assert name_kind("Ren", "2band Ren played") is None


def test_pattern_is_re_compile() -> None:
    assert pattern(r"(?<!\w)a\s+b", re.IGNORECASE).pattern == re.compile(r"(?<!\w)a\s+b", re.IGNORECASE).pattern
    assert pattern(r"(?<!\w)a\s+b", re.IGNORECASE).search("x A  B") is not None
    assert pattern(r"(?<!\w)a\s+b", re.IGNORECASE) is pattern(r"(?<!\w)a\s+b", re.IGNORECASE)


def test_find_standing_is_the_whole_word_pattern() -> None:
    """find_standing gives the start of ``(?<![\\w-])PHRASE(?![\\w-])``'s first match (-1 for none) at every start,
    for phrases inside longer words, after a hyphen, at either end, of regex metacharacters, and empty."""
    texts = ["Halvik-Lee met Halvik; Halvik_2 and (Halvik) left.", "Ørsted Ørstedt Ørsted", "a.b a.b+ (a.b)",
             "x-Ren Ren-x Ren", "", "Ren"]
    phrases = ["Halvik", "Ørsted", "a.b", "Ren", "", "(Halvik)", "x"]
    for text in texts:
        for phrase in phrases:
            regex = re.compile(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])")
            for start in range(-1, len(text) + 2):
                m = regex.search(text, start)
                assert find_standing(text, phrase, start) == (m.start() if m else -1), (text, phrase, start)


def test_a_run_of_many_claims_splits_each_claim_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two passes over 300 claims (the synthesizer's names of every claim, then its test of each for several
    sentences) split each claim once, though the memo of pages keeps 128 texts; a page is split as before."""
    import shared.text.tokens as tokens

    calls: list[str] = []
    split = tokens._split

    def counted(text: str) -> list[tokens.Sentence]:
        calls.append(text)
        return split(text)

    monkeypatch.setattr(tokens, "_split", counted)
    claims = [f"{t} Then {i} more came." for i, t in enumerate(_texts(300))]
    first = [split_sentences(c) for c in claims]
    assert [split_sentences(c) for c in claims] == first
    assert len(calls) == len(set(calls)) == 300
    page = " ".join(claims[:40])
    assert len(page) > tokens.SHORT_TEXT and split_sentences(page) == split(page)
