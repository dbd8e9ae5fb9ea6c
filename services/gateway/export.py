"""Export of a report to Markdown, PDF (ReportLab) and DOCX (python-docx), citations and the source list kept.

:func:`export_report` takes a :class:`ReportDocument` (a run's report Markdown, its citations and sources;
:meth:`ReportDocument.from_result` reads the result shape ``assay run --json`` writes and the gateway serves) and a
format name, and returns an :class:`ExportedFile` (file name, media type, bytes). Every format carries:

- the report itself (headings, paragraphs, lists, tables, code, quotes) with each ``[n]`` marker as written (in
  the PDF a ``[n]`` links to its entry in the source list);
- the report's "Sources" list (one is appended from the run's sources when the report has none);
- an "Evidence" list: each citation ``[n]`` with the exact quote it stands for.

A malformed table (rows with more or fewer cells than the header) is padded so no cell is lost, raw HTML stays
text, control characters are dropped; a PDF that cannot lay a table out (a cell taller than a page) is written
with its tables as text rows. Unicode text: the PDF embeds DejaVu Sans when the system has it (Debian's
``fonts-dejavu-core``), else ReportLab's bundled Vera, and writes Chinese, Japanese and Korean characters with
the standard CID fonts; right-to-left scripts are not shaped.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from xml.sax.saxutils import escape as xml_escape

from markdown_it.tree import SyntaxTreeNode
from pydantic import BaseModel, ConfigDict, Field

from services.gateway.markdown import normalise_tables, parser, strip_control
from shared.evidence import Citation
from shared.report import heading_kind

ExportFormatName = Literal["markdown", "pdf", "docx"]
#: accepted format names (``md`` is ``markdown``)
EXPORT_FORMATS: dict[str, ExportFormatName] = {"markdown": "markdown", "md": "markdown", "pdf": "pdf",
                                               "docx": "docx"}
MEDIA_TYPES: dict[ExportFormatName, str] = {
    "markdown": "text/markdown; charset=utf-8",
    "pdf": "application/pdf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}
_EXTENSIONS: dict[ExportFormatName, str] = {"markdown": "md", "pdf": "pdf", "docx": "docx"}
EVIDENCE_HEADING = "Evidence"


class UnknownExportFormat(ValueError):
    """An export format that does not exist; ``str()`` names the accepted ones."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown export format {name!r}: use one of markdown, md, pdf, docx")
        self.name = name


class ExportSource(BaseModel):
    """A source as the exports list it: id, title and URL (or file path)."""

    model_config = ConfigDict(frozen=True)

    source_id: str
    title: str = ""
    url: str = ""


class ReportDocument(BaseModel):
    """What an export is made of.

    Attributes:
        run_id: the run (names the file).
        question: the run's question (the document title).
        markdown: the report's Markdown (any text).
        citations: the report's citations (``n`` numbers sources; quotes with offsets).
        sources: the run's sources (used for the source list when the report has none, and for titles).
    """

    model_config = ConfigDict(frozen=True)

    run_id: str
    question: str = ""
    markdown: str
    citations: list[Citation] = Field(default_factory=list)
    sources: list[ExportSource] = Field(default_factory=list)

    @classmethod
    def from_result(cls, result: Mapping[str, Any]) -> ReportDocument:
        """From a run result (``run_id``, ``question``, ``report`` Markdown, ``citations``, ``sources`` with
        ``source_id``, ``title``, ``final_url`` or ``url``). Raises: ValueError when the run has no report."""
        report = result.get("report")
        if not isinstance(report, str):
            raise ValueError(f"run {result.get('run_id')} has no report to export")
        sources = [ExportSource(source_id=str(s.get("source_id", "")), title=str(s.get("title") or ""),
                                url=str(s.get("final_url") or s.get("url") or ""))
                   for s in result.get("sources") or []]
        return cls(run_id=str(result.get("run_id", "")), question=str(result.get("question") or ""),
                   markdown=report, citations=[Citation.model_validate(c) for c in result.get("citations") or []],
                   sources=sources)


