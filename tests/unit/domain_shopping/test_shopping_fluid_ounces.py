"""Trial t63s F2: "48 fl oz" was read as 48 femtolitres times ... (pint reads "fl" alone as f(emto)-l(itre), and a
unit of two words was read by its first word), so a jar's capacity asked in litres was "48 fl oz (= 4.8e-14 l)" at
high confidence. A unit of several words the unit library knows ("fl oz", "fl. oz.", "US fl oz", "fluid ounces") is
read whole, and no short word is read with a femto- (or smaller) prefix. Invented flasks."""

from __future__ import annotations

import json
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import SourcePage, analyse
from services.domain_shopping.units import compound_end, read_quantity
from tests.unit.test_shopping_reviewer_pick import _page


@pytest.mark.parametrize(("value", "litres"), [
    ("32 fl oz", 0.946353), ("32 fl. oz.", 0.946353), ("32 US fl oz", 0.946353), ("32 fluid ounces", 0.946353),
    ("32 FL OZ", 0.946353), ("32 fl.oz", 0.946353), ("32 floz", 0.946353), ("32 fluid oz", 0.946353),
    ("20 imp fl oz", 0.568261),
])
def test_fluid_ounces_are_a_volume_in_litres(value: str, litres: float) -> None:
    q = read_quantity(value)
    assert q is not None and q.unit == "liter" and q.amount == pytest.approx(litres, rel=1e-4), q


@pytest.mark.parametrize(("value", "end"), [("32 fl oz (0.95 l)", 8), ("32 fl. oz.", 9), ("32 fluid ounces", 15)])
def test_the_quantity_ends_after_the_second_word_of_its_unit(value: str, end: int) -> None:
    assert compound_end(value) == end


def test_a_first_word_alone_is_still_the_unit_when_the_pair_names_none() -> None:
    q = read_quantity("30 hours playback")
    assert q is not None and (q.amount, q.unit) == (30.0, "hour")


def test_no_short_word_is_read_as_a_femto_unit() -> None:
    q = read_quantity("12 fl")
    assert q is not None and q.kind == "number", q


def spec_page(name: str, path: str, rows: dict[str, str], price: str) -> SourcePage:
    """A maker's page of one product: its JSON-LD product with a price in USD, and a spec table of ``rows`` (the
    page's name of each spec -> its value). Shared by the shopping tests of invented products."""
    brand, _ = name.split(" ", 1)
    ld = json.dumps({"@context": "https://schema.org", "@type": "Product", "name": name, "brand": brand,
                     "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"}})
    table = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows.items())
    return _page(path, name, f'<script type="application/ld+json">{ld}</script><h1>{name}</h1><table>{table}</table>')


def test_a_capacity_in_fluid_ounces_asked_in_litres_is_given_in_litres() -> None:
    pages = [spec_page("Tarnwell Flask 7", "/tarnwell/flask-7", {"Capacity": "32 fl oz", "Weight": "410 g"}, "39.00"),
             spec_page("Obrey Canteen 2", "/obrey/canteen-2", {"Capacity": "0.75 l", "Weight": "410 g"}, "29.00")]
    result = analyse("What is the capacity of the Tarnwell Flask 7 in litres?", pages, uuid4(),
                     today=date(2026, 12, 5))
    lead = str({s["heading"]: s["body"] for s in result.sections}["Verdicts"]).split("\n")[0]
    assert lead.startswith("**Tarnwell Flask 7, as its sources give it:** capacity 32 fl oz (≈ 0.946 l) [@v"), lead
