"""A results table with a product per row is read by rows, and its header words never become products (issue 15,
trial t50s fault 8): a tester's "Model | Score | White rice time | Brown rice" table had been read as a comparison
table with a product per column, so "Score" became a product (in the spec matrix, with a review of its own) and the
rows' product names became spec columns."""

from __future__ import annotations

import pytest

from services.domain_shopping.offline import asks
from services.domain_shopping.pages import read_page
from tests.shop_pages import ld, page, run

_RESULTS = ("<table><tr><th>{corner}</th><th>Score</th><th>Boil time</th><th>Noise</th></tr>"
            "<tr><td>Vellora K2</td><td>8.7</td><td>3.5 min</td><td>52 dB</td></tr>"
            "<tr><td>Quennet Brew 17</td><td>7.2</td><td>4.1 min</td><td>58 dB</td></tr></table>")


@pytest.mark.parametrize("corner", ["Model", "Produkt", "Kettle", ""])
def test_a_results_table_gives_each_row_s_product_its_specs(corner: str) -> None:
    html = page("Kettles tested", "<h1>The best kettles, tested</h1>" + _RESULTS.format(corner=corner))
    specs = read_page(html, "http://127.0.0.1:9/t").table_specs
    assert set(specs) == {"Vellora K2", "Quennet Brew 17"}
    assert [(s.name, s.value) for s in specs["Vellora K2"]] == [("Boil time", "3.5 min"), ("Noise", "52 dB")]


def test_a_comparison_table_with_a_product_per_column_is_read_by_columns() -> None:
    html = page("Vellora K2 vs Quennet Brew 17", "<table><tr><th>Spec</th><th>Vellora K2</th><th>Quennet Brew 17</th>"
                "</tr><tr><td>Capacity</td><td>1.7 L</td><td>1.5 L</td></tr>"
                "<tr><td>Score</td><td>8.7</td><td>7.2</td></tr></table>")
    specs = read_page(html, "http://127.0.0.1:9/t").table_specs
    assert set(specs) == {"Vellora K2", "Quennet Brew 17"}
    assert ("Capacity", "1.5 L") in [(s.name, s.value) for s in specs["Quennet Brew 17"]]


def test_a_header_word_is_never_a_product_in_the_report() -> None:
    review = ld('[{"@context":"https://schema.org","@type":"Review","itemReviewed":{"@type":"Product",'
                '"name":"Vellora K2"},"reviewRating":{"@type":"Rating","ratingValue":"8.7","bestRating":"10"},'
                '"author":{"@type":"Organization","name":"BrewLab"}}]')
    test = page("The best kettles of 2026, tested | BrewLab", "<h1>The best kettles of 2026, tested</h1>"
                "<p>We boiled 30 litres in each kettle.</p>" + _RESULTS.format(corner="Model"), head=review)
    shop = page("Vellora K2 | KettleShop", '<h1>Vellora K2</h1><p class="price">$59.00</p>'
                "<table><tr><th>Capacity</th><td>1.7 L</td></tr></table>")
    result = run("What is the best kettle under $100?", {"/tests/kettles": test, "/p/vellora-k2": shop})
    text = "\n".join(str(s["body"]) for s in result.sections)
    assert "| Score |" not in text and "Score [" not in text, text
    matrix = str(next(s["body"] for s in result.sections if s["heading"] == "Spec matrix"))
    header = matrix.strip().splitlines()[0].lower()
    assert "vellora" not in header and "quennet" not in header and "boil time" in header, matrix


def test_the_product_kind_s_words_ask_for_no_column() -> None:
    # "rice" of "rice cooker" names the product, not a tester's "White rice time" column
    assert asks("What is the best rice cooker under $200?", "white rice time") == 0
    assert asks("Which rice cooker cooks white rice fastest?", "white rice time") > 0
    assert asks("Which e-bike has the longest battery life?", "battery life") > 0