@dataclass(frozen=True)
class ExportedFile:
    """An exported report: ``filename`` (``assay-report-<run id prefix>.<ext>``), ``media_type``, ``content``."""

    filename: str
    media_type: str
    content: bytes


def export_format(name: str) -> ExportFormatName:
    """The canonical format for ``name`` (case-insensitive). Raises: UnknownExportFormat."""
    fmt = EXPORT_FORMATS.get(name.strip().lower())
    if fmt is None:
        raise UnknownExportFormat(name)
    return fmt


def export_report(doc: ReportDocument, fmt: str) -> ExportedFile:
    """``doc`` exported as ``fmt`` (markdown/md, pdf, docx). Raises: UnknownExportFormat; never on any report
    text."""
    kind = export_format(fmt)
    text = document_markdown(doc)
    if kind == "markdown":
        content = text.encode("utf-8")
    elif kind == "pdf":
        content = to_pdf(parse_blocks(text), title=_title(doc))
    else:
        content = to_docx(parse_blocks(text), title=_title(doc))
    short = re.sub(r"[^A-Za-z0-9-]", "", doc.run_id)[:8] or "run"
    return ExportedFile(f"assay-report-{short}.{_EXTENSIONS[kind]}", MEDIA_TYPES[kind], content)


def _title(doc: ReportDocument) -> str:
    return " ".join(strip_control(doc.question).split())[:300] or "Assay report"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~])")


