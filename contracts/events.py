"""Events: recorded facts of a research run, past tense, relayed from the event store to NATS.

Every event here is also an event class of the ``ResearchRun`` aggregate (same name, same payload fields).
Each event class registers itself (``@register_event``: ``EVENT_TYPES`` then maps its name to it) and says in
one line what it records (``summary``); the event store, the indexer, the CLI timeline and the AsyncAPI build
find events there, so adding an event is adding its class here (and its aggregate method, and the handlers that
use it). Subjects are ``assay.evt.<kebab-name>.v1``.
"""

from __future__ import annotations

import re
from typing import ClassVar, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from contracts.base import Contract, Event
from contracts.commands import Budget
from contracts.registry import register_event

Verdict = Literal["supported", "contradicted", "contested", "unverified"]


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SubQuery(_Part):
    """One sub-query of a plan."""

    sub_query_id: str
    text: str


class SearchHit(_Part):
    """One search result: ``url`` is http(s) or ``doc:<sha256>`` for the local corpus; ``score`` is the
    provider's relevance score (higher is better, provider-specific scale)."""

    url: str
    title: str = ""
    snippet: str = ""
    provider: str
    rank: int = Field(ge=1)
    score: float


class SelectedSource(_Part):
    """A source chosen for fetching after all sub-queries were searched (fused by reciprocal rank)."""

    source_id: UUID
    url: str
    title: str = ""
    fused_score: float = 0.0


class ClaimRecord(_Part):
    """An atomic claim; ``start``/``end`` are character offsets of its evidence sentence in the source text."""

    claim_id: UUID
    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    numeric: bool = False
    recent: bool = False
    named_event: bool = False


class EvidenceSpan(_Part):
    """A span of a fetched source's stored text: ``text[start:end] == quote``."""

    source_id: UUID
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str
    label: Literal["supports", "contradicts"] = "supports"
    score: float = 0.0


class Citation(_Part):
    """A ``[n]`` marker of a report: it cites claim ``claim_id`` through evidence ``quote`` in source ``source_id``."""

    n: int = Field(ge=1)
    source_id: UUID
    claim_id: UUID
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str


@register_event
class RunStarted(Event):
    """The run was accepted; its request is recorded as the first event of its stream."""

    SUBJECT: ClassVar[str] = "assay.evt.run-started.v1"
    question: str
    scope: str
    depth: str
    domain: str
    max_sources: int
    site_filter: tuple[str, ...] = ()
    language: str | None = None
    verify_claims: bool = True
    budget: Budget = Budget()
    urls: tuple[str, ...] = ()
    corpus: str | None = None
    memory: bool = True  # research memory searched beside the local corpus (older events: True)
    workspace: str | None = Field(None, description="A code run's project folder, None when the run names none (the "
                                  "stored event is at class version 2; older records are upcast with None)")
    # plan review and per-run search engines (added within v1: optional; stored RunStarted is at version 2)
    review_plan: bool = Field(False, description="The run waits after PlanCreated for PlanApproved")
    providers: tuple[str, ...] | None = Field(None, description="The search providers the run may use; None: all")

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        extra = (", plan review" if self.review_plan else "") + (
            f", providers {'+'.join(self.providers)}" if self.providers is not None else "")
        return f"question: {self.question[:80]!r} (scope {self.scope}, depth {self.depth}{extra})"


@register_event
class PlanCreated(Event):
    """The planner split the question into sub-queries.

    ``perspectives`` (added within v1: optional, default empty, so earlier events and consumers stay valid)
    are the STORM perspectives a deep run's plan was drawn from, each ``"name: what it wants to find out"``.
    """

    SUBJECT: ClassVar[str] = "assay.evt.plan-created.v1"
    sub_queries: tuple[SubQuery, ...]
    domain: str
    language: str
    engine: str = Field(description="'offline' or the model that planned")
    degraded: bool = False
    perspectives: tuple[str, ...] = Field(
        (), description="STORM perspectives of a deep run's model plan ('name: focus'); empty otherwise")

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        line = f"{len(self.sub_queries)} sub-queries: " + "; ".join(q.text for q in self.sub_queries)[:160]
        if self.perspectives:
            line += f" — {len(self.perspectives)} perspectives: " + "; ".join(
                p.split(":")[0] for p in self.perspectives)[:120]
        return line


