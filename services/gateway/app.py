"""The gateway's ASGI application: ``create_app(settings) -> FastAPI``.

It serves the ``/v1`` HTTP API (``services/gateway/api.py``; OpenAPI at ``/v1/openapi.json``, docs at ``/v1/docs``),
``/healthz`` (the process answers) and ``/readyz`` (NATS and PostgreSQL reachable), and the web app when the
package ``services.gateway.web`` exists (see :func:`include_web`).

The lifespan opens a ``Runtime`` (or uses the one given, e.g. the embedded stack's), connects the broker when
nobody has (declaring the command stream, so a run requested before any service starts waits in JetStream), and
starts the commit listener that wakes event streams. Errors are JSON (``services/gateway/errors.py``); an
unexpected error is a 500 whose body says nothing of its cause (it is logged).
"""

from __future__ import annotations

import asyncio
import html
import importlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from contracts import RunRequested
from services.gateway import api, chat, conversations
from services.gateway.errors import ApiError, error_body, field_name
from services.gateway.keys import RateLimiter, SharedRateLimiter
from services.gateway.state import GatewayState
from services.gateway.stream import Commits
from shared.bus import command_stream
from shared.errors import BusUnavailable, StoreUnavailable
from shared.metrics import exposition, runtime_collector
from shared.runtime import Runtime
from shared.settings import GatewaySettings, ServiceSettings

log = logging.getLogger("assay.gateway")
#: the module the web app lives in (the "gateway-web" part): optional
WEB_MODULE = "services.gateway.web"
#: what a web module may offer: ``mount(app)`` (routes, static files, ...) or a ``router`` (an APIRouter)
WebMount = Callable[[FastAPI], None]


