"""Task h66 (pages invented): a change of opening hours is no opening, and a JSON record's nested object is the
subject of its own fields.

"The Tessford Music Hall opened on Mondays from 3 March 2025" says when the hall is open (a habit of hours,
:func:`shared.text.hours.hours_habit`), not when it opened: it never answers "When did X open?" nor disputes the
opening date. A JSON record's nested object without a name writes its rows under its key ("Foyer opened:
1903-10-09"), so its years are not read as the record's thing's.
"""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch.files import json_text
from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import _dated_events, find_disagreements, synthesize, verb_of_event_only
from shared.text.hours import hours_habit
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

HALL = {"n": local_source("n", "Tessford Music Hall to open on Mondays"),
        "h": local_source("h", "History of the Tessford Music Hall")}
HALL_CLAIMS = [
    local_claim("n1", "n", "The Tessford Music Hall opened on Mondays from 3 March 2025, from 10:00 to 16:00."),
    local_claim("n2", "n", "Until now the Tessford Music Hall was closed on Mondays."),
    local_claim("h1", "h", "Built by the guild of weavers, the Tessford Music Hall opened on 9 October 1903."),
]


def test_a_habit_of_hours_is_no_opening() -> None:
    text = "The Tessford Music Hall will open its Garden Room on Sundays from 1 June 2025."
    assert hours_habit(text, text.index(" its"))
    assert hours_habit("It stays open until 20:00.", len("It stays open"))
    assert not hours_habit("It opened on 9 October 1903.", len("It opened"))
    assert not hours_habit("It opened on Sunday 5 May 1903.", len("It opened"))
    assert verb_of_event_only("open", "The Tessford Music Hall opened on Mondays from 3 March 2025.")
    assert not verb_of_event_only("open", "The Tessford Music Hall opened on 9 October 1903.")
    titles = {sid: s.title for sid, s in HALL.items()}
    assert list(_dated_events(HALL_CLAIMS[0], titles["n"])) == [("hours", frozenset())]
    assert find_disagreements([HALL_CLAIMS[0], HALL_CLAIMS[2]], titles) == []


def test_the_opening_leads_not_the_new_hours() -> None:
    question = "When did the Tessford Music Hall open?"
    rep = synthesize(question, HALL_CLAIMS, HALL)
    assert _lead(rep.markdown) == ("Built by the guild of weavers, the Tessford Music Hall opened on 9 October 1903 "
                                   "[1]."), rep.markdown
    assert report_gate(question, rep, HALL, HALL_CLAIMS).tier == "high"


def test_a_nested_object_is_the_subject_of_its_fields() -> None:
    record = {"name": "Tessford Music Hall", "founded": 1898,
              "foyer": {"opened": "1903-10-09", "architect": "Ada Pellworth"},
              "branches": [{"name": "Quayside", "opened": 1921}, {"name": "Mill End", "opened": 1934, "seats": 120}]}
    assert json_text(record) == ("Tessford Music Hall\n\nFounded: 1898\n\nFoyer\n\nFoyer opened: 1903-10-09\n"
                                 "Foyer architect: Ada Pellworth\n\nBranches\n\nName: Quayside\nOpened: 1921\n\n"
                                 "Name: Mill End\nOpened: 1934\nSeats: 120")
    claims = [c.text for c in extract_claims(json_text(record), title="Tessford Music Hall")]
    assert "Tessford Music Hall: foyer opened 1903-10-09." in claims, claims
    assert "Quayside: opened 1921." in claims and "Tessford Music Hall: opened 1921." not in claims, claims


def test_a_clock_time_is_no_amount() -> None:
    hours = local_claim("n3", "n", "The Tessford Music Hall will open its foyer on Mondays from 3 March 2025, from "
                                   "12:00 to 16:00.")
    seats = local_claim("h2", "h", "Tessford Music Hall: foyer seats 420.")
    assert find_disagreements([hours, seats], {sid: s.title for sid, s in HALL.items()}) == []
