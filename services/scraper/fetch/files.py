"""Parse local corpus files (.txt/.md/.html/.htm/.json/.pdf) into clean text."""

from __future__ import annotations

import codecs
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from services.scraper.fetch import _content as C
from services.scraper.fetch.errors import FetchError
from shared.text.tokens import is_label_line, is_question_line

log = logging.getLogger(__name__)

__all__ = ["ParsedDocument", "parse_file", "unwrap_hard_wraps", "parse_json_records", "iter_corpus_files", "SUPPORTED_SUFFIXES",
           "EXTRACTION_VERSION", "document_author", "AUTHOR_MAX_BYTES", "json_text"]

#: The version of local-document extraction (:func:`parse_file`, :func:`parse_json_records` and the readers they
#: call). Bump it with every change that gives a file another text than before: ``assay ingest`` and ``assay run
#: --corpus`` record it with each ingested file (``shared.corpus.FileRecord.extraction_version``) and read a file
#: again whose record has another version, though its size and modification time are unchanged. 1: the extraction
#: before versions were recorded (a record from then reads 0); 2: hard-wrapped lines of .md/.txt unwrapped and
#: Markdown paragraphs from markdown-it-py (:func:`unwrap_hard_wraps`, b71031a); 3: a byline line ("Published 2
#: February 2021") is never joined to the title line above it, so a .txt title no longer swallows it; 4: an HTML
#: file's key-value definition lists (``<dl>`` spec lists, which trafilatura dropped) are kept as "label | value"
#: rows (``_content.spec_lists_as_tables``); 5: an HTML file is parsed once, without its comments, also where its
#: lists or formulas are rewritten (a file with HTML comments and a spec list kept its rows, a formula no comment);
#: 6: consecutive label lines of a text file ("Visitors 2023: 24,750" / "Workshops 2023: 176") are no hard-wrapped
#: paragraph and keep their line breaks (:func:`unwrap_hard_wraps`); 7: an update line ("Last updated: 20 February
#: 2024") is never joined to the title line above it, so a .txt title no longer swallows it; 8: the rows of an HTML
#: table without a header row (a technical-data table, an infobox) are lines of one block, not a paragraph each
#: (``_content._row_lines``), so they read as one spec list; 9: a JSON document that is no record of text is read
#: as its values, never its syntax (:func:`json_text`: "Date listed: 1987-09-02" rows, prose strings as paragraphs);
#: 10: a JSON number under a key ending in its unit is written with the unit after it ("Length: 91 m", not "Length m:
#: 91": :func:`_label_row`); 11: a line of a text file that is a question without its "?" and opens a sentence ("is
#: there an indoor pool for rainy days") is never joined to the answer below it (:func:`_question_line`).
EXTRACTION_VERSION = 11

#: File suffixes picked up by :func:`iter_corpus_files` (lower-case).
SUPPORTED_SUFFIXES: frozenset[str] = frozenset({".txt", ".md", ".markdown", ".html", ".htm", ".json", ".pdf",
                                                ".docx"})
DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

_TEXT_KEYS = ("text", "content", "body")
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.M)


@dataclass(frozen=True)
class ParsedDocument:
    """Text extracted from a local file.

    Attributes:
        path: file path as given (for JSON records: ``"{path}#{index}"``, 0-based).
        title: document title (metadata, first heading, JSON ``title`` or the file stem).
        text: whitespace-normalised text, paragraphs separated by ``"\\n\\n"``.
        content_type: ``text/plain``, ``text/markdown``, ``text/html``,
            ``application/json`` or ``application/pdf``.
    """

    path: str
    title: str
    text: str
    content_type: str


def _read(path: Path) -> bytes:
    try:
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise FetchError("not_found", f"no such file: {path}", url=str(path)) from exc
    except IsADirectoryError as exc:
        raise FetchError("not_found", f"is a directory, not a file: {path}", url=str(path)) from exc
    if not data.strip():
        raise FetchError("empty_file", f"{path} is empty or whitespace-only", url=str(path))
    return data


