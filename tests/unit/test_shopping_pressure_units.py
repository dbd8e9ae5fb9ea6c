"""A pressure in bar and one in psi are one column, compared (issue 15, trial t35 fault 4): "Max. pressure: 10.3 bar"
on one maker's page and "Maximum pressure: 150 psi" on another were two attributes, and the bar figure was never
compared. Pressure is a lexicon attribute now, and an abbreviation opening an attribute's name is written out, so
pages that abbreviate a name the lexicon does not know still share one column. Invented products and figures."""

from __future__ import annotations

import pytest

from services.domain_shopping.attributes import expand_abbreviations, lookup
from services.domain_shopping.offline import _column_unit, _shown_in, cell_attribute
from services.domain_shopping.pages import Spec
from services.domain_shopping.units import read_quantity


@pytest.mark.parametrize("name", ["Max. pressure", "Maximum pressure", "Max pressure", "Maximal pressure",
                                  "Max. Druck", "Pression maximale"])
def test_the_names_of_a_maximum_pressure_are_one_attribute(name: str) -> None:
    assert cell_attribute(Spec(name, "7.5 bar", origin="table")) == "maximum pressure"
    assert cell_attribute(Spec(name, "110 psi", origin="table")) == "maximum pressure"


def test_a_pressure_is_no_other_attribute_and_a_suction_stays_suction() -> None:
    q = read_quantity("12 kPa")
    assert q is not None
    attribute = lookup("Vacuum pressure", q.kind)
    assert attribute is not None and attribute.name == "suction power"
    assert lookup("Max. pressure", q.kind) is not None and lookup("Max. pressure", "text") is None


def test_bar_and_psi_are_compared_in_the_unit_most_are_written_in() -> None:
    cells = []
    for value in ("120 psi", "7.5 bar", "135 psi"):
        q = read_quantity(value)
        assert q is not None
        cells.append({"value": value, "amount": q.amount, "unit": q.unit, "attribute": "maximum pressure"})
    assert cells[1]["amount"] == pytest.approx(750_000) and cells[0]["amount"] == pytest.approx(827_371, rel=1e-4)
    unit = _column_unit("maximum pressure", cells)
    assert [_shown_in(c, unit) for c in cells] == ["120 psi", "7.5 bar (≈ 109 psi)", "135 psi"]


@pytest.mark.parametrize(("written", "expanded"), [
    ("Max. flow rate", "maximum flow rate"), ("Max flow rate", "maximum flow rate"),
    ("Min. operating temp", "minimum operating temp"), ("Approx. hose length", "approximate hose length"),
    ("Maximum flow rate", "maximum flow rate"), ("Mini hose", "Mini hose"), ("Min", "Min"),
])
def test_an_abbreviation_opening_a_name_is_written_out(written: str, expanded: str) -> None:
    assert expand_abbreviations(written).lower() == expanded.lower()


def test_names_the_lexicon_does_not_know_share_a_column_however_abbreviated() -> None:
    assert cell_attribute(Spec("Max. flow rate", "28 l/min", origin="table")) == \
        cell_attribute(Spec("Maximum flow rate", "30 l/min", origin="table")) == "maximum flow rate"
