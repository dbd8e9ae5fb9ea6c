"""Task h128 (review of stop 43, F7, F8, F9): how a question is read.

- F7: the year a question asks is the one framing the asked figure, not a year of an aside about the thing it names
  (", which merged with <place> in 1974,", ", founded in 1887,"), and a frame of two years ("In 2023 and 2024 ...")
  dates its figure to both.
- F8: a colon splits a choice question into "comparative: what is compared" only when the part before the colon
  carries the comparative ("Trail question: which is longer, A or B?" keeps "is longer").
- F9: a one-off date written with its weekday ("on Sunday 14 April 2025") covers that weekday for a question asking
  the time of day of something on that weekday.

Invented names (Ravelstoke, Ottermoss, the Wyncombe Sailing Club, the Skelvig Museum, the Brindlecote Fun Run, the
Murrowfield Way and the Hesketh Path)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import other_year_lead
from services.synthesizer.verdicts import choice_predicate
from shared.text.answer import answer_candidates, answer_type, asked_years, comparison_options
from shared.text.entailment import framed_year, framed_years
from shared.text.hours import DAYS, covers_time

# ---- F7: the year asked -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "years"), [
    ("How many residents does Ravelstoke, which merged with Ottermoss in 1974, have?", set()),
    ("How many members has the Wyncombe Sailing Club, founded in 1887, got?", set()),
    ("How many members did the Wyncombe Sailing Club, founded in 1887, have in 2024?", {"2024"}),
    ("How many residents did Ravelstoke, which merged with Ottermoss in 1974, have in 2021?", {"2021"}),
    ("How many visitors came to the Skelvig Museum in 2023 and 2024?", {"2023", "2024"}),
    ("How many visitors came to the Skelvig Museum in 2024?", {"2024"}),
    # a restrictive clause (no comma) may frame the figure asked: it stays
    ("How many crews entered the regatta that was held in 2024?", {"2024"}),
])
def test_the_years_a_question_asks(question: str, years: set[str]) -> None:
    assert asked_years(question) == years


def test_a_year_of_an_aside_about_the_subject_is_not_the_year_asked() -> None:
    assert not other_year_lead("How many residents does Ravelstoke, which merged with Ottermoss in 1974, have?",
                               "In 2021 Ravelstoke had 4,210 residents [1].")
    assert not other_year_lead("How many members has the Wyncombe Sailing Club, founded in 1887, got?",
                               "In 2024 the club had 455 members [1].")
    # a year asked beside the aside still refuses another year's figure
    assert other_year_lead("How many members did the Wyncombe Sailing Club, founded in 1887, have in 2024?",
                           "In 2022 the club had 455 members [1].")


def test_a_frame_of_two_years_dates_its_figure_to_both() -> None:
    text = "In 2023 and 2024 the Skelvig Museum welcomed 48,000 visitors."
    assert framed_year(text) == "2023"
    assert framed_years(text) == ("2023", "2024")
    assert framed_years("The museum welcomed 48,000 visitors in 2022 and 2023.") == ("2022", "2023")
    assert framed_years("The Skelvig Museum welcomes 48,000 visitors a year.") == ()
    assert not other_year_lead("How many visitors came to the Skelvig Museum in 2024?", f"{text} [1]")
    assert other_year_lead("How many visitors came to the Skelvig Museum in 2024?",
                           "In 2022 and 2023 the Skelvig Museum welcomed 48,000 visitors [1].")


# ---- F8: a colon before the comparative -----------------------------------------------------------------------------


def test_a_colon_before_the_question_keeps_its_comparative() -> None:
    question = "Trail question: which is longer, the Murrowfield Way or the Hesketh Path?"
    assert choice_predicate(question, comparison_options(question)) == "is longer"
    # a comparative before the colon still says what is compared after it
    counted = "Which is larger: the number of boats at the Wyncombe Sailing Club or at the Ravelstoke Sailing Club?"
    assert choice_predicate(counted, comparison_options(counted)) == "is larger in the number of boats"


# ---- F9: a dated weekday covers the weekday asked -----------------------------------------------------------------


@pytest.mark.parametrize(("question", "sentence", "times"), [
    ("What time does the Brindlecote Fun Run start on Sunday?",
     "The Brindlecote Fun Run starts at 9:30 on Sunday 14 April 2025.", ["9:30"]),
    ("What time is high tide at Ravelstoke on Saturday?",
     "High tide at Ravelstoke is at 06:12 and 18:40 on Saturday 5 July.", ["06:12", "18:40"]),
    # a date on another weekday covers none
    ("What time does the Brindlecote Fun Run start on Sunday?",
     "The Brindlecote Fun Run starts at 9:30 on Saturday 13 April 2025.", []),
])
def test_a_dated_weekday_answers_a_time_of_day_on_that_weekday(question: str, sentence: str,
                                                                times: list[str]) -> None:
    assert answer_candidates(sentence, answer_type(question), question) == times


def test_a_dated_weekday_covers_only_its_own_weekday() -> None:
    assert covers_time("The fun run starts at 9:30 on Sunday 14 April 2025.", DAYS, frozenset({6})) is True
    assert covers_time("The fun run starts at 9:30 on Sunday 14 April 2025.", DAYS, frozenset({2})) is False
    # a recurring time stated beside it is what the sentence says of the weekdays
    assert covers_time("Trains leave at 10:15, Tuesday to Friday, from Monday 7 April.", DAYS,
                       frozenset({0})) is False
