"""A yes/no question asking whether the product it names is the cheapest of its kind is answered yes or no, with
the cheapest offer, never with the named product's own offers alone (task h4, trial t53s: "Is the Torvak D12 the
cheapest cordless drill?" answered "Torvak D12, as its sources give it: cheapest offer ..."). Invented
dehydrators."""

from __future__ import annotations

from tests.shop_pages import run, spec_shop, verdicts

SITE = {"/norlo-d5": spec_shop("Norlo D5", "89.00", {"Trays": "5", "Power": "350 W"}),
        "/norlo-d5-max": spec_shop("Norlo D5 Max", "129.00", {"Trays": "8", "Power": "500 W"}),
        "/quessa": spec_shop("Quessa Dry 3", "64.50", {"Trays": "4", "Power": "300 W"})}


def first(question: str) -> str:
    """The first paragraph of the verdicts the engine gives ``question`` over :data:`SITE`."""
    return verdicts(run(question, SITE)).split("\n")[0]


def test_a_named_product_that_is_not_the_cheapest_is_answered_no_with_the_cheapest() -> None:
    got = first("Is the Norlo D5 the cheapest food dehydrator?")
    assert got.startswith("**No:** the cheapest is the Quessa Dry 3 at 64.50 USD [@v"), got
    assert "(Shop), the Norlo D5 is 89.00 USD [@v" in got, got
    assert got.endswith("(Shop); 3 products with a new purchase price found."), got


def test_the_cheapest_product_named_is_answered_yes_with_the_next_one() -> None:
    got = first("Is the Quessa Dry 3 the least expensive food dehydrator?")
    assert got.startswith("**Yes:** the Quessa Dry 3 is the cheapest of the 3 products with a new purchase price "
                          "found: 64.50 USD [@v"), got
    assert "at Shop; the next, the Norlo D5, is 89.00 USD [@v" in got, got


def test_a_question_asking_no_yes_or_no_keeps_the_offers_answer() -> None:
    got = first("What is the cheapest price for the Norlo D5?")
    assert got.startswith("**Norlo D5, as its sources give it:** cheapest offer 89.00 USD"), got
