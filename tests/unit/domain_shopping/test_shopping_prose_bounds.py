"""A figure in running text is a bound attribute's value only when the sentence says the bound, and a tolerance is
never a value (issue 15, trial t54s X1: "What is the maximum pressure of ...?" led "maximum pressure 160 psi [1] /
0.5 psi [2] (its sources disagree)" at 0.85 medium: a test's "Its gauge was within 0.5 psi", "overinflating the
test tyre to 48 psi" and a forum's "the preset 35 psi" were each read as the product's maximum pressure, the one
attribute of that unit). Invented portable air compressors."""

from __future__ import annotations

from services.domain_shopping.attributes import is_tolerance, read_by_unit, read_measured, read_prose
from services.domain_shopping.units import read_quantity
from tests.shop_pages import page, run, spec_shop, verdicts

PRESSURE = read_quantity("100 psi").kind  # type: ignore[union-attr]
TIME = read_quantity("30 min").kind  # type: ignore[union-attr]
KINDS = {"maximum pressure": PRESSURE, "battery life": TIME}


def by_unit(sentence: str) -> list[tuple[str, str]]:
    return [(f.attribute, f.value) for f in read_by_unit(sentence, KINDS)]


def test_a_tolerance_a_test_condition_or_a_setting_is_no_maximum() -> None:
    assert by_unit("Its gauge was within 0.4 psi.") == []
    assert by_unit("Its auto stop failed, overinflating the test ball to 52 psi, and its gauge read 3 psi low.") == []
    assert by_unit("My Zelto P2 kept pumping past the preset 30 psi and I caught it at 41 psi.") == []
    assert by_unit("We pumped a 700x28 tyre from 60 to 80 psi ten times.") == []
    assert read_measured("We measured its gauge within 0.4 psi of the reference.", KINDS) == []
    # a tolerance is no value of an attribute the sentence names either
    assert [(f.attribute, f.value) for f in read_prose("Max pressure accuracy ±2 psi.", KINDS)] == []
    assert is_tolerance("It recharges within ", TIME) is False  # "within 2 hours": a time's bound, no tolerance
    assert is_tolerance("accurate to within ", PRESSURE) is True


def test_a_bound_said_or_a_spec_line_is_the_maximum() -> None:
    assert by_unit("The Kompra Air 7 pumps up to 140 psi.") == [("maximum pressure", "140 psi")]
    assert by_unit("It reaches a maximum of 9 bar.") == [("maximum pressure", "9 bar")]
    assert by_unit("It is rated at 10 bar.") == [("maximum pressure", "10 bar")]
    assert by_unit("It tops out at 130 psi max.") == [("maximum pressure", "130 psi")]
    assert by_unit("Pressure: 120 psi") == [("maximum pressure", "120 psi")]
    assert [(f.attribute, f.value) for f in read_prose("Max pressure: 145 psi, accurate to within ±1 psi.", KINDS)] \
        == [("maximum pressure", "145 psi")]


def test_a_figure_whose_bare_quantity_names_the_attribute_needs_no_bound() -> None:
    torque = {"maximum torque": read_quantity("50 Nm").kind}  # type: ignore[union-attr]
    assert [(f.attribute, f.value) for f in read_by_unit("It drives screws with 48 Nm.", torque)] \
        == [("maximum torque", "48 Nm")]


SITE = {
    "/kompra-air-7": spec_shop("Kompra Air 7", "69.00", {"Max pressure": "140 psi", "Battery life": "50 min"}),
    "/zelto-p2": spec_shop("Zelto P2", "35.00", {"Max pressure": "110 psi", "Battery life": "40 min"}),
    "/test": page("We tested portable air compressors", (
        "<h1>The best portable air compressors</h1><p>We pumped a 700x28 tyre from 60 to 80 psi until each battery "
        "ran flat.</p><h2>Best overall: Kompra Air 7</h2><p>The Kompra Air 7 is the best compressor we tested. Its "
        "battery lasted 52 minutes. Its gauge was within 0.4 psi.</p><h2>Avoid: Zelto P2</h2><p>Avoid the Zelto P2. "
        "Its auto stop failed, overinflating the test ball to 52 psi, and its gauge read 3 psi low.</p>")),
    "/forum": page("Zelto P2 keeps pumping - forum", (
        "<h1>Zelto P2 keeps pumping</h1><p>My Zelto P2 kept pumping past the preset 30 psi and I caught it at 41 "
        "psi.</p>")),
}


def test_the_maximum_pressure_asked_is_the_spec_sheet_s_alone() -> None:
    result = run("What is the maximum pressure of the Kompra Air 7?", SITE)
    assert verdicts(result) == "**Kompra Air 7, as its sources give it:** maximum pressure 140 psi [@v1].", \
        verdicts(result)
    zelto = run("What is the maximum pressure of the Zelto P2?", SITE)
    assert verdicts(zelto) == "**Zelto P2, as its sources give it:** maximum pressure 110 psi [@v1].", verdicts(zelto)
