"""Whether one can visit, go to, get into or be admitted to a place on a day, in a month or a season asks what its
opening hours say of that time, as "Is X open on Mondays?" does: one reader of days, months and seasons
(``shared.text.hours``) for the question and the claims, and one plain reading of the question (issue 9, trial g50
p13: "Can I visit the Fontvielle visitor centre on a Monday?" was "Yes" from a sentence that names no day, while its
opening hours say "Closed on Mondays, except Easter Monday and Whit Monday"; "Is ... open on Mondays?" was "No").
Invented pages only."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section
from shared.text.answer import answer_candidates
from shared.text.hours import DAYS, MONTHS, AskedTime, asked_time, time_state
from tests.claim_pages import listed_claims

TITLE = "Visit the Marrow Glassworks"
CLAIMS = [
    "Glass output at the Marrow Glassworks rose again, and its museum shop welcomed more guests than ever.",
    "The garden path beside the old kilns is free and open all year.",
    "Marrow Glassworks: opening hours 1 May to 30 September: Wednesday to Sunday, 09:30 to 17:00.",
    "Marrow Glassworks: opening hours Closed on Mondays and Tuesdays, except Easter Monday and Whit Monday.",
    "Marrow Glassworks: opening hours 1 October to 30 April: Saturdays only, 12:00 to 16:00.",
]


def _answer(question: str) -> tuple[bool | None, str]:
    found = decide_yes_no(question, CLAIMS, [TITLE] * len(CLAIMS), list(range(len(CLAIMS))), [False] * len(CLAIMS))
    return found.answer, CLAIMS[found.cited[0]] if found.cited else ""


@pytest.mark.parametrize(("question", "expected", "cited"), [
    ("Can I visit the Marrow Glassworks on a Monday?", False, "Closed on Mondays"),
    ("Could we go to the Marrow Glassworks on a Tuesday?", False, "Closed on Mondays and Tuesdays"),
    ("Can tourists get into the Marrow Glassworks on a Monday?", False, "Closed on Mondays"),
    ("Will I be admitted to the Marrow Glassworks on a Sunday?", True, "Wednesday to Sunday"),
    ("Are visitors admitted to the Marrow Glassworks on Thursdays?", True, "Wednesday to Sunday"),
    ("Is it possible to visit the Marrow Glassworks on a Wednesday?", True, "Wednesday to Sunday"),
    ("Is the Marrow Glassworks closed on Tuesdays?", True, "Closed on Mondays and Tuesdays"),
    # a month or a season: the clause of the list whose dates hold it, not "the garden path ... open all year"
    ("Can I visit the Marrow Glassworks in January?", True, "Saturdays only"),
    ("Is the Marrow Glassworks open in winter?", True, "Saturdays only"),
    ("Could we go to the Marrow Glassworks in July?", True, "Wednesday to Sunday"),
])
def test_going_there_at_a_time_is_answered_by_the_hours_of_that_time(question: str, expected: bool,
                                                                     cited: str) -> None:
    answer, claim = _answer(question)
    assert answer is expected and cited in claim, (answer, claim)


def test_what_it_is_asked_open_to_must_be_stated() -> None:
    # the hours say nothing of coaches: no yes or no from them
    assert _answer("Is the Marrow Glassworks open to coaches on Mondays?")[0] is None
    assert asked_time("Is the Marrow Glassworks open to coaches on Mondays?") == AskedTime(DAYS, frozenset({0}), False,
                                                                                            ("coach",))
    # who goes is nothing a page must state
    assert _answer("Is the Marrow Glassworks open to the public on Mondays?")[0] is False


@pytest.mark.parametrize(("question", "expected"), [
    ("Can I visit the Hobb Rope Walk on a Monday?", AskedTime(DAYS, frozenset({0}), False)),
    ("Will we be admitted to the Hobb Rope Walk at weekends?", AskedTime(DAYS, frozenset({5, 6}), False)),
    ("Can I get into the Hobb Rope Walk in winter?", AskedTime(MONTHS, frozenset({11, 0, 1}), False)),
    # the state asked is the one before the time: "Open" of the name is not what is asked
    ("Is the Open Air Museum of Hobb closed on Mondays?", AskedTime(DAYS, frozenset({0}), True)),
    ("Could we go to the Hobb Rope Walk on a Sunday?", AskedTime(DAYS, frozenset({6}), False)),
    ("When is the Hobb Rope Walk open in May?", AskedTime(MONTHS, frozenset({4}), False)),
    ("When did the Hobb Rope Walk open?", None),
    ("Was the Hobb Rope Walk opened in May 1890?", None),  # a date
    ("Can I enter the Hobb Rope Walk free on Sundays?", None),  # whether it costs
    ("Can I go swimming at Hobb in July?", None),
])
def test_the_time_a_question_asks(question: str, expected: AskedTime | None) -> None:
    assert asked_time(question) == expected


@pytest.mark.parametrize(("sentence", "asked", "expected"), [
    ("Opening hours 1 October to 30 April: Saturdays only, 12:00 to 16:00.", AskedTime(MONTHS, frozenset({0})), True),
    ("Opening hours 1 October to 30 April: Saturdays only, 12:00 to 16:00.", AskedTime(MONTHS, frozenset({6})), None),
    ("The ropewalk is closed in winter.", AskedTime(MONTHS, frozenset({0})), False),
    ("The ropewalk is open all year.", AskedTime(MONTHS, frozenset({7})), True),
    # spring is partly in April to October: neither
    ("The ropewalk is open from April to October.", AskedTime(MONTHS, frozenset({2, 3, 4})), None),
    ("Closed on Mondays, except Easter Monday.", AskedTime(DAYS, frozenset({0})), False),
])
def test_what_a_sentence_of_opening_hours_says_of_a_month_or_season(sentence: str, asked: AskedTime,
                                                                   expected: bool | None) -> None:
    assert time_state(sentence, asked) is expected


def test_when_is_it_open_in_a_season_asks_that_seasons_hours() -> None:
    q = "When is the Marrow Glassworks open in winter?"
    assert answer_candidates(CLAIMS[4], "when", q) == ["12:00 to 16:00"]
    assert answer_candidates(CLAIMS[2], "when", q) == []  # the summer's hours


def test_the_report_leads_with_no_and_the_closed_day() -> None:
    claims, sources = listed_claims({"g": (TITLE, CLAIMS)})
    lead = lead_section(synthesize("Can I visit the Marrow Glassworks on a Monday?", claims, sources).markdown)
    assert lead.startswith("No") and "Closed on Mondays" in lead, lead
