"""Best value with no currency asked (issue 15, trial t31 fault 4): "Which ... is best for ...?" with offers in
USD, USD, USD, GBP and EUR and a rates table set gave "Best value: not compared (different currencies: GBP, USD)",
the EUR offer not even listed. With a rates table, prices are compared in the currency most offers are in, the
others converted at the table's rates; without one, every currency of the offers is named."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import analyse, common_currency, tied_currencies
from services.domain_shopping.rates import Rates
from tests.shop_pages import pages
from tests.shop_pages import shop as shop_page


def shop(name: str, price: str, currency: str, capacity: str) -> str:
    return shop_page(name, price, "Water tank", capacity, currency)

RATES = Rates(base="EUR", day="2026-11-30", per_base={"USD": 1.10, "GBP": 0.85})


SITE = {"/a": shop("Brezo A1 humidifier", "80.00", "USD", "4 l"),
        "/b": shop("Nubo N3 humidifier", "95.00", "USD", "5 l"),
        "/b-eu": shop("Nubo N3 humidifier", "99.00", "EUR", "5 l"),
        "/c": shop("Vapora V2 humidifier", "40.00", "GBP", "3 l"),
        "/d": shop("Misto M9 humidifier", "120.00", "USD", "6 l")}


def value_line(rates: Rates | None) -> str:
    result = analyse("Which humidifier is best for a bedroom?", pages(SITE), uuid4(), today=date(2026, 12, 2),
                     rates=rates)
    body = str(next(s["body"] for s in result.sections if s["heading"] == "Verdicts"))
    return next(line for line in body.splitlines() if line.startswith("- **Best value"))


def test_prices_are_compared_in_the_currency_most_offers_are_in() -> None:
    line = value_line(RATES)
    assert "not compared" not in line, line
    assert "(prices compared in USD, the currency most offers are in)" in line
    # the GBP offer is compared, converted at the table's rate (40 / 0.85 * 1.10)
    assert line.startswith("- **Best value: Vapora V2** — 40.00 GBP [@v1] (≈ 51.76 USD at the 2026-11-30 "
                           "reference rate)"), line


def test_without_rates_every_currency_is_named() -> None:
    line = value_line(None)
    assert line.startswith("- **Best value:** not compared (different currencies: EUR, GBP, USD);"), line


def test_the_common_currency_counts_offers_and_needs_a_rate() -> None:
    offer = {"price": 1.0, "terms": "", "product_id": "p"}
    offers = [{**offer, "currency": c, "product_id": p} for c, p in (("USD", "a"), ("USD", "b"), ("GBP", "c"))]
    assert common_currency(offers, RATES) == "USD"
    assert common_currency(offers[:2], RATES) is None  # one currency: nothing to convert
    assert common_currency(offers, Rates(base="EUR", day="2026-11-30", per_base={"GBP": 0.85})) == "GBP"


# issue 15, trial t47 fault 11: one offer in EUR and one in USD, no budget and no user currency: the prices were
# "compared in EUR, the currency most offers are in", EUR winning the tie by its name; the setting's default decides
TIED = {"/a-eu": shop("Brezo A1 humidifier", "229.00", "EUR", "4 l"),
        "/b-us": shop("Nubo N3 humidifier", "199.99", "USD", "5 l")}


def tied_value_line(**settings: str) -> str:
    result = analyse("Which humidifier is best for a bedroom?", pages(TIED), uuid4(), today=date(2026, 12, 2),
                     rates=RATES, **settings)
    body = str(next(s["body"] for s in result.sections if s["heading"] == "Verdicts"))
    return next(line for line in body.splitlines() if line.startswith("- **Best value"))


def test_a_tie_of_currencies_is_compared_in_the_default_currency() -> None:
    line = tied_value_line()
    assert "the currency most offers are in" not in line, line
    assert ("(prices compared in USD, the default comparison currency (ASSAY_SHOPPING_DEFAULT_CURRENCY): as many "
            "offers are in EUR as in USD)") in line, line
    assert line.startswith("- **Best value: Nubo N3** — 199.99 USD [@v1] at Shop (prices compared in USD"), line
    assert "EUR at the 2026-11-30 reference rate" not in line, line


def test_the_users_currency_and_the_configured_default_decide_a_tie() -> None:
    assert "(≈ 181.81 EUR at the 2026-11-30 reference rate)" in tied_value_line(currency="EUR")
    assert "(prices compared" not in tied_value_line(currency="EUR")  # the user's own currency needs no why
    line = tied_value_line(default_currency="GBP")
    assert "(prices compared in GBP, the default comparison currency" in line, line
    assert tied_currencies([{"price": 1.0, "terms": "", "product_id": p, "currency": c}
                            for c, p in (("USD", "a"), ("EUR", "b"), ("USD", "c"))], RATES) == []
