"""The calibrated confidence gate, the judge's use of it, and the lead's noise filter (offline engines)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from services.judge.offline import ANSWERED_THRESHOLD, UNANSWERED_MAX
from services.synthesizer.confidence import (
    CALIBRATION,
    CALIBRATION_INTERCEPT,
    FEATURES,
    answer_features,
    answered_probability,
    report_gate,
)
from services.synthesizer.offline import synthesize
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import judged
from tests.unit.offline.test_offline_answer_first import RUSH_Q, SOURCES, claims_of


def test_the_calibration_covers_every_feature_and_is_a_probability() -> None:
    assert set(CALIBRATION) == set(FEATURES)
    assert answered_probability({}) == pytest.approx(1 / (1 + math.exp(-CALIBRATION_INTERCEPT)))
    ones = answered_probability({k: 1.0 for k in FEATURES})
    assert 0.0 < answered_probability({}) < 1.0 and 0.0 < ones < 1.0
    # features are clamped to [0, 1]: out-of-range inputs change nothing beyond the bounds
    assert answered_probability({k: 5.0 for k in FEATURES}) == pytest.approx(ones)


def test_the_gate_score_is_the_calibrated_probability_of_an_answered_lead() -> None:
    claims = claims_of("hero", "peart", "copeland")
    rep = synthesize(RUSH_Q, claims, SOURCES)
    gate = report_gate(RUSH_Q, rep, SOURCES, claims)
    feats = answer_features(RUSH_Q, rep, SOURCES, claims)
    assert set(FEATURES) <= set(feats) and all(0.0 <= v <= 1.0 for v in feats.values())
    assert feats["bridge"] == 1.0  # the song's page names Peart's band; Peart's page is the second hop
    assert gate.signals["p_answered"] == pytest.approx(answered_probability(feats))
    assert gate.score == pytest.approx(gate.signals["p_answered"], abs=1e-6)
    assert {f"f_{k}" for k in FEATURES} <= set(gate.signals)


def test_an_unanswered_lead_is_capped_whatever_the_probability() -> None:
    question = "In what year was Neil Peart inducted into the Modern Drummer Hall of Fame?"
    claims = [c for c in claims_of("peart") if "1983" not in c.text]
    rep = synthesize(question, claims, SOURCES)
    gate = report_gate(question, rep, SOURCES, claims)
    assert gate.tier == "low" and gate.score <= 0.35


def test_the_judge_caps_a_report_whose_calibrated_probability_is_low() -> None:
    claims = claims_of("hero", "peart", "copeland")
    rep = synthesize(RUSH_Q, claims, SOURCES)
    likely = judged(rep, RUSH_Q, claims, answered_probability=0.9)
    assert likely.answered and likely.coverage == round(34 * 0.9) and likely.total > UNANSWERED_MAX
    unlikely = judged(rep, RUSH_Q, claims, answered_probability=ANSWERED_THRESHOLD - 0.01)
    assert not unlikely.answered and unlikely.coverage == 0 and unlikely.total <= UNANSWERED_MAX
    assert "calibrated probability" in unlikely.rationale
    without = judged(rep, RUSH_Q, claims)
    assert without.answered  # no probability: the lead-answer rule alone decides


def test_a_passage_of_several_sentences_does_not_pad_the_lead() -> None:
    passage = ("Mike Portnoy co-produced six Dream Theater albums through \"Black Clouds\". From 2000 onwards Portnoy wrote many of the "
               "band's lyrics. He is the second youngest person (after Neil Peart) to be inducted into the "
               "Modern Drummer Hall of Fame, at 37 years of age.")
    peart = ("Peart has received numerous awards for his musical performances, including an induction into the "
             "Modern Drummer Hall of Fame in 1983.")

    def claim(sid: str, text: str) -> VerifiedClaim:
        span = EvidenceCandidate(source_id=sid, domain="local", start=0, end=len(text), text=text,
                                 retrieval_score=1.0)
        return VerifiedClaim(claim_id=f"{sid}-0", source_id=sid, text=text, verdict="supported", stability=1.0,
                             spans=[span])

    sources = {**SOURCES, "portnoy": SourceInfo(source_id="portnoy", title="Mike Portnoy",
                                                url_or_path="/corpus/portnoy.txt", domain="local")}
    claims = [*claims_of("hero")[:1], claim("peart", peart), claim("portnoy", passage)]
    lead = lead_section(synthesize(RUSH_Q, claims, sources).markdown)
    assert "Rush" in lead and "Peart" in lead and "Portnoy" not in lead
    # the same words as one sentence are a lead sentence (the rule is about passages, not about the page)
    one = claim("portnoy", "Portnoy is the second youngest person after Neil Peart to be inducted into the "
                           "Modern Drummer Hall of Fame.")
    assert "Portnoy" in lead_section(synthesize(RUSH_Q, [*claims[:2], one], sources).markdown)


def test_a_lead_whose_pages_miss_a_name_of_the_question_is_low_and_unanswered() -> None:
    from services.synthesizer.confidence import MEDIUM_THRESHOLD, NAMES_MISSING_CAP

    # the pages name Peart's induction, but the question asks about a band ("Metallica") no page names: whatever
    # the calibrated probability, the gate's tier is low and the judge does not count it as answered
    question = "In what year was the drummer of Metallica inducted into the Modern Drummer Hall of Fame?"
    claims = claims_of("peart", "copeland")
    rep = synthesize(question, claims, SOURCES)
    gate = report_gate(question, rep, SOURCES, claims)
    assert gate.signals["f_names_found"] < 1.0 and gate.signals["names_missing"] == 1.0
    assert gate.score <= NAMES_MISSING_CAP < MEDIUM_THRESHOLD and gate.tier == "low"
    assert judged(rep, question, claims, answered_probability=0.95).answered  # the lead states a year, cited
    j = judged(rep, question, claims, answered_probability=0.95, names_missing=True)
    assert not j.answered and j.coverage == 0 and j.total <= UNANSWERED_MAX and "do not name" in j.rationale
    # the same lead for the question its pages do name is not capped by the rule
    named = "In what year was Neil Peart inducted into the Modern Drummer Hall of Fame?"
    rep2 = synthesize(named, claims, SOURCES)
    gate2 = report_gate(named, rep2, SOURCES, claims)
    assert gate2.signals["f_names_found"] == 1.0 and "names_missing" not in gate2.signals


def test_a_comparison_is_not_capped_for_an_option_its_pages_miss() -> None:
    # a choice is weighed option by option: a lead naming one option from its page is an answer of that type
    question = "Who was inducted into the Modern Drummer Hall of Fame earlier, Neil Peart or Phil Collins?"
    claims = claims_of("peart")
    rep = synthesize(question, claims, SOURCES)
    gate = report_gate(question, rep, SOURCES, claims)
    assert gate.signals["f_comparison"] == 1.0 and gate.signals["f_names_found"] < 1.0
    assert "names_missing" not in gate.signals


def test_the_retrieval_feature_is_the_gates_share_of_question_words_in_the_cited_evidence() -> None:
    claims = claims_of("hero", "peart", "copeland")
    rep = synthesize(RUSH_Q, claims, SOURCES)
    feats = answer_features(RUSH_Q, rep, SOURCES, claims)
    gate = report_gate(RUSH_Q, rep, SOURCES, claims)
    assert "retrieval" in FEATURES and 0.0 < feats["retrieval"] <= 1.0
    assert feats["retrieval"] == pytest.approx(gate.signals["retrieval"])
    # a report citing nothing holds none of the question in its evidence
    bare = rep.model_copy(update={"citations": []})
    assert answer_features(RUSH_Q, bare, SOURCES, claims)["retrieval"] == 0.0


def test_the_calibration_is_fitted_from_eval_outcomes(tmp_path: Path) -> None:
    import json

    import numpy as np

    from tests.tools.fit_calibration import eval_rows, fit_logistic, matrix

    def outcome(i: int, answered: bool) -> dict[str, object]:
        signals = {f"f_{k}": (0.9 if answered else 0.1) for k in FEATURES}
        signals["retrieval"] = 0.8 if answered else 0.2
        return {"id": f"q{i}", "in_lead": answered, "in_report": answered, "judge_total": 90 if answered else 40,
                "signals": signals}

    good = tmp_path / "tune.json"
    good.write_text(json.dumps({"details": [outcome(i, i % 2 == 0) for i in range(20)]}), encoding="utf-8")
    rows = eval_rows([good])
    assert len(rows) == 20 and rows[0]["features"]["retrieval"] == 0.9 and rows[1]["in_report"] is False
    w, b = fit_logistic(matrix(rows), np.array([float(r["in_report"]) for r in rows]), l2=1.0)
    p = 1.0 / (1.0 + np.exp(-(matrix(rows) @ w + b)))
    assert (w > 0).all()  # every feature is higher on the answered reports
    assert p[0] > 0.5 > p[1]
    # outcomes recorded before the gate gave f_retrieval: the gate's retrieval signal stands in
    earlier = outcome(0, True)
    del earlier["signals"]["f_retrieval"]  # type: ignore[attr-defined]
    early = tmp_path / "early.json"
    early.write_text(json.dumps({"details": [earlier]}), encoding="utf-8")
    assert eval_rows([early])[0]["features"]["retrieval"] == 0.8
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"details": [{"id": "q0", "in_lead": True, "in_report": True}]}), encoding="utf-8")
    with pytest.raises(ValueError, match="no gate signals"):
        eval_rows([old])
