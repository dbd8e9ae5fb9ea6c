"""Sentence-level atomic claim extraction (rule-based, no model)."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from shared.offline.retrieval import BM25Index
from shared.offline.text import Sentence, split_sentences, tokenize

__all__ = ["ExtractedClaim", "extract_claims", "clean_title"]


class ExtractedClaim(BaseModel):
    """A factual claim taken from one sentence of a source text.

    Attributes:
        text: self-contained claim text (a leading pronoun replaced by the source title).
        start: offset (inclusive) of the source sentence in the input text.
        end: offset (exclusive); ``input_text[start:end]`` is the evidence sentence.
        numeric: the sentence states a number, quantity or date.
        recent: mentions a year >= 2020 or words like "recently", "this year".
        named_event: mentions a capitalised multi-word event ("World War II",
            "2016 Olympics", "Cannes Film Festival", "Academy Awards").
    """

    model_config = ConfigDict(frozen=True)

    text: str
    start: int
    end: int
    numeric: bool
    recent: bool
    named_event: bool


MIN_WORDS = 5
MAX_WORDS = 80

_WORD_RE = re.compile(r"[^\W_]+(?:['’.\-][^\W_]+)*")
_BOILERPLATE_RE = re.compile(
    r"\b(cookies?|subscribe|subscription|newsletter|sign\s+(?:up|in)|log\s+in|login|"
    r"privacy\s+policy|terms\s+of\s+(?:use|service)|all\s+rights\s+reserved|click\s+here|"
    r"javascript|enable\s+js|advertisement|share\s+this|follow\s+us|read\s+more|"
    r"skip\s+to\s+(?:main\s+)?content|copyright\s+©|©)\b",
    re.IGNORECASE,
)
_NAV_RE = re.compile(r"[|»›]|\s[/>]\s")
_TERMINAL_RE = re.compile(r"[.!。！…:;]['\"”’)\]]*$")

_SUBJECT_PRONOUNS = {"he", "she", "it", "they"}
_POSSESSIVE_PRONOUNS = {"his", "her", "its", "their"}

_NUMERIC_RE = re.compile(
    r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|billion|trillion|dozen|half|percent|first|second|"
    r"third|January|February|March|April|May|June|July|August|September|October|November|"
    r"December)\b",
)
_YEAR_RE = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
_RECENT_WORDS_RE = re.compile(
    r"\b(recently|recent|this\s+year|last\s+year|this\s+month|currently|nowadays|latest|"
    r"newly|so\s+far\s+this|as\s+of\s+now|upcoming)\b",
    re.IGNORECASE,
)
_EVENT_NOUNS = (
    r"War|Wars|Olympics|Olympic\s+Games|Games|Festival|Awards?|Championships?|Cup|Election|"
    r"Elections|Summit|Conference|Revolution|Prize|Tournament|Open|Series|Grand\s+Prix|"
    r"Expo|Exposition|Crisis|Massacre|Battle|Treaty|Congress|Convention|Marathon|Bowl|Rebellion|"
    r"Uprising|Pandemic|Olympiad|Contest|League|Referendum|Strike|Protests?"
)
_CAP = r"(?:[A-Z][\w'’\-]*|\d{4})"
_NAMED_EVENT_RE = re.compile(
    rf"\bWorld\s+War\s+(?:I{{1,2}}|One|Two|[12])\b"
    rf"|\b(?:{_CAP}\s+(?:(?:of|the|de|for)\s+)?)+(?:{_EVENT_NOUNS})\b"
    rf"|\b(?:19|20)\d\d\s+(?:[A-Z][\w'’\-]*\s+)*[A-Z][\w'’\-]*",
)


def clean_title(title: str | None) -> str:
    """Strip a disambiguation suffix from a page title: "Kiss and Tell (1945 film)" -> "Kiss and Tell"."""
    if not title:
        return ""
    t = re.sub(r"\s*\([^)]*\)\s*$", "", title.strip())
    return t.strip() or title.strip()


def _words(s: str) -> list[str]:
    return _WORD_RE.findall(s)


def _is_claim_sentence(sent: Sentence) -> bool:
    s = sent.text
    if s.endswith(("?", "？")) or s.startswith(("#", "|")):
        return False
    words = _words(s)
    n = len(words)
    if n < MIN_WORDS or n > MAX_WORDS:
        return False
    if _BOILERPLATE_RE.search(s) or _NAV_RE.search(s):
        return False
    letters = sum(1 for ch in s if ch.isalpha())
    if letters < 0.5 * len(s.replace(" ", "")):
        return False
    if not _TERMINAL_RE.search(s):
        # a heading or a fragment: no terminal punctuation and mostly Title Case
        caps = sum(1 for w in words if w[0].isupper())
        if n < 12 or caps > 0.6 * n:
            return False
    # list/heading markers at the start are tolerated only for long sentences
    return True


def _resolve_pronoun(sentence: str, title: str) -> str:
    """Replace a leading He/She/It/They (His/Her/Its/Their) with ``title`` (or ``title's``).

    Only a title that reads as a name (starts with a capital letter or a digit) is used: a file stem such
    as "notes" is not something a pronoun can stand for.
    """
    if not title or not (title[0].isupper() or title[0].isdigit()):
        return sentence
    m = re.match(r"([A-Za-z]+)\b", sentence)
    if not m:
        return sentence
    first = m.group(1)
    low = first.lower()
    if first[0].isupper() and low in _SUBJECT_PRONOUNS:
        return title + sentence[m.end() :]
    if first[0].isupper() and low in _POSSESSIVE_PRONOUNS:
        possessive = title + ("'" if title.endswith("s") else "'s")
        return possessive + sentence[m.end() :]
    return sentence


def _flags(s: str) -> tuple[bool, bool, bool]:
    numeric = bool(_NUMERIC_RE.search(s))
    years = [int(y) for y in _YEAR_RE.findall(s)]
    recent = any(y >= 2020 for y in years) or bool(_RECENT_WORDS_RE.search(s))
    named_event = bool(_NAMED_EVENT_RE.search(s))
    return numeric, recent, named_event


def extract_claims(
    text: str,
    *,
    title: str | None = None,
    max_claims: int = 40,
    focus: str | None = None,
) -> list[ExtractedClaim]:
    """Extract one claim per factual declarative sentence of ``text``.

    Skipped: questions, headings/navigation fragments, boilerplate (cookies, subscribe,
    sign in, ...), sentences with fewer than 5 or more than 80 words.

    Args:
        text: the source text (offsets refer to it).
        title: source title used to replace a leading pronoun; a trailing
            parenthetical ("(1945 film)") is dropped first.
        max_claims: maximum number of claims returned (<= 0 returns ``[]``).
        focus: optional question; when there are more candidate sentences than
            ``max_claims`` the most relevant ones (BM25 plus a small lead-sentence prior)
            are kept. Without focus the first ``max_claims`` are kept.

    Returns:
        Claims in document order; ``text[c.start:c.end]`` is the evidence sentence.
    """
    if max_claims <= 0 or not text:
        return []
    name = clean_title(title)
    candidates = [s for s in split_sentences(text) if _is_claim_sentence(s)]
    if len(candidates) > max_claims:
        if focus and focus.strip():
            index = BM25Index([s.text for s in candidates])
            scores = index.scores(focus)
            n = len(candidates)
            ranked = sorted(
                range(n), key=lambda i: (-(scores[i] + 0.05 * (n - i) / n), i)
            )
            keep = sorted(ranked[:max_claims])
            candidates = [candidates[i] for i in keep]
        else:
            candidates = candidates[:max_claims]
    out: list[ExtractedClaim] = []
    for s in candidates:
        numeric, recent, named_event = _flags(s.text)
        out.append(
            ExtractedClaim(
                text=_resolve_pronoun(s.text, name),
                start=s.start,
                end=s.end,
                numeric=numeric,
                recent=recent,
                named_event=named_event,
            )
        )
    return out

