"""What the gateway shows, read from what Assay records: typed views shared by the HTTP API and the web app.

Sources: a run's state from the event store (the ``ResearchRun`` aggregate, read through ``shared.results.result``,
the same code ``assay run --json`` uses: always up to date), its events from the event store, texts from the
document store, lists and full-text search from the indexer's read models (``rm_runs``, ``rm_reports``, ...:
updated a moment after each event) joined with the gateway's ``gateway_runs`` (who started which run).

Every function here is synchronous (psycopg, the event store): call it in a thread from async code
(``asyncio.to_thread`` or a plain ``def`` FastAPI endpoint). None checks who may read what, except those that
take a ``Principal`` (lists and search); check single runs with ``services.gateway.keys.may_read``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from contracts import Event
from services.gateway.keys import Principal, requested
from shared import fulltext
from shared.errors import RunNotFound
from shared.results import describe, result
from shared.runtime import Runtime

#: event types that end a run (``RunCancelled`` once the shared cancel lands: matched by name)
TERMINAL_EVENTS = frozenset({"RunCompleted", "RunFailed", "RunCancelled"})
#: run statuses, as the API shows them
STATUSES = ("requested", "running", "completed", "partial", "failed", "cancelled")
VERDICTS = ("supported", "contested", "contradicted", "unverified")


class View(BaseModel):
    """Base of the views: read-only, unknown keys of the stored data ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class EvidenceSpanView(View):
    """A span of a fetched source's stored text behind a verdict: ``text[start:end] == quote`` (characters)."""

    source_id: UUID
    start: int
    end: int
    quote: str
    label: str = Field("supports", description="supports | contradicts")
    score: float = 0.0


class ClaimView(View):
    """An atomic claim extracted from a source, with its verdict and the evidence spans behind it."""

    claim_id: UUID
    source_id: UUID
    text: str
    start: int = Field(description="Character offset of the claim in its source's text")
    end: int
    verdict: str | None = Field(None, description="supported | contested | contradicted | unverified; None: "
                                                  "not verified (yet, or verification was not requested)")
    stability: float | None = Field(None, description="Share of evidence resamples agreeing with the verdict, 0-1")
    corroborating_domains: list[str] = []
    evidence_spans: list[EvidenceSpanView] = []
    numeric: bool = False
    recent: bool = False
    named_event: bool = False


class CitationView(View):
    """A ``[n]`` marker of the report: claim ``claim_id`` cited through ``quote`` of source ``source_id``."""

    n: int
    source_id: UUID
    claim_id: UUID
    start: int
    end: int
    quote: str


class SourceView(View):
    """A source selected for the run: where it came from and how fetching went (no text: see ``SourceDetail``)."""

    source_id: UUID
    url: str
    title: str = ""
    status: str = Field(description="pending | fetched | extracted | failed")
    final_url: str | None = None
    reason: str | None = Field(None, description="Why fetching failed")
    content_type: str | None = None
    via: str | None = None
    chars: int | None = None
    author: str | None = None
    published: str | None = None
    modified: str | None = None
    language: str | None = None
    fused_score: float | None = None
    # -- trust (issue 16): what sort of source, who publishes it, retraction status, instruction-like text found
    provenance: dict[str, Any] | None = Field(None, description="kind (paper, preprint, news, reference, "
                                              "manufacturer, retailer, forum, blog, affiliate_review, review, unknown), "
                                              "publisher, canonical address, the signal behind the kind")
    scholarly: dict[str, Any] | None = Field(None, description="DOI / arXiv / PubMed ids, registry metadata and "
                                             "retraction status (ok, retracted, withdrawn, expression_of_concern, "
                                             "corrected, unknown); None: no scholarly identifier")
    instructions: list[dict[str, Any]] = Field([], description="instruction-like text found in the source "
                                               "(prompt injection): where, language, excerpt")


class ConfidenceView(View):
    """The confidence gate: a calibrated score (0-1), its tier and the signals behind it."""

    score: float
    tier: str = Field(description="high | medium | low")
    signals: dict[str, float] = {}


class JudgeView(View):
    """The judge's rubric: factual accuracy 0-33, citation density 0-33, coverage 0-34, total 0-100."""

    factual_accuracy: int
    citation_density: int
    coverage: int
    total: int
    rationale: str = ""
    engine: str = "offline"
    degraded: bool = False


class FailureView(View):
    """Why a run ended without a report: the stage and the reason (a cancelled run: stage ``cancelled``, the reason
    its ``RunCancelled`` gives)."""

    stage: str
    reason: str


