"""A figure said on its own has its unit word in the plural when its amount is not one: "the 46-metre chimney" gives
"46 metres", not "46 metre" (issue 9, f46b)."""

from __future__ import annotations

import pytest

from shared.text.quantity import unit_plural


@pytest.mark.parametrize(("figure", "said"), [
    ("46 metre", "46 metres"), ("140-foot", "140 feet"), ("2.5 mile", "2.5 miles"), ("3-tonne", "3 tonnes"),
    ("about 1,200 kilogram", "about 1,200 kilograms"), ("12 inch", "12 inches"), ("0.5 litre", "0.5 litres"),
])
def test_a_unit_word_after_an_amount_other_than_one_is_plural(figure: str, said: str) -> None:
    assert unit_plural(figure) == said


@pytest.mark.parametrize("figure", ["1 metre", "1 foot", "46 metres", "46 m", "about 300 visitors", "46 Meter", "100 min",
                                    "1894", ""])
def test_other_figures_are_unchanged(figure: str) -> None:
    assert unit_plural(figure) == figure
