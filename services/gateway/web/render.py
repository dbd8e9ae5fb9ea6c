"""A report's Markdown as safe HTML with clickable citations, and a source's text with its evidence spans marked.

:func:`render_report` parses the report with markdown-it-py (CommonMark, tables, strikethrough; raw HTML off, so
``<script>`` in a claim is shown as text), turns every ``[n]`` that numbers a cited source into a link carrying the
citation it stands for (source id, claim id, span offsets, the quote as its tooltip) and sanitises the result with
nh3 (an allow-list of tags and attributes; only http, https and mailto URLs and relative links survive).
:func:`render_source` writes a source's text with the spans marked, the cited one ``active``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence

import nh3
from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

from services.gateway.markdown import normalise_tables, parser, strip_control
from shared.evidence import Citation

#: ``[n]``: a citation marker (1-4 digits)
_MARKER = re.compile(r"\[(\d{1,4})\]")
_WORD = re.compile(r"\w+")

ALLOWED_TAGS = frozenset({
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "ul", "ol", "li", "strong", "em", "s", "del",
    "code", "pre", "a", "table", "thead", "tbody", "tr", "th", "td",
})
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title", "class", "data-n", "data-source", "data-claim", "data-start", "data-end"},
    "ol": {"start"},
    "th": {"style"},
    "td": {"style"},
    "code": {"class"},
}

CiteHref = Callable[[Citation], str]


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


def best_citation(candidates: Sequence[Citation], context: str) -> Citation | None:
    """Of the citations sharing one marker ``[n]`` (several claims of one source), the one whose quote shares
    the most words with ``context`` (the text just before the marker); the first on a tie; None when empty."""
    if not candidates:
        return None
    ctx = _words(context)
    return max(candidates, key=lambda c: len(ctx & _words(c.quote)) / (1 + len(_words(c.quote)) ** 0.5))


def _context_before(src: str, pos: int) -> str:
    """The sentence a marker at ``pos`` closes: the text since the previous marker, bounded to 400 characters."""
    start = max(0, pos - 400)
    prev = src.rfind("]", start, pos)
    return src[prev + 1 if prev >= 0 else start:pos]


def _citation_plugin(md: MarkdownIt, by_n: dict[int, list[Citation]], href: CiteHref) -> None:
    def rule(state: StateInline, silent: bool) -> bool:
        if state.src[state.pos] != "[":
            return False
        m = _MARKER.match(state.src, state.pos, state.posMax)
        if m is None:
            return False
        n = int(m.group(1))
        if n not in by_n or (m.end() < state.posMax and state.src[m.end()] == "("):
            return False  # not a cited source, or a real link ``[1](url)``
        if not silent:
            cite = best_citation(by_n[n], _context_before(state.src, state.pos))
            assert cite is not None  # by_n holds non-empty lists
            tok = state.push("link_open", "a", 1)
            tok.attrs = {"href": href(cite), "class": "cite", "data-n": str(n), "data-source": cite.source_id,
                         "data-claim": cite.claim_id, "data-start": str(cite.start), "data-end": str(cite.end),
                         "title": " ".join(cite.quote.split())[:300]}
            text = state.push("text", "", 0)
            text.content = m.group(0)
            state.push("link_close", "a", -1)
        state.pos = m.end()
        return True

    md.inline.ruler.before("link", "citation", rule)


def default_href(cite: Citation) -> str:
    """A citation's link when the page gives none: the fragment ``#source-<n>``."""
    return f"#source-{cite.n}"


def sanitise(fragment: str) -> str:
    """``fragment`` cleaned by nh3 to :data:`ALLOWED_TAGS` / :data:`ALLOWED_ATTRIBUTES` (scripts, event handlers,
    styles other than ``text-align``, images and ``javascript:`` URLs removed; links get
    ``rel="noopener noreferrer"``)."""
    return nh3.clean(fragment, tags=set(ALLOWED_TAGS), attributes={k: set(v) for k, v in ALLOWED_ATTRIBUTES.items()},
                     url_schemes={"http", "https", "mailto"}, link_rel="noopener noreferrer",
                     filter_style_properties={"text-align"}, strip_comments=True)


def render_report(markdown: str, citations: Iterable[Citation], *, href: CiteHref = default_href) -> str:
    """The report ``markdown`` as sanitised HTML.

    Args:
        markdown: the report (any text; a malformed table is padded so no cell is lost, raw HTML stays text).
        citations: the report's citations; a ``[n]`` whose ``n`` numbers one of them becomes
            ``<a class="cite" href=... data-n data-source data-claim data-start data-end title=quote>``, the
            citation chosen among those of ``n`` by its quote's overlap with the sentence before the marker.
            ``[n]`` in code, and numbers no citation has, stay text.
        href: the link target of a citation (default ``#source-<n>``).
        Bare http(s) URLs (the source list's) become links.

    Returns: an HTML fragment safe to insert in a page. Never raises on any text.
    """
    by_n: dict[int, list[Citation]] = {}
    for c in citations:
        by_n.setdefault(c.n, []).append(c)
    md = parser(linkify=True)
    _citation_plugin(md, by_n, href)
    return sanitise(md.render(normalise_tables(strip_control(markdown))))


def render_source(text: str, spans: Iterable[tuple[int, int]], active: tuple[int, int] | None = None) -> str:
    """A source's ``text`` as HTML-escaped text with each evidence span in ``<mark class="span">`` and the
    ``active`` span (the one a clicked citation quotes) in ``<mark class="span active" id="active-span">``.

    Offsets are character offsets into ``text`` (``end`` exclusive), clamped to it; overlapping spans merge; an
    empty or inverted span is ignored. Newlines are kept (show it with ``white-space: pre-wrap``)."""
    size = len(text)

    def clamp(span: tuple[int, int]) -> tuple[int, int] | None:
        a, b = max(0, min(size, span[0])), max(0, min(size, span[1]))
        return (a, b) if b > a else None

    marked = [s for s in (clamp(s) for s in spans) if s]
    act = clamp(active) if active else None
    if act:
        marked.append(act)
    cuts = sorted({0, size, *(p for s in marked for p in s)})
    out: list[str] = []
    active_done = False
    for a, b in zip(cuts, cuts[1:]):
        piece = html.escape(text[a:b])
        in_active = act is not None and act[0] <= a and b <= act[1]
        if in_active:
            anchor = "" if active_done else ' id="active-span"'
            active_done = True
            out.append(f'<mark class="span active"{anchor}>{piece}</mark>')
        elif any(s[0] <= a and b <= s[1] for s in marked):
            out.append(f'<mark class="span">{piece}</mark>')
        else:
            out.append(piece)
    return "".join(out)
