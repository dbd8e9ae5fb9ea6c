"""Extractive, citation-carrying report synthesis from verified claims (no model)."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from shared.offline.claims import clean_title
from shared.offline.entailment import EvidenceCandidate
from shared.offline.planner import find_entities
from shared.offline.retrieval import BM25Index
from shared.offline.text import tokenize

__all__ = ["VerifiedClaim", "SourceInfo", "Citation", "Report", "synthesize", "rank_claims"]


class VerifiedClaim(BaseModel):
    """A claim with its verification outcome.

    Attributes:
        claim_id: unique id of the claim.
        source_id: id of the source the claim was extracted from.
        text: self-contained claim text.
        verdict: "supported", "contradicted", "contested" or "unverified".
        stability: resampling stability in [0, 1].
        spans: evidence spans, best first (for "supported": supporting spans).
    """

    model_config = ConfigDict(frozen=True)

    claim_id: str
    source_id: str
    text: str
    verdict: str
    stability: float
    spans: list[EvidenceCandidate]


class SourceInfo(BaseModel):
    """Display information of a source: title, URL or file path, domain."""

    model_config = ConfigDict(frozen=True)

    source_id: str
    title: str
    url_or_path: str
    domain: str


class Citation(BaseModel):
    """One citation of a report.

    Attributes:
        n: the marker number ``[n]`` used in the report (numbers sources).
        source_id: source that contains the quote.
        claim_id: claim the citation backs.
        start: offset (inclusive) of the quote in the source text.
        end: offset (exclusive); ``source_text[start:end] == quote``.
        quote: the evidence text.
    """

    model_config = ConfigDict(frozen=True)

    n: int
    source_id: str
    claim_id: str
    start: int
    end: int
    quote: str


class Report(BaseModel):
    """A synthesized report: markdown, its citations, and the ids of claims written."""

    model_config = ConfigDict(frozen=True)

    markdown: str
    citations: list[Citation]
    used_claim_ids: list[str]


NO_EVIDENCE_TEXT = "No verified evidence was found for this question."
NO_SOURCES_TEXT = ("No sources were found for this question: no search result or given URL could be fetched, so "
                   "no verified evidence was found and nothing is cited.")
_DEDUP_JACCARD = 0.8
#: ranking weights (tuned on the first 100 HotpotQA dev questions)
BRIDGE_QUERY_WEIGHT = 0.6
BRIDGE_SOURCE_BONUS = 0.35
LEAD_BONUS = 0.1
STABILITY_WEIGHT = 0.05
#: at most this many claims per source in one report (breadth over depth)
MAX_PER_SOURCE = 4


def _title_of(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> str:
    info = sources.get(claim.source_id)
    return info.title if info else claim.source_id


def _normalise(scores: list[float]) -> list[float]:
    top = max(scores, default=0.0)
    return [s / top for s in scores] if top > 0 else [0.0] * len(scores)


def rank_claims(
    question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo]
) -> list[tuple[int, float]]:
    """Rank ``claims`` by relevance to ``question`` with a multi-hop expansion.

    Score = BM25(question) over "claim text + source title" (normalised to [0, 1])
    + 0.6 x BM25(bridge query) (normalised) + 0.35 if the claim's source title names a
    bridge entity + 0.1 for a source's lead sentence + 0.05 x stability. Bridge
    entities are the capitalised phrases and source titles of the 3 best first-pass
    claims that are not already in the question.

    Returns:
        ``(index into claims, score)`` for every claim, best first (ties: lower index).
    """
    if not claims:
        return []
    titles = [clean_title(_title_of(c, sources)) for c in claims]
    docs = [f"{c.text} {t}" for c, t in zip(claims, titles)]
    index = BM25Index(docs)
    s1 = _normalise(index.scores(question))
    q_tokens = set(tokenize(question))
    first = sorted(range(len(claims)), key=lambda i: (-s1[i], i))[:3]
    bridges: list[str] = []
    for i in first:
        if s1[i] <= 0:
            continue
        for ent in [titles[i], *find_entities(claims[i].text)]:
            toks = tokenize(ent)
            if toks and not all(t in q_tokens for t in toks) and ent not in bridges:
                bridges.append(ent)
    s2 = _normalise(index.scores(" ".join(bridges))) if bridges else [0.0] * len(claims)
    bridge_token_sets = [set(tokenize(b)) for b in bridges]
    q_title_hits = [set(tokenize(t)) for t in titles]
    out: list[tuple[int, float]] = []
    for i, c in enumerate(claims):
        tt = q_title_hits[i]
        bridge_src = bool(tt) and any(
            bt and (tt <= bt or bt <= tt) for bt in bridge_token_sets
        ) and i not in first
        lead = any(sp.start == 0 and sp.source_id == c.source_id for sp in c.spans[:1])
        score = s1[i] + BRIDGE_QUERY_WEIGHT * s2[i]
        score += (BRIDGE_SOURCE_BONUS if bridge_src else 0.0) + (LEAD_BONUS if lead else 0.0)
        score += STABILITY_WEIGHT * max(0.0, min(1.0, c.stability))
        out.append((i, score))
    out.sort(key=lambda p: (-p[1], p[0]))
    return out


def _sentence_text(text: str) -> str:
    t = " ".join(text.split())
    while t and t[-1] in ".!;:。！":
        t = t[:-1].rstrip()
    return t


def synthesize(
    question: str,
    claims: list[VerifiedClaim],
    sources: dict[str, SourceInfo],
    *,
    language: str = "en",
    missing: list[str] | None = None,
    max_claims: int = 12,
    no_sources: bool = False,
) -> Report:
    """Write an extractive markdown report from supported claims, citing every sentence.

    Only claims with verdict "supported" and at least one span are written. They are
    ranked with :func:`rank_claims`, near-duplicates (token Jaccard >= 0.8) are dropped,
    at most ``MAX_PER_SOURCE`` (4) claims per source and ``max_claims`` in all are kept. Sections: "Answer" (best 1-3 claims: the best
    and those scoring >= 0.6 x best), "Findings" (the rest, grouped by source title),
    "What is missing" (only when ``missing`` is non-empty) and "Sources" (``[n] title —
    url_or_path``). Each written sentence ends with ``[n]``, where ``n`` numbers sources
    in order of first citation; the citation's span is the claim's first span.

    Args:
        question: the user question.
        claims: verified claims (any verdicts; non-supported ones are ignored).
        sources: source display info by source id (missing ids fall back to the id).
        language: report language (headings are English; reserved for LLM use).
        missing: open points to list in "What is missing".
        max_claims: maximum number of claims written (>= 0).
        no_sources: no source was fetched at all: the answer says so plainly (``NO_SOURCES_TEXT``).

    Returns:
        :class:`Report`. Without supported claims the markdown states that no verified
        evidence was found, and ``citations``/``used_claim_ids`` are empty.
    """
    del language  # headings are English in the offline engine
    missing = [m for m in (missing or []) if m and m.strip()]
    supported = [c for c in claims if c.verdict == "supported" and c.spans]
    ranked = rank_claims(question, supported, sources)

    chosen: list[tuple[VerifiedClaim, float]] = []
    chosen_sets: list[set[str]] = []
    per_source: dict[str, int] = {}
    for i, score in ranked:
        if len(chosen) >= max(0, max_claims):
            break
        if per_source.get(supported[i].source_id, 0) >= MAX_PER_SOURCE:
            continue
        toks = set(tokenize(supported[i].text))
        if any(
            toks and s and len(toks & s) / len(toks | s) >= _DEDUP_JACCARD for s in chosen_sets
        ):
            continue
        chosen.append((supported[i], score))
        chosen_sets.append(toks)
        per_source[supported[i].source_id] = per_source.get(supported[i].source_id, 0) + 1

    lines: list[str] = [f"# {' '.join(question.split()) or 'Research report'}", ""]
    citations: list[Citation] = []
    numbers: dict[str, int] = {}

    def cite(claim: VerifiedClaim) -> str:
        span = claim.spans[0]
        n = numbers.setdefault(span.source_id, len(numbers) + 1)
        citations.append(
            Citation(
                n=n,
                source_id=span.source_id,
                claim_id=claim.claim_id,
                start=span.start,
                end=span.end,
                quote=span.text,
            )
        )
        return f"{_escape(_sentence_text(claim.text))} [{n}]."

    if not chosen:
        lines += ["## Answer", "", NO_SOURCES_TEXT if no_sources else NO_EVIDENCE_TEXT, ""]
    else:
        best = chosen[0][1]
        answer = [c for c, s in chosen[:3] if s >= 0.6 * best] or [chosen[0][0]]
        answer_ids = {c.claim_id for c in answer}
        rest = [c for c, _ in chosen if c.claim_id not in answer_ids]
        lines += ["## Answer", "", " ".join(cite(c) for c in answer), ""]
        if rest:
            lines += ["## Findings", ""]
            groups: dict[str, list[VerifiedClaim]] = {}
            for c in rest:
                groups.setdefault(_title_of(c, sources), []).append(c)
            for title, items in groups.items():
                lines += [f"### {_escape(title)}", ""]
                lines += [f"- {cite(c)}" for c in items]
                lines.append("")
    if missing:
        lines += ["## What is missing", ""]
        lines += [f"- {' '.join(m.split())}" for m in missing]
        lines.append("")
    if numbers:
        lines += ["## Sources", ""]
        for sid, n in sorted(numbers.items(), key=lambda p: p[1]):
            info = sources.get(sid)
            title = info.title if info else sid
            where = info.url_or_path if info else ""
            lines.append(f"- [{n}] {_escape(title)} — {where}".rstrip(" —"))
        lines.append("")
    return Report(
        markdown="\n".join(lines).rstrip() + "\n",
        citations=citations,
        used_claim_ids=[c.claim_id for c, _ in chosen],
    )


def _escape(text: str) -> str:
    """Keep titles on one line and free of citation-like brackets."""
    t = " ".join(text.split())
    return re.sub(r"\[(\d+)\]", r"(\1)", t)
