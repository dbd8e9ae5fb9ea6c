"""A new user's robot-lawn-mower trial (issue 15, trial t24): an area in m² is an area (never a length, never a
range), "covers the largest lawn area" asks for the largest maximum area, and the German "Max. Mähfläche" and the
English "Maximum lawn area" are one column whose disagreement is named (tests/shopping_mowers.py)."""

from __future__ import annotations

from services.domain_shopping.attributes import canonical_name, direction, read_prose
from services.domain_shopping.units import read_quantity
from tests.shopping_mowers import MOWERS
from tests.unit.test_shopping_trial_vacuums import amounts, best_overall, run, verdicts

LARGEST = "Which robot lawn mower covers the largest lawn area for under $1,200?"


def test_an_area_in_square_metres_is_an_area_in_any_spelling() -> None:
    area = read_quantity("1200 m²")
    assert area is not None and area.kind == "[length] ** 2" and area.amount == 1200 and area.symbol == "m²"
    for spelling in ("1200 m2", "1200 qm", "1200 Quadratmeter", "1.200 m²"):
        got = read_quantity(spelling, decimal=",")
        assert got is not None and (got.kind, got.amount) == (area.kind, area.amount), spelling
    feet = read_quantity("5,000 sq ft")
    assert feet is not None and feet.kind == area.kind and round(feet.amount) == 465
    length = read_quantity("2 m")
    assert length is not None and length.kind == "[length]" and length.amount == 2000


def test_a_lawn_area_is_the_maximum_area_in_any_language_never_a_range() -> None:
    kind = read_quantity("800 m²").kind  # type: ignore[union-attr]
    for name in ("Maximum lawn area", "Max. Mähfläche", "Mähfläche", "Area coverage", "Max. lawn area"):
        assert canonical_name(name, kind) == "maximum area", name
    [figure] = read_prose("It covers lawns up to 600 m².")
    assert (figure.attribute, figure.value) == ("maximum area", "600 m²")
    [ridden] = read_prose("On one charge it covered 42 km in our test.")
    assert (ridden.attribute, ridden.value) == ("range", "42 km")
    assert direction("maximum area", kind, LARGEST) == 1


def test_covers_the_largest_lawn_area_ranks_on_the_area_and_the_mower_covering_most_wins() -> None:
    for site in (MOWERS, dict(reversed(MOWERS.items()))):
        result = run(LARGEST, site)
        assert best_overall(result) == "Sodix A9", verdicts(result)
        line = next(v for v in verdicts(result).splitlines() if "Best overall" in v)
        assert "the attribute the question asks for (maximum area)" in line, line
        assert "Avoid if maximum area matters: Pratol R3" in verdicts(result)


def test_german_and_english_lawn_areas_are_one_column_and_their_disagreement_is_named() -> None:
    result = run(LARGEST, MOWERS)
    assert [a for a in result.attributes if "area" in a or "fläche" in a.lower()] == ["maximum area"], result.attributes
    assert sorted(amounts(result, "maximum area")["Kelma T5"]) == [700.0, 1000.0]
    assert "range" not in result.attributes
    assert any("maximum area of Kelma T5" in n for n in result.notes), result.notes
