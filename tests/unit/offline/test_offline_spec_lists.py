"""A key-value spec table ("<th>Weight</th><td>800 g</td>" rows, no header row) reaches the general text as
"Weight | 800 g" lines, whichever way the page is extracted, and each row is a claim about the page's subject whose
evidence takes in the lines naming it, so the verifier can check it (issue 15, trial t27 fault 8:
``services.scraper.fetch._content``, ``shared.text.tables.spec_rows``, ``services.claim_extractor.offline``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch._content import _rows_joined, extract_html
from shared.text.tables import spec_rows

# a short shop page: too little text for trafilatura's main-content pass, so its whole-page fallback is read
SHORT = """<html><head><title>Morrow Flask 2 | Tidewear Store</title></head><body><h1>Morrow Flask 2</h1>
<p>Order the Morrow Flask 2 today.</p>
<table><tr><th>Volume</th><td>0.75 l</td></tr><tr><th>Weight</th><td>14 oz</td></tr>
<tr><th>Keeps hot</th><td>12 hours</td></tr><tr><th>Colour</th><td>slate</td></tr></table>
<p>29,90 €</p></body></html>"""


def test_a_key_value_table_is_one_line_per_row_in_the_page_text() -> None:
    text = extract_html(SHORT).text
    assert "Volume | 0.75 l\nWeight | 14 oz\nKeeps hot | 12 hours\nColour | slate" in text


def test_cells_on_lines_of_their_own_are_joined_only_for_the_pages_two_cell_rows() -> None:
    html = "<table><tr><th>Height</th><td>41 cm</td></tr></table><p>Width</p><p>20 cm</p>"
    assert _rows_joined("Intro\nHeight\n41 cm\nWidth\n20 cm", html) == "Intro\nHeight | 41 cm\nWidth\n20 cm"


def test_spec_rows_are_two_or_more_quantity_lines_one_after_another() -> None:
    text = "Harlow Pump\nA compact pump.\nFlow | 12 l/min\nMass | 1.4 kg\nBorn | 12 March 1810\n\nArea | 40 km2"
    rows = spec_rows(text)
    assert [(r.label, r.value) for r in rows] == [("Flow", "12 l/min"), ("Mass", "1.4 kg")]
    assert all(text[r.start:r.end].startswith("Harlow Pump") for r in rows)  # the lines before the list
    assert spec_rows("Founded | 1901 ships\n") == [] and spec_rows("Mass | 1.4 kg") == []  # one line is no list


def test_spec_rows_are_claims_about_the_page_subject() -> None:
    content = extract_html(SHORT)
    claims = {c.text: content.text[c.start:c.end] for c in extract_claims(content.text, title=content.title)}
    assert "Morrow Flask 2: weight 14 oz." in claims and "Morrow Flask 2: keeps hot 12 hours." in claims
    assert claims["Morrow Flask 2: volume 0.75 l."].startswith("Morrow Flask 2")
    assert not any("slate" in c for c in claims)  # no quantity: no spec value


def test_spec_rows_of_a_page_naming_no_subject_are_no_claims() -> None:
    text = "Compare before you order.\nWeight | 14 oz\nVolume | 0.75 l"
    assert not any(c.text.endswith("14 oz.") for c in extract_claims(text, title="Specifications"))
