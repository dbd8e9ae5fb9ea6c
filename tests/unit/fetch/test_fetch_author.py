"""A local file keeps the author its own metadata names (issue 9, trial t51 F9: ``<meta name="author">`` and the
PDF/DOCX author were dropped although the README says each source keeps its author)."""

from __future__ import annotations

import io
from pathlib import Path

import docx
import pypdf

from services.scraper.fetch._content import clean_author, extract_pdf
from services.scraper.fetch.files import document_author

TEXT = "The weaving hall has fourteen working Jacquard looms."


def test_an_html_file_keeps_its_meta_author(tmp_path: Path) -> None:
    path = tmp_path / "news.html"
    path.write_text('<html><head><title>Roof</title><meta name="author" content="Paolo Renzi"></head>'
                    f"<body><p>{TEXT}</p></body></html>", encoding="utf-8")
    assert document_author(path) == "Paolo Renzi"


def test_a_pdf_keeps_its_info_author(tmp_path: Path) -> None:
    writer = pypdf.PdfWriter()
    writer.add_blank_page(width=200, height=200)
    writer.add_metadata({"/Author": "Marta Quaglia", "/Title": "Annual report 2023"})
    buffer = io.BytesIO()
    writer.write(buffer)
    path = tmp_path / "report.pdf"
    path.write_bytes(buffer.getvalue())
    assert document_author(path) == "Marta Quaglia"


def test_a_word_document_keeps_its_core_author(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_paragraph(TEXT)
    document.core_properties.author = "Fondazione Ferrante-Moro"
    path = tmp_path / "press-kit.docx"
    document.save(str(path))
    assert document_author(path) == "Fondazione Ferrante-Moro"
    unset = docx.Document()  # the tool's own name is no author
    unset.add_paragraph(TEXT)
    unset.save(str(tmp_path / "unset.docx"))
    assert document_author(tmp_path / "unset.docx") is None


def test_files_without_author_metadata_have_none(tmp_path: Path) -> None:
    (tmp_path / "faq.txt").write_text(f"Museum FAQ\n\n{TEXT}\n", encoding="utf-8")
    (tmp_path / "page.html").write_text(f"<html><head><title>Loom</title></head><body><p>{TEXT}</p></body></html>",
                                        encoding="utf-8")
    assert document_author(tmp_path / "faq.txt") is None
    assert document_author(tmp_path / "page.html") is None
    assert document_author(tmp_path / "gone.pdf") is None


def _pdf_by(author: str) -> bytes:
    writer = pypdf.PdfWriter()
    writer.add_blank_page(width=200, height=200)
    writer.add_metadata({"/Author": author, "/Title": "Loom survey"})
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def test_one_reader_of_a_tools_placeholder_author(tmp_path: Path) -> None:
    # task h148 (review of stop 44, F9): the PDF reader and the local file reader drop the same placeholders
    for junk in ("Administrator", "Microsoft Office User", "(anonymous)", "Unknown", "python-docx", "  ", "none"):
        assert clean_author(junk) is None, junk
        path = tmp_path / "survey.pdf"
        path.write_bytes(_pdf_by(junk))
        assert document_author(path) is None, junk
        assert extract_pdf(path.read_bytes()).author is None, junk
    assert clean_author("  Marta   Quaglia ") == "Marta Quaglia"
    assert extract_pdf(_pdf_by("Marta Quaglia")).author == "Marta Quaglia"
