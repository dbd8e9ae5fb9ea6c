"""Report export to Markdown, PDF and DOCX (services/gateway/export.py), read back with pypdf and python-docx."""

from __future__ import annotations

import io
import re

import docx
import pytest
from pypdf import PdfReader

from services.gateway.export import (
    ReportDocument,
    Table,
    UnknownExportFormat,
    _fonts,
    document_markdown,
    export_report,
    parse_blocks,
)
from shared.evidence import Citation

SOURCE_A = "Rush is a Canadian rock band. Its song Counterparts was released in 1993."
SOURCE_B = "Neil Peart was the drummer of Rush. He entered the Modern Drummer Hall of Fame in 1983."
REPORT = """# Which band released Counterparts?

## Answer

Rush is a Canadian rock band [1]. Its drummer entered the Modern Drummer Hall of Fame in 1983 [2].

## Findings

- Neil Peart was the drummer of Rush [2].
  1. nested **bold** and `code`

| Member | Role |
| --- | ---: |
| Peart | drums | extra cell |
| Lifeson |

> A quote with <script>alert(1)</script>

```
print("hello")
```

## Sources

- [1] Rush — https://example.org/rush
- [2] Neil Peart — https://example.org/peart
"""


def citation(n: int, source: str, text: str, quote: str, claim: str) -> Citation:
    start = text.index(quote)
    return Citation(n=n, source_id=source, claim_id=claim, start=start, end=start + len(quote), quote=quote)


def document(markdown: str = REPORT, **extra: object) -> ReportDocument:
    return ReportDocument.model_validate({
        "run_id": "5415b2a4-0be4-4468-80c3-43285f63d9f8", "question": "Which band released Counterparts?",
        "markdown": markdown,
        "citations": [citation(1, "a", SOURCE_A, "Rush is a Canadian rock band.", "c1"),
                      citation(2, "b", SOURCE_B, "He entered the Modern Drummer Hall of Fame in 1983.", "c2")],
        "sources": [{"source_id": "a", "title": "Rush", "url": "https://example.org/rush"},
                    {"source_id": "b", "title": "Neil Peart", "url": "https://example.org/peart"}],
        **extra})


def pdf_text(content: bytes) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(content)).pages)


def docx_text(content: bytes) -> tuple[list[str], list[list[str]]]:
    d = docx.Document(io.BytesIO(content))
    return [p.text for p in d.paragraphs], [[c.text for c in row.cells] for t in d.tables for row in t.rows]


def test_markdown_export_keeps_the_report_sources_and_adds_the_evidence() -> None:
    out = export_report(document(), "md")
    assert out.filename == "assay-report-5415b2a4.md" and out.media_type.startswith("text/markdown")
    text = out.content.decode("utf-8")
    assert text.startswith("# Which band released Counterparts?")
    assert "- [1] Rush — https://example.org/rush" in text and "## Evidence" in text
    assert "- [2] “He entered the Modern Drummer Hall of Fame in 1983.” — Neil Peart" in text
    assert "| Peart | drums | extra cell |" in text and "| Lifeson |  |  |" in text  # padded, nothing lost


def test_pdf_export_reads_back_with_citations_sources_and_table_cells() -> None:
    out = export_report(document(), "pdf")
    assert out.content.startswith(b"%PDF") and out.media_type == "application/pdf"
    text = pdf_text(out.content)
    for needle in ("Which band released Counterparts?", "Rush is a Canadian rock band [1]",
                   "Hall of Fame in 1983 [2]", "[1] Rush — https://example.org/rush",
                   "[2] Neil Peart — https://example.org/peart", "extra cell", "Lifeson",
                   "<script>alert(1)</script>", 'print("hello")', "Evidence"):
        assert needle in text, needle
    reader = PdfReader(io.BytesIO(out.content))
    assert reader.metadata is not None and reader.metadata.title == "Which band released Counterparts?"
    links = [a.get_object() for p in reader.pages for a in (p.get("/Annots") or [])]
    assert len(links) >= 3  # the [n] markers link to their entries in the source list


