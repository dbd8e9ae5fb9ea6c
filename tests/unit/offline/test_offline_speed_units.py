"""Trial t65s D1: "The sources disagree — <scooter>: 45 km [9]; 70 km [9]": a top speed of 45 km/h was read as a
length of 45 km and set against the same page's 70 km range. A unit followed by "/" or "per" and another unit
("km/h", "m/s", "km per hour") is one unit, a rate; "kph", "kmh" and "mph" are speeds, never lengths."""

from __future__ import annotations

import pytest

from services.domain_shopping.units import read_quantity
from services.synthesizer.offline import _values, find_disagreements
from shared.evidence import EvidenceCandidate, VerifiedClaim


def _claim(cid: str, sid: str, text: str) -> VerifiedClaim:
    span = EvidenceCandidate(source_id=sid, domain="local", start=0, end=len(text), text=text, retrieval_score=1.0)
    return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict="supported", stability=1.0, spans=[span])


def test_a_top_speed_is_no_length_set_against_a_range() -> None:
    claims = [_claim("a", "s2", "The Brenna Dash 3 is the fastest at 45 km/h and weighs 22.5 kg."),
              _claim("b", "s1", "Brenna Dash 3: range 70 km."),
              _claim("c", "s1", "The Brenna Dash 3 range is 70 km.")]
    titles = {"s1": "Brenna Dash 3 electric scooter", "s2": "The 4 best electric scooters | Rollblog"}
    assert find_disagreements(claims, titles) == []
    # two ranges still disagree
    claims.append(_claim("d", "s2", "The Brenna Dash 3 has a range of 52 km."))
    assert [sorted(v for _i, v in d.values) for d in find_disagreements(claims, titles)] == [["52 km", "70 km", "70 km"]]


def test_speeds_in_two_units_disagree_as_speeds() -> None:
    claims = [_claim("a", "s1", "The Brenna Dash 3 top speed is 45 km/h."),
              _claim("b", "s2", "The Brenna Dash 3 top speed is 20 mph.")]
    found = find_disagreements(claims, {"s1": "Brenna Dash 3", "s2": "Brenna Dash 3 review"})
    assert [[v for _i, v in d.values] for d in found] == [["45 km/h", "20 mph"]]


@pytest.mark.parametrize("text,kind,shown", [
    ("It reaches 45 km/h on the flat.", "m/s", "45 km/h"),
    ("It reaches 45 km per hour on the flat.", "m/s", "45 km per hour"),
    ("It reaches 28 mph on the flat.", "m/s", "28 mph"),
    ("It reaches 45 kph on the flat.", "m/s", "45 kph"),
    ("It reaches 45 kmh on the flat.", "m/s", "45 kmh"),
    ("It pumps 12 l/min at most.", "l/min", "12 l/min"),
    ("It goes 70 km on one charge.", "m", "70 km"),
])
def test_a_rate_is_one_unit(text: str, kind: str, shown: str) -> None:
    assert list(_values(text)) == [kind]
    assert list(_values(text)[kind].values()) == [shown]


@pytest.mark.parametrize("value", ["25 kmh", "25 km/hr", "25 kph", "25 km/h", "15.5 mph"])
def test_a_spec_cell_speed_is_a_speed(value: str) -> None:
    q = read_quantity(value)
    assert q is not None and q.kind == "[length] / [time]", q
