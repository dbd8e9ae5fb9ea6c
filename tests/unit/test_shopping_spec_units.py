"""Spec units pint misreads (issue 15, trial t31 fault 1): a print resolution is no volume, a frame rate no speed, a
count of pieces no length; a rotation speed or a data rate stays in its own unit. Invented products and figures."""

from __future__ import annotations

import pytest

from services.domain_shopping.offline import _shown
from services.domain_shopping.units import read_quantity


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
