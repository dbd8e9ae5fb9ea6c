"""Trial t63s F1: an independent test's "Best under $100: <product>" ("the best blender under $100") was counted as a
pick for everyone, so "What is the best cordless blender?" led with the budget pick (1.00 high) though the same test
named another product "Best overall". A pick qualified by a price bound or a price class counts only for a question
with that budget or class (:func:`price_qualified`); the unqualified "best overall" pick decides an unqualified
"best" question. Invented gooseneck kettles."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import _fits_use, analyse, price_qualified
from tests.unit.domain_shopping.test_shopping_fluid_ounces import spec_page
from tests.unit.test_shopping_reviewer_pick import _page

#: the budget pick is lighter and boils faster: the figures alone favour it
PAGES = [spec_page("Brisko T2", "/brisko/t2", {"Weight": "780 g", "Boil time": "4 min"}, "119.00"),
         spec_page("Quenel Mini 4", "/quenel/mini-4", {"Weight": "520 g", "Boil time": "3 min"}, "54.00"),
         spec_page("Harlo K8", "/harlo/k8", {"Weight": "900 g", "Boil time": "5 min"}, "89.00"),
         _page("/lab/kettles", "We tested three gooseneck kettles - KettleLab",
               "<h1>We tested three gooseneck kettles</h1><p>KettleLab buys every kettle at retail and times a"
               " full boil. We accept no payment from manufacturers.</p>"
               "<h2>Best overall: Brisko T2</h2><p>The Brisko T2 is the best gooseneck kettle we have tested.</p>"
               "<h2>Best under $60: Quenel Mini 4</h2><p>The Quenel Mini 4 is the best gooseneck kettle under $60.</p>"
               "<p>It pours well but its lid rattles.</p>")]


def _verdict(question: str) -> str:
    result = analyse(question, PAGES, uuid4(), today=date(2026, 12, 5))
    return str({s["heading"]: s["body"] for s in result.sections}["Verdicts"]).split("\n")[0]


def test_an_unqualified_best_question_is_led_by_the_best_overall_pick() -> None:
    lead = _verdict("What is the best gooseneck kettle?")
    assert lead.startswith("- **Best overall: Brisko T2** — ranked first as an independent reviewer's pick"), lead


def test_a_question_with_the_picks_budget_is_led_by_the_budget_pick() -> None:
    lead = _verdict("What is the best gooseneck kettle under $60?")
    assert lead.startswith("- **Best overall: Quenel Mini 4**"), lead


@pytest.mark.parametrize(("pick", "question", "fits"), [
    ("The Quenel Mini 4 is the best gooseneck kettle under $60.", "What is the best gooseneck kettle?", False),
    ("Best under $60", "What is the best gooseneck kettle?", False),
    ("Best under $60", "What is the best gooseneck kettle under $60?", True),
    ("Best under $60", "What is the best gooseneck kettle under $120?", False),
    ("The Harlo K8 is the best budget kettle we tested.", "What is the best gooseneck kettle?", False),
    ("The Harlo K8 is the best budget kettle we tested.", "What is a good cheap gooseneck kettle?", True),
    ("The Brisko T2 is the best gooseneck kettle we have tested.", "What is the best gooseneck kettle?", None),
    # a price said after the pick's own words qualifies nothing
    ("The Brisko T2 is the best gooseneck kettle we have tested, and worth it at under $150.",
     "What is the best gooseneck kettle?", None),
])
def test_a_pick_qualified_by_a_price_fits_only_that_budget(pick: str, question: str, fits: bool | None) -> None:
    assert price_qualified(pick, question) is fits


def test_a_pick_for_a_use_or_a_budget_is_no_pick_for_everyone() -> None:
    assert _fits_use("The Harlo K8 is the best gooseneck kettle for small kitchens.", "What is the best gooseneck kettle?") \
        is False
    assert _fits_use("Best under $60", "What is the best gooseneck kettle?") is False
    assert _fits_use("Best under $60", "What is the best gooseneck kettle under $60?") is None
