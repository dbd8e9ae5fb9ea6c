"""Trial t70s Q05: "How much more does <machine> Pro cost than <machine>?" with both prices in EUR (one table row)
said "figures of two kinds: the difference is not established" at low: the difference of two figures converted the
second with the unit registry, which knows no currency. Amounts of one currency are one kind, and their difference
is the answer; amounts of two currencies are not compared without a rate. Invented sewing machines."""

from __future__ import annotations

from typing import Any

from services.domain_shopping.offline import _same_unit_amount
from tests.unit.test_shopping_one_product_figure import _verdicts


def test_a_price_difference_in_one_currency_is_stated() -> None:
    verdicts, pick, _tier = _verdicts("How much more does the Loomrex Vanta 40 Pro cost than the Loomrex Vanta 40?")
    first = verdicts.splitlines()[0]
    assert "459 EUR" in first and "319 EUR" in first and "140 EUR more" in first, verdicts
    assert "two kinds" not in first, first
    assert pick.get("figures_agree") is True, pick


def test_amounts_of_one_unit_are_one_kind_and_of_two_currencies_two() -> None:
    def cell(amount: float, unit: str) -> dict[str, Any]:
        return {"amount": amount, "unit": unit}

    assert _same_unit_amount(cell(459.0, "EUR"), cell(319.0, "EUR")) == (319.0, True)
    assert _same_unit_amount(cell(459.0, "EUR"), cell(319.0, "USD")) is None
    assert _same_unit_amount(cell(1.0, "kilogram"), cell(500.0, "gram")) == (0.5, True)
    assert _same_unit_amount(cell(1.0, "kilogram"), cell(5.0, "meter")) is None
