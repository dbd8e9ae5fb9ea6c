"""The ``/v1`` HTTP API: start, follow, read, list, cancel and search runs, and read a source with its evidence.

Every endpoint needs an API key (``Authorization: Bearer assay_...`` or ``X-API-Key: assay_...``) unless the
gateway allows the local user (``ASSAY_GATEWAY_ALLOW_ANONYMOUS``); a key reads only the runs it started (another
run is 404, as if it did not exist). Each request spends one token of the caller's rate-limit bucket (429 with
``Retry-After`` when empty). Errors are JSON: ``{"error": {"code", "message", "fields": [{"field", "message"}]}}``.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Annotated, Literal
from uuid import UUID, uuid4

from fastapi import APIRouter, Depends, Header, Query, Request, Response, status
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field
from sse_starlette import EventSourceResponse

from contracts import RunRequested
from contracts.commands import text_fault
from services.gateway import cache, readmodels
from services.gateway.errors import ApiError
from services.gateway.handlers import cancel as cancel_run
from services.gateway.handlers import start_run
from services.gateway.keys import LOCAL, Principal, lookup_key, may_read
from services.gateway.state import GatewayState, gateway_state
from services.gateway.stream import follow

router = APIRouter(prefix="/v1")
_bearer = HTTPBearer(auto_error=False, description="An API key made by `assay keys create NAME`")
_api_key = APIKeyHeader(name="X-API-Key", auto_error=False, description="The same key, in a header of its own")


async def current_principal(
    request: Request,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    api_key: Annotated[str | None, Depends(_api_key)],
) -> Principal:
    """Who is calling: the key's principal, or the local user when no key is given and the gateway allows it.
    Spends one request of the caller's rate limit.

    Raises: ApiError 401 (no key, or an unknown or revoked key: the field is ``Authorization``), 429 (rate limit,
    with ``Retry-After``)."""
    st = gateway_state(request)
    key = bearer.credentials if bearer is not None else api_key
    if key:
        principal = await asyncio.to_thread(lookup_key, st.runtime.pool, key)
        if principal is None:
            raise ApiError(401, "invalid_key", "the API key is unknown or revoked", field="Authorization",
                           headers={"WWW-Authenticate": "Bearer"})
    elif st.settings.allow_anonymous:
        principal = LOCAL
    else:
        raise ApiError(401, "missing_key", "an API key is required (Authorization: Bearer <key>)",
                       field="Authorization", headers={"WWW-Authenticate": "Bearer"})
    wait = await asyncio.to_thread(st.limiter.take, principal.bucket)  # (the shared limiter asks PostgreSQL)
    if wait > 0:
        retry = st.limiter.retry_after(wait)
        raise ApiError(429, "rate_limited", f"too many requests for this key: retry in {retry} s",
                       headers={"Retry-After": retry})
    return principal


Caller = Annotated[Principal, Depends(current_principal)]
State = Annotated[GatewayState, Depends(gateway_state)]


class RunCreate(RunRequested):
    """Start a run: every ``RunRequested`` field (contracts/commands.py); ``run_id`` is optional (a fresh one is
    made; give your own to retry safely: the same key sending the same id again starts nothing new)."""

    model_config = ConfigDict(frozen=True, extra="forbid", title="RunCreate")
    run_id: UUID | None = Field(None, description="Optional: a fresh UUID of your own, to retry safely")  # type: ignore[assignment]
    fresh: bool = Field(False, description="Research again even when the same question was answered before "
                        "(the question cache answers it otherwise, saying so, and re-checks a close one)")


class CachedRun(BaseModel):
    """The past run the question cache used: ``match`` exact (it answers) or similar (it is re-checked)."""

    run_id: UUID
    match: Literal["exact", "similar"]
    similarity: float
    question: str
    asked_at: str


class RunAccepted(BaseModel):
    """A run was requested: follow it at ``events``, read it at ``result``. From the question cache (HTTP 200):
    ``status`` completed and ``cached`` says which past run answers; ``recheck_of``: the new run re-checks that
    close past run's report."""

    run_id: UUID
    status: Literal["requested", "completed"] = "requested"
    result: str = Field(description="GET this for the run's result")
    events: str = Field(description="GET this for the run's events as Server-Sent Events")
    cached: CachedRun | None = Field(None, description="The past run that answers (exact) or is re-checked")
    recheck_of: UUID | None = Field(None, description="The close past run whose report this run re-checks")