def escape_markdown(text: str) -> str:
    """``text`` with Markdown's inline specials backslash-escaped and whitespace collapsed (a quote shown
    verbatim)."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def document_markdown(doc: ReportDocument) -> str:
    """The Markdown every export is made from: the report (control characters dropped, tables padded), a
    "Sources" list built from ``doc.sources`` when the report has none and cites something, and the "Evidence"
    list (``- [n] “quote” — title``, one line per distinct cited span, in marker order)."""
    body = normalise_tables(strip_control(doc.markdown)).rstrip()
    titles = {s.source_id: s for s in doc.sources}
    numbers: dict[int, str] = {}
    for c in sorted(doc.citations, key=lambda c: c.n):
        numbers.setdefault(c.n, c.source_id)
    has_sources = any(heading_kind(ln) == "sources" for ln in body.splitlines() if ln.lstrip().startswith("#"))
    parts = [body, ""]
    if numbers and not has_sources:
        parts += ["## Sources", ""]
        for n, sid in numbers.items():
            src = titles.get(sid)
            label = escape_markdown(strip_control(src.title)) if src and src.title else sid
            where = f" — {escape_markdown(strip_control(src.url))}" if src and src.url else ""
            parts.append(f"- [{n}] {label}{where}")
        parts.append("")
    seen: set[tuple[int, str, int, int]] = set()
    lines: list[str] = []
    for c in sorted(doc.citations, key=lambda c: (c.n, c.start)):
        key = (c.n, c.source_id, c.start, c.end)
        if key in seen or not c.quote.strip():
            continue
        seen.add(key)
        src = titles.get(c.source_id)
        title = f" — {escape_markdown(strip_control(src.title))}" if src and src.title else ""
        lines.append(f"- [{c.n}] “{escape_markdown(strip_control(c.quote))}”{title}")
    if lines:
        parts += [f"## {EVIDENCE_HEADING}", "", *lines, ""]
    return "\n".join(parts).rstrip() + "\n"


# --- a small block model both writers share -------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """A piece of inline text with its formatting (``href``: a link's URL)."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False
    strike: bool = False
    href: str | None = None


@dataclass(frozen=True)
class Heading:
    """A heading of ``level`` 1-6."""

    level: int
    runs: list[Run]


@dataclass(frozen=True)
class Para:
    """A paragraph."""

    runs: list[Run]


@dataclass(frozen=True)
class ListBlock:
    """A bullet (``ordered`` False) or numbered list; each item is a list of blocks."""

    ordered: bool
    start: int
    items: list[list[Block]]


@dataclass(frozen=True)
class Table:
    """A table: header cells, body rows (each as wide as the header) and per-column alignment."""

    header: list[list[Run]]
    rows: list[list[list[Run]]]
    align: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Code:
    """A code block (verbatim text)."""

    text: str


@dataclass(frozen=True)
class Quote:
    """A block quote."""

    blocks: list[Block]


@dataclass(frozen=True)
class Rule:
    """A thematic break."""


Block = Heading | Para | ListBlock | Table | Code | Quote | Rule


def _runs(node: SyntaxTreeNode | None, style: Run = Run("")) -> list[Run]:
    """The inline runs under ``node`` (an ``inline`` node or one inside it)."""
    if node is None:
        return []
    out: list[Run] = []
    for child in node.children:
        kind = child.type
        if kind == "text":
            out.append(Run(child.content, style.bold, style.italic, style.code, style.strike, style.href))
        elif kind == "code_inline":
            out.append(Run(child.content, style.bold, style.italic, True, style.strike, style.href))
        elif kind in ("softbreak",):
            out.append(Run(" ", style.bold, style.italic, style.code, style.strike, style.href))
        elif kind == "hardbreak":
            out.append(Run("\n", style.bold, style.italic, style.code, style.strike, style.href))
        elif kind == "strong":
            out += _runs(child, Run("", True, style.italic, style.code, style.strike, style.href))
        elif kind == "em":
            out += _runs(child, Run("", style.bold, True, style.code, style.strike, style.href))
        elif kind == "s":
            out += _runs(child, Run("", style.bold, style.italic, style.code, True, style.href))
        elif kind == "link":
            href = str(child.attrs.get("href") or "")
            out += _runs(child, Run("", style.bold, style.italic, style.code, style.strike, href or None))
        elif kind == "image":
            out.append(Run(child.content or str(child.attrs.get("alt") or ""), style.bold, style.italic))
        else:
            out += _runs(child, style)
    return out


def _inline_of(node: SyntaxTreeNode) -> SyntaxTreeNode | None:
    return next((c for c in node.children if c.type == "inline"), None)


def _blocks(nodes: Iterable[SyntaxTreeNode]) -> list[Block]:
    out: list[Block] = []
    for node in nodes:
        kind = node.type
        if kind == "heading":
            out.append(Heading(int(node.tag[1:]) if node.tag[1:].isdigit() else 1, _runs(_inline_of(node))))
        elif kind == "paragraph":
            out.append(Para(_runs(_inline_of(node))))
        elif kind in ("bullet_list", "ordered_list"):
            start = node.attrs.get("start", 1)
            out.append(ListBlock(kind == "ordered_list", int(start) if isinstance(start, (int, float)) else 1,
                                 [_blocks(item.children) for item in node.children]))
        elif kind == "table":
            rows: list[list[list[Run]]] = []
            align: list[str] = []
            header: list[list[Run]] = []
            for section in node.children:
                for tr in section.children:
                    cells = [_runs(_inline_of(cell)) for cell in tr.children]
                    if section.type == "thead":
                        header = cells
                        align = [str(cell.attrs.get("style") or "").replace("text-align:", "")
                                 for cell in tr.children]
                    else:
                        rows.append(cells)
            width = max([len(header), *(len(r) for r in rows)]) if header or rows else 0
            header = header + [[] for _ in range(width - len(header))]
            out.append(Table(header, [r + [[] for _ in range(width - len(r))] for r in rows],
                             align + [""] * (width - len(align))))
        elif kind in ("fence", "code_block"):
            out.append(Code(node.content.rstrip("\n")))
        elif kind == "blockquote":
            out.append(Quote(_blocks(node.children)))
        elif kind == "hr":
            out.append(Rule())
        elif kind == "html_block":
            out.append(Para([Run(node.content)]))
        else:
            out += _blocks(node.children)
    return out


def parse_blocks(markdown: str) -> list[Block]:
    """The block model of ``markdown`` (tables padded first). Never raises on any text."""
    tree = SyntaxTreeNode(parser().parse(normalise_tables(strip_control(markdown))))
    return _blocks(tree.children)


def plain(runs: Sequence[Run]) -> str:
    """The text of ``runs`` joined."""
    return "".join(r.text for r in runs)


_LEADING_MARKER = re.compile(r"^\s*\[(\d{1,4})\]")


def _section_kinds(blocks: Sequence[Block]) -> list[str | None]:
    """For each top-level block, the fixed section it is in: "sources", "evidence" or None."""
    kinds: list[str | None] = []
    current: str | None = None
    for b in blocks:
        if isinstance(b, Heading):
            text = plain(b.runs)
            current = ("evidence" if text.strip() == EVIDENCE_HEADING and b.level == 2
                       else heading_kind(text) if b.level <= 2 else current)
        kinds.append(current)
    return kinds


def source_anchors(blocks: Sequence[Block]) -> set[int]:
    """The ``n`` of every item of the "Sources" list that starts with ``[n]`` (the PDF's link targets)."""
    found: set[int] = set()
    for block, kind in zip(blocks, _section_kinds(blocks)):
        if kind == "sources" and isinstance(block, ListBlock):
            for item in block.items:
                if item and isinstance(item[0], Para):
                    m = _LEADING_MARKER.match(plain(item[0].runs))
                    if m:
                        found.add(int(m.group(1)))
    return found


# --- PDF (ReportLab) -------------------------------------------------------------------------------------------

_FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
              Path("/usr/share/fonts/TTF"))
