"""A thing of a name ("The ferry service of Orlen, opened in 1881, ...") and another thing named on that name
("The Orlen Craft Museum opened in 1995") have two dates of two things: no disagreement (issue 9, trial t46 fault
3, "The sources disagree: 1881; 1995"); the same thing dated differently still disagrees
(``services.synthesizer.offline.thing_of_name``, ``find_disagreements``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements, thing_of_name
from tests.claim_pages import listed_claims

PAGES = {
    "ferry": ("Steam on the fjord, 1881-1920", [
        "The ferry service of Orlen, opened in 1881, was converted to steam between 1899 and 1912.",
    ]),
    "museum": ("Orlen Craft Museum", ["The Orlen Craft Museum opened in 1995 in a former gasworks hall."]),
    "ferry2": ("Orlen history", ["The ferry service of Orlen opened in 1880."]),
    "ferry3": ("Ferries", ["The ferry service of Orlen opened in 1882."]),
}


def _disputes(*sids: str) -> list[tuple[str, list[str]]]:
    claims, sources = listed_claims({sid: PAGES[sid] for sid in sids})
    titles = {sid: s.title for sid, s in sources.items()}
    return [(d.kind, [shown for _i, shown in d.values]) for d in find_disagreements(claims, titles)]


def test_a_thing_of_a_name_and_another_thing_named_on_it_do_not_disagree() -> None:
    assert _disputes("ferry", "museum") == []
    assert _disputes("ferry2", "museum") == []


def test_one_thing_of_a_name_dated_differently_still_disagrees() -> None:
    assert _disputes("ferry2", "ferry3") == [("year", ["1880", "1882"])]


@pytest.mark.parametrize("text,found", [
    ("The ferry service of Orlen, opened in 1881, was converted", ("service", ["orlen"])),
    ("The town of Orlen was founded in 1620.", None),  # a kind of place of a name is the name
    ("The Orlen Craft Museum opened in 1995.", None),
    ("The ferry service opened in 1881.", None),
])
def test_thing_of_name(text: str, found: tuple[str, list[str]] | None) -> None:
    assert thing_of_name(text) == found
