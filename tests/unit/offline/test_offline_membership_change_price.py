"""A change in a membership or a membership's price is no count of its members (review of stop 44, F2: "Our
membership grew by 35 rowers in 2024" led "How many members does <club> have?" at high, and "The membership fee is
40 a year" counted 40 members) (``shared.text.quantity.counts``)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.quantity import counts
from tests.claim_pages import listed_claims, recorded_report


@pytest.mark.parametrize("text", [
    "Membership rose by 15 rowers last year.",
    "Our membership grew by 35 canoeists in 2024, the best year since the war.",
    "Membership fell by 12 over the winter.",
    "Membership is up 18 on last season.",
    "Membership is down 9 since the spring.",
    "The membership fee is 40 a year.",
    "Membership costs 40 per year.",
    "The membership price stays at 55 for juniors.",
])
def test_a_change_or_a_price_of_membership_counts_no_members(text: str) -> None:
    assert counts(text, ("member",)) == []


@pytest.mark.parametrize(("text", "found"), [
    ("Our membership reached 140 scullers in March 2025.", ["140"]),
    ("Membership stands at 140.", ["140"]),
    ("Membership: 140", ["140"]),
])
def test_a_membership_total_still_counts_members(text: str, found: list[str]) -> None:
    assert counts(text, ("member",)) == found


CLUB = ("Welcome to the Tollesby Sculling Club", [
    "The Tollesby Sculling Club rows on the river at Tollesby.",
    "Our membership grew by 35 scullers in 2024, the best year since the war.",
    "Membership costs 40 euros a year.",
    "Club nights are held on Tuesdays and Thursdays.",
])


def test_a_membership_change_does_not_answer_how_many_members() -> None:
    claims, sources = listed_claims({"c": CLUB})
    rep, gate, _answered, _total = recorded_report("How many members does the Tollesby Sculling Club have?", claims,
                                                   sources)
    lead = lead_section(rep.markdown)
    assert "35 scullers" not in lead.split("[")[0], lead
    assert gate.tier == "low", (lead, gate.tier)
