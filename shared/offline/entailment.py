"""Lexical entailment and resampled claim verification (no model).

``entailment`` decides whether one evidence passage supports, contradicts or is neutral
to a claim from content-token coverage, numbers, negation and a small antonym list.
``verify`` aggregates over evidence candidates with deterministic resampling so that a
verdict carries a stability estimate.
"""

from __future__ import annotations

import hashlib
import math
import random
import re
from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict

from shared.offline.text import tokenize

__all__ = [
    "Entailment",
    "EvidenceCandidate",
    "Verification",
    "entailment",
    "verify",
    "SUPPORT_THRESHOLD",
    "CONTEXT_THRESHOLD",
]

Label = Literal["supported", "contradicted", "neutral"]
Verdict = Literal["supported", "contradicted", "contested", "unverified"]

#: minimum content-token coverage of the claim by the evidence for "supported".
SUPPORT_THRESHOLD = 0.7
#: minimum coverage of the claim's non-number content for a negation/antonym
#: contradiction to count (the evidence must be about the same thing). A number
#: contradiction needs full coverage of the non-number content.
CONTEXT_THRESHOLD = 0.8


class Entailment(BaseModel):
    """Result of :func:`entailment`.

    Attributes:
        label: "supported", "contradicted" or "neutral".
        score: strength of the label in [0, 1] (for supported/contradicted: how well the
            evidence covers the claim; for neutral: 1 - coverage).
    """

    model_config = ConfigDict(frozen=True)

    label: Label
    score: float


class EvidenceCandidate(BaseModel):
    """A candidate evidence span.

    Attributes:
        source_id: id of the source document.
        domain: web domain (or collection name) of the source, used for corroboration.
        start: character offset (inclusive) of the span in the source text.
        end: character offset (exclusive); ``source_text[start:end] == text``.
        text: the span text.
        retrieval_score: retrieval score (any non-negative scale; only used for ordering).
    """

    model_config = ConfigDict(frozen=True)

    source_id: str
    domain: str
    start: int
    end: int
    text: str
    retrieval_score: float


class Verification(BaseModel):
    """Result of :func:`verify`.

    Attributes:
        verdict: majority verdict over the resamples.
        stability: share of resamples (0..1) whose verdict equals ``verdict``.
        support_score: best entailment score among supporting candidates (0 if none).
        spans: evidence used for the verdict, best first, at most 3 (supporting spans for
            "supported", contradicting for "contradicted", both for "contested", none for
            "unverified").
        corroborating_domains: distinct domains of supporting candidates, in order of
            evidence strength.
    """

    model_config = ConfigDict(frozen=True)

    verdict: Verdict
    stability: float
    support_score: float
    spans: list[EvidenceCandidate]
    corroborating_domains: list[str]


_NEGATION = frozenset({"not", "no", "never", "without", "nor", "none", "nobody", "nothing", "neither", "cannot"})
_ANTONYMS: dict[str, str] = {}
for _a, _b in [
    ("increase", "decrease"), ("increased", "decreased"), ("rise", "fall"), ("rose", "fell"),
    ("higher", "lower"), ("more", "less"), ("larger", "smaller"), ("largest", "smallest"),
    ("before", "after"), ("true", "false"), ("won", "lost"), ("win", "lose"), ("alive", "dead"),
    ("open", "closed"), ("north", "south"), ("east", "west"), ("male", "female"),
    ("first", "last"), ("older", "younger"), ("oldest", "youngest"), ("gain", "loss"),
    ("positive", "negative"), ("legal", "illegal"), ("safe", "unsafe"), ("accepted", "rejected"),
    ("approved", "rejected"), ("success", "failure"), ("succeeded", "failed"), ("up", "down"),
    ("maximum", "minimum"), ("cheaper", "expensive"), ("above", "below"),
]:
    _ANTONYMS[_a] = _b
    _ANTONYMS[_b] = _a

_PRONOUNS = frozenset({"he", "she", "it", "they", "his", "her", "its", "their", "this", "these"})
_NUM_RE = re.compile(r"^\d+(?:\.\d+)?%?$")
_YEAR_RE = re.compile(r"^(1[0-9]\d\d|20\d\d)$")
_WORD_NUMS = {
    "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twenty": "20",
}


def _canon_num(tok: str) -> str:
    tok = _WORD_NUMS.get(tok, tok)
    if tok.endswith("%"):
        return tok
    if "." in tok:
        tok = tok.rstrip("0").rstrip(".")
    return tok


def _num_kind(tok: str, nxt: str | None) -> str:
    if tok.endswith("%"):
        return "%"
    if _YEAR_RE.match(tok):
        return "year"
    return nxt or ""


def _numbers(tokens: list[str]) -> list[tuple[str, str]]:
    """(canonical number, kind) pairs; kind is '%', 'year' or the following token."""
    out: list[tuple[str, str]] = []
    for i, t in enumerate(tokens):
        t2 = _WORD_NUMS.get(t, t)
        if _NUM_RE.match(t2):
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            if nxt is not None and _NUM_RE.match(nxt):
                nxt = None
            out.append((_canon_num(t2), _num_kind(t2, nxt)))
    return out


