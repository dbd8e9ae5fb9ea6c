"""Content sniffing, decoding and text extraction shared by http.py and files.py.

Internal module: the public surface is re-exported from ``services.scraper.fetch``.
"""

from __future__ import annotations

import codecs
import copy
import io
import logging
import re
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

import charset_normalizer
import lxml.html
from lxml import etree

from services.scraper.fetch.errors import FetchError
from shared.text.kinds import name_kind, recurring_event
from shared.text.tokens import tokenize

log = logging.getLogger(__name__)

Kind = Literal["html", "pdf", "text", "json", "binary"]

# --------------------------------------------------------------------------- sniffing

_BINARY_MAGIC: tuple[bytes, ...] = (
    b"\x89PNG\r\n\x1a\n",
    b"\xff\xd8\xff",  # JPEG
    b"GIF87a",
    b"GIF89a",
    b"PK\x03\x04",  # zip / docx / xlsx / epub
    b"PK\x05\x06",
    b"\x1f\x8b",  # gzip
    b"BZh",
    b"\xfd7zXZ\x00",
    b"7z\xbc\xaf\x27\x1c",
    b"Rar!\x1a\x07",
    b"\x28\xb5\x2f\xfd",  # zstd
    b"\x7fELF",
    b"MZ",  # PE executable
    b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",  # OLE2 (doc/xls)
    b"OggS",
    b"ID3",
    b"fLaC",
    b"\x00asm",
    b"wOFF",
    b"wOF2",
    b"BM",
    b"II*\x00",
    b"MM\x00*",
    b"\x00\x00\x01\x00",  # ico
    b"SQLite format 3\x00",
)

_HTML_START = re.compile(rb"^\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b", re.I | re.S)
_XHTML_HINT = re.compile(rb"<html\b", re.I)


def is_pdf(data: bytes) -> bool:
    """True if ``data`` carries the ``%PDF-`` header within its first 1024 bytes."""
    return b"%PDF-" in data[:1024]


def has_binary_magic(data: bytes) -> bool:
    """True if ``data`` starts with the signature of a known non-text format (image, archive, ...)."""
    head = data[:16]
    if head.startswith(_BINARY_MAGIC):
        return True
    if head[:4] == b"RIFF" and head[8:12] in (b"WEBP", b"WAVE", b"AVI "):
        return True
    return head[4:8] == b"ftyp"  # mp4 / mov / heic / avif


def looks_like_html(data: bytes) -> bool:
    """True if the document prologue is an HTML document start (doctype / <html> / <head> / <body>)."""
    prefix = data[:2048].lstrip(b"\xef\xbb\xbf")
    return bool(_HTML_START.match(prefix)) or (
        prefix.lstrip().startswith(b"<?xml") and bool(_XHTML_HINT.search(prefix))
    )


def control_ratio(sample: str | bytes) -> float:
    """Fraction of C0 control characters (other than tab/newline/CR/FF) in ``sample``."""
    if not sample:
        return 0.0
    if isinstance(sample, bytes):
        bad = sum(1 for b in sample if (b < 32 and b not in (9, 10, 12, 13)) or b == 127)
    else:
        bad = sum(1 for c in sample if (ord(c) < 32 and c not in "\t\n\f\r") or c == "\x7f")
    return bad / len(sample)


def looks_binary(data: bytes) -> bool:
    """Heuristic: NUL bytes, a known binary signature, or many control bytes."""
    head = data[:8192]
    if has_binary_magic(head):
        return True
    if b"\x00" in head and not head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return True
    return control_ratio(head) > 0.05


# --------------------------------------------------------------------------- decoding

_META_CHARSET = re.compile(
    rb"""<meta\s[^>]*?charset\s*=\s*["']?\s*([a-zA-Z0-9_:.\-]+)""",
    re.I,
)


def _codec(name: str | None) -> str | None:
    if not name:
        return None
    try:
        return codecs.lookup(name.strip().strip("\"'")).name
    except LookupError:
        return None


def html_meta_charset(data: bytes) -> str | None:
    """Charset declared by ``<meta charset>`` / ``<meta http-equiv=Content-Type>`` in the first 4 KiB."""
    m = _META_CHARSET.search(data[:4096])
    return _codec(m.group(1).decode("ascii", "ignore")) if m else None


def _bom_codec(data: bytes) -> str | None:
    for bom, name in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            return name
    return None


#: characters of the decoded text that the choice between candidate charsets is judged on
_SAMPLE_CHARS = 20_000
#: two candidates whose mess ratios (charset-normalizer) differ by less than this are judged by language
_MESS_TIE = 0.02
#: among equally messy candidates a later one replaces an earlier one only when its language score is better by
#: this share (mac-cyrillic and windows-1251 differ in a letter or two: the declared or first-detected one stays)
_LANGUAGE_MARGIN = 0.01
#: how many of charset-normalizer's guesses are tried beside the declared charsets and windows-1252
_DETECTED = 5


def _sample(text: str) -> str:
    """The lines of ``text`` holding non-ASCII characters (where candidate decodings differ), capped."""
    lines = [line for line in text.splitlines() if not line.isascii()]
    return "\n".join(lines)[:_SAMPLE_CHARS]


#: Unicode categories of characters that running text holds almost never: symbols (box drawing "╔", arrows,
#: maths), modifier marks standing alone, other numbers, private and unassigned code points
_RARE_CATEGORIES = frozenset({"So", "Sm", "Sk", "No", "Co", "Cn"})
#: symbols of those categories that text does write: degrees, copyright and trademark signs, ±, ×, ÷, the section
#: and paragraph signs, superscript digits and the common fractions
_TEXT_SIGNS = frozenset("°©®™±×÷§¶¹²³¼½¾")
#: a word holding a non-ASCII character: where the candidate decodings of a page differ
_NON_ASCII_WORD = re.compile(r"\S*[^\x00-\x7f]\S*")


def _rare_symbols(sample: str) -> int:
    """How many characters of ``sample`` running text holds almost never (:data:`_RARE_CATEGORIES`, not
    :data:`_TEXT_SIGNS`): a Latin-1 page read as cp775 writes "╔tienne" for "Étienne" and "½ du Moulin ╗" for
    "« du Moulin »"."""
    return sum(1 for ch in sample if not ch.isascii() and ch not in _TEXT_SIGNS
               and unicodedata.category(ch) in _RARE_CATEGORIES)


def _language_likeness(sample: str) -> float:
    """How much the words of ``sample`` holding non-ASCII characters read as one language: py3langid's score of
    them in the language they read best as, minus its mean score over all its languages (a likelihood ratio: a
    character py3langid does not know, a box-drawing one, scores nothing in any language and so no better than
    a letter, where its raw score took it as costing nothing). "Vérancy, Sèvre, Étienne" reads as French far more
    than their cp1250 reading "Vérancy, Sčvre"; 0.0 without such words or a model."""
    words = " ".join(_NON_ASCII_WORD.findall(sample))
    if not words:
        return 0.0
    try:
        from shared.text.langid import identifier

        ranked = identifier().rank(words)
    except Exception:  # pragma: no cover - py3langid missing or failing
        return 0.0
    if not ranked:
        return 0.0
    scores = [float(score) for _, score in ranked]
    return max(scores) - sum(scores) / len(scores)


def _plausibility(text: str) -> tuple[int, int, float]:
    """Sort key of a candidate decoding, smaller is better: charset-normalizer's mess ratio in steps of
    :data:`_MESS_TIE`; then how many rare symbols it holds (:func:`_rare_symbols`: box drawing is no text); then
    minus how much its words with non-ASCII characters read as one language (:func:`_language_likeness`: mojibake
    such as "crčme brűlée" reads as less French than "crème brûlée")."""
    from charset_normalizer.md import mess_ratio

    sample = _sample(text)
    mess = int(mess_ratio(sample, maximum_threshold=1.0) / _MESS_TIE) if sample else 0
    return mess, _rare_symbols(sample), -_language_likeness(sample)


