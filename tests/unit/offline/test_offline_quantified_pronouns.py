"""Tests for services.claim_extractor.offline and shared.text.entailment: "All of them ..." is about the plural noun
phrase the previous sentence ends with, and its own sentence supports the claim so made; with no such phrase it
is no claim (issue 9, trial t26: "All of them are gas-fired." was a claim that said nothing on its own)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.entailment import entailment


def texts(text: str) -> list[str]:
    return [c.text for c in extract_claims(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The ferry company runs four boats. All of them are diesel-powered.",
         "All of the four boats are diesel-powered."),
        ("The council restored the town's historic mills. Both of them are open to visitors.",
         "Both of the town's historic mills are open to visitors."),
        ("Anna Berg and Ola Lie are Norwegian painters. Neither of them studied in Oslo.",
         "Neither of the Norwegian painters studied in Oslo."),
    ],
)
def test_the_plural_phrase_before_stands_for_them(text: str, expected: str) -> None:
    assert texts(text)[1] == expected


def test_no_plural_phrase_no_claim() -> None:
    # the sentence before ends in no plural noun, or is in another paragraph: nothing safe to put there
    assert texts("The ferry company rents out kayaks in summer. Two of these are kept at the lake.") == [
        "The ferry company rents out kayaks in summer."]
    assert texts("The ferry company runs four boats.\n\nAll of them are diesel-powered in winter.") == [
        "The ferry company runs four boats."]


def test_the_claim_is_supported_by_its_own_sentence() -> None:
    text = "The ferry company runs four boats. All of them are diesel-powered."
    claim = extract_claims(text)[1]
    assert entailment(claim.text, text[claim.start:claim.end]).label == "supported"
    assert entailment("All of the four boats are electric.", text[claim.start:claim.end]).label != "supported"
