"""A question asking for the latest or most recent figure is led by the newest row of the page that gives that
figure's series, with its year, whatever figures of other things the run found (trial t26 Q5: the guild's roll
table, "Year 2024: registered members 203.", lost the lead to two pages disagreeing on a museum's objects). The
rows of a table rarely repeat their page's name: the page's other claims give it. Pages made up here
(``services.synthesizer.offline.latest_of_series``)."""

from __future__ import annotations

from services.synthesizer.offline import latest_of_series, synthesize
from shared.report import lead_section
from tests.claim_pages import listed_claims

PAGES = {
    "roll": ("Crew register over the years", [
        "The number of enrolled members of the Dunmoor Pilots' Association is kept in its yearly register.",
        "Year 1990: enrolled members 41.", "Year 2010: enrolled members 58.", "Year 2019: enrolled members 63.",
        "Year 2023: enrolled members 57.",
        "The 2023 register, printed in March 2024, is the newest count."]),
    "museum": ("Dunmoor Maritime Museum", [
        "The Dunmoor Maritime Museum now holds 2,300 ship models made by members of the association."]),
    "guide": ("Dunmoor Visitor Guide 2022", [
        "The Dunmoor Maritime Museum owns about 1,900 ship models, a third of them on show."]),
    "other": ("Sallow Pilots' Club", [
        "Year 2024: enrolled members 12.", "Year 2021: enrolled members 10.",
        "The Sallow Pilots' Club is a small club of river pilots."]),
}


def test_the_newest_row_of_the_asked_series_leads_with_its_year() -> None:
    claims, sources = listed_claims(PAGES)
    for question in ("What is the most recent membership count of the Dunmoor Pilots' Association?",
                     "What is the latest number of members of the Dunmoor Pilots' Association?"):
        rep = synthesize(question, claims, sources)
        lead = lead_section(rep.markdown)
        assert lead.startswith("Year 2023: enrolled members 57"), lead
        # no museum's objects, no other club's newer row, no older row of the asked series
        assert not any(x in lead for x in ("2,300", "1,900", "12", "63", "58")), lead


def test_latest_of_series_needs_a_series_a_latest_question_and_the_asked_words() -> None:
    texts = ["Year 2019: enrolled members 63.", "Year 2023: enrolled members 57.", "Year 2024: enrolled members 12.",
             "The Dunmoor Pilots' Association keeps a register."]
    titles = ["Register", "Register", "Sallow club", "Register"]
    question = "What is the most recent number of members of the Dunmoor Pilots' Association?"
    assert latest_of_series(question, texts, titles, [0, 1, 2, 3]) == 1  # the club's 2024 row names no Dunmoor
    # a question naming a year, or asking no latest figure, is left to the other rules
    assert latest_of_series("How many members did the Dunmoor Pilots' Association have in 2019?",
                            texts, titles, [0, 1, 2, 3]) is None
    assert latest_of_series("How many members does the Dunmoor Pilots' Association have?",
                            texts, titles, [0, 1, 2, 3]) is None
    # one row is no series; rows of another quantity are none of it
    assert latest_of_series(question, texts[1:], titles[1:], [0, 1, 2]) is None
    assert latest_of_series("What is the most recent harbour fee of the Dunmoor Pilots' Association?",
                            texts, titles, [0, 1, 2, 3]) is None


def test_a_count_asked_for_a_year_is_led_by_that_years_row() -> None:
    claims, sources = listed_claims(PAGES)
    rep = synthesize("How many members did the Dunmoor Pilots' Association have in 2019?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Year 2019: enrolled members 63"), lead
    assert not any(x in lead for x in ("enrolled members 57", "enrolled members 58", "enrolled members 41")), lead
