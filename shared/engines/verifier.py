"""Verifier engine: SelfCheckGPT-style resampling of a claim against its evidence, majority verdict, arbiter.

For one claim and its evidence candidates (sentences of the run's fetched sources, retrieved by BM25):

1. **First pass, local and free**: each candidate's support for the claim is its lexical coverage (share of
   the claim's content words it holds) or, for paraphrase and inflection, the share of the claim's character
   trigrams it holds. A claim with no candidate reaching ``MIN_LEXICAL`` / ``MIN_TRIGRAM`` is ``unverified``
   at once (stability 1.0): no model is called for it, so no cloud call is spent on it either.
2. **Resampling**: the ``verifier`` role (a local model in the default division of labour) judges the claim
   against the best ``passages`` candidates, numbered, ``samples`` times (default 3) at temperature 0.3
   (:class:`~shared.llm.schemas.ClaimCheckAnswer`: supports / contradicts / neutral and the passage numbers).
   The verdict is the majority: supports -> supported, contradicts -> contradicted, neutral -> unverified;
   supports and contradicts both present without a majority -> contested. ``stability`` is the agreement
   rate (share of samples giving the majority label).
3. **Arbiter**: a contested claim goes to the ``arbiter`` role (a cloud model by default) once, which gives the
   final verdict (:class:`~shared.llm.schemas.ArbiterAnswer`).

Evidence spans are candidates (exact offsets in stored texts), chosen by the samples' passage numbers (most
votes first; the strongest candidate when a sample named none); a number outside the list is ignored. When
no sample gives a usable answer the offline verifier runs and the stage is degraded.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from shared.engines.calls import ModelCalls
from shared.llm.schemas import ArbiterAnswer, ClaimCheckAnswer
from shared.offline.entailment import EvidenceCandidate, verify
from shared.offline.text import tokenize

__all__ = ["MIN_LEXICAL", "MIN_TRIGRAM", "VerifyOutcome", "first_pass", "offline_outcome", "verify_claim",
           "majority"]

MIN_LEXICAL = 0.34
MIN_TRIGRAM = 0.5
DEADLINE_S = 90.0
SAMPLE_TOKENS = 160

SYSTEM = ("You are the fact checker of a research assistant. You read a claim and numbered evidence passages and "
          "say whether the passages support it: \"supports\" only if the passages state the claim (names, numbers "
          "and dates must match), \"contradicts\" if they state something incompatible with it, \"neutral\" "
          "otherwise. Use only the passages, not what you know. Give the numbers of the passages you rely on.")
ARBITER = ("You are the arbiter of a research assistant. Fact checkers disagreed about whether the evidence "
           "passages support a claim. Read the passages yourself and give the final verdict: \"supported\" if they "
           "state the claim, \"contradicted\" if they state something incompatible, \"contested\" if some passages "
           "support it and others contradict it, \"unverified\" if they say neither. Use only the passages.")
_LABEL_VERDICT = {"supports": "supported", "contradicts": "contradicted", "neutral": "unverified"}


@dataclass
class VerifyOutcome:
    """What ``ClaimVerified`` records for one claim."""

    verdict: str
    stability: float
    support_score: float
    spans: list[dict[str, Any]]
    corroborating_domains: list[str]
    engine: str
    degraded: bool
    samples: list[str] = field(default_factory=list)
    first_pass_dropped: bool = False
    arbitrated: bool = False

    def record(self) -> dict[str, Any]:
        """Keyword arguments of ``ResearchRuns.record_verdict``."""
        return {"verdict": self.verdict, "stability": round(float(self.stability), 6),
                "support_score": round(min(1.0, max(0.0, float(self.support_score))), 6), "spans": self.spans,
                "corroborating_domains": list(self.corroborating_domains), "engine": self.engine,
                "degraded": self.degraded}


def _trigrams(text: str) -> set[str]:
    flat = " ".join(re.sub(r"[\W_]+", " ", text.casefold()).split())
    return {flat[i:i + 3] for i in range(max(0, len(flat) - 2))}


def _support(claim_words: set[str], claim_grams: set[str], text: str) -> tuple[float, float]:
    lexical = len(claim_words & set(tokenize(text))) / len(claim_words) if claim_words else 0.0
    fuzzy = len(claim_grams & _trigrams(text)) / len(claim_grams) if claim_grams else 0.0
    return lexical, fuzzy


def first_pass(claim: str, candidates: list[EvidenceCandidate]) -> list[tuple[EvidenceCandidate, float]]:
    """Candidates with lexical or trigram support for ``claim``, best first, each with its support (0-1).
    An empty list means the claim has no support in the evidence (it is unverified without a model)."""
    words = set(tokenize(claim))
    grams = _trigrams(claim)
    kept: list[tuple[EvidenceCandidate, float]] = []
    for c in candidates:
        lexical, fuzzy = _support(words, grams, c.text)
        if lexical >= MIN_LEXICAL or fuzzy >= MIN_TRIGRAM:
            kept.append((c, max(lexical, fuzzy)))
    kept.sort(key=lambda p: (-p[1], -p[0].retrieval_score))
    return kept


def majority(labels: list[str]) -> tuple[str, float]:
    """(verdict, stability) of sample labels (supports / contradicts / neutral); see the module docstring.
    Ties go to the cautious reading (contested, unverified, contradicted, supported)."""
    if not labels:
        return "unverified", 1.0
    counts = Counter(labels)
    n = len(labels)
    top = max(counts.values())
    tied = [lab for lab in ("neutral", "contradicts", "supports") if counts.get(lab, 0) == top]
    if counts.get("supports") and counts.get("contradicts") and (top <= n / 2 or len(tied) > 1):
        return "contested", top / n
    return _LABEL_VERDICT[tied[0]], top / n


def offline_outcome(claim: str, candidates: list[EvidenceCandidate], *, samples: int, seed_key: str,
                    engine: str = "offline", degraded: bool = False) -> VerifyOutcome:
    """The offline verifier's outcome (lexical and numeric entailment resampled over evidence subsets)."""
    result = verify(claim, candidates, samples=samples, seed_key=seed_key)
    label = "contradicts" if result.verdict == "contradicted" else "supports"
    spans = [{"source_id": s.source_id, "start": s.start, "end": s.end, "quote": s.text, "label": label,
              "score": round(float(s.retrieval_score), 6)} for s in result.spans]
    return VerifyOutcome(verdict=result.verdict, stability=float(result.stability),
                         support_score=float(result.support_score), spans=spans,
                         corroborating_domains=list(result.corroborating_domains), engine=engine, degraded=degraded)