class RunResult(View):
    """One run as it stands: its request, status, report (Markdown), citations, sources, claims with verdicts and
    evidence spans, confidence tier, judge scores, and model usage."""

    run_id: UUID
    question: str
    status: str = Field(description="requested (not started yet) | running | completed | partial | failed | "
                                    "cancelled")
    request: dict[str, Any] = Field(description="The RunRequested fields the run was started with")
    failure: FailureView | None = None
    report: str | None = Field(None, description="The report, Markdown; None until it is written")
    partial: bool = False
    missing: list[str] = Field([], description="What the report could not cover (budget, failed sources, ...)")
    citations: list[CitationView] = []
    sources: list[SourceView] = []
    claims: list[ClaimView] = []
    verdicts: dict[str, int] = Field({}, description="Claims per verdict: supported, contested, contradicted, "
                                                     "unverified (claims not verified count as unverified)")
    confidence: ConfidenceView | None = None
    judge: JudgeView | None = None
    citation_audit: dict[str, Any] | None = None
    self_verification: dict[str, Any] | None = None
    degraded: list[dict[str, str]] = []
    llm_usage: dict[str, Any] = {}
    last_seq: int = Field(0, description="The seq of the run's latest event (0: none yet)")
    # plan review (contracts/plan_review.py)
    plan: dict[str, Any] | None = Field(None, description="The plan: sub_queries [{sub_query_id, text}], domain, "
                                                          "language, engine; None until PlanCreated")
    plan_review: str | None = Field(None, description="awaiting (the run waits: POST /v1/runs/{run_id}/plan), "
                                                      "approved, not approved (the run ended while its plan waited), or None "
                                                      "(no review asked)")


class RunSummary(View):
    """One line of the run list (from the read models; a moment behind the event store)."""

    run_id: UUID
    question: str
    status: str
    scope: str | None = None
    depth: str | None = None
    requested_at: datetime | None = None
    finished_at: datetime | None = None
    confidence_tier: str | None = None
    judge_total: int | None = None


class RunPage(View):
    """A page of runs, newest first."""

    runs: list[RunSummary]
    total: int = Field(description="Runs the caller may read, in all")
    limit: int
    offset: int


class RunEvent(View):
    """One event of a run, as the event stream sends it (the SSE ``id`` is ``seq``)."""

    seq: int
    type: str
    occurred_at: datetime
    summary: str = Field(description="One line saying what the event records (what ``assay replay`` prints)")
    data: dict[str, Any] = Field(description="The event's contract fields (contracts/events.py)")


class SourceClaimView(View):
    """A claim extracted from this source: where it is in the text and its verdict."""

    claim_id: UUID
    start: int
    end: int
    text: str
    verdict: str | None = None


class SourceSpanView(EvidenceSpanView):
    """An evidence span in this source and the claim it was evidence for."""

    claim_id: UUID
    cited: list[int] = Field([], description="The report's [n] markers citing the claim through this span")


class SourceDetail(View):
    """A source with its stored text, the claims taken from it and every evidence span quoted from it."""

    run_id: UUID
    source: SourceView
    text: str | None = Field(None, description="The stored text (None: the source was not fetched)")
    claims: list[SourceClaimView] = []
    evidence_spans: list[SourceSpanView] = []


class SearchHit(View):
    """A full-text hit in past reports, claims or evidence passages."""

    kind: str = Field(description="report | claim | evidence")
    run_id: UUID
    id: str = Field(description="The report's run id, the claim id or the source id")
    title: str
    snippet: str = Field(description="Text around the match, matches between « and »")
    rank: float
    runs: list[UUID] = Field(default_factory=list, description="Every run of yours the same text came from "
                                                                "(identical texts are one hit), earliest first")


# ---- reads ----------------------------------------------------------------------------------------------------
def _status(raw: str | None) -> str:
    """The API's status of a run from the aggregate's or the read model's word for it."""
    if raw in (None, ""):
        return "requested"
    if raw == "complete":  # RunCompleted.status (rm_runs) -> the aggregate's word
        return "completed"
    return str(raw)


def run_result(rt: Runtime, run_id: UUID) -> RunResult | None:
    """The whole result of run ``run_id`` as it stands; None when neither the event store nor the gateway knows
    the run. A run the gateway requested that no planner has started yet has status ``requested``.
    Raises: StoreUnavailable when PostgreSQL stays unreachable."""
    try:
        data = result(rt, run_id)
    except RunNotFound:
        request = requested(rt.pool, run_id)
        if request is None:
            return None
        return RunResult(run_id=run_id, question=str(request.get("question", "")), status="requested",
                         request={k: v for k, v in request.items() if k not in ("run_id", "version")})
    if data.get("status") == "cancelled" and not data.get("failure"):
        data = {**data, "failure": {"stage": "cancelled", "reason": data.get("cancelled") or "cancelled"}}
    claims = data["claims"]
    verdicts = {v: 0 for v in VERDICTS}
    for c in claims:
        key = c["verdict"] if c["verdict"] in verdicts else "unverified"
        verdicts[key] += 1
    events = data.get("events") or []
    return RunResult.model_validate({
        **data, "status": _status(data["status"]), "request": dict(data["request"]),
        "judge": data["scores"], "verdicts": verdicts, "last_seq": events[-1]["seq"] if events else 0,
    })


