"""Judging a hop's hits: CRAG-style grades, near-duplicate removal, query rewriting, retrieval diagnostics.

All lexical and deterministic (``shared.offline`` tokens; MinHash with a fixed seed), so a redelivered
search grades and de-duplicates the same way.

- **Grades** (Corrective RAG): a hit's relevance is the larger of the shares of the sub-query's and of the
  question's key terms found in its title and snippet. ``correct`` >= 0.5 > ``ambiguous`` >= 0.2 >
  ``incorrect``; a hit without a snippet (a title alone is too little to reject a page on) is at worst
  ``ambiguous``. An ``incorrect`` hit whose title names a product model a relevant hit names is kept all the same
  (:func:`names_listed_product`: a shop page offering a candidate), and in a shopping run so is one that tests,
  reviews or ranks products of the kind the relevant hits are pages of (:func:`tests_listed_kind`: a group test
  whose snippet names other models). A hop is ``correct`` when any hit is, ``incorrect`` when all are (or there are none),
  ``ambiguous`` otherwise.
- **Near duplicates**: MinHash (datasketch) over word 3-gram shingles of title + snippet; a hit whose
  estimated Jaccard similarity to an earlier hit of another URL reaches the threshold is dropped (mirrors,
  syndicated copies). Texts under 8 tokens are too short to judge and are kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from services.gatherer.fusion import host_of, url_key
from services.gatherer.providers import WebHit
from shared.text.buying import names_review
from shared.text.terms import find_entities, key_terms
from shared.text.tokens import tokenize

Label = Literal["correct", "ambiguous", "incorrect"]
CORRECT_AT = 0.5
INCORRECT_BELOW = 0.2
MIN_SHINGLE_TOKENS = 8
NUM_PERM = 64


@dataclass(frozen=True, slots=True)
class Grade:
    """A hit's grade: ``relevance`` 0-1 and its label. Hits without a snippet are never ``incorrect``."""

    relevance: float
    label: Label


def _coverage(terms: set[str], tokens: set[str]) -> float:
    return len(terms & tokens) / len(terms) if terms else 0.0


def grade_hit(hit: WebHit, sub_query: str, question: str) -> Grade:
    """Grade one hit against its sub-query and the run's question (see the module docstring)."""
    tokens = set(tokenize(f"{hit.title} {hit.snippet}"))
    if not tokens:
        return Grade(0.0, "ambiguous")
    relevance = max(_coverage(set(key_terms(sub_query)), tokens), _coverage(set(key_terms(question)), tokens))
    label: Label = "correct" if relevance >= CORRECT_AT else "incorrect" if relevance < INCORRECT_BELOW else "ambiguous"
    if label == "incorrect" and not hit.snippet.strip():
        label = "ambiguous"
    return Grade(round(relevance, 6), label)


def _designations(text: str) -> set[tuple[str, str]]:
    """The model designations ``text`` names: pairs of neighbouring tokens (``shared.text.tokens``), one with a digit
    and one with a letter ("Velmo HX-12": ("hx", "12"); "Kestrel Cube 700": ("cube", "700"))."""
    tokens = tokenize(text)
    return {(a, b) for a, b in zip(tokens, tokens[1:], strict=False)
            if any(c.isdigit() for c in a + b) and any(c.isalpha() for c in a + b)}


def names_listed_product(hit: WebHit, others: Sequence[WebHit]) -> bool:
    """Whether ``hit``'s title names a product model (a designation: :func:`_designations`) that the title or snippet
    of one of ``others`` (the hop's hits graded relevant) names too: a shop or offer page ("Velmo HX-12
    (Refurbished) - RenewDeals", "Kestrel Cube 700 | Campwise UK") whose title and snippet do not repeat the
    question's category word still offers a candidate the relevant pages compare, and is kept."""
    own = _designations(hit.title)
    return bool(own) and any(own & _designations(f"{o.title} {o.snippet}") for o in others if o.url != hit.url)


#: where a page title's first part ends: "Ventra AirGo 2 cordless tyre inflator | Ventra", "... - ToolDepot", "X: specs"
_TITLE_PART_END = re.compile(r"\s+[|–—-]\s+|:\s+|\s+[(\[]")


def _kind_heads(hits: Sequence[WebHit], question: str) -> set[str]:
    """The last words (``shared.text.tokens``, stemmed) of the first title parts of ``hits`` that the question does not
    give: a product page titled "<brand> <model> <kind>" ("Ventra AirGo 2 cordless tyre inflator | Ventra") gives
    its kind's head noun ("inflator"). Numbers, and review words ("Ventra AirGo 2 review"), are no kind."""
    asked = set(tokenize(question))
    heads: set[str] = set()
    for h in hits:
        words = tokenize(_TITLE_PART_END.split(h.title, 1)[0])
        if words and words[-1].isalpha() and words[-1] not in asked and not names_review(words[-1]):
            heads.add(words[-1])
    return heads


def tests_listed_kind(hit: WebHit, others: Sequence[WebHit], question: str) -> bool:
    """Whether ``hit`` is a test, review or ranking (:func:`shared.text.buying.names_review`: "We tested 5 cordless
    tyre inflators", "The 5 best electric toothbrushes of 2026") of the kind of product the relevant hits (``others``,
    graded relevant against ``question``) are pages of: its title or snippet holds the head noun of a relevant
    title's first part (:func:`_kind_heads`: "inflator" of "Ventra AirGo 2 cordless tyre inflator | Ventra"). A group
    test rates the asked product though its snippet names only the others ("Best overall: Inflata Volt 3 Pro"); for
    a product question such a page is kept (one page to read), as an engine's snippet need not name the model asked."""
    text = f"{hit.title} {hit.snippet}"
    if not names_review(text):
        return False
    return bool(set(tokenize(text)) & _kind_heads([o for o in others if o.url != hit.url], question))


