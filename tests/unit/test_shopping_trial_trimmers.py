"""A new user's cordless-tool trial (issue 15, trial t24): a weight its maker gives without the battery ("bare
tool") is not compared with weights that count it, and a figure a review sentence naming two products states
between the first's name and the second's is the first's ("With its battery fitted the X weighs 3.0 kg, heavier
than the Y")."""

from __future__ import annotations

from services.domain_shopping.offline import WITHOUT_BATTERY
from services.planner.offline import plan
from tests.shopping_mowers import maker
from tests.unit.test_shopping_trial_vacuums import amounts, best_overall, run, verdicts

LIGHTEST = "Which cordless hedge trimmer is the lightest to carry?"

TRESSA_H2 = maker(
    "Tressa H2",
    "Tressa",
    {"Weight": "2.2 kg", "Blade length": "50 cm"},
    "149.00",
    "The Tressa H2 weighs only 2.2 kg (bare tool).",
)
KOPPA_T40 = maker(
    "Koppa T40",
    "Koppa",
    {"Weight": "2.6 kg", "Blade length": "55 cm"},
    "169.00",
    "The Koppa T40 weighs 2.6 kg with its battery.",
)
ORVEN_X5 = maker(
    "Orven X5",
    "Orven",
    {"Weight": "3.4 kg", "Blade length": "60 cm"},
    "189.00",
    "The Orven X5 is built for thick hedges.",
)
REVIEW = """<!doctype html><html lang="en"><head><title>Cordless hedge trimmers weighed - Shed Test</title>
<meta property="og:site_name" content="Shed Test"></head><body><article><h1>Cordless hedge trimmers weighed</h1>
<p>With its battery fitted the Tressa H2 weighs 3.0 kg, heavier than the Koppa T40 at 2.6 kg.</p>
<p>The Koppa T40 is the lightest trimmer to carry in this comparison.</p></article></body></html>"""
TRIMMERS = {
    "/tressa/h2": TRESSA_H2,
    "/koppa/t40": KOPPA_T40,
    "/orven/x5": ORVEN_X5,
    "/reviews/shed-test/trimmers": REVIEW,
}


def test_a_weight_without_the_battery_is_its_own_column_and_the_lightest_with_battery_wins() -> None:
    for site in (TRIMMERS, dict(reversed(TRIMMERS.items()))):
        result = run(LIGHTEST, site)
        assert best_overall(result) == "Koppa T40", verdicts(result)
        assert amounts(result, "weight")["Tressa H2"] == [3000.0]
        assert amounts(result, f"weight {WITHOUT_BATTERY}") == {"Tressa H2": [2200.0]}
        assert not any("weight of Tressa H2" in n for n in result.notes), result.notes


def test_a_figure_between_two_products_names_is_the_first_ones_after_a_comma_comparison() -> None:
    result = run(LIGHTEST, TRIMMERS)
    weights = amounts(result, "weight")
    assert weights["Tressa H2"] == [3000.0] and weights["Koppa T40"] == [2600.0], weights


def test_a_product_kind_named_by_its_power_or_connection_asked_by_a_superlative_is_a_shopping_question() -> None:
    for question in (
        "Which cordless hedge trimmer is the lightest to carry?",
        "Which wireless doorbell is the quietest?",
        "Welcher kabellose Laubbläser ist am leichtesten?",
    ):
        assert plan(question).domain == "shopping", question
    for question in (
        "Which electric eel is the longest?",
        "Which country has the longest coastline?",
        "Which smart city has the most sensors?",
    ):
        assert plan(question).domain == "general", question


def test_a_figure_of_a_product_not_compared_is_never_the_compared_one_it_is_set_against() -> None:
    # without its maker's page the Tressa H2 is no product here: its 3.0 kg, "heavier than the Koppa T40", is not
    # the Koppa's
    site = {k: v for k, v in TRIMMERS.items() if k != "/tressa/h2"}
    result = run(LIGHTEST, site)
    assert amounts(result, "weight")["Koppa T40"] == [2600.0], amounts(result, "weight")
    assert best_overall(result) == "Koppa T40", verdicts(result)
