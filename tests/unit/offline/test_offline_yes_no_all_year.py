"""A service stated to run in every season ("operates all year round", "open year-round", "runs every day of the
year", "ganzjährig") runs in winter: "Does the line run in winter?" is "Yes" by it, as "The line is closed in winter"
makes it "No" (issue 9, g44 fault C, probe x2; ``services.synthesizer.verdicts._bound_state``). A denied or
exempted all-season phrase says nothing of one season. Invented sentences only."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no
from tests.claim_pages import listed_lead

LIFT = "Varden Chairlift"


@pytest.mark.parametrize(("question", "claim", "expected"), [
    ("Does the Varden Chairlift run in winter?", "The Varden Chairlift operates all year round, from 8 am to 6 pm.",
     True),
    ("Does the Varden Chairlift run in winter?", "The Varden Chairlift is open year-round.", True),
    ("Does the Varden Chairlift run on Mondays?", "The Varden Chairlift runs every day of the year.", True),
    ("Does the Varden Chairlift run in winter?", "Der Varden Chairlift verkehrt ganzjährig.", True),
    ("Is the Varden Chairlift open in winter?", "The Varden Chairlift operates throughout the year.", True),
    ("Is the Varden Chairlift closed in winter?", "The Varden Chairlift operates all year round.", False),
    # the opposite state, and the other thing's season, as before
    ("Does the Varden Chairlift run in winter?", "The Varden Chairlift is closed in winter.", False),
    # not every season: nothing of winter
    ("Does the Varden Chairlift run in winter?", "The Varden Chairlift does not operate all year round.", None),
    ("Does the Varden Chairlift run in winter?", "The Varden Chairlift is open all year round except in January.",
     None),
])
def test_an_all_season_statement_answers_a_season(question: str, claim: str, expected: bool | None) -> None:
    verdict = decide_yes_no(question, [claim], [LIFT], [0], [False])
    assert verdict is not None
    assert verdict.answer is expected


def test_the_lead_says_yes_with_the_all_year_sentence_and_no_for_the_closed_line() -> None:
    pages = {"s1": (LIFT, ["The Varden Chairlift opened on 4 July 1931.",
                           "The Varden Chairlift operates all year round, from 8 am to 6 pm."]),
             "s2": ("The Varden Railway", ["The Varden Railway is closed in winter because of avalanches."])}
    lead = listed_lead("Does the Varden Chairlift run in winter?", pages)
    assert lead.lstrip().startswith("Yes")
    assert "all year round" in lead
    other = listed_lead("Does the Varden Railway run in winter?", pages)
    assert other.lstrip().startswith("No")
    assert "closed in winter" in other
