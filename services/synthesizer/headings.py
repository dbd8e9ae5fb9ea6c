"""Checks on the model-written title and headings (steps 2 and 5 of :mod:`services.synthesizer.model`'s docstring).

:func:`sanitize_heading` makes a title or heading safe to publish as one Markdown heading line; ``_localize_outline``
replaces those in another language than the report, empty, reading as the Sources / What-is-missing heading, or
saying more than their claims (``_heading_grounded``) by the report's own words; ``_fixed_heading`` gives the
Sources and What-is-missing headings.
"""

from __future__ import annotations

import re

from services.synthesizer.grounding import _EMPTY_BRACKETS, _IDS, _NUM_MARK, _ClaimWords, _numbers_known, _word_known
from shared.llm.schemas import OutlineAnswer
from shared.report import REPORT_WORDS, heading_kind, report_words
from shared.text.language import foreign_language
from shared.text.tokens import tokenize

__all__ = ["sanitize_heading", "MAX_HEADING_CHARS", "MAX_HEADING_WORDS", "MAX_FIXED_HEADING_WORDS", "HEADING_LETTERS"]

#: letters of title and headings needed to tell their language
HEADING_LETTERS = 12
#: longest title or heading published, characters
MAX_HEADING_CHARS = 120
#: most words of a model-written title or section heading (a longer one is a sentence: a claim in disguise)
MAX_HEADING_WORDS = 8
#: most words of a model-written Sources / What-is-missing heading, for a language without its own words
MAX_FIXED_HEADING_WORDS = 4
#: generic words a title or heading may hold beside the claims' (the report's structure, no fact), with the
#: report's own title and heading words of every language (``REPORT_WORDS``)
_HEADING_WORDS = frozenset(
    "answer detail context background overview summary finding introduction conclusion research report key "
    "chi tiết bối cảnh tổng quan".split()) | frozenset(
    t for w in REPORT_WORDS.values() for t in tokenize(f"{w.title} {w.answer} {w.findings}"))

# titles and headings: what a model may slip into them
_SCRIPT_BLOCK = re.compile(r"<(script|style)\b[^>]*>.*?(?:</\1\s*>|$)", re.IGNORECASE | re.DOTALL)
_ANY_LINK = re.compile(r"!?\[([^\]\n]*)\]\(([^)\n]*)\)")
_TAG = re.compile(r"<[^<>]*>?")
_ANY_URL = re.compile(r"(?:\b[a-z][a-z0-9+.\-]*://|\bwww\.|\b(?:javascript|vbscript|data|mailto):)\S*", re.IGNORECASE)
_MARK_ONLY = re.compile(r"^\s*[cC]?\s*\d+(?:\s*[,;\-–]\s*[cC]?\s*\d+)*\s*$")


def _heading_grounded(text: str, claims: _ClaimWords) -> bool:
    """Whether a model's title or heading says nothing its claims do not: at most ``MAX_HEADING_WORDS`` words,
    each token a word of ``claims`` (names and number words included) or a generic heading word
    (``_HEADING_WORDS``: "Answer", "Background", "Research report", the report's own words), its numbers the
    claims'. "Neil Peart was murdered in Port Dalhousie in 1999" or "Rush won a Grammy Award in 2010" is not."""
    if len(text.split()) > MAX_HEADING_WORDS or not _numbers_known(text, claims):
        return False
    tokens = tokenize(text)
    return all(t in _HEADING_WORDS or _word_known(t, tokens[i - 1] if i else "", claims)
               for i, t in enumerate(tokens))