def include_web(app: FastAPI) -> bool:
    """Add the web app to ``app`` when ``services.gateway.web`` exists: its ``mount(app)`` is called if it has
    one, else its ``router`` (a FastAPI ``APIRouter``) is included. Returns whether a web app was added.

    The web pages reach the runtime with ``services.gateway.state.gateway_state(request)``, the caller with the
    ``services.gateway.api.current_principal`` dependency, and the data with ``services.gateway.readmodels``.
    Raises: whatever importing the web package raises, except its absence.
    """
    try:
        web: Any = importlib.import_module(WEB_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name in (WEB_MODULE, "services.gateway.web"):
            return False
        raise
    mount = getattr(web, "mount", None)
    if callable(mount):
        mount(app)
        return True
    router = getattr(web, "router", None)
    if router is not None:
        app.include_router(router)
        return True
    raise RuntimeError(f"{WEB_MODULE} has neither mount(app) nor router")


class Check(BaseModel):
    """One dependency's readiness."""

    ok: bool
    error: str | None = None


class Readiness(BaseModel):
    """Whether the gateway can serve: NATS (the bus) and PostgreSQL (the store) reachable."""

    status: str
    checks: dict[str, Check]


def rate_limiter(rt: Runtime, gw: GatewaySettings) -> RateLimiter:
    """The gateway's rate limiter: shared by every gateway process on the database (``rate_limit_shared``, the
    default), else this process's own."""
    if gw.rate_limit_shared:
        return SharedRateLimiter(rt.pool, gw.rate_limit_per_minute, gw.rate_limit_burst)
    return RateLimiter(gw.rate_limit_per_minute, gw.rate_limit_burst)


def create_app(settings: ServiceSettings, *, runtime: Runtime | None = None) -> FastAPI:
    """The gateway app. ``runtime``: use this one (the caller opens and closes it; the embedded stack shares its
    runtime); None: the lifespan opens one from ``settings`` (starting embedded servers when none is configured)
    and closes it at shutdown."""
    gw = settings.gateway

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        rt: Runtime = runtime if runtime is not None else await asyncio.to_thread(Runtime.open, settings)
        await asyncio.to_thread(conversations.ensure_schema, rt.pool)  # the chat's stored conversations
        started_broker = False
        try:
            if not await rt.broker.ping(timeout=0.01):
                rt.broker.publisher(RunRequested.SUBJECT, stream=command_stream(rt.settings.common))
                await rt.broker.start()
                started_broker = True
            channel = getattr(rt.runs.recorder, "channel_name", None)
            commits = Commits(rt.endpoints.database_url, channel)
            commits.start()
            app.state.gateway = GatewayState(runtime=rt, settings=gw, commits=commits,
                                             limiter=rate_limiter(rt, gw))
            try:
                yield
            finally:
                await commits.stop()
        finally:
            if started_broker:
                await rt.broker.stop()
            if runtime is None:
                rt.close()

    app = FastAPI(title="Assay gateway", version="1",
                  summary="Start, follow and read verified deep-research runs.",
                  openapi_url="/v1/openapi.json", docs_url=None, redoc_url=None, lifespan=lifespan)
    app.include_router(api.router)
    app.include_router(chat.router)
    _install_errors(app, gw.max_body_bytes)

    @app.get("/healthz", tags=["health"], summary="The gateway process answers")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", tags=["health"], summary="NATS and PostgreSQL are reachable",
             response_model=Readiness, responses={503: {"model": Readiness}})
    async def readyz(request: Request) -> JSONResponse:
        state: GatewayState = request.app.state.gateway
        checks = await _readiness(state.runtime)
        ok = all(c.ok for c in checks.values())
        body = Readiness(status="ready" if ok else "unavailable", checks=checks)
        return JSONResponse(body.model_dump(), status_code=200 if ok else 503)

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:  # Prometheus (shared/metrics.py): runs, lag, handlers
        runtime_collector(request.app.state.gateway.runtime.pool)
        body, content_type = await asyncio.to_thread(exposition)  # (the collector reads the store)
        return Response(body, media_type=content_type)

    @app.get("/v1/docs", include_in_schema=False, response_class=HTMLResponse)
    async def docs() -> HTMLResponse:
        return HTMLResponse(docs_page(app.openapi()))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(FAVICON_SVG, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    include_web(app)
    return app


#: the site icon (a small SVG, served at /favicon.ico: browsers accept an SVG there)
FAVICON_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" '
               'fill="#1f4e79"/><text x="16" y="23" font-family="sans-serif" font-size="20" font-weight="bold" '
               'fill="#fff" text-anchor="middle">A</text></svg>')


def docs_page(spec: dict[str, Any]) -> str:
    """The API reference as one self-contained HTML page (no script, no CDN: it works offline), made from the
    OpenAPI document ``spec``: each operation's method, path, summary, description, parameters and request
    body schema name, with a link to ``/v1/openapi.json`` for tools."""
    esc = html.escape
    rows: list[str] = []
    for path, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            if not isinstance(op, dict):
                continue
            params = ", ".join(f"<code>{esc(str(p.get('name')))}</code> ({esc(str(p.get('in')))})"
                               for p in op.get("parameters", []))
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            ref = str(body.get("$ref", "")).rsplit("/", 1)[-1]
            rows.append(
                f"<section><h2><span class=m>{esc(method.upper())}</span> <code>{esc(path)}</code></h2>"
                f"<p><strong>{esc(str(op.get('summary', '')))}</strong></p>"
                f"<p>{esc(str(op.get('description', ''))).replace(chr(10), ' ')}</p>"
                + (f"<p>Parameters: {params}</p>" if params else "")
                + (f"<p>Body: <code>{esc(ref)}</code> (JSON; see the schema in openapi.json)</p>" if ref else "")
                + "</section>")
    info = spec.get("info", {})
    return ("<!doctype html><html lang=en><head><meta charset=utf-8><title>"
            f"{esc(str(info.get('title', 'API')))} · API reference</title><style>body{{font-family:sans-serif;"
            "max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.4}h2{font-size:1.05rem;margin-bottom:.2rem}"
            ".m{display:inline-block;min-width:4rem;color:#1f4e79}section{border-top:1px solid #ddd}</style></head>"
            f"<body><h1>{esc(str(info.get('title', 'API')))} · API reference</h1>"
            f"<p>{esc(str(info.get('summary', '')))} The machine-readable OpenAPI document is "
            "<a href=\"/v1/openapi.json\">/v1/openapi.json</a> (load it into any OpenAPI tool). Authenticate with "
            "<code>Authorization: Bearer assay_...</code> or <code>X-API-Key</code>.</p>"
            + "".join(rows) + "</body></html>")


