"""The gateway's web app (issue 13): the research view, run pages with the live timeline, the rendered report
and the trust UI, past runs, search and exports. ``mount(app)`` adds the pages and the static files."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from services.gateway.web import chat_page, export_api
from services.gateway.web.routes import HERE, error_page, router, wants_page

__all__ = ["mount", "router"]


def mount(app: FastAPI) -> None:
    """Add the web pages (``router``), the static files (``/static``: scripts, styles) and the API's export
    endpoint (``GET /v1/runs/{run_id}/export/{format}``) to ``app``; ``app.state.html_error`` lets the error handlers
    answer a browser's page request (a malformed run id, an out-of-range page query) with a page, not JSON."""
    app.include_router(router)
    app.include_router(chat_page.router)  # /chat (issue 14)
    app.include_router(export_api.router)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    # the API's exception handlers answer a browser's page request with a page (services/gateway/app.py)
    app.state.html_error = (wants_page, error_page)
