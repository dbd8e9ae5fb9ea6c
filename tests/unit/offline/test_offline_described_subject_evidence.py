"""Tests for shared.text.entailment: a claim whose subject the claim extractor put in place of its evidence's
leading pronoun is supported by that evidence, whatever the subject's case ("The guild's great hall on Ashlane
Square was designed by ..." / "It was designed by ..."), and not when the rest differs (issue 9, trial t26 F1)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from shared.text.entailment import entailment

PAGE = ("The Weldon Trading Company was founded in 1760 by merchants of the port.\n\n"
        "The town's old customs house on Harbour Row was completed in 1802. It was designed by the architect Mira "
        "Elstad, who also built the lighthouse.")


def test_the_decontextualised_claim_is_supported_by_its_own_sentence() -> None:
    claim = next(c for c in extract_claims(PAGE, title="History of the Weldon Trading Company")
                 if "designed" in c.text)
    assert claim.text.startswith("The town's old customs house on Harbour Row was designed")
    result = entailment(claim.text, PAGE[claim.start:claim.end])
    assert result.label == "supported"


def test_the_rest_of_the_claim_must_still_be_held() -> None:
    evidence = "It was designed by the architect Mira Elstad, who also built the lighthouse."
    other = "The town's old customs house on Harbour Row was designed by the architect Jon Varde."
    assert entailment(other, evidence).label != "supported"
    # a description the pronoun cannot stand for in that place: the evidence's words after it are not the claim's
    assert entailment("The town's old customs house on Harbour Row was built of granite.", evidence).label \
        != "supported"
