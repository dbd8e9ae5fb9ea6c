"""Trial t67s Q04: "How much more capacity does <fryer> XL have than <fryer>?" was answered with the XL's figure
only ("<fryer> XL, as its sources give it: capacity 9.0 L") at 0.85 medium: the bare model's name, written inside
the XL's in the question, was read as part of it (services.domain_shopping.offline._named_spans took the first place
the name was found), so one product was named and its values answered. "How much more / less X does A have than B"
asks for the difference: with both figures (one kind of unit) given, the answer states both and the difference;
with one missing, the difference is not established (figures_agree None). Invented air fryers."""

from __future__ import annotations

import json
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import Product, SourcePage, analyse, asked_difference, named_products
from tests.unit.test_shopping_reviewer_pick import _page


def _fryer(name: str, path: str, capacity: str | None, power: str, price: str) -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": name.split()[0]},
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "EUR"}}
    rows = (f"<tr><td>Capacity</td><td>{capacity}</td></tr>" if capacity else "") + \
        f"<tr><td>Power</td><td>{power}</td></tr>"
    return _page(path, name, f'<script type="application/ld+json">{json.dumps(item)}</script><h1>{name}</h1>'
                 f"<table>{rows}</table>")


TWIN = _fryer("Verlina Twin", "/verlina/twin", "5.0 L", "1500 W", "119.00")
TWIN_XL = _fryer("Verlina Twin XL", "/verlina/twin-xl", "8.0 L", "2300 W", "189.00")
Q = "How much more capacity does the Verlina Twin XL have than the Verlina Twin?"


def _verdicts(question: str, pages: list[SourcePage]) -> tuple[str, dict]:
    result = analyse(question, pages, uuid4(), today=date(2026, 12, 4))
    return {s["heading"]: s["body"] for s in result.sections}["Verdicts"], result.pick or {}


def test_a_name_written_alone_after_its_xl_is_named_too() -> None:
    products = [Product(product_id="a", name="Verlina Twin"), Product(product_id="b", name="Verlina Twin XL")]
    assert [p.name for p in named_products(Q, products)] == ["Verlina Twin", "Verlina Twin XL"]
    # written only inside the longer name, it is not named
    assert [p.name for p in named_products("How much does the Verlina Twin XL weigh?", products)] == ["Verlina Twin XL"]


def test_the_difference_question_is_read() -> None:
    assert asked_difference(Q) == (1, "Verlina Twin XL", "Verlina Twin")
    assert asked_difference("How much less power does the Verlina Twin use than the Verlina Twin XL?")[0] == -1
    assert asked_difference("How many more watts does the Verlina Twin XL draw than the Verlina Twin?")[0] == 1
    assert asked_difference("How much capacity does the Verlina Twin XL have?") is None
    assert asked_difference("Which has more capacity, the Verlina Twin XL or the Verlina Twin?") is None


def test_both_figures_and_their_difference_answer() -> None:
    verdicts, pick = _verdicts(Q, [TWIN, TWIN_XL])
    first = verdicts.splitlines()[0]
    assert "8.0 L" in first and "5.0 L" in first and "3 L more" in first, verdicts
    assert first.index("Verlina Twin XL") < first.index("8.0 L") < first.index("5.0 L"), first
    assert pick.get("compared") == 2 and pick.get("figures_agree") is True, pick


def test_less_is_said_as_less() -> None:
    verdicts, _pick = _verdicts("How much less power does the Verlina Twin use than the Verlina Twin XL?",
                                [TWIN, TWIN_XL])
    assert "800 W less" in verdicts.splitlines()[0], verdicts


def test_one_figure_missing_leaves_the_difference_not_established() -> None:
    bare = _fryer("Verlina Twin", "/verlina/twin", None, "1500 W", "119.00")
    verdicts, pick = _verdicts(Q, [bare, TWIN_XL])
    first = verdicts.splitlines()[0]
    assert first.startswith("**Not established:"), verdicts
    assert "8.0 L" in first and "Verlina Twin" in first, first
    assert pick.get("figures_agree") is None, pick
