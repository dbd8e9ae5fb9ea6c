"""Markdown markup read as plain text, and a dated list item ("- **1962**: X founds Y.") read as a sentence.

A Markdown page's text keeps its markup (the scraper keeps headings and list markers, which tell its structure), so
a sentence or a list item of it may hold emphasis ("**1962**", "the schooner *Tessaly Wren*"), inline code or a
link. :func:`plain_inline` gives the words a reader sees (markdown-it-py's inline parse, CommonMark), and
:func:`dated_item` / :func:`dated_sentence` read a timeline's item "DATE: event" as "In DATE, event.".
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from shared.text.answer import is_date
from shared.text.tokens import is_stopword

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

__all__ = ["DatedItem", "dated_item", "dated_sentence", "plain_inline", "without_item_marker"]

#: a character that may open or close Markdown inline markup: emphasis, code, a link, strikethrough
_MARKUP_CHARS = re.compile(r"[*_`\[~]")
#: inline tokens that are markup (their text children are kept, the markers dropped)
_MARKUP_TOKENS = frozenset({"em_open", "strong_open", "code_inline", "link_open", "s_open", "image"})
#: a list item's marker at the start of a line or sentence ("- ", "* ", "• ", "3. ")
_ITEM_MARKER = re.compile(r"^[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+(?=\S)")


@lru_cache(maxsize=1)
def _inline_parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("strikethrough")


def _plain(tokens: list[Token]) -> str:
    out: list[str] = []
    for tok in tokens:
        if tok.type in ("text", "code_inline"):
            out.append(tok.content)
        elif tok.type in ("softbreak", "hardbreak"):
            out.append(" ")
        elif tok.type == "image":
            out.append(_plain(tok.children or []))
    return "".join(out)


def plain_inline(text: str) -> str:
    """``text`` as a reader sees it when it holds Markdown inline markup: emphasis, strong emphasis,
    strikethrough and link markers dropped, their words kept ("- **1962**: the schooner *Tessaly Wren* sails" ->
    "- 1962: the schooner Tessaly Wren sails"; "[the report](https://x.example/r)" -> "the report"; "`pip`" -> "pip").
    Text without such markup comes back unchanged, escapes and entities included ("a * b", "snake_case_name",
    "[1]" hold none). Only inline markup is read: a list marker or heading mark at the start stays (see
    :func:`without_item_marker`). Never raises."""
    if not _MARKUP_CHARS.search(text):
        return text
    try:
        tokens = _inline_parser().parseInline(text)
    except Exception:  # noqa: BLE001 - a parser fault leaves the text as written
        return text
    children = [c for t in tokens for c in (t.children or [])]
    if not any(c.type in _MARKUP_TOKENS for c in children):
        return text
    lead = text[: len(text) - len(text.lstrip())]
    return lead + _plain(children)


def without_item_marker(text: str) -> str:
    """``text`` without the list marker opening it ("- ", "* ", "• ", "3. "); as given without one."""
    return _ITEM_MARKER.sub("", text, count=1)


class DatedItem(NamedTuple):
    """A timeline's item: ``date`` as written ("1962", "14 December 1963", "April 2025") and ``event`` the clause
    after its colon ("Ski instructor Ada Lenz founds the Varrow Ski Resort.", its final stop kept as written)."""

    date: str
    event: str


#: a timeline item after its markup is dropped: a date, a colon, an event opening with a letter
_DATED_RE = re.compile(r"^(?P<date>[^:\n]{3,40}?)\s*[:–—-]\s+(?P<event>[^\W\d_][^\n]*)$")
#: an event has at least this many words (a clause, not a label's value: "1962: founded")
EVENT_MIN_WORDS = 3


def dated_item(line: str) -> DatedItem | None:
    """The date and event of a timeline's list item or line ``line`` (markup and list marker dropped: "-
    **1962**: Ski instructor Ada Lenz founds the Varrow Ski Resort." -> ("1962", "Ski instructor Ada Lenz founds
    the Varrow Ski Resort.")): a date holding a digit (:func:`shared.text.answer.is_date`: a year, a month and year,
    a full date), a colon or dash, then an event of at least :data:`EVENT_MIN_WORDS` words opening with a letter.
    None for any other line ("Founded: 1887", "2023: 24,750", "Opening hours: 10-17")."""
    m = _DATED_RE.match(without_item_marker(plain_inline(line.strip())).strip())
    if m is None:
        return None
    date, event = m.group("date").strip(), m.group("event").strip()
    if not any(ch.isdigit() for ch in date) or not is_date(date) or len(event.split()) < EVENT_MIN_WORDS:
        return None
    return DatedItem(date, event)


#: a date naming its day ("14 December 1963", "May 12, 2004", "3rd June 1999"): "on" it, not "in"
_DAY_DATE = re.compile(r"(?<!\d)\d{1,2}(?:st|nd|rd|th)?(?:\s+|,)|\s\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}", re.IGNORECASE)


def dated_sentence(item: DatedItem, page_text: str = "") -> str:
    """A timeline's item read as a sentence: "In 1962, ski instructor Ada Lenz founds the Varrow Ski Resort."
    ("On 14 December 1963, ..." for a date naming its day). The event's first word goes into lower case when it is
    a function word ("The", "A") or ``page_text`` (the item's page) writes it in lower case elsewhere (a common
    word: "Ski instructor ..." on a page saying "the ski school"); a name keeps its capital. The sentence ends with
    a full stop."""
    preposition = "On" if _DAY_DATE.search(item.date) and not re.fullmatch(r"\d{4}", item.date) else "In"
    first, _, rest = item.event.partition(" ")
    if first == first.capitalize() and (is_stopword(first) or re.search(rf"(?<![\w-]){re.escape(first.lower())}(?![\w-])",
                                                                page_text)):
        first = first.lower()
    event = f"{first} {rest}".strip().rstrip(".;, ")
    return f"{preposition} {item.date}, {event}."
