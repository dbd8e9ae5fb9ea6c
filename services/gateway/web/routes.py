"""The web app's pages (server-rendered with Jinja2; plain JavaScript modules under ``static/`` do the live parts).

Pages: ``/`` the research view (the form starts a run through ``POST /v1/runs`` and opens its page),
``/runs/{run_id}`` one run (live stage timeline from ``/v1/runs/{id}/events``, the rendered report, the verdict
banner and claim accordion, the event log, export buttons), ``/runs`` past runs and a search over memory.
Fragments the page script loads: ``/runs/{id}/result`` (report and trust UI, once the run ends) and
``/runs/{id}/sources/{source_id}`` (a source's text with the cited span highlighted). Files:
``/runs/{id}/export/{format}`` (markdown, pdf, docx).

Who is asking: the key in the ``assay_key`` cookie (the page script sets it when the user gives a key), else the
local user when the gateway serves requests without a key; a run another key started is "not found".
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

from contracts import RunRequested
from contracts.commands import SEARCH_PROVIDERS
from services.gateway import readmodels
from services.gateway.api import check_text
from services.gateway.errors import ApiError
from services.gateway.export import ReportDocument, UnknownExportFormat, export_format, export_report
from services.gateway.keys import LOCAL, Principal, lookup_key, may_read
from services.gateway.state import GatewayState, gateway_state
from services.gateway.web.render import render_report, render_source
from services.gateway.web.source_trust import source_trust
from services.gateway.web.views import as_mapping, source_refs, trust_view, verdict_summary
from shared.evidence import Citation

HERE = Path(__file__).resolve().parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
templates.env.globals["verdict_summary"] = verdict_summary
templates.env.globals["source_trust"] = source_trust  # trust flags of the sources (issue 16)
router = APIRouter(include_in_schema=False)
KEY_COOKIE = "assay_key"
#: the header the run page's script sends when it loads a source into the panel beside the report (a fragment)
FRAGMENT_HEADER = "X-Assay-Fragment"

#: the search providers a run may switch on or off: the web ones in the gatherer's order of use, research memory
#: and the local corpus (``RunRequested.providers``)
PROVIDERS = SEARCH_PROVIDERS
#: how the research view names them
PROVIDER_LABELS = {"tavily": "Tavily", "searxng": "SearXNG", "duckduckgo": "DuckDuckGo", "wikipedia": "Wikipedia",
                   "arxiv": "arXiv", "memory": "Research memory", "local": "Local documents"}
#: a RunRequested field that turns providers on or off per run, if the contract has one
PROVIDER_FIELDS = ("providers", "search_providers", "engines")


def provider_field() -> str | None:
    """The name of ``RunRequested``'s per-run provider field, or None when the contract has none (the providers
    are then the server's: ``ASSAY_GATHERER_*``)."""
    return next((f for f in PROVIDER_FIELDS if f in RunRequested.model_fields), None)


def server_providers(st: GatewayState) -> dict[str, bool]:
    """Which providers the server's settings turn on (Tavily with a key, SearXNG with a URL, research memory while
    it is enabled, the local corpus always): the research view offers only these."""
    g = st.runtime.settings.gatherer
    return {"tavily": g.tavily_api_key is not None, "searxng": bool(g.searxng_url), "duckduckgo": g.duckduckgo,
            "wikipedia": g.wikipedia, "arxiv": g.arxiv, "memory": st.runtime.settings.memory.enabled, "local": True}


async def page_principal(request: Request, st: GatewayState) -> Principal | None:
    """The caller of a page: the ``assay_key`` cookie's key, else the local user when the gateway allows it;
    None when a key is needed (missing, unknown or revoked)."""
    key = request.cookies.get(KEY_COOKIE, "").strip()
    if key:
        return await asyncio.to_thread(lookup_key, st.runtime.pool, key)
    return LOCAL if st.settings.allow_anonymous else None


def _page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
    return templates.TemplateResponse(request, name, context, status_code=status)