def run_events(rt: Runtime, run_id: UUID, after: int = 0, limit: int | None = None) -> list[RunEvent]:
    """The events of run ``run_id`` with seq above ``after``, in order (at most ``limit``); [] when none."""
    return [event_view(e) for e in rt.runs.events_after(run_id, after, limit)]


def event_view(event: Event) -> RunEvent:
    """One stored event as the API shows it."""
    return RunEvent(seq=event.seq, type=type(event).__name__, occurred_at=event.occurred_at,
                    summary=describe(event), data=event.model_dump(mode="json"))


def list_runs(rt: Runtime, principal: Principal, *, limit: int = 20, offset: int = 0) -> RunPage:
    """The runs ``principal`` may read, newest first: for a key the runs it started; for the local user the runs
    started without a key and those started outside the gateway. ``limit`` 1-100, ``offset`` >= 0."""
    if principal.key_id is None:
        where = "(g.run_id IS NULL OR g.key_id IS NULL)"
        params: dict[str, Any] = {}
    else:
        where = "g.key_id = %(key)s"
        params = {"key": principal.key_id}
    base = f"FROM gateway_runs g FULL OUTER JOIN rm_runs r ON r.run_id = g.run_id WHERE {where}"
    with rt.pool.connection() as conn:
        total = conn.execute(f"SELECT count(*) {base}", params).fetchone()
        rows = conn.execute(
            "SELECT coalesce(r.run_id, g.run_id), coalesce(r.question, g.request ->> 'question'), r.status, "
            "coalesce(r.scope, g.request ->> 'scope'), coalesce(r.depth, g.request ->> 'depth'), "
            "coalesce(g.requested_at, r.started_at) AS at, r.finished_at, r.confidence ->> 'tier', "
            f"(r.scores ->> 'total')::int {base} ORDER BY at DESC, 1 LIMIT %(limit)s OFFSET %(offset)s",
            {**params, "limit": limit, "offset": offset}).fetchall()
    runs = [RunSummary(run_id=r[0], question=r[1] or "", status=_status(r[2]), scope=r[3], depth=r[4],
                       requested_at=r[5], finished_at=r[6], confidence_tier=r[7], judge_total=r[8]) for r in rows]
    return RunPage(runs=runs, total=int(total[0]) if total else 0, limit=limit, offset=offset)


def readable_runs(rt: Runtime, principal: Principal) -> list[UUID] | None:
    """The run ids ``principal`` may read, or None for "every run the gateway did not give to a key" (the local
    user; see ``list_runs``)."""
    if principal.key_id is None:
        return None
    with rt.pool.connection() as conn:
        rows = conn.execute("SELECT run_id FROM gateway_runs WHERE key_id = %s", (principal.key_id,)).fetchall()
    return [r[0] for r in rows]


def search(rt: Runtime, principal: Principal, text: str, *, limit: int = 10) -> list[SearchHit]:
    """Full-text search over the past reports, claims and evidence passages of the runs ``principal`` may read
    (``shared.fulltext.search``): up to ``limit`` hits per kind, best first within a kind."""
    runs = readable_runs(rt, principal)
    if runs is None:  # the local user: every run but those started with a key
        with rt.pool.connection() as conn:
            keyed = [r[0] for r in conn.execute("SELECT run_id FROM gateway_runs WHERE key_id IS NOT NULL").fetchall()]
        return [SearchHit.model_validate(h) for h in fulltext.search(rt.pool, text, limit=limit, exclude=keyed)]
    return [SearchHit.model_validate(h) for h in fulltext.search(rt.pool, text, limit=limit, runs=runs)]


def source_detail(rt: Runtime, run_id: UUID, source_id: UUID) -> SourceDetail | None:
    """Source ``source_id`` of run ``run_id`` with its stored text, the claims extracted from it and every evidence
    span quoted from it (with the claim and the report's [n] markers that cite it); None when the run or the source
    is unknown."""
    try:
        run = rt.runs.get_run(run_id)
    except RunNotFound:
        return None
    src = run.source(source_id)
    if src is None:
        return None
    text = rt.documents.get(src.text_sha256) if src.text_sha256 else None
    cited: dict[tuple[str, int, int], list[int]] = {}
    for c in run.report.citations if run.report is not None else ():
        cited.setdefault((c.claim_id, c.start, c.end), []).append(c.n)
    claims: list[SourceClaimView] = []
    spans: list[SourceSpanView] = []
    for cid, claim in run.claims.items():
        if claim.source_id == str(source_id):
            claims.append(SourceClaimView(claim_id=cid, start=claim.start, end=claim.end, text=claim.text,
                                          verdict=claim.verdict))
        for span in claim.spans:
            if span.source_id == str(source_id):
                spans.append(SourceSpanView.model_validate(
                    {**span.record(), "claim_id": cid, "cited": sorted(cited.get((cid, span.start, span.end), []))}))
    spans.sort(key=lambda s: (s.start, s.end))
    return SourceDetail(run_id=run_id, source=SourceView.model_validate({**src.record, "source_id": source_id}),
                        text=text, claims=sorted(claims, key=lambda c: c.start), evidence_spans=spans)
