"""A figure a product's sentence gives without its attribute's name fills that attribute's cell when its unit says
which attribute it is (issue 15, re-check g45 of trial t45, fault 5): "The Vessor Printa Mini prints at 300 dpi
with a print speed of 40 mm/s." gave the print speed, but the resolution cell stayed "—", as no table gave it.
A quantity of a kind exactly one compared attribute has (dots per inch: the resolution) is now that attribute's
figure, cited; a time, mass, length or other common kind is never read without its attribute's name. Pages served
as on loopback; invented products and figures."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

from services.domain_shopping.attributes import read_by_unit
from services.domain_shopping.offline import Analysis, SourcePage, _page_text, analyse
from services.domain_shopping.units import read_quantity

_PAGES = {
    "/brindle/tarrow-t2.html": "<html lang='en'><head><title>Tarrow T2 - Brindle Supply</title></head><body><h1>"
    "Tarrow T2</h1><table><tr><th>Resolution</th><td>203 dpi</td></tr><tr><th>Print speed</th><td>20 mm/s</td></tr>"
    "<tr><th>Battery life</th><td>12 h</td></tr></table><p>Price: $89.00</p><button>Add to cart</button></body>"
    "</html>",
    "/brindle/pellin-p5.html": "<html lang='en'><head><title>Pellin P5 - Brindle Supply</title></head><body><h1>"
    "Pellin P5</h1><p>The Pellin P5 is a fast handheld label printer.</p><p>Price: $99.00.</p><p>The Pellin P5 "
    "prints at 300 dpi with a print speed of 40 mm/s. Battery life is up to 6 hours. It ships in 2 days.</p>"
    "<button>Add to cart</button></body></html>",
}


def run() -> Analysis:
    pages = []
    for path, html in _PAGES.items():
        page = SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                          html_sha256=hashlib.sha256(html.encode()).hexdigest())
        page.text = _page_text(page)  # the visible text, as the fetcher stores it
        pages.append(page)
    return analyse("What is the best handheld label printer under $120?", pages, uuid4(), today=date(2026, 12, 4))


def _kind(value: str) -> str:
    q = read_quantity(value)
    assert q is not None
    return q.kind


def test_a_figure_whose_unit_names_its_attribute_fills_the_cell() -> None:
    result = run()
    pellin = next(p["product_id"] for p in result.products if p["name"] == "Pellin P5")
    cells = {c["attribute"]: c for c in result.cells if c["product_id"] == pellin}
    assert cells["resolution"]["value"] == "300 dpi"
    assert "300 dpi" in cells["resolution"]["cited"]["quote"]
    assert cells["print speed"]["value"] == "40 mm/s"
    matrix = next(s["body"] for s in result.sections if s["heading"] == "Spec matrix")
    row = next(line for line in matrix.splitlines() if line.startswith("| Pellin P5 |"))
    assert "300 dpi [@s" in row and "—" not in row
    # "ships in 2 days" is no battery life: a time is read only beside its attribute's name
    assert cells["battery life"]["value"] == "6 hours"


def test_only_a_kind_one_attribute_has_and_no_common_kind_is_read_without_its_name() -> None:
    dpi, hours = _kind("203 dpi"), _kind("12 h")
    figures = read_by_unit("The Pellin P5 prints at 300 dpi.", {"resolution": dpi, "battery life": hours})
    assert [(f.attribute, f.value, f.key) for f in figures] == [("resolution", "300 dpi", "")]
    assert read_by_unit("It prints at 300 dpi.", {"resolution": dpi, "scan resolution": dpi}) == []
    assert read_by_unit("It ships in 2 days.", {"battery life": hours}) == []
    assert read_by_unit("Its labels are 100 dpi sharper than before.", {"resolution": dpi}) == []
    # a sentence naming the attribute is read by its name only (read_prose), never by a far figure's unit
    assert read_by_unit("The best resolution of any printer we have seen: 600 dpi.", {"resolution": dpi}) == []
