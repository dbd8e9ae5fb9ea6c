"""An amount of money asked of a thing as a whole (a budget, a revenue) is not answered by a price of another thing
("Entry to the Conservatory costs £4"): the report opens "Not established" and the judge scores it clearly below 60
(services.synthesizer.confidence.amount_nouns, relation_features' ``amount_named``); a question asking the figure of
"the most recent year reported" or "the last year on record" asks the latest, like "the latest figure" (issue 9,
trial t48 faults 4 and 9). Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import amount_nouns, relation_features, relation_missing
from services.synthesizer.provenance import asks_latest
from shared.report import lead_section, says_not_established
from shared.text.answer import relation_terms
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "v": ("Visitor guide: Kelmor Rope Museum", [
        "Entry to the Kelmor Rope Museum's rope walk costs £5 for adults and £2 for children.",
        "In 2011 the museum opened a second hall, the Holm Gallery."]),
    "r": ("Annual report 2023 (summary)", [
        "Year 2019: visitors 31,200, rope-walk demonstrations 410.",
        "Year 2023: visitors 24,750, rope-walk demonstrations 380."]),
}
BUDGET = "What was the Kelmor Rope Museum's total operating budget in 2023?"


def test_a_budget_no_source_gives_opens_not_established() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, total = recorded_report(BUDGET, claims, sources)
    assert says_not_established(lead_section(rep.markdown)), rep.markdown
    assert gate.tier == "low" and not answered and total < 50, (gate.signals, total)


@pytest.mark.parametrize(("question", "lead", "named"), [
    (BUDGET, "Entry to the Kelmor Rope Museum's rope walk costs £5 for adults and £2 for children [1].", False),
    (BUDGET, "In 2011 the museum opened a second hall [1].", False),
    (BUDGET, "The museum's operating budget for 2023 was £412,000 [1].", True),
    (BUDGET, "Its operating expenditure in 2023 was £412,000 [1].", True),
    ("How much revenue did the Kelmor Rope Museum make in 2023?", "Entry costs £5 for adults [1].", False),
    ("How much revenue did the Kelmor Rope Museum make in 2023?", "Its turnover in 2023 was £96,000 [1].", True),
])
def test_a_price_of_another_thing_names_no_budget(question: str, lead: str, named: bool) -> None:
    features = relation_features(question, lead)
    assert features["amount_named"] == float(named)
    if not named:
        assert relation_missing(question, features)


@pytest.mark.parametrize("question", ["What is the price of admission to the Kelmor Rope Museum?",
                                      "How much does entry to the Kelmor Rope Museum cost?",
                                      "How many visitors did the Kelmor Rope Museum have in 2023?"])
def test_a_price_or_a_count_asks_no_amount_of_the_whole(question: str) -> None:
    assert amount_nouns(question) == ()
    assert relation_features(question, "Entry costs £5 for adults [1].")["amount_named"] == 1.0


@pytest.mark.parametrize("question", [
    "How many visitors did the Kelmor Rope Museum have in the most recent year reported?",
    "How many visitors did the Kelmor Rope Museum have in the most recent year available?",
    "How many visitors did the Kelmor Rope Museum have in the last year on record?",
])
def test_the_most_recent_year_reported_asks_the_latest(question: str) -> None:
    assert asks_latest(question)
    assert relation_terms(question) == []
    assert not relation_missing(question, relation_features(question, "Year 2023: visitors 24,750 [1]."))