def wants_page(request: Request) -> bool:
    """Whether ``request`` is a browser asking for a page of the app (a GET outside ``/v1`` and ``/static`` whose
    Accept names text/html, not the run page's fragment fetch), so an error is answered as a page, not JSON."""
    return (request.method == "GET" and not request.url.path.startswith(("/v1/", "/static/"))
            and "text/html" in request.headers.get("accept", "") and "x-assay-fragment" not in request.headers)


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    """An error answered as a page of the app (status ``status``: 404 "Page not found", 422 "That address
    cannot be read"), saying ``message`` and linking back to the research view and the past runs."""
    title = {404: "Page not found", 422: "That address cannot be read"}.get(status, "Something went wrong")
    return _page(request, "error.html", {"title": title, "message": message}, status=status)


def _key_page(request: Request) -> HTMLResponse:
    """The 401 page: "unknown or revoked" (with a button that forgets the key, and, when the gateway serves
    requests without a key, a word that forgetting it lets the local user go on) when the browser sent a key,
    else "an API key is needed"."""
    unknown = bool(request.cookies.get(KEY_COOKIE, "").strip())
    anonymous = gateway_state(request).settings.allow_anonymous
    return _page(request, "key.html", {"title": "API key unknown" if unknown else "API key needed",
                                       "reason": "unknown" if unknown else "missing", "anonymous": anonymous},
                 status=401)


async def _readable(st: GatewayState, principal: Principal, run_id: UUID) -> readmodels.RunResult | None:
    if not await asyncio.to_thread(may_read, st.runtime.pool, principal, run_id):
        return None
    return await asyncio.to_thread(readmodels.run_result, st.runtime, run_id)


def result_context(res: readmodels.RunResult) -> dict[str, Any]:
    """The template context of a run's report and trust UI (also the fragment the page reloads at the end)."""
    data = as_mapping(res)
    citations = [Citation.model_validate(c) for c in data.get("citations") or []]
    run_id = data["run_id"]

    def href(c: Citation) -> str:
        return f"/runs/{run_id}/sources/{c.source_id}?start={c.start}&end={c.end}&n={c.n}"

    report_html = render_report(data["report"], citations, href=href) if data.get("report") else None
    return {"run": data, "report_html": report_html, "trust": trust_view(data), "sources": source_refs(data),
            "finished": data["status"] not in ("requested", "running")}


@router.get("/", response_class=HTMLResponse)
async def research_view(request: Request) -> HTMLResponse:
    """The research view: the question and its controls; the latest runs below."""
    st = gateway_state(request)
    principal = await page_principal(request, st)
    if principal is None:
        return _key_page(request)
    recent = await asyncio.to_thread(readmodels.list_runs, st.runtime, principal, limit=8, offset=0)
    return _page(request, "research.html", {
        "title": "Research", "recent": recent.runs, "providers": PROVIDERS, "provider_field": provider_field(),
        "provider_labels": PROVIDER_LABELS,
        "server_providers": server_providers(st), "max_sources": RunRequested.model_fields["max_sources"].default})