def _localize_outline(title: str, headings: list[str], language: str, *,
                      grounds: tuple[_ClaimWords, list[_ClaimWords]] | None = None) -> tuple[str, list[str], int]:
    """The outline's (sanitised) title and section headings with those clearly in another language than
    ``language``, or empty, replaced by the report's own words (module docstring, step 5): ``(title, headings,
    how many replaced)``. Title and headings are tested together first (every one replaced when the lot is
    foreign), then one by one; from ``HEADING_LETTERS`` letters. A language without its own words (not in
    ``REPORT_WORDS``) keeps the model's (an empty one gets the English word). A section heading that reads as
    the report's Sources or What-is-missing heading is replaced too: the judges would take the section's prose
    for the source list. ``grounds``: what the title (the question and every claim shown) and each heading (its
    section's claims) may say: one saying more (:func:`_heading_grounded`) is replaced too."""
    code = re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]
    known = code in REPORT_WORDS

    def foreign(text: str) -> bool:
        return known and foreign_language(text, language, min_letters=HEADING_LETTERS) is not None

    words = report_words(language)
    every = foreign(". ".join([title, *headings]))
    title_words, heading_words = grounds if grounds is not None else (None, [None] * len(headings))

    def ungrounded(text: str, claims: _ClaimWords | None) -> bool:
        return claims is not None and not _heading_grounded(text, claims)

    new_title = words.title if not title or every or foreign(title) or ungrounded(title, title_words) else title
    replace = [i for i, h in enumerate(headings) if not h or every or foreign(h) or heading_kind(h) is not None
               or ungrounded(h, heading_words[i])]
    later = [i for i in replace if i > 0]
    out = list(headings)
    for i in replace:
        if i == 0:
            out[i] = words.answer
        else:
            out[i] = f"{words.findings} {later.index(i) + 1}" if len(later) > 1 else words.findings
    return new_title, out, len(replace) + int(new_title != title)



def _balanced(text: str) -> str:
    """``text`` without the parentheses that have no partner (what is left of a removed link or URL)."""
    opened: list[int] = []
    drop: set[int] = set()
    for i, ch in enumerate(text):
        if ch == "(":
            opened.append(i)
        elif ch == ")":
            if opened:
                opened.pop()
            else:
                drop.add(i)
    drop.update(opened)
    return "".join(ch for i, ch in enumerate(text) if i not in drop)


def sanitize_heading(text: str) -> str:
    """A model-written title or heading made safe to publish as one Markdown heading line.

    Removed: ``<script>``/``<style>`` blocks and every HTML tag (``<...>``, also one left open), Markdown links
    and images (their text is kept unless it is a URL or a citation mark such as ``9`` or ``c1``), bare URLs
    (``https://``, ``www.``, ``javascript:``, ...), claim-id and ``[n]`` marks, brackets, and ``#`` at either
    end; whitespace (line breaks included) is collapsed and the result cut at a word boundary to at most
    ``MAX_HEADING_CHARS`` (120) characters.

    Returns: the clean text, possibly empty (the caller then uses the report's own word for it,
    ``services.synthesizer.offline.report_words``). Never raises.
    """
    t = " ".join(str(text or "").split())
    t = _SCRIPT_BLOCK.sub(" ", t)

    def link(m: re.Match[str]) -> str:
        inner = m.group(1).strip()
        return "" if _ANY_URL.search(inner) or _MARK_ONLY.match(inner) or not inner else f" {inner} "

    previous = None
    while previous != t:  # links inside link texts, tags built from the pieces of others
        previous = t
        t = _ANY_LINK.sub(link, t)
        t = _TAG.sub(" ", t)
    t = _ANY_URL.sub(" ", t)
    t = _IDS.sub(" ", t)
    t = _NUM_MARK.sub(" ", t)
    t = re.sub(r"[\[\]<>]", " ", t)
    t = _EMPTY_BRACKETS.sub(" ", _balanced(t))
    t = " ".join(t.split())
    while t and (t[0] == "#" or t[-1] == "#"):
        t = t.strip("#").strip()
    t = re.sub(r"\s+([.,;:!?])", r"\1", t)
    if len(t) > MAX_HEADING_CHARS:
        cut = t[:MAX_HEADING_CHARS]
        space = cut.rfind(" ")
        t = (cut[:space] if space > MAX_HEADING_CHARS // 2 else cut).rstrip(" ,;:-–—")
    return t


def _fixed_heading(plan: OutlineAnswer, name: str, localized: str, language: str) -> str:
    """The Sources or What-is-missing heading: the table's word in the report's language
    (``services.synthesizer.offline.REPORT_WORDS``) when the language has its own words (a model's "Sources (all
    confirm Rush was banned in Canada)" is never published); otherwise the outline's word (sanitised:
    :func:`sanitize_heading`) when it has at most ``MAX_FIXED_HEADING_WORDS`` words and no digit, else the
    English word."""
    code = re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]
    if code in REPORT_WORDS or name not in plan.model_fields_set:
        return localized
    given = sanitize_heading(str(getattr(plan, name)))
    if not given.strip() or len(given.split()) > MAX_FIXED_HEADING_WORDS or any(ch.isdigit() for ch in given) \
            or foreign_language(given, language, min_letters=HEADING_LETTERS) is not None:
        return localized
    return given


