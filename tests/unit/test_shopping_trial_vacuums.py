"""A new user's robot-vacuum trial (issue 15): the verdict follows the spec matrix's figures, a German spec label
is the English attribute, the budget decides which product can win, a test lab's price is no offer, and a shop's
SEO spelling is not the product's name (tests/shopping_vacuums.py)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any
from uuid import uuid4

from services.domain_shopping.offline import MENTIONED, Analysis, analyse
from services.domain_shopping.units import read_quantity
from shared.units import decimal_mark
from tests.shop_pages import pages as pages_of
from tests.shopping_vacuums import DUSTRA_V8_SHOP_PLAIN, VACUUMS

BEST = "What is the best robot vacuum under $400?"


def run(question: str, site: dict[str, str]) -> Analysis:
    return analyse(question, pages_of(site), uuid4(), today=date(2026, 12, 1))


def verdicts(result: Analysis) -> str:
    return str(next(s["body"] for s in result.sections if s["heading"] == "Verdicts"))


def best_overall(result: Analysis) -> str:
    m = re.search(r"\*\*Best overall: ([^*]+)\*\*", verdicts(result))
    assert m is not None, verdicts(result)
    return m.group(1)


def amounts(result: Analysis, attribute: str) -> dict[str, list[float]]:
    names = {p["product_id"]: p["name"] for p in result.products}
    out: dict[str, list[float]] = {}
    for c in result.cells:
        if c["attribute"] == attribute and c["amount"] is not None:
            out.setdefault(names[c["product_id"]], []).append(float(c["amount"]))
    return out


def test_best_overall_is_the_product_better_on_most_figures_whatever_the_page_order() -> None:
    # the V8 has the longer battery life and the stronger suction, the K3 only the lower noise (and the lower
    # price): the mean share of comparisons won ties them, and the K3 used to win on its price
    for site in (VACUUMS, dict(reversed(VACUUMS.items()))):
        result = run(BEST, site)
        assert best_overall(result) == "Dustra V8", verdicts(result)
        line = next(v for v in verdicts(result).splitlines() if "Best overall" in v)
        assert "level with" not in line and "lower purchase price" not in line, line
        # every lead the verdict claims is true of the matrix beside it
        for said, attribute in re.findall(r"the (highest|lowest|longest|shortest) ([a-z ]+) of the products compared",
                                          line):
            word = {"longest": "highest", "shortest": "lowest"}.get(said, said)
            figures = amounts(result, attribute)
            mine = min(figures["Dustra V8"]) if word == "highest" else max(figures["Dustra V8"])
            others = [v for name, vs in figures.items() if name != "Dustra V8" for v in vs]
            assert all(mine > v if word == "highest" else mine < v for v in others), (attribute, figures)


def test_a_german_suction_label_and_number_are_the_english_attribute() -> None:
    result = run("Which robot vacuum has the best suction and battery life under $400?", VACUUMS)
    assert "suction power" in result.attributes and "saugleistung" not in result.attributes, result.attributes
    assert amounts(result, "suction power")["Nimbo K3"] == [2500.0, 2500.0, 2500.0]  # "2.500 Pa" on the German page
    assert amounts(result, "battery life")["Nimbo K3"] == [2.0, 2.0, 2.0]  # "120 Min." is 120 minutes
    assert "the sources disagree" not in " ".join(result.notes)
    assert best_overall(result) == "Dustra V8"
    assert decimal_mark("de-DE") == "," and decimal_mark("en") == "." and decimal_mark("") == "."
    assert read_quantity("2.500 Pa", decimal=",").amount == 2500  # type: ignore[union-attr]
    assert read_quantity("2.5 kPa").amount == 2500  # type: ignore[union-attr]


def test_a_test_labs_price_is_a_mentioned_price_never_an_offer() -> None:
    result = run(BEST, VACUUMS)
    lumo = [o for o in result.offers if o["price"] == 199.0]
    assert len(lumo) == 1 and MENTIONED in lumo[0]["terms"], lumo
    assert "Test Lab" != lumo[0]["merchant"] and lumo[0]["within_budget"] is None
    assert not any(o["merchant"] == "Test Lab" for o in result.offers)
    assert "Lumo R5" not in next(v for v in verdicts(result).splitlines() if "Best value" in v)
    # only reviews mention prices: no best value, and the report says why
    alone = run(BEST, {"/testlab/lumo-r5-review": VACUUMS["/testlab/lumo-r5-review"]})
    assert "Best value: Lumo" not in verdicts(alone)
    assert any("only prices that reviews mention" in n for n in alone.notes), alone.notes


def test_the_winner_has_an_offer_within_the_budget() -> None:
    # without the shop page the V8 has no price at all: it cannot be confirmed within $400, the K3 can
    site = {path: html for path, html in VACUUMS.items() if "homeshop" not in path}
    result = run(BEST, site)
    assert best_overall(result) == "Nimbo K3", verdicts(result)
    # a budget no offer meets is said, never dropped
    poor = run("What is the best robot vacuum under $100?", VACUUMS)
    line = next(v for v in verdicts(poor).splitlines() if "Best overall" in v)
    assert "no offer within the budget of 100 USD was found" in line, line


def test_the_makers_spelling_names_the_product_not_the_shops_seo_title() -> None:
    for site in (VACUUMS, dict(reversed(VACUUMS.items()))):
        result = run(BEST, site)
        names = {p["name"]: p for p in result.products}
        assert set(names) == {"Dustra V8", "Nimbo K3", "Lumo R5"}, names
        assert "DUSTRA V-8 Robot Vacuum Cleaner 2026 Best Deal" in names["Dustra V8"]["aliases"]
    # a shop page whose title and heading are selling words around the name gives that product its figures and
    # its offer
    plain = {**{p: h for p, h in VACUUMS.items() if "homeshop" not in p}, "/homeshop/dustra-v8": DUSTRA_V8_SHOP_PLAIN}
    result = run(BEST, plain)
    shop: dict[str, Any] = next(o for o in result.offers if o["merchant"] == "HomeShop")
    assert {p["product_id"]: p["name"] for p in result.products}[shop["product_id"]] == "Dustra V8"


def test_a_german_budget_leaves_out_a_better_product_it_cannot_confirm_and_says_so() -> None:
    # "unter 400 €": the V8's only offer is in dollars and no rates table is set, so it is not confirmed within
    result = run("Welcher Saugroboter hat die beste Saugleistung und Akkulaufzeit unter 400 €?", VACUUMS)
    assert (result.budget, result.budget_currency) == (400.0, "EUR")
    line = next(v for v in verdicts(result).splitlines() if "Best overall" in v)
    assert best_overall(result) == "Nimbo K3" and "ranked first within the budget" in line, line
    assert "without an offer confirmed within the budget of 400 EUR: Dustra V8" in line, line


def test_a_question_asking_for_a_quiet_robot_ranks_on_noise() -> None:
    result = run("What is the quietest robot vacuum under $400?", VACUUMS)
    line = next(v for v in verdicts(result).splitlines() if "Best overall" in v)
    assert best_overall(result) == "Nimbo K3" and "the attribute the question asks for (noise level)" in line, line


def test_the_over_budget_verdict_is_a_list_item() -> None:
    result = run("Which robot vacuum has the strongest suction and longest battery life under $380?", VACUUMS)
    line = next(v for v in verdicts(result).splitlines() if "Over the budget" in v)
    assert line.startswith("- **Over the budget of 380 USD: Dustra V8**"), line


def test_a_shop_page_titled_with_reviews_still_sells() -> None:
    from services.domain_shopping.pages import read_page
    from tests.shopping_vacuums import NIMBO_K3_MAKER

    shop = NIMBO_K3_MAKER.replace("<title>Nimbo K3 robot vacuum - Nimbo</title>",
                                  "<title>Nimbo K3 | Reviews &amp; Prices | Nimbo</title>")
    assert read_page(shop, "http://127.0.0.1/nimbo").review_why == ""
    review = read_page(VACUUMS["/testlab/lumo-r5-review"], "http://127.0.0.1/testlab")
    assert "review" in review.review_why
