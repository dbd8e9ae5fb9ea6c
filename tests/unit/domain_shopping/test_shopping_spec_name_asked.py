"""A question about one product's spec whose name holds a word of ranking ("What is the top speed of the X?") asks
that product's figure, not which product's is highest; "How long does the X take to charge?" asks its charging
time; "Which lasts the longest on one charge?" asks the endurance per charge the products state (a range where no
battery life is given), and a ranking question whose attribute no product has a figure of says so at low, never
"Best overall" (trial t65s X5/X9, X6, S4/X3). Invented electric skateboards and cordless kettles."""

from __future__ import annotations

import pytest

from services.domain_shopping.offline import superlative
from tests.shop_pages import run, spec_shop, verdict_line, verdicts

#: four invented electric skateboards: top speed, range and charging time in their spec tables (mixed units)
BOARDS: dict[str, str] = {
    "/quell/q3": spec_shop("Quell Q3", "549.00", {"Top speed": "38 km/h", "Range": "22 miles",
                                                   "Charging time": "3 hours", "Weight": "7.1 kg"}),
    "/quell/q3-pro": spec_shop("Quell Q3 Pro", "749.00", {"Top speed": "46 km/h", "Range": "30 km",
                                                           "Charging time": "5 hours", "Weight": "8.4 kg"}),
    "/brisa/arc": spec_shop("Brisa Arc", "429.00", {"Top speed": "18 mph", "Range": "41 km",
                                                     "Charging time": "6 hours", "Weight": "6.3 kg"}),
    "/hollin/s2": spec_shop("Hollin S2", "389.00", {"Top speed": "26 km/h", "Range": "16 km",
                                                     "Charging time": "2.5 hours", "Weight": "5.2 kg"}),
}
#: three invented cordless kettles with no figure of how long they run or how far anything goes
KETTLES: dict[str, str] = {
    "/tarro/k1": spec_shop("Tarro K1", "59.00", {"Capacity": "1.0 l", "Weight": "900 g"}),
    "/tarro/k2": spec_shop("Tarro K2", "69.00", {"Capacity": "1.5 l", "Weight": "1.1 kg"}),
    "/oven/b7": spec_shop("Ovenna B7", "49.00", {"Capacity": "1.2 l", "Weight": "1.3 kg"}),
}


def _cells(*names: str) -> list[dict[str, object]]:
    return [{"attribute": n, "amount": 1.0} for n in names]


@pytest.mark.parametrize(("question", "ranks"), [
    ("What is the top speed of the Brisa Arc?", False),
    ("What is the Brisa Arc's top-speed?", False),
    ("What is the highest setting of the Brisa Arc?", False),
    ("Which board has the highest top speed?", True),  # a superlative outside the spec's name
    ("What is the best top speed of any board?", True),
    ("Which is the top board?", True),
    ("Which board is fastest?", True),
])
def test_a_word_of_ranking_inside_a_spec_name_ranks_nothing(question: str, ranks: bool) -> None:
    assert superlative(question, _cells("top speed", "highest setting", "range")) is ranks


def test_top_speed_of_one_named_product_is_its_figure_not_the_fastest() -> None:
    line = verdict_line(run("What is the top speed of the Brisa Arc?", BOARDS))
    assert line.startswith("**Brisa Arc, as its sources give it:** top speed 18 mph"), line
    assert "Quell Q3 Pro" not in line and "46 km/h" not in line


def test_the_highest_top_speed_still_ranks_the_products() -> None:
    line = verdict_line(run("Which electric skateboard has the highest top speed?", BOARDS))
    assert line.startswith("- **Best overall: Quell Q3 Pro**"), line


@pytest.mark.parametrize("question", [
    "How long does the Hollin S2 take to charge?",
    "How long does it take to fully charge the Hollin S2?",
    "How long does charging take on the Hollin S2?",
])
def test_how_long_with_the_verb_charge_asks_the_charging_time(question: str) -> None:
    line = verdict_line(run(question, BOARDS))
    assert line == "**Hollin S2, as its sources give it:** charging time 2.5 hours [@v].", line
    result = run(question, BOARDS)
    assert result.pick is not None and result.pick["kind"] == "values"


def test_lasting_on_one_charge_asks_the_range_when_only_ranges_are_given() -> None:
    result = run("Which electric skateboard lasts the longest on one charge?", BOARDS)
    line = verdict_line(result)
    assert line.startswith("- **Best overall: Brisa Arc**"), line  # 41 km, the longest range
    assert "ranked first on the attribute the question asks for (range)" in line, line
    assert result.max_tier != "low"


def test_one_products_endurance_on_a_charge_is_its_range_when_no_battery_life_is_given() -> None:
    line = verdict_line(run("How long does the Quell Q3 last on a single charge?", BOARDS))
    assert line.startswith("**Quell Q3, as its sources give it:** range 22 miles"), line


def test_a_ranking_on_an_attribute_no_product_has_a_figure_of_is_not_established_at_low() -> None:
    result = run("Which cordless kettle lasts the longest on one charge?", KETTLES)
    body = verdicts(result)
    assert body.startswith("**Not established: which product leads on battery life or range.** No source read gives a "
                           "battery life or range figure of two or more of the 3 products found"), body
    assert "\n- **Best overall: Tarro K2**" in body  # the ranking on other figures follows, not as the answer
    assert result.max_tier == "low"
    assert result.pick is None
