"""Confidence gate: a weighted score of report-quality signals and a tier.

The signals: citation (cited sentences carry evidence), support (share of judged claims supported), diversity
(distinct cited domains), retrieval (share of the question's key terms the cited evidence holds) and answer (does
the lead state an answer of the type the question asks for, :func:`shared.text.answer.lead_answer`). A report
whose lead states no answer of the right type is at most "low" whatever the other signals say.
"""

from __future__ import annotations

import math
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from shared.evidence import Report, SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.answer import lead_answer
from shared.text.tokens import tokenize
from services.synthesizer.offline import find_disagreements

__all__ = ["Gate", "confidence_gate", "report_gate", "WEIGHTS", "ANSWER_WEIGHTS", "HIGH_THRESHOLD",
           "MEDIUM_THRESHOLD", "UNANSWERED_CAP"]

#: weights of the four evidence signals (the gate without an answer signal); they sum to 1.
WEIGHTS: dict[str, float] = {"citation": 0.35, "support": 0.30, "diversity": 0.20, "retrieval": 0.15}
#: weights with the answer signal (the gate of every report); they sum to 1.
ANSWER_WEIGHTS: dict[str, float] = {"answer": 0.60, "citation": 0.10, "support": 0.10, "diversity": 0.05,
                                    "retrieval": 0.15}
#: score >= HIGH_THRESHOLD -> "high"; >= MEDIUM_THRESHOLD -> "medium"; else "low".
HIGH_THRESHOLD = 0.85
MEDIUM_THRESHOLD = 0.60
#: the highest score of a report whose lead states no answer of the right type (below MEDIUM_THRESHOLD)
UNANSWERED_CAP = 0.35


class Gate(BaseModel):
    """Result of :func:`confidence_gate`.

    Attributes:
        score: weighted sum of the clamped signals, in [0, 1].
        tier: "high" (score >= 0.85), "medium" (>= 0.60) or "low".
        signals: the clamped inputs, keys "citation", "support", "diversity", "retrieval" (and "answer").
    """

    model_config = ConfigDict(frozen=True)

    score: float
    tier: Literal["high", "medium", "low"]
    signals: dict[str, float]


def _clamp(x: float) -> float:
    x = float(x)
    if math.isnan(x):
        return 0.0
    return min(1.0, max(0.0, x))


def confidence_gate(*, citation: float, support: float, diversity: float, retrieval: float,
                    answer: float | None = None) -> Gate:
    """Combine the signals (each clamped to [0, 1]; NaN counts as 0) into a confidence gate.

    Args:
        citation: share of report sentences that carry a valid citation (or share of
            claims that have evidence).
        support: share of the selected claims whose verdict is "supported".
        diversity: distinct domains/sources among the cited sources, normalised, e.g.
            ``min(1, distinct / 3)``.
        retrieval: share of the question's key terms the cited evidence holds.
        answer: how well the lead answers the question (:func:`shared.text.answer.lead_answer` score: 0 when it
            states no answer of the right type). None: the four evidence signals alone.

    Returns:
        :class:`Gate`. Without ``answer``: ``score = 0.35*citation + 0.30*support + 0.20*diversity +
        0.15*retrieval`` (:data:`WEIGHTS`); with it, the weights of :data:`ANSWER_WEIGHTS`, and an answer of 0
        caps the score at :data:`UNANSWERED_CAP` (tier "low"). Rounded to 6 decimals before tiering.
    """
    signals = {
        "citation": _clamp(citation),
        "support": _clamp(support),
        "diversity": _clamp(diversity),
        "retrieval": _clamp(retrieval),
    }
    weights = WEIGHTS
    if answer is not None:
        signals = {"answer": _clamp(answer), **signals}
        weights = ANSWER_WEIGHTS
    score = round(sum(weights[k] * v for k, v in signals.items()), 6)
    if answer is not None and signals["answer"] <= 0.0:
        score = min(score, UNANSWERED_CAP)
    tier: Literal["high", "medium", "low"]
    if score >= HIGH_THRESHOLD:
        tier = "high"
    elif score >= MEDIUM_THRESHOLD:
        tier = "medium"
    else:
        tier = "low"
    return Gate(score=score, tier=tier, signals=signals)


def report_gate(question: str, report: Report, sources: dict[str, SourceInfo], claims: list[VerifiedClaim], *,
                verify_claims: bool = True) -> Gate:
    """The confidence gate of a written report (either engine).

    Signals: citation = share of the used claims that carry an evidence span; support = share of the judged
    claims (all claims, or those with a verdict other than "unverified" when ``verify_claims`` is False) that
    are supported; diversity = distinct cited domains / 3 (at most 1); retrieval = share of the question's key
    terms found in the cited quotes and the cited sources' titles; answer = :func:`lead_answer` of the report's
    lead (its first section) with the cited sources' titles. When the used claims disagree on a value of a claim
    the lead cites (:func:`find_disagreements`), the score is capped at :data:`UNANSWERED_CAP` (tier "low") and
    the signals gain ``"disputed": 1.0``.
    """
    used = set(report.used_claim_ids)
    judged = [c for c in claims if c.verdict != "unverified" or verify_claims]
    supported = [c for c in judged if c.verdict == "supported"]
    cited_sources = {str(c.source_id) for c in report.citations}
    cited_domains = {sources[s].domain for s in cited_sources if s in sources}
    titles = [sources[s].title for s in cited_sources if s in sources]
    question_terms = set(tokenize(question))
    evidence_terms = set(tokenize(" ".join([c.quote for c in report.citations] + titles)))
    retrieval = len(question_terms & evidence_terms) / len(question_terms) if question_terms else 0.0
    lead = lead_section(report.markdown)
    lead_ns = {int(n) for n in re.findall(r"\[(\d+)\]", lead)}
    lead_titles = [sources[str(c.source_id)].title for c in report.citations
                   if c.n in lead_ns and str(c.source_id) in sources]
    answer = lead_answer(question, lead, titles=lead_titles) if lead_ns else None
    lead_claims = {str(c.claim_id) for c in report.citations if c.n in lead_ns}
    used_claims = [c for c in claims if c.claim_id in used]
    disputed = any(used_claims[i].claim_id in lead_claims for d in find_disagreements(used_claims)
                   for i, _v in d.values)
    gate = confidence_gate(
        citation=(len([c for c in claims if c.claim_id in used and c.spans]) / len(used)) if used else 0.0,
        support=(len(supported) / len(judged)) if judged else 0.0,
        diversity=min(1.0, len(cited_domains) / 3.0),
        retrieval=min(1.0, retrieval),
        answer=answer.score if answer is not None else 0.0,
    )
    if disputed:  # the sources disagree on the lead's value: stated, but not established
        score = min(gate.score, UNANSWERED_CAP)
        gate = Gate(score=score, tier="low", signals={**gate.signals, "disputed": 1.0})
    return gate
