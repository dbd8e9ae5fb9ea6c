"""The opening hours are one relation family (``shared.text.relations.OPENING_HOURS``): the words a question asks
them by and a sentence or a table's row speaks of them by, read by the hours rows' confidence words
(``shared.text.hours.hours_stated_words``) and a facility's hours (``services.synthesizer.verdicts``) alike. The
names here are invented."""

from __future__ import annotations

from shared.text.hours import HOURS_ASKED_WORDS, gives_hours, hours_stated_words
from shared.text.relations import about_opening_hours


def test_a_sentence_speaks_of_opening_hours_by_a_word_of_the_family() -> None:
    for text in ("Pellow Mill: sunday day hours 10:00 – 15:00.", "Doors open at 09:45 on weekdays.",
                 "The Pellow Mill shop is closed on Tuesdays.", "Opening hours vary by season."):
        assert about_opening_hours(text), text
    for text in ("Guided tours start every Sunday at 11:00.", "The Pellow Mill reopened in 1998.", ""):
        assert not about_opening_hours(text), text
    assert HOURS_ASKED_WORDS == {"open", "opening", "hour", "time", "visiting"}
    assert gives_hours("Visiting times are posted at the gate.")
    assert not gives_hours("The Pellow Mill shop is closed on Tuesdays.")


def test_doors_opening_at_the_time_asked_state_the_hours() -> None:
    question = "When is the Pellow Mill open on Sundays?"
    assert hours_stated_words(question, "Pellow Mill: doors open on Sundays at 10:00.") == {"open"}
    assert hours_stated_words(question, "Pellow Mill: doors open on Mondays at 10:00.") == frozenset()