@register_event
class SearchCompleted(Event):
    """One hop of one sub-query was searched. ``final`` marks the sub-query's last hop.

    ``hits`` are the providers' results fused by reciprocal rank, deduplicated by canonical URL and by
    near-duplicate text, filtered by the run's ``site_filter`` (``provider`` names every provider that returned
    the URL, ``+``-joined; ``rank`` is the fused rank; ``score`` the fused score). ``providers_failed`` holds
    ``"name: reason (detail)"`` per provider that failed this hop (reason: rate_limited, http_status,
    error_payload, timeout, bad_payload, unreachable). ``diagnostics`` are retrieval figures of the hop:
    ``subquery_coverage`` and ``term_coverage`` (0-1 shares of the sub-query's and question's key terms found
    in the hits' titles and snippets), ``domain_diversity`` (0-1: distinct sites / hits) and counts.
    """

    SUBJECT: ClassVar[str] = "assay.evt.search-completed.v1"
    PER_UNIT: ClassVar[bool] = True
    sub_query_id: str
    text: str
    hop: int = Field(ge=1)
    hits: tuple[SearchHit, ...]
    final: bool
    providers_failed: tuple[str, ...] = ()
    diagnostics: dict[str, float] = Field(default_factory=dict)

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        failed = f", failed: {', '.join(self.providers_failed)}" if self.providers_failed else ""
        uncovered = self.diagnostics.get("question_terms_uncovered")
        trace = "" if uncovered is None else (
            ", every question term covered" if uncovered == 0 else f", {int(uncovered)} question term(s) uncovered")
        return f"{self.sub_query_id} hop {self.hop}: {len(self.hits)} hits for {self.text[:60]!r}{trace}{failed}"


@register_event
class SourcesSelected(Event):
    """Fan-in of all searches: the sources to fetch (search results fused plus the user's URLs)."""

    SUBJECT: ClassVar[str] = "assay.evt.sources-selected.v1"
    sources: tuple[SelectedSource, ...]

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{len(self.sources)} sources to fetch"


class InstructionFlag(_Part):
    """Instruction-like text found in a source (prompt injection: text addressed to the model that reads the
    page, see ``shared.text.injection``): ``where`` in the page (``text``, ``hidden`` element, ``attribute``
    such as alt text, ``comment``, ``metadata``), the ``language`` of the pattern that matched (ISO 639-1) and
    an ``excerpt`` (at most 200 characters)."""

    where: Literal["text", "hidden", "attribute", "comment", "metadata"]
    language: str
    excerpt: str = Field(max_length=200)


class ScholarlyNotice(_Part):
    """An update notice a registry records for a work (CrossRef's ``updated-by``, PubMed's comments and
    corrections, an arXiv withdrawal): ``kind`` (retracted, withdrawn, expression_of_concern, corrected, or
    CrossRef's own type), ``date`` (ISO, may be empty), the notice's ``doi`` (or ``pmid``) and its ``source``
    (``publisher``, ``retraction-watch``, ``pubmed`` or ``arxiv``)."""

    kind: str
    date: str
    doi: str
    source: str
    pmid: str = ""  # a PubMed notice's PMID (``source`` ``pubmed``)


class CitedWork(_Part):
    """A work a page names (a DOI or PMID in its metadata) without being it: the page's own title is not the
    work's (``services.scraper.scholarly``). ``doi`` (or None when only a PMID named it), where the page named it
    (``found_in``), the registry's ``title``, ``journal`` and ``published`` date, and the work's own ``status``
    (``ok``, ``retracted``, ``withdrawn``, ``expression_of_concern``, ``corrected``) with its ``status_date``."""

    doi: str | None
    found_in: Literal["url", "metadata", "pdf"] | None = None
    title: str | None = None
    journal: str | None = None
    published: str | None = None
    status: Literal["ok", "retracted", "withdrawn", "expression_of_concern", "corrected", "unknown"]
    status_date: str | None = None

    def note(self) -> str:
        """"cites a retracted paper (doi:10.5555/x, retracted on 2021-06-02)", "cites a withdrawn paper (...)",
        "cites a paper under an expression of concern (...)"; "" for a work with no such notice."""
        when = self.status_date or "an unknown date"
        what = {"retracted": ("a retracted paper", f"retracted on {when}"),
                "withdrawn": ("a withdrawn paper", f"withdrawn on {when}"),
                "expression_of_concern": ("a paper under an expression of concern",
                                          f"expression of concern ({when})")}.get(self.status)
        if what is None:
            return ""
        ident = f"doi:{self.doi}, " if self.doi else ""
        return f"cites {what[0]} ({ident}{what[1]})"


#: the words a status "unknown" reason may have carried in records written before the reason held the cause only
_UNKNOWN_SUFFIX = re.compile(r"[:;,]?\s*retraction status unknown\s*$", re.I)


