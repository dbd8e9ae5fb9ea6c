"""The typed evidence values several stages pass around: an evidence candidate (a span of a fetched
source), a claim (one type from extraction to citation: :class:`Claim`), a source's display information, a
citation and a report."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit
from uuid import UUID, uuid5

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
        label: what the span does for the claim it backs: "supports" or "contradicts" (a recorded verdict's
            spans; a candidate not judged yet is "supports").
    """

    model_config = ConfigDict(frozen=True)

    source_id: str
    domain: str
    start: int
    end: int
    text: str
    retrieval_score: float
    label: str = "supports"

    def record(self) -> dict[str, Any]:
        """The span as ``ClaimVerified`` records it (``contracts.EvidenceSpan``): {source_id, start, end, quote,
        label, score}."""
        return {"source_id": self.source_id, "start": self.start, "end": self.end, "quote": self.text,
                "label": self.label, "score": float(self.retrieval_score)}


# ---- a domain figure proposed as a claim ---------------------------------------------------------------------------
class FigureWindow(BaseModel):
    """Where a domain figure (a claim a domain service proposed: ``contracts.DomainFigure``) was read, so the
    verifier checks it against that document alone.

    Attributes:
        domain: the domain service that proposed it ("shopping", "code").
        quote: the cited text, ``document[start:end]`` of the claim's ``start``/``end``.
        window_start, window_end: character offsets (end exclusive) of its evidence window in the document (from
            the product's or package's name to the value).
        document_sha256: the document's digest when the domain service stored it itself (a page's HTML, a
            registry's JSON); None: the run source's stored text.
    """

    model_config = ConfigDict(frozen=True)

    domain: str
    quote: str
    window_start: int
    window_end: int
    document_sha256: str | None = None


def domain_claim_id(run_id: UUID | str, source_id: UUID | str, start: int, end: int) -> UUID:
    """The claim id of a domain figure cited at ``[start:end]`` of ``source_id``'s document: uuid5 of the run
    and the span. The domain service's proposed claim (``contracts.DomainFigure``) and the report's citation of
    that figure carry the same id, so the figure's verdict reaches the report's trust signals."""
    return uuid5(UUID(str(run_id)), f"domain:{source_id}:{start}:{end}")


# ---- one claim, from extraction to citation (issue 8) ------------------------------------------------------------
class Claim(BaseModel):
    """One claim of a run, the same value from extraction to citation: the claim-extractor makes it (id, source,
    text, the character offsets of its evidence sentence in the source's stored text, its flags), the run view
    (``shared.domain.RunView.claims``) hands it to the verifier, which returns it with its verdict, and the
    synthesizer writes and cites it.

    Attributes:
        claim_id: unique id of the claim (``shared.domain.claim_id_for``: uuid5 of the run and the text).
        source_id: id of the source the claim was extracted from.
        text: self-contained claim text.
        start, end: character offsets (end exclusive) of the claim's evidence sentence in its source's text.
        numeric, recent, named_event: the extractor's flags (a number, a recent fact, a named event).
        verdict: None until verified; then "supported", "contradicted", "contested" or "unverified".
        stability: resampling stability in [0, 1] (0.0 until verified).
        support_score: the verifier's support score in [0, 1] (0.0 until verified).
        spans: evidence spans, best first (for "supported": supporting spans; ``label`` says which).
        corroborating_domains: the independent domains whose spans back the verdict.
        figure: for a domain figure (proposed by a domain service, not extracted), where it was read; None for
            every extracted claim.
    """

    model_config = ConfigDict(frozen=True)

    claim_id: str
    source_id: str
    text: str
    start: int = 0
    end: int = 0
    numeric: bool = False
    recent: bool = False
    named_event: bool = False
    verdict: str | None = None
    stability: float = 0.0
    support_score: float = 0.0
    spans: list[EvidenceCandidate] = []
    corroborating_domains: list[str] = []
    figure: FigureWindow | None = None

    def record(self) -> dict[str, Any]:
        """The claim as ``ClaimsExtracted`` records it (``contracts.ClaimRecord``): {claim_id, text, start, end,
        numeric, recent, named_event}."""
        return {"claim_id": self.claim_id, "text": self.text, "start": self.start, "end": self.end,
                "numeric": self.numeric, "recent": self.recent, "named_event": self.named_event}

    def verdict_record(self) -> dict[str, Any]:
        """The verification outcome as ``ResearchRuns.record_verdict`` takes it: {verdict, stability (6 places),
        support_score (clamped to [0, 1], 6 places), spans (``EvidenceCandidate.record``), corroborating_domains}.
        Raises: ValueError when the claim has no verdict."""
        if self.verdict is None:
            raise ValueError(f"claim {self.claim_id} has no verdict to record")
        return {"verdict": self.verdict, "stability": round(float(self.stability), 6),
                "support_score": round(min(1.0, max(0.0, float(self.support_score))), 6),
                "spans": [s.record() for s in self.spans],
                "corroborating_domains": list(self.corroborating_domains)}