def _decode_utf8(path: Path, data: bytes) -> str:
    """Decode strict UTF-8 (BOM allowed) or raise ``binary_file`` / ``not_utf8``."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise FetchError("not_utf8", f"{path}: UTF-16 encoded (byte-order mark at offset 0), expected UTF-8", url=str(path))
    if C.looks_binary(data):
        raise FetchError("binary_file", f"{path} looks like binary data, not text", url=str(path))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FetchError(
            "not_utf8",
            f"{path}: invalid UTF-8 at byte offset {exc.start} (byte 0x{data[exc.start]:02x})",
            url=str(path),
        ) from exc
    if C.control_ratio(text[:8192]) > 0.05:
        raise FetchError("binary_file", f"{path} contains control characters, not text", url=str(path))
    return text


def _require_text(path: Path, text: str) -> str:
    if not text:
        raise FetchError("empty_text", f"no extractable text in {path}", url=str(path))
    return text


def _record_text(obj: Any) -> str | None:
    if not isinstance(obj, dict):
        return None
    for key in _TEXT_KEYS:
        value = obj.get(key)
        if isinstance(value, str):
            return value
    return None


def _record_title(obj: dict[str, Any]) -> str | None:
    title = obj.get("title")
    if isinstance(title, str) and title.strip():
        return " ".join(title.split())
    return None


#: the most characters of a string value read as a label row's value ("Date listed: 1987-09-02"); a longer one, or a
#: sentence (:func:`_is_prose`), is prose
_VALUE_MAX = 80
#: the deepest nesting of a JSON document read as rows and paragraphs; a value deeper down is one compact JSON line
_JSON_DEPTH = 12
#: where a camelCase key's words meet ("dateListed", "HTTPStatus")
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def _key_label(key: str) -> str:
    """A JSON key as a label a page would write: "date_listed" / "dateListed" / "date-listed" -> "Date listed",
    "record_id" -> "Record id", "HTTPStatus" -> "HTTP status", "größe" -> "Größe"."""
    words = [w for w in re.split(r"[\s_\-.]+", _CAMEL_RE.sub(" ", key)) if w]
    if not words:
        return " ".join(key.split())
    words = [w if w.isupper() and len(w) > 1 else w.lower() for w in words]
    return words[0][:1].upper() + words[0][1:] + "".join(f" {w}" for w in words[1:])


#: a unit written as a JSON key's last word ("length_m", "weightKg", "price_eur", "share_pct") -> as a page writes it
#: after the number
_KEY_UNITS = {**{u: u for u in ("m", "km", "cm", "mm", "kg", "g", "mg", "l", "ml", "s", "min", "h", "kw", "kwh", "w",
                                "v", "mah", "ft", "mi", "lb", "lbs", "oz", "ha", "db", "rpm", "mph", "kmh")},
              **{u: u.upper() for u in ("eur", "usd", "gbp", "chf", "jpy", "sek", "nok", "dkk", "cad", "aud")},
              "pct": "%", "percent": "%", "sqm": "m²", "m2": "m²", "km2": "km²", "c": "°C", "degc": "°C",
              "f": "°F", "degf": "°F", "hours": "hours", "days": "days", "years": "years", "minutes": "minutes"}


def _label_row(key: str, value: Any, text: str) -> str:
    """The label row of a JSON member: "Label: value" (:func:`_key_label`); a number under a key ending in its unit
    is written as a page writes it, the unit after the number ("main_pool_length_m": 91 -> "Main pool length: 91
    m", "price_eur": 7.5 -> "Price: 7.5 EUR", "share_pct": 12 -> "Share: 12 %")."""
    words = [w for w in re.split(r"[\s_\-.]+", _CAMEL_RE.sub(" ", key)) if w]
    number = (isinstance(value, (int, float)) and not isinstance(value, bool)) or (
        isinstance(value, str) and re.fullmatch(r"-?\d[\d,]*(?:\.\d+)?", value.strip()) is not None)
    if number and len(words) >= 2 and (unit := _KEY_UNITS.get(words[-1].lower())) is not None:
        return f"{_key_label(' '.join(words[:-1]))}: {text} {unit}"
    return f"{_key_label(key)}: {text}"


def _is_prose(value: str) -> bool:
    """Whether a JSON string value is prose (its sentences a paragraph) rather than a label row's value: longer
    than :data:`_VALUE_MAX` characters, a line break in it, or four or more words ending a sentence."""
    text = value.strip()
    return len(text) > _VALUE_MAX or "\n" in text or (len(text.split()) >= 4 and text[-1:] in ".!?。！？")


def _scalar(value: Any) -> str | None:
    """A JSON scalar as text ("yes"/"no" for a boolean), None for null or an empty string."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = " ".join(str(value).split()) if not isinstance(value, str) or not _is_prose(value) else value.strip()
    return text or None


def _json_blocks(obj: Any, out: list[str], depth: int = 0, subject: str = "") -> None:
    """Append the paragraphs of a JSON value to ``out``: an object's scalar members one block of "Label: value"
    lines in key order (a label row each, :func:`_key_label`), then its prose string values a paragraph each, then
    its nested objects and lists, each under a line naming its key; a list of scalars one block of "- item" lines;
    a list of objects a block each. Nothing deeper than :data:`_JSON_DEPTH` is unfolded.

    A nested object's members are its own, not the document's: an object right under a key that gives itself no
    "name" writes each of its label rows opening with that key (``subject``: "Central library opened: 1891-03-14",
    not "Opened: ..."), so a reader never takes a building's year for the document's thing's; an object naming
    itself keeps its "Name: X" row first, which makes its rows X's ("Name: Harbourside" / "Opened: 1902"), and an
    unnamed item of a list keeps its rows as they are ("Owner: Harlen Estate", "From: 1781")."""
    if depth > _JSON_DEPTH:
        out.append(json.dumps(obj, ensure_ascii=False))
        return
    if isinstance(obj, dict):
        # (an object naming itself gives its "Name: X" row, which makes the rows after it X's:
        # services.claim_extractor.offline._record_names)
        about = "" if isinstance(obj.get("name"), str) and obj["name"].strip() else subject
        rows, prose, nested = [], [], []
        for key, value in obj.items():
            if isinstance(value, (dict, list)):
                nested.append((str(key), value))
            elif isinstance(value, str) and _is_prose(value):
                prose.append(value.strip())
            elif (text := _scalar(value)) is not None:
                row = _label_row(str(key), value, text)
                rows.append(f"{about} {row[:1].lower()}{row[1:]}" if about and not row[:2].isupper() else
                            f"{about} {row}" if about else row)
        if rows:
            out.append("\n".join(rows))
        out.extend(prose)
        for key, value in nested:
            inner: list[str] = []
            _json_blocks(value, inner, depth + 1, _key_label(key))
            if inner:
                out.append(_key_label(key))
                out.extend(inner)
        return
    if isinstance(obj, list):
        items = [t for v in obj if not isinstance(v, (dict, list)) and (t := _scalar(v)) is not None]
        if items and all(not isinstance(v, (dict, list)) for v in obj):
            short = [t for t in items if not _is_prose(t)]
            if short:
                out.append("\n".join(f"- {t}" for t in short))
            out.extend(t for t in items if _is_prose(t))
            return
        for value in obj:
            _json_blocks(value, out, depth + 1)  # an item is its own name's, or as it is ("Owner: X", "From: 1781")
        return
    if (text := _scalar(obj)) is not None:
        out.append(text)


def json_text(obj: Any) -> str:
    """A JSON document read as a page would say it, never as its syntax: the name it gives itself first, as a page's
    heading (:func:`_json_title`; that member is no row of its own), then its members as label rows ("Date listed:
    1987-09-02"), its prose string values as paragraphs of their sentences ("The Kestrelmoor Funicular was listed
    ..."), nested objects and lists under their key (:func:`_json_blocks`); paragraphs separated by blank lines,
    whitespace normalised. "" when it holds no text (an empty object, nulls)."""
    out: list[str] = []
    title = _json_title(obj)
    if title and isinstance(obj, dict):
        key = "title" if _record_title(obj) else "name"
        obj = {k: v for k, v in obj.items() if k != key}
        out.append(title)
    _json_blocks(obj, out)
    return C.normalize_text("\n\n".join(out))


def _json_title(obj: Any) -> str | None:
    """What a JSON object names itself: its ``title``, else its ``name`` when that is a short string (a record of a
    thing: "name": "Kestrelmoor Funicular"); None otherwise."""
    if not isinstance(obj, dict):
        return None
    title = _record_title(obj)
    if title:
        return title
    name = obj.get("name")
    return " ".join(name.split()) if isinstance(name, str) and name.strip() and not _is_prose(name) else None


def _is_record_list(obj: Any) -> bool:
    return isinstance(obj, list) and bool(obj) and all(_record_text(item) is not None for item in obj)


def _load_json(text: str) -> tuple[bool, Any]:
    try:
        return True, json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return False, None


def _sniff_kind(path: Path, text: str) -> str:
    suffix = path.suffix.lower()
    head = text.lstrip()[:1]
    if suffix in (".html", ".htm") or C.looks_like_html(text[:2048].encode("utf-8", "ignore")):
        return "html"
    if suffix == ".json" or head in ("{", "["):
        ok, _ = _load_json(text)
        if ok:
            return "json"
    if suffix in (".md", ".markdown"):
        return "markdown"
    return "text"


def _is_docx(path: Path, data: bytes) -> bool:
    """A ZIP container (``PK\\x03\\x04``) named ``.docx`` or holding ``word/document.xml``."""
    return data.startswith(b"PK\x03\x04") and (path.suffix.lower() == ".docx" or b"word/document.xml" in data[:65536])


def _parse_docx(path: Path, data: bytes) -> ParsedDocument:
    """A Word document (python-docx): its paragraphs and table cells in order, paragraphs separated by blank
    lines; title from the core properties, else the first heading, else the file stem."""
    import io
    import zipfile

    import docx

    try:
        document = docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise FetchError("unsupported_content", f"{path} is not a readable .docx file: {exc}", url=str(path)) from exc
    blocks: list[str] = []
    heading = ""
    for para in document.paragraphs:
        text = para.text.strip()
        if not text:
            continue
        if not heading and (para.style is not None and (para.style.name or "").lower().startswith(("heading", "title"))):
            heading = text
        blocks.append(text)
    for table in document.tables:
        for row in table.rows:
            cells = [c.text.strip() for c in row.cells if c.text.strip()]
            if cells:
                blocks.append(" | ".join(dict.fromkeys(cells)))
    text = C.normalize_text("\n\n".join(blocks))
    title = (document.core_properties.title or "").strip() or heading or path.stem
    return ParsedDocument(str(path), title, _require_text(path, text), DOCX_TYPE)


def _parse_pdf(path: Path, data: bytes) -> ParsedDocument:
    pdf = C.extract_pdf(data, str(path))
    text = _require_text(path, pdf.text)
    return ParsedDocument(str(path), pdf.title or _first_line_title(text) or path.stem, text, "application/pdf")


def _json_records(path: Path, records: list[dict[str, Any]]) -> list[ParsedDocument]:
    docs: list[ParsedDocument] = []
    for i, rec in enumerate(records):
        text = C.normalize_text(_record_text(rec) or "")
        if not text:
            continue
        where = next((str(rec[k]) for k in ("url", "source", "path") if isinstance(rec.get(k), str) and rec[k]),
                     f"{path}#{i}")
        docs.append(ParsedDocument(where, _record_title(rec) or f"{path.stem} #{i}", text, "application/json"))
    if not docs:
        raise FetchError("empty_text", f"all records in {path} have empty text", url=str(path))
    return docs


def parse_file(path: Path) -> ParsedDocument:
    """Parse one local file into text; the format is sniffed from content, the suffix is a hint.

    * PDF (``%PDF-`` magic, any suffix): pypdf text, pages joined by blank lines;
      title from the PDF Info dictionary (a tool's placeholder such as "(anonymous)" is none), else its first
      line when that reads as a title, else the file stem.
    * Word (``.docx``, a ZIP holding ``word/document.xml``): python-docx paragraphs and table rows; title
      from the core properties, else the first heading, else the file stem.
    * HTML (``.html``/``.htm`` or an HTML prologue): trafilatura main text;
      title from page metadata, else the file stem.
    * JSON: an object with a string ``text``/``content``/``body`` field gives that
      text (title from ``title``); a list of such records gives all records joined
      by blank lines, each preceded by its title (see :func:`parse_json_records`
      for one document per record); anything else is read as its values, never its syntax (:func:`json_text`:
      members as "Label: value" rows, prose strings as paragraphs), titled by its ``title`` or ``name``.
    * Markdown / plain text: normalised text; Markdown title from the first heading, plain-text title from a
      short first line that is not a sentence (else the file stem).

    Raises:
        FetchError: ``not_found`` (missing path), ``empty_file`` (empty or
            whitespace-only), ``binary_file`` (NUL bytes, known binary
            signature, control characters), ``not_utf8`` (message names the file
            and byte offset), ``empty_text`` (nothing extractable, e.g. a scanned
            PDF or markup-only HTML), ``unsupported_content`` (unreadable PDF).
    """
    path = Path(path)
    data = _read(path)
    if C.is_pdf(data):
        return _parse_pdf(path, data)
    if _is_docx(path, data):
        return _parse_docx(path, data)
    text = _decode_utf8(path, data)
    kind = _sniff_kind(path, text)

    if kind == "html":
        content = C.extract_html(text)
        return ParsedDocument(str(path), content.title or path.stem, _require_text(path, content.text), "text/html")

    if kind == "json":
        _, obj = _load_json(text)
        body = _record_text(obj)
        if body is not None:
            return ParsedDocument(
                str(path), _record_title(obj) or path.stem, _require_text(path, C.normalize_text(body)), "application/json"
            )
        if _is_record_list(obj):
            recs = _json_records(path, obj)
            joined = "\n\n".join(f"{d.title}\n\n{d.text}" for d in recs)
            return ParsedDocument(str(path), path.stem, joined, "application/json")
        return ParsedDocument(str(path), _json_title(obj) or path.stem, _require_text(path, json_text(obj)),
                              "application/json")

    norm = _require_text(path, C.normalize_text(unwrap_hard_wraps(text, markdown=kind == "markdown")))
    if kind == "markdown":
        m = _MD_HEADING.search(norm)
        return ParsedDocument(str(path), m.group(1) if m else path.stem, norm, "text/markdown")
    return ParsedDocument(str(path), _first_line_title(norm) or path.stem, norm, "text/plain")


#: a line that ends a sentence (a closing quote or bracket may follow): its line break stays a break
_LINE_END_RE = re.compile(r"[.!?…。！？][\"'”’»)\]]*$")
#: a line that opens a block of its own in plain text: heading, quote, list item, table row, code fence
_BLOCK_START_RE = re.compile(r"^\s*(?:[#>*•\-–+|]|\d+[.)]\s|```|~~~)")
_LIST_ITEM_RE = re.compile(r"^\s*(?:[*•\-–+]|\d+[.)])\s+\S")
#: a wrapped line fills at least this share of its paragraph's widest line (a short line before a break is a
#: title or a line of its own, not a wrap)
WRAP_FILL = 0.6


def _soft_break(line: str, following: str, width: int) -> bool:
    """Whether the line break between ``line`` and ``following`` (lines of one paragraph whose widest line is
    ``width`` characters) is a hard wrap, read as a space: ``line`` ends no sentence and no Markdown hard break (two
    spaces, a backslash) and ``following`` is no byline line ("Published 2 February 2021", "Date: 2021-02-02": see
    :func:`~services.scraper.fetch._content.opens_byline`, which a title line above it must not swallow) nor an
    update line ("Last updated: 20 February 2024": :func:`~services.scraper.fetch._content.opens_stated_update`),
    the two are
    not both a label and its value (:func:`shared.text.tokens.is_label_line`), and either
    ``following`` opens in lower case or ``line`` is filled (its length and the next word reach :data:`WRAP_FILL` of
    ``width``) and does not end in a colon."""
    body = line.rstrip()
    nxt = following.strip()
    if not body or not nxt or _LINE_END_RE.search(body) or line.endswith("  ") or body.endswith("\\"):
        return False
    if C.opens_byline(nxt) or C.opens_stated_update(nxt):
        return False
    if is_label_line(body) and is_label_line(nxt):
        return False  # "Visitors 2023: 24,750" over "Workshops 2023: 176": two statements, not one wrapped line
    if nxt[0].islower():
        return True
    if body.endswith((":", "：")):
        return False  # "Key figures:" over a line of its own
    return len(body) + 1 + len(nxt.split()[0]) >= WRAP_FILL * width


def _question_line(lines: list[str], i: int, first: int) -> bool:
    """Whether line ``i`` of ``lines`` (its paragraph opening at line ``first``) is a question without its question
    mark (:func:`shared.text.tokens.is_question_line`: an informal FAQ's "is there an indoor pool for rainy days"
    over its answer "no sorry, we're open-air only.") that opens a sentence (the paragraph's first line, or the line
    before it ends one): its own sentence, never joined to the answer below it."""
    return (i == first or bool(_LINE_END_RE.search(lines[i - 1].rstrip()))) and is_question_line(lines[i])


def _join(lines: list[str], joins: set[int]) -> str:
    return "".join(line + (" " if i in joins else "\n") for i, line in enumerate(lines))[:-1]


def unwrap_hard_wraps(text: str, *, markdown: bool) -> str:
    """Read the single line breaks of hard-wrapped paragraphs as spaces (``"founded in 1952 by\\nEdwin Farrow"``
    is one sentence); every other line break is kept.

    Markdown (``markdown=True``): the paragraphs are markdown-it-py's (CommonMark with tables), so a heading, list
    item, table row, code block or fence is never joined to its neighbour; lines inside a block quote are kept.
    Plain text: a paragraph is a run of lines between blank lines; a line that opens a heading, quote, table row or
    code fence (and every line inside a fence) keeps its break before and after; a list item's wrapped lines are
    joined to it. In both, a break stays when the line before it ends a
    sentence, or is short for its paragraph (a title line: see :func:`_soft_break`).

    Returns ``text`` with each joined line break replaced by one space (same length, same offsets); ``"\\r\\n"``
    is read as ``"\\n"``.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    paragraphs: list[tuple[int, int]] = []
    if markdown:
        from markdown_it import MarkdownIt

        quoted = 0
        for tok in MarkdownIt("commonmark").enable("table").parse(text):
            quoted += {"blockquote_open": 1, "blockquote_close": -1}.get(tok.type, 0)
            if tok.type == "paragraph_open" and not quoted and tok.map:
                paragraphs.append((tok.map[0], tok.map[1]))
    else:
        start, fenced = None, False
        for i, line in enumerate([*lines, ""]):
            fence = line.lstrip().startswith(("```", "~~~"))
            fenced ^= fence
            if line.strip() and not fenced and not fence and not _BLOCK_START_RE.match(line):
                start = i if start is None else start
                continue
            if start is not None and i - start > 1:
                paragraphs.append((start, i))
            # a list item opens a paragraph its wrapped lines continue; any other block line stands alone
            start = i if _LIST_ITEM_RE.match(line) and not fenced and not fence else None
    joins: set[int] = set()
    for first, end in paragraphs:
        width = max(len(line.rstrip()) for line in lines[first:end])
        joins.update(i for i in range(first, end - 1) if _soft_break(lines[i], lines[i + 1], width)
                     and not _question_line(lines, i, first))
    return _join(lines, joins) if joins else text


#: a plain-text title line: at most this many characters and words, and no sentence end
TITLE_MAX_CHARS = 120
TITLE_MAX_WORDS = 15


def _first_line_title(text: str) -> str | None:
    """The first line of a plain-text document when it reads as its title: short, followed by more text, not a
    sentence (no final ``.``, ``!``, ``?`` or ``。``). ``None`` otherwise (the caller uses the file stem)."""
    first, _, rest = text.strip().partition("\n")
    first = " ".join(first.split())
    if not first or not rest.strip() or len(first) > TITLE_MAX_CHARS or len(first.split()) > TITLE_MAX_WORDS:
        return None
    if first[-1] in ".!?。！？":
        return None
    return first


def parse_json_records(path: Path) -> list[ParsedDocument]:
    """Parse a JSON file holding a list of records into one document per record.

    Each record is an object with a string ``text``/``content``/``body`` field
    (first present wins) and an optional ``title``; documents get
    ``path`` = the record's ``url``/``source``/``path`` field, else ``"{path}#{index}"``, and title ``title`` or
    ``"{stem} #{index}"``.
    Records with empty text are skipped. A single record object, or any other
    file, yields ``[parse_file(path)]``.

    Raises:
        FetchError: as :func:`parse_file`; ``empty_text`` if every record is empty.
    """
    path = Path(path)
    data = _read(path)
    if not C.is_pdf(data):
        text = _decode_utf8(path, data)
        ok, obj = _load_json(text)
        if ok and _is_record_list(obj):
            return _json_records(path, obj)
    return [parse_file(path)]


#: the largest local file whose author metadata is read, bytes
AUTHOR_MAX_BYTES = 20_000_000


def document_author(path: Path, data: bytes | None = None) -> str | None:
    """The author a local file's own metadata names, or None: an HTML file's (trafilatura's metadata: ``<meta
    name="author">``, JSON-LD, a byline element), a PDF's Info dictionary ``/Author`` (pypdf), a Word document's core
    properties ``author`` (python-docx). Plain text, Markdown and JSON files have none; nor has a file that is gone,
    unreadable or larger than :data:`AUTHOR_MAX_BYTES`. ``data`` is the file's content when the caller has already
    read it (then not read again), else the file at ``path`` is read. Never raises for a file's content."""
    path = Path(path)
    if data is not None:
        if len(data) > AUTHOR_MAX_BYTES:
            return None
    else:
        try:
            if not path.is_file() or path.stat().st_size > AUTHOR_MAX_BYTES:
                return None
            data = path.read_bytes()
        except OSError:
            return None
    try:
        if C.is_pdf(data):
            import io

            import pypdf

            meta = pypdf.PdfReader(io.BytesIO(data)).metadata
            return C.clean_author(meta.author) if meta is not None else None
        if _is_docx(path, data):
            import io

            import docx

            return C.clean_author(docx.Document(io.BytesIO(data)).core_properties.author)
        text = data.decode("utf-8-sig", errors="replace")
        if _sniff_kind(path, text) == "html":
            import trafilatura

            page = trafilatura.extract_metadata(text)
            return C.clean_author(page.author) if page is not None else None
    except Exception as exc:  # noqa: BLE001 - a library on a malformed file: no author, never a failed source
        log.debug("no author read from %s: %s", path, exc)
    return None


def iter_corpus_files(root: Path) -> list[Path]:
    """List supported files (see ``SUPPORTED_SUFFIXES``) under ``root`` recursively, sorted.

    Files or directories whose name starts with ``"."`` are skipped. A file
    ``root`` is returned as ``[root]`` if supported.

    Raises:
        FetchError: ``not_found`` if ``root`` does not exist.
    """
    root = Path(root)
    if not root.exists():
        raise FetchError("not_found", f"no such file or directory: {root}", url=str(root))
    if root.is_file():
        return [root] if root.suffix.lower() in SUPPORTED_SUFFIXES else []
    out: list[Path] = []
    for p in root.rglob("*"):
        rel = p.relative_to(root)
        if any(part.startswith(".") for part in rel.parts):
            continue
        if p.is_file() and p.suffix.lower() in SUPPORTED_SUFFIXES:
            out.append(p)
    return sorted(out)