class ScholarlyRecord(_Part):
    """What is known of a scholarly source (``services.scraper.scholarly``): its ``doi`` and where it was found
    (``url``, ``metadata``, ``pdf``), its ``arxiv_id``, ``pmid`` and ``pmcid``; CrossRef's (else PubMed's, else
    arXiv's) ``title``, ``journal``, ``published`` date,
    ``type`` and ``publisher``; ``status``: ``ok``, ``retracted``, ``withdrawn``, ``expression_of_concern``,
    ``corrected``, ``unknown`` (``reason`` says why: malformed DOI, not in CrossRef, CrossRef down or
    rate-limiting, a preprint), or ``cites``: the page names a DOI or PMID whose work has another title than the
    page's own, so the page is not that work but cites it (``cites``: that work; the page's ``doi`` is None and it
    has no retraction status of its own); ``status_date`` the notice's date; ``notices`` every update notice;
    ``is_notice``: the work is itself a retraction or correction notice."""

    doi: str | None
    found_in: Literal["url", "metadata", "pdf"] | None
    arxiv_id: str | None
    title: str | None
    journal: str | None
    published: str | None
    type: str | None
    publisher: str | None
    status: Literal["ok", "retracted", "withdrawn", "expression_of_concern", "corrected", "unknown", "cites"]
    status_date: str | None
    reason: str
    notices: tuple[ScholarlyNotice, ...]
    is_notice: bool
    pmid: str | None = None  # PubMed id (``services.scraper.pubmed``), when the source names one
    pmcid: str | None = None  # PubMed Central id ("PMC1234567")
    cites: CitedWork | None = None  # the work the page names without being it (status ``cites``)

    def cause(self) -> str:
        """Why the status is unknown (``reason`` without the words "retraction status unknown" that records
        written before may end with); "" when there is no reason."""
        return _UNKNOWN_SUFFIX.sub("", self.reason or "").strip()

    def note(self) -> str:
        """What the report says next to the source: "retracted on 2021-06-02", "expression of concern
        (2022-01-17)", "corrected (2019-09-20)", "retraction status unknown (CrossRef unavailable: HTTP 503)"
        (the words said once, the cause after them), "cites a retracted paper (doi:10.5555/x, retracted on
        2021-06-02)" for a page that cites a retracted work (the page itself is not retracted), or "" when
        there is nothing to say."""
        when = self.status_date or "an unknown date"
        own = {"retracted": f"retracted on {when}", "withdrawn": f"withdrawn on {when}",
               "expression_of_concern": f"expression of concern ({when})", "corrected": f"corrected ({when})",
               "unknown": "retraction status unknown" + (f" ({self.cause()[:120]})" if self.cause() else "")
               }.get(self.status, "")
        return "; ".join(p for p in (own, self.cites.note() if self.cites is not None else "") if p)


class SourceProvenance(_Part):
    """What sort of source a page is and who publishes it (``services.scraper.provenance``): ``kind`` (paper,
    preprint, news, reference, manufacturer, retailer, forum, blog, affiliate_review, review, unknown), ``publisher``
    (``named``: from the page's structured data or CrossRef, not the site name or host standing in),
    ``canonical``: the original's address when the page is a copy of a page on another site, and the ``signal``
    that decided the kind."""

    kind: Literal["paper", "preprint", "news", "reference", "manufacturer", "retailer", "forum", "blog",
                  "affiliate_review", "review", "unknown"]
    publisher: str | None
    named: bool
    canonical: str | None
    signal: str


@register_event
class SourceFetched(Event):
    """A source's text was fetched and stored (content-addressed by ``text_sha256``).

    ``via="memory"``: the text is research memory's stored text of a page an earlier run fetched; ``final_url``
    is that page's URL and the title says when it was fetched.

    Page metadata, when known: ``author``, ``published`` and ``modified`` dates (ISO ``YYYY-MM-DD``) and the
    ``language`` of the text (ISO 639-1). Older events lack them (``None``). ``instructions``: the
    instruction-like text the scraper found in the source (flags; such sentences never reach a model nor become
    claims or evidence), empty when none. ``scholarly``: the source's DOI / arXiv id, CrossRef metadata and
    retraction status, None when the source names no scholarly identifier. ``provenance``: its kind, publisher
    and canonical address (older records: kind ``unknown``).
    """

    SUBJECT: ClassVar[str] = "assay.evt.source-fetched.v1"
    PER_UNIT: ClassVar[bool] = True
    source_id: UUID
    url: str
    final_url: str
    content_type: str
    title: str
    text_sha256: str
    chars: int
    via: Literal["http", "browser", "pdf", "local", "memory"]
    author: str | None = None
    published: str | None = None
    modified: str | None = None
    language: str | None = None
    html_sha256: str | None = Field(
        None, description="The page's HTML as fetched, stored in the document store (structured data such as "
                          "schema.org JSON-LD lives there, not in the text); None for other content or older events")
    instructions: tuple[InstructionFlag, ...] = ()
    scholarly: ScholarlyRecord | None = None
    provenance: SourceProvenance = Field(default_factory=lambda: SourceProvenance(
        kind="unknown", publisher=None, named=False, canonical=None, signal="not classified"))

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        dated = f", published {self.published}" if self.published else ""
        flagged = (f", {len(self.instructions)} instruction-like passage(s) flagged ("
                   + ", ".join(dict.fromkeys(f.where for f in self.instructions)) + ")") if self.instructions else ""
        paper = ""
        if self.scholarly is not None:
            s = self.scholarly
            ident = f"doi:{s.doi}" if s.doi else f"arXiv:{s.arxiv_id}" if s.arxiv_id else f"PMID {s.pmid}" if (
                s.pmid) else "" if s.status == "cites" else "a malformed DOI"
            bits = [b for b in (ident, s.note()) if b]
            paper = ", " + " ".join(bits) if bits else ""
        kind = f", {self.provenance.kind.replace('_', ' ')}" if self.provenance.kind != "unknown" else ""
        return f"{self.title[:60]!r} via {self.via} ({self.chars} chars{kind}{dated}{flagged}{paper})"


