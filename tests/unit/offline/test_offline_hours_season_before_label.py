""""What are the winter opening hours of X?" asks the hours of winter's months, as "When is X open in winter?" does
(task h137, trial t70 Q14: "Not established" though the page says "From November to March the museum is open on
Saturdays and Sundays only, from 10:00 to 16:00"). A season or a day written before the hours' label ("winter
opening hours", "Sunday opening times", "weekend hours") is the time asked; the season as a northern page means it
(winter: December to February), covered by a range of months the page states. Invented museum."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.hours import DAYS, MONTHS, AskedTime, asked_time
from tests.claim_pages import listed_claims, recorded_report

Pages = dict[str, tuple[str, list[str]]]

MUSEUM: Pages = {
    "v": ("Plan your visit", [
        "Kestow Mill Museum is open daily from April to October, 10:00 to 17:30.",
        "From November to March the museum is open on Saturdays and Sundays only, from 10:00 to 16:00.",
        "The museum is closed from 24 to 26 December.",
        "The last entry is 45 minutes before closing."]),
    # a record of the museum's facts, each naming it (the hours' sentence above names it only as "the museum")
    "h": ("Kestow Mill Museum", [
        "Kestow Mill Museum: museum opened 1979.",
        "Kestow Mill Museum: operator Kestow Mill Trust.",
        "Kestow Mill Museum: location Kestow Quay, Orle Estuary.",
        "Kestow Mill Museum: mill closed 1956.",
        "Kestow Mill Museum: construction completed 1866."]),
}


@pytest.mark.parametrize(("question", "asked"), [
    ("What are the winter opening hours of Kestow Mill Museum?", AskedTime(MONTHS, frozenset((11, 0, 1)))),
    ("What are Kestow Mill Museum's summer opening times?", AskedTime(MONTHS, frozenset((5, 6, 7)))),
    ("What are the Sunday opening hours of Kestow Mill Museum?", AskedTime(DAYS, frozenset((6,)))),
    ("What are the weekend hours of Kestow Mill Museum?", AskedTime(DAYS, frozenset((5, 6)))),
])
def test_a_time_before_the_hours_label_is_the_time_asked(question: str, asked: AskedTime) -> None:
    assert asked_time(question) == asked


@pytest.mark.parametrize("question", [
    "What are the opening hours of Kestow Mill Museum?",
    "What are the May opening hours of Kestow Mill Museum?",  # "may" is read as a month only where it is one
])
def test_no_time_before_the_label_asks_none(question: str) -> None:
    found = asked_time(question)
    assert found is None or found == AskedTime(MONTHS, frozenset((4,))), found


def test_the_winter_opening_hours_are_the_hours_of_the_months_holding_winter() -> None:
    claims, sources = listed_claims(MUSEUM)
    rep, gate, answered, _total = recorded_report("What are the winter opening hours of Kestow Mill Museum?", claims,
                                                  sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("From November to March the museum is open on Saturdays and Sundays only, from 10:00 to "
                           "16:00"), lead
    assert "April to October" not in lead, lead
    assert answered, (gate.tier, lead)
