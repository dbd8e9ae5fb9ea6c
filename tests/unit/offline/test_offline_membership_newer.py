"""A present-tense "how many members" question is led by the newest dated figure: "Our membership reached 212 rowers
in October 2025" counts the club's members (its membership), so it supersedes an older page's "As of 2022 the club
had 160 members" (task h132, trial t71 Q09: the older figure led alone at high) (``shared.text.quantity.counts``,
``services.synthesizer.offline.asked_time_lead``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from shared.text.quantity import counts
from tests.claim_pages import local_claim, local_source


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()


@pytest.mark.parametrize(("text", "found"), [
    ("Our membership reached 212 rowers in October 2025, the highest in the club's history.", ["212"]),
    ("The club's membership stands at 212.", ["212"]),
    ("Membership: 212", ["212"]),
    ("The membership fee is 40 euros a year.", []),  # a measure, no count of members
    ("Membership grew in 2025.", []),  # a year counts nobody
])
def test_a_membership_figure_counts_members(text: str, found: list[str]) -> None:
    assert counts(text, ("member",)) == found


def test_the_membership_figure_does_not_count_other_things() -> None:
    assert counts("Our membership reached 212 rowers in October 2025.", ("boat",)) == []


SOURCES = {
    "a": local_source("a", "About the Harnley Rowing Club"),
    "w": local_source("w", "Welcome to the Harnley Rowing Club"),
}
CLAIMS = [
    local_claim("a1", "a", "The Harnley Rowing Club is the rowing club of the town of Harnley."),
    local_claim("a2", "a", "As of 2022 the club had 160 members, including 20 juniors."),
    local_claim("a3", "a", "The club president is Osric Fell, who was elected in 2016."),
    local_claim("w1", "w", "We are Harnley's rowing club, on the water since 1958."),
    local_claim("w2", "w", "Our membership reached 212 rowers in October 2025, the highest in the club's history."),
]


def test_the_newest_membership_figure_leads() -> None:
    lead = _answer(synthesize("How many members does the Harnley Rowing Club have?", CLAIMS, SOURCES).markdown)
    assert lead.startswith("Our membership reached 212 rowers in October 2025"), lead
    assert "160 members" not in lead.split("[1]")[0], lead