@register_event
class SourceFailed(Event):
    """A source could not be used; ``reason`` says why (``code: message``)."""

    SUBJECT: ClassVar[str] = "assay.evt.source-failed.v1"
    PER_UNIT: ClassVar[bool] = True
    source_id: UUID
    url: str
    reason: str

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{self.url[:80]} — {self.reason[:120]}"


@register_event
class ClaimsExtracted(Event):
    """Atomic claims were extracted from one fetched source."""

    SUBJECT: ClassVar[str] = "assay.evt.claims-extracted.v1"
    PER_UNIT: ClassVar[bool] = True
    source_id: UUID
    claims: tuple[ClaimRecord, ...]
    engine: str = "offline"
    degraded: bool = False

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{len(self.claims)} claims from source {str(self.source_id)[:8]}"


@register_event
class ExtractionCompleted(Event):
    """Fan-in: every source was fetched or failed and every fetched source had its claims extracted."""

    SUBJECT: ClassVar[str] = "assay.evt.extraction-completed.v1"
    claim_ids: tuple[UUID, ...]

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{len(self.claim_ids)} claims to verify"


@register_event
class ClaimVerified(Event):
    """One claim got a verdict; ``stability`` is the share of evidence resamples agreeing with it (0-1)."""

    SUBJECT: ClassVar[str] = "assay.evt.claim-verified.v1"
    claim_id: UUID
    verdict: Verdict
    stability: float = Field(ge=0, le=1)
    support_score: float = Field(ge=0, le=1)
    spans: tuple[EvidenceSpan, ...]
    corroborating_domains: tuple[str, ...] = ()
    engine: str = "offline"
    degraded: bool = False
    # ---- verdict reuse (research memory): the key of this claim and its evidence, and the run whose verdict was
    # reused (None: verified now). Older events have neither.
    reuse_key: str | None = Field(None, description="'<claim hash>.<evidence hash>': sha256 of the normalised claim "
                                  "text and of the evidence texts the verdict rests on (its spans' quotes)")
    reused_from: UUID | None = Field(None, description="The run whose verdict of the same claim on the same "
                                                       "evidence was reused (None: verified in this run)")

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        reused = f", reused from run {str(self.reused_from)[:8]}" if self.reused_from else ""
        return f"claim {str(self.claim_id)[:8]}: {self.verdict} (stability {self.stability:.2f}{reused})"


@register_event
class ClaimsVerified(Event):
    """Fan-in: every claim was verified (or the run's deadline cut verification short, ``partial``)."""

    SUBJECT: ClassVar[str] = "assay.evt.claims-verified.v1"
    counts: dict[str, int]
    partial: bool = False
    missing: tuple[str, ...] = ()

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        counts = ", ".join(f"{k} {v}" for k, v in self.counts.items() if v) or "no claim verified"
        return counts + (" (partial)" if self.partial else "")


@register_event
class ConfidenceGated(Event):
    """The 4-signal confidence gate (0.35 citation, 0.30 support, 0.20 diversity, 0.15 retrieval)."""

    SUBJECT: ClassVar[str] = "assay.evt.confidence-gated.v1"
    score: float = Field(ge=0, le=1)
    tier: Literal["high", "medium", "low"]
    signals: dict[str, float]

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``): the score and tier, then what keeps a leading domain's pick
        from "high" when a feature of its backing does not hold (a ``pick_*`` signal of 0, in the words of
        :data:`PICK_SHORTFALLS`): "confidence 0.60 (medium): the pick's ranking figures disagree across its sources;
        its evidence comes from one publisher"."""
        short = [words for name, words in PICK_SHORTFALLS.items() if self.signals.get(name, 1.0) < 1.0]
        return f"confidence {self.score:.2f} ({self.tier})" + (": " + "; ".join(short) if short else "")


#: what a leading domain's pick lacks when its ``pick_*`` signal (``services.synthesizer.domain.pick_features``) is
#: 0, as the timeline says it
PICK_SHORTFALLS: dict[str, str] = {
    "pick_agree": "the pick's ranking figures disagree across its sources",
    "pick_publishers": "its evidence comes from one publisher",
    "pick_independent": "no independent test or review backs it",
    "pick_unsponsored": "only sponsored or affiliate sources back it",
    "pick_candidates": "it is the only candidate compared",
    "pick_checked": "no code using it passed a check beyond parsing",
    "pick_page": "no fetched page names it (registry facts only)",
}


@register_event
class ReportSynthesized(Event):
    """The report was written and stored (Markdown, content-addressed by ``report_sha256``)."""

    SUBJECT: ClassVar[str] = "assay.evt.report-synthesized.v1"
    report_sha256: str
    citations: tuple[Citation, ...]
    used_claim_ids: tuple[UUID, ...]
    partial: bool = False
    missing: tuple[str, ...] = ()
    engine: str = Field("offline", description="'offline' or the model(s) that wrote it, '+'-joined")
    degraded: bool = Field(False, description="Part of the report fell back to the offline engine")

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{len(self.citations)} citations" + (" (partial)" if self.partial else "")


