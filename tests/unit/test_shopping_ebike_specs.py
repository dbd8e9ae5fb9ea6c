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
from services.domain_shopping.pages import read_page
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


def _analyse(pages: list[SourcePage], question: str) -> dict[str, str]:
    result = analyse(question, pages, uuid4(), today=date(2026, 12, 2))
    return {str(s["heading"]): str(s["body"]) for s in result.sections}


SEO_SHOP = _page(
    "/shop-velomarkt/arvena-tour-4",
    "ARVENA TOUR-4 E-Bike 2026 Pedelec Top Angebot kaufen | Velomarkt",
    "<h1>ARVENA TOUR-4 E-Bike 2026 Pedelec Top Angebot</h1>"
    "<p class='price'>Statt <s>2.299,00 €</s> jetzt nur 1.999,00 €</p><button>In den Warenkorb</button>",
)
TEST_PAGE = _page(
    "/radtest/touring",
    "Two touring e-bikes tested - Radtest",
    "<h1>Two touring e-bikes tested</h1><h2>Arvena Tour 4</h2><p>In our test loop the Arvena Tour 4 reached a range"
    " of 96 km.</p><h2>Quellis Wander 2</h2><p>In our test loop the Quellis Wander 2 reached a range of 81 km.</p>",
)


QUELLIS = _page(
    "/quellis/wander-2",
    "Quellis Wander 2 - Quellis",
    '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": '
    '"Quellis Wander 2", "brand": {"@type": "Brand", "name": "Quellis"}}</script>'
    "<h1>Quellis Wander 2</h1><table><tr><td>Range</td><td>90 km</td></tr></table>",
)


def test_a_shops_seo_title_takes_the_name_independent_pages_write() -> None:
    body = _analyse([SEO_SHOP, TEST_PAGE, QUELLIS], "Which touring e-bike has the longest range?")
    matrix = body["Spec matrix"]
    assert "| Arvena Tour 4 | 96 km" in matrix, matrix
    assert "Angebot" not in matrix
    assert "| Arvena Tour 4 | Velomarkt | 1,999.00 EUR (sale, was 2,299.00)" in body["Offers"], body["Offers"]


@pytest.mark.parametrize(
    ("block", "paid", "former"),
    [
        ("<p class='price'>Statt <s>2.499,00 €</s> jetzt nur 2.199,00 €</p>", "2.199,00 €", "2.499,00 €"),
        ("<p class='price'>Was <s>£69.99</s> now £29.00</p>", "£29.00", "£69.99"),
        ("<p>Statt <s>949,00 €</s> jetzt nur <span class=price>849,00 €</span></p>", "849,00 €", "949,00 €"),
    ],
)
def test_a_sale_price_beside_a_struck_one_in_one_price_element(block: str, paid: str, former: str) -> None:
    page = read_page(
        f"<html><head><title>X</title></head><body><h1>Arvena Tour 4</h1>{block}</body></html>", "http://127.0.0.1:9/x"
    )
    assert [(p.price, p.regular_price) for p in page.prices] == [(paid, former)]


def _bike(path: str, name: str, range_km: str, price: str, condition: str = "NewCondition") -> SourcePage:
    item = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": name,
        "offers": {
            "@type": "Offer",
            "price": price,
            "priceCurrency": "EUR",
            "itemCondition": f"https://schema.org/{condition}",
        },
    }
    return _page(
        path,
        f"{name} - Shop",
        f'<script type="application/ld+json">{json.dumps(item)}</script><h1>{name}</h1>'
        f"<table><tr><th>Range</th><td>{range_km}</td></tr></table><button>Add to cart</button>",
    )


QUESTION = "Which commuter e-bike has the longest range under 2500 EUR?"


def test_best_overall_within_a_budget_is_a_product_sold_new_within_it() -> None:
    pages = [
        _bike("/far-new", "Kestrel Glide 5", "150 km", "2799.00"),
        _bike("/far-refurb", "Kestrel Glide 5", "150 km", "1950.00", "RefurbishedCondition"),
        _bike("/mid", "Varro City 7", "110 km", "2199.00"),
        _bike("/near", "Pelik Urban S", "80 km", "1899.00"),
    ]
    verdicts = _analyse(pages, QUESTION)["Verdicts"]
    best = next(line for line in verdicts.splitlines() if line.startswith("- **Best overall"))
    assert best.startswith("- **Best overall: Varro City 7**"), best
    assert "Kestrel Glide 5 (within the budget only refurbished: 1,950.00 EUR" in best, best


def test_a_best_overall_within_the_budget_only_refurbished_says_so() -> None:
    pages = [
        _bike("/far-new", "Kestrel Glide 5", "150 km", "2799.00"),
        _bike("/far-refurb", "Kestrel Glide 5", "150 km", "1950.00", "RefurbishedCondition"),
        _bike("/near", "Pelik Urban S", "80 km", "2899.00"),
    ]
    verdicts = _analyse(pages, QUESTION)["Verdicts"]
    best = next(line for line in verdicts.splitlines() if line.startswith("- **Best overall"))
    assert best.startswith("- **Best overall: Kestrel Glide 5**"), best
    assert "within the budget only as a refurbished unit: 1,950.00 EUR" in best, best
