"""Ratings on two scales are compared as shares of their scales' best (issue 15, trial t51s fault 9): "Tagwell T5 Pro:
4 out of 5" and "Printer Tagwell T5 Pro: score 8.4/10" gave "The sources disagree — Tagwell T5 Pro 4: 5; 8.4", two
scales read as bare numbers. 4/5 and 8.4/10 say alike; 9.6/10 and 5.3/10 still disagree."""

from __future__ import annotations

from services.synthesizer.offline import _values, find_disagreements
from tests.claim_pages import page_claim as _claim

TITLES = {"a": "Zentra P9 vs Vessa K7", "b": "The best label printers, tested", "c": "Corvo L2 is the best printer"}


def test_a_rating_is_one_value_of_its_scale_never_two_numbers() -> None:
    assert _values("Vessa K7: 4 out of 5.") == {"rating": {"0.8~0.05": "4 out of 5"}}
    assert "rating" in _values("Printer Vessa K7: score 8.4/10, jams 1.")
    assert "rating" not in _values("The trail is 4/5 km long.")  # a fraction of a unit is no rating


def test_ratings_on_two_scales_that_say_alike_are_no_disagreement() -> None:
    claims = [_claim("Vessa K7: 4 out of 5.", "a"), _claim("Printer Vessa K7: score 8.4/10.", "b")]
    assert find_disagreements(claims, TITLES) == []


def test_ratings_far_apart_still_disagree() -> None:
    claims = [_claim("Printer Corvo L2: score 5.3/10.", "b"), _claim("Corvo L2: 9.6/10.", "c")]
    found = find_disagreements(claims, TITLES)
    assert [(d.kind, sorted(v for _i, v in d.values)) for d in found] == [("rating", ["5.3/10", "9.6/10"])], found
