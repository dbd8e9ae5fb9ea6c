"""Tests for shared.text.entailment and services.synthesizer.confidence."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import confidence_gate
from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate
from shared.text.entailment import entailment


def cand(text: str, sid: str = "s1", domain: str = "a.org", score: float = 1.0) -> EvidenceCandidate:
    return EvidenceCandidate(source_id=sid, domain=domain, start=0, end=len(text), text=text, retrieval_score=score)


def test_negation_is_contradicted() -> None:
    r = entailment("The bridge is open to traffic.", "The bridge is not open to traffic.")
    assert r.label == "contradicted"
    assert entailment("The drug was never approved in Europe.", "The drug was approved in Europe in 2004.").label == "contradicted"
    assert entailment("The museum doesn't charge admission.", "The museum charges admission.").label == "contradicted"


def test_different_number_is_contradicted() -> None:
    r = entailment("The company was founded in 1998 in Menlo Park.", "The company was founded in 2001 in Menlo Park.")
    assert r.label == "contradicted" and 0.0 <= r.score <= 1.0
    assert entailment("The population grew to 5 million people.", "The population grew to 7 million people.").label == "contradicted"


def test_number_in_different_context_is_not_a_contradiction() -> None:
    r = entailment(
        "The 86-lap race was won by Graham Hill after he started from second position.",
        "The 110-lap race was won by Graham Hill after he started from pole position.",
    )
    assert r.label == "neutral"


def test_missing_number_is_not_supported() -> None:
    r = entailment("The tower is 330 metres tall.", "The tower is very tall and made of iron.")
    assert r.label == "neutral"


def test_paraphrase_overlap_is_supported() -> None:
    r = entailment(
        "Google was founded in 1998 by Larry Page and Sergey Brin.",
        "Larry Page and Sergey Brin founded Google in September 1998 while they were students at Stanford.",
    )
    assert r.label == "supported" and r.score >= 0.7
    # a leading pronoun in the evidence may stand for the claim's subject
    r2 = entailment("Scott Derrickson lives in Los Angeles, California.", "He lives in Los Angeles, California.")
    assert r2.label == "supported"


def test_unrelated_is_neutral() -> None:
    r = entailment("Paris is the capital of France.", "Bananas are rich in potassium.")
    assert r.label == "neutral" and r.score == 1.0
    assert entailment("", "anything at all").label == "neutral"
    assert entailment("Paris is big.", "").label == "neutral"


def test_antonym_is_contradicted() -> None:
    assert entailment("Sales increased sharply in March.", "Sales decreased sharply in March.").label == "contradicted"


CLAIM = "Marie Curie won the Nobel Prize in Physics in 1903."
SUP = cand("Marie Curie won the Nobel Prize in Physics in 1903 with Pierre Curie.", "s1", "a.org", 3.0)
SUP2 = cand("In 1903 Marie Curie won the Nobel Prize in Physics.", "s2", "b.org", 2.0)
CON = cand("Marie Curie won the Nobel Prize in Physics in 1911.", "s3", "c.org", 2.5)
NEU = [cand(f"Unrelated sentence number {i} about gardening tools.", f"n{i}", "n.org", 0.1) for i in range(4)]


def test_verify_no_candidates() -> None:
    v = verify(CLAIM, [], seed_key="k")
    assert v.verdict == "unverified" and v.stability == 1.0 and v.spans == [] and v.support_score == 0.0


def test_verify_supported_with_corroboration() -> None:
    v = verify(CLAIM, [SUP, SUP2, *NEU], seed_key="run1:c1")
    assert v.verdict == "supported"
    assert 0.5 < v.stability <= 1.0
    assert v.spans[0] == SUP and set(v.spans) == {SUP, SUP2}
    assert v.corroborating_domains == ["a.org", "b.org"]
    assert v.support_score == 1.0


def test_verify_contradicted_and_contested() -> None:
    against = CON.model_copy(update={"label": "contradicts"})
    v = verify(CLAIM, [CON], seed_key="x")
    assert v.verdict == "contradicted" and v.stability == 1.0 and v.spans == [against]
    assert v.corroborating_domains == []
    v2 = verify(CLAIM, [SUP, CON], samples=5, subset_fraction=1.0, seed_key="x")
    assert v2.verdict == "contested" and v2.stability == 1.0
    # a contested claim's two sides apart: each span says whether it supports or contradicts the claim
    assert SUP in v2.spans and against in v2.spans


def test_verify_unrelated_only_is_unverified() -> None:
    v = verify(CLAIM, NEU, seed_key="x")
    assert v.verdict == "unverified" and v.spans == []


@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e", "f"])
def test_verify_is_deterministic_and_stability_bounded(seed: str) -> None:
    cands = [SUP, CON, *NEU]
    runs = [verify(CLAIM, cands, samples=7, seed_key=seed) for _ in range(3)]
    assert runs[0] == runs[1] == runs[2]
    assert 0.0 <= runs[0].stability <= 1.0
    assert len(runs[0].spans) <= 3
    # stability is a share of 7 samples
    k = runs[0].stability * 7
    assert k == pytest.approx(round(k), abs=1e-4) and round(k) >= 1


def test_verify_single_supporter_gets_majority() -> None:
    # balanced resampling: a lone supporter appears in ~subset_fraction of the subsets
    cands = [SUP, *NEU]
    for seed in ["1", "2", "3", "4", "5"]:
        v = verify(CLAIM, cands, samples=5, subset_fraction=0.6, seed_key=seed)
        assert v.verdict == "supported"
        assert v.stability == pytest.approx(0.6)


def test_gate_weights_and_tiers() -> None:
    g = confidence_gate(citation=1.0, support=0.0, diversity=0.0, retrieval=0.0)
    assert g.score == pytest.approx(0.35) and g.tier == "low"
    assert confidence_gate(citation=0, support=1, diversity=0, retrieval=0).score == pytest.approx(0.30)
    assert confidence_gate(citation=0, support=0, diversity=1, retrieval=0).score == pytest.approx(0.20)
    assert confidence_gate(citation=0, support=0, diversity=0, retrieval=1).score == pytest.approx(0.15)
    full = confidence_gate(citation=1, support=1, diversity=1, retrieval=1)
    assert full.score == pytest.approx(1.0) and full.tier == "high"
    # boundaries: exactly 0.85 is high, exactly 0.60 is medium
    high = confidence_gate(citation=1.0, support=1.0, diversity=1.0, retrieval=0.0)
    assert high.score == pytest.approx(0.85) and high.tier == "high"
    below_high = confidence_gate(citation=1.0, support=1.0, diversity=0.99, retrieval=0.0)
    assert below_high.tier == "medium"
    med = confidence_gate(citation=1.0, support=0.5, diversity=0.5, retrieval=0.0)
    assert med.score == pytest.approx(0.60) and med.tier == "medium"
    low = confidence_gate(citation=1.0, support=0.5, diversity=0.45, retrieval=0.0)
    assert low.tier == "low"


def test_gate_clamps_inputs() -> None:
    g = confidence_gate(citation=2.0, support=-1.0, diversity=float("nan"), retrieval=5.0)
    assert g.signals == {"citation": 1.0, "support": 0.0, "diversity": 0.0, "retrieval": 1.0}
    assert g.score == pytest.approx(0.5) and g.tier == "low"
