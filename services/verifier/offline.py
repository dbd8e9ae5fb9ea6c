"""Resampled claim verification (no model): lexical entailment over evidence subsets, majority verdict
with its stability."""

from __future__ import annotations

import hashlib
import math
import random
from collections import Counter

from pydantic import BaseModel, ConfigDict

from shared.evidence import EvidenceCandidate
from shared.text.entailment import Label, Verdict, entailment


class Verification(BaseModel):
    """Result of :func:`verify`.

    Attributes:
        verdict: majority verdict over the resamples.
        stability: share of resamples (0..1) whose verdict equals ``verdict``.
        support_score: best entailment score among supporting candidates (0 if none).
        spans: evidence used for the verdict, best first, at most 3 (supporting spans for
            "supported", contradicting for "contradicted", both for "contested", none for
            "unverified"); each span's ``label`` says which ("supports" or "contradicts").
        corroborating_domains: distinct domains of supporting candidates, in order of
            evidence strength.
    """

    model_config = ConfigDict(frozen=True)

    verdict: Verdict
    stability: float
    support_score: float
    spans: list[EvidenceCandidate]
    corroborating_domains: list[str]


def _subset_verdict(labels: list[Label]) -> Verdict:
    sup = any(lab == "supported" for lab in labels)
    con = any(lab == "contradicted" for lab in labels)
    if sup and con:
        return "contested"
    if sup:
        return "supported"
    if con:
        return "contradicted"
    return "unverified"


# Ties between verdicts are broken towards the more cautious reading.
_TIE_ORDER: tuple[Verdict, ...] = ("contested", "unverified", "contradicted", "supported")


def _rng(seed_key: str) -> random.Random:
    digest = hashlib.sha256(seed_key.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def verify(
    claim: str,
    candidates: list[EvidenceCandidate],
    *,
    samples: int = 5,
    subset_fraction: float = 0.6,
    seed_key: str,
    own_source: str | None = None,
) -> Verification:
    """Verify ``claim`` against evidence candidates with deterministic resampling.

    Each candidate is judged once with :func:`entailment`. Then ``samples`` subsets of
    ``max(1, ceil(subset_fraction * len(candidates)))`` candidates are drawn as evenly
    spaced cyclic windows over a permutation of the candidates shuffled by a
    ``random.Random`` seeded with SHA-256 of ``seed_key`` (balanced resampling: every
    candidate is in about ``subset_fraction * samples`` subsets, so a verdict resting on a
    single candidate gets stability ~``subset_fraction`` rather than a coin flip); per subset the
    verdict is supported (some support, no contradiction), contradicted (only
    contradictions), contested (both) or unverified (neither). The overall verdict is
    the majority (ties: contested > unverified > contradicted > supported) and
    ``stability`` the share of subsets agreeing with it.

    Args:
        claim: the claim text.
        candidates: evidence candidates (any order).
        samples: number of resamples (values < 1 are treated as 1).
        subset_fraction: share of candidates per resample, clamped to [0.05, 1].
        seed_key: deterministic seed (the verifier's: the claim's text and its source's stored text digest,
            ``services.verifier.handlers.seed_key``; never a run or claim id, so a re-run draws the same subsets).
        own_source: the source id of the page the claim was taken from, when known. A page states what it
            states: a claim its own page supports is never "contradicted" by other pages, however many subsets
            miss its own sentence; it is "contested" (stability: share of subsets holding a contradiction).

    Returns:
        :class:`Verification`. No candidates -> "unverified" with stability 1.0.
        Same inputs always give the same output; so do the same candidates in another order (the subsets are
        drawn over them ordered by text and offsets), but for which of equally ranked spans is quoted.
    """
    if not candidates:
        return Verification(
            verdict="unverified", stability=1.0, support_score=0.0, spans=[], corroborating_domains=[]
        )
    samples = max(1, int(samples))
    frac = min(1.0, max(0.05, float(subset_fraction)))
    judged = [entailment(claim, c.text) for c in candidates]
    labels: list[Label] = [j.label for j in judged]
    n = len(candidates)
    size = max(1, min(n, math.ceil(frac * n)))  # ceil: a lone supporter sits in most subsets
    rng = _rng(seed_key)
    # the permutation is drawn over the candidates in a fixed order (their texts and offsets), not the order given:
    # the same evidence ranked in another order (ties broken by run-specific source ids) draws the same subsets
    fixed = sorted(range(n), key=lambda i: (candidates[i].text, candidates[i].start, candidates[i].end))
    perm = [fixed[p] for p in rng.sample(range(n), n)]
    verdicts: list[Verdict] = []
    for j in range(samples):
        offset = (j * n) // samples
        idx = [perm[(offset + t) % n] for t in range(size)]
        verdicts.append(_subset_verdict([labels[i] for i in idx]))
    counts = Counter(verdicts)
    top = max(counts.values())
    tied = [v for v in _TIE_ORDER if counts.get(v, 0) == top]
    verdict: Verdict = tied[0]
    stability = counts[verdict] / samples
    if verdict == "contradicted" and own_source is not None and any(
            labels[i] == "supported" and candidates[i].source_id == own_source for i in range(n)):
        verdict = "contested"  # its own page states it, others contradict it: the sources disagree
        stability = (counts["contested"] + counts["contradicted"]) / samples

    def rank(i: int) -> tuple[float, float, int]:
        return (-judged[i].score, -candidates[i].retrieval_score, i)

    sup_idx = sorted((i for i in range(n) if labels[i] == "supported"), key=rank)
    con_idx = sorted((i for i in range(n) if labels[i] == "contradicted"), key=rank)
    if verdict == "supported":
        chosen = sup_idx[:3]
    elif verdict == "contradicted":
        chosen = con_idx[:3]
    elif verdict == "contested":
        chosen = sorted(sup_idx[:2] + con_idx[:2], key=rank)[:3]
        if sup_idx and con_idx and not any(i in con_idx for i in chosen):
            chosen = chosen[:2] + con_idx[:1]
    else:
        chosen = []
    domains: list[str] = []
    for i in sup_idx:
        d = candidates[i].domain
        if d not in domains:
            domains.append(d)
    if verdict not in ("supported", "contested"):
        domains = []
    return Verification(
        verdict=verdict,
        stability=round(stability, 6),
        support_score=round(judged[sup_idx[0]].score, 6) if sup_idx else 0.0,
        spans=[candidates[i].model_copy(update={"label": "contradicts" if labels[i] == "contradicted" else "supports"})
               for i in chosen],
        corroborating_domains=domains,
    )
