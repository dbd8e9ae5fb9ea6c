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


def test_a_spec_list_is_kept_on_a_page_with_html_comments() -> None:
    # The page is parsed once, the way trafilatura parses a page (without its comments), and the list is rewritten
    # on that tree: a React page writes its text between comments ("Based on the<!-- --> <!-- --><a>privacy
    # policy</a>"), and trafilatura given the list rewritten on a parse with the comments in lost the spec rows.
    para = ("<p>Based on the<!-- react-text: 36 --> <!-- /react-text --><a href='/rule'>privacy policy</a>"
            "<!-- react-text: 39 -->, some of the supplier data cannot be shown to visitors of this page.</p>")
    text = extract_html(PAGE.replace("<p>Price: 39.00 EUR</p>", para), url="http://127.0.0.1/k2").text
    assert "Capacity | 0.8 l" in text and "Cable length | 75 cm" in text
    assert "Based on the privacy policy, some of the supplier data" in text


def test_a_fragment_with_a_spec_list_reads_as_its_document() -> None:
    # markup that is no whole page (a local .html file of several blocks), which trafilatura's parse gathers under a
    # <body> it renames: the list is rewritten on the document around the blocks, its <body> as such, so the text
    # is that of the document (with the renamed <body>, trafilatura's extraction left the heading out)
    blocks = ("<h2>Corvale K2</h2><p>The Corvale K2 is a compact travel kettle with a fold-away handle for small "
              "kitchens and trips.</p><dl><dt>Capacity</dt><dd>0.8 l</dd><dt>Power</dt><dd>1,200 W</dd></dl>")
    text = extract_html(blocks).text
    assert text.startswith("Corvale K2\nThe Corvale K2 is a compact travel kettle") and "1,200 W" in text
