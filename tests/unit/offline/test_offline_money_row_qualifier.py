"""An amount of money asked by a qualifier noun ("How much prize money was on offer at the Harlow Cup in 2024?") is
answered by a by-year row whose money column opens with that noun ("Year 2024: teams 14, prize fund £2,600"): "prize
money" and "prize fund" share their head "prize" and the amount's kind, and the row states what was on offer
(task h138, trial t71 Q08). Invented names."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import chain_features, relation_features
from shared.report import lead_section, says_not_established
from shared.text.answer import money_row_states
from shared.text.quantity import asked_quantity
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "How much prize money was on offer at the Harlow Cup in 2024?"
ROW = "Year 2024: teams 14, prize fund £2,600, top seed Orla Venn [1]."


def test_a_money_column_of_the_qualifier_states_the_amount() -> None:
    assert relation_features(QUESTION, ROW)["relation"] == 1.0
    assert chain_features(QUESTION, ROW, {1: "Harlow Cup figures by year"}, {1: ROW})["relation_names"] == 1.0


@pytest.mark.parametrize("question, row", [
    # the column's first word is another noun than the qualifier
    (QUESTION, "Year 2024: teams 14, entry fee £20, top seed Orla Venn."),
    # the qualifier's column holds no money
    (QUESTION, "Year 2024: teams 14, prize winners 3, top seed Orla Venn."),
    # no qualifier: "how much money" is read by its own rules
    ("How much money was on offer at the Harlow Cup in 2024?", "Year 2024: teams 14, prize fund £2,600."),
    # no money asked
    ("How many prize winners were there at the Harlow Cup in 2024?", "Year 2024: teams 14, prize fund £2,600."),
    # no row
    (QUESTION, "The prize fund was £2,600 in 2024."),
])
def test_other_rows_or_questions_are_not_read_so(question: str, row: str) -> None:
    assert not money_row_states(row, question)


def test_the_row_answers_the_report() -> None:
    pages = {"f": ("Harlow Cup figures by year", ["Year 2023: teams 18, prize fund £1,900, top seed Piet Marl.",
                                                  "Year 2024: teams 14, prize fund £2,600, top seed Orla Venn.",
                                                  "The Harlow Cup is a five-a-side football tournament."])}
    claims, sources = listed_claims(pages)
    rep, gate, answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "£2,600" in lead.split(".")[0] and not says_not_established(lead), lead
    assert answered and gate.tier != "low", gate


@pytest.mark.parametrize("question", [QUESTION, "How much grant money did the Harlow Club receive in 2024?",
                                      "How much money did the Harlow Cup raise?"])
def test_money_with_a_qualifier_is_money_asked(question: str) -> None:
    assert asked_quantity(question) == ("money",)


def test_the_row_leads_over_prose_without_the_amount() -> None:
    # a page's other sentence dating the cup ("first held in 1990") is no amount of prize money
    pages = {"k": ("Harlow Cup 2024 - press kit", ["Harlow Cup 2024 was first held in 1990 and is run by the Fennick "
                                                   "Darts League, founded in 1961."]),
             "f": ("Harlow Cup figures by year", ["Year 2024: teams 14, prize fund £2,600, top seed Orla Venn."])}
    claims, sources = listed_claims(pages)
    rep, gate, answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "£2,600" in lead.split(".")[0] and not says_not_established(lead), lead
    assert answered, gate
