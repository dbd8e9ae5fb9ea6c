"""Smaller defects a user sees in a shopping report (trial t59s, "Smaller defects seen"), on invented speakers:
a family comparison table's column headers ("Drift 3 Mini | Drift 3 | Drift 3 Max") named the products without the
brand their maker's page gives ("Vessa"), while other products kept theirs; the spec matrix's price cell was "—"
for a product whose price only its offer gives; and the best-value line printed a quality figure without the
per-price figure it was chosen on."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import analyse
from tests.shop_pages import ld, page, pages, row, run, verdicts
from tests.shop_pages import shop as shop_page
from tests.unit.test_shopping_value_per_price import review


def maker(name: str, price: str, rows: dict[str, str], family: str = "") -> str:
    item = (f'{{"@context": "https://schema.org", "@type": "Product", "name": "{name}", "brand": {{"@type": "Brand", '
            f'"name": "Vessa"}}, "offers": {{"@type": "Offer", "price": "{price}", "priceCurrency": "USD"}}}}')
    return page(f"{name} portable speaker | Vessa", f"<h1>{name}</h1><p>The {name} is a portable speaker.</p>"
                f"<table>{''.join(row(k, v) for k, v in rows.items())}</table>{family}", head=ld(item))


FAMILY = ("<h2>Compare the Drift 3 family</h2><table><tr><th></th><th>Drift 3 Mini</th><th>Drift 3</th>"
          "<th>Drift 3 Max</th></tr><tr><th>Weight</th><td>280 g</td><td>520 g</td><td>900 g</td></tr>"
          "<tr><th>Battery life</th><td>11 h</td><td>19 h</td><td>30 h</td></tr>"
          "<tr><th>Price</th><td>$79.00</td><td>$139.00</td><td>$219.00</td></tr></table>")


def site() -> dict[str, str]:
    return {"/drift-3": maker("Vessa Drift 3", "139.00", {"Weight": "520 g", "Battery life": "19 h",
                                                          "Bluetooth": "5.3"}, FAMILY),
            "/drift-3-mini": maker("Vessa Drift 3 Mini", "79.00", {"Weight": "280 g", "Battery life": "11 h"}),
            "/drift-3-max": maker("Vessa Drift 3 Max", "219.00", {"Weight": "900 g", "Battery life": "30 h"}),
            "/kelpa-stone": shop_page("Kelpa Stone", "59.00", "Battery life", "9 h", currency="USD")}


def matrix(question: str) -> list[str]:
    result = run(question, site())
    return str(next(s["body"] for s in result.sections if s["heading"] == "Spec matrix")).splitlines()


def test_a_family_tables_headers_keep_the_makers_brand_one_product_each() -> None:
    rows = [r.split(" | ")[0] for r in matrix("What is the best portable speaker?")[2:]]
    assert rows == ["| Vessa Drift 3 Mini", "| Vessa Drift 3 Max", "| Vessa Drift 3", "| Kelpa Stone"], rows


def test_the_price_cell_comes_from_the_offer_when_no_spec_row_gives_it() -> None:
    rows = matrix("What is the best portable speaker?")
    head = rows[0].split(" | ")
    stone = next(r for r in rows if r.startswith("| Kelpa Stone |")).split(" | ")
    price = stone[head.index("price")]
    assert price.startswith("59.00 USD [@s") and price.endswith("] at Shop"), stone
    drift = next(r for r in rows if r.startswith("| Vessa Drift 3 |")).split(" | ")
    assert drift[head.index("price")].startswith("$139.00 [@s"), drift  # a spec row's price stays


def test_best_value_is_the_product_its_printed_figure_per_price_favours() -> None:
    # Zephra Z7: 1.00 for 199.00 EUR (0.50 per 100 EUR); Kordo K3: (30/60 + 2.2/4.5) / 2 = 0.49 for 100.00 EUR
    # (0.49 per 100 EUR): the Z7 gives more per price, though a smoothed score made the cheaper K3 best value
    shop = {"/z7": shop_page("Zephra Z7", "199.00", "Battery life", "60 min"), "/z7-review": review("Zephra Z7", "4.5"),
            "/k3": shop_page("Kordo K3", "100.00", "Battery life", "30 min"), "/k3-review": review("Kordo K3", "2.2")}
    result = analyse("Zephra Z7 or Kordo K3: which handheld vacuum should I buy?", pages(shop), uuid4(),
                      today=date(2026, 12, 2))
    line = next(x for x in verdicts(result).splitlines() if x.startswith("- **Best value"))
    assert line.startswith("- **Best value: Zephra Z7** — 199.00 EUR"), line
    assert ("each as a share of the best of those compared and averaged, 1.00 for 199.00 EUR (0.50 per 100 EUR); "
            "Kordo K3 0.49 for 100.00 EUR (0.49 per 100 EUR)") in line, line

