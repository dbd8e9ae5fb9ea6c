"""Confidence gate: a weighted score of four report-quality signals and a tier."""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["Gate", "confidence_gate", "WEIGHTS", "HIGH_THRESHOLD", "MEDIUM_THRESHOLD"]

#: weights of the signals; they sum to 1.
WEIGHTS: dict[str, float] = {"citation": 0.35, "support": 0.30, "diversity": 0.20, "retrieval": 0.15}
#: score >= HIGH_THRESHOLD -> "high"; >= MEDIUM_THRESHOLD -> "medium"; else "low".
HIGH_THRESHOLD = 0.85
MEDIUM_THRESHOLD = 0.60


class Gate(BaseModel):
    """Result of :func:`confidence_gate`.

    Attributes:
        score: weighted sum of the clamped signals, in [0, 1].
        tier: "high" (score >= 0.85), "medium" (>= 0.60) or "low".
        signals: the clamped inputs, keys "citation", "support", "diversity", "retrieval".
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


def confidence_gate(*, citation: float, support: float, diversity: float, retrieval: float) -> Gate:
    """Combine four signals (each clamped to [0, 1]; NaN counts as 0) into a confidence gate.

    Args:
        citation: share of report sentences that carry a valid citation (or share of
            claims that have evidence). Weight 0.35.
        support: share of the selected claims whose verdict is "supported". Weight 0.30.
        diversity: distinct domains/sources among the cited sources, normalised, e.g.
            ``min(1, distinct / 3)``. Weight 0.20.
        retrieval: mean normalised top retrieval score of the sub-queries. Weight 0.15.

    Returns:
        :class:`Gate` with ``score = 0.35*citation + 0.30*support + 0.20*diversity +
        0.15*retrieval`` (rounded to 6 decimals before tiering) and its tier.
    """
    signals = {
        "citation": _clamp(citation),
        "support": _clamp(support),
        "diversity": _clamp(diversity),
        "retrieval": _clamp(retrieval),
    }
    score = round(sum(WEIGHTS[k] * v for k, v in signals.items()), 6)
    tier: Literal["high", "medium", "low"]
    if score >= HIGH_THRESHOLD:
        tier = "high"
    elif score >= MEDIUM_THRESHOLD:
        tier = "medium"
    else:
        tier = "low"
    return Gate(score=score, tier=tier, signals=signals)
