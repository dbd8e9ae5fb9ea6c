"""Ratings and scores are whole figures in the offline verifier: "3.5 out of 5" never states "5 out of 5"."""

from __future__ import annotations

import pytest

from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate
from shared.text.entailment import entailment


def cand(text: str, sid: str, domain: str) -> EvidenceCandidate:
    return EvidenceCandidate(source_id=sid, domain=domain, start=0, end=len(text), text=text, retrieval_score=1.0)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("We rate the Kleenbot K3 5 out of 5.", "We rate the Kleenbot K3 3.5 out of 5."),
    ("The Kleenbot K3 scores 5/5 in our test.", "The Kleenbot K3 scores 4.5/5 in our test."),
    ("Reviewers rated the Kleenbot K3 5 out of 5.", "Reviewers rated the Kleenbot K3 3.5 out of 5 stars."),
    ("Reviewers rated the Kleenbot K3 5 out of 5.", "Reviewers rated the Kleenbot K3 3.5 stars out of 5."),
    ("Reviewers rated the Kleenbot K3 5 stars.", "Reviewers rated the Kleenbot K3 3.5 stars out of 5."),
    ("The Kleenbot K3 earned a score of 8 out of 10.", "The Kleenbot K3 earned a score of 6.5 out of 10."),
])
def test_a_different_rating_never_supports(claim: str, evidence: str) -> None:
    result = entailment(claim, evidence)
    assert result.label != "supported"
    assert result.label == "contradicted"  # the same thing rated on the same scale with another value


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Reviewers rated the Kleenbot K3 4 of 5.", "Reviewers rated the Kleenbot K3 4 of 5."),
    ("We rate the Kleenbot K3 3.5 out of 5.", "We rate the Kleenbot K3 3.5 out of 5."),
    ("We rate the Kleenbot K3 5 out of 5.", "We rate the Kleenbot K3 5/5."),
    ("The Kleenbot K3 scores 4.5/5.", "The Kleenbot K3 scores 4.50 out of 5 stars."),
])
def test_the_same_rating_supports(claim: str, evidence: str) -> None:
    assert entailment(claim, evidence).label == "supported"


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The Kleenbot K3 weighs 5 kg.", "The Kleenbot K3 weighs 3.5 kg."),
    ("Sales of the Kleenbot K3 rose 5% in 2025.", "Sales of the Kleenbot K3 rose 3.5% in 2025."),
    ("The Kleenbot K3 runs for 5 hours.", "The Kleenbot K3 runs for 0.5 hours."),
])
def test_other_figures_are_whole_values(claim: str, evidence: str) -> None:
    assert entailment(claim, evidence).label != "supported"


def test_a_date_is_no_rating() -> None:
    assert entailment("The Kleenbot K3 launched on 12/05/2020 in Berlin.",
                      "The Kleenbot K3 launched on 12/05/2020 in Berlin.").label == "supported"


def test_the_sponsored_rating_is_not_supported_by_the_independent_one() -> None:
    # the trial's case: the sponsored 5/5 sentence must not take the independent 3.5/5 review as support
    result = verify("We rate the Kleenbot K3 5 out of 5.",
                    [cand("We rate the Kleenbot K3 3.5 out of 5.", "indep", "vacuumlab.example")],
                    seed_key="k3")
    assert result.verdict != "supported"
    assert all(span.label != "supports" for span in result.spans)
    assert result.corroborating_domains == []


def test_a_count_of_a_group_without_a_rating_in_the_evidence_is_read_number_by_number() -> None:
    assert entailment("Marta Lind was one of two founders of Halvik Mills.",
                      "Marta Lind was one of the two founders of Halvik Mills.").label == "supported"
    assert entailment("Marta Lind was 1 of 2 founders of Halvik Mills.",
                      "Marta Lind was one of the two founders of Halvik Mills.").label == "supported"
