"""Extractive, citation-carrying report synthesis from verified claims (no model).

The report's fixed words (headings "Answer", "Findings", "What is missing", "Sources", the default title and the
no-evidence / no-sources texts) are written in the report's language: :data:`REPORT_WORDS` holds them for
English, Vietnamese, French, German, Spanish, Portuguese, Italian, Dutch, Russian, Ukrainian, Chinese, Japanese,
Korean, Arabic, Hindi, Turkish, Polish, Indonesian, Swedish, Czech, Greek, Hebrew and Persian; any other language
gets English. Code that looks for a section of a report (the judges exclude
the Sources list) recognises every language's heading with :func:`heading_kind` (or :data:`SOURCES_HEADINGS` /
:data:`MISSING_HEADINGS`), never the English word alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable


from shared.text.terms import clean_title
from shared.text.terms import find_entities
from shared.text.bm25 import BM25Index
from shared.text.tokens import tokenize
from shared.evidence import Citation, Report, SourceInfo, VerifiedClaim
from shared.report import report_words
from services.synthesizer.provenance import date_note, recency_bonus, source_meta, superseded

__all__ = ["synthesize", "rank_claims", "closing_lines"]


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
    bridge entity + 0.1 for a source's lead sentence + 0.05 x stability (+ 1.0 for a relevant claim of the newest dated source
    when the question asks for the latest or current thing: :func:`services.synthesizer.provenance.recency_bonus`). Bridge
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
    recency = recency_bonus(question, claims, sources, s1)  # "latest"/"current" questions: the newest dated source
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
        score += recency[i]
        out.append((i, score))
    out.sort(key=lambda p: (-p[1], p[0]))
    return out


def closing_lines(missing: list[str], numbers: dict[str, int], sources: dict[str, SourceInfo], *,
                  missing_heading: str, sources_heading: str,
                  title_of: Callable[[str, SourceInfo], str] = lambda sid, info: info.title) -> list[str]:
    """The Markdown lines that end a report: "What is missing" (one bullet per item, whitespace collapsed; left
    out when ``missing`` is empty) and "Sources" (``- [n] title — URL or path`` in citation order; left out when
    nothing is cited; the author and dates a page gave follow its title:
    :func:`services.synthesizer.provenance.source_meta`). ``numbers``: source id -> citation number ``n``; ``title_of(source id, info)``: how a
    source's title is shown (a source missing from ``sources`` shows its id). Headings are used as given
    (already escaped)."""
    lines: list[str] = []
    if missing:
        lines += [f"## {missing_heading}", ""]
        lines += [f"- {' '.join(m.split())}" for m in missing]
        lines.append("")
    if numbers:
        lines += [f"## {sources_heading}", ""]
        for sid, n in sorted(numbers.items(), key=lambda p: p[1]):
            info = sources.get(sid)
            title = title_of(sid, info) if info else sid
            where = info.url_or_path if info else ""
            meta = source_meta(info)  # author and dates, when the page gave them
            lines.append(f"- [{n}] {_escape(title)}{' — ' + _escape(meta) if meta else ''} — {where}".rstrip(" —"))
        lines.append("")
    return lines


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
    url_or_path``), each heading in the report's language (:func:`report_words`). Each written
    sentence ends with ``[n]``, where ``n`` numbers sources in order of first citation; the
    citation's span is the claim's first span.

    Args:
        question: the user question.
        claims: verified claims (any verdicts; non-supported ones are ignored).
        sources: source display info by source id (missing ids fall back to the id).
        language: report language, ISO 639-1 (headings and fixed texts in it; English when not in
            :data:`REPORT_WORDS`). Claims are quoted as extracted, whatever their language.
        missing: open points to list in "What is missing".
        max_claims: maximum number of claims written (>= 0).
        no_sources: no source was fetched at all: the answer says so plainly (``ReportWords.no_sources``;
            ``NO_SOURCES_TEXT`` in English).

    Returns:
        :class:`Report`. Without supported claims the markdown states that no verified
        evidence was found, and ``citations``/``used_claim_ids`` are empty.
    """
    words = report_words(language)
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

    lines: list[str] = [f"# {' '.join(question.split()) or words.title}", ""]
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
        lines += [f"## {words.answer}", "", words.no_sources if no_sources else words.no_evidence, ""]
    else:
        best = chosen[0][1]
        answer = [c for c, s in chosen[:3] if s >= 0.6 * best] or [chosen[0][0]]
        answer = [c for c in answer if not superseded(question, answer[0], c, sources)]  # "latest": older pages out
        answer_ids = {c.claim_id for c in answer}
        rest = [c for c, _ in chosen if c.claim_id not in answer_ids]
        parts = [cite(c) for c in answer]
        note = date_note(question, answer[0], sources)  # a "latest" question: how current the answer is
        if note:
            parts[0] = parts[0][:-1] + note + "."
        lead = " ".join(parts)
        lines += [f"## {words.answer}", "", lead, ""]
        if rest:
            lines += [f"## {words.findings}", ""]
            groups: dict[str, list[VerifiedClaim]] = {}
            for c in rest:
                groups.setdefault(_title_of(c, sources), []).append(c)
            for title, items in groups.items():
                lines += [f"### {_escape(title)}", ""]
                lines += [f"- {cite(c)}" for c in items]
                lines.append("")
    lines += closing_lines(missing, numbers, sources, missing_heading=words.missing,
                           sources_heading=words.sources)
    return Report(
        markdown="\n".join(lines).rstrip() + "\n",
        citations=citations,
        used_claim_ids=[c.claim_id for c, _ in chosen],
    )


def _escape(text: str) -> str:
    """Keep titles on one line and free of citation-like brackets."""
    t = " ".join(text.split())
    return re.sub(r"\[(\d+)\]", r"(\1)", t)
