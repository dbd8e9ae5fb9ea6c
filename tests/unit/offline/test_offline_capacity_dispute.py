"""How many a place holds at once is one quantity however a page words it (issue 9, trial t38 faults 3 and 8):
"310 seats", "seats 240 spectators" and "has room for 300 people" count its seating, so two pages giving different
figures of one venue disagree and the report leads with both ("The sources disagree: ..."), never one of them at
medium confidence; a seat count in a relative clause ("the Orla Hall in Stenby, whose hall holds 310 seats") is the
named venue's. A "how many" question's own count leads its disputes, and a dispute on counts of another noun (seats
for "how many fossils") is not said as its answer's. A claim naming nothing on the page "Holm Museum facts" is about
the Holm Museum, like one on the page "About the Holm Museum". Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements, synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.quantity import asks_capacity, counted_nouns, counts
from tests.claim_pages import local_claim, local_source


def _values(claims: list[VerifiedClaim], titles: dict[str, str]) -> list[list[str]]:
    return [sorted(v for _i, v in d.values) for d in find_disagreements(claims, titles)]


@pytest.mark.parametrize("question,capacity", [
    ("How many seats does the Orla Hall have?", True),
    ("How many people can the Orla Hall hold?", True),
    ("How many spectators does the Marnow arena seat?", True),
    ("How many visitors can the Skarr cave take at once?", True),
    ("How many people live in Stenby?", False),
    ("How many people visited the Orla Hall in 2023?", False),
    ("How many guests does the Brann inn accommodate?", False),  # beds count them (sleeping places)
])
def test_a_question_asking_what_a_place_holds_at_once(question: str, capacity: bool) -> None:
    assert asks_capacity(question) is capacity
    assert ("seat" in counted_nouns(question)) is capacity


@pytest.mark.parametrize("sentence,counted", [
    ("The concert room of the Orla Hall seats 450 spectators on a sloping floor.", ["450"]),
    ("The arena has room for 12,000 people.", ["12,000"]),
    ("The cave can take up to 80 visitors at a time.", ["80"]),
    ("The hall holds 310 seats since the gallery was reopened.", ["310"]),
    ("The festival drew 3,000 spectators to the square.", []),  # came, not held at once
    ("In 2019 the hall welcomed 41,000 visitors.", []),
])
def test_people_a_place_holds_count_its_seats(sentence: str, counted: list[str]) -> None:
    assert counts(sentence, ("seat",)) == counted


SEATED = "The concert room of the Orla Hall seats 450 spectators on a sloping wooden floor."
WHOSE = "The finest venue is the Orla Hall in Stenby, whose main room holds 520 seats since its gallery reopened."
HALL_TITLES = {"s1": "Concert guide", "s2": "Regional guide"}


def test_seats_and_spectators_held_are_one_disputed_count() -> None:
    assert _values([local_claim("a", "s1", SEATED), local_claim("b", "s2", WHOSE)], HALL_TITLES) == [
        ["450 spectators", "520 seats"]]


@pytest.mark.parametrize("other", [
    "The finest venue is the Orla Hall in Stenby, whose jazz festival drew 3,000 spectators last summer.",
    "The finest venue is the Brann Theatre in Stenby, whose main room holds 520 seats since its gallery reopened.",
    "The finest venue is the Orla Hall in Stenby, whose main room holds 450 seats since its gallery reopened.",
])
def test_no_dispute_of_visitors_another_venue_or_the_same_count(other: str) -> None:
    assert _values([local_claim("a", "s1", SEATED), local_claim("b", "s2", other)], HALL_TITLES) == []


def test_the_report_leads_with_both_seat_counts() -> None:
    claims = [local_claim("a", "s1", SEATED), local_claim("b", "s2", WHOSE)]
    sources = {sid: local_source(sid, t) for sid, t in HALL_TITLES.items()}
    for question in ("How many seats does the Orla Hall have?", "How many people can the Orla Hall hold?"):
        lead = lead_section(synthesize(question, claims, sources).markdown)
        assert lead.startswith("The sources disagree") and "450" in lead and "520" in lead, lead


MUSEUM_TITLES = {"s1": "Holm Museum", "s2": "Holm Museum facts", "s3": "About the Holm Museum"}


def test_a_title_naming_its_page_in_lower_case_words_is_the_name() -> None:
    claims = [local_claim(f"c{k}", sid, f"The collection holds {n} fossils.")
              for k, (sid, n) in enumerate(zip(MUSEUM_TITLES, ("2,400", "1,900", "3,100")))]
    assert _values(claims, MUSEUM_TITLES) == [["1,900 fossils", "2,400 fossils", "3,100 fossils"]]
    # a longer name opening with it is another thing: the annex's collection disputes nothing
    annex = {**MUSEUM_TITLES, "s2": "Holm Museum Annex"}
    assert _values(claims, annex) == [["2,400 fossils", "3,100 fossils"]]


def _contested(claim: VerifiedClaim) -> VerifiedClaim:
    return claim.model_copy(update={"verdict": "contested"})


def test_the_asked_count_leads_its_disputes_and_another_nouns_does_not() -> None:
    titles = {"s1": "Holm Museum", "s2": "Holm Museum facts", "s3": "About the Holm Museum"}
    pages = {"s1": ("1881", "Ada Holm", "240", "2,400"), "s2": ("1874", "Bo Holm", "310", "1,900"),
             "s3": ("1869", "Cai Holm", "198", "3,100")}
    claims = []
    for sid, (year, founder, seats, fossils) in pages.items():
        claims += [local_claim(f"{sid}-0", sid, f"The Holm Museum was founded in {year} by {founder}."),
                   local_claim(f"{sid}-1", sid, f"The Holm Museum's lecture hall seats {seats} spectators."),
                   _contested(local_claim(f"{sid}-2", sid, f"The collection holds {fossils} fossils."))]
    sources = {sid: local_source(sid, t) for sid, t in titles.items()}
    lead = lead_section(synthesize("How many fossils does the Holm Museum own?", claims, sources).markdown)
    assert lead.startswith("The sources disagree: 1,900 fossils"), lead
    assert "2,400 fossils" in lead and "3,100 fossils" in lead, lead
    assert "spectators [" not in lead.split(".")[0], lead