_CJK_FONTS = {"zh": "STSong-Light", "ja": "HeiseiMin-W3", "ko": "HYSMyeongJo-Medium"}


@dataclass(frozen=True)
class _Fonts:
    sans: str
    mono: str
    glyphs: frozenset[int]  # code points the sans font draws
    mono_glyphs: frozenset[int]


@functools.cache
def _fonts() -> _Fonts:
    """Register the PDF fonts once: DejaVu Sans (or ReportLab's Vera) as the family ``AssaySans`` with bold
    and italic, DejaVu Sans Mono (or Vera) as ``AssayMono``, and the CID fonts for CJK."""
    import reportlab
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfbase.ttfonts import TTFont

    def find(names: Sequence[str]) -> Path | None:
        for d in _FONT_DIRS:
            if all((d / n).is_file() for n in names):
                return d
        return None

    dejavu = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf")
    where = find(dejavu)
    files: Sequence[Path]
    if where is not None:
        files = [where / n for n in dejavu]
    else:
        vera = Path(reportlab.__file__).parent / "fonts"
        files = [vera / n for n in ("Vera.ttf", "VeraBd.ttf", "VeraIt.ttf", "VeraBI.ttf")]
    names = ("AssaySans", "AssaySans-Bold", "AssaySans-Italic", "AssaySans-BoldItalic")
    for name, path in zip(names, files):
        pdfmetrics.registerFont(TTFont(name, str(path)))
    addMapping("AssaySans", 0, 0, names[0])
    addMapping("AssaySans", 1, 0, names[1])
    addMapping("AssaySans", 0, 1, names[2])
    addMapping("AssaySans", 1, 1, names[3])
    mono_dir = find(("DejaVuSansMono.ttf",))
    mono_path = mono_dir / "DejaVuSansMono.ttf" if mono_dir else files[0]
    pdfmetrics.registerFont(TTFont("AssayMono", str(mono_path)))
    for cid in _CJK_FONTS.values():
        pdfmetrics.registerFont(UnicodeCIDFont(cid))

    def cmap(name: str) -> frozenset[int]:
        font = pdfmetrics.getFont(name)
        return frozenset(getattr(getattr(font, "face", None), "charToGlyph", {}) or ())

    return _Fonts("AssaySans", "AssayMono", cmap("AssaySans"), cmap("AssayMono"))