@register_event
class ReportJudged(Event):
    """Rubric scores: factual accuracy 0-33, citation density 0-33, coverage 0-34."""

    SUBJECT: ClassVar[str] = "assay.evt.report-judged.v1"
    factual_accuracy: int = Field(ge=0, le=33)
    citation_density: int = Field(ge=0, le=33)
    coverage: int = Field(ge=0, le=34)
    total: int = Field(ge=0, le=100)
    rationale: str
    engine: str = "offline"
    degraded: bool = Field(False, description="The judge model failed and the offline rubric was used")

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return (f"{self.total}/100 (accuracy {self.factual_accuracy}/33, density {self.citation_density}/33, "
                f"coverage {self.coverage}/34)")


class VerificationCheck(_Part):
    """One Chain-of-Verification question: the report's statement it checks, the answer given from the
    evidence alone (without the report), and whether that answer agrees with the statement."""

    question: str
    statement: str
    answer: str
    agrees: bool


@register_event
class SelfVerificationCompleted(Event):
    """Chain-of-Verification (CoVe, factored) of the report: 3-5 verification questions answered
    independently from the evidence only; ``flagged`` when more than half disagree with the report.
    Recorded only when the ``cove`` role has a model."""

    SUBJECT: ClassVar[str] = "assay.evt.self-verification-completed.v1"
    SUMMARY_NAMES_ENGINE: ClassVar[bool] = True
    checks: tuple[VerificationCheck, ...]
    asked: int = Field(ge=0)
    disagreed: int = Field(ge=0)
    flagged: bool
    engine: str = "offline"
    degraded: bool = False

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return (f"CoVe: {self.asked - self.disagreed}/{self.asked} questions agree"
                + (" — report FLAGGED" if self.flagged else "") + f" ({self.engine})")


@register_event
class CitationsAudited(Event):
    """Every ``[n]`` checked against the stored text of its source."""

    SUBJECT: ClassVar[str] = "assay.evt.citations-audited.v1"
    total: int
    valid: int
    invalid: tuple[str, ...] = ()

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{self.valid}/{self.total} citations valid"


@register_event
class RunCompleted(Event):
    """The run finished; ``status`` is ``complete`` or ``partial`` (deadline or budget cut it short)."""

    SUBJECT: ClassVar[str] = "assay.evt.run-completed.v1"
    status: Literal["complete", "partial"]
    report_sha256: str
    missing: tuple[str, ...] = ()

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return self.status


@register_event
class RunFailed(Event):
    """The run could not proceed; ``stage`` and ``reason`` say where and why."""

    SUBJECT: ClassVar[str] = "assay.evt.run-failed.v1"
    stage: str
    reason: str

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{self.stage}: {self.reason}"


@register_event
class RunCancelled(Event):
    """The run was cancelled (``assay cancel``, Ctrl-C or SIGTERM on ``assay run``, the gateway's cancel) before it
    finished; ``reason`` says who asked and why. A terminal event: nothing is recorded or done for the run
    after it."""

    SUBJECT: ClassVar[str] = "assay.evt.run-cancelled.v1"
    reason: str

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return self.reason


@register_event
class StageDegraded(Event):
    """A stage fell back to a weaker engine or skipped work; the run goes on."""

    SUBJECT: ClassVar[str] = "assay.evt.stage-degraded.v1"
    PER_UNIT: ClassVar[bool] = True
    stage: str
    reason: str

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{self.stage}: {self.reason}"


@register_event
class UnitDeadLettered(Event):
    """A unit of work (a sub-query's search, a source's fetch or claim extraction, a claim's verification, the
    domain analysis, the report's judgement) was given up on: its message was dead-lettered (``reason``, as in
    ``assay rejections``). The unit is recorded as failed (``SearchCompleted`` with no hits, ``SourceFailed``, the
    claim ``unverified``, ...) so the run's fan-in goes on; the run ends partial with ``unit`` and ``reason`` under
    "What is missing". ``kind``: search, fetch, extract, verify, verify-all, domain, judge."""

    SUBJECT: ClassVar[str] = "assay.evt.unit-dead-lettered.v1"
    PER_UNIT: ClassVar[bool] = True
    stage: str
    kind: str
    unit: str
    reason: str

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{self.stage} gave up on {self.unit[:80]}: {self.reason[:160]}"


@register_event
class DeadlineExpired(Event):
    """The run's time budget ran out before fan-in; ``missing`` lists the unfinished work."""

    SUBJECT: ClassVar[str] = "assay.evt.deadline-expired.v1"
    stage: str
    missing: tuple[str, ...]

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return "; ".join(self.missing)[:200]


LlmCallOutcome = Literal["ok", "repaired", "invalid", "error", "timeout", "budget_exhausted"]