#: the name the synthesizer's engines use for a claim with a verdict: the same type as every other claim
VerifiedClaim = Claim


class SourceInfo(BaseModel):
    """Display information of a source: title, URL or file path, domain; and, when the page gave them, its
    author, publication and last-modified dates (ISO ``YYYY-MM-DD``), and for a scholarly source its retraction
    status (``scholarly_note``)."""

    model_config = ConfigDict(frozen=True)

    source_id: str
    title: str
    url_or_path: str
    domain: str
    author: str | None = None
    published: str | None = None
    modified: str | None = None
    #: what the report says next to a scholarly source: "retracted on 2021-06-02", "expression of concern
    #: (2022-01-17)", "corrected (2019-09-20)", "retraction status unknown"; None for any other source
    scholarly_note: str | None = None
    #: the source's kind (``SourceFetched.provenance``: paper, preprint, news, reference, manufacturer, retailer,
    #: forum, blog, affiliate_review, review, unknown) and the publisher its structured data names (None: not named)
    kind: str = "unknown"
    publisher: str | None = None
    #: why the source is sponsored or affiliate content (a disclosure, ``rel="sponsored"`` or affiliate links: the
    #: shopping analysis' finding, or the source kind ``affiliate_review``); None for an independent source. A report
    #: never leads with it when an independent source gives evidence, and marks it wherever it cites it
    sponsored: str | None = None
    #: why the page is about another language ecosystem than the code question's ("a JavaScript/TypeScript (npm)
    #: page; the question is about Python (PyPI)": the code analysis' ``PackagesSurveyed.pages``); None otherwise. A
    #: code report never leads with it while a page of the question's ecosystem, or of none, gives evidence
    other_ecosystem: str | None = None


#: source kinds that alone never make a report "high" (forums, blogs, affiliate reviews, shops): the confidence
#: gate caps a report citing only these, and the web app's banner says so
LOW_TRUST_KINDS = frozenset({"forum", "blog", "affiliate_review", "retailer"})
#: source kinds of a post: one writer's account, often retelling what they were told (a forum post, a blog); the
#: synthesizer reads hearsay in them and the shopping domain leaves out their figures another kind of page gives
POST_KINDS = frozenset({"forum", "blog"})
#: source kinds of an independent test, review or report: not the seller's or maker's own page, a forum, a blog, an
#: affiliate review or a page of unknown kind (``SourceFetched.provenance`` kinds)
INDEPENDENT_KINDS = frozenset({"review", "news", "reference", "paper", "preprint"})


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


def registrable_host(url: str) -> str:
    """The host of ``url`` without ``www.`` and, for hosts of three labels or more, reduced to the last two (the
    last three when the second-level label is a generic one: ``bbc.co.uk``, ``abc.net.au``); an IP address as
    it is."""
    host = (urlsplit(url).hostname or "").lower().removeprefix("www.")
    labels = host.split(".")
    if len(labels) <= 2 or re.fullmatch(r"[\d.]+|[\da-f:]+", host):
        return host
    keep = 3 if labels[-2] in ("co", "com", "net", "org", "gov", "ac", "edu") and len(labels[-1]) == 2 else 2
    return ".".join(labels[-keep:])


_PUBLISHER_NOISE = frozenset({"the", "inc", "ltd", "llc", "plc", "co", "corp", "media", "group", "gmbh", "sa", "ag",
                              "com", "www", "online"})


def publisher_key(publisher: str | None, url: str) -> str:
    """The key under which corroboration counts a source once: its publisher's name folded (case, punctuation,
    "the", "inc", "ltd", "media", "group"...) when a name is known, else its registrable host (also when the
    "publisher" is only a host name)."""
    if publisher and not re.fullmatch(r"[\w.-]+\.[a-z]{2,}|[\d.:]+", publisher.strip().lower()):
        words = [w for w in re.findall(r"\w+", publisher.casefold()) if w not in _PUBLISHER_NOISE]
        if words:
            return " ".join(words)
    return registrable_host(url)


def source_domain(src: Mapping[str, Any]) -> str:
    """What a source counts as for diversity and corroboration, so that one publisher counts once: for a
    syndicated copy or mirror whose page names its original on another site (``provenance.canonical``), the
    original's registrable host; for a page whose publisher is named in its structured data, that publisher
    (folded, :func:`publisher_key`); else the URL's host; ``local:<title>`` for corpus files."""
    url = str(src.get("final_url") or src.get("url") or "")
    prov = src.get("provenance") or {}
    if prov.get("canonical"):
        return registrable_host(str(prov["canonical"]))
    if url.startswith(("http://", "https://")):
        publisher = prov.get("publisher")
        if publisher and prov.get("named"):
            return publisher_key(str(publisher), url)
        return urlsplit(url).hostname or url
    return f"local:{src.get('title') or url}"
