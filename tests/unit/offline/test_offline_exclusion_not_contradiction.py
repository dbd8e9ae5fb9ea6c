"""A sentence saying some other figure excludes a thing is no contradiction of that thing's own figure (issue 9,
trial t42 F6): the offline verifier read "negation + shared words" as a denial; the negation must deny the claim's
own predicate or value."""

from __future__ import annotations

import pytest

from services.verifier.model import offline_contradictions
from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate
from shared.text.entailment import entailment

CLAIM = "The Orsk Lamp Museum received 6,200 visitors in 2023."


def _span(text: str, source: str) -> EvidenceCandidate:
    return EvidenceCandidate(source_id=source, domain=f"{source}.example", start=0, end=len(text), text=text,
                             retrieval_score=1.0)


def test_an_exclusion_of_the_thing_from_another_figure_is_no_contradiction() -> None:
    exclusion = "They do not include visitors to the Orsk Lamp Museum."
    assert entailment(CLAIM, exclusion).label != "contradicted"
    assert offline_contradictions(CLAIM, [_span(exclusion, "b")]) == []


@pytest.mark.parametrize("denial", [
    "The Orsk Lamp Museum did not receive 6,200 visitors in 2023.",
    "The Orsk Lamp Museum received no visitors in 2023.",
])
def test_a_denial_of_the_claims_own_predicate_still_contradicts(denial: str) -> None:
    e = entailment(CLAIM, denial)
    assert e.label == "contradicted" and "negation" in e.reason


def test_the_claim_stays_supported_beside_the_exclusion() -> None:
    own = _span("The Orsk Lamp Museum received 6,200 visitors in 2023.", "a")
    other = _span("They do not include visitors to the Orsk Lamp Museum.", "b")
    result = verify(CLAIM, [own, other], samples=5, seed_key="t42-f6", own_source="a")
    assert result.verdict == "supported", result