@register_event
class LlmCallRecorded(Event):
    """One model call through the gateway (``shared.llm``), whatever its outcome.

    ``outcome``: ok (usable as sent), repaired (usable after JSON repair or normalisation), invalid (answered,
    unusable), error (HTTP error, refused, unreachable), timeout, budget_exhausted (no call made: the run's
    token / USD / time budget is spent; recorded once per run, and the run then finishes with a partial report).
    Tokens are as the provider reported them (a timeout records the estimated input tokens).
    """

    SUBJECT: ClassVar[str] = "assay.evt.llm-call-recorded.v1"
    role: str = Field(description="planner, extractor, verifier, synthesizer, judge, cove or arbiter")
    model: str = Field(description="litellm model string")
    tokens_in: int = Field(ge=0)
    tokens_out: int = Field(ge=0)
    cost_usd: float = Field(ge=0, description="US dollars; 0 for local or unpriced models")
    latency_ms: int = Field(ge=0)
    outcome: LlmCallOutcome
    detail: str = Field("", max_length=300, description="Why it failed or what was repaired")

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        detail = f" — {self.detail[:100]}" if self.detail else ""
        return (f"{self.role} {self.model}: {self.outcome}, {self.tokens_in}+{self.tokens_out} tokens, "
                f"${self.cost_usd:.6f}, {self.latency_ms} ms{detail}")


