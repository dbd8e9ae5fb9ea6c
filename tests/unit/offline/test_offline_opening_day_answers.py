"""Opening-hours questions are answered from the opening-hours list's claims (issue 9, trial t50 faults 5, 13): "Is
X open on Mondays?" is "No" from "X: opening hours Monday: closed." / "Closed on Mondays, except Easter Monday" and
"Yes" from hours listed for that day, never from a sentence that names no day ("the visitor centre welcomed more
guests"); "When is X open on Sundays?" asks for that day's hours, no date. Invented pages only."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no
from shared.text.answer import answer_candidates, answer_type, asked_for
from shared.text.hours import DAYS, AskedTime, asked_time, asks_hours, time_state

TITLE = "Visiting the Yarrowby Bell Foundry"
CLAIMS = [
    "The Yarrowby Bell Foundry welcomed more visitors than ever last year and opened a new café.",
    "Guided tours of the Yarrowby Bell Foundry start every day at 14:00.",
    "Yarrowby Bell Foundry: opening hours Wednesday to Saturday: 09:00-16:30.",
    "Yarrowby Bell Foundry: opening hours Sunday: 12:00-16:00.",
    "Yarrowby Bell Foundry: opening hours Closed on Mondays and Tuesdays, except Easter Monday.",
]


def _answer(question: str) -> tuple[bool | None, str]:
    found = decide_yes_no(question, CLAIMS, [TITLE] * len(CLAIMS), list(range(len(CLAIMS))), [False] * len(CLAIMS))
    return found.answer, CLAIMS[found.cited[0]] if found.cited else ""


@pytest.mark.parametrize(("question", "expected", "cited"), [
    ("Is the Yarrowby Bell Foundry open on Mondays?", False, "Closed on Mondays"),
    ("Is the Yarrowby Bell Foundry open on Tuesdays?", False, "Closed on Mondays"),
    ("Is the Yarrowby Bell Foundry closed on Mondays?", True, "Closed on Mondays"),
    ("Is the Yarrowby Bell Foundry open on Sundays?", True, "Sunday: 12:00"),
    ("Is the Yarrowby Bell Foundry open on Thursdays?", True, "Wednesday to Saturday"),
])
def test_an_opening_day_question_is_answered_by_the_hours_of_that_day(question: str, expected: bool,
                                                                       cited: str) -> None:
    answer, claim = _answer(question)
    assert answer is expected and cited in claim


def test_a_sentence_naming_no_day_or_no_opening_answers_no_opening_day_question() -> None:
    claims = CLAIMS[:2]  # "welcomed more visitors ... opened a new café"; tours "every day at 14:00"
    found = decide_yes_no("Is the Yarrowby Bell Foundry open on Mondays?", claims, [TITLE] * 2, [0, 1], [False] * 2)
    assert found.answer is None
    assert time_state("Guided tours start every day at 14:00.", AskedTime(DAYS, frozenset({0}))) is None


def test_when_is_it_open_on_a_day_asks_for_that_days_hours() -> None:
    q = "When is the Yarrowby Bell Foundry open on Sundays?"
    assert asks_hours(q) and asked_time(q) == AskedTime(DAYS, frozenset({6})) and answer_type(q) == "when"
    assert answer_candidates(CLAIMS[3], "when", q) == ["12:00-16:00"]
    assert answer_candidates(CLAIMS[2], "when", q) == []  # another day's hours
    assert asked_for(q) == "the opening hours asked for"
    # a question of when it opened asks a date still
    assert not asks_hours("When did the Yarrowby Bell Foundry open?")
    assert answer_candidates("The foundry opened in 1788.", "when", "When did the Yarrowby Bell Foundry open?") == ["1788"]