def _listing(passages: list[EvidenceCandidate], titles: dict[str, str]) -> str:
    lines = []
    for i, p in enumerate(passages, 1):
        title = titles.get(p.source_id, "")
        lines.append(f"[{i}]{f' ({title})' if title else ''} {' '.join(p.text.split())}")
    return "\n".join(lines)


async def verify_claim(calls: ModelCalls, claim: str, candidates: list[EvidenceCandidate], *, seed_key: str,
                       samples: int = 3, temperature: float = 0.3, passages: int = 4, offline_samples: int = 5,
                       titles: dict[str, str] | None = None) -> VerifyOutcome:
    """Verify ``claim`` with the verifier model (see the module docstring). Never raises on model output."""
    supported = first_pass(claim, candidates)
    if not supported:
        return VerifyOutcome(verdict="unverified", stability=1.0, support_score=0.0, spans=[],
                             corroborating_domains=[], engine="offline", degraded=False, first_pass_dropped=True)
    chosen = [c for c, _ in supported[:max(1, passages)]]
    strength = {id(c): s for c, s in supported}
    listing = _listing(chosen, titles or {})
    messages = [{"role": "system", "content": SYSTEM},
                {"role": "user", "content": f"Claim: {claim}\n\nPassages:\n{listing}"}]
    answers = await asyncio.gather(*(calls.ask("verifier", messages, schema=ClaimCheckAnswer,
                                               max_tokens=SAMPLE_TOKENS, temperature=temperature,
                                               deadline_s=DEADLINE_S)
                                     for _ in range(max(1, samples))))
    checks: list[ClaimCheckAnswer] = [a.value for a in answers if a is not None]
    if not checks:
        if not calls.reasons:
            await calls.degrade("the verifier model gave no usable judgement")
        return offline_outcome(claim, candidates, samples=offline_samples, seed_key=seed_key,
                               engine=calls.engine(offline_used=True), degraded=True)
    labels = [c.label for c in checks]
    verdict, stability = majority(labels)
    votes: dict[str, Counter[int]] = {"supports": Counter(), "contradicts": Counter()}
    for c in checks:
        if c.label in votes:
            votes[c.label].update(n for n in dict.fromkeys(c.evidence) if 1 <= n <= len(chosen))
    arbitrated = False
    if verdict == "contested":
        ruling = await calls.ask("arbiter", [
            {"role": "system", "content": ARBITER},
            {"role": "user", "content": f"Claim: {claim}\n\nPassages:\n{listing}\n\nThe checkers said: "
                                        + ", ".join(labels) + "."}],
            schema=ArbiterAnswer, max_tokens=300, deadline_s=DEADLINE_S)
        if ruling is not None:
            arbitrated = True
            verdict = ruling.value.verdict
            label = {"supported": "supports", "contradicted": "contradicts"}.get(verdict)
            if label is not None:
                votes[label].update(n for n in dict.fromkeys(ruling.value.evidence) if 1 <= n <= len(chosen))
    spans = _spans(verdict, chosen, votes, strength)
    sup_domains = list(dict.fromkeys(s["_domain"] for s in spans if s["label"] == "supports"))
    for s in spans:
        s.pop("_domain")
    return VerifyOutcome(
        verdict=verdict, stability=stability, support_score=labels.count("supports") / len(labels),
        spans=spans, corroborating_domains=sup_domains if verdict in ("supported", "contested") else [],
        engine=calls.engine(), degraded=calls.degraded, samples=labels, arbitrated=arbitrated)


def _spans(verdict: str, chosen: list[EvidenceCandidate], votes: dict[str, Counter[int]],
           strength: dict[int, float]) -> list[dict[str, Any]]:
    def pick(label: str, k: int) -> list[EvidenceCandidate]:
        ranked = [chosen[n - 1] for n, _ in sorted(votes[label].items(), key=lambda kv: (-kv[1], kv[0]))]
        return ranked[:k] or chosen[:1]

    if verdict == "supported":
        picked = [(c, "supports") for c in pick("supports", 3)]
    elif verdict == "contradicted":
        picked = [(c, "contradicts") for c in pick("contradicts", 3)]
    elif verdict == "contested":
        sup = pick("supports", 2)
        con = [c for c in pick("contradicts", 1) if c not in sup] or ([] if len(chosen) < 2 else [chosen[1]])
        picked = [(c, "supports") for c in sup] + [(c, "contradicts") for c in con[:1]]
    else:
        picked = []
    return [{"source_id": c.source_id, "start": c.start, "end": c.end, "quote": c.text, "label": label,
             "score": round(float(strength.get(id(c), c.retrieval_score)), 6), "_domain": c.domain}
            for c, label in picked]
