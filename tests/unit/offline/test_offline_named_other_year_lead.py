"""A name asked of a year ("Who won the 2021 <prize>?", "Which collection won <prize> in 2021?") answered by a lead
whose every name-stating sentence dates it to another year (the newest winner from a record's "latest winner" member,
"X has won the 2023 <prize>") is another year's answer: the gate caps it (trial t72 q05, q17)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import other_year_lead
from tests.claim_pages import listed_lead

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



def test_the_claim_of_the_year_asked_leads_over_another_year_s_winner() -> None:
    # the lead opened with the newest edition's book and the record's latest winner, and only third gave the asked
    # year's row (t72 q17, 0.91 high): the row leads, the other year's names leave the lead
    from services.synthesizer.offline import _asked_year_first

    texts = ["Tamsin Orrowby has won the 2023 Quillmere Verse Medal for The Kiln Hours, published by Bramble Press.",
             "Quillmere Verse Medal: latest winner title The Kiln Hours.",
             "Year 2021: medallist Fenwick Adeyemi-Rusk, winning collection Salt on Slate, entries 131.",
             "The medal is awarded each November in Quillmere."]
    cand = [True, True, True, False]
    question = "Which book won the Quillmere Verse Medal in 2021?"
    assert _asked_year_first([0, 1, 2], question, "which", texts, cand) == [2]
    assert _asked_year_first([2, 1, 3], question, "which", texts, cand) == [2, 3]
    # no claim of the year asked, or no year asked: unchanged (the gate rates the first case)
    assert _asked_year_first([0, 1], question, "which", texts, cand) == [0, 1]
    assert _asked_year_first([0, 1, 2], "Which book won the Quillmere Verse Medal?", "which", texts, cand) == [0, 1, 2]
    # the lead as the synthesizer writes it from such pages
    lead = listed_lead(question, _PAGES)
    assert lead.startswith("Year 2021: medallist Fenwick Adeyemi-Rusk") and "Kiln Hours" not in lead


_ROWS = [f"Year {y}: medallist {n}, winning collection {b}, entries {e}, purse £{p},000." for y, n, b, e, p in [
    (2019, "Mara Quell", "Blue Hours", 101, 4), (2020, "Odo Tansley", "Stonecrop", 110, 4),
    (2021, "Fenwick Adeyemi-Rusk", "Salt on Slate", 131, 4), (2022, "Ines Gallowglass", "Tidewrack", 140, 5),
    (2023, "Tamsin Orrowby", "The Kiln Hours", 150, 5)]]
_PAGES = {
    "kit": ("Press kit: Quillmere Verse Medal 2023",
            ["Tamsin Orrowby has won the 2023 Quillmere Verse Medal for The Kiln Hours, published by Bramble Press."]),
    "rec": ("Quillmere Verse Medal", ["Quillmere Verse Medal: latest winner title The Kiln Hours.",
                                      "Quillmere Verse Medal: latest winner author Tamsin Orrowby."]),
    "hist": ("Quillmere Verse Medal: medallists by year", _ROWS),
}
