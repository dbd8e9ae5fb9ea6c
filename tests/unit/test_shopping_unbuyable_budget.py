"""Issue 15, trial t51s b2 (fault 2): "What is the best thermal label printer under -5 dollars?" lost its budget to
the minus sign and was ranked as if none were given, at 1.00 high. A budget of zero or less with a currency is read
as written; the shopping analysis then draws no verdict, says that no product can be bought under it and caps the
run at "low"; the report's lead opens with that. A negative number without a currency stays no budget (a
temperature: "rated under -5")."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import analyse, read_budget, unbuyable_budget
from services.synthesizer.domain import one_shopping_winner, place_domain_sections, spec_answer_lead
from tests.unit.test_shopping_one_winner import a_report, a_run, sources
from tests.unit.test_shopping_reviewer_pick import MAKERS


@pytest.mark.parametrize(("question", "budget"), [
    ("What is the best thermal label printer under -5 dollars?", (-5.0, "USD")),
    ("What is the best thermal label printer under $-5?", (-5.0, "USD")),
    ("best e-bike under -$5", (-5.0, "USD")),
    ("beste E-Bike unter −5 €", (-5.0, "EUR")),
    ("best phone under 0 EUR", (0.0, "EUR")),
    ("best sleeping bag rated under -5", (None, None)),  # no currency: a temperature, not a budget
    ("best sleeping bag under -5 degrees", (None, None)),
    ("best toys for under-5s", (None, None)),
    ("best e-bike under 0", (None, None)),
    ("best e-bike under 60 dollars", (60.0, "USD")),
])
def test_a_budget_of_zero_or_less_is_read_only_with_its_currency(question: str,
                                                                 budget: tuple[float | None, str | None]) -> None:
    assert read_budget(question) == budget


def test_no_product_is_recommended_under_a_negative_budget() -> None:
    result = analyse("Which commuter e-bike is the lightest under -5 dollars?", MAKERS, uuid4(),
                     today=date(2026, 12, 2))
    assert unbuyable_budget(result.budget) and result.budget_currency == "USD"
    verdicts = {s["heading"]: s["body"] for s in result.sections}["Verdicts"]
    assert verdicts.startswith("**No product can be bought under -5 USD:**"), verdicts
    assert "Best overall" not in verdicts and "Avoid if" not in verdicts
    assert result.max_tier == "low" and result.pick is None
    assert any("not above zero: no product can be bought under it" in n for n in result.notes), result.notes
    assert not any("no product could be named best overall" in n for n in result.notes)


def test_a_budget_above_zero_still_ranks() -> None:
    result = analyse("Which commuter e-bike is the lightest under 2100 dollars?", MAKERS, uuid4(),
                     today=date(2026, 12, 2))
    verdicts = {s["heading"]: s["body"] for s in result.sections}["Verdicts"]
    assert not unbuyable_budget(result.budget) and "**Best overall:" in verdicts and result.max_tier != "low"


def test_the_lead_opens_with_no_product_being_buyable() -> None:
    run = a_run("**No product can be bought under -5 USD:** a budget of zero or less leaves nothing to buy, so no "
                "product is recommended; ask again with the most you would spend.")
    out = spec_answer_lead(one_shopping_winner(place_domain_sections(a_report(), run, sources()), run), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert answer.strip().startswith("No product can be bought under -5 USD: a budget of zero or less"), answer
