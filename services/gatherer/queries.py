"""Query refinement between hops (no model): the next hop's query from the question and the best hits so far.

The second hop of a multi-hop question looks for the *bridge*: the entity the first hop's pages name that the
question does not ("the actor who played Captain Hook in Peter Pan Live!" -> the Peter Pan Live! page names
Christopher Walken -> the next hop searches for Christopher Walken). :func:`bridge_entities` ranks the candidate
names, :func:`refine_query` turns the best into the next query.
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence

from shared.text.terms import find_entities, key_terms
from shared.text.tokens import split_sentences, tokenize

__all__ = ["bridge_entities", "clean_entity", "refine_query", "BRIDGES_PER_QUERY"]

#: bridge entities a refined query carries
BRIDGES_PER_QUERY = 3
_MONTHS = {m.casefold() for m in (*calendar.month_name[1:], *calendar.month_abbr[1:])}


def clean_entity(phrase: str) -> str:
    """A capitalised phrase without the date or number glued to it: cut at its first number, and a month name
    left at the cut's end removed ("Søren Peder Lauritz Sørensen 9 January 1868" -> "Søren Peder Lauritz
    Sørensen", "Ronald Walken March 31 1943" -> "Ronald Walken"). Returns "" when nothing is left."""
    words = phrase.split()
    for i, w in enumerate(words):
        if any(ch.isdigit() for ch in w):
            words = words[:i]
            break
    while words and words[-1].strip(".,").casefold() in _MONTHS:
        words.pop()
    return " ".join(words).strip(" ,;:")


def bridge_entities(question: str, texts: Sequence[str], *, known: Sequence[str] = ()) -> list[str]:
    """Names the passages ``texts`` give that the question does not, best first.

    Candidates are the capitalised phrases and quoted titles of :func:`find_entities` (dates and numbers cut off,
    :func:`clean_entity`) that have a content word not in the question and are not one of ``known`` (the titles
    of pages already found: a bridge leads somewhere new). A candidate scores the share of the question's key
    terms in the sentence that names it (its best sentence: the sentence that speaks of the question names the
    entity the question is about), plus 0.25 for each further passage naming it, plus 0.1 for a multi-word name
    (a full name is a better query than a single word). Ties keep the first occurrence. Empty when there is no
    candidate."""
    q_tokens = set(tokenize(question))
    q_terms = set(key_terms(question))
    known_keys = {tuple(tokenize(k)) for k in known if tokenize(k)}
    best: dict[str, float] = {}
    passages: dict[str, int] = {}
    shown: dict[str, str] = {}
    for text in texts:
        here: set[str] = set()
        for sent in split_sentences(text) or []:
            s_tokens = set(tokenize(sent.text))
            overlap = len(q_terms & s_tokens) / len(q_terms) if q_terms else 0.0
            for raw in find_entities(sent.text):
                ent = clean_entity(raw)
                toks = tokenize(ent)
                if not toks or all(t in q_tokens for t in toks) or tuple(toks) in known_keys:
                    continue
                if all(t.isdigit() for t in toks):  # (its stop words as written are gone: "Downs" stays)
                    continue
                key = " ".join(toks)
                shown.setdefault(key, ent)  # first seen: dicts keep insertion order for the ties
                best[key] = max(best.get(key, 0.0), overlap)
                here.add(key)
        for key in here:
            passages[key] = passages.get(key, 0) + 1
    scored = {k: best[k] + 0.25 * (passages[k] - 1) + (0.1 if len(k.split()) > 1 else 0.0) for k in best}
    return [shown[k] for k in sorted(scored, key=lambda k: -scored[k])]


def refine_query(question: str, sub_query: str, top_texts: list[str], *, known: Sequence[str] = ()) -> str | None:
    """The next hop's query: the (at most :data:`BRIDGES_PER_QUERY`) best bridge entities of ``top_texts``
    (:func:`bridge_entities`, ``known``: titles already found) with the sub-query's terms.

    Returns:
        The refined query string, or ``None`` when no bridge entity is found.
    """
    bridges = bridge_entities(question, top_texts, known=known)[:BRIDGES_PER_QUERY]
    if not bridges:
        return None
    return f"{sub_query} {' '.join(bridges)}".strip()
