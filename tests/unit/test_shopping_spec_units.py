"""Spec units pint misreads (issue 15, trial t31 fault 1): a print resolution is no volume, a frame rate no speed, a
count of pieces no length; a rotation speed or a data rate stays in its own unit. A speed is shown in a metric unit of
its own scale (fault 2). Invented products and figures."""

from __future__ import annotations

import pytest

from services.domain_shopping.offline import _column_unit, _shown, _shown_in
from services.domain_shopping.units import read_quantity, speed_scale


def _cell(value: str, attribute: str = "spec") -> dict[str, object]:
    q = read_quantity(value)
    assert q is not None
    return {"value": value, "amount": q.amount, "unit": q.unit, "attribute": attribute}


@pytest.mark.parametrize(("value", "kind"), [
    ("600 dpi", "[printing_unit] / [length]"),
    ("1,200 DPI", "[printing_unit] / [length]"),
    ("30 fps", "[video_frame] / [time]"),
    ("64 MP", "[printing_unit]"),
])
def test_spec_units_are_read_as_their_own(value: str, kind: str) -> None:
    q = read_quantity(value)
    assert q is not None and q.kind == kind
    assert q.amount == float(value.split()[0].replace(",", ""))
    assert _shown(_cell(value)) == value


def test_a_count_of_pieces_is_no_unit() -> None:
    q = read_quantity("24 pcs")
    assert q is not None and q.kind == "number" and q.amount == 24.0


@pytest.mark.parametrize("value", ["2,800 rpm", "256 kbps", "45 cps"])
def test_rates_per_time_that_are_no_frequency_stay_in_their_unit(value: str) -> None:
    q = read_quantity(value)
    assert q is not None and q.unit != "hertz" and q.amount == float(value.split()[0].replace(",", ""))
    assert _shown(_cell(value)) == value


def test_a_frequency_is_still_compared_in_hertz() -> None:
    q = read_quantity("1.5 kHz")
    assert q is not None and q.unit == "hertz" and q.amount == 1500.0


@pytest.mark.parametrize(("value", "shown"), [
    ("85 mm/s", "85 mm/s"),
    ("9 cm/s", "9 cm/s"),
    ("4 in/s", "4 in/s (≈ 102 mm/s)"),
    ("12 mph", "12 mph (≈ 19.3 km/h)"),
    ("40 km/h", "40 km/h"),
    ("7 m/s", "7 m/s"),
])
def test_a_speed_is_shown_in_a_metric_unit_of_its_scale(value: str, shown: str) -> None:
    assert _shown(_cell(value)) == shown


def test_speed_scale_of_no_speed_is_none() -> None:
    assert speed_scale("250 g") is None
    assert speed_scale("fast") is None


def test_a_speed_column_of_two_units_is_compared_in_one_of_their_scale() -> None:
    cells = [_cell("90 mm/s", "print speed"), _cell("110 mm/s", "print speed"), _cell("3 in/s", "print speed")]
    unit = _column_unit("print speed", cells)
    assert unit == "millimeter / second"
    assert _shown_in(cells[0], unit) == "90 mm/s"
    assert _shown_in(cells[2], unit) == "3 in/s (= 76.2 mm/s)"
