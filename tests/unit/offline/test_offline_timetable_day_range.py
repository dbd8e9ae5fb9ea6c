"""A timetable's day range answers a question asking the times of a day inside it (task h111; a trial's heritage
railway, the pages here invented): "At what times do trains leave <station> on a Wednesday?" asks times of day
(``shared.text.hours.asks_clock_times``, typed "when" by ``shared.text.answer.answer_type``), and "Trains leave
<station> at 10:15, 12:30 and 15:00, Tuesday to Friday." gives them, its range holding Wednesday
(``shared.text.hours.stated_times`` / ``covers_time``); "Saturday and Sunday only" answers no Wednesday. On main the
question was typed a generic "what" and the range was not read as Wednesday: the report said "Not established"."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.answer import answer_candidates, answer_type, asked_for, asks_first_time
from shared.text.hours import (
    DAYS,
    MONTHS,
    asked_time_words,
    asks_clock_times,
    asks_hours,
    covers_time,
    recurring_time,
    stated_times,
)
from tests.claim_pages import listed_claims, recorded_report

STATION = "Pellow Cross"
WEDNESDAY = f"At what times do trains leave {STATION} on a Wednesday?"
WEEKDAY_TIMES = f"Trains leave {STATION} at 10:15, 12:30 and 15:00, Tuesday to Friday."
WEEKEND_TIMES = f"Trains leave {STATION} at 11:00 and 14:00, Saturday and Sunday only."
ABOUT = ("About the Quarnley Steam Tramway", [
    f"The Quarnley Steam Tramway runs for four miles between {STATION} and Ollerby Halt.",
    "The line was reopened by volunteers in 1974."])


def _pages(*timetable: str) -> dict[str, tuple[str, list[str]]]:
    return {"t": ("Timetable | Quarnley Steam Tramway", list(timetable)), "a": ABOUT}


# -- question typing -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("question", [
    WEDNESDAY,
    f"At what time does the last tram leave {STATION} on Saturdays?",
    "What time does the Ollerby ferry depart on Sundays?",
    "What times are the guided walks on Thursdays?",
    f"When do trains leave {STATION} on Wednesdays?",
])
def test_a_question_asking_times_of_day_is_a_when_question(question: str) -> None:
    assert asks_clock_times(question) and not asks_hours(question)
    assert answer_type(question) == "when"
    assert asked_for(question) == "the times asked for"


def test_the_day_asked_is_read_from_on_a_wednesday() -> None:
    assert recurring_time(WEDNESDAY) == (DAYS, frozenset({2}))
    assert recurring_time("What time does the Ollerby ferry depart on Sundays?") == (DAYS, frozenset({6}))


def test_what_time_does_it_open_stays_an_opening_hours_question() -> None:
    question = "What time does the Ollerby Lace Museum open on Sundays?"
    assert answer_type(question) == "when" and asks_hours(question) and not asks_clock_times(question)
    assert asked_for(question) == "the opening hours asked for"


@pytest.mark.parametrize("question, kind", [
    ("What time zone is Ollerby in?", "what"),  # no time of day
    ("At what time did the fire at Ollerby Halt start?", "what"),  # a past event, as before
    ("When does the Ollerby Lantern Fair take place?", "when"),  # a date: no day of the week asked
])
def test_other_time_questions_ask_no_times_of_day(question: str, kind: str) -> None:
    assert not asks_clock_times(question)
    assert answer_type(question) == kind


def test_the_first_train_of_a_day_asks_no_first_time() -> None:
    assert not asks_first_time(f"At what time does the first train leave {STATION}?")
    assert asks_first_time("When did the Quarnley Steam Tramway first carry passengers?")


# -- the day-range reader ------------------------------------------------------------------------------------------

MON, TUE, WED, THU, FRI, SAT, SUN = range(7)


@pytest.mark.parametrize("text, days", [
    (WEEKDAY_TIMES, {TUE, WED, THU, FRI}),
    ("Services: Tuesday–Friday, 10:00.", {TUE, WED, THU, FRI}),
    ("Services: Tue-Fri, 10:00.", {TUE, WED, THU, FRI}),
    ("Services: Tue.–Fri. 10:00.", {TUE, WED, THU, FRI}),
    ("Services: tue - fri at 10:00.", {TUE, WED, THU, FRI}),
    ("Trams run from Tuesday through Friday.", {TUE, WED, THU, FRI}),
    ("Trams run Tuesday until Friday.", {TUE, WED, THU, FRI}),
    ("Trams run Friday to Monday.", {FRI, SAT, SUN, MON}),  # a range wrapping past Sunday
    ("Trams run Sat-Mon.", {SAT, SUN, MON}),
    ("Trams run daily except Monday.", {TUE, WED, THU, FRI, SAT, SUN}),
    ("Trams run every day except Mondays, at 10:15 and 14:00.", {TUE, WED, THU, FRI, SAT, SUN}),
    ("Trams run daily (not Mondays).", {TUE, WED, THU, FRI, SAT, SUN}),
    ("Trams run except on Mondays.", {TUE, WED, THU, FRI, SAT, SUN}),
    ("Trams run on weekdays.", {MON, TUE, WED, THU, FRI}),
    ("Trams run at weekends.", {SAT, SUN}),
    (WEEKEND_TIMES, {SAT, SUN}),
    ("Trams run daily except Easter Monday.", set(range(7))),  # a holiday is no weekday
    ("Trams run on Monday 5 May only.", set()),  # a date, no recurring day
    ("We sat in the tram at 10:00.", set()),  # "sat" alone is a verb
    ("No trams on Mondays.", set()),
])
def test_the_days_a_sentence_states(text: str, days: set[int]) -> None:
    assert stated_times(text) == frozenset(days)


@pytest.mark.parametrize("text, day, covered", [
    (WEEKDAY_TIMES, WED, True),
    (WEEKDAY_TIMES, MON, False),
    ("Trams run Friday to Monday.", SUN, True),
    ("Trams run Friday to Monday.", WED, False),
    ("Trams run daily except Monday.", WED, True),
    ("Trams run daily except Monday.", MON, False),
    ("Trams run at weekends.", SAT, True),
    ("Trams run at weekends.", SUN, True),
    ("Trams run at weekends.", WED, False),
    (WEEKEND_TIMES, WED, False),
    ("Trams run on weekdays.", WED, True),
    ("Trams leave at 10:15.", WED, None),  # no day named
])
def test_whether_a_sentence_covers_the_day_asked(text: str, day: int, covered: bool | None) -> None:
    assert covers_time(text, DAYS, frozenset({day})) is covered


def test_a_weekend_question_is_covered_in_part_only_by_a_saturday() -> None:
    assert covers_time("Trams run on Saturdays.", DAYS, frozenset({SAT, SUN})) is None
    assert covers_time("Trams run from April to October.", MONTHS, frozenset({6})) is True


def test_only_a_covering_sentence_gives_the_times_asked() -> None:
    assert answer_candidates(WEEKDAY_TIMES, "when", WEDNESDAY) == ["10:15", "12:30", "15:00"]
    assert answer_candidates(WEEKEND_TIMES, "when", WEDNESDAY) == []
    assert answer_candidates(f"Trains leave {STATION} at 10:15.", "when", WEDNESDAY) == []  # no day said
    assert answer_candidates(WEEKEND_TIMES, "when", f"When do trains leave {STATION} on Sundays?") == ["11:00", "14:00"]
    assert asked_time_words(WEDNESDAY, WEEKDAY_TIMES) == frozenset({"wednesday", "time"})
    assert asked_time_words(WEDNESDAY, WEEKEND_TIMES) == frozenset()
    # no day asked: times kept to some days answer no "At what time does the first train leave?"
    assert asked_time_words(f"At what time does the first train leave {STATION}?", WEEKEND_TIMES) == frozenset()


# -- end to end: the offline synthesizer, its gate and judge ------------------------------------------------------

def test_the_times_of_a_range_holding_wednesday_lead() -> None:
    claims, sources = listed_claims(_pages(WEEKDAY_TIMES, WEEKEND_TIMES))
    report, gate, answered, _total = recorded_report(WEDNESDAY, claims, sources)
    # main: "Not established: ... Related findings, not the answer: Trains leave ... Saturday and Sunday only [1]." low
    assert lead_section(report.markdown) == f"{WEEKDAY_TIMES[:-1]} [1].", report.markdown
    assert gate.tier == "high" and answered


@pytest.mark.parametrize("days", ["Tue–Fri", "daily except Mondays", "on weekdays", "from Tuesday through Friday"])
def test_other_ways_of_writing_the_days_answer_wednesday(days: str) -> None:
    sentence = f"Trains leave {STATION} at 10:15, 12:30 and 15:00, {days}."
    claims, sources = listed_claims(_pages(sentence, WEEKEND_TIMES))
    report, gate, answered, _total = recorded_report(WEDNESDAY, claims, sources)
    assert lead_section(report.markdown) == f"{sentence[:-1]} [1].", report.markdown
    assert gate.tier != "low" and answered


def test_the_weekend_times_answer_sunday_not_wednesday() -> None:
    claims, sources = listed_claims(_pages(WEEKDAY_TIMES, WEEKEND_TIMES))
    report, gate, _answered, _total = recorded_report(f"When do trains leave {STATION} on Sundays?", claims, sources)
    assert lead_section(report.markdown) == f"{WEEKEND_TIMES[:-1]} [1].", report.markdown
    assert gate.tier == "high"
    # a Wednesday question over the weekend times alone is not answered by them
    claims, sources = listed_claims(_pages(WEEKEND_TIMES))
    report, gate, answered, _total = recorded_report(WEDNESDAY, claims, sources)
    assert lead_section(report.markdown).startswith("Not established: the times asked for."), report.markdown
    assert gate.tier == "low" and not answered
