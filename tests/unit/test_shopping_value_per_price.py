"""Best value weighs what a product gives against its price (issue 15, trial t31 fault 6): of two printers, the
one ranked second (3.5/5, a little slower, a shorter battery) at 89.99 USD lost best value to the first at 129 USD
with no reason given, because a product's worth was its share of comparisons won, 0 for the last of two. Now it is
each ranked figure as a share of the best one's, averaged (:func:`value_quality`), per price, and the verdict says
what it was computed on; a product far behind is still no better value for being a little cheaper."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import analyse
from tests.shop_pages import pages
from tests.shop_pages import shop as shop_page


def shop(name: str, price: str, minutes: str) -> str:
    return shop_page(name, price, "Battery life", f"{minutes} min")


def review(name: str, rating: str) -> str:
    return (f"<!doctype html><html lang='en'><head><title>{name} review - CleanLab</title></head><body>"
            f"<h1>{name} review</h1><p>We tested the {name} in a flat for two weeks.</p><p>Rating: {rating}/5.</p>"
            "</body></html>")


def value_line(k3_price: str, k3_minutes: str, k3_rating: str) -> str:
    site = {"/z7": shop("Zephra Z7", "199.00", "60"), "/z7-review": review("Zephra Z7", "4.5"),
            "/k3": shop("Kordo K3", k3_price, k3_minutes), "/k3-review": review("Kordo K3", k3_rating)}
    result = analyse("Zephra Z7 or Kordo K3: which handheld vacuum should I buy?", pages(site), uuid4(),
                     today=date(2026, 12, 2))
    body = str(next(s["body"] for s in result.sections if s["heading"] == "Verdicts"))
    return next(line for line in body.splitlines() if line.startswith("- **Best value"))


def test_a_cheaper_product_close_behind_is_the_better_value_and_the_rule_is_said() -> None:
    line = value_line("129.00", "45", "3.5")
    assert line.startswith("- **Best value: Kordo K3** — 129.00 EUR"), line
    # 45/60 = 0.75 and 3.5/4.5 = 0.78, averaged 0.76, against the Z7's 1.00 for 199.00 EUR
    assert ("value per price: its figures on battery life and the review rating, each as a share of the best of "
            "those compared and averaged, 0.76 for 129.00 EUR (0.59 per 100 EUR); Zephra Z7 1.00 for 199.00 EUR "
            "(0.50 per 100 EUR)") in line, line


def test_a_product_far_behind_is_no_better_value_for_a_lower_price() -> None:
    line = value_line("179.00", "30", "2")
    assert line.startswith("- **Best value: Zephra Z7** — 199.00 EUR"), line
    assert "value per price: its figures on battery life and the review rating, each" in line, line
    assert "; Kordo K3 0.47 for 179.00 EUR (0.26 per 100 EUR)" in line, line
