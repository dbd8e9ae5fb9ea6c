"""parse_file / parse_json_records / iter_corpus_files."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pypdf
import pytest

from services.scraper.fetch import FetchError, iter_corpus_files, parse_file, parse_json_records
from services.scraper.fetch._content import normalize_text


def _reason(path: Path) -> FetchError:
    with pytest.raises(FetchError) as info:
        parse_file(path)
    return info.value


def test_binary_file(tmp_path: Path, fetch_data) -> None:
    png = tmp_path / "picture.txt"  # suffix lies; content is an image
    png.write_bytes(fetch_data.png_bytes)
    assert _reason(png).reason == "binary_file"
    nul = tmp_path / "data.md"
    nul.write_bytes(b"header\x00\x01\x02\x00\x00body" * 10)
    assert _reason(nul).reason == "binary_file"


@pytest.mark.parametrize("content", [b"", b"   \n\t\r\n  "])
def test_empty_file(tmp_path: Path, content: bytes) -> None:
    f = tmp_path / "empty.txt"
    f.write_bytes(content)
    assert _reason(f).reason == "empty_file"


def test_missing_file(tmp_path: Path) -> None:
    assert _reason(tmp_path / "nope.txt").reason == "not_found"


def test_not_utf8_latin1(tmp_path: Path) -> None:
    f = tmp_path / "latin.txt"
    f.write_bytes("Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e".encode("latin-1"))
    err = _reason(f)
    assert err.reason == "not_utf8"
    assert "latin.txt" in err.message
    assert "byte offset 3" in err.message  # 'é' (0xe9) right after "Caf"


def test_utf8_with_bom_and_whitespace_normalised(tmp_path: Path) -> None:
    f = tmp_path / "notes.txt"
    f.write_bytes("\ufeffFirst   line\twith  tabs.\r\n\r\n\r\n\r\nSecond paragraph \u2014 done.".encode())
    doc = parse_file(f)
    assert doc.content_type == "text/plain"
    assert doc.title == "notes"
    assert doc.text == "First line with tabs.\n\nSecond paragraph \u2014 done."


def test_html_fixture(fixtures_dir: Path) -> None:
    doc = parse_file(fixtures_dir / "page.html")
    assert doc.content_type == "text/html"
    assert doc.title.startswith("Oyster Reef Restoration")
    assert "live oyster density tripled" in doc.text
    assert "sanctuary status" in doc.text
    assert "\n\n" in doc.text


def test_real_html_page_without_html_suffix(tmp_path: Path, fetch_data) -> None:
    f = tmp_path / "saved_page.txt"  # sniffed as HTML from the content
    shutil.copyfile(fetch_data.article_html, f)
    doc = parse_file(f)
    assert doc.content_type == "text/html"
    assert doc.title == "Just-released Minecraft exploit makes it easy to crash game servers"
    assert "Named Binary Tag (NBT)" in doc.text


def test_html_without_text(tmp_path: Path) -> None:
    f = tmp_path / "blank.html"
    f.write_text("<html><head><style>p{}</style></head><body><script>x()</script></body></html>")
    assert _reason(f).reason == "empty_text"


def test_html_title_falls_back_to_stem(tmp_path: Path) -> None:
    f = tmp_path / "untitled-page.htm"
    f.write_text("<html><body><p>Only a paragraph of content about estuaries and their tides.</p></body></html>")
    doc = parse_file(f)
    assert doc.title == "untitled-page"
    assert doc.text == "Only a paragraph of content about estuaries and their tides."


def test_markdown(fixtures_dir: Path) -> None:
    doc = parse_file(fixtures_dir / "notes.md")
    assert doc.content_type == "text/markdown"
    assert doc.title == "Field Notes on Estuary Salinity"
    assert "Salinity in the upper estuary drops sharply after spring floods." in doc.text
    assert "## Method\n\nSamples were taken at six stations" in doc.text


def test_json_record_list(fixtures_dir: Path) -> None:
    path = fixtures_dir / "records.json"
    docs = parse_json_records(path)
    assert [d.title for d in docs] == ["Tidal Mixing Basics", "Sediment Transport", "records #2"]
    assert docs[0].text == "Tidal mixing moves salt water upstream during flood tides."
    assert docs[1].text == "Fine sediment settles where fresh and salt water meet."  # from "content"
    assert docs[2].text == "A record without a title still yields a document."  # from "body"
    assert [d.path for d in docs] == ["https://example.org/a", f"{path}#1", f"{path}#2"]  # a record's url wins
    assert all(d.content_type == "application/json" for d in docs)
    # parse_file on the same list gives one combined document
    whole = parse_file(path)
    assert whole.title == "records"
    assert "Tidal Mixing Basics\n\nTidal mixing moves salt water" in whole.text
    assert "Fine sediment settles" in whole.text


def test_json_single_object_and_other(tmp_path: Path) -> None:
    obj = tmp_path / "one.json"
    obj.write_text('{"title": "Salt Wedges", "body": "Salt  wedges form in   stratified estuaries."}')
    doc = parse_file(obj)
    assert (doc.title, doc.text) == ("Salt Wedges", "Salt wedges form in stratified estuaries.")
    assert parse_json_records(obj) == [doc]

    other = tmp_path / "stats.json"
    other.write_text('{"stations":[1,2],"name":"Bay \\u00e9"}')
    doc2 = parse_file(other)
    assert doc2.title == "Bay \u00e9"  # what the record names itself
    assert doc2.content_type == "application/json"
    assert doc2.text == "Bay \u00e9\n\nStations\n\n- 1\n- 2"  # its values, never its syntax


def test_pdf(fetch_data) -> None:
    doc = parse_file(fetch_data.report_pdf)
    assert doc.content_type == "application/pdf"
    assert doc.title == "PDF Example Document"  # from the PDF Info dictionary
    assert "Beautiful is better than ugly." in doc.text
    assert "Errors should never pass silently." in doc.text


def test_pdf_sniffed_without_suffix(tmp_path: Path, fetch_data) -> None:
    f = tmp_path / "report.bin"
    shutil.copyfile(fetch_data.report_pdf, f)
    doc = parse_file(f)
    assert doc.content_type == "application/pdf"
    assert "Readability counts." in doc.text


def test_multipage_pdf_pages_joined_with_blank_line(fetch_data) -> None:
    src = fetch_data.multicolumn_pdf
    doc = parse_file(src)
    reader = pypdf.PdfReader(src)
    assert len(reader.pages) == 3
    first_page = normalize_text(reader.pages[0].extract_text())
    second_page = normalize_text(reader.pages[1].extract_text())
    assert doc.text.startswith(first_page + "\n\n" + second_page[:200])
    assert "\n\n\n" not in doc.text and "  " not in doc.text


def test_pdf_without_text(tmp_path: Path) -> None:
    writer = pypdf.PdfWriter()
    writer.add_blank_page(width=200, height=200)
    buf = io.BytesIO()
    writer.write(buf)
    f = tmp_path / "scan.pdf"
    f.write_bytes(buf.getvalue())
    assert _reason(f).reason == "empty_text"


def test_corrupt_pdf(tmp_path: Path) -> None:
    f = tmp_path / "broken.pdf"
    f.write_bytes(b"%PDF-1.4\n" + b"garbage " * 50)
    assert _reason(f).reason in ("unsupported_content", "empty_text")


def test_iter_corpus_files(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / ".git").mkdir()
    files = {
        "a.txt": "x",
        "b/c.md": "x",
        "b/d.HTML": "x",
        "b/e.json": "x",
        "z.pdf": "x",
        "page.htm": "x",
        "image.png": "x",
        ".hidden.txt": "x",
        ".git/config.txt": "x",
        "b/.secret.md": "x",
    }
    for name, content in files.items():
        (tmp_path / name).write_text(content)
    got = [p.relative_to(tmp_path).as_posix() for p in iter_corpus_files(tmp_path)]
    assert got == ["a.txt", "b/c.md", "b/d.HTML", "b/e.json", "page.htm", "z.pdf"]
    assert iter_corpus_files(tmp_path / "a.txt") == [tmp_path / "a.txt"]
    with pytest.raises(FetchError) as info:
        iter_corpus_files(tmp_path / "missing")
    assert info.value.reason == "not_found"


def test_plain_text_title_is_its_short_first_line(tmp_path: Path) -> None:
    guide = tmp_path / "visitor_guide.txt"
    guide.write_text("Skerra Visitor Guide - Things to See\n\nTickets cost 8 euros for adults.\n", encoding="utf-8")
    assert parse_file(guide).title == "Skerra Visitor Guide - Things to See"


@pytest.mark.parametrize("text", [
    "The lighthouse was first lit in 1887.\nIt stands on the northern headland.\n",  # a sentence, not a title
    "Only one line of text without an end\n",  # nothing after it
    " ".join(["word"] * 20) + "\nmore text follows here.\n",  # too long for a title
])
def test_plain_text_without_a_title_line_is_named_by_its_file(tmp_path: Path, text: str) -> None:
    doc = tmp_path / "notes_2024.txt"
    doc.write_text(text, encoding="utf-8")
    assert parse_file(doc).title == "notes_2024"
