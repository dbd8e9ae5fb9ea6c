"""Issue 9, trial t51 F4/F5: a visit page's title keeps the name of whose page it is, and a PDF's wrapped lines are
one sentence again and its table of yearly figures is a table (invented names throughout)."""

from __future__ import annotations

import io

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch._content import extract_html, extract_pdf, page_title

_VISIT = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Plan your visit | Orvesca Lantern Museum</title></head><body><main>
<h1>Plan your visit</h1>
<p>The Orvesca Lantern Museum welcomes visitors in the old customs house on the quay of Orvesca.</p>
<h2>Admission</h2>
<table><tr><th>Ticket</th><th>Price</th></tr>
<tr><td>Adults</td><td>€8.20</td></tr><tr><td>Students</td><td>€5.10</td></tr></table>
<p>Guided tours start every Sunday at eleven and are included in the ticket price.</p>
</main></body></html>"""


def test_page_name_title_keeps_the_named_part() -> None:
    assert page_title("Plan your visit", "Plan your visit | Orvesca Lantern Museum", None) \
        == "Plan your visit | Orvesca Lantern Museum"
    assert page_title("Tickets", "Orvesca Lantern Museum — Tickets", None) == "Orvesca Lantern Museum — Tickets"
    assert page_title("Plan your visit", "Plan your visit", "Orvesca Lantern Museum") \
        == "Plan your visit | Orvesca Lantern Museum"
    # a headline, a name, or a site named only by its address keep the title as it is
    assert page_title("Lantern makers gather on the quay for the festival", "Lantern makers gather on the quay for "
                      "the festival - Orvesca Courier", None) == "Lantern makers gather on the quay for the festival"
    assert page_title("Orvesca Lantern Museum", "Orvesca Lantern Museum | Home", None) == "Orvesca Lantern Museum"
    assert page_title("Plan your visit", None, "127.0.0.1:8080") == "Plan your visit"


def test_visit_page_price_rows_are_the_museums() -> None:
    page = extract_html(_VISIT)
    assert page.title == "Plan your visit | Orvesca Lantern Museum"
    texts = [c.text for c in extract_claims(page.text, title=page.title)]
    assert "The Orvesca Lantern Museum: admission, adults ticket price €8.20." in texts
    assert not any(t.startswith("Plan your visit") for t in texts)


def test_news_page_the_museum_is_the_one_its_opening_sentence_names() -> None:
    text = ("Lantern museum reopens after the harbour floods\n\n"
            "The Orvesca Lantern Museum reopened on Monday after three months of repairs to its cellars.\n\n"
            "The museum counted 21,430 visitors in 2024, its best year so far.")
    texts = [c.text for c in extract_claims(text, title="Lantern museum reopens after the harbour floods")]
    assert "The Orvesca Lantern Museum counted 21,430 visitors in 2024, its best year so far." in texts


def _report_pdf() -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    c.setTitle("Orvesca Lantern Museum - Annual Report 2024")
    c.setFont("Helvetica", 10)
    y = 800
    for line in ("2024 was a good year for the museum. The Orvesca Lantern",
                 "Museum welcomed 21,430 visitors, up from 18,020 in 2023, and the lantern workshop",
                 "was fully booked."):
        c.drawString(60, y, line)
        y -= 13
    y -= 30
    c.drawString(60, y, "Key figures 2022-2024")
    y -= 30
    for row in (("Year", "Visitors", "Workshops"), ("2022", "15,110", "64"), ("2023", "18,020", "71"),
                ("2024", "21,430", "88")):
        for x, cell in zip((60, 160, 260), row):
            c.drawString(x, y, cell)
        y -= 13
    c.showPage()
    c.save()
    return buf.getvalue()


def test_pdf_wrapped_sentence_is_whole_and_its_table_gives_row_claims() -> None:
    pdf = extract_pdf(_report_pdf())
    assert ("The Orvesca Lantern Museum welcomed 21,430 visitors, up from 18,020 in 2023, and the lantern workshop "
            "was fully booked.") in pdf.text
    assert "| Year | Visitors | Workshops |" in pdf.text and "| 2024 | 21,430 | 88 |" in pdf.text
    texts = [c.text for c in extract_claims(pdf.text, title=pdf.title)]
    assert any(t.startswith("The Orvesca Lantern Museum welcomed 21,430 visitors") for t in texts)
    assert "Year 2024: visitors 21,430, workshops 88." in texts


def test_a_report_title_with_its_year_names_the_reports_subject() -> None:
    from shared.text.terms import title_subject

    assert title_subject("Orvesca Lantern Museum - Annual Report 2024", tail=False, frame=False) \
        == "Orvesca Lantern Museum"
    assert title_subject("Orvesca Lantern Museum: Key Figures 2019-2024", tail=False, frame=False) \
        == "Orvesca Lantern Museum"
    assert title_subject("Star Wars: The Force Awakens", tail=False, frame=False) is None
