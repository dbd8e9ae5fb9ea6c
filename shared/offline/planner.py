"""Keyword query planning (no model): sub-queries, domain and language of a question."""

from __future__ import annotations

import re
from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict

from shared.offline.text import detect_language, is_stopword, split_sentences, tokenize

__all__ = ["Plan", "plan", "refine_query", "key_terms", "find_entities"]

Depth = Literal["quick", "standard", "deep"]

_DEPTH_RANGE: dict[str, tuple[int, int]] = {"quick": (2, 3), "standard": (3, 5), "deep": (5, 6)}


class Plan(BaseModel):
    """A research plan.

    Attributes:
        sub_queries: keyword queries, most general first; unique, non-empty.
        domain: "shopping", "code" or "general".
        language: ISO 639-1 code of the question.
    """

    model_config = ConfigDict(frozen=True)

    sub_queries: list[str]
    domain: str
    language: str


# Words that begin a question/sentence but are not names.
_NON_ENTITY_CAPS: frozenset[str] = frozenset(
    """what which who whom whose when where why how is are was were do does did can could
    should would will in on at of for the a an and or but this that these those it its he
    she they his her their there here as by from with to if after before during since
    between among name list give tell find compare explain describe i we you my our your
    also however although while""".split()
)
# Lower-case connectors allowed inside a capitalised phrase ("Bank of America").
_CONNECTORS: frozenset[str] = frozenset({"of", "the", "de", "da", "del", "von", "van", "and", "&", "la", "le", "du", "di"})

_QUOTED_RE = re.compile(r"[\"“«„]([^\"”»“]{2,120})[\"”»]")
_WORD_RE = re.compile(r"[^\W_](?:[^\W_]|['’.\-](?=[^\W_]))*")

_SHOP_RE = re.compile(
    r"\b(buy|buying|purchase|price|prices|pricing|cheap|cheapest|deal|deals|discount|"
    r"review|reviews|best\s+\w+(\s+\w+)?\s+(under|for)|under\s*\$\s*\d|\$\s*\d|budget|"
    r"worth\s+it|coupon|shop|shopping|retailer|in\s+stock)\b",
    re.IGNORECASE,
)
_VS_RE = re.compile(r"\b(vs\.?|versus)\b", re.IGNORECASE)
_PRODUCT_RE = re.compile(
    r"\b(laptop|phone|headphones?|earbuds|camera|tv|monitor|tablet|watch|vacuum|mattress|"
    r"shoes?|console|router|keyboard|mouse|speaker|blender|car|bike|gpu|cpu)\b",
    re.IGNORECASE,
)
_CODE_RE = re.compile(
    r"(\b(python|javascript|typescript|java|rust|golang|c\+\+|c#|sql|bash|library|package|"
    r"module|api|sdk|function|method|class|error|exception|traceback|stack\s*trace|install|"
    r"pip|npm|compile|compiler|bug|debug|regex|json|yaml|docker|kubernetes|git|async|"
    r"syntax|runtime|framework|django|flask|fastapi|react|numpy|pandas)\b)|\w+\(\)|`[^`]+`",
    re.IGNORECASE,
)


def key_terms(text: str) -> list[str]:
    """Content tokens of ``text`` (see :func:`tokenize`), unique, in first-seen order."""
    seen: dict[str, None] = {}
    for t in tokenize(text):
        seen.setdefault(t, None)
    return list(seen)


def find_entities(text: str) -> list[str]:
    """Quoted titles and capitalised phrases of ``text``, unique, in first-seen order.

    A capitalised phrase is a run of capitalised words (or numbers following one, as in
    "World War 2"), possibly joined by lower-case connectors ("Bank of America"). Single
    capitalised words that are common sentence/question openers are ignored.
    """
    out: dict[str, None] = {}
    for m in _QUOTED_RE.finditer(text):
        q = m.group(1).strip(" ,.;:")
        if q and tokenize(q):
            out.setdefault(q, None)
    for sent in split_sentences(text) or []:
        words = [(m.group(0), m.start()) for m in _WORD_RE.finditer(sent.text)]
        run: list[str] = []

        def flush() -> None:
            while run and run[-1].lower() in _CONNECTORS:
                run.pop()
            if run:
                phrase = " ".join(run)
                if not (len(run) == 1 and run[0].lower() in _NON_ENTITY_CAPS):
                    out.setdefault(phrase, None)
            run.clear()

        for i, (w, _pos) in enumerate(words):
            is_cap = w[0].isupper() or (w[0].isdigit() and bool(run))
            if is_cap:
                if not run and i == 0 and w.lower() in _NON_ENTITY_CAPS:
                    continue
                run.append(w)
            elif run and w.lower() in _CONNECTORS:
                run.append(w)
            else:
                flush()
        flush()
    return list(out)


def _quoted(text: str) -> set[str]:
    return {m.group(1).strip(" ,.;:") for m in _QUOTED_RE.finditer(text)}


def _classify_domain(question: str) -> str:
    if _CODE_RE.search(question):
        return "code"
    if _SHOP_RE.search(question) or (_VS_RE.search(question) and _PRODUCT_RE.search(question)):
        return "shopping"
    return "general"


def plan(question: str, *, depth: str = "standard") -> Plan:
    """Make a keyword research plan for ``question``.

    Sub-queries, in order: (1) all key terms of the question; (2) each quoted title or
    capitalised phrase (named entity) found in the question, multi-word/quoted first;
    (3) adjacent pairs of the remaining key terms. The count is capped by depth (quick 2-3, standard 3-5, deep 5-6); fewer are
    returned only when the question has too few key terms to build distinct queries.

    Args:
        question: the user question (any language; may be empty).
        depth: "quick", "standard" or "deep" (unknown values behave like "standard").

    Returns:
        :class:`Plan`; ``sub_queries`` is empty only if the question has no content token.
    """
    lo, hi = _DEPTH_RANGE.get(depth, _DEPTH_RANGE["standard"])
    terms = key_terms(question)
    queries: list[str] = []
    seen_keys: set[tuple[str, ...]] = set()

    def add(q: str) -> None:
        q = " ".join(q.split())
        if not q:
            return
        key = tuple(sorted(set(tokenize(q))))
        if not key or key in seen_keys:
            return
        seen_keys.add(key)
        queries.append(q)

    if terms:
        add(" ".join(terms))
    entities = find_entities(question)
    entity_tokens: set[str] = {t for e in entities for t in tokenize(e)}
    rest = [t for t in terms if t not in entity_tokens]
    # quoted titles and multi-word names first, then single capitalised words
    ranked_entities = sorted(
        entities, key=lambda e: (0 if len(tokenize(e)) > 1 or e in _quoted(question) else 1)
    )
    for ent in ranked_entities:
        if len(queries) >= hi:
            break
        add(ent)
    pool = rest if len(rest) >= 2 else terms
    for a, b in zip(pool, pool[1:]):
        if len(queries) >= max(lo, min(hi, 1 + len(entities) + 2)):
            break
        add(f"{a} {b}")
    if len(queries) < lo:
        for i, a in enumerate(terms):
            for b in terms[i + 2 :]:
                if len(queries) >= lo:
                    break
                add(f"{a} {b}")
        for a in terms:
            if len(queries) >= lo:
                break
            add(a)
    return Plan(
        sub_queries=queries[:hi],
        domain=_classify_domain(question),
        language=detect_language(question),
    )


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