def _leading_excused(claim: str, claim_tokens: list[str], ev_set: set[str], evidence: str) -> set[str]:
    """Claim-initial name tokens that an evidence-initial pronoun may stand for."""
    m = re.match(r"\s*[\"'“]?([A-Za-z]+)", evidence)
    if not m or m.group(1).lower() not in _PRONOUNS:
        return set()
    excused: set[str] = set()
    # tokens of the claim's leading capitalised run (e.g. "Scott Derrickson lives ...")
    lead = re.match(r"\s*((?:[A-Z][\w'’.\-]*\s*)+)", claim)
    if not lead:
        return excused
    lead_tokens = tokenize(lead.group(1))
    for t in lead_tokens:
        if t in ev_set:
            break
        excused.add(t)
    return excused & set(claim_tokens)


def entailment(claim: str, evidence: str) -> Entailment:
    """Judge whether ``evidence`` supports, contradicts or is neutral to ``claim``.

    Signals:
      * coverage: share of the claim's distinct content tokens present in the evidence
        (claim-initial name tokens are excused when the evidence starts with a pronoun,
        e.g. claim "Scott Derrickson lives in LA" vs evidence "He lives in LA");
      * numbers: every number of the claim must appear in the evidence; a different
        number of the same kind (year, percent, or followed by the same word) in the
        evidence is a contradiction signal;
      * negation: differing parity of negation cues ("not", "no", "never", "n't",
        "without", ...) on otherwise matching content is a contradiction;
      * antonyms: a small list of opposite pairs (increase/decrease, won/lost, ...).

    Decision: "contradicted" if a negation/antonym signal fires and the claim's non-number
    content is covered >= CONTEXT_THRESHOLD (0.8), or a number conflict fires and all of
    the claim's (>= 2) non-number content tokens are covered; "supported" if coverage >=
    SUPPORT_THRESHOLD (0.7), all claim numbers are present and no contradiction signal
    fires; else "neutral".

    Returns:
        :class:`Entailment`. A claim or evidence without content tokens gives
        ``neutral`` with score 1.0. Never raises.
    """
    c_all = tokenize(claim)
    e_all = tokenize(evidence)
    c_content = [t for t in c_all if t not in _NEGATION]
    e_content = [t for t in e_all if t not in _NEGATION]
    if not c_content or not e_content:
        return Entailment(label="neutral", score=1.0)
    ev_set = set(e_content)
    excused = _leading_excused(claim, c_content, ev_set, evidence)

    c_nums = _numbers(c_content)
    e_nums = _numbers(e_content)
    num_tokens = {t for t in c_content if _NUM_RE.match(_WORD_NUMS.get(t, t))}
    c_words = [t for t in dict.fromkeys(c_content) if t not in excused]
    c_nonnum = [t for t in c_words if t not in num_tokens]

    # antonym matching: a claim word whose antonym (not itself) is in the evidence
    antonym_hits = [
        t for t in c_nonnum if t not in ev_set and _ANTONYMS.get(t) in ev_set
    ]
    covered = [t for t in c_words if t in ev_set]
    coverage = len(covered) / len(c_words) if c_words else 1.0
    ctx_den = len(c_nonnum)
    ctx_cov = (
        (sum(1 for t in c_nonnum if t in ev_set) + len(antonym_hits)) / ctx_den if ctx_den else 0.0
    )

    # numbers
    e_num_values = {n for n, _ in e_nums}
    e_kinds: dict[str, set[str]] = {}
    for n, k in e_nums:
        e_kinds.setdefault(k, set()).add(n)
    missing_nums = [(n, k) for n, k in c_nums if n not in e_num_values]
    number_conflict = any(k in e_kinds and n not in e_kinds[k] for n, k in missing_nums)

    c_neg = sum(1 for t in c_all if t in _NEGATION)
    e_neg = sum(1 for t in e_all if t in _NEGATION)
    negation_mismatch = (c_neg % 2) != (e_neg % 2)

    contradiction = number_conflict or negation_mismatch or bool(antonym_hits)
    # A different number only contradicts when everything else matches (otherwise the
    # sentences are likely about different things: "the 86-lap race" vs "the 110-lap race"
    # with other differences); negation/antonyms need a strong shared context.
    number_contra = number_conflict and ctx_den >= 2 and ctx_cov >= 1.0
    other_contra = (negation_mismatch or bool(antonym_hits)) and ctx_cov >= CONTEXT_THRESHOLD
    # An evidence sentence that opens with a pronoun may be about someone else: it never contradicts.
    if (number_contra or other_contra) and not excused:
        return Entailment(label="contradicted", score=round(min(1.0, ctx_cov), 6))
    if coverage >= SUPPORT_THRESHOLD and not missing_nums and not contradiction:
        return Entailment(label="supported", score=round(coverage, 6))
    penalty = 0.5 if missing_nums else 1.0
    return Entailment(label="neutral", score=round(1.0 - coverage * penalty, 6))


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
        seed_key: deterministic seed (e.g. run id + claim id).

    Returns:
        :class:`Verification`. No candidates -> "unverified" with stability 1.0.
        Same inputs always give the same output.
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
    perm = rng.sample(range(n), n)
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
        spans=[candidates[i] for i in chosen],
        corroborating_domains=domains,
    )
