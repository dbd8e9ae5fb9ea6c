"""Trial t59s X6 / Y3 / Z4: a figure asked in a unit ("How much does the X weigh in ounces?", "... in kilograms?",
"battery life ... in minutes?") was given only as written ("weight 540 g"): the answer now gives it in the unit asked
too, beside the written one, converted by pint; a unit of another kind, or a question naming none, changes nothing.
Invented lanterns."""

from __future__ import annotations

import json
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import SourcePage, analyse
from services.domain_shopping.units import unit_asked
from tests.unit.test_shopping_reviewer_pick import _page


def _lantern(name: str, path: str, weight: str, runtime: str, price: str) -> SourcePage:
    """A maker's page of one lantern: its JSON-LD product with a price, and a spec table of weight and runtime."""
    brand, _ = name.split(" ", 1)
    ld = json.dumps({"@context": "https://schema.org", "@type": "Product", "name": name, "brand": brand,
                     "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"}})
    rows = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in (("Weight", weight), ("Battery life", runtime)))
    return _page(path, name, f'<script type="application/ld+json">{ld}</script><h1>{name}</h1><table>{rows}</table>')


PAGES = [_lantern("Glimmer Trek 3", "/glimmer/trek-3", "320 g", "9 h", "49.00"),
         _lantern("Lunava Camp 2", "/lunava/camp-2", "1.5 lb", "14 h", "59.00")]


def _lead(question: str) -> str:
    result = analyse(question, PAGES, uuid4(), today=date(2026, 12, 4))
    return str({s["heading"]: s["body"] for s in result.sections}["Verdicts"]).split("\n")[0]


@pytest.mark.parametrize(("question", "unit"), [
    ("How much does the Glimmer Trek 3 weigh in ounces?", "ounce"),
    ("What is the battery life of the Glimmer Trek 3 in minutes?", "minute"),
    ("How many hours does the Lunava Camp 2 run?", "hour"),
    ("Is the Glimmer Trek 3 sold in Europe?", None),
    ("Is the Glimmer Trek 3 in stock?", None),
    ("Does it last in a week of camping?", None),
])
def test_the_unit_a_question_asks_a_figure_in(question: str, unit: str | None) -> None:
    assert unit_asked(question) == unit


def test_a_weight_asked_in_ounces_is_given_in_ounces_beside_grams() -> None:
    lead = _lead("How much does the Glimmer Trek 3 weigh in ounces?")
    assert lead.startswith("**Glimmer Trek 3, as its sources give it:** weight 320 g (≈ 11.3 oz) [@v"), lead


def test_a_weight_in_pounds_asked_in_kilograms_is_given_in_kilograms() -> None:
    lead = _lead("How much does the Lunava Camp 2 weigh in kilograms?")
    assert lead.startswith("**Lunava Camp 2, as its sources give it:** weight 1.5 lb (≈ 0.68 kg) [@v"), lead


def test_a_runtime_asked_in_minutes_is_given_in_minutes() -> None:
    lead = _lead("What is the battery life of the Glimmer Trek 3 in minutes?")
    assert lead.startswith("**Glimmer Trek 3, as its sources give it:** battery life 9 h (= 540 min) [@v"), lead


def test_no_unit_asked_leaves_the_figure_as_written() -> None:
    lead = _lead("How much does the Glimmer Trek 3 weigh?")
    assert lead.startswith("**Glimmer Trek 3, as its sources give it:** weight 320 g [@v"), lead
