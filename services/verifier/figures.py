"""Evidence for a domain figure (a claim a domain service proposed, ``DomainFiguresProposed``): its own window.

A figure such as "The Sony WH-1000XM5 weight is 250 g." was read at one span of one document (a run source's
stored text, or a page's HTML or registry JSON the domain service stored itself); it is checked against the window
around that span the service named (``FigureWindow.window_start``/``window_end``: from the product's or package's
name to the value), not against passages retrieved from the whole run: the check is whether that document says it.
The check is by code, with no model (:func:`figure_verdict`): the cited span must be the figure's quote and state its
value; a figure is "supported" or "unverified", never "contradicted" by the page it was read from.
"""

from __future__ import annotations

import re

from shared.domain import RunView
from shared.evidence import Claim, EvidenceCandidate, source_domain
from shared.ports import Documents


def figure_candidates(documents: Documents, run: RunView, claim: Claim) -> list[EvidenceCandidate]:
    """The figure's evidence window as the one candidate (retrieval score 1.0); empty when ``claim`` is no figure,
    its document is not stored or the window is empty: the verdict is then "unverified", never "supported"."""
    figure = claim.figure
    if figure is None:
        return []
    source = run.source(claim.source_id)
    digest = figure.document_sha256 or (source.text_sha256 if source is not None else None)
    text = documents.get(str(digest)) if digest else None
    if not text:
        return []
    start = max(0, min(figure.window_start, claim.start))
    end = min(len(text), max(figure.window_end, claim.end))
    if start >= end:
        return []
    domain = source_domain(source.record) if source is not None else ""
    return [EvidenceCandidate(source_id=claim.source_id, domain=domain, start=start, end=end, text=text[start:end],
                              retrieval_score=1.0)]


#: a number as a page writes it ("250", "1,299.00", "1'299", "5.8")
_NUMBER = re.compile(r"\d(?:[\d.,'’]*\d)?")
#: a word of a figure's value (letters only)
_WORD = re.compile(r"[^\W\d_]+")
#: what a figure's sentence says after its value: the terms of a price in brackets ("(per month, rental)")
_TERMS = re.compile(r"\s*\([^()]*\)\s*$")


def figure_value(text: str) -> str:
    """The value a figure's sentence states: the words after its last " is " ("The Sony WH-1000XM5 weight is
    250 g." -> "250 g"), without the closing stop or a price's bracketed terms; "" when there is no " is "."""
    head, sep, value = text.rpartition(" is ")
    if not sep:
        return ""
    value = value.strip().removesuffix(".").strip()
    return _TERMS.sub("", value).strip()


def states(quote: str, value: str) -> bool:
    """Whether ``quote`` (the cited span) states ``value``: every number of the value written in the quote as it is
    in the value (the domain services copy a value as the page writes it), or for a value without a number, every
    word of it in the quote (case folded). A unit or currency word the domain added from markup ("g" for a
    ``GRM`` unit code, "USD") need not be in the quote when the value has a number."""
    numbers = _NUMBER.findall(value)
    if numbers:
        written = set(_NUMBER.findall(quote))
        return all(n in written for n in numbers)
    words = [w.casefold() for w in _WORD.findall(value)]
    have = {w.casefold() for w in _WORD.findall(quote)}
    return bool(words) and all(w in have for w in words)


def figure_verdict(claim: Claim, candidates: list[EvidenceCandidate]) -> Claim:
    """``claim`` (a domain figure) with its verdict from its own evidence: "supported" when the cited span
    (``claim.start``/``end`` of the figure's document, inside the window ``candidates[0]``) is the figure's quote and
    states the figure's value (:func:`states`), with the window as its supporting span; else "unverified" (its
    document not stored, the span moved, the value not in it). Never "contradicted": a page states what it states,
    and another figure in its window (a weight "without stand", a former price) is no contradiction of it; a
    different figure on another source is a disagreement the domain's report shows with both sources."""
    figure = claim.figure
    window = candidates[0] if candidates else None
    if figure is None or window is None:
        return claim.model_copy(update={"verdict": "unverified", "stability": 1.0, "support_score": 0.0,
                                        "spans": [], "corroborating_domains": []})
    at = claim.start - window.start
    quote = window.text[at:at + claim.end - claim.start] if 0 <= at else ""
    ok = quote == figure.quote and states(quote, figure_value(claim.text))
    span = window.model_copy(update={"label": "supports", "domain": ""})
    return claim.model_copy(update={"verdict": "supported" if ok else "unverified", "stability": 1.0,
                                    "support_score": 1.0 if ok else 0.0, "spans": [span] if ok else [],
                                    "corroborating_domains": []})