def decode_text(data: bytes, header_charset: str | None = None, *, html: bool = False) -> str:
    """Decode a text body to ``str``, judging the declared charset against the content.

    Order: a byte-order mark wins; a declared UTF-16/32 is used when it decodes; an ASCII body is ASCII; a body
    that is valid UTF-8 is UTF-8 whatever the header or ``<meta>`` says (non-ASCII bytes are valid UTF-8 by
    accident almost never). Otherwise the candidates are the declared charsets that decode without error (the
    HTTP header's, then for HTML the ``<meta>`` one), charset-normalizer's best guesses and windows-1252, and the
    one whose text is least messy (charset-normalizer's mess ratio), then holds the fewest rare symbols, then
    whose accented words are clearly most like a language (py3langid; otherwise the earlier candidate) is taken
    (:func:`_plausibility`): a Latin-1 page without a charset reads "Étienne", not cp775's "╔tienne", and a
    windows-1252 page without a charset, or one whose header says windows-1250, reads "crème brûlée", not "crčme
    brűlée". Last resort: UTF-8 with replacement characters.
    """
    bom = _bom_codec(data)
    if bom:
        try:
            return data.decode(bom)
        except UnicodeDecodeError:
            pass
    declared = [c for c in dict.fromkeys((_codec(header_charset), html_meta_charset(data) if html else None)) if c]
    for enc in declared:
        if enc.startswith(("utf-16", "utf-32", "utf_16", "utf_32")):
            try:
                return data.decode(enc)
            except UnicodeDecodeError:
                continue
    if data.isascii():
        return data.decode("ascii")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    guesses = [m.encoding for m in list(charset_normalizer.from_bytes(data))[:_DETECTED]]
    decoded: dict[str, str] = {}
    for enc in dict.fromkeys([*declared, *guesses, "cp1252"]):
        codec = _codec(enc)
        if not codec or codec in decoded or codec.startswith("utf"):
            continue
        try:
            decoded[codec] = data.decode(codec)
        except (UnicodeDecodeError, LookupError):
            continue
    if not decoded:
        return data.decode("utf-8", errors="replace")
    if len(decoded) == 1:
        return next(iter(decoded.values()))
    judged = {enc: _plausibility(text) for enc, text in decoded.items()}
    least = min(key[:2] for key in judged.values())
    best: str | None = None
    for enc, key in judged.items():  # in candidate order: declared, detected, windows-1252
        if key[:2] != least:
            continue
        if best is None or key[2] < judged[best][2] - _LANGUAGE_MARGIN * abs(judged[best][2]):
            best = enc
    assert best is not None
    return decoded[best]


# --------------------------------------------------------------------------- meta refresh

_NOSCRIPT = re.compile(r"<noscript\b.*?</noscript\s*>", re.I | re.S)
_META_TAG = re.compile(r"<meta\b[^>]*>", re.I)
_ATTR = re.compile(r"""([a-zA-Z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")
_REFRESH = re.compile(r"""^\s*(\d+(?:\.\d*)?)?\s*[;,]?\s*(?:url\s*=\s*)?["']?\s*([^"'\s][^"']*?)?\s*["']?\s*$""", re.I)
#: a meta refresh is a redirect when it fires within this many seconds (a longer one reloads a live page)
META_REFRESH_MAX_DELAY_S = 10.0


def meta_refresh_target(data: bytes, base_url: str) -> str | None:
    """The absolute URL a page's ``<meta http-equiv="refresh" content="0; url=...">`` sends the reader to, or None.

    Only a refresh that names a URL other than the page itself and fires within
    :data:`META_REFRESH_MAX_DELAY_S` seconds counts (``content="300"`` reloads a live page, and an anti-bot
    page's long refresh is not a redirect); one inside ``<noscript>`` is ignored (a browser with scripts never
    follows it). Looks at the first 32 KiB. The caller must check the target against the address policy like
    any redirect.
    """
    from urllib.parse import urldefrag, urljoin

    head = _NOSCRIPT.sub("", data[:32768].decode("latin-1"))
    for tag in _META_TAG.findall(head):
        attrs: dict[str, str] = {a.group(1).lower(): next(g for g in a.groups()[1:] if g is not None)
                                 for a in _ATTR.finditer(tag)}
        if attrs.get("http-equiv", "").strip().lower() != "refresh":
            continue
        m = _REFRESH.match(attrs.get("content", ""))
        if not m or not m.group(2):
            continue
        delay = float(m.group(1) or 0)
        if delay > META_REFRESH_MAX_DELAY_S:
            continue
        target: str = urljoin(base_url, str(m.group(2)).strip())
        if urldefrag(target)[0] == urldefrag(base_url)[0]:
            continue
        return target
    return None


# --------------------------------------------------------------------------- normalising

_HSPACE = re.compile(r"[ \t\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]+")
_ZERO_WIDTH = re.compile(r"[\u200b\u200c\u200d\ufeff\u00ad]")
_MANY_NL = re.compile(r"\n{3,}")


