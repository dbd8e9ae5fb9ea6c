"""A converted value's unit that is written as a word is in the plural (issue 15, re-check g45 of trial t45, fault
C): a trail camera's "240 days" beside others' "9 months" was shown "240 days (≈ 7.89 month)". Units pint writes
as words ("month", "week", "year": pint's "a") are now plural unless the amount shown is 1; symbols stay as they
are. Pages served as on loopback; invented products and figures."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import SourcePage, analyse
from services.domain_shopping.units import amount_with_unit


@pytest.mark.parametrize(("amount", "unit", "shown"), [
    (7.8904, "month", "7.89 months"), (1.0, "month", "1 month"), (3, "week", "3 weeks"), (0.66, "year", "0.66 years"),
    (1, "year", "1 year"), (2, "century", "2 centuries"), (249.48, "gram", "249 g"), (3.5, "minute", "3.5 min"),
    (12, "stone", "12 stone"),
])
def test_a_unit_written_as_a_word_is_plural_unless_one(amount: float, unit: str, shown: str) -> None:
    assert amount_with_unit(amount, unit) == shown


def _page(path: str, name: str, battery: str, price: str) -> SourcePage:
    html = (f"<html lang='en'><head><title>{name}</title></head><body><h1>{name}</h1><table><tr><th>Battery life"
            f"</th><td>{battery}</td></tr></table><p>Price: ${price}</p><button>Add to cart</button></body></html>")
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


def test_the_matrix_shows_a_days_figure_in_months_in_the_plural() -> None:
    pages = [_page("/a", "Brackel Scout 2", "240 days", "159.00"), _page("/b", "Tarsel Ridge 4", "9 months",
                                                                          "199.00"),
             _page("/c", "Vanto Glade 9", "6 months", "129.00")]
    result = analyse("Which trail camera has the longest battery life?", pages, uuid4(), today=date(2026, 12, 4))
    matrix = next(s["body"] for s in result.sections if s["heading"] == "Spec matrix")
    assert "240 days (≈ 7.89 months) [@s" in matrix
    assert "month)" not in matrix
