"""The typed evidence values several stages pass around: an evidence candidate (a span of a fetched
source), a verified claim, a source's display information, a citation and a report."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict


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
    """Display information of a source: title, URL or file path, domain; and, when the page gave them, its
    author, publication and last-modified dates (ISO ``YYYY-MM-DD``)."""

    model_config = ConfigDict(frozen=True)

    source_id: str
    title: str
    url_or_path: str
    domain: str
    author: str | None = None
    published: str | None = None
    modified: str | None = None


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


def source_domain(src: dict[str, Any]) -> str:
    """The domain a source counts as for diversity: the URL's host, or ``local:<title>`` for corpus files."""
    url = str(src.get("final_url") or src.get("url") or "")
    if url.startswith(("http://", "https://")):
        return urlsplit(url).hostname or url
    return f"local:{src.get('title') or url}"
