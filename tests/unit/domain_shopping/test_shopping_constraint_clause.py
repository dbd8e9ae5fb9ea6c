"""A constraint clause ("that weighs under 1 kg", "with at least 15 hours of battery life") is a requirement that
filters the products, as a budget does, not the attribute a "best" question ranks on (task h4, trial t53s: "What is
the best <kind> that weighs under 2 kg?" was ranked on weight alone, as if it asked for the lightest). Invented
power banks."""

from __future__ import annotations

from services.domain_shopping.offline import requirement_blanked
from tests.shop_pages import page, run, spec_shop, verdicts

SITE = {"/charge-20": spec_shop("Velto Charge 20", "49.00",
                                {"Capacity": "20000 mAh", "Weight": "420 g", "Charging time": "3 h"}),
        "/charge-20-slim": spec_shop("Velto Charge 20 Slim", "39.00",
                                     {"Capacity": "10000 mAh", "Weight": "210 g", "Charging time": "4 h"}),
        "/orsa": spec_shop("Orsa Max 30", "79.00", {"Capacity": "30000 mAh", "Weight": "650 g", "Charging time": "5 h"}),
        "/tests/power-banks": page("Power banks tested | CellBench",
                                   "<h1>Power banks tested</h1><p>We tested three power banks.</p><p>The Velto "
                                   "Charge 20 Slim weighs the least of the power banks we tested, 210 g.</p>")}


def test_the_best_under_a_weight_bound_is_ranked_as_the_best_is_among_those_within_it() -> None:
    got = verdicts(run("What is the best power bank that weighs under 500 g?", SITE))
    lines = got.split("\n")
    assert lines[0].startswith("- **Best overall: Velto Charge 20** — ranked first on the attributes compared for the "
                               "most products (weight, battery capacity, charging time)"), got
    assert "- **Does not meet the requirement (under 500 g): Orsa Max 30** — weight 650 g [@v" in got, got
    # a test's "weighs the least" speaks of no attribute the question asks for: no "says otherwise" on the pick
    assert "says otherwise" not in got, got
    # the lightest is still asked by its superlative, the bound filtering as before
    assert verdicts(run("What is the lightest power bank under 500 g?", SITE)).startswith(
        "- **Best overall: Velto Charge 20 Slim** — ranked first on the attribute the question asks for (weight)")


def test_a_constraint_clause_is_blanked_with_its_verb_opener_and_what_it_bounds() -> None:
    assert requirement_blanked("What is the best tent that weighs under 2 kg?").split() == [
        "What", "is", "the", "best", "tent", "?"]
    assert requirement_blanked("Which lamp with at least 15 hours of battery life is best?").split() == [
        "Which", "lamp", "is", "best?"]
    assert requirement_blanked("Best jack with a load capacity of at least 2 t for my van").split() == [
        "Best", "jack", "for", "my", "van"]
    assert requirement_blanked("Which drill that runs for at least 40 min is best?").split() == [
        "Which", "drill", "is", "best?"]
    assert requirement_blanked("What is the best stove that costs under $80?") == (
        "What is the best stove that costs under $80?")  # a price is the budget's
