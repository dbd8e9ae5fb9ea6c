"""Query refinement between hops (no model): the next hop's query from the question and the best hits so far."""

from __future__ import annotations

from collections import Counter

from shared.text.terms import find_entities
from shared.text.tokens import is_stopword, tokenize


def refine_query(question: str, sub_query: str, top_texts: list[str]) -> str | None:
    """Second-hop query: ``sub_query`` plus bridge entities found in first-hop passages.

    Bridge entities are capitalised phrases (see :func:`find_entities`) occurring in
    ``top_texts`` whose tokens are not all in the question; the (at most 2) most frequent
    are appended (ties: first occurrence). Frequency counts whole phrases and, for
    multi-word phrases, gives a bonus for appearing in more than one passage.

    Returns:
        The refined query string, or ``None`` when no new term can be added.
    """
    q_tokens = set(tokenize(question)) | set(tokenize(sub_query))
    counts: Counter[str] = Counter()
    first_seen: dict[str, int] = {}
    order = 0
    for text in top_texts:
        seen_here: set[str] = set()
        for ent in find_entities(text):
            toks = tokenize(ent)
            if not toks or all(t in q_tokens for t in toks):
                continue
            if all(is_stopword(t) or t.isdigit() for t in toks):
                continue
            if ent in seen_here:
                continue
            seen_here.add(ent)
            counts[ent] += 2 if len(toks) > 1 else 1
            if ent not in first_seen:
                first_seen[ent] = order
                order += 1
    if not counts:
        return None
    best = sorted(counts, key=lambda e: (-counts[e], first_seen[e]))[:2]
    new_terms = [t for e in best for t in tokenize(e) if t not in q_tokens]
    if not new_terms:
        return None
    return f"{sub_query} {' '.join(best)}".strip()
