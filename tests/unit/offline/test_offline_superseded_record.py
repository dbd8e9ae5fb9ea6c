"""A course record written in words or with tenths ("5 minutes 12.4 seconds", "5:12.4") is a record time, and a
sentence saying it beat "the previous record of X" supersedes every claim giving X as the record, even when it names
no event itself (task h126, trial t68 q04): 'What is the course record for the <event> at the <regatta>?' led "Not
established ... Related: <old record 5 minutes 12.4 seconds>" while a newer page said "<club>'s eight covered the
course in 5 minutes 9.8 seconds, beating the previous record of 5:12.4" (``shared.text.records``,
``services.synthesizer.offline.record_lead``, the record gate of ``services.synthesizer.confidence``)."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.records import race_durations, record_times, superseded_times
from tests.claim_pages import listed_claims, listed_lead, noted_report

REGATTA = "Harlow Mere Regatta"
EVENT = "Open Women's Fours"
OLD = f"The course record for the {EVENT} is 6 minutes 41.3 seconds, set in 2017 by Pendle Vale Boat Club."
NEW = ("Tamsby Rowing Club's four covered the 1,600-metre course in 6 minutes 38.6 seconds, beating the previous "
       "record of 6:41.3 set by Pendle Vale Boat Club in 2017.")
PAGES = {
    "committee": (f"{REGATTA} - Committee page", [
        f"The {REGATTA} is run by a volunteer committee.", OLD]),
    "news": ("New course record at Harlow Mere", [
        f"Tamsby Rowing Club broke the {REGATTA} course record on Sunday.", NEW]),
}
QUESTION = f"What is the course record for the {EVENT} at the {REGATTA}?"


def test_race_durations_in_words_and_tenths() -> None:
    assert [(s, w) for s, w, _at in race_durations(OLD)] == [(401.3, "6 minutes 41.3 seconds")]
    assert [(s, w) for s, w, _at in race_durations(NEW)] == [(398.6, "6 minutes 38.6 seconds"), (401.3, "6:41.3")]
    assert [(s, w) for s, w, _at in race_durations("won in 2:08:31, 1 hour 2 minutes 5 seconds")] == [
        (7711.0, "2:08:31"), (3725.0, "1 hour 2 minutes 5 seconds")]
    assert race_durations("doors open at 6:41 and close at 09:30") == []  # times of day
    assert race_durations("the walk takes 6 minutes") == []  # no race time without its seconds


def test_the_record_a_sentence_beat_is_superseded() -> None:
    assert [r.shown for r in record_times(NEW)] == ["6 minutes 38.6 seconds"]
    assert [r.shown for r in record_times(OLD)] == ["6 minutes 41.3 seconds"]
    assert superseded_times(NEW) == [401.3]
    assert superseded_times(OLD) == []
    assert superseded_times("It lowered the old record of 7 minutes 2 seconds.") == [422.0]


def test_the_superseding_claim_leads() -> None:
    lead = listed_lead(QUESTION, PAGES)
    assert lead.startswith("Tamsby Rowing Club's four covered"), lead
    assert "6 minutes 38.6 seconds" in lead


def test_the_old_record_alone_leads() -> None:
    pages = {"committee": PAGES["committee"]}
    assert listed_lead(QUESTION, pages).startswith(OLD[:40])


def test_a_beaten_time_of_another_figure_supersedes_nothing() -> None:
    other = ("Tamsby Rowing Club's four covered the course in 6 minutes 38.6 seconds, beating the previous "
             "record of 6:55.0 on the old course.")
    pages = {"committee": PAGES["committee"], "news": ("Tamsby news", [other])}
    assert listed_lead(QUESTION, pages).startswith(OLD[:40])


def test_the_superseding_lead_is_answered() -> None:
    claims, sources = listed_claims(PAGES)
    report, gate = noted_report(QUESTION, claims, sources)
    lead = lead_section(report.markdown)
    assert "6 minutes 38.6 seconds" in lead and "Not established" not in lead, lead
    assert gate.signals.get("relation_missing") is None, gate.signals


def test_a_look_alike_events_record_never_leads() -> None:
    junior = ("The Harlow Mere Junior Regatta", [
        "The Junior Regatta's course record for junior women's fours is 3 minutes 1.7 seconds."])
    lead = listed_lead(QUESTION, {**PAGES, "junior": junior})
    assert lead.startswith("Tamsby Rowing Club's four covered"), lead
