"""Currency conversion in the shopping analysis: a dated reference-rates table (the ECB's eurofxref XML and CSV
shapes; the samples in tests/fixtures/rates are made-up round values) read with its latest day, offers compared in
the user's currency with the rate's date said, and an unknown currency never compared."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from uuid import uuid4

import pytest

from services.domain_shopping.offline import analyse, analyse_with_settings
from services.domain_shopping.rates import Rates, RatesError, load_rates, parse_rates
from shared.settings import DomainShoppingSettings
from tests.shopping_pages import MARKET
from tests.unit.test_domain_shopping import pages_of

RATES = Path(__file__).parents[1] / "fixtures" / "rates"
QUESTION = "Which noise cancelling headphones are best under $300?"


@pytest.mark.parametrize("name", ["eurofxref-sample.xml", "eurofxref-sample.csv"])
def test_the_latest_day_of_the_table_is_used(name: str) -> None:
    rates = load_rates(RATES / name)
    assert rates.day == "2026-11-27" and rates.base == "EUR"  # the later of the two days, in either order
    assert rates.per_base == {"USD": 1.05, "JPY": 160.0, "GBP": 0.84, "CHF": 0.93}  # N/A is no rate
    assert rates.convert(100, "EUR", "USD") == 105.0
    assert rates.convert(84, "GBP", "USD") == 105.0  # through the base
    assert rates.convert(100, "USD", "USD") == 100.0
    assert rates.convert(100, "TRY", "USD") is None and rates.convert(100, None, "USD") is None


@pytest.mark.parametrize(("data", "says"), [
    (b"<Envelope><Cube><Cube time='27/11/2026'><Cube currency='USD' rate='1'/></Cube></Cube></Envelope>",
     "is not a date"),
    (b"<Envelope><Cube><Cube time='2026-11-27'><Cube currency='USD' rate='-1'/></Cube></Cube></Envelope>",
     "USD: rate '-1' is not a positive number"),
    (b"<Envelope><Cube time='2026-11-27'></Cube></Envelope>", "no <Cube time=...>"),
    (b"<Envelope><Cube", "not well-formed XML"),
    (b"Currency,Rate\nUSD,1.05\n", "first column is 'Date'"),
    (b"Date,USD\nyesterday,1.05\n", "line 2: 'yesterday' is not a date"),
    (b"Date,USD\n2026-11-27,one\n", "line 2 USD: rate 'one'"),
])
def test_a_malformed_table_is_refused_with_what_is_wrong(data: bytes, says: str) -> None:
    with pytest.raises(RatesError, match=f"^rates.xml: .*{says[:20]}"):
        parse_rates(data, source="rates.xml")


def test_a_missing_table_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(RatesError, match="nowhere.xml: cannot be read"):
        load_rates(tmp_path / "nowhere.xml")


def offers_section(sections: list[dict[str, object]]) -> str:
    return str(next(s for s in sections if s["heading"] == "Offers")["body"])


def test_offers_are_compared_in_the_budget_currency_with_the_rate_date_said() -> None:
    rates = load_rates(RATES / "eurofxref-sample.xml")
    result = analyse(QUESTION, pages_of(MARKET), uuid4(), today=date(2026, 11, 30), rates=rates)
    by_merchant = {o["merchant"]: o for o in result.offers}
    euro = by_merchant["Händler C"]
    assert (euro["price"], euro["currency"]) == (279.0, "EUR")
    assert (euro["compared_price"], euro["compared_currency"], euro["rate_date"]) == (292.95, "USD", "2026-11-27")
    assert euro["within_budget"] is True  # 292.95 USD is under the 300 USD budget
    dollar = by_merchant["Merchant B Outlet"]
    assert (dollar["compared_price"], dollar["rate_date"]) == (249.0, None)  # already in USD: not converted
    unknown = by_merchant["Galactic Store"]
    assert unknown["currency"] is None and unknown["compared_price"] is None and unknown["within_budget"] is None
    body = offers_section(result.sections)
    assert "279.00 EUR (≈ 292.95 USD at the 2026-11-27 reference rate) [@o" in body
    assert "1299 (GCR) (currency unknown, not compared)" in body
    assert "not compared with the USD budget" not in body
    # without the table the euro offer stays out of the comparison, as before
    plain = analyse(QUESTION, pages_of(MARKET), uuid4(), today=date(2026, 11, 30))
    euro = {o["merchant"]: o for o in plain.offers}["Händler C"]
    assert euro["within_budget"] is None and euro["compared_price"] is None
    assert "279.00 EUR (not compared with the USD budget)" in offers_section(plain.sections)
    assert any("prices in EUR are not compared with prices in USD: no rates table" in n for n in plain.notes)


def test_the_users_currency_applies_when_the_question_names_none_and_stale_or_lacking_rates_are_said() -> None:
    rates = Rates(base="EUR", day="2026-10-01", per_base={"GBP": 0.84})  # no USD rate, two months old
    result = analyse("Which noise cancelling headphones are best under 300?", pages_of(MARKET), uuid4(),
                     today=date(2026, 11, 30), rates=rates, currency="gbp")
    assert result.budget == 300.0 and result.budget_currency == "GBP"  # "under 300": in the user's currency
    euro = {o["merchant"]: o for o in result.offers}["Händler C"]
    assert (euro["compared_price"], euro["compared_currency"]) == (234.36, "GBP") and euro["within_budget"]
    dollars = [o for o in result.offers if o["currency"] == "USD"]
    assert dollars and all(o["compared_price"] is None and o["within_budget"] is None for o in dollars)
    assert "prices in USD are not compared with prices in GBP: the rates table of 2026-10-01 has no rate for them" \
        in result.notes
    assert any("reference rates of 2026-10-01, 60 days old" in n for n in result.notes)
    verdicts = str(result.sections[0]["body"])
    assert "Best value: Bose QuietComfort 45** — 279.00 EUR [@v" in verdicts
    assert "(≈ 234.36 GBP at the 2026-10-01 reference rate) at Händler C" in verdicts


def test_an_unusable_table_leaves_prices_unconverted_and_says_why(tmp_path: Path) -> None:
    broken = tmp_path / "rates.csv"
    broken.write_text("Date,USD\n2026-11-27,lots\n")
    settings = DomainShoppingSettings(_env_file=None, rates_file=broken)
    result = analyse_with_settings(settings, QUESTION, pages_of(MARKET), uuid4(), today=date(2026, 11, 30))
    assert any(n.startswith("prices were not converted between currencies: the rates table is unusable")
               and "rates.csv: line 2 USD: rate 'lots'" in n for n in result.notes)
    assert all(o["rate_date"] is None for o in result.offers)
    good = DomainShoppingSettings(_env_file=None, rates_file=RATES / "eurofxref-sample.csv")
    converted = analyse_with_settings(good, QUESTION, pages_of(MARKET), uuid4(), today=date(2026, 11, 30))
    assert {o["rate_date"] for o in converted.offers if o["currency"] == "EUR"} == {"2026-11-27"}
