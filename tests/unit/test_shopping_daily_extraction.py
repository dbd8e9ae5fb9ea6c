"""One quantity under several names and units is one column, and the question's quantity ranks (issue 15, trial t47
fault 1): a dehumidifier's "Extraction rate: 20 L/day" on one page and "Moisture removal: 35 pints/day" on another
were two columns with one product each, "35 pints/day" was read as a volume ("≈ 16.6 l", the day dropped), "20 L/day"
was shown as "≈ 0.000833 m³/h", and "removes more water per day" ranked nothing (the water tank was taken as asked),
so the noise level and the price picked the product that removes less. Pages served as on loopback; invented
products and figures."""

from __future__ import annotations

import pytest

from services.domain_shopping.attributes import canonical_name
from services.domain_shopping.units import read_quantity, same_amount
from tests.shop_pages import page, row, run, verdicts


def spec_page(name: str, rows: str, lang: str = "en") -> str:
    return page(name, f"<h1>{name}</h1><p>The {name} is a dehumidifier.</p><table>{rows}</table>", lang=lang)


SITE = {
    "/brolund/damp-9.html": spec_page("Brolund Damp 9", row("Extraction rate", "14 L/day") + row("Water tank", "3 L")
                                      + row("Noise level", "38 dB") + row("Power consumption", "210 W")),
    "/corvane/dry-30.html": spec_page("Corvane Dry 30", row("Moisture removal", "40 pints/day")
                                      + row("Water tank", "0.9 gal") + row("Noise level", "47 dB")
                                      + row("Power consumption", "300 W")),
}


def matrix(question: str) -> str:
    result = run(question, SITE)
    return str(next(s["body"] for s in result.sections if s["heading"] == "Spec matrix"))


@pytest.mark.parametrize(("value", "litres_a_day"), [
    ("20 L/day", 20.0), ("35 pints/day", 16.56), ("20 l/24h", 20.0), ("12 litres per day", 12.0),
    ("30 pints per day", 14.2), ("5 gal/day", 18.93),
])
def test_a_volume_per_day_is_a_flow(value: str, litres_a_day: float) -> None:
    q, reference = read_quantity(value), read_quantity(f"{litres_a_day} L/day")
    assert q is not None and reference is not None
    assert q.kind == reference.kind and q.kind != (read_quantity("20 l") or q).kind
    assert same_amount(q, reference, tolerance=0.005), (q, reference)


def test_a_time_per_day_stays_a_time() -> None:
    q = read_quantity("3 h per day")
    assert q is not None and (q.amount, q.symbol) == (3.0, "h")


@pytest.mark.parametrize("name", ["Extraction rate", "Moisture removal", "Water removal", "Dehumidification capacity",
                                  "Capacity", "Entfeuchtungsleistung", "Capacité de déshumidification"])
def test_names_of_the_water_removed_per_time_are_one_attribute(name: str) -> None:
    flow = read_quantity("20 L/day")
    assert flow is not None and canonical_name(name, flow.kind) == "extraction rate"


def test_a_tank_s_capacity_stays_a_volume() -> None:
    volume = read_quantity("4.5 L")
    assert volume is not None and canonical_name("Capacity", volume.kind) == "capacity"
    assert canonical_name("Water tank", volume.kind) == "water tank"


def test_two_names_and_units_make_one_column_shown_per_day() -> None:
    table = matrix("Which dehumidifier is quieter, the Brolund Damp 9 or the Corvane Dry 30?")
    header = table.splitlines()[0]
    assert "extraction rate" in header and "moisture removal" not in header
    assert "40 pints/day (≈ 18.9 l/day) [@" in table
    assert "14 L/day [@" in table and "m³/h" not in table


@pytest.mark.parametrize("question", [
    "Which dehumidifier removes more water per day: the Brolund Damp 9 or the Corvane Dry 30?",
    "Which dehumidifier has the higher daily extraction rate: the Brolund Damp 9 or the Corvane Dry 30?",
])
def test_the_question_s_quantity_ranks(question: str) -> None:
    body = verdicts(run(question, SITE))
    best = body.splitlines()[0]
    assert best.startswith("- **Best overall: Corvane Dry 30**"), body
    assert "(extraction rate)" in best and "40 pints/day (≈ 18.9 l/day) [@" in best
    assert "ranks nothing" not in body and "noise level" not in best


# an independent test of the two: its sentence naming one product the better on the quantity asked
_TEST = page("Brolund Damp 9 vs Corvane Dry 30: which dehumidifier pulls more water?",
             "<article><h1>Brolund Damp 9 vs Corvane Dry 30</h1><p>By Ada Vinter, 2026-10-02.</p><p>In our 27 °C / "
             "70% RH chamber test both ran for 24 hours.</p><p>The {winner} removes more water per day.</p><p>The {other} is "
             "smaller.</p></article>")
ASKED = "Which dehumidifier removes more water per day: the Brolund Damp 9 or the Corvane Dry 30?"


def test_a_test_naming_the_winner_backs_the_pick() -> None:
    site = {**SITE, "/dampcheck/test.html": _TEST.format(winner="Corvane Dry 30", other="Brolund Damp 9")}
    result = run(ASKED, site)
    best = verdicts(result).splitlines()[0]
    assert best.startswith("- **Best overall: Corvane Dry 30**")
    assert "says: “The Corvane Dry 30 removes more water per day.”" in best and "otherwise" not in best
    assert result.pick is not None and result.pick["contested"] is False
    assert result.max_tier != "low"


def test_a_test_naming_the_other_product_contests_the_pick_and_lowers_the_tier() -> None:
    # the maker's figures say one thing, the independent test's sentence the other: the verdict says so
    site = {**SITE, "/dampcheck/test.html": _TEST.format(winner="Brolund Damp 9", other="Corvane Dry 30")}
    result = run(ASKED, site)
    best = verdicts(result).splitlines()[0]
    assert best.startswith("- **Best overall: Corvane Dry 30**")
    assert "(but an independent test or review says otherwise: “The Brolund Damp 9 removes more water per day.” [@" in best
    assert result.pick is not None and result.pick["contested"] is True and "_test_against" not in result.pick
    assert result.max_tier == "low"
    assert any("names another product than the best overall the better" in n for n in result.notes)
