"""A loopback stand-in for the CrossRef REST API (``GET /works/{doi}``), answering the records of
``tests/fixtures/scholarly/works.json`` in the API's real shape, 404 (with CrossRef's plain "Resource not found."
body) for a DOI it does not know, and 429 / 503 for the DOIs listed in ``rate_limited`` / ``down``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from tests.loopback import PageServer, Reply, Seen, serve

WORKS: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parent / "fixtures" / "scholarly" / "works.json").read_text(encoding="utf-8"))
RETRACTED = "10.5555/trust.retracted.2019"
CONCERN = "10.5555/trust.concern.2020"
SOUND = "10.5555/trust.sound.2022"
NOTICE = "10.5555/trust.retraction-notice.2021"


@contextmanager
def crossref(*, rate_limited: tuple[str, ...] = (), down: tuple[str, ...] = ()) -> Iterator[PageServer]:
    """Serve the stand-in; ``server.base`` is the API base URL (``requests_to('/works/<doi>')`` counts calls)."""

    def answer(seen: Seen) -> Reply:
        doi = unquote(seen.path.removeprefix("/works/")).lower()
        if doi in rate_limited:
            return Reply(429, b'{"status":"error","message":"Too many requests"}',
                         {"Content-Type": "application/json", "Retry-After": "1"})
        if doi in down:
            return Reply(503, b"<html><body>Service Unavailable</body></html>", {"Content-Type": "text/html"})
        work = WORKS.get(doi)
        if work is None:
            return Reply(404, b"Resource not found.", {"Content-Type": "text/plain"})
        return Reply(200, json.dumps(work).encode(), {"Content-Type": "application/json"})

    with serve({}) as server:
        paths = [f"/works/{d}" for d in WORKS if not d.startswith("_")]
        for p in [*paths, *(f"/works/{d}" for d in (*rate_limited, *down)), "/works/10.5555/trust.unknown"]:
            server.server.routes[p] = answer
        yield server
