"""How many people can sleep somewhere is answered by its places to sleep (issue 9, trial t30 fault 7): "6 bunks" or
"48 beds" count the people a hut, a ship or an inn sleeps, and a look-alike's beds are not the asked one's."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.quantity import counted_nouns, counts
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "shelter": ("Grauspitz Shelter", "The Grauspitz Shelter is a tin emergency shelter on the Grauspitz col. "
                "The Grauspitz Shelter has 8 berths and a radio for emergencies."),
    "inn": ("Grauspitz Inn", "The Grauspitz Inn is a guest house in the valley below the col. "
            "The Grauspitz Inn has 30 beds in twelve rooms."),
}


@pytest.mark.parametrize(("question", "nouns"), [
    ("How many people can sleep in the Brak Lodge?", ("people", "bed", "bunk", "berth")),
    ("How many guests does the Brak Lodge accommodate?", ("guest", "bed", "bunk", "berth")),
    ("How many people live in Brakholm?", ("people",)),
    ("How many beds does the Brak Lodge have?", ("bed",)),
])
def test_people_counted_for_sleeping_are_counted_by_places_to_sleep(question: str, nouns: tuple[str, ...]) -> None:
    assert counted_nouns(question) == nouns


def test_a_number_of_bunks_counts_sleepers_not_residents() -> None:
    assert counts("The cabin offers 6 bunks.", counted_nouns("How many people can sleep in the cabin?")) == ["6"]
    assert counts("The cabin offers 6 bunks.", counted_nouns("How many people live in the cabin?")) == []


@pytest.mark.parametrize(("question", "figure"), [("How many people can sleep in the Grauspitz Shelter?", "8 berths"),
                                                  ("How many people can sleep at the Grauspitz Inn?", "30 beds")])
def test_how_many_can_sleep_is_answered_by_the_asked_place_s_beds(question: str, figure: str) -> None:
    _, _, sources, claims = page_set(PAGES)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert figure in lead.split(".")[0] and not says_not_established(rep.markdown), rep.markdown
    assert gate.tier != "low", gate.signals
