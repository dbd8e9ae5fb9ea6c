"""A page's spec table under a heading of the form "<Name>: ..." (trial t70w pattern 2): the heading is no label and
value of the table's rows, and a table whose header names the thing ("| Specification | Brauncliff PDO |") gives
one figure of that thing per row, "Brauncliff PDO: wheel weight 27 kg."; a comparison table whose first header cell
is empty ("| | Brauncliff PDO | Brauncliff Select |") is read with its first column as the rows' labels
(``shared.text.tables.column_thing``, ``shared.text.tables.pipe_tables``,
``services.claim_extractor.offline.extract_claims``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch._content import extract_html
from shared.text.tables import column_thing, pipe_tables, row_sentence

SPEC_PAGE = (
    "<!DOCTYPE html><html lang='en'><head><title>Brauncliff PDO: cheese profile and specifications</title></head>"
    "<body><article><h1>Brauncliff PDO: cheese profile and specifications</h1>"
    "<p>Brauncliff is a protected-origin (PDO) hill cheese made by the Ostwen Dairy Cooperative in Tirrel.</p>"
    "<table><tr><th>Specification</th><th>Brauncliff PDO</th></tr>"
    "<tr><td>Producer</td><td>Ostwen Dairy Cooperative</td></tr><tr><td>Minimum ageing</td><td>14 months</td></tr>"
    "<tr><td>Wheel weight</td><td>27 kg</td></tr><tr><td>Price (dairy shop)</td><td>19.80 EUR per kg</td></tr>"
    "</table><p>Each wheel of Brauncliff is made from 300 litres of milk and weighs about 27 kg.</p>"
    "</article></body></html>")

COMPARISON = (
    "Brauncliff vs Brauncliff Select: what is the difference?\n\nTwo hill cheeses with nearly the same name.\n\n"
    "| | Brauncliff PDO | Brauncliff Select |\n| --- | --- | --- |\n| Minimum ageing | 14 months | 20 months |\n"
    "| Wheel weight | 27 kg | 31 kg |\n")


def test_a_spec_table_under_a_name_heading_gives_one_figure_of_the_named_thing_per_row() -> None:
    content = extract_html(SPEC_PAGE, "https://dairy.example/cheese/brauncliff")
    claims = extract_claims(content.text, title=content.title)
    texts = [c.text for c in claims]
    assert not any("cheese profile" in t for t in texts)  # the heading is no row's value
    rows = [t for t in texts if t.startswith("Brauncliff PDO:")]
    assert rows == ["Brauncliff PDO: producer Ostwen Dairy Cooperative.", "Brauncliff PDO: minimum ageing 14 months.",
                    "Brauncliff PDO: wheel weight 27 kg.", "Brauncliff PDO: price (dairy shop) 19.80 EUR per kg."]
    weight = next(c for c in claims if c.text == "Brauncliff PDO: wheel weight 27 kg.")
    span = content.text[weight.start:weight.end]
    assert span.startswith("| Specification | Brauncliff PDO |") and span.endswith("| Wheel weight | 27 kg |")
    # the prose sentences stay as written
    assert "Each wheel of Brauncliff is made from 300 litres of milk and weighs about 27 kg." in texts


def test_a_row_never_takes_the_reading_of_the_heading_its_evidence_starts_at() -> None:
    # a table of labelled values whose header names no thing: each row a figure of the page's subject, read with
    # the section's heading without the subject, never as the heading itself read as a label line
    text = ("Brauncliff PDO: cheese profile and specifications\n\nThe Ostwen Dairy Cooperative sells Brauncliff at "
            "its shop in Tirrel.\n\n| Cut | Price |\n| --- | --- |\n| Whole wheel | 480 EUR |\n| Quarter wheel | "
            "125 EUR |\n")
    texts = [c.text for c in extract_claims(text, title="Brauncliff PDO: cheese profile and specifications")]
    rows = [t for t in texts if "wheel" in t]
    assert len(rows) == 2 and all("480 EUR" in t or "125 EUR" in t for t in rows)
    assert not any(t.count("Brauncliff") > 1 for t in rows)
    text = ("Harlow Gorge Railway: fares and timetable\n\nThe Harlow Gorge Railway runs daily from April to "
            "October.\n\n| Ticket | Price |\n| --- | --- |\n| Adult | €7.00 |\n| Child | €3.50 |\n")
    texts = [c.text for c in extract_claims(text, title="Harlow Gorge Railway: fares and timetable")]
    assert "The Harlow Gorge Railway: fares and timetable, adult ticket price €7.00." in texts


def test_the_thing_a_header_names() -> None:
    assert column_thing(("Specification", "Brauncliff PDO")) == "Brauncliff PDO"
    assert column_thing(("", "Brauncliff Select")) == "Brauncliff Select"
    # a column's name or a generic value column is no thing; a label column must be a generic one
    assert column_thing(("Ticket", "Price")) is None
    assert column_thing(("Feature", "Typical Value")) is None
    assert column_thing(("Year", "Brauncliff PDO")) is None
    assert column_thing(("Specification", "Brauncliff PDO", "Brauncliff Select")) is None


def test_a_comparison_table_with_an_empty_first_header_cell_is_read() -> None:
    [table] = pipe_tables(COMPARISON)
    assert table.header == ("", "Brauncliff PDO", "Brauncliff Select")
    texts = [c.text for c in extract_claims(COMPARISON, title="Brauncliff vs Brauncliff Select")]
    assert "Brauncliff PDO: minimum ageing 14 months, wheel weight 27 kg." in texts
    assert "Brauncliff Select: minimum ageing 20 months, wheel weight 31 kg." in texts
    # columns that name no things: each row read by its label alone
    text = "Fares\n\n| | Peak fare | Off-peak fare |\n| --- | --- | --- |\n| Adult | €7 | €5 |\n"
    [table] = pipe_tables(text)
    assert row_sentence(table.header, table.rows[0]) == "Adult: peak fare €7, off-peak fare €5."
    # a header of no names at all is still no table
    assert pipe_tables("| | |\n| --- | --- |\n| Adult | €7 |\n") == []
