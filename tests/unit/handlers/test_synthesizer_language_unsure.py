"""Trial t71 Q10: "What is missing" said "1 of the 2 sources cited is in Nigerian Pidgin" of an English PDF (a
results table, recorded ``en``): its one quoted line ("Played <dates>, <hall>, <town>.", names and dates) was
re-detected alone, and the detector, unsure on so little prose, put Nigerian Pidgin first. A source's quoted
statements are given another language than the source's own only when the detector is sure of it; and a PDF whose
Info title is a tool's placeholder ("(anonymous)") takes its first heading line, else its file name (invented names
throughout)."""

from __future__ import annotations

import io
from pathlib import Path

from services.scraper.fetch._content import clean_pdf_title
from services.scraper.fetch.files import document_author, parse_file
from services.synthesizer.handlers import quoted_languages, statements_language
from services.synthesizer.provenance import language_gap
from shared.evidence import Claim
from shared.text.tokens import detect_language

#: a results sheet's line of dates and names: too little prose for the detector to be sure of its language
TABLE_LINE = "Held 9-10 October 2024, Corn Exchange Hall, Fennickbridge Market."
SID = "5d1c8f7e-0000-4000-8000-000000000001"


def test_a_table_line_keeps_the_sources_own_language() -> None:
    assert detect_language(TABLE_LINE) != "en"  # the detector alone, unsure, guesses another language
    assert statements_language(TABLE_LINE, "en") == "en"
    assert statements_language(TABLE_LINE, None) is not None  # no recorded language: the detector's guess stands


def test_a_statement_surely_in_another_language_is_still_said_so() -> None:
    assert statements_language("Der Schachverein Fennickbridge hat heute 152 Mitglieder und trifft sich jeden "
                               "Dienstag im alten Rathaus.", "en") == "de"
    assert statements_language("Il circolo di Fennickbridge ha oggi 152 soci e si riunisce ogni martedì nel "
                               "vecchio municipio.", "en") == "it"


def test_the_report_citing_an_english_results_sheet_names_no_other_language() -> None:
    class _Source:
        language = "en"

    class _Run:
        sources = {SID: _Source()}

    citations = [{"n": 1, "source_id": SID, "claim_id": "c-line", "quote": TABLE_LINE}]
    claims = [Claim(claim_id="c-line", source_id=SID, text=TABLE_LINE, start=0, end=len(TABLE_LINE))]
    markdown = f"# Q\n\n## Answer\n\nNot established.\n\n## Findings\n\n- {TABLE_LINE} [1]\n\n## Sources\n\n- [1] a\n"
    langs = quoted_languages(markdown, citations, claims, _Run())  # type: ignore[arg-type]
    assert langs == ["en"]
    assert language_gap("en", langs, cited=True) == []


def _pdf(path: Path, *, title: str | None, author: str | None) -> Path:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    if title is not None:
        c.setTitle(title)
    if author is not None:
        c.setAuthor(author)
    y = 800
    for line in ("Fennickbridge Rapid 2024 - Final standings", "",
                 "Held 9-10 October 2024 in the Corn Exchange Hall. 64 entries.",
                 "Maren Oakhurst-Vell won the Fennickbridge Rapid 2024 with 6 points."):
        c.drawString(72, y, line)
        y -= 14
    c.showPage()
    c.save()
    path.write_bytes(buf.getvalue())
    return path


def test_a_placeholder_pdf_title_is_no_title() -> None:
    for junk in ("(anonymous)", "(unspecified)", "(untitled)", "anonymous", "Untitled"):
        assert clean_pdf_title(junk) is None, junk
    assert clean_pdf_title("Fennickbridge Rapid 2024 - Final standings") == "Fennickbridge Rapid 2024 - Final standings"


def test_a_pdf_without_a_title_takes_its_first_heading_line(tmp_path: Path) -> None:
    # reportlab writes "(anonymous)" as the Info title and author when none is set
    doc = parse_file(_pdf(tmp_path / "rapid-results.pdf", title=None, author=None))
    assert doc.title == "Fennickbridge Rapid 2024 - Final standings"
    assert document_author(tmp_path / "rapid-results.pdf") is None
    titled = parse_file(_pdf(tmp_path / "titled.pdf", title="Rapid results", author="Maren Oakhurst-Vell"))
    assert titled.title == "Rapid results"
    assert document_author(tmp_path / "titled.pdf") == "Maren Oakhurst-Vell"