def normalize_text(text: str) -> str:
    """Collapse runs of horizontal whitespace, strip lines, keep paragraph breaks as ``"\\n\\n"``.

    Single newlines are kept; three or more collapse to one blank line.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n").replace("\u2029", "\n\n")
    text = _ZERO_WIDTH.sub("", text)
    lines = [_HSPACE.sub(" ", line).strip() for line in text.split("\n")]
    return _MANY_NL.sub("\n\n", "\n".join(lines)).strip()


# --------------------------------------------------------------------------- HTML

# Block-level elements of trafilatura's XML output format.
_BLOCKS = {"p", "head", "item", "list", "quote", "code", "table", "row", "cell", "div", "graphic", "ref", "note"}


def _inline_text(el: etree._Element, *, flow: bool = False) -> str:
    """The text of ``el`` and its descendants, a ``<lb>`` a line break. ``flow``: ``el`` is running text, so a
    line break of the page's source inside it is a space (trafilatura leaves the source's line breaks around inline
    ``<code>`` as they were: "Use x: <code>pip install x</code>, then\\n<code>x.run()</code>" is one sentence)."""
    parts: list[str] = []

    def text(value: str) -> str:
        return re.sub(r"[ \t]*\n[ \t]*", " ", value) if flow else value

    def walk(node: etree._Element) -> None:
        if node.tag == "lb":
            parts.append("\n")
        elif node.text:
            parts.append(text(node.text))
        for child in node:
            walk(child)
            if child.tail:
                parts.append(text(child.tail))

    walk(el)
    return "".join(parts)


def _flows(el: etree._Element) -> bool:
    """Whether ``el`` (trafilatura XML) is running text holding inline code: prose (:data:`_PROSE`) with a
    ``<code>`` child that is no block of its own (:func:`_is_block`)."""
    return el.tag in _PROSE and any(c.tag == "code" and not _is_block(c, el) for c in el)


#: trafilatura's elements whose ``<code>`` children are inline code when one line ("run ``pip install x``; then")
_PROSE = {"p", "head", "item", "cell", "quote", "note"}


def _is_block(child: etree._Element, parent: etree._Element) -> bool:
    """Whether ``child`` of ``parent`` (trafilatura XML) is a block of its own: a block-level tag, except a one-line
    ``<code>`` inside prose, which is inline code and stays in its sentence (trafilatura writes inline and block
    code alike as ``<code>``)."""
    if not isinstance(child.tag, str) or child.tag not in _BLOCKS:
        return False
    if child.tag == "code" and parent.tag in _PROSE:
        return "\n" in _inline_text(child).strip() or any(c.tag == "lb" for c in child.iter())
    return True


def _cell_text(cell: etree._Element) -> str:
    return " ".join(_inline_text(cell).split())


def _pipe_table(table: etree._Element) -> str | None:
    """A trafilatura ``<table>`` with a header row as one Markdown pipe table block ("| Year | Harvest |" over a
    separator row "| --- | --- |" and a line per data row, an empty cell kept empty), which
    :func:`shared.text.tables.pipe_tables` reads row by row; None when the table has no header row (its first row
    not all ``role="head"`` cells: a key-value spec table, a layout table), a row of another width than the header,
    a cell holding block children (a nested table, paragraphs) or no data row: such a table keeps one ``a | b``
    line per row."""
    rows = [r for r in table if isinstance(r.tag, str)]
    if len(rows) < 2 or any(r.tag != "row" for r in rows):
        return None
    grid: list[list[etree._Element]] = [[c for c in r if isinstance(c.tag, str)] for r in rows]
    head = grid[0]
    if len(head) < 2 or any(c.tag != "cell" or c.get("role") != "head" for c in head):
        return None
    for cells in grid:
        if len(cells) != len(head) or any(c.tag != "cell" or any(_is_block(b, c) for b in c) for c in cells):
            return None
    lines = []
    for i, cells in enumerate(grid):
        lines.append("| " + " | ".join(_cell_text(c).replace("|", "/") for c in cells) + " |")
        if i == 0:
            lines.append("|" + " --- |" * len(head))
    return "\n".join(lines)


def _list_lines(lst: etree._Element) -> str | None:
    """A trafilatura ``<list>`` of plain items as one block of Markdown list lines ("- Closed on Mondays"), one per
    item, as a Markdown page writes a list (the claim extractor reads a list item under a heading with the heading:
    an opening-hours list, t50 fault 5); None when an item holds a block of its own (a nested list, paragraphs,
    code) or no text, or the list holds anything but items: such a list keeps a paragraph per block."""
    items = [c for c in lst if isinstance(c.tag, str)]
    if not items or any(c.tag != "item" or any(_is_block(b, c) for b in c) for c in items):
        return None
    lines = [" ".join(_inline_text(c).split()) for c in items]
    if not all(lines):
        return None
    return "\n".join(f"- {line}" for line in lines)


#: the most characters a cell of a table without a header row has for its rows to be lines of one block
#: (:func:`_row_lines`): a label or a value ("Height difference", "2 (named Aurelia and Bertram)"), no paragraph
_ROW_CELL_MAX = 160


def _row_lines(table: etree._Element) -> str | None:
    """A trafilatura ``<table>`` without a header row (a key-value table whose labels are ``<th>`` cells down its
    first column, as an encyclopedia's infobox or a technical-data table) as one block of ``a | b`` lines, one per
    row ("Length | 1,140 m" over "Height difference | 312 m"), so its rows stay one list as
    :func:`shared.text.tables.spec_rows` reads them (a paragraph per row was no list: issue 9, trial t52 F1); None
    when the table holds anything but rows, a cell holds a block of its own or more than :data:`_ROW_CELL_MAX`
    characters (a layout table of paragraphs), or there is no row with text: such a table keeps a paragraph per
    block."""
    rows = [r for r in table if isinstance(r.tag, str)]
    if not rows or any(r.tag != "row" for r in rows):
        return None
    lines = []
    for r in rows:
        cells = [c for c in r if isinstance(c.tag, str)]
        if any(c.tag != "cell" or any(_is_block(b, c) for b in c) for c in cells):
            return None
        texts = [_cell_text(c) for c in cells]
        if any(len(t) > _ROW_CELL_MAX for t in texts):
            return None
        if line := " | ".join(t for t in texts if t):
            lines.append(line)
    return "\n".join(lines) or None


def _blocks(el: etree._Element, out: list[str]) -> None:
    """Append paragraph strings for ``el`` (a trafilatura XML element) to ``out``: a table with a header row as
    one Markdown pipe table (:func:`_pipe_table`), another table of short cells as one block of ``a | b`` lines,
    a line per row (:func:`_row_lines`), any other table's rows a paragraph each."""
    if el.tag == "table" and ((table := _pipe_table(el)) is not None or (table := _row_lines(el)) is not None):
        out.append(table)
        return
    if el.tag == "row":
        cells = [" ".join(_inline_text(c).split()) for c in el if isinstance(c.tag, str)]
        line = " | ".join(c for c in cells if c)
        if line:
            out.append(line)
        return
    if el.tag == "code":
        out.append(_inline_text(el))
        return
    if el.tag == "list" and (items := _list_lines(el)) is not None:
        out.append(items)
        return
    has_block_child = any(_is_block(c, el) for c in el)
    if not has_block_child:
        txt = _inline_text(el, flow=_flows(el))
        if txt.strip():
            out.append(txt)
        return
    if el.text and el.text.strip():
        out.append(el.text)
    for child in el:
        if isinstance(child.tag, str):
            if _is_block(child, el):
                _blocks(child, out)
            else:
                txt = _inline_text(child)
                if txt.strip():
                    out.append(txt)
        if child.tail and child.tail.strip():
            out.append(child.tail)


def _body_to_text(body: etree._Element | None) -> str:
    if body is None:
        return ""
    out: list[str] = []
    _blocks(body, out)
    paras = [normalize_text(p) for p in out]
    return "\n\n".join(p for p in paras if p)


@dataclass(frozen=True)
class HtmlContent:
    """Result of HTML extraction: main text (paragraphs separated by blank lines) + metadata."""

    text: str
    title: str | None
    site: str | None
    author: str | None
    published: str | None
    modified: str | None = None


def html_title(html: str) -> str | None:
    """The document ``<title>`` (whitespace-normalised), if any."""
    try:
        root = lxml.html.document_fromstring(html)
    except (etree.ParserError, ValueError):
        return None
    title = root.findtext(".//title")
    if title and title.strip():
        return " ".join(title.split())
    return None


#: a separator between a page's name and its site's in a ``<title>`` ("Plan your visit | Castelbruna Museum")
_TITLE_SEPARATOR = re.compile(r"\s+(?:[-|–—·•»›]|::)\s+")
#: the most words of a page's own name ("Plan your visit", "Opening hours and prices"); a longer title is a headline
_PAGE_NAME_MAX_WORDS = 4


def _names_nothing(title: str) -> bool:
    """Whether ``title`` is a short page name in sentence case that names no thing: at most
    :data:`_PAGE_NAME_MAX_WORDS` words, none after the first capitalised or a number ("Plan your visit", "Tickets",
    "Opening hours"); "Castelbruna Silk-Weaving Museum", "FAQ" (an acronym is kept as a name, the claim extractor
    reads it as a kind of page) and a headline of five words or more are not."""
    words = re.findall(r"[^\W_][\w'’.-]*", title)
    if not words or len(words) > _PAGE_NAME_MAX_WORDS or "?" in title:
        return False
    first, rest = words[0], words[1:]
    return first[:1].isupper() and not first.isupper() and not any(w[:1].isupper() or w[:1].isdigit() for w in rest)


def page_title(extracted: str | None, full: str | None, site: str | None) -> str | None:
    """The title a page is known by: trafilatura's ``extracted`` title, unless that is only the page's own name
    (:func:`_names_nothing`: "Plan your visit", "Tickets") cut from a ``<title>`` that also names the site or the
    thing the page is about: then the ``full`` ``<title>`` ("Plan your visit | Castelbruna Silk-Weaving Museum",
    "Castelbruna Silk-Weaving Museum — Tickets"), or, with no such ``<title>``, the page's name and the ``site``
    name (``og:site_name``: "Plan your visit | Castelbruna Silk-Weaving Museum"). A reader (and the claim
    extractor, which takes a page's subject from the part of its title that names a thing) then knows whose visit
    page it is. None when there is no title at all. Never raises."""
    title = (extracted or "").strip() or None
    whole = " ".join((full or "").split()) or None
    if title is None:
        return whole
    if not _names_nothing(title):
        return title
    parts = [p.strip() for p in _TITLE_SEPARATOR.split(whole or "")]
    if whole and len(parts) > 1 and title.casefold() in (p.casefold() for p in parts) \
            and any(not _names_nothing(p) for p in parts if p.casefold() != title.casefold()):
        return whole
    name = " ".join((site or "").split())
    # a site name trafilatura made of the address ("example.org", "127.0.0.1:8080") names nobody
    if name and " " in name and not _names_nothing(name) and name.casefold() not in title.casefold():
        return f"{title} | {name}"
    return title


def visible_text(html: str) -> str:
    """All visible text of a page (no scripts/styles), whitespace-collapsed."""
    import trafilatura  # (loaded on the first HTML page: a run over text documents never needs it)

    try:
        return " ".join(trafilatura.html2txt(html).split())
    except Exception:  # pragma: no cover - defensive: trafilatura on garbage input
        return ""


_MATH_TAG = re.compile(r"<(?:[a-z][\w.-]*:)?math\b", re.I)
_MATH_SKIP = {"annotation", "annotation-xml", "none", "mprescripts"}


def _math_text(el: etree._Element) -> str:
    parts: list[str] = []

    def walk(node: etree._Element) -> None:
        tag = etree.QName(node).localname if isinstance(node.tag, str) else ""
        if tag in _MATH_SKIP:
            return
        if node.text and node.text.strip():
            parts.append(node.text.strip())
        for child in node:
            walk(child)

    walk(el)
    return " ".join(parts)


def inline_mathml(html: str) -> str | etree._Element:
    """Replace each MathML ``<math>`` element by its plain token text (``a x 2 + b x + c = 0``), so formulas
    are not dropped from the main text. Returns ``html`` unchanged (no parsing) when it has no MathML,
    else the parsed document (trafilatura accepts either)."""
    if not _MATH_TAG.search(html):
        return html
    try:
        root = lxml.html.document_fromstring(html)
    except (etree.ParserError, ValueError):
        return html
    return root if _inline_mathml(root) else html


def _inline_mathml(root: etree._Element) -> bool:
    """:func:`inline_mathml` on a parsed page ``root``, in place: whether it held a formula."""
    found = False
    # MathJax 3 output (a rendered page): keep the assistive MathML, drop the glyph boxes around it.
    for box in root.xpath("//*[local-name()='mjx-container']"):
        parent = box.getparent()
        inner = box.xpath(".//*[local-name()='math']")
        if parent is None or not inner:
            continue
        span = lxml.html.Element("span")
        span.text = " " + _math_text(inner[0]) + " "
        span.tail = box.tail
        parent.replace(box, span)
        found = True
    for el in root.xpath("//*[local-name()='math']"):
        parent = el.getparent()
        if parent is None:
            continue
        span = lxml.html.Element("span")
        span.text = " " + _math_text(el) + " "
        span.tail = el.tail
        parent.replace(el, span)
        found = True
    return found


#: the longest label (``<dt>``) and value (``<dd>``) of a definition list read as a key-value spec list
_SPEC_LABEL_MAX = 60
_SPEC_VALUE_MAX = 160


def spec_lists_as_tables(html: str | etree._Element) -> str | etree._Element:
    """``html`` with each definition list that is a key-value list (``<dl><dt>Weight</dt><dd>350 g</dd>...``:
    only ``<dt>``/``<dd>`` children, each label followed by one value, no block inside, labels at most
    :data:`_SPEC_LABEL_MAX` and values at most :data:`_SPEC_VALUE_MAX` characters) turned into a two-column table,
    whose rows the extraction keeps as "Weight | 350 g" lines (:func:`_blocks`); trafilatura drops a ``<dl>``
    whole, so the visible spec values were in no stored text. A glossary (long definitions) or a list of another
    shape is left as it is. Returns ``html`` unchanged (no parsing) when it has no ``<dl>``, else the parsed
    document (trafilatura accepts either)."""
    if isinstance(html, str):
        if "<dl" not in html.lower():
            return html
        try:
            root = lxml.html.document_fromstring(html)
        except (etree.ParserError, ValueError):
            return html
    else:
        root = html
    found = _spec_lists_as_tables(root)
    return root if found or not isinstance(html, str) else html


def _spec_lists_as_tables(root: etree._Element) -> bool:
    """:func:`spec_lists_as_tables` on a parsed page ``root``, in place: whether it turned a list into a table."""
    found = False
    for dl in list(root.iter("dl")):
        items = [c for c in dl if isinstance(c.tag, str)]
        tags = [str(c.tag).lower() for c in items]
        if not items or len(items) % 2 or tags != ["dt", "dd"] * (len(items) // 2):
            continue
        texts = [" ".join(c.text_content().split()) for c in items]
        if not all(texts) or any(c.xpath(".//p|.//div|.//ul|.//ol|.//dl|.//table") for c in items) \
                or any(len(t) > (_SPEC_LABEL_MAX if i % 2 == 0 else _SPEC_VALUE_MAX) for i, t in enumerate(texts)):
            continue
        table = lxml.html.Element("table")
        for label, value in zip(texts[::2], texts[1::2], strict=True):
            row = etree.SubElement(table, "tr")
            etree.SubElement(row, "td").text = label
            etree.SubElement(row, "td").text = value
        table.tail = dl.tail
        parent = dl.getparent()
        if parent is not None:
            parent.replace(dl, table)
            found = True
    return found


#: elements whose start or end is a line break on the rendered page (HTML's block-level and table elements)
_BREAKING = frozenset(
    "address article aside blockquote body br caption center dd details dialog dir div dl dt fieldset figcaption "
    "figure footer form frameset h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu nav ol p pre section "
    "summary table tbody td tfoot th thead title tr ul".split()
)
_UNRENDERED = frozenset("script style noscript template head svg iframe object embed select textarea".split())
#: characters either side of a line break that identify it in the extracted text
_JOIN_CONTEXT = 40
#: a join is repaired only when this many characters identify it (shorter ones could match elsewhere by chance)
_JOIN_MIN_KEY = 12
#: at most this many line breaks of a page are looked for (a huge page keeps trafilatura's text as it is)
_JOIN_MAX_BREAKS = 20_000


def _rendered_lines(root: etree._Element) -> list[str]:
    """The page's text as a browser lays it out in lines: the whitespace-collapsed text between consecutive
    starts or ends of block-level elements (:data:`_BREAKING`) and ``<br>``, scripts and styles left out."""
    lines: list[str] = []
    current: list[str] = []

    def cut() -> None:
        line = " ".join("".join(current).split())
        if line:
            lines.append(line)
        current.clear()

    def walk(node: etree._Element) -> None:
        tag = node.tag.lower() if isinstance(node.tag, str) else ""
        if tag in _UNRENDERED:
            return
        breaking = tag in _BREAKING
        if breaking:
            cut()
        if isinstance(node.tag, str) and node.text:
            current.append(node.text)
        for child in node:
            walk(child)
            if child.tail:
                current.append(child.tail)
        if breaking:
            cut()

    walk(root)
    cut()
    return lines


def separate_blocks(text: str, html: str | etree._Element | None) -> str:
    """``text`` (extracted from ``html``) with a line break wherever two of the page's rendered lines were run
    together: "Drennic HarbourThe harbour was founded ..." from ``<h1>Drennic Harbour</h1>`` and a paragraph in a
    layout table cell or a block quote (trafilatura joins the text of a ``<blockquote>``'s or a cell's block
    children without a separator) becomes "Drennic Harbour\nThe harbour was founded ...". A join is recognised by
    up to :data:`_JOIN_CONTEXT` characters of each line either side of nothing or one space; a line pair whose
    text cannot be told apart this way (under :data:`_JOIN_MIN_KEY` characters) is left alone, and so is a key
    found where the page itself writes it inside one of its lines (:func:`_own_runs`: a table's "Keeper" over
    "Odile Fenwarren" never cuts "... by Keeper Odile Fenwarren." of a paragraph) and the
    text of a page whose markup cannot be parsed (``html`` None: it did not). Inline elements (``<span>``,
    ``<strong>``) are not lines: text the page itself runs together stays as it is."""
    if not text or html is None:
        return text
    if isinstance(html, str):
        try:
            root = lxml.html.document_fromstring(html)
        except (etree.ParserError, ValueError):
            return text
    else:
        root = html
    lines = _rendered_lines(root)
    rendered = "\n".join(lines)
    cuts: set[int] = set()
    for before, after in list(zip(lines, lines[1:]))[:_JOIN_MAX_BREAKS]:
        left, right = before[-_JOIN_CONTEXT:], after[:_JOIN_CONTEXT]
        if len(left) + len(right) < _JOIN_MIN_KEY:
            continue
        for glue in ("", " "):
            key = left + glue + right
            own = _own_runs(rendered, key)
            at = text.find(key)
            while at >= 0:
                if not any(_runs_at(text, at, run, offset) for run, offset in own):
                    cuts.add(at + len(left))  # the join: the glue (nothing or one space) after ``left``
                at = text.find(key, at + 1)
    if not cuts:
        return text
    out: list[str] = []
    last = 0
    for at in sorted(cuts):
        if at < last:
            continue
        out.append(text[last:at])
        out.append("\n")
        last = at + 1 if text[at:at + 1] == " " else at
    out.append(text[last:])
    return "".join(out)


def _own_runs(rendered: str, key: str) -> list[tuple[str, int]]:
    """Where the page itself writes ``key`` inside one of its rendered lines (``rendered``: the lines joined by
    line breaks): each as up to :data:`_JOIN_CONTEXT` characters of that line either side of ``key`` and the
    offset of ``key`` in them. "Keeper" over "Odile Fenwarren" in a table's cells give a key that a sentence
    of a paragraph ("... by Keeper Odile Fenwarren.") also holds: there it is the page's own running text."""
    runs = []
    at = rendered.find(key)
    while at >= 0:
        start = max(rendered.rfind("\n", 0, at) + 1, at - _JOIN_CONTEXT)
        end = rendered.find("\n", at + len(key))
        end = min(len(rendered) if end < 0 else end, at + len(key) + _JOIN_CONTEXT)
        runs.append((rendered[start:end], at - start))
        at = rendered.find(key, at + 1)
    return runs


def _runs_at(text: str, at: int, run: str, offset: int) -> bool:
    """Whether ``text`` holds ``run`` (a stretch of one rendered line, :func:`_own_runs`) with its key at ``at``
    (whitespace of ``text`` read as spaces): the key found there is inside the page's own line, no join."""
    start = at - offset
    return start >= 0 and re.sub(r"\s", " ", text[start:start + len(run)]) == run


def _rows_joined(text: str, html: str | etree._Element | None) -> str:
    """``text`` (extracted from ``html``, the page or its parsed document) with each two-cell table row whose cells
    it gives on lines of their own (trafilatura's whole-page fallback: "Weight\n1.1 lb") as one line "Weight |
    1.1 lb", as its own table rows read (:func:`_blocks`): a key-value spec table keeps each label beside its value.
    ``text`` itself when ``html`` does not parse (None: it did not) or has no such row."""
    if isinstance(html, str):
        if "<tr" not in html.lower():
            return text
        try:
            root = lxml.html.document_fromstring(html)
        except (etree.ParserError, ValueError):
            return text
    elif html is None:
        return text
    else:
        root = html
    for tr in root.iter("tr"):
        cells = [" ".join(c.text_content().split()) for c in tr if isinstance(c.tag, str) and c.tag in ("td", "th")]
        if len(cells) == 2 and all(cells) and "|" not in "".join(cells):
            joined = f"{cells[0]} | {cells[1]}"
            text = re.sub(rf"(?m)^{re.escape(cells[0])}\n{re.escape(cells[1])}$", joined.replace("\\", "\\\\"), text)
    return text


#: page regions whose lists are furniture (menus, link lists, footers), never restored to the main text
_FURNITURE_TAGS = frozenset({"nav", "header", "footer", "aside", "menu", "form", "button", "select", "template"})
_HEADING_TAGS = ("h2", "h3", "h4", "h5", "h6")
#: most of a list's text that may be link text for it to be restored (a list of links is a menu)
_RESTORE_LINK_SHARE = 0.3


def _flat(el: etree._Element) -> str:
    """``el``'s text, whitespace collapsed."""
    return " ".join(" ".join(el.itertext()).split())


def _key(text: str) -> str:
    """``text`` without whitespace: the page's markup and trafilatura's output space a block's text differently
    (cells, inline elements), so blocks are matched by this."""
    return "".join(text.split())


def _is_furniture(el: etree._Element) -> bool:
    for a in el.iterancestors():
        tag = a.tag.lower() if isinstance(a.tag, str) else ""
        if tag in _FURNITURE_TAGS or (a.get("role") or "").lower() in ("navigation", "menu", "banner", "contentinfo"):
            return True
    return False


def _restore_dropped_lists(body: etree._Element, page: etree._Element) -> None:
    """Put back into ``body`` (trafilatura's XML of the main text, changed in place) each plain list of ``page``
    that trafilatura left out although it stands among paragraphs it kept, with the heading right above it
    (``<h2>Opening hours</h2><ul><li>Closed on Mondays</li></ul>`` between two kept paragraphs: trafilatura's
    recovery of a page without a main container keeps paragraphs and tables only; found by a new-user trial, t50
    fault 5). A list is restored when it is a ``<ul>``/``<ol>`` outside page furniture (:data:`_FURNITURE_TAGS`,
    navigation roles), of items with text, at most :data:`_RESTORE_LINK_SHARE` of it link text, none of its items'
    text already in the extracted text, and the nearest element beside it (other than headings) is a paragraph or
    table whose text ``body`` holds: it goes after that element (or before it, when it is the one after the list),
    as a ``<head>`` and a ``<list>`` of items, in the page's order."""
    kept: dict[str, etree._Element] = {}  # a kept block's text (:func:`_key`) to the block
    for child in body:
        if isinstance(child.tag, str) and child.tag in ("p", "table", "list", "quote"):
            kept.setdefault(_key(_flat(child)), child)
    if not kept:
        return
    extracted = _key(" ".join(body.itertext()))
    last_after: dict[int, etree._Element] = {}
    for lst in page.iter("ul", "ol"):
        if _is_furniture(lst) or any(isinstance(a.tag, str) and a.tag in ("ul", "ol", "table")
                                     for a in lst.iterancestors()):
            continue
        items = [_flat(li) for li in lst if isinstance(li.tag, str) and li.tag == "li"]
        if not items or not all(items) or any(_key(item) in extracted for item in items):
            continue
        links = sum(len(_flat(a)) for a in lst.iter("a"))
        if links > _RESTORE_LINK_SHARE * sum(len(i) for i in items):
            continue
        heading = None
        before = lst.getprevious()
        while before is not None and not isinstance(before.tag, str):
            before = before.getprevious()
        if before is not None and before.tag in _HEADING_TAGS:
            heading = _flat(before) or None
            before = before.getprevious()
            while before is not None and not isinstance(before.tag, str):
                before = before.getprevious()
        after = lst.getnext()
        while after is not None and (not isinstance(after.tag, str) or after.tag in _HEADING_TAGS):
            after = after.getnext()
        anchor = kept.get(_key(_flat(before))) if before is not None and before.tag in ("p", "table") else None
        following = kept.get(_key(_flat(after))) if after is not None and after.tag in ("p", "table") else None
        if anchor is None and following is None:
            continue
        new: list[etree._Element] = []
        if heading and _key(heading) not in extracted:
            head = etree.Element("head", rend=before.getnext().tag if before is not None else "h2")
            head.text = heading
            new.append(head)
        out = etree.Element("list", rend=lst.tag)
        for item in items:
            etree.SubElement(out, "item").text = item
        new.append(out)
        if anchor is not None:
            at = last_after.get(id(anchor), anchor)
            for el in new:
                at.addnext(el)
                at = el
            last_after[id(anchor)] = at
        else:
            assert following is not None
            for el in new:
                following.addprevious(el)
        extracted += _key(" ".join([heading or "", *items]))
        kept.setdefault(_key(_flat(out)), out)
    _restore_dropped_headings(body, page, kept, extracted)


def _restore_dropped_headings(body: etree._Element, page: etree._Element, kept: dict[str, etree._Element],
                              extracted: str) -> None:
    """Put back into ``body`` each heading (``<h1>``..``<h6>``, outside page furniture) of ``page`` that trafilatura
    left out right above a block it kept (``kept``: a block's whitespace-collapsed text to its element in ``body``):
    "Admission" above a price table, the page's ``<h1>`` naming what the page is about above its first paragraph.
    A heading whose text ``extracted`` (the text so far) already holds stays out."""
    for h in page.iter("h1", *_HEADING_TAGS):
        heading = _flat(h)
        if not heading or _key(heading) in extracted or _is_furniture(h):
            continue
        after = h.getnext()
        while after is not None and not isinstance(after.tag, str):
            after = after.getnext()
        if after is None or after.tag not in ("p", "table", "ul", "ol"):
            continue
        block = kept.get(_key(_flat(after)))
        if block is None or block.getparent() is None:
            continue
        head = etree.Element("head", rend=h.tag)
        head.text = heading
        block.addprevious(head)
        extracted += _key(heading)


def _parsed(html: str) -> tuple[etree._Element | None, etree._Element | None]:
    """(trafilatura's tree of ``html``, the document root the page is read from), from one parse of ``html`` the
    way trafilatura parses a page (:func:`trafilatura.utils.load_html`: comments and processing instructions left
    out, a faulty doctype or a self-closing ``<html/>`` repaired). Trafilatura's tree is None for markup it takes for
    no page (a bare fragment: it extracts nothing from it), and the page is then read from
    :func:`lxml.html.document_fromstring`'s parse, None when that fails too."""
    from trafilatura.utils import load_html

    tree = None
    try:
        tree = load_html(html) if html.strip() else None
    except Exception as exc:  # noqa: BLE001 - as trafilatura's own parse inside its extraction, on pathological markup
        log.debug("trafilatura could not parse a page: %s", exc)
    if tree is not None:
        return tree, tree.getroottree().getroot()
    try:
        return None, lxml.html.document_fromstring(html)
    except (etree.ParserError, ValueError):
        return None, None


def extract_html(html: str, url: str | None = None) -> HtmlContent:
    """Extract the main text and metadata of an HTML page with trafilatura.

    MathML formulas are kept as plain token text (:func:`inline_mathml`) and key-value definition lists as table
    rows (:func:`spec_lists_as_tables`). Falls back to the whole visible text when trafilatura finds no main
    content, and to ``<title>`` when it finds no title or only the page's own name (:func:`page_title`: "Plan your
    visit" of "Plan your visit | Castelbruna Silk-Weaving Museum"). ``text`` may be empty. The page is parsed once
    (:func:`_parsed`): trafilatura extracts from the tree (its own copy), and the tree as parsed gives the line
    breaks (:func:`separate_blocks`) and table rows (:func:`_rows_joined`) of the text.
    """
    import trafilatura  # (loaded on the first HTML page: a run over text documents never needs it)
    from trafilatura.settings import set_date_params

    tree, page = _parsed(html)
    source = tree  # what trafilatura reads: None when it would find no page
    lowered = html.lower()
    has_math, has_dl = bool(_MATH_TAG.search(html)), "<dl" in lowered
    if page is not None and (has_math or has_dl):
        # Rewritten on a copy of the whole document (the line breaks and table rows are read from the page as
        # written), with its <body> as such where trafilatura's parse of a fragment renamed it.
        work = copy.deepcopy(page)
        if tree is not None and tree.getparent() is page and tree.tag != "body":
            work[page.index(tree)].tag = "body"
        changed = has_math and _inline_mathml(work)
        changed = (has_dl and _spec_lists_as_tables(work)) or changed
        if changed:
            source = work
    doc = None
    try:
        if source is not None:
            doc = trafilatura.bare_extraction(
                source,
                url=url,
                with_metadata=True,
                include_comments=False,
                include_tables=True,
                include_formatting=False,
                include_links=False,
                include_images=False,
                # Dates from markup, JSON-LD, <time> and the URL only: trafilatura's default extensive search takes
                # a bare year from the body ("since 2019") as the publication date (found by a new-user trial).
                date_extraction_params=set_date_params(False),
            )
    except Exception as exc:  # trafilatura can raise on pathological markup
        log.debug("trafilatura failed on %s: %s", url, exc)
    text = ""
    title = site = author = None
    if doc is not None and not isinstance(doc, dict):  # a Document (as_dict is off)
        body = getattr(doc, "body", None)
        if body is not None and page is not None and ("<ul" in lowered or "<ol" in lowered):
            _restore_dropped_lists(body, page)
        text = _body_to_text(body) or normalize_text(doc.text or "")
        title = doc.title or None
        site = doc.sitename or None
        author = doc.author or None
        # (trafilatura's date is htmldate's over the whole page, running text included: page_dates reads the
        # page's dated markup only)
    if not text:
        text = normalize_text(trafilatura.html2txt(html) if html.strip() else "")
    text = _rows_joined(separate_blocks(text, page), page if "<tr" in lowered else None)
    # trafilatura keeps the page's part of "<page> | <site>": a visit page's "Plan your visit" names nothing
    title = page_title(title, html_title(html), site)
    published, modified = page_dates(page, url)  # the page as parsed above, not parsed again
    published = published or byline_date(text)
    modified = with_stated_update(published, modified, text)  # "Stand: März 2024" when no markup dates it
    return HtmlContent(text=text, title=title, site=site, author=author, published=published, modified=modified)


_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_MONTH_RE = r"(?P<month>[A-Za-z]{3,9})\.?"
#: a visible byline line: "Published 14 November 2023", "Posted on November 14, 2023", "First published: 2023-11-14",
#: "Date: 2 February 2021" (the bare word "date" only as a label, with its colon), with its author's name between
#: the word and the date too: "Posted by harbourhopper, 3 August 2024", "Published by Ada Lenz on 3 Aug 2024"
_BYLINE_RE = re.compile(
    r"^\W{0,3}(?:(?:first\s+)?(?:published|posted|dated|written)"
    r"(?:\s+by\s+[^\W\d][^,\n]{0,40}?(?:\s*[,|·•–—-]\s*|\s+on\s+))?(?:\s+on)?\s*:?|date\s*:)\s*(?:"
    rf"(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH_RE}\s+(?P<y1>\d{{4}})"
    rf"|{_MONTH_RE.replace('month', 'month2')}\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y2>\d{{4}})"
    r"|(?P<iso>\d{4}-\d{2}-\d{2}))(?:\W|$)",
    re.IGNORECASE | re.MULTILINE,
)
#: how far into a page's text a byline is looked for (a byline stands at the top of an article)
BYLINE_WINDOW = 600
#: a news item's dateline, a line of its own: the paper's (or place's) name, capitalised words, then a comma and the
#: day it appeared ("Brindlecombe Herald, 3 February 2025", "*Oskarsby Post, 9 March 2024*", "The Calverton Echo,
#: March 9, 2024"), or its month alone ("Amtsblatt Hollerbach, November 2025": its first day); nothing else on the line
_NAME_WORD = r"[A-Z][\w'’&.-]*"
_DATELINE_RE = re.compile(
    rf"^\W{{0,3}}(?P<name>{_NAME_WORD}(?:\s+(?:{_NAME_WORD}|of|the|and|on|upon|am|an|der|de|du|la|le))*)\s*,\s+(?:"
    rf"(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH_RE}\s+(?P<y1>\d{{4}})"
    rf"|{_MONTH_RE.replace('month', 'month2')}\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y2>\d{{4}})"
    rf"|{_MONTH_RE.replace('month', 'month3')}\s+(?P<y3>\d{{4}}))\W{{0,3}}$")
#: how many of a page's first lines that hold text may be its dateline (a heading and a standfirst may come before it)
DATELINE_LINES = 4


def opens_byline(line: str) -> bool:
    """Whether ``line`` opens with a byline date (as :func:`byline_date` reads one): a line of its own, never the
    wrapped tail of the line above it."""
    return _BYLINE_RE.match(line) is not None


def is_dateline(line: str) -> bool:
    """Whether ``line`` is a news item's dateline as :func:`byline_date` reads one (:func:`_dateline_match`:
    "Brindlecombe Herald, 3 February 2025"): the paper and the day, nothing else; an event's heading with its date
    ("Pelmarsh Summer Fair, 14 June 2025") is none. Never raises."""
    return _dateline_match(line.strip()) is not None


def _dateline_match(line: str) -> re.Match[str] | None:
    """``line`` (stripped) matched by :data:`_DATELINE_RE` (groups ``name``: the words before the comma; ``d1``/``d2``
    the day, ``month``/``month2``/``month3`` the month, ``y1``/``y2``/``y3`` the year), unless the name is an event's
    (:func:`shared.text.kinds.recurring_event`: "Summer Fair", "Annual General Meeting", "Folk Festival"; or an
    event's head, :func:`shared.text.kinds.name_kind`: "Harvest Election"): a dateline names a publisher or a place,
    and an event's heading dates the event, not the page. None otherwise. Never raises."""
    m = _DATELINE_RE.match(line)
    if m is None:
        return None
    name = m.group("name")
    if recurring_event(tokenize(name)) or name_kind(name) == "event":
        return None
    return m


def _dateline(top: str) -> re.Match[str] | None:
    """The dateline (:func:`_dateline_match`) among the first :data:`DATELINE_LINES` lines of ``top`` (a page's
    opening text) that hold text, or None. Its groups are :data:`_DATELINE_RE`'s, one date form set and the others
    None: ``name`` the words before the comma, then ``d1``, ``month``, ``y1`` ("3 February 2025"), or ``month2``,
    ``d2``, ``y2`` ("February 3, 2025"), or ``month3``, ``y3`` ("November 2025", no day); days and years as digits,
    months as written. Never raises."""
    lines = [line.strip() for line in top.splitlines() if line.strip()][:DATELINE_LINES]
    return next((m for line in lines if (m := _dateline_match(line)) is not None), None)


def byline_date(text: str, today: date | None = None) -> str | None:
    """The ISO date (``YYYY-MM-DD``) of a visible byline line opening one of the first :data:`BYLINE_WINDOW`
    characters' lines of a page's text ("Published 14 November 2023", "Posted on November 14, 2023", "Published:
    2023-11-14", "Date: 2 February 2021", "Posted by harbourhopper, 3 August 2024"), else of a news item's dateline
    among its first lines (:func:`_dateline`: "Brindlecombe Herald, 3 February 2025", "Amtsblatt Hollerbach, November
    2025" its first day), or None: a local page's date that no markup gives. A date that is no calendar date is
    none, and so is one later than ``today`` (the day the page is read; the system's date when None): a page is
    never published after it is fetched."""
    m = _BYLINE_RE.search(text[:BYLINE_WINDOW]) or _dateline(text[:BYLINE_WINDOW])
    if m is None:
        return None
    if m.groupdict().get("iso"):
        y, mo, d = (int(x) for x in m.group("iso").split("-"))
    else:
        month = (m.group("month") or m.group("month2") or m.groupdict().get("month3") or "").casefold()
        if month not in _MONTHS:
            return None
        y = int(m.group("y1") or m.group("y2") or m.groupdict().get("y3") or 0)
        mo, d = _MONTHS[month], int(m.group("d1") or m.group("d2") or 1)  # a month alone: its first day
    try:
        day = date(y, mo, d)
    except ValueError:
        return None
    return day.isoformat() if day <= (today or date.today()) else None


#: a visible line stating how current a page is: "Last updated: 12 May 2023", "Page last revised: 10 May 2022",
#: "As of March 2024", "Updated on
#: ...", "Stand: März 2024", "Zuletzt aktualisiert am ...", "Mis à jour le ...", "Dernière mise à jour : ...",
#: "Última actualización: ...", "Aggiornato al ...", then the date (a year of four digits ends it; a day and a month
#: in any language's words or digits may come before it), read by dateparser; a record's field saying when its data
#: was taken ("Retrieved: 2022-06-30", "Accessed: 3 May 2021", a JSON record's "retrieved" read as a label row) with
#: its colon only (a reference list's "Retrieved 12 May 2020." dates a cited page, not this one)
_STATED_UPDATE_RE = re.compile(
    r"^\W{0,3}(?:(?:page\s+)?(?:last\s+)?(?:updated|modified|revised|reviewed)(?:\s+(?:on|in))?|as\s+(?:of|at)"
    r"|valid\s+as\s+of"
    r"|(?:(?:data|date)\s+)?(?:retrieved|accessed)(?=\s*:)"
    r"|(?:zuletzt\s+)?(?:aktualisiert|geändert)(?:\s+(?:am|im))?|(?:letzte\s+)?aktualisierung|stand"
    r"|(?:dernière\s+)?mise\s+à\s+jour(?:\s+(?:le|du|en))?|mis\s+à\s+jour(?:\s+(?:le|en))?"
    r"|(?:última\s+)?actualización|actualizado(?:\s+(?:el|en))?|(?:ultimo\s+)?aggiornamento|aggiornato(?:\s+al?)?"
    r"|bijgewerkt(?:\s+op)?)"
    r"\s*:?\s*(?P<date>\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{4}|(?:[^\W_]{1,12}\.?,?\s+){0,3}\d{4})(?![\w-])",
    re.IGNORECASE | re.MULTILINE,
)


def stated_update(text: str) -> str | None:
    """The ISO date (``YYYY-MM-DD``) a page's text says it is current as of, or None: a line among the first or the
    last :data:`BYLINE_WINDOW` characters of ``text`` opening with an update label (:data:`_STATED_UPDATE_RE`:
    "Last updated: 12 May 2023", "As of March 2024", "Stand: März 2024", "Mis à jour le 3 janvier 2022"), its date
    read by dateparser (day first; a month without a day is its first day: "März 2024" -> "2024-03-01"). A date
    dateparser cannot read, a bare year, or one later than today, is none. For a page whose markup gives no last-modified date,
    so a question asking for the latest state can prefer it (issue 9, f46b)."""
    import dateparser

    ends = [text[:BYLINE_WINDOW], text[-BYLINE_WINDOW:] if len(text) > BYLINE_WINDOW else ""]
    for part in ends:
        for m in _STATED_UPDATE_RE.finditer(part):
            try:
                when: datetime | None = dateparser.parse(m.group("date"), settings={
                    "PREFER_DAY_OF_MONTH": "first", "DATE_ORDER": "DMY", "REQUIRE_PARTS": ["month", "year"],
                    "RETURN_AS_TIMEZONE_AWARE": False})
            except Exception as exc:  # noqa: BLE001 - dateparser on an odd string
                log.debug("no date read from %r: %s", m.group("date"), exc)
                continue
            if when is not None and when.date() <= date.today():
                return when.date().isoformat()
    return None


def opens_stated_update(line: str) -> bool:
    """Whether ``line`` opens with an update label and its date, as :func:`stated_update` reads one ("Last updated:
    20 February 2024", "Stand: März 2024"), written as a line of its own (not in lower case, which is the wrapped
    tail of a sentence: "... the figures\nas of 2024 ...")."""
    stripped = line.lstrip()
    return bool(stripped) and not stripped[0].islower() and _STATED_UPDATE_RE.match(stripped) is not None


def with_stated_update(published: str | None, modified: str | None, text: str) -> str | None:
    """The last-modified date of a page: ``modified`` (its markup's) when given, else the date its text says it
    is current as of (:func:`stated_update`) when that is later than ``published`` (or there is no publication
    date); None otherwise."""
    if modified:
        return modified
    stated = stated_update(text)
    return stated if stated and (not published or stated > published) else None

#: words of a class, id or rel naming an element that states a page's date or byline ("entry-date", "post-meta",
#: "byline", "footer-info-lastmod"); an itemprop opening with "date" ("datePublished") does too
_DATED_WORDS = frozenset({"date", "datetime", "time", "timestamp", "byline", "dateline", "posted", "published",
                          "pubdate", "publishdate", "postdate", "updated", "modified", "lastmod", "meta", "postmeta",
                          "entrymeta", "publication"})
#: elements a date is stated in as such, wherever they stand: a page's own header or footer, an address, a byline
_DATED_CONTAINERS = frozenset({"header", "footer", "address"})


def _names_date(el: etree._Element) -> bool:
    """Whether ``el``'s class, id or rel holds a word of :data:`_DATED_WORDS` or its itemprop opens with "date"."""
    words = " ".join(str(el.get(a) or "") for a in ("class", "id", "rel")).lower()
    return (bool(_DATED_WORDS.intersection(re.split(r"[\s_\-:]+", words)))
            or str(el.get("itemprop") or "").lower().startswith("date"))


def _in_dated_container(el: etree._Element) -> bool:
    return any(a.tag in _DATED_CONTAINERS or _names_date(a) for a in el.iterancestors() if isinstance(a.tag, str))


def _dates_alone(time: etree._Element) -> bool:
    """Whether the ``<time>`` element ``time`` is a line of its own: its parent holds no other text (a dateline,
    ``<p><time datetime="2021-09-02">2 September 2021</time></p>``), or it is marked as the publication date
    (``pubdate``), or it stands in a header, footer, address or byline (:func:`_in_dated_container`)."""
    parent = time.getparent()
    alone = parent is not None and " ".join(parent.text_content().split()) == " ".join(time.text_content().split())
    return alone or time.get("pubdate") is not None or _in_dated_container(time)


def dated_markup(html: str | etree._Element | None) -> str:
    """The parts of a page that state its date as such, as an HTML document for htmldate: the ``<head>`` without its
    ``<title>`` (meta tags, canonical link, JSON-LD) and, from the body, JSON-LD scripts, ``<time>`` elements that
    are a line of their own or stand in a header, footer or byline (:func:`_dates_alone`) and the
    elements whose class, id or rel names a date or byline (``class="dateline"``, ``"entry-date"``, ``"post-meta"``).
    Running text, headings and the title are left out: htmldate's fallbacks take a date anywhere in them for the
    page's date ("She died in Castelbruna on 9/11/2004" dated a biography 2004-11-09; issue 9, trial t51 F9).
    ``html`` is the page's markup or its parsed document (read, not changed); an empty document when it does not
    parse (None: it did not)."""
    if isinstance(html, str):
        try:
            root = lxml.html.document_fromstring(html)
        except (etree.ParserError, ValueError):
            return "<html></html>"
    elif html is None:
        return "<html></html>"
    else:
        root = html
    out = etree.Element("html")
    head = root.find("head")
    if head is not None:
        kept_head = copy.deepcopy(head)
        for title in kept_head.findall("title"):
            kept_head.remove(title)
        out.append(kept_head)
    body = etree.SubElement(out, "body")
    body_root = root.find("body")
    if body_root is None:
        return str(etree.tostring(out, encoding="unicode"))
    kept: list[etree._Element] = []
    for el in body_root.iterdescendants():
        if not isinstance(el.tag, str) or any(k in el.iterancestors() for k in kept):
            continue
        if el.tag == "script" and "ld+json" in str(el.get("type") or "").lower():
            kept.append(el)
        elif _names_date(el) or (el.tag == "time" and _dates_alone(el)):
            kept.append(el)
    for el in kept:
        clone = copy.deepcopy(el)
        clone.tail = None
        body.append(clone)
    return str(etree.tostring(out, encoding="unicode"))


def page_dates(html: str | etree._Element | None, url: str | None) -> tuple[str | None, str | None]:
    """(publication date, last-modified date) of a page, ISO ``YYYY-MM-DD`` or None, by htmldate from the parts of
    the page that state a date as such (:func:`dated_markup`: ``<meta name="date">``, ``article:published_time`` /
    ``modified_time``, JSON-LD, a ``<time>`` in a header or byline, a dateline) and the URL, never from running text:
    the publication date is htmldate's original date; the modified date is htmldate's latest date when it is later
    than the publication date. ``html`` is the page's markup or its parsed document (None: the markup did not
    parse, only the URL is read)."""
    import htmldate

    published = None
    try:
        markup = dated_markup(html)
        published = htmldate.find_date(markup, url=url, original_date=True, extensive_search=False)
        modified = htmldate.find_date(markup, url=url, original_date=False, extensive_search=False)
    except Exception as exc:  # noqa: BLE001 - htmldate on pathological markup
        log.debug("htmldate failed on %s: %s", url, exc)
        return published, None
    if modified and published and modified <= published:
        modified = None
    return published or None, modified or None


# --------------------------------------------------------------------------- block pages

# Phrases that, on a short page, identify an anti-bot / access-denied interstitial.
# Strong: specific to challenge pages. Weak: also plausible in short legitimate pages.
_STRONG_BLOCK = re.compile(
    r"just a moment\.\.\.|just a moment…"
    r"|attention required!"
    r"|checking (?:if the site connection is secure|your browser before accessing)"
    r"|enable javascript and cookies to continue"
    r"|please (?:enable|turn on) (?:javascript|js) and (?:cookies|reload)"
    r"|verify (?:that )?you are (?:a )?human|verifying you are (?:a )?human"
    r"|prove you(?:'|’)?re not a robot"
    r"|request unsuccessful\. incapsula|pardon our interruption"
    r"|unusual traffic from your computer network"
    r"|sorry, you have been blocked"
    r"|ddos protection by|performing security verification",
    re.I,
)
_WEAK_BLOCK = re.compile(
    r"\b(?:re|h)?captcha\b"
    r"|access (?:to this page (?:has been|is) )?denied"
    r"|you don(?:'|’)t have permission to access"
    r"|are you a (?:human|robot)\?|i(?:'|’)?m not a robot"
    r"|you have been blocked|security check",
    re.I,
)

# Technical fingerprints of challenge pages in the raw HTML.
_BLOCK_MARKUP = re.compile(
    r"/cdn-cgi/challenge-platform|cf_chl_opt|cf-browser-verification|challenges\.cloudflare\.com"
    r"|_incapsula_resource|px-captcha|captcha-delivery\.com",
    re.I,
)

#: Pages with more visible words than this are judged articles, not block pages.
BLOCK_MAX_WORDS = 250
#: Stricter length limit for weak markers ("captcha", "access denied").
BLOCK_WEAK_MAX_WORDS = 80


def detect_block_page(html: str) -> str | None:
    """Return a short description if ``html`` looks like a bot-check / access-denied page, else ``None``.

    Judged on short pages only: strong interstitial phrases (Cloudflare "Just a
    moment...", "enable JavaScript and cookies to continue", "verify you are
    human", ...) or challenge markup on pages of at most ``BLOCK_MAX_WORDS``
    visible words; weak phrases ("captcha", "access denied") on pages of at
    most ``BLOCK_WEAK_MAX_WORDS`` words.  A long article that merely mentions
    captchas is never flagged.
    """
    text = visible_text(html)
    title = html_title(html) or ""
    words = len(text.split())
    if words > BLOCK_MAX_WORDS:
        return None
    m = _STRONG_BLOCK.search(title) or _STRONG_BLOCK.search(text)
    if m is None and words <= BLOCK_WEAK_MAX_WORDS:
        m = _WEAK_BLOCK.search(title) or _WEAK_BLOCK.search(text)
    if m is not None:
        return f"anti-bot/access page ({m.group(0)!r}, {words} words)"
    m2 = _BLOCK_MARKUP.search(html)
    if m2:
        return f"anti-bot challenge markup ({m2.group(0)!r}, {words} words)"
    return None


# --------------------------------------------------------------------------- PDF


#: an Info title a tool writes when no one set one (reportlab: "(anonymous)"; "Untitled", "(unspecified)"), or a
#: file name: no title
_PLACEHOLDER = r"\(?(?:untitled|anonymous|unspecified|unknown|none|no title)\)?"
#: author properties a tool writes when no one set them (python-docx's, Word's "Microsoft Office User", a
#: machine's account name), besides :data:`_PLACEHOLDER`'s: no author
_NO_AUTHOR = frozenset({"python-docx", "microsoft office user", "administrator", "admin", "user", "author", "owner"})
_PLACEHOLDER_RE = re.compile(rf"^{_PLACEHOLDER}$", re.I)
_JUNK_PDF_TITLE = re.compile(rf"^(?:{_PLACEHOLDER}|\S+\.(?:exe|docx?|pdf|tmp|indd|qxd|rtf|p65|fm|tex|dvi))$", re.I)


def clean_author(name: object) -> str | None:
    """The author ``name`` (a document's metadata value: a PDF's ``/Author``, a Word file's core property, an HTML
    page's byline; any object, read as text) with its spaces collapsed; None when it is empty or a placeholder a tool
    writes when no one set one (:data:`_PLACEHOLDER`: "(anonymous)", "Unknown", "none"; :data:`_NO_AUTHOR`:
    "python-docx", "Microsoft Office User", "Administrator"; any case, also in parentheses). Never raises."""
    text = " ".join(str(name or "").split())
    if not text or _PLACEHOLDER_RE.match(text) or text.strip("()").casefold() in _NO_AUTHOR:
        return None
    return text


def clean_pdf_title(title: str | None) -> str | None:
    """Drop junk PDF Info titles (file names, a tool's placeholder: "Untitled", "(anonymous)"); strip "Microsoft
    Word - " prefixes."""
    if not title:
        return None
    title = " ".join(str(title).split())
    title = re.sub(r"^Microsoft (?:Word|PowerPoint) - ", "", title)
    if not title or _JUNK_PDF_TITLE.match(title):
        return None
    return title


#: a gap of three spaces or more between two words of a line in pypdf's layout mode: a column boundary
_COLUMN_GAP = re.compile(r"(?<=\S) {3,}(?=\S)")


def _cells_of(line: str) -> list[str]:
    """The cells of a layout-mode line split at its column gaps (:data:`_COLUMN_GAP`); one cell for prose."""
    return [c.strip() for c in _COLUMN_GAP.split(line.strip())]


def _pipe_row(cells: list[str]) -> str:
    return "| " + " | ".join(c.replace("|", "/") for c in cells) + " |"


def _layout_blocks(layout: str) -> list[str] | None:
    """The paragraphs and tables of one page as pypdf's layout mode renders it (lines placed as on the page, a
    blank line where the vertical gap is wider than a line's): each run of lines between blank lines is one
    paragraph, its lines joined by spaces (a wrapped sentence is whole again: "... The Castelbruna Silk-Weaving" +
    "Museum welcomed 38,640 visitors ..."; a line ending in a hyphen joins the next without a space), and a run of two
    or more lines split by column gaps into the same number (two or more) of cells is a Markdown pipe table, its
    first line the header ("| Year | Visitors |", "| --- | --- |", "| 2023 | 38,640 |"). None when a line is split
    into columns but is no such table (two columns of prose side by side, a form): the caller keeps pypdf's plain
    text then."""
    blocks: list[str] = []
    prose: list[str] = []

    def flush() -> None:
        if prose:
            blocks.append(re.sub(r"(?<=\w-) (?=\w)", "", " ".join(prose)))
            prose.clear()

    for chunk in re.split(r"\n\s*\n", layout):
        lines = [ln for ln in chunk.splitlines() if ln.strip()]
        i = 0
        while i < len(lines):
            width = len(_cells_of(lines[i]))
            j = i
            while j < len(lines) and len(_cells_of(lines[j])) == width > 1:
                j += 1
            if j - i >= 2:
                flush()
                rows = [_cells_of(ln) for ln in lines[i:j]]
                blocks.append("\n".join([_pipe_row(rows[0]), _pipe_row(["---"] * width),
                                         *(_pipe_row(r) for r in rows[1:])]))
                i = j
                continue
            if width > 1:
                return None
            prose.append(lines[i].strip())
            i += 1
        flush()
    return blocks


def _page_text(page: object) -> str:
    """The text of one pypdf page: its layout-mode reading as paragraphs and tables (:func:`_layout_blocks`),
    joined by blank lines; pypdf's plain reading (one line per printed line) when the layout reading fails or
    finds columns that are no table. Raises what pypdf raises on a broken page."""
    plain: str = page.extract_text() or ""  # type: ignore[attr-defined]
    try:
        layout: str = page.extract_text(extraction_mode="layout") or ""  # type: ignore[attr-defined]
    except Exception as exc:  # layout mode is stricter about fonts than the plain reading
        log.debug("pypdf layout mode failed: %s", exc)
        return plain
    blocks = _layout_blocks(layout)
    return "\n\n".join(blocks) if blocks else plain


@dataclass(frozen=True)
class PdfContent:
    """Result of PDF extraction: pages joined by blank lines, plus document-info metadata."""

    text: str
    title: str | None
    author: str | None
    published: str | None
    pages: int


def extract_pdf(data: bytes, source: str = "<pdf>") -> PdfContent:
    """Extract text per page with pypdf (:func:`_page_text`: its layout mode, wrapped lines joined into
    paragraphs, a table of aligned columns as a Markdown pipe table); pages are joined with ``"\\n\\n"``.

    Raises:
        FetchError: ``unsupported_content`` if the PDF cannot be opened
            (corrupt, or encrypted with a non-empty password). ``text`` may be
            empty for scanned/image-only PDFs; callers decide what that means.
    """
    import pypdf  # (with its cryptography: loaded on the first PDF only)

    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            try:
                ok = reader.decrypt("")
            except Exception as exc:
                raise FetchError("unsupported_content", f"encrypted PDF {source}: {exc}") from exc
            if not ok:
                raise FetchError("unsupported_content", f"password-protected PDF {source}")
        pages = list(reader.pages)
    except FetchError:
        raise
    except Exception as exc:
        raise FetchError("unsupported_content", f"unreadable PDF {source}: {exc}") from exc

    texts: list[str] = []
    for i, page in enumerate(pages):
        try:
            t = _page_text(page)
        except Exception as exc:  # one broken page should not lose the document
            log.debug("pypdf failed on page %d of %s: %s", i, source, exc)
            continue
        t = normalize_text(t)
        if t:
            texts.append(t)

    title = author = published = None
    try:
        meta = reader.metadata
        if meta is not None:
            title = clean_pdf_title(meta.title)
            author = clean_author(meta.author)  # reportlab's "(anonymous)", Word's "Administrator": no one named
            created = meta.creation_date
            published = created.date().isoformat() if created else None
    except Exception as exc:  # malformed info dictionary / dates
        log.debug("pypdf metadata failed for %s: %s", source, exc)
    return PdfContent(text="\n\n".join(texts), title=title, author=author, published=published, pages=len(pages))
