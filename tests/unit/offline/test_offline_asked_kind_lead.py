"""A lead whose only figure is of another kind than the one asked does not answer (issue 9, trial t36 faults 4, 5).

"What is the yearly turnover of ...?" asks money: a town's population (a bare number) is no answer; "How big is
...?" asks a size (a dimension), never a count of apprentices. Invented sentences, several phrasings."""

from __future__ import annotations

import pytest

from shared.text.answer import answer_candidates, answer_type, lead_answer


@pytest.mark.parametrize("question, lead", [
    ("What is the yearly turnover of the Brandt Forge?",
     "The Brandt Forge is an ironworks in Oslen. Oslen is a town with a population of about 12,400."),
    ("What was the annual revenue of the Halden Press?",
     "The Halden Press employs 48 people and prints 3 newspapers."),
    ("How big is the Orvel Bridge's central arch?",
     "The Orvel Bridge still carries traffic. Each year the town holds five festivals on it."),
    ("How large is the Tamsin reservoir?",
     "The Tamsin reservoir was opened by 2 ministers and is fed by 14 streams."),
    ("How much revenue does the Brandt Forge make?",
     "The Brandt Forge stands in Oslen, a town with a population of about 12,400."),
    ("How much profit did the Halden Press make in 2020?", "The Halden Press printed 3 newspapers in 2020."),
])
def test_a_figure_of_another_kind_is_no_answer(question: str, lead: str) -> None:
    assert not answer_candidates(lead, answer_type(question), question)
    assert lead_answer(question, lead).score == 0.0


@pytest.mark.parametrize("question, lead, figure", [
    ("What is the yearly turnover of the Brandt Forge?", "The Brandt Forge had a turnover of €2.1 million in 2023.",
     "2.1"),
    ("What was the annual revenue of the Halden Press?", "The Halden Press earned 3.4 million euros last year.",
     "3.4"),
    ("How big is the Orvel Bridge's central arch?", "The central arch of the Orvel Bridge spans 41 metres.", "41"),
    ("How large is the Tamsin reservoir?", "The Tamsin reservoir covers 3.2 square kilometres.", "3.2"),
    ("How big is the wheel of the Orvel mill?", "The wheel is 6.4 m across.", "6.4"),
    ("What is the population of Halvik?", "Halvik has a population of about 9,300.", "9,300"),
    ("How much revenue does the Brandt Forge make?", "The Brandt Forge makes a revenue of 4 million euros a year.",
     "4"),
])
def test_a_figure_of_the_asked_kind_still_answers(question: str, lead: str, figure: str) -> None:
    found = answer_candidates(lead, answer_type(question), question)
    assert any(f.startswith(figure) for f in found), found
    assert lead_answer(question, lead).score > 0.0
