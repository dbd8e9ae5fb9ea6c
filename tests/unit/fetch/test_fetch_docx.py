"""``.docx`` ingest: Word documents in nested folders are found and read (paragraphs, headings, tables); a
broken one is refused with the reason."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from services.scraper.fetch import FetchError, iter_corpus_files, parse_file


def _write_docx(path: Path, *, title: str | None) -> None:
    document = docx.Document()
    if title:
        document.core_properties.title = title
    document.add_heading("Lighthouse keepers of Skarholm", level=1)
    document.add_paragraph("Ingrid Solberg kept the Varden lighthouse lamp burning for forty-one years.")
    document.add_paragraph("")
    document.add_paragraph("The lighthouse was automated in 1962.")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Keeper", "Years"
    table.cell(1, 0).text, table.cell(1, 1).text = "Ingrid Solberg", "1893-1934"
    path.parent.mkdir(parents=True, exist_ok=True)
    document.save(str(path))


def test_docx_in_nested_folders_is_found_and_read(tmp_path: Path) -> None:
    _write_docx(tmp_path / "a" / "b" / "keepers.docx", title=None)
    _write_docx(tmp_path / "notes.DOCX", title="Keepers (core title)")
    (tmp_path / "a" / "readme.txt").write_text("Plain notes about lighthouses.\n")
    found = iter_corpus_files(tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in found] == ["a/b/keepers.docx", "a/readme.txt", "notes.DOCX"]
    doc = parse_file(tmp_path / "a" / "b" / "keepers.docx")
    assert doc.title == "Lighthouse keepers of Skarholm"  # no core title: the first heading
    assert doc.content_type.endswith("wordprocessingml.document")
    assert doc.text.split("\n\n")[:3] == ["Lighthouse keepers of Skarholm",
                                          "Ingrid Solberg kept the Varden lighthouse lamp burning for forty-one years.",
                                          "The lighthouse was automated in 1962."]
    assert "Ingrid Solberg | 1893-1934" in doc.text
    assert parse_file(tmp_path / "notes.DOCX").title == "Keepers (core title)"


def test_a_broken_docx_is_refused_with_the_reason(tmp_path: Path) -> None:
    bad = tmp_path / "broken.docx"
    bad.write_bytes(b"PK\x03\x04" + b"\x00" * 64)
    with pytest.raises(FetchError) as err:
        parse_file(bad)
    assert err.value.reason == "unsupported_content" and "broken.docx" in str(err.value)
