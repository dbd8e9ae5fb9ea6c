"""A name asked of a year ("Who won the 2021 <prize>?", "Which collection won <prize> in 2021?") answered by a lead
whose every name-stating sentence dates it to another year (the newest winner from a record's "latest winner" member,
"X has won the 2023 <prize>") is another year's answer: the gate caps it (trial t72 q05, q17)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import other_year_lead

WHO = "Who won the 2021 Quillmere Verse Medal?"
WHICH = "Which collection won the Quillmere Verse Medal in 2021?"


@pytest.mark.parametrize("question", [WHO, WHICH])
@pytest.mark.parametrize("lead", [
    # the record's newest winner, next to a sentence writing the asked year about something else
    "Quillmere Verse Medal: latest winner author Tamsin Orrowby [1]. Quillmere Verse Medal: purse since 2021 [1].",
    # another edition's winner
    "Tamsin Orrowby has won the 2023 Quillmere Verse Medal for The Kiln Hours, published by Bramble Press [1].",
])
def test_a_name_of_another_year_is_no_answer_for_the_year_asked(question: str, lead: str) -> None:
    assert other_year_lead(question, lead)


@pytest.mark.parametrize("question", [WHO, WHICH])
@pytest.mark.parametrize("lead", [
    "Year 2021: medallist Fenwick Adeyemi-Rusk, winning collection Salt on Slate, entries 131 [1].",
    "Recent medallists include Tamsin Orrowby (2019) and Fenwick Adeyemi-Rusk (2021) [1].",
    "Fenwick Adeyemi-Rusk won the Quillmere Verse Medal for Salt on Slate [1].",  # undated: not of another year
])
def test_a_name_of_the_year_asked_or_undated_is_not_capped(question: str, lead: str) -> None:
    assert not other_year_lead(question, lead)


def test_a_question_of_no_year_is_not_capped() -> None:
    assert not other_year_lead("Who won the Quillmere Verse Medal?",
                               "Quillmere Verse Medal: latest winner author Tamsin Orrowby [1].")
