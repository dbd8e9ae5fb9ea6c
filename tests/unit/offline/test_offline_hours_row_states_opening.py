"""Trial t54 q06 (the pages here are invented): "What are the opening hours of X on Saturday?" answered by the row
of X's hours table for that day ("X: saturday and Sunday day hours 09:30 – 17:30.") is a one-fact answer: the row
states the "opening hours" asked though it writes no "opening" (``shared.text.hours.hours_stated_words``), so the
gate is no longer low; a row for another day, or a time of another thing, states no hours asked."""

from __future__ import annotations

from services.synthesizer.confidence import relation_features
from shared.report import lead_section
from shared.text.hours import hours_stated_words
from tests.claim_pages import listed_claims, recorded_report

TITLE = "Visit Orlby Weir"
WELCOME = "Welcome to the Orlby Weir Visitor Centre, run by the Lissen River Trust."
ROWS = ["Orlby Weir: monday day hours Closed.",
        "Orlby Weir: tuesday to Friday day hours 11:00 – 16:00.",
        "Orlby Weir: saturday and Sunday day hours 09:30 – 17:30."]


def test_the_days_row_answers_the_opening_hours_at_medium_or_high() -> None:
    claims, sources = listed_claims({"v": (TITLE, [WELCOME, *ROWS])})
    for question in ("What are the opening hours of the Orlby Weir Visitor Centre on Saturday?",
                     "What are the opening hours of the Orlby Weir on Saturday?"):
        rep, gate, _answered, _total = recorded_report(question, claims, sources)
        lead = lead_section(rep.markdown)
        assert lead.startswith("Orlby Weir: saturday and Sunday day hours 09:30 – 17:30 [1]."), lead
        assert gate.tier in ("medium", "high"), (question, gate)


def test_only_the_hours_of_the_time_asked_state_them() -> None:
    question = "What are the opening hours of the Orlby Weir on Saturday?"
    assert hours_stated_words(question, ROWS[2]) == {"opening", "hour"}
    assert hours_stated_words(question, ROWS[1]) == frozenset()  # another day's row
    assert hours_stated_words(question, "Guided tours start every Saturday at 14:00.") == frozenset()
    assert hours_stated_words(question, "The Orlby Weir is open on Saturdays.") == frozenset()  # no hours given
    assert hours_stated_words("Who built the Orlby Weir?", ROWS[2]) == frozenset()
    assert relation_features(question, ROWS[2] + " [1]")["relation_lead"] == 1.0
    assert relation_features(question, ROWS[1] + " [1]")["relation_lead"] == 0.5