async def _readiness(rt: Runtime) -> dict[str, Check]:
    """Ping NATS (the broker's connection) and PostgreSQL (``SELECT 1`` on the pool), each within 2 s."""
    checks: dict[str, Check] = {}
    try:
        ok = await rt.broker.ping(timeout=2.0)
        checks["nats"] = Check(ok=ok, error=None if ok else "not connected")
    except Exception as exc:  # noqa: BLE001 - any failure means not ready
        checks["nats"] = Check(ok=False, error=exc.__class__.__name__)

    def select_one() -> None:
        with rt.pool.connection(timeout=2.0) as conn:
            conn.execute("SELECT 1")

    try:
        await asyncio.wait_for(asyncio.to_thread(select_one), timeout=3.0)
        checks["postgresql"] = Check(ok=True)
    except Exception as exc:  # noqa: BLE001 - any failure means not ready
        checks["postgresql"] = Check(ok=False, error=exc.__class__.__name__)
    return checks


def _install_errors(app: FastAPI, max_body_bytes: int) -> None:
    """JSON errors naming the field for every failure; a body over ``max_body_bytes`` is 413 before it is read."""

    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return exc.response()

    def as_page(request: Request, status: int, message: str) -> Response | None:
        """The web app's error page for a browser's page request (``app.state.html_error``), else None."""
        hook = getattr(request.app.state, "html_error", None)
        if hook is None or not hook[0](request):
            return None
        page: Response = hook[1](request, status, message)
        return page

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        errors = list(exc.errors())
        if any(e.get("type") == "json_invalid" for e in errors):
            return JSONResponse(error_body("malformed_json", "the request body is not valid JSON",
                                           [("body", str(errors[0].get("ctx", {}).get("error", "invalid JSON")))]),
                                status_code=400)
        fields = [(field_name(e.get("loc", ())), str(e.get("msg", "invalid")).removeprefix("Value error, "))
                  for e in errors]
        message = "; ".join(f"{f}: {m}" for f, m in fields)
        return (as_page(request, 422, message)
                or JSONResponse(error_body("invalid_request", message, fields), status_code=422))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and (page := as_page(request, 404, f"There is no page {request.url.path}.")):
            return page
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse(error_body(code, str(exc.detail)), status_code=exc.status_code,
                            headers=dict(exc.headers or {}))

    @app.exception_handler(StoreUnavailable)
    @app.exception_handler(BusUnavailable)
    async def unavailable(_: Request, exc: Exception) -> JSONResponse:
        log.warning("gateway: %s", exc)
        what = "PostgreSQL" if isinstance(exc, StoreUnavailable) else "NATS"
        return JSONResponse(error_body("unavailable", f"{what} is unavailable; retry later"), status_code=503,
                            headers={"Retry-After": "5"})

    @app.exception_handler(Exception)
    async def internal(_: Request, exc: Exception) -> JSONResponse:
        log.error("gateway: unexpected %s", exc.__class__.__name__, exc_info=exc)
        return JSONResponse(error_body("internal", "internal error (logged by the gateway)"), status_code=500)

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        length = request.headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                return JSONResponse(error_body("invalid_request", "Content-Length is not a number",
                                               [("Content-Length", "not a number")]), status_code=400)
            if int(length) > max_body_bytes:
                return JSONResponse(error_body("body_too_large", f"the body is over {max_body_bytes} bytes",
                                               [("body", f"over {max_body_bytes} bytes")]), status_code=413)
        return await call_next(request)