def _cjk_font(ch: str) -> str | None:
    cp = ord(ch)
    if 0xAC00 <= cp <= 0xD7AF or 0x1100 <= cp <= 0x11FF or 0x3130 <= cp <= 0x318F:
        return _CJK_FONTS["ko"]
    if 0x3040 <= cp <= 0x30FF or 0x31F0 <= cp <= 0x31FF or 0xFF65 <= cp <= 0xFF9F:
        return _CJK_FONTS["ja"]
    if (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x3000 <= cp <= 0x303F or 0xFF00 <= cp <= 0xFFEF
            or 0xF900 <= cp <= 0xFAFF or 0x20000 <= cp <= 0x2FA1F):
        return _CJK_FONTS["zh"]
    return None


def _pdf_text(text: str, glyphs: frozenset[int]) -> str:
    """``text`` escaped for a ReportLab paragraph, CJK characters the main font lacks wrapped in their CID
    font."""
    out: list[str] = []
    buf: list[str] = []
    current: str | None = None
    for ch in text:
        font = None if ord(ch) in glyphs or ch in "\n\t " else _cjk_font(ch)
        if font != current and buf:
            piece = xml_escape("".join(buf))
            out.append(f'<font face="{current}">{piece}</font>' if current else piece)
            buf = []
        current = font
        buf.append(ch)
    if buf:
        piece = xml_escape("".join(buf))
        out.append(f'<font face="{current}">{piece}</font>' if current else piece)
    return "".join(out).replace("\n", "<br/>")


_CITE = re.compile(r"\[(\d{1,4})\]")


def _pdf_markup(runs: Sequence[Run], fonts: _Fonts, anchors: set[int], link_cites: bool = True) -> str:
    """ReportLab paragraph markup for ``runs``; ``[n]`` outside code links to ``#source-n`` when n is in
    ``anchors``."""
    parts: list[str] = []
    for run in runs:
        if run.code:
            body = f'<font face="{fonts.mono}">{_pdf_text(run.text, fonts.mono_glyphs)}</font>'
        elif link_cites and run.href is None and anchors:
            pieces: list[str] = []
            last = 0
            for m in _CITE.finditer(run.text):
                if int(m.group(1)) not in anchors:
                    continue
                pieces.append(_pdf_text(run.text[last:m.start()], fonts.glyphs))
                pieces.append(f'<a href="#source-{m.group(1)}" color="#1a4f8b">{m.group(0)}</a>')
                last = m.end()
            pieces.append(_pdf_text(run.text[last:], fonts.glyphs))
            body = "".join(pieces)
        else:
            body = _pdf_text(run.text, fonts.glyphs)
        if run.strike:
            body = f"<strike>{body}</strike>"
        if run.italic:
            body = f"<i>{body}</i>"
        if run.bold:
            body = f"<b>{body}</b>"
        if run.href and re.match(r"(?i)^(https?|mailto):", run.href):
            body = f'<a href="{xml_escape(run.href, {chr(34): "&quot;"})}" color="#1a4f8b">{body}</a>'
        parts.append(body)
    return "".join(parts)


def to_pdf(blocks: Sequence[Block], *, title: str) -> bytes:
    """The PDF of ``blocks`` (A4, 2 cm margins) with ``title`` as its metadata title. A layout that cannot be
    made (a table cell taller than a page) is retried with tables written as text rows. Raises: nothing on
    any text."""
    from reportlab.platypus.doctemplate import LayoutError

    try:
        return _build_pdf(blocks, title=title, tables_as_text=False)
    except LayoutError:
        return _build_pdf(blocks, title=title, tables_as_text=True)


