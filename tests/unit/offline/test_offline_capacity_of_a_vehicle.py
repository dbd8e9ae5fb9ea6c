"""The capacity of a vehicle, one of its cars or cabins, a room or a venue is how many people it holds (issue 9, g3
fault G5): "What is the capacity of one car?" was led by "each car's tank holds 6,000 litres of water" (the tank's
capacity) at 0.85 medium instead of the row "Capacity | 40 passengers per car". A capacity of a thing that holds
people (shared.text.quantity.holds_people) is a count of them ("passengers", "seats", "people"), litres are a
container's; "holds" / "carries" and "capacity" name one relation (shared.text.relations.RELATIONS["capacity"]), and
a spec row's value may be of one thing ("40 passengers per car"). Invented pages and figures."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.quantity import asked_quantity, counted_nouns, counts, holds_people
from shared.text.tables import spec_rows
from tests.claim_pages import local_claim, local_source


@pytest.mark.parametrize("question, people", [
    ("What is the capacity of one cabin of the Brenn Cable Car?", True),
    ("What is each gondola's capacity?", True),
    ("What is the capacity of the Skarn ferry?", True),
    ("What is the capacity of the Orla Hall?", True),
    ("What is the capacity of the water tank of each cabin?", False),
    ("What is the capacity of the Brenn reservoir?", False),
    ("What is the capacity of the Voltrex V12 battery?", False),
])
def test_the_capacity_of_what_holds_people_is_a_count_of_them(question: str, people: bool) -> None:
    assert holds_people(question) is people
    assert (asked_quantity(question) == ("count",)) is people
    assert ("seat" in counted_nouns(question)) is people


@pytest.mark.parametrize("sentence, counted", [
    ("The Brenn Cable Car: capacity 35 passengers per cabin.", ["35"]),
    ("Each cabin can carry 35 passengers.", ["35"]),
    ("Each cabin's ballast tank holds 2,500 litres of water.", []),
    ("In 2023 the cable car carried 210,000 passengers.", []),  # came over a year, not held at once
])
def test_passengers_held_count_the_capacity(sentence: str, counted: list[str]) -> None:
    assert counts(sentence, counted_nouns("What is the capacity of one cabin of the Brenn Cable Car?")) == counted


def test_a_spec_row_of_one_thing_is_a_spec_value() -> None:
    text = ("Brenn Cable Car\n\nLength | 2,310 m\nCabins | 2\nCapacity | 35 passengers per cabin\n"
            "Travel time | about 9 minutes\n")
    assert [(r.label, r.value) for r in spec_rows(text)] == [("Capacity", "35 passengers per cabin"),
                                                             ("Travel time", "about 9 minutes")]


TITLES = {"s1": "Brenn Cable Car", "s2": "The Brenn Cable Car before 1950"}


def _claims(*, row: bool = True) -> list[VerifiedClaim]:
    claims = [
        local_claim("a0", "s1", "The Brenn Cable Car is an aerial tramway above the village of Brenn."),
        local_claim("a1", "s1", "The Brenn Cable Car: length 2,310 m."),
        local_claim("a2", "s1", "The Brenn Cable Car: capacity 35 passengers per cabin."),
        local_claim("b1", "s2", "Each cabin carried a ballast tank under its floor; each cabin's tank holds 2,500 "
                                "litres of water."),
    ]
    return [c for c in claims if row or c.claim_id != "a2"]


def _report(question: str, claims: list[VerifiedClaim]) -> tuple[str, str]:
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    rep = synthesize(question, claims, sources)
    return lead_section(rep.markdown), report_gate(question, rep, sources, claims).tier


@pytest.mark.parametrize("question", ["What is the capacity of one cabin of the Brenn Cable Car?",
                                      "How many people does one cabin of the Brenn Cable Car hold?",
                                      "How many passengers can one cabin of the Brenn Cable Car carry?"])
def test_the_passenger_row_leads_not_the_tank(question: str) -> None:
    lead, _tier = _report(question, _claims())
    assert lead.startswith("The Brenn Cable Car: capacity 35 passengers per cabin [1]."), lead
    assert "litres" not in lead, lead


def test_the_tank_never_answers_the_capacity_of_a_cabin() -> None:
    lead, tier = _report("What is the capacity of one cabin of the Brenn Cable Car?", _claims(row=False))
    assert "litres" not in lead and tier == "low", lead
