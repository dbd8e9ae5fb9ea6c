"""A question asking a figure of a kind ("the budget of", "how much ... cost / spend", "how tall") is answered by a
figure of that kind only: a head count ("a council of eleven members") is no budget, so a report whose pages give
none says what it could not establish, tier low (issue 9, trial t21 fault E)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.answer import NUMBER_RE, answer_candidates, answer_type, asked_for
from shared.text.quantity import asked_quantity, figure_kind
from tests.claim_pages import listed_claims, recorded_report

BUDGET_Q = "What is the annual budget of the Orsk town council?"


@pytest.mark.parametrize("question", [BUDGET_Q, "How much does the Orsk town council spend each year?",
                                      "How much money did the Orsk fair raise?", "What was the cost of the Orsk hall?"])
def test_money_is_asked(question: str) -> None:
    assert asked_quantity(question) == ("money",)


@pytest.mark.parametrize(("sentence", "kinds"), [
    ("The council has eleven members.", ("count",)), ("It has 12,400 inhabitants.", ("count",)),
    ("The budget is 4.2 million euros.", ("money",)), ("The budget was £3 million.", ("money",)),
    ("The hall cost 2.1 million pounds.", ("mass", "money")), ("The spire is 40 metres tall.", ("length",)),
    ("The council has a budget of 1.2 million.", ()), ("The mast rises 38 m above the quay.", ()),
])
def test_the_kind_of_a_figure(sentence: str, kinds: tuple[str, ...]) -> None:
    m = NUMBER_RE.search(sentence)
    assert m is not None and figure_kind(sentence, m.start(), m.end()) == kinds


@pytest.mark.parametrize(("sentence", "question", "expected"), [
    ("The town is governed by a council of eleven members.", BUDGET_Q, []),
    ("The council's budget is 4.2 million euros.", BUDGET_Q, ["4.2 million"]),
    ("The council has a budget of 1.2 million.", BUDGET_Q, ["1.2 million"]),  # nothing says another kind
    ("The lighthouse has three bells.", "What is the height of the Orsk lighthouse?", []),
    ("The lighthouse is 34 metres tall.", "What is the height of the Orsk lighthouse?", ["34"]),
    ("The town has eleven councillors.", "How many councillors does Orsk have?", ["eleven"]),  # a count is asked
])
def test_a_figure_of_another_kind_is_no_candidate(sentence: str, question: str, expected: list[str]) -> None:
    assert answer_candidates(sentence, "how_many", question) == expected


PAGES = {"s1": ("Orsk", ["Orsk is a fishing town on the Dunmere coast.",
                         "The town is governed by a council of eleven members.",
                         "The council meets in the old customs house."])}


def test_a_budget_question_over_head_counts_is_not_established() -> None:
    claims, sources = listed_claims(PAGES)
    report, gate, answered, _total = recorded_report(BUDGET_Q, claims, sources)
    assert says_not_established(report.markdown), report.markdown
    assert lead_section(report.markdown).startswith("Not established: the budget asked for.")
    assert gate.tier == "low" and not answered


def test_a_budget_question_is_led_by_the_amount() -> None:
    pages = {"s1": (PAGES["s1"][0], [*PAGES["s1"][1], "The council's annual budget is 4.2 million euros."])}
    claims, sources = listed_claims(pages)
    report, _gate, _answered, _total = recorded_report(BUDGET_Q, claims, sources)
    assert "4.2 million euros" in lead_section(report.markdown).split("[")[0], report.markdown
    assert not says_not_established(report.markdown)


@pytest.mark.parametrize(("question", "said"), [
    ("How much does the Orsk town council spend each year?", "the amount of money asked for"),
    ("What did the Orsk harbour wall cost?", "the amount of money asked for"),
    ("How much did the Orsk harbour wall cost?", "the amount of money asked for"),
    (BUDGET_Q, "the budget asked for"),
])
def test_what_a_money_question_could_not_establish_is_named(question: str, said: str) -> None:
    assert answer_type(question) == "how_many" and asked_quantity(question) == ("money",)
    assert asked_for(question) == said
    claims, sources = listed_claims(PAGES)
    report, gate, _answered, _total = recorded_report(question, claims, sources)
    assert lead_section(report.markdown).startswith(f"Not established: {said}."), report.markdown
    assert gate.tier == "low"


PROFIT_Q = "What was the operating profit of the Orsk Ferry Company in 2024?"
FERRY_PAGES = {"s1": ("Orsk Ferry Company passenger figures", [
    "The Orsk Ferry Company carried 1.2 million passengers in 2024.",
    "The Orsk Ferry Company carried 1.1 million passengers in 2023.",
    "The company runs four ferries on the Dunmere coast."])}


@pytest.mark.parametrize(("question", "said"), [
    (PROFIT_Q, "the operating profit asked for"),
    ("What was the net income of the Orsk Ferry Company?", "the net income asked for"),
    ("What is the annual revenue of the Orsk Ferry Company?", "the revenue asked for"),
    ("What were the earnings of the Orsk Ferry Company in 2023?", "the earnings asked for"),
])
def test_profit_revenue_and_income_ask_money(question: str, said: str) -> None:
    assert answer_type(question) == "how_many" and asked_quantity(question) == ("money",)
    assert asked_for(question) == said


def test_a_profit_question_over_passenger_counts_is_not_established() -> None:
    claims, sources = listed_claims(FERRY_PAGES)
    report, gate, answered, _total = recorded_report(PROFIT_Q, claims, sources)
    assert lead_section(report.markdown).startswith("Not established: the operating profit asked for."), report.markdown
    assert gate.tier == "low" and not answered