def _build_pdf(blocks: Sequence[Block], *, title: str, tables_as_text: bool) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_CENTER, TA_RIGHT
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import cm
    from reportlab.platypus import (
        Flowable,
        HRFlowable,
        Indenter,
        ListFlowable,
        ListItem,
        Paragraph,
        Preformatted,
        SimpleDocTemplate,
        Spacer,
        TableStyle,
    )
    from reportlab.platypus import Table as RlTable

    fonts = _fonts()
    sheet = getSampleStyleSheet()
    body = ParagraphStyle("AssayBody", parent=sheet["BodyText"], fontName=fonts.sans, fontSize=10, leading=14,
                          bulletFontName=fonts.sans)
    heads = {lvl: ParagraphStyle(f"AssayH{lvl}", parent=sheet[f"Heading{min(lvl, 4)}"], fontName="AssaySans-Bold")
             for lvl in range(1, 7)}
    code_style = ParagraphStyle("AssayCode", parent=sheet["Code"], fontName=fonts.mono, fontSize=8.5, leading=11,
                                backColor=colors.HexColor("#f4f4f4"))
    cell = ParagraphStyle("AssayCell", parent=body, fontSize=9, leading=12)
    aligned = {"right": ParagraphStyle("AssayCellR", parent=cell, alignment=TA_RIGHT),
               "center": ParagraphStyle("AssayCellC", parent=cell, alignment=TA_CENTER)}
    anchors = source_anchors(blocks)
    defined: set[int] = set()
    width = A4[0] - 4 * cm

    def para(runs: Sequence[Run], style: ParagraphStyle, *, section: str | None = None) -> Paragraph:
        markup = _pdf_markup(runs, fonts, anchors)
        m = _LEADING_MARKER.match(plain(runs))
        if section == "sources" and m and int(m.group(1)) in anchors and int(m.group(1)) not in defined:
            defined.add(int(m.group(1)))
            markup = f'<a name="source-{m.group(1)}"/>' + markup
        return Paragraph(markup or "&nbsp;", style)

    def flow(items: Sequence[Block], section: str | None, sections: Sequence[str | None] | None = None
             ) -> list[Flowable]:
        out: list[Flowable] = []
        for i, b in enumerate(items):
            sec = sections[i] if sections is not None else section
            if isinstance(b, Heading):
                out.append(para(b.runs, heads[max(1, min(6, b.level))]))
            elif isinstance(b, Para):
                out.append(para(b.runs, body, section=sec))
            elif isinstance(b, ListBlock):
                # (ListItem is no Flowable in the stubs, though ListFlowable takes it)
                entries: list[Any] = [ListItem(flow(item, sec) or [Paragraph("&nbsp;", body)]) for item in b.items]
                if b.ordered:
                    out.append(ListFlowable(entries, bulletType="1", start=b.start, bulletFontName=fonts.sans,
                                            bulletFontSize=10))
                else:
                    out.append(ListFlowable(entries, bulletType="bullet", start="•", bulletFontName=fonts.sans,
                                            bulletFontSize=10))
            elif isinstance(b, Table):
                if tables_as_text or not b.header:
                    for row in [b.header, *b.rows]:
                        out.append(para([r for c in row for r in (*c, Run(" | "))][:-1] or [Run("")], body))
                    continue
                cols = len(b.header)

                def cell_of(runs: list[Run], col: int, header: bool = False, align: list[str] = b.align
                            ) -> Paragraph:
                    style = aligned.get(align[col] if col < len(align) else "", cell)
                    shown = [Run(r.text, True, r.italic, r.code, r.strike, r.href) for r in runs] if header else runs
                    return Paragraph(_pdf_markup(shown, fonts, anchors) or "&nbsp;", style)

                data = [[cell_of(c, j, True) for j, c in enumerate(b.header)],
                        *[[cell_of(c, j) for j, c in enumerate(row)] for row in b.rows]]
                table = RlTable(data, colWidths=[width / cols] * cols, repeatRows=1)
                table.setStyle(TableStyle([
                    ("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#999999")),
                    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]))
                out += [table, Spacer(1, 6)]
            elif isinstance(b, Code):
                out.append(Preformatted(strip_control(b.text) or " ", code_style, maxLineLength=100))
            elif isinstance(b, Quote):
                out += [Indenter(left=18), *flow(b.blocks, sec), Indenter(left=-18)]
            elif isinstance(b, Rule):
                out.append(HRFlowable(width="100%", thickness=0.5, color=colors.HexColor("#999999")))
        return out

    story = flow(blocks, None, _section_kinds(blocks)) or [Paragraph("&nbsp;", body)]
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=2 * cm, rightMargin=2 * cm, topMargin=2 * cm,
                            bottomMargin=2 * cm, title=title, author="Assay", creator="Assay")
    doc.build(story)
    return buf.getvalue()


