"""Shopping faults of the e-bike trial (t19), on invented spec lines: a figure belongs to the attribute named
nearest before it (a charging time is no battery life), and a value written with a metric prefix of the compared
unit ("150 km") is shown as written, with no rescaled copy ("≈ 150,000,000 mm"); a maker's page is sold by its
brand, never by its title's descriptive tail ("Pellwick Urban S - lightweight e-bike")."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.attributes import read_prose
from services.domain_shopping.offline import SourcePage, _shown, analyse
from services.domain_shopping.units import metric_rescale, read_quantity


def test_a_charging_time_after_a_battery_capacity_is_no_battery_life() -> None:
    found = {f.attribute: f.value for f in read_prose("Range 150 km Battery 750 Wh Weight 26 kg Charging time 6 h")}
    assert found == {"range": "150 km", "battery capacity": "750 Wh", "weight": "26 kg", "charging time": "6 h"}


def test_a_name_of_another_kind_between_keeps_the_figure() -> None:
    found = {f.attribute: f.value for f in read_prose("Weight without battery: 20 kg")}
    assert found == {"weight": "20 kg"}


@pytest.mark.parametrize(
    ("value", "rescale"),
    [("150 km", True), ("5.8 kg", True), ("500 ml", True), ("2 lb", False), ("15 in", False), ("12 oz", False)],
)
def test_a_metric_prefix_only_rescales(value: str, rescale: bool) -> None:
    assert metric_rescale(value) is rescale


@pytest.mark.parametrize(
    ("value", "shown"),
    [("150 km", "150 km"), ("2.5 cm", "2.5 cm"), ("2 lb", "2 lb (≈ 907 g)"), ("24 Std.", "24 Std. (= 24 h)")],
)
def test_a_cell_shows_a_conversion_only_across_unit_systems(value: str, shown: str) -> None:
    q = read_quantity(value)
    assert q is not None
    assert _shown({"value": value, "amount": q.amount}) == shown


def _page(path: str, title: str, body: str) -> SourcePage:
    html = f'<!doctype html><html lang="en"><head><title>{title}</title></head><body>{body}</body></html>'
    return SourcePage(
        source_id=str(uuid4()),
        url=f"http://127.0.0.1:9{path}",
        title=title,
        text="",
        html=html,
        html_sha256=hashlib.sha256(html.encode()).hexdigest(),
    )


def _offers(pages: list[SourcePage]) -> str:
    result = analyse("Which commuter e-bike is the lightest?", pages, uuid4(), today=date(2026, 12, 2))
    return str(next(s["body"] for s in result.sections if s["heading"] == "Offers"))


def test_a_makers_page_is_sold_by_its_brand_never_by_its_titles_description() -> None:
    item = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": "Pellwick Urban S",
        "brand": {"@type": "Brand", "name": "Pellwick"},
        "offers": {"@type": "Offer", "price": "1649.00", "priceCurrency": "GBP"},
    }
    maker = _page(
        "/pellwick/urban-s",
        "Pellwick Urban S - lightweight e-bike",
        f'<script type="application/ld+json">{json.dumps(item)}</script><h1>Pellwick Urban S</h1>'
        "<table><tr><td>Weight</td><td>18.9 kg</td></tr></table>",
    )
    shop = _page(
        "/velohaus/pellwick-urban-s",
        "Pellwick Urban S kaufen - Velohaus",
        "<h1>Pellwick Urban S</h1><p>Preis: 1.899,00 €</p><button>In den Warenkorb</button>",
    )
    offers = _offers([maker, shop])
    assert "| Pellwick Urban S | Pellwick | 1,649.00 GBP" in offers, offers
    assert "| Pellwick Urban S | Velohaus | 1,899.00 EUR" in offers, offers
    assert "lightweight e-bike" not in offers
