"""A day asked in a month or a season ("Is X open on Mondays in January?") is asked of the rule of those months: a
rule of other months ("open daily from April to October") says nothing of it, and one holding the days it names
"only" ("From November to March ... open on Saturdays and Sundays only") says the other days are closed (trial t70
Q15: "Yes" from "open daily from April to October" for a Monday in January, though the page's winter rule opens
only at weekends). shared.text.hours.asked_time / time_state, services.synthesizer.verdicts.decide_yes_no. Invented
pages only."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section
from shared.text.hours import DAYS, MONTHS, AskedTime, asked_time, time_state
from tests.claim_pages import listed_claims

TITLE = "Visit the Yarrowby Lace Museum"
SUMMER = "The Yarrowby Lace Museum is open daily from April to October, 10:00 to 17:30."
WINTER = "From November to March the museum is open on Saturdays and Sundays only, from 10:00 to 16:00."
CLOSED = "The museum is closed from 24 to 26 December."
CLAIMS = [
    "The Yarrowby Lace Museum's new director took office in 2024.",
    SUMMER,
    WINTER,
    CLOSED,
]


def _answer(question: str, claims: list[str] = CLAIMS) -> tuple[bool | None, str]:
    found = decide_yes_no(question, claims, [TITLE] * len(claims), list(range(len(claims))), [False] * len(claims))
    return found.answer, claims[found.cited[0]] if found.cited else ""


@pytest.mark.parametrize(("question", "expected"), [
    ("Is the Yarrowby Lace Museum open on Mondays in January?",
     AskedTime(DAYS, frozenset({0}), False, (), frozenset({0}))),
    ("Can I visit the Yarrowby Lace Museum on a Saturday in winter?",
     AskedTime(DAYS, frozenset({5}), False, (), frozenset({11, 0, 1}))),
    # the month asked first: still the days, asked in that month
    ("Is the Yarrowby Lace Museum open in July on Mondays?",
     AskedTime(DAYS, frozenset({0}), False, (), frozenset({6}))),
    # one time asked: as before
    ("Is the Yarrowby Lace Museum open on Mondays?", AskedTime(DAYS, frozenset({0}), False)),
    ("Is the Yarrowby Lace Museum open in January?", AskedTime(MONTHS, frozenset({0}), False)),
])
def test_a_day_asked_in_a_month_is_the_day_in_that_month(question: str, expected: AskedTime) -> None:
    assert asked_time(question) == expected


MONDAY_IN_JANUARY = AskedTime(DAYS, frozenset({0}), months=frozenset({0}))
SATURDAY_IN_JANUARY = AskedTime(DAYS, frozenset({5}), months=frozenset({0}))
MONDAY_IN_JULY = AskedTime(DAYS, frozenset({0}), months=frozenset({6}))
MONDAY_IN_SPRING = AskedTime(DAYS, frozenset({0}), months=frozenset({2, 3, 4}))
MONDAY = AskedTime(DAYS, frozenset({0}))


@pytest.mark.parametrize(("sentence", "asked", "expected"), [
    # a rule of other months says nothing of the day asked in January
    (SUMMER, MONDAY_IN_JANUARY, None),
    (SUMMER, MONDAY_IN_JULY, True),
    (SUMMER, MONDAY_IN_SPRING, None),  # March is not in April to October
    # the winter's rule: weekends only, so no Monday; a Saturday yes
    (WINTER, MONDAY_IN_JANUARY, False),
    (WINTER, SATURDAY_IN_JANUARY, True),
    (WINTER, MONDAY_IN_JULY, None),
    # a rule of some months is no answer for a day asked in no month
    (WINTER, MONDAY, None),
    # a rule naming no months holds in every month
    ("The museum is open daily, 10:00 to 17:00.", MONDAY_IN_JANUARY, True),
    ("The museum is open on Saturdays and Sundays only.", MONDAY, False),
    ("Opening hours: weekends only, 11:00 to 16:00.", MONDAY_IN_JANUARY, False),
    ("Opening hours 1 November to 31 March: weekends only, 11:00 to 16:00.", MONDAY_IN_JANUARY, False),
    ("Opening hours 1 November to 31 March: weekends only, 11:00 to 16:00.", SATURDAY_IN_JANUARY, True),
    # a Christmas closing is no rule of January
    (CLOSED, MONDAY_IN_JANUARY, None),
])
def test_what_a_rule_of_some_months_says_of_a_day_in_a_month(sentence: str, asked: AskedTime,
                                                             expected: bool | None) -> None:
    assert time_state(sentence, asked) is expected


@pytest.mark.parametrize(("question", "expected", "cited"), [
    ("Is the Yarrowby Lace Museum open on Mondays in January?", False, "Saturdays and Sundays only"),
    ("Can I visit the Yarrowby Lace Museum on a Monday in winter?", False, "Saturdays and Sundays only"),
    ("Is the Yarrowby Lace Museum open on Saturdays in January?", True, "Saturdays and Sundays only"),
    ("Is the Yarrowby Lace Museum open on Mondays in July?", True, "April to October"),
    ("Is the Yarrowby Lace Museum closed on Mondays in February?", True, "Saturdays and Sundays only"),
])
def test_the_day_in_a_month_is_answered_by_that_months_rule(question: str, expected: bool, cited: str) -> None:
    answer, claim = _answer(question)
    assert answer is expected and cited in claim, (answer, claim)


def test_the_report_says_no_for_a_monday_in_january() -> None:
    claims, sources = listed_claims({"q": (TITLE, CLAIMS)})
    lead = lead_section(synthesize("Is the Yarrowby Lace Museum open on Mondays in January?", claims, sources).markdown)
    assert lead.startswith("No") and "Saturdays and Sundays only" in lead, lead


def test_the_museum_on_the_page_naming_it_is_that_museum() -> None:
    # a page titled with no name: its "the museum" is the Yarrowby Lace Museum its other sentence names
    assert _answer_on("Plan your visit", "Is the Yarrowby Lace Museum open on Mondays in January?") == (
        False, WINTER)
    assert _answer_on("Plan your visit", "Is the Yarrowby Lace Museum open on Saturdays in January?") == (
        True, WINTER)
    # nor on a page that does not name it: "the museum" there is another's
    assert _answer_on("Plan your visit", "Is the Yarrowby Lace Museum open on Mondays in January?",
                      [CLAIMS[0].replace("Yarrowby Lace", "Harrow Clock"), WINTER]) == (None, "")
    # "the museum" of a sentence naming another place is no head noun of the Yarrowby Lace Museum
    other = "From November to March the museum at Harrow Quay is open on Saturdays only."
    assert _answer_on("Plan your visit", "Is the Yarrowby Lace Museum open on Mondays in January?",
                      [SUMMER, other]) == (None, "")


def _answer_on(title: str, question: str, claims: list[str] = CLAIMS) -> tuple[bool | None, str]:
    found = decide_yes_no(question, claims, [title] * len(claims), list(range(len(claims))), [False] * len(claims))
    return found.answer, claims[found.cited[0]] if found.cited else ""
