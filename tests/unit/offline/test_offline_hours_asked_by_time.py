"""Trial t53 fault 2 (the pages here are invented): "What time does X open on Saturdays?" asks for that day's hours,
as "When is X open on Saturdays?" does: the row giving them leads, not a sentence sharing more words ("saw a play
at X last Sunday") (``shared.text.answer.answer_type``, ``services.synthesizer.offline``)."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.text.answer import answer_type
from tests.unit.offline.test_offline_compound_verb import THEATRE, THEATRE_CLAIMS, _lead


def test_what_time_does_it_open_on_a_day_asks_that_days_hours() -> None:
    assert answer_type("What time does Harlund Amphitheatre open on Sundays?") == "when"
    assert answer_type("What time does the Corvel museum close on Fridays?") == "when"
    assert answer_type("What time zone is Corvel in?") == "what"
    rep = synthesize("What time does Harlund Amphitheatre open on Sundays?", THEATRE_CLAIMS, THEATRE)
    assert _lead(rep.markdown) == "Day Sunday: hours 10:00 to 17:30 [1].", rep.markdown


def test_what_are_the_opening_hours_on_a_day_asks_that_days_hours() -> None:
    question = "What are the opening hours of Harlund Amphitheatre on Sunday?"
    assert answer_type(question) == "when"
    assert answer_type("What were the opening hours of Harlund Amphitheatre in 1950?") == "what"
    rep = synthesize(question, THEATRE_CLAIMS, THEATRE)
    assert _lead(rep.markdown) == "Day Sunday: hours 10:00 to 17:30 [1].", rep.markdown
