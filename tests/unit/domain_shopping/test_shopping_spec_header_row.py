"""A spec table's header row names its columns and is no spec (issue 15, trial t54s: every product's table opened
"<th>Specification</th><th>Value</th>", read as a spec "specification = Value", a column of every spec matrix).
Invented portable air compressors."""

from __future__ import annotations

import json

from services.domain_shopping.pages import read_page
from tests.shop_pages import ld, page, run


def table_names(rows: str) -> list[tuple[str, str]]:
    html = page("Kompra Air 7", f"<h1>Kompra Air 7</h1><table>{rows}</table>")
    return [(s.name, s.value) for s in read_page(html, "http://127.0.0.1:9/kompra").table_specs.get("", [])]


def test_a_header_row_is_no_spec() -> None:
    assert table_names("<tr><th>Specification</th><th>Value</th></tr><tr><th>Weight</th><td>390 g</td></tr>") \
        == [("Weight", "390 g")]
    assert table_names("<thead><tr><td>Feature</td><td>Details</td></tr></thead>"
                       "<tr><td>Weight</td><td>390 g</td></tr>") == [("Weight", "390 g")]
    assert table_names("<tr><td>Merkmal</td><td>Wert</td></tr><tr><td>Gewicht</td><td>390 g</td></tr>") \
        == [("Gewicht", "390 g")]


def test_a_first_row_giving_a_figure_is_a_spec() -> None:
    assert table_names("<tr><th>Weight</th><th>390 g</th></tr><tr><th>Colour</th><td>Black</td></tr>") \
        == [("Weight", "390 g"), ("Colour", "Black")]
    assert table_names("<tr><th>Colour</th><td>Black</td></tr>") == [("Colour", "Black")]


def shop(name: str, price: str, weight: str, pressure: str) -> str:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"}}
    return page(f"{name} - Shop", (
        f"<h1>{name}</h1><table><tr><th>Specification</th><th>Value</th></tr><tr><th>Weight</th><td>{weight}</td></tr>"
        f"<tr><th>Max pressure</th><td>{pressure}</td></tr></table><button>Add to cart</button>"),
        head=ld(json.dumps(item)))


def test_no_spec_matrix_column_of_header_rows() -> None:
    result = run("Which portable air compressor is the lightest?", {
        "/kompra-air-7": shop("Kompra Air 7", "69.00", "390 g", "140 psi"),
        "/zelto-p2": shop("Zelto P2", "35.00", "450 g", "110 psi")})
    matrix = str(next(s["body"] for s in result.sections if s["heading"] == "Spec matrix"))
    assert matrix.split("\n")[0] == "| Product | weight | maximum pressure |", matrix