class CancelResult(BaseModel):
    """The outcome of a cancel request."""

    run_id: UUID
    status: str = Field(description="cancelled: recorded now; otherwise the status the run had already ended with")


class SearchResults(BaseModel):
    """Full-text hits in past reports, claims and evidence passages of the caller's runs."""

    query: str
    hits: list[readmodels.SearchHit]


def check_text(field: str, value: str) -> None:
    """Raise ApiError 422 naming ``field`` when ``value`` cannot be stored or searched as text (NUL and other
    control characters, lone surrogates: the rule ``RunRequested`` applies to its string fields)."""
    fault = text_fault(value)
    if fault:
        raise ApiError(422, "invalid_request", f"{field} {fault}", field=field)


def _run_or_404(st: GatewayState, principal: Principal, run_id: UUID) -> readmodels.RunResult:
    """The run's result when ``principal`` may read it; ApiError 404 otherwise (another key's run looks unknown)."""
    if not may_read(st.runtime.pool, principal, run_id):
        raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
    res = readmodels.run_result(st.runtime, run_id)
    if res is None:
        raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
    return res


@router.post("/runs", status_code=status.HTTP_202_ACCEPTED, response_model=RunAccepted,
             summary="Start a research run (publishes RunRequested on the bus)")
async def create_run(body: RunCreate, principal: Caller, st: State, response: Response) -> RunAccepted:
    """Validates the request like the bus does (question 1-2,000 characters, max_sources 1-50, ...), records that
    the caller owns the run, and publishes ``RunRequested``; the stages do the rest. 422 naming ``corpus`` when no
    ingested corpus has that name (the known ones are listed). 409 when ``run_id`` is another's, or was sent
    before with a different body (the same body again is a safe retry: 202, nothing new).

    The question cache (``services/gateway/cache.py``), unless ``fresh`` or ``run_id`` is given: the same question
    with the same parameters answered by one of your completed runs is answered by it (200, ``cached``); a close
    one starts a run that re-checks that run's report (202, ``recheck_of``)."""
    if body.corpus is not None:
        known = [name for name, _ in await asyncio.to_thread(st.runtime.corpus.corpora)]
        if body.corpus not in known:
            listed = ", ".join(known) if known else "none yet (ingest one with `assay ingest`)"
            raise ApiError(422, "invalid_request", f"corpus {body.corpus!r} does not exist; known corpora: {listed}",
                           field="corpus")
    data = body.model_dump(exclude={"run_id", "fresh"})
    request = RunRequested(run_id=body.run_id or uuid4(), **data)
    decision = None
    if not (body.fresh or body.run_id or body.review_plan or body.workspace):  # (a corpus: out_of_date checks it)
        decision = await cache.decide(st, principal, request)
        if decision.answer is not None:
            past = decision.answer.run_id
            response.status_code = status.HTTP_200_OK
            return RunAccepted(run_id=past, status="completed", result=f"/v1/runs/{past}",
                               events=f"/v1/runs/{past}/events",
                               cached=CachedRun.model_validate(cache.cached_view(decision)))
        request = decision.request
    try:
        await start_run(st.runtime, principal, request,
                        before_publish=None if decision is None else partial(cache.remember, st, decision))
    except ValueError as exc:
        raise ApiError(409, "conflict", str(exc), field="run_id") from None
    rid = request.run_id
    view = cache.cached_view(decision) if decision is not None else None
    return RunAccepted(run_id=rid, result=f"/v1/runs/{rid}", events=f"/v1/runs/{rid}/events",
                       cached=CachedRun.model_validate(view) if view else None,
                       recheck_of=decision.recheck.run_id if decision is not None and decision.recheck else None)