def question_relevance(hit: WebHit, question: str) -> float:
    """Share (0-1) of the question's key terms in a hit's title and snippet (0 for a question without any)."""
    return _coverage(set(key_terms(question)), set(tokenize(f"{hit.title} {hit.snippet}")))


def hop_verdict(grades: Sequence[Grade]) -> Label:
    """``correct`` if any hit is correct; ``incorrect`` if every hit is (or there is none); else ``ambiguous``."""
    if any(g.label == "correct" for g in grades):
        return "correct"
    if not grades or all(g.label == "incorrect" for g in grades):
        return "incorrect"
    return "ambiguous"


def rewrite_query(question: str, sub_query: str) -> str | None:
    """CRAG's query rewrite for poorly graded hits: the sub-query plus what of the question it lacks: up to
    2 named entities, else up to 3 key terms. None when the sub-query already holds them all."""
    have = set(tokenize(sub_query))
    entities = [e for e in find_entities(question) if tokenize(e) and not set(tokenize(e)) <= have][:2]
    if entities:
        return f"{sub_query} {' '.join(entities)}".strip()
    missing = [t for t in key_terms(question) if t not in have][:3]
    return f"{sub_query} {' '.join(missing)}".strip() if missing else None


@lru_cache(maxsize=1)
def _permutations() -> tuple[Any, Any]:
    """(scheme, hash permutations) of a ``MinHash(num_perm=NUM_PERM, seed=1)``: drawn once per process (a MinHash
    draws them from its seed on every construction, about as costly as sketching a snippet), then passed to each."""
    from datasketch import MinHash

    reference = MinHash(num_perm=NUM_PERM, seed=1)
    return reference.scheme, reference.permutations


@lru_cache(maxsize=8)
def _lsh_bands(threshold: float) -> tuple[int, int]:
    """(bands, rows per band) of a ``MinHashLSH(threshold, num_perm=NUM_PERM)``: datasketch chooses them by
    integrating the false positive and negative probabilities on every construction (about 10 ms), so they are
    chosen once per process and threshold and handed to each index as its ``params``."""
    from datasketch import MinHashLSH

    reference = MinHashLSH(threshold=threshold, num_perm=NUM_PERM)
    return int(reference.b), int(reference.r)


class NearDuplicates:
    """Remembers the hits seen so far (one sub-query, all hops) and spots near-duplicates of other URLs."""

    def __init__(self, threshold: float = 0.8) -> None:
        from datasketch import MinHashLSH

        self._threshold = threshold
        self._lsh = MinHashLSH(threshold=threshold, num_perm=NUM_PERM, params=_lsh_bands(threshold))
        self._sketches: dict[str, Any] = {}  # url key -> MinHash (None: too short to judge)

    def _sketch(self, hit: WebHit) -> Any:
        from datasketch import MinHash

        tokens = tokenize(f"{hit.title} {hit.snippet}", drop_stopwords=False)
        if len(tokens) < MIN_SHINGLE_TOKENS:
            return None
        scheme, permutations = _permutations()
        sketch = MinHash(num_perm=NUM_PERM, seed=1, scheme=scheme, permutations=permutations)
        sketch.update_batch([" ".join(tokens[i:i + 3]).encode("utf-8") for i in range(len(tokens) - 2)])
        return sketch

    def duplicate_of(self, hit: WebHit) -> str | None:
        """The key of an earlier, different URL this hit nearly duplicates (None if none), then remembers the
        hit. The same URL seen again is not a near-duplicate (a later hop may find it again)."""
        key = url_key(hit.url)
        if key in self._sketches:
            return None
        sketch = self._sketch(hit)
        if sketch is None:
            self._sketches[key] = None
            return None
        for other in sorted(self._lsh.query(sketch)):
            other_sketch = self._sketches.get(other)
            if other != key and other_sketch is not None and sketch.jaccard(other_sketch) >= self._threshold:
                return str(other)
        self._lsh.insert(key, sketch)
        self._sketches[key] = sketch
        return None

    def seen(self, hit: WebHit) -> bool:
        """Whether this hit's URL was remembered before."""
        return url_key(hit.url) in self._sketches


def diagnostics(hits: Sequence[WebHit], sub_query: str, question: str, grades: Sequence[Grade]) -> dict[str, float]:
    """Retrieval figures of one hop's kept hits.

    ``subquery_coverage`` / ``term_coverage``: shares (0-1) of the sub-query's / question's key terms found in
    the hits' titles and snippets. ``domain_diversity``: distinct sites / web hits (0-1; 0 without web hits;
    local documents are not sites). ``mean_relevance``: mean grade relevance of the kept hits.
    """
    tokens: set[str] = set()
    for h in hits:
        tokens.update(tokenize(f"{h.title} {h.snippet}"))
    web = [h for h in hits if host_of(h.url)]
    return {
        "subquery_coverage": round(_coverage(set(key_terms(sub_query)), tokens), 6),
        "term_coverage": round(_coverage(set(key_terms(question)), tokens), 6),
        "domain_diversity": round(len({host_of(h.url) for h in web}) / len(web), 6) if web else 0.0,
        "mean_relevance": round(sum(g.relevance for g in grades) / len(grades), 6) if grades else 0.0,
    }
