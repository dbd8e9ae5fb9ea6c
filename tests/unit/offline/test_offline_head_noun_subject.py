"""Tests for shared.text.entailment: a claim whose subject the claim extractor named in place of its page's bare
"The <noun>" ("The Kestrelberg Rack Railway is 7.4 km long." from "The railway is 7.4 km long.") is supported by
that sentence when the noun is the head of the name, and only then (issue 9, trial t44 fault 1b: the rack railway's
length stayed unverified, so "Which is longer?" could not be decided). Invented pages."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.entailment import entailment

PAGE = ("# The Harrowgate Rack Railway\n\n"
        "The Harrowgate Rack Railway is a metre-gauge rack railway that climbs from Morlach to the summit.\n\n"
        "The railway is 7.4 km long. It has three intermediate stations.")


def test_the_named_claim_is_supported_by_its_own_sentence() -> None:
    claim = next(c for c in extract_claims(PAGE, title="The Harrowgate Rack Railway") if "7.4 km" in c.text)
    assert claim.text == "The Harrowgate Rack Railway is 7.4 km long."
    assert entailment(claim.text, PAGE[claim.start:claim.end]).label == "supported"


@pytest.mark.parametrize("claim", [
    "The Harrowgate Rack Railway is 9.4 km long.",  # another figure
    "The Harrowgate Rack Railway was closed in 1950.",  # another statement
    "The Harrowgate Funicular is 7.4 km long.",  # "the railway" is no funicular
])
def test_the_rest_must_still_be_held_and_the_head_noun_must_match(claim: str) -> None:
    assert entailment(claim, "The railway is 7.4 km long.").label != "supported"