@router.get("/runs", response_model=readmodels.RunPage, summary="List your runs, newest first")
def list_runs(principal: Caller, st: State, limit: Annotated[int, Query(ge=1, le=100)] = 20,
              offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> readmodels.RunPage:
    """A page of the caller's runs (from the read models: status may lag the event store by a moment)."""
    return readmodels.list_runs(st.runtime, principal, limit=limit, offset=offset)


@router.get("/runs/{run_id}", response_model=readmodels.RunResult, summary="A run's result as it stands")
def get_run(run_id: UUID, principal: Caller, st: State) -> readmodels.RunResult:
    """Status, report (Markdown), citations, sources, claims with verdicts and evidence spans, confidence tier,
    judge scores and model usage."""
    return _run_or_404(st, principal, run_id)


@router.get("/runs/{run_id}/events", summary="Follow a run's events (Server-Sent Events, resumable)",
            response_class=EventSourceResponse,
            responses={200: {"content": {"text/event-stream": {}},
                             "description": "id: the event's seq; event: its type; data: a RunEvent as JSON"},
                       204: {"description": "The run has ended and there is nothing after Last-Event-ID"}})
async def run_events(
    run_id: UUID, principal: Caller, st: State,
    last_event_id: Annotated[str | None, Header(alias="Last-Event-ID")] = None,
    after: Annotated[int | None, Query(ge=0, description="Send events above this seq (as Last-Event-ID)")] = None,
) -> Response:
    """Every event of the run above ``Last-Event-ID`` (or ``after``; default: from the first), as it is stored,
    until the terminal event. Reconnect with ``Last-Event-ID`` = the last ``id`` received to miss nothing."""
    start = after or 0
    if last_event_id is not None and last_event_id.strip():
        try:
            start = int(last_event_id.strip())
        except ValueError:
            raise ApiError(422, "invalid_request", "Last-Event-ID must be the seq (an integer) of an event",
                           field="Last-Event-ID") from None
        if start < 0:
            raise ApiError(422, "invalid_request", "Last-Event-ID must be 0 or more", field="Last-Event-ID")
    res = await asyncio.to_thread(_run_or_404, st, principal, run_id)
    finished = res.status not in ("requested", "running")
    if finished and res.last_seq <= start:
        return Response(status_code=204)  # tells an EventSource not to reconnect
    return EventSourceResponse(follow(st.runtime, st.commits, run_id, start, poll_s=st.settings.sse_poll_s,
                                      finished=finished),
                               ping=st.settings.sse_ping_s, headers={"Cache-Control": "no-store"})


@router.post("/runs/{run_id}/cancel", response_model=CancelResult, summary="Cancel a run")
def cancel(run_id: UUID, principal: Caller, st: State) -> CancelResult:
    """Ends the run with ``RunCancelled`` (reason ``cancelled``; its stages drop the rest of its work and record
    nothing more). Cancelling a run that has already ended changes nothing and answers its status."""
    res = _run_or_404(st, principal, run_id)
    if res.status not in ("requested", "running"):
        return CancelResult(run_id=run_id, status=res.status)
    outcome = cancel_run(st.runtime, run_id)
    if outcome == "unknown":
        raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
    if outcome == "finished":
        again = readmodels.run_result(st.runtime, run_id)
        return CancelResult(run_id=run_id, status=again.status if again else "finished")
    return CancelResult(run_id=run_id, status="cancelled")


@router.get("/runs/{run_id}/sources/{source_id}", response_model=readmodels.SourceDetail,
            summary="A source's stored text with the claims and evidence spans taken from it")
def get_source(run_id: UUID, source_id: UUID, principal: Caller, st: State) -> readmodels.SourceDetail:
    """The text (None when it was not fetched), the claims extracted from it with their offsets and verdicts, and
    every evidence span quoted from it with the claim and the report's [n] markers that cite it."""
    if not may_read(st.runtime.pool, principal, run_id):
        raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
    detail = readmodels.source_detail(st.runtime, run_id, source_id)
    if detail is None:
        if not st.runtime.runs.exists(run_id):
            raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
        raise ApiError(404, "not_found", f"run {run_id} has no source {source_id}", field="source_id")
    return detail


@router.get("/search", response_model=SearchResults, summary="Search past reports, claims and evidence")
def search(principal: Caller, st: State,
           q: Annotated[str, Query(min_length=1, max_length=500, description="Words to find (web-search syntax)")],
           limit: Annotated[int, Query(ge=1, le=50, description="Hits per kind")] = 10) -> SearchResults:
    """Research-memory search over the caller's runs (``shared.memory.search.search_memory``: BM25 fused with
    embedding similarity): up to ``limit`` hits each of reports, claims and evidence passages."""
    from shared.memory.search import searchable

    if not q.strip():
        raise ApiError(422, "invalid_request", "q is empty", field="q")
    check_text("q", q)
    if not searchable(q):  # "?!": no word to search for, never a list of unrelated hits
        raise ApiError(400, "invalid_request", f"q {q.strip()[:40]!r} has no words to search for (no letters or "
                                               "digits)", field="q")
    return SearchResults(query=q, hits=_memory_hits(st, principal, q, limit))


def _memory_hits(st: GatewayState, principal: Principal, q: str, limit: int) -> list[readmodels.SearchHit]:
    """Up to ``limit`` memory hits per kind (report, claim, evidence) from runs ``principal`` may read, best first
    within a kind. Raises: ApiError 422 when memory refuses the text."""
    from shared.memory.search import search_memory, snippet

    runs = readmodels.readable_runs(st.runtime, principal)
    if runs is None:  # the local user: every run but those started with a key
        with st.runtime.pool.connection() as conn:
            keyed = {r[0] for r in conn.execute("SELECT run_id FROM gateway_runs WHERE key_id IS NOT NULL")}
    allowed = set(runs or ())
    out: list[readmodels.SearchHit] = []
    for kind, shown in (("report", "report"), ("claim", "claim"), ("source", "evidence")):
        try:
            found = search_memory(st.runtime.pool, q, kind=kind, limit=min(1000, limit * 5),
                                  settings=st.runtime.settings.memory)
        except ValueError as exc:
            raise ApiError(422, "invalid_request", f"q: {exc}", field="q") from exc
        def readable(run: UUID) -> bool:
            return run in allowed if runs is not None else run not in keyed

        shown_hits: list[readmodels.SearchHit] = []
        for h in found.hits:
            seen_in = [r for r in (h.runs or ((h.run_id,) if h.run_id else ())) if readable(r)]
            if not seen_in or len(shown_hits) >= limit:
                continue  # another key's runs are never named
            own = h.run_id is not None and readable(h.run_id)
            best = h.run_id if own and h.run_id is not None else seen_in[0]
            ident = (h.id or str(best)) if own else (str(best) if kind == "report" else "")
            shown_hits.append(readmodels.SearchHit(kind=shown, run_id=best, id=ident,
                                                   title=h.title or h.url, snippet=snippet(h.text, q), rank=h.score,
                                                   runs=seen_in))
        out += shown_hits
    return out



# ---- plan review (contracts/plan_review.py) ------------------------------------------------------------------
class PlanReview(BaseModel):
    """Review a waiting plan (a run started with ``review_plan``): ``approve`` it as it is, or ``revise`` it to
    ``sub_queries`` (the whole new list: edit, add or remove texts), which approves the revised plan."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    action: Literal["approve", "revise"]
    sub_queries: list[str] | None = Field(None, description="With revise: the plan's new sub-queries, in order "
                                                            "(1-12 texts, each up to 500 characters)")


class PlanReviewResult(BaseModel):
    """The plan that goes ahead."""

    run_id: UUID
    status: Literal["approved"] = "approved"
    revised: bool = Field(description="True when the sub-queries were changed (PlanRevised was recorded)")
    sub_queries: list[dict[str, str]] = Field(description="[{sub_query_id, text}], searched now")


@router.post("/runs/{run_id}/plan", response_model=PlanReviewResult, summary="Approve or revise a waiting plan")
def review_plan(run_id: UUID, body: PlanReview, principal: Caller, st: State,
                via: Annotated[Literal["api", "web"], Query(description="Who reviews: api or web (recorded)")] = "api",
                ) -> PlanReviewResult:
    """A run started with ``review_plan`` waits after ``PlanCreated`` (its ``plan_review`` is ``awaiting``); this
    records ``PlanApproved`` (after ``PlanRevised`` for a revision) and the gatherer searches the plan, the run's
    time budget starting again from now. 409 naming ``run_id`` when the run waits for no review (not asked, not
    planned yet, approved already, ended); 422 naming ``sub_queries`` for a revision without usable texts."""
    from shared.errors import PlanReviewRefused, RunNotFound
    from shared.plan_review import approve_plan

    _run_or_404(st, principal, run_id)
    if body.action == "revise" and body.sub_queries is None:
        raise ApiError(422, "invalid_request", "sub_queries: revise needs the new sub-queries", field="sub_queries")
    if body.action == "approve" and body.sub_queries is not None:
        raise ApiError(422, "invalid_request", "sub_queries: give them with action revise (approve takes none)",
                       field="sub_queries")
    try:
        done = approve_plan(st.runtime.runs, st.runtime.pool, run_id, body.sub_queries, by=via)
    except RunNotFound:
        raise ApiError(409, "conflict", f"run {run_id} has not started yet: review its plan after PlanCreated",
                       field="run_id") from None
    except PlanReviewRefused as exc:
        raise ApiError(409 if exc.conflict else 422, "conflict" if exc.conflict else "invalid_request", str(exc),
                       field=exc.field) from None
    return PlanReviewResult(run_id=run_id, revised=done["revised"], sub_queries=done["sub_queries"])
