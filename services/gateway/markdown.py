"""Report Markdown shared by the web page and the exports: malformed tables padded (no cell is lost) and the
parser every renderer uses.

A report is Markdown written by the synthesizer (or a model through it), so it may carry anything: raw HTML, a
table whose rows have more or fewer cells than its header, control characters. :func:`normalise_tables` pads a
table's header, delimiter row and short rows to the widest row so that the parser keeps every cell (markdown-it
drops the cells beyond the header's count); :func:`parser` is the CommonMark parser with tables and
strikethrough and raw HTML off (``<script>`` in a report is text, never markup).
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt

_DELIMITER_CELL = re.compile(r"^\s*:?-+:?\s*$")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def strip_control(text: str) -> str:
    """``text`` without C0 control characters other than tab, newline and carriage return (and DEL): they are
    not allowed in XML (DOCX) and draw nothing. Never raises."""
    return _CONTROL.sub("", text)


def split_cells(line: str) -> list[str]:
    """The cells of a Markdown table row: split on ``|`` outside code spans and not escaped as ``\\|``, one
    leading and one trailing pipe dropped, each cell stripped. ``"| a | `b|c` |"`` -> ``["a", "`b|c`"]``."""
    cells: list[str] = []
    cur: list[str] = []
    ticks = 0  # length of the open code span's backtick run, 0 outside one
    i, text = 0, line.strip()
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            cur.append(text[i:i + 2])
            i += 2
            continue
        if ch == "`":
            j = i
            while j < len(text) and text[j] == "`":
                j += 1
            run = j - i
            if ticks == 0:
                ticks = run if text.find("`" * run, j) >= 0 else 0
            elif run == ticks:
                ticks = 0
            cur.append(text[i:j])
            i = j
            continue
        if ch == "|" and ticks == 0:
            cells.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    cells.append("".join(cur))
    if text.startswith("|"):
        cells = cells[1:]
    if text.endswith("|") and not text.endswith("\\|") and cells:
        cells = cells[:-1]
    return [c.strip() for c in cells]


def _is_delimiter(line: str) -> bool:
    if "-" not in line:
        return False
    cells = split_cells(line)
    return bool(cells) and all(_DELIMITER_CELL.match(c) for c in cells)


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def normalise_tables(markdown: str) -> str:
    """``markdown`` with every pipe table made rectangular: the header, the delimiter row and every body row
    padded with empty cells to the widest row's count, so no cell is dropped and no row is ragged.

    A table is a header line containing ``|`` followed by a delimiter row (``|---|:--:|``); its body runs to
    the first blank line or line without ``|``. Lines inside fenced code blocks are left alone; everything
    else is returned unchanged. Never raises."""
    lines = markdown.split("\n")
    out: list[str] = []
    fence: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if fence is not None:
            if marker and marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence):
                fence = None
            out.append(line)
            i += 1
            continue
        if marker:
            fence = marker.group(1)
            out.append(line)
            i += 1
            continue
        if "|" in line and i + 1 < len(lines) and _is_delimiter(lines[i + 1]):
            j = i + 2
            while j < len(lines) and lines[j].strip() and "|" in lines[j]:
                j += 1
            header, delim = split_cells(line), split_cells(lines[i + 1])
            body = [split_cells(row) for row in lines[i + 2:j]]
            width = max([len(header), len(delim), *(len(r) for r in body)])
            out.append(_row(header + [""] * (width - len(header))))
            out.append(_row(delim + ["---"] * (width - len(delim))))
            out.extend(_row(r + [""] * (width - len(r))) for r in body)
            i = j
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def parser(*, linkify: bool = False) -> MarkdownIt:
    """A CommonMark parser with GFM tables and strikethrough, raw HTML off (it stays text) and typographer off;
    ``linkify``: bare ``http(s)://`` URLs become links (linkify-it-py, no fuzzy ``example.org`` links). A fresh
    instance each call (plugins may add rules to it)."""
    md = MarkdownIt("commonmark", {"html": False, "linkify": linkify, "typographer": False}).enable(
        ["table", "strikethrough"])
    if linkify:
        md.enable("linkify")
        assert md.linkify is not None  # set by the "linkify" option (linkify-it-py installed)
        md.linkify.set({"fuzzy_link": False, "fuzzy_email": False, "fuzzy_ip": False})
    return md
