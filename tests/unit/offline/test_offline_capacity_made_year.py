"""Trial t61 F4 (the pages here are invented): "How many seats does <hall>, the main venue of <festival>, have?" was
"Not established" (0.13 low) though the festival's page said "The main venue is <hall>, a former grain exchange
converted in 1999, with 1,150 seats": the present-figure rule of ``asked_time_lead`` read "converted in 1999" as the
year of the seat count and put an undated count of another thing on a festival page (an open-air screen's "seats
2,000 spectators") in its place. How many a place holds is a standing property, as its size is: the year of its
making or conversion in a clause of its own dates no capacity (``_size_frame_year``); a frame of the count's own
("In 1950 the hall had 400 seats") still does. And a first claim stating the figure asked of the asked name has
answered: another page's figure of that kind (a homonym's) is no answer it lacks."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _size_frame_year
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

FESTIVAL = "Velsing Jazz Days"
HALL = "The main stage is Brannock Hall, a former rope store converted in 1993, with 640 seats."
PAGES: dict[str, tuple[str, list[str]]] = {
    "w": (FESTIVAL, ["The Velsing Jazz Days is an annual jazz festival held every June in the port town of Velsing.",
                     "The Velsing Jazz Days was founded in 1988 by the pianist Ilse Marrow.", HALL,
                     "The festival's prize, the Silver Horn, carries 10,000 euros."]),
    "p": ("Velsing Jazz Days 2026 - Press Kit",
          ["The open-air stage on the Esplanade is 12 metres wide and seats 3,000 spectators on the beach.",
           "The Velsing Jazz Days 2026 runs from 10 to 19 June."]),
    "r": (FESTIVAL, ["Velsing Jazz Days: main stage Brannock Hall."]),
}
APPOSED = "How many seats does Brannock Hall, the main stage of the Velsing Jazz Days, have?"


def _report(question: str, extra: dict[str, tuple[str, list[str]]] | None = None) -> tuple[str, str]:
    claims, sources = listed_claims({**PAGES, **(extra or {})})
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


@pytest.mark.parametrize("question", [APPOSED, "What is the seating capacity of Brannock Hall?",
                                      "How many people can Brannock Hall seat?"])
def test_the_conversion_year_dates_no_seat_count(question: str) -> None:
    lead, _tier = _report(question)
    assert lead == f"{HALL[:-1]} [1].", lead


def test_the_apposed_question_is_answered_at_high() -> None:
    assert _report(APPOSED) == (f"{HALL[:-1]} [1].", "high")


def test_a_homonym_hall_adds_no_second_count() -> None:
    other = {"x": ("Brannock Hall (Tarrow)", ["Brannock Hall has 3,000 seats.",
                                              "Brannock Hall is a concert hall in Tarrow."])}
    assert _report(APPOSED, other) == (f"{HALL[:-1]} [1].", "high")


def test_an_old_look_alike_never_leads() -> None:
    old = {"o": ("Old halls of Velsing", ["The Old Brannock Hall had 900 seats before it burned down in 1950."])}
    lead, _tier = _report(APPOSED, old)
    assert lead == f"{HALL[:-1]} [1].", lead


@pytest.mark.parametrize(("text", "year"), [
    (HALL, None),
    ("Brannock Hall, built in 1893, has 640 seats.", None),
    ("Brannock Hall, a former rope store that was converted in 1993, has 640 seats.", 1993),  # a clause of its own verb
    ("In 1950 Brannock Hall had 400 seats.", 1950),
    ("In 1950 the hall, a former rope store converted in 1931, had 400 seats.", 1950),
    # a first making in a relative clause or a clause closing the sentence dates no size (stop 43: a clause split
    # had left "which was built in 1902" undating one page's figure and "was completed in 1902" dating the other's)
    ("The tower is 46 metres tall, which was built in 1902 and has stood ever since.", None),
    ("The engine was lit in 1898, and the famous tower, 42 metres tall, was completed in 1902.", None),
])
def test_size_frame_year_of_a_capacity(text: str, year: int | None) -> None:
    assert _size_frame_year(text) == year
