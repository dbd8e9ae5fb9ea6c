"""A definition list of spec values is visible text (issue 15, trial t31 fault 17): trafilatura drops a ``<dl>``
whole, so a maker's "<dt>Weight</dt><dd>350 g</dd>" was in no stored text and its figures were cited in the page's
markup ("Weight</dt><dd>350 g"), the page then listed twice in Sources. A key-value list is kept as the rows of a
spec table are ("Weight | 350 g"); a glossary of long definitions is not."""

from __future__ import annotations

from services.scraper.fetch._content import extract_html, spec_lists_as_tables

PAGE = ("<html lang='en'><head><title>Corvale K2 kettle</title></head><body><h1>Corvale K2</h1>"
        "<p>The Corvale K2 is a compact travel kettle with a fold-away handle for small kitchens and trips.</p>"
        "<dl><dt>Capacity</dt><dd>0.8 l</dd><dt>Power</dt><dd>1,200 W</dd><dt>Cable length</dt><dd>75 cm</dd></dl>"
        "<p>Price: 39.00 EUR</p></body></html>")


def test_a_key_value_definition_list_is_kept_as_spec_rows() -> None:
    text = extract_html(PAGE, url="http://127.0.0.1/k2").text
    assert "Capacity | 0.8 l" in text and "Power | 1,200 W" in text and "Cable length | 75 cm" in text
    assert text.index("compact travel kettle") < text.index("Capacity | 0.8 l") < text.index("Price: 39.00 EUR")


def test_a_glossary_or_an_odd_list_is_left_alone() -> None:
    long = "a long explanation of the term " * 8
    glossary = f"<html><body><dl><dt>Descaling</dt><dd>{long}</dd><dt>Limescale</dt><dd>{long}</dd></dl></body></html>"
    odd = "<html><body><dl><dt>Capacity</dt><dt>Volume</dt><dd>0.8 l</dd></dl></body></html>"
    for html in (glossary, odd, "<html><body><p>no list</p></body></html>"):
        assert spec_lists_as_tables(html) == html
    assert spec_lists_as_tables(PAGE) != PAGE
