"""Evidence for a domain figure (a claim a domain service proposed, ``DomainFiguresProposed``): its own window.

A figure such as "The Sony WH-1000XM5 weight is 250 g." was read at one span of one document (a run source's
stored text, or a page's HTML or registry JSON the domain service stored itself); it is checked against the window
around that span the service named (``FigureWindow.window_start``/``window_end``: from the product's or package's
name to the value), not against passages retrieved from the whole run: the check is whether that document says it.
"""

from __future__ import annotations

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
