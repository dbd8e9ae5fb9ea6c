"""Tests for services.claim_extractor.offline: a forum post's byline is no part of its claim (issue 15, trial t33
fault 7). Invented products and handles."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims

THREAD = """Dozewell Kite battery thread

Posted by mothlamp: My Dozewell Kite parent unit dies after about 4 hours every night.

Reply by quiet_fern22: Mine lasts about 4 hours too, nowhere near the 9 hours on the box.

corvid wrote: The parent unit of my Dozewell Kite also dies after 6 hours."""


def test_a_byline_is_cut_off_the_claim_and_its_evidence() -> None:
    claims = extract_claims(THREAD, title="Dozewell Kite battery thread")
    assert [c.text for c in claims] == [
        "My Dozewell Kite parent unit dies after about 4 hours every night.",
        "Mine lasts about 4 hours too, nowhere near the 9 hours on the box.",
        "The parent unit of my Dozewell Kite also dies after 6 hours.",
    ]
    assert [THREAD[c.start:c.end] for c in claims] == [c.text for c in claims]


@pytest.mark.parametrize("sentence", [
    "Posted by the council, the plan was approved on 4 May 2024 after two readings.",  # no colon: no byline
    "The bridge opened in 1932 and was posted by the army as a supply route.",
    "Engineers wrote that the viaduct carries 40,000 vehicles a day.",
])
def test_a_sentence_without_a_byline_is_kept_whole(sentence: str) -> None:
    assert [c.text for c in extract_claims(sentence)] == [sentence]
