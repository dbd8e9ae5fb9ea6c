"""A question asking a race's record time is led by the smallest record time of the group asked, and "run" after a
time is the runner's verb, no "run = organise" (task h85, trial t63 Q15 and Q4): "What is the fastest time ever run
by a man at X?" led "X: organiser Y Running Association" at 0.71 medium, the "run" of "time ever run by" read as the
relation of running (operating) the race; "What is the current men's course record of X?" led a table row of a
yearly winner's time (``shared.text.records``, ``shared.text.relations.sporting_runs``,
``services.synthesizer.offline.record_lead``, the record gate of ``services.synthesizer.confidence``)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.answer import relation_terms
from shared.text.records import asks_record_time, race_seconds, record_times
from shared.text.relations import sporting_runs
from tests.claim_pages import listed_claims, listed_lead, noted_report

RACE = "Velsmoor Harbour Marathon"
PAGES = {
    "enc": (RACE, [
        f"The {RACE} is organised by the Velsmoor Running Club.",
        f"{RACE}: organiser Velsmoor Running Club.",
        "Course records | Men: 2:09:12 (2016) Arvo Tenner.",
        "Ines Kahl set the women's course record of 2:25:40 in 2018."]),
    "annual": ("Velsmoor Running Club Annual Report 2023", [
        "Edition 30th: year 2023, finishers 9,104, men's winner Lukas Brede, time 2:10:05."]),
    "news": ("New course record in Velsmoor", [
        f"Tomas Rell won the 31st {RACE} on Sunday in 2:08:31, a new men's course record.",
        "Rell broke the previous record of 2:09:12, which Arvo Tenner had set in 2016."]),
    "other": ("Old Velsmoor Canal Run", [
        "Jon Pask set the course record of 41:07 on the Old Velsmoor Canal Run in 1981."]),
}


@pytest.mark.parametrize(("question", "terms"), [
    (f"What is the fastest time ever run by a man at the {RACE}?", ["fastest", "time"]),
    (f"What was the quickest time run at the {RACE}?", ["quickest", "time"]),
    (f"Who runs the {RACE}?", ["run"]),  # "runs" = organises
    ("Which association is the race run by?", ["run"]),
])
def test_run_after_a_time_is_no_relation(question: str, terms: list[str]) -> None:
    assert relation_terms(question) == terms


@pytest.mark.parametrize(("text", "runs"), [
    ("the fastest time ever run by a man", ["run"]),
    ("She ran a time of 2:21:40 in Velsmoor.", ["ran"]),
    ("the fastest marathon ever run on the course", ["run"]),
    ("The race is run by the Velsmoor Running Club.", []),
    ("Who runs the marathon?", []),
])
def test_sporting_runs(text: str, runs: list[str]) -> None:
    assert [text[a:b] for a, b in sporting_runs(text)] == runs


def test_record_questions_and_times() -> None:
    assert asks_record_time(f"What is the fastest time ever run by a man at the {RACE}?") == (True, "men")
    assert asks_record_time(f"What is the current women's course record of the {RACE}?") == (True, "women")
    assert asks_record_time(f"Who founded the {RACE}?") == (False, "")
    assert race_seconds("won in 2:08:31; start at 08:30; 10 km in 41:07") == [(7711.0, "2:08:31", 7),
                                                                          (2467.0, "41:07", 41)]
    assert [(r.shown, r.group) for r in record_times(PAGES["news"][1][0])] == [("2:08:31", "men")]
    assert record_times(PAGES["news"][1][1]) == []  # the broken record is no longer the record
    assert record_times(PAGES["annual"][1][0]) == []  # a winner's time is no record
    assert [(r.shown, r.group) for r in record_times("Course records | Men: 2:09:12, Women: 2:25:40")] == [
        ("2:09:12", "men"), ("2:25:40", "women")]


@pytest.mark.parametrize(("question", "opening"), [
    (f"What is the fastest time ever run by a man at the {RACE}?", "Tomas Rell won the 31st"),
    (f"What is the current men's course record of the {RACE}?", "Tomas Rell won the 31st"),
    (f"What is the women's course record of the {RACE}?", "Ines Kahl set the women's course record of 2:25:40"),
])
def test_the_smallest_record_time_of_the_group_asked_leads(question: str, opening: str) -> None:
    lead = listed_lead(question, PAGES)
    assert lead.startswith(opening), lead
    assert "41:07" not in lead  # the look-alike race's record


def test_a_record_question_led_by_no_race_time_is_low() -> None:
    pages = {"enc": (RACE, [*PAGES["enc"][1][:2], f"The {RACE} was founded in 1991 by Petra Lunde."])}
    claims, sources = listed_claims(pages)
    report, gate = noted_report(f"What is the fastest time ever run by a man at the {RACE}?", claims, sources)
    assert gate.tier == "low", (gate.score, lead_section(report.markdown))
    assert gate.signals.get("relation_missing") == 1.0
