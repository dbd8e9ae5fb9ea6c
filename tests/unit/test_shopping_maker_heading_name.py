"""A maker's page names its product by its heading when its SEO title only adds words to it (issue 15, trial t29
fault 9): "Vantor Blaze X", not "Vantor Blaze X Regulated Stove"; a heading of one word (the brand) or a variant's
title keeps the title's name."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import analyse
from tests.unit.test_shopping_reviewer_pick import _page


def _maker(title: str, heading: str) -> str:
    page = _page("/stove", title, f"<h1>{heading}</h1><dl><dt>Weight</dt><dd>0.26 lb</dd><dt>Boil time</dt>"
                 "<dd>2.5 min</dd></dl><p>Price: $149.00</p><button>Add to cart</button>")
    result = analyse("Which backpacking stove is best?", [page], uuid4(), today=date(2026, 12, 2))
    return str(result.products[0]["name"])


@pytest.mark.parametrize(("title", "heading", "name"), [
    ("Vantor Blaze X Regulated Stove | Vantor", "Vantor Blaze X", "Vantor Blaze X"),
    ("Glowmont Duo Two-Burner Camp Stove | Glowmont", "Glowmont Duo", "Glowmont Duo"),
    ("Vantor Blaze X Regulated Stove | Vantor", "Vantor", "Vantor Blaze X Regulated Stove"),
    ("Vantor Blaze X Pro | Vantor", "Vantor Blaze X", "Vantor Blaze X Pro"),
])
def test_the_heading_the_title_only_adds_words_to_names_the_product(title: str, heading: str, name: str) -> None:
    assert _maker(title, heading) == name