def test_docx_export_reads_back_with_citations_sources_and_table_cells() -> None:
    out = export_report(document(), "docx")
    assert out.filename.endswith(".docx") and out.content[:2] == b"PK"
    paragraphs, cells = docx_text(out.content)
    body = "\n".join(paragraphs)
    for needle in ("Rush is a Canadian rock band [1].", "Hall of Fame in 1983 [2].",
                   "[1] Rush — https://example.org/rush", "[2] Neil Peart — https://example.org/peart",
                   "<script>alert(1)</script>", 'print("hello")', "Evidence", "nested bold and code"):
        assert needle in body, needle
    assert ["Peart", "drums", "extra cell"] in cells and ["Lifeson", "", ""] in cells
    d = docx.Document(io.BytesIO(out.content))
    assert d.core_properties.title == "Which band released Counterparts?"
    styles = {p.style.name for p in d.paragraphs if p.style is not None}
    assert {"Heading 1", "Heading 2", "List Bullet"} <= styles


@pytest.mark.parametrize("fmt", ["markdown", "pdf", "docx"])
def test_hostile_text_exports_without_error(fmt: str) -> None:
    nasty = ("# T\x00itle\x07\n\n| a |\n|---|\n| 1 | 2 | 3 | 4 |\n|\n\n"
             "中文 日本語のかな 한국어 Ελληνικά Русский مرحبا\n\n" + "| x | y |\n|--|--|\n| " + "long " * 2000 + " | z |\n\n"
             "- " + "w" * 3000 + "\n\n[bad](javascript:alert(1)) & < > \" '\n\n" + "```\n" + "q" * 500 + "\n```\n")
    out = export_report(document(nasty), fmt)
    assert out.content
    if fmt == "pdf":
        text = pdf_text(out.content)
        assert "中文" in text and "[1]" in text
        if ord("Р") in _fonts().glyphs:  # DejaVu Sans (fonts-dejavu-core, installed by .ci/run); Vera has no Cyrillic
            assert "Русский" in text and "Ελληνικά" in text
    elif fmt == "docx":
        paragraphs, cells = docx_text(out.content)
        assert "Title" in paragraphs[0] and ["1", "2", "3", "4"] in cells
    else:
        assert "\x00" not in out.content.decode() and "| 1 | 2 | 3 | 4 |" in out.content.decode()


def test_a_report_without_a_source_list_gets_one_from_the_run_sources() -> None:
    text = document_markdown(document("Rush is a band [1]. Peart drummed [2]."))
    assert re.search(r"## Sources\n\n- \[1\] Rush — https://example\.org/rush\n- \[2\] Neil Peart", text)
    assert text.count("## Sources") == 1
    assert document_markdown(document()).count("## Sources") == 1


def test_from_result_reads_the_run_result_shape_and_refuses_a_run_without_report() -> None:
    result = {"run_id": "r1", "question": "q?", "report": "# q?\n\nx [1].",
              "citations": [{"n": 1, "source_id": "s", "claim_id": "c", "start": 0, "end": 1, "quote": "x"}],
              "sources": [{"source_id": "s", "title": "T", "url": "doc:abc", "final_url": "https://e.org/t"}]}
    doc = ReportDocument.from_result(result)
    assert doc.sources[0].url == "https://e.org/t" and doc.citations[0].n == 1
    with pytest.raises(ValueError, match="no report"):
        ReportDocument.from_result({**result, "report": None})


def test_unknown_format_is_refused_with_the_accepted_ones() -> None:
    with pytest.raises(UnknownExportFormat, match="markdown, md, pdf, docx"):
        export_report(document(), "odt")


def test_blocks_of_a_ragged_table_are_rectangular() -> None:
    tables = [b for b in parse_blocks("| a |\n|---|\n| 1 | 2 |\n| 3 |") if isinstance(b, Table)]
    assert len(tables) == 1 and len(tables[0].header) == 2 and all(len(r) == 2 for r in tables[0].rows)