@router.get("/runs", response_class=HTMLResponse)
async def runs_view(request: Request, q: Annotated[str, Query(max_length=500)] = "",
                    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> HTMLResponse:
    """Past runs (20 a page, newest first) and, with ``q``, the hits of a search over reports, claims and
    evidence."""
    st = gateway_state(request)
    principal = await page_principal(request, st)
    if principal is None:
        return _key_page(request)
    check_text("q", q)
    page = await asyncio.to_thread(readmodels.list_runs, st.runtime, principal, limit=20, offset=offset)
    hits = (await asyncio.to_thread(readmodels.search, st.runtime, principal, q.strip(), limit=10)
            if q.strip() else [])
    return _page(request, "runs.html", {"title": "Past runs", "page": page, "q": q, "hits": hits})


@router.get("/runs/{run_id}", response_class=HTMLResponse)
async def run_view(request: Request, run_id: UUID) -> HTMLResponse:
    """One run: its timeline (live), report, verdict banner, claim accordion, event log and exports."""
    st = gateway_state(request)
    principal = await page_principal(request, st)
    if principal is None:
        return _key_page(request)
    res = await _readable(st, principal, run_id)
    if res is None:
        return _page(request, "missing.html", {"title": "Run not found", "run_id": run_id}, status=404)
    cached = "answer" if request.query_params.get("cached") == "1" else None  # from the question cache (research.js)
    return _page(request, "run.html", {"title": res.question[:80], "cached": cached, **result_context(res)})


@router.get("/runs/{run_id}/result", response_class=HTMLResponse)
async def result_fragment(request: Request, run_id: UUID) -> HTMLResponse:
    """The report and trust UI of a run as an HTML fragment (the run page swaps it in when the run ends)."""
    st = gateway_state(request)
    principal = await page_principal(request, st)
    res = await _readable(st, principal, run_id) if principal else None
    if res is None:
        raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
    return _page(request, "_result.html", result_context(res))


@router.get("/runs/{run_id}/sources/{source_id}", response_class=HTMLResponse)
async def source_fragment(request: Request, run_id: UUID, source_id: UUID,
                          start: Annotated[int | None, Query(ge=0)] = None,
                          end: Annotated[int | None, Query(ge=0)] = None,
                          n: Annotated[int | None, Query(ge=1)] = None) -> HTMLResponse:
    """A source's text with every evidence span marked and the span ``start:end`` (the one a citation quotes)
    highlighted as ``#active-span``: an HTML fragment for the panel beside the report when the run page's script
    asks (header ``X-Assay-Fragment: 1``), else a whole page in the app's frame (a citation opened in a new tab,
    a bookmarked link), with a way back to its run."""
    st = gateway_state(request)
    standalone = request.headers.get(FRAGMENT_HEADER) != "1"
    principal = await page_principal(request, st)
    if principal is None and standalone:
        return _key_page(request)
    if principal is None or not await asyncio.to_thread(may_read, st.runtime.pool, principal, run_id):
        if standalone:
            return _page(request, "missing.html", {"title": "Run not found", "run_id": run_id}, status=404)
        raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
    detail = await asyncio.to_thread(readmodels.source_detail, st.runtime, run_id, source_id)
    if detail is None:
        known = await asyncio.to_thread(st.runtime.runs.exists, run_id)
        if standalone:
            return _page(request, "missing.html", {"title": "Source not found" if known else "Run not found",
                                                   "run_id": run_id, "source_id": source_id if known else None},
                         status=404)
        if not known:
            raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
        raise ApiError(404, "not_found", f"run {run_id} has no source {source_id}", field="source_id")
    text = detail.text or ""
    active = (start, end) if start is not None and end is not None else None
    spans = [(s.start, s.end) for s in detail.evidence_spans]
    quote = text[start:end] if active and start is not None and end is not None else ""
    context = {"detail": detail, "n": n, "marked": render_source(text, spans, active) if text else "",
               "quote": quote, "url": detail.source.final_url or detail.source.url, "run_id": run_id}
    if standalone:
        title = f"[{n}] " if n else ""
        page = _page(request, "source.html", {**context, "title": f"{title}{detail.source.title or 'Source'}"})
    else:
        page = _page(request, "_source.html", context)
    page.headers["Vary"] = FRAGMENT_HEADER  # the same address answers a fragment or a page
    return page


@router.get("/runs/{run_id}/export/{fmt}")
async def export(request: Request, run_id: UUID, fmt: str) -> Response:
    """The run's report as a file: ``markdown`` (or ``md``), ``pdf`` or ``docx``, citations, the source list and
    the cited evidence kept. 404 for an unknown run or format name, 409 while the run has no report."""
    st = gateway_state(request)
    principal = await page_principal(request, st)
    try:
        export_format(fmt)
    except UnknownExportFormat as exc:
        raise ApiError(404, "not_found", str(exc), field="format") from None
    res = await _readable(st, principal, run_id) if principal else None
    if res is None:
        raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
    if not res.report:
        raise ApiError(409, "conflict", f"run {run_id} has no report yet", field="run_id")
    doc = ReportDocument.from_result(as_mapping(res))
    out = await asyncio.to_thread(export_report, doc, fmt)
    return Response(out.content, media_type=out.media_type,
                    headers={"Content-Disposition": f'attachment; filename="{out.filename}"',
                             "Cache-Control": "no-store"})
