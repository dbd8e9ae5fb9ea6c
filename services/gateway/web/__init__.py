"""The gateway's web app (issue 13): the research view, run pages with the live timeline, the rendered report
and the trust UI, past runs, search and exports. ``mount(app)`` adds the pages and the static files."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from services.gateway.web import export_api
from services.gateway.web.routes import HERE, router

__all__ = ["mount", "router"]


def mount(app: FastAPI) -> None:
    """Add the web pages (``router``), the static files (``/static``: scripts, styles) and the API's export
    endpoint (``GET /v1/runs/{run_id}/export/{format}``) to ``app``."""
    app.include_router(router)
    app.include_router(export_api.router)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