# --- DOCX (python-docx) ----------------------------------------------------------------------------------------


def to_docx(blocks: Sequence[Block], *, title: str) -> bytes:
    """The DOCX of ``blocks`` with ``title`` as its core title: headings as Word headings, lists in the List
    Bullet / List Number styles (three levels), tables in Table Grid, code in Courier New. Raises: nothing on
    any text."""
    from docx import Document
    from docx.shared import Pt, RGBColor
    from docx.table import _Cell
    from docx.text.paragraph import Paragraph as DocxParagraph

    document = Document()
    document.core_properties.title = title[:255]
    document.core_properties.author = "Assay"

    def add_runs(p: DocxParagraph, runs: Sequence[Run], *, bold: bool = False) -> None:
        for r in runs:
            text = strip_control(r.text)
            if r.href and r.href != text and re.match(r"(?i)^(https?|mailto):", r.href):
                text = f"{text} ({r.href})"
            run = p.add_run(text)
            run.bold = r.bold or bold or None
            run.italic = r.italic or None
            if r.strike:
                run.font.strike = True
            if r.code:
                run.font.name = "Courier New"
                run.font.size = Pt(9)
            if r.href:
                run.font.underline = True
                run.font.color.rgb = RGBColor(0x1A, 0x4F, 0x8B)

    def style_or(name: str, fallback: str) -> str:
        names = {s.name for s in document.styles}
        return name if name in names else fallback

    def add(items: Sequence[Block], container: Any, depth: int = 0, list_style: str | None = None,
            quote: bool = False) -> None:
        for b in items:
            if isinstance(b, Heading) and container is document:
                add_runs(document.add_heading("", level=max(1, min(9, b.level))), b.runs)
            elif isinstance(b, (Heading, Para)):
                style = list_style or (style_or("Quote", "Normal") if quote else None)
                p = container.add_paragraph(style=style) if style else container.add_paragraph()
                add_runs(p, b.runs, bold=isinstance(b, Heading))
                list_style = None  # only an item's first paragraph carries the bullet
            elif isinstance(b, ListBlock):
                base = "List Number" if b.ordered else "List Bullet"
                level = min(depth + 1, 3)
                name = style_or(base if level == 1 else f"{base} {level}", base)
                for item in b.items:
                    add(item or [Para([])], container, depth + 1, name, quote)
            elif isinstance(b, Table):
                cols = max(1, len(b.header))
                table = container.add_table(rows=1 + len(b.rows), cols=cols)
                table.style = style_or("Table Grid", table.style.name if table.style else "Normal Table")
                for i, row in enumerate([b.header, *b.rows]):
                    for j in range(cols):
                        c: _Cell = table.cell(i, j)
                        add_runs(c.paragraphs[0], row[j] if j < len(row) else [], bold=i == 0)
            elif isinstance(b, Code):
                p = container.add_paragraph()
                run = p.add_run(strip_control(b.text))
                run.font.name = "Courier New"
                run.font.size = Pt(9)
            elif isinstance(b, Quote):
                add(b.blocks, container, depth, None, True)
            elif isinstance(b, Rule):
                container.add_paragraph("⁂")

    add(blocks, document)
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()