@register_event
class EvalRunCompleted(Event):
    """An ``assay eval`` suite finished (definitions of the figures: ``../shared/EVAL.md``).

    Its stream is the evaluation's own (``run_id`` is the eval id, not a research run). ``suite``: hotpotqa,
    hotpotqa-pooled, scifact, healthver or climate-fever; ``split``: the data file and slice; ``figures``: figure
    key -> value (shares and F1 in 0-1, seconds, counts, USD; None when undefined); ``engine``: "offline" or the
    roles that had a model; ``config``: the options it ran with.
    """

    SUBJECT: ClassVar[str] = "assay.evt.eval-run-completed.v1"
    SUMMARY_NAMES_ENGINE: ClassVar[bool] = True
    suite: str
    split: str
    questions: int = Field(ge=0)
    figures: dict[str, float | None]
    engine: str = "offline"
    config: dict[str, str] = Field(default_factory=dict)

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``): the suite, its slice and its first figures."""
        shown = ", ".join(f"{k} {'n/a' if v is None else f'{v:.3f}'}" for k, v in list(self.figures.items())[:4])
        return f"{self.suite} on {self.split} ({self.questions} questions, {self.engine}): {shown}"


class MessageRejected(Contract):
    """A message that could not be processed (malformed, unknown version), with the reason.

    Not a run event (the body may carry no usable run id); recorded in the rejected-message table, then
    published on ``assay.evt.message-rejected.v1``.
    """

    SUBJECT: ClassVar[str] = "assay.evt.message-rejected.v1"
    rejection_id: UUID
    subject: str
    reason: str
    body_sha256: str
    body_preview: str = Field(max_length=500)
    run_id: UUID | None = None


# ---- domain services (the hook: a domain's own analysis reaches the report) --------------------------------
class DomainSource(_Part):
    """A document a domain service fetched or derived and stored itself (content-addressed), citable like a run
    source: ``document_sha256`` names the stored text that its evidence spans index (e.g. a page's HTML)."""

    source_id: UUID
    url: str
    title: str = ""
    document_sha256: str
    content_type: str = "text/html"


class DomainEvidence(_Part):
    """What one figure of a domain section cites: ``text[start:end] == quote`` where ``text`` is the stored
    document of ``source_id`` (a run source's stored text, or a :class:`DomainSource`'s document). ``ref`` is
    the key the section's Markdown uses for it: ``[@ref]`` is turned into the report's ``[n]``."""

    ref: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")
    source_id: UUID
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str


class DomainSection(_Part):
    """One report section written by a domain service: a heading and a Markdown body (prose, lists, tables)
    whose figures cite evidence as ``[@ref]`` markers (each ``ref`` one of ``evidence``)."""

    heading: str = Field(min_length=1, max_length=200)
    body: str
    evidence: tuple[DomainEvidence, ...] = ()


class PickBacking(_Part):
    """What backs the pick a domain service's first section opens with (the line a leading domain report answers
    with), as the service found it: the synthesizer's confidence gate reads these facts, never the section's
    wording (``services.synthesizer.domain.pick_features``).

    ``kind``: ``ranking`` (a shopping "Best overall", "Best for <use>" or yes/no answer of which product leads on
    what is asked), ``values`` (the figures asked of one product), ``recommendation`` (a code recommendation, or the
    choice between two named packages), ``answer`` (a yes/no about one named package or the asker's own code: settled
    by its cited facts, no ranking to back) or ``none`` (the section opens with no pick). ``subject``: the product(s)
    or package picked, as named. ``figures_agree``: every figure the pick states is given alike by all its sources
    (False: "its sources disagree"); ``contested``: its sources disagree on the pick itself (an independent
    reviewer's pick for everyone names another product, none names this one). ``source_ids``: the sources the pick cites itself (run sources, or the domain
    sources of :class:`DomainSource`; not those of other products named after it). ``publishers``: the distinct
    publishers among those sources that are not sponsored or affiliate content (one publisher's sites count once);
    ``independent_review``: one of those is an independent test, review or report (not the seller's or maker's
    page); ``sponsored_only``: every source it cites is sponsored or affiliate content (or it cites none).
    ``compared``: the products or candidate packages it was ranked among. ``check``: the deepest check passed by
    the code the report shows (``none``, ``syntax``: parsed only, ``types``: type-checked, ``run``: run in the
    sandbox); ``check_failed``: some shown code failed its check (or none of the proposed code passed).
    ``pages_naming``: the run's fetched pages naming the package; ``page_example``: a fetched page's usage example
    is shown; ``asked``: the package is the one the question asks about by name ("How do I validate an IBAN with
    ibanwarden version 2?": no choice among candidates to back). A fact left None is unknown and counts as not
    backing the pick."""

    kind: Literal["ranking", "values", "recommendation", "answer", "none"] = "none"
    subject: str = Field("", max_length=300)
    figures_agree: bool | None = None
    contested: bool | None = None
    source_ids: tuple[UUID, ...] = ()
    publishers: int | None = Field(None, ge=0)
    independent_review: bool | None = None
    sponsored_only: bool | None = None
    compared: int | None = Field(None, ge=0)
    check: Literal["none", "syntax", "types", "run"] | None = None
    check_failed: bool | None = None
    pages_naming: int | None = Field(None, ge=0)
    page_example: bool | None = None
    asked: bool | None = None


@register_event
class DomainAnalysisCompleted(Event):
    """A domain service (``domain``: shopping, code ...) finished its analysis of the run: its report sections
    (placed after the lead), the sources it recorded itself, and notes for "What is missing".

    ``status``: complete, failed (the service could not analyse: ``reason`` says why; the run goes on with the
    general report) or unfinished (the run's deadline passed first; recorded by the deadline sweeper).
    ``max_tier`` caps the report's confidence tier (e.g. "medium" when the data the domain needs is missing).
    ``pick``: what backs the pick its first section opens with (:class:`PickBacking`); None when the service gave
    none (a failed or unfinished analysis, or a record made before the field existed: its pick counts as not
    backed).
    """

    SUBJECT: ClassVar[str] = "assay.evt.domain-analysis-completed.v1"
    SUMMARY_NAMES_ENGINE: ClassVar[bool] = True
    domain: str
    status: Literal["complete", "failed", "unfinished"]
    sections: tuple[DomainSection, ...] = ()
    sources: tuple[DomainSource, ...] = ()
    notes: tuple[str, ...] = ()
    reason: str = ""
    max_tier: Literal["high", "medium", "low"] = "high"
    engine: str = "offline"
    degraded: bool = False
    pick: PickBacking | None = None

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        why = f" — {self.reason[:120]}" if self.reason else ""
        return (f"{self.domain} analysis {self.status}: {len(self.sections)} section(s), "
                f"{len(self.sources)} own source(s) ({self.engine}){why}")


class DomainFigure(_Part):
    """A figure of a domain section proposed as a claim (a product's price, weight, battery life; a package's
    version, licence): ``text`` states it as a sentence; ``text[start:end] == quote`` of the cited document of
    ``source_id`` (a run source's stored text, or ``document_sha256`` for a domain source); the verifier checks
    ``text`` against the evidence window ``[window_start:window_end]`` around the span (e.g. from the product's
    name). ``claim_id`` equals the claim id of the figure's citation in the report."""

    claim_id: UUID
    text: str = Field(min_length=1, max_length=500)
    source_id: UUID
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str
    window_start: int = Field(ge=0)
    window_end: int = Field(ge=0)
    document_sha256: str | None = None


@register_event
class DomainFiguresProposed(Event):
    """A domain service's cited figures, proposed as claims for the verifier, with its analysis: the aggregate
    records ``DomainAnalysisCompleted`` (these sections, sources, notes, cap, engine) once every figure has a
    verdict, or at the run's deadline with the verdicts so far (``pick``: what backs its lead pick, carried to
    ``DomainAnalysisCompleted``)."""

    SUBJECT: ClassVar[str] = "assay.evt.domain-figures-proposed.v1"
    SUMMARY_NAMES_ENGINE: ClassVar[bool] = True
    domain: str
    figures: tuple[DomainFigure, ...]
    sections: tuple[DomainSection, ...] = ()
    sources: tuple[DomainSource, ...] = ()
    notes: tuple[str, ...] = ()
    max_tier: Literal["high", "medium", "low"] = "high"
    engine: str = "offline"
    degraded: bool = False
    pick: PickBacking | None = None

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{self.domain}: {len(self.figures)} figure(s) proposed as claims ({self.engine})"


# ---- domain-shopping: its own events (services/domain_shopping) ------------------------------------------
class ProductCandidate(_Part):
    """A product the sources name: ``product_id`` is a stable slug (brand + model, spelling-folded); ``aliases``
    are the other spellings found; ``source_ids`` the run sources naming it."""

    product_id: str
    name: str
    brand: str = ""
    model: str = ""
    variant: str = ""
    aliases: tuple[str, ...] = ()
    source_ids: tuple[UUID, ...] = ()


class Cited(_Part):
    """Where a figure was read: ``text[start:end] == quote`` in the stored document of ``source_id`` (a run
    source's text, or a domain source: a page's HTML); ``origin``: json-ld, microdata, rdfa, table or text."""

    source_id: UUID
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str
    origin: str = "json-ld"


class SpecCell(_Part):
    """One product's value of one attribute from one source: as shown (``value``) and, for a quantity, in the
    attribute's canonical unit (``amount`` in ``unit``, e.g. 249.5 gram); ``cited`` says where it was read."""

    product_id: str
    attribute: str
    value: str
    amount: float | None = None
    unit: str = ""
    cited: Cited


class OfferRecord(_Part):
    """One offer of a product by a merchant. ``price`` None when no price could be read; ``currency`` an ISO 4217
    code, or None when unknown (``note`` says what was shown); ``condition`` new, refurbished or used;
    ``on_sale`` when a higher regular price is shown (``regular_price``); ``within_budget`` None when the
    question has no budget or the offer cannot be put in the budget's currency (no rate for it)."""

    product_id: str
    merchant: str
    price: float | None = None
    currency: str | None = None
    regular_price: float | None = None
    on_sale: bool = False
    availability: str = ""
    condition: str = "new"
    date: str | None = None
    within_budget: bool | None = None
    compared_price: float | None = Field(None, description="The price in the comparison currency (the budget's or "
                                         "the user's): converted at the reference rates of ``rate_date``, the price "
                                         "itself when already in it; None when it cannot be compared")
    compared_currency: str | None = None
    rate_date: str | None = Field(None, description="Day (ISO) of the reference rates used; None when not converted")
    note: str = ""
    cited: Cited
    terms: str = Field("", description="Empty for a purchase price; else what the price is instead, never compared "
                       "as a purchase price (budget, best value): e.g. 'per month', 'rental', 'with contract', "
                       "'financing', 'zero price', joined by ', '")


class ReviewRecord(_Part):
    """One review of a product: rating out of ``best`` (None when unrated), praise and complaints quoted, and
    whether it is sponsored or affiliate content (``sponsored_why``); ``weight`` 1.0 for independent reviews,
    lower for sponsored ones. ``scale``: how a rating written on another scale was converted to ``best`` ("German
    school grade 1,7: 1 best, 6 worst"), "" when written on it."""

    product_id: str
    source_id: UUID
    rating: float | None = None
    best: float = 5.0
    pros: tuple[str, ...] = ()
    cons: tuple[str, ...] = ()
    sponsored: bool = False
    sponsored_why: str = ""
    weight: float = Field(1.0, ge=0, le=1)
    cited: Cited | None = None
    scale: str = ""


@register_event
class ProductsIdentified(Event):
    """domain-shopping: the 3-5 candidate products the run's sources name, de-duplicated across spellings."""

    SUBJECT: ClassVar[str] = "assay.evt.products-identified.v1"
    products: tuple[ProductCandidate, ...]

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{len(self.products)} products: " + "; ".join(p.name for p in self.products)[:160]


@register_event
class SpecMatrixBuilt(Event):
    """domain-shopping: the attributes that matter for the question, per product, each cell cited."""

    SUBJECT: ClassVar[str] = "assay.evt.spec-matrix-built.v1"
    attributes: tuple[str, ...]
    cells: tuple[SpecCell, ...]
    conflicts: tuple[str, ...] = Field((), description="'product: attribute' where sources disagree")

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return (f"{len(self.attributes)} attributes, {len(self.cells)} cells"
                + (f", {len(self.conflicts)} disagreement(s)" if self.conflicts else ""))


@register_event
class OffersCollected(Event):
    """domain-shopping: offers per product and merchant; ``budget`` (amount, ``budget_currency``) read from the
    question filters them."""

    SUBJECT: ClassVar[str] = "assay.evt.offers-collected.v1"
    offers: tuple[OfferRecord, ...]
    budget: float | None = None
    budget_currency: str | None = None

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        priced = sum(1 for o in self.offers if o.price is not None)
        budget = f", budget {self.budget:g} {self.budget_currency or ''}".rstrip() if self.budget else ""
        return f"{len(self.offers)} offers ({priced} priced){budget}"


class SponsoredSource(_Part):
    """A fetched source the shopping analysis found to be sponsored or affiliate content, and why (a disclosure
    sentence, ``rel="sponsored"`` links, affiliate link patterns): the report never leads with it when independent
    evidence exists, and marks it wherever it is cited."""

    source_id: UUID
    why: str


@register_event
class ReviewsSummarized(Event):
    """domain-shopping: reviews per product, sponsored and affiliate content marked and down-weighted;
    ``sponsored_sources``: every fetched source found sponsored or affiliate content (reviewed or not)."""

    SUBJECT: ClassVar[str] = "assay.evt.reviews-summarized.v1"
    reviews: tuple[ReviewRecord, ...]
    sponsored_sources: tuple[SponsoredSource, ...] = ()

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        sponsored = sum(1 for r in self.reviews if r.sponsored)
        # a sponsored page that gives no rating is no review, but it is found sponsored: the line says so
        pages = len({s.source_id for s in self.sponsored_sources} | {r.source_id for r in self.reviews if r.sponsored})
        return (f"{len(self.reviews)} reviews ({sponsored} sponsored or affiliate); "
                f"{pages} sponsored or affiliate source{'' if pages == 1 else 's'}")
