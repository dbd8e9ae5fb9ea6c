"""A loopback internet for the web providers: stand-in servers on 127.0.0.1 answering in the response shapes
of Tavily, SearXNG, DuckDuckGo's HTML endpoint, MediaWiki and arXiv, plus pages to fetch.

A route is a ``Reply`` (always the same answer), a list of replies (one per request, the last one repeats:
"429, 429, then 200"), or a function of the ``Seen`` request. Every request is recorded in ``server.seen``.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Union
from urllib.parse import parse_qs, urlsplit


@dataclass
class Reply:
    """One canned answer."""

    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0  # wait before answering (timeouts)


@dataclass
class Seen:
    """One request as the stand-in saw it: method, path, query parameters, form fields or JSON body."""

    method: str
    path: str
    params: dict[str, str]
    body: bytes
    headers: dict[str, str]

    @property
    def form(self) -> dict[str, str]:
        return {k: v[0] for k, v in parse_qs(self.body.decode("utf-8", "replace")).items()}

    @property
    def json(self) -> Any:
        return json.loads(self.body or b"null")


Route = Union[Reply, list[Reply], Callable[[Seen], Reply]]


class _Handler(BaseHTTPRequestHandler):
    server: StandInServer

    def _answer(self, method: str) -> None:
        parts = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        seen = Seen(method, parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()},
                    self.rfile.read(length) if length else b"", {k.lower(): v for k, v in self.headers.items()})
        with self.server.lock:
            self.server.seen.append(seen)
            route = self.server.routes.get(parts.path)
            if isinstance(route, list):
                count = self.server.counts.get(parts.path, 0)
                self.server.counts[parts.path] = count + 1
                reply = route[min(count, len(route) - 1)]
            elif callable(route):
                reply = route(seen)
            else:
                reply = route or Reply(404, b"<html><body><p>Not found</p></body></html>",
                                       {"Content-Type": "text/html"})
        try:
            if reply.delay_s:
                time.sleep(reply.delay_s)
            self.send_response(reply.status)
            for k, v in reply.headers.items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            self.wfile.write(reply.body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self) -> None:  # noqa: N802 - http.server API
        self._answer("GET")

    def do_POST(self) -> None:  # noqa: N802 - http.server API
        self._answer("POST")

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


class StandInServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, routes: dict[str, Route]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.routes = routes
        self.seen: list[Seen] = []
        self.counts: dict[str, int] = {}
        self.lock = threading.Lock()

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass


@dataclass
class StandIn:
    """A running stand-in: ``base`` is ``http://127.0.0.1:PORT``."""

    base: str
    server: StandInServer

    def url(self, path: str) -> str:
        return self.base + path

    @property
    def seen(self) -> list[Seen]:
        return self.server.seen

    def requests_to(self, path: str) -> list[Seen]:
        return [s for s in self.server.seen if s.path == path]


@contextmanager
def serve(routes: Mapping[str, Route]) -> Iterator[StandIn]:
    """Serve ``routes`` on 127.0.0.1 until the block exits (routes may be added to ``server.routes`` later)."""
    server = StandInServer(dict(routes))
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    host, port = str(server.server_address[0]), int(server.server_address[1])
    try:
        yield StandIn(f"http://{host}:{port}", server)
    finally:
        server.shutdown()
        server.server_close()


# ---- response shapes ------------------------------------------------------------------------------------------
Result = tuple[str, str, str]  # (url, title, snippet)


def json_reply(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
    return Reply(status, json.dumps(data).encode(), {"Content-Type": "application/json", **(headers or {})})


def html_reply(text: str, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
    return Reply(status, text.encode(), {"Content-Type": "text/html; charset=utf-8", **(headers or {})})


def tavily_search(results: list[Result], query: str = "q") -> Reply:
    """``POST /search`` of the Tavily API."""
    return json_reply({
        "query": query, "follow_up_questions": None, "answer": None, "images": [],
        "results": [{"title": t, "url": u, "content": s, "score": round(0.9 - i * 0.1, 3), "raw_content": None}
                    for i, (u, t, s) in enumerate(results)],
        "response_time": 0.42, "request_id": "req-1"})


def searxng_search(results: list[Result], unresponsive: list[list[str]] | None = None) -> Reply:
    """``GET /search?format=json`` of SearXNG."""
    return json_reply({
        "query": "q", "number_of_results": len(results),
        "results": [{"url": u, "title": t, "content": s, "engine": "bing", "engines": ["bing"],
                     "score": 1.0 / (i + 1), "category": "general", "positions": [i + 1]}
                    for i, (u, t, s) in enumerate(results)],
        "answers": [], "corrections": [], "infoboxes": [], "suggestions": [],
        "unresponsive_engines": unresponsive or []})


def ddg_html(results: list[Result]) -> Reply:
    """``POST /html/`` of DuckDuckGo: result blocks with redirect-wrapped links, as the real page has them."""
    from urllib.parse import quote

    blocks = []
    for u, t, s in results:
        link = f"//duckduckgo.com/l/?uddg={quote(u, safe='')}&amp;rut=abc123"
        blocks.append(
            f'<div class="result results_links results_links_deep web-result ">'
            f'<div class="links_main links_deep result__body">'
            f'<h2 class="result__title"><a rel="nofollow" class="result__a" href="{link}">{escape(t)}</a></h2>'
            f'<div class="result__extras"><div class="result__extras__url">'
            f'<a class="result__url" href="{link}">{escape(u)}</a></div></div>'
            f'<a class="result__snippet" href="{link}">{escape(s)}</a>'
            f'<div class="clear"></div></div></div>')
    if not blocks:
        blocks.append('<div class="no-results">No results.</div>')
    page = ('<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body><div id="links" class="results">'
            + "".join(blocks) + "</div></body></html>")
    return html_reply(page)


DDG_ANOMALY = ('<html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>'
               '<div class="anomaly-modal__description">Please complete the following challenge.</div></body></html>')


def mediawiki_search(titles: list[tuple[str, str]]) -> Reply:
    """``GET /w/api.php?action=query&list=search&format=json&formatversion=2`` of MediaWiki."""
    return json_reply({
        "batchcomplete": True, "continue": {"sroffset": len(titles), "continue": "-||"},
        "query": {"searchinfo": {"totalhits": len(titles)},
                  "search": [{"ns": 0, "title": t, "pageid": 1000 + i, "size": 5000, "wordcount": 800,
                              "snippet": s, "timestamp": "2024-01-01T00:00:00Z"}
                             for i, (t, s) in enumerate(titles)]}})


def mediawiki_error(code: str, info: str) -> Reply:
    """MediaWiki's error: HTTP 200 with an ``error`` object."""
    return json_reply({"error": {"code": code, "info": info, "*": "See https://en.wikipedia.org/w/api.php"},
                       "servedby": "mw-api-ext"})


def arxiv_feed(entries: list[Result]) -> Reply:
    """The arXiv API's Atom feed."""
    items = "".join(
        f"<entry><id>{escape(u)}</id><updated>2024-01-01T00:00:00Z</updated><title>{escape(t)}</title>"
        f"<summary>{escape(s)}</summary><author><name>A. Author</name></author>"
        f'<link href="{escape(u)}" rel="alternate" type="text/html"/></entry>'
        for u, t, s in entries)
    feed = ('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" '
            'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"><title>ArXiv Query</title>'
            f"<id>http://arxiv.org/api/x</id><opensearch:totalResults>{len(entries)}</opensearch:totalResults>"
            f"{items}</feed>")
    return Reply(200, feed.encode(), {"Content-Type": "application/atom+xml; charset=utf-8"})


def arxiv_error(message: str, status: int = 400) -> Reply:
    """arXiv's error feed: one entry whose id is ``.../api/errors#...``."""
    feed = ('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>ArXiv Query'
            '</title><id>http://arxiv.org/api/x</id><entry><id>http://arxiv.org/api/errors#incorrect_id_format'
            f"</id><title>Error</title><summary>{escape(message)}</summary></entry></feed>")
    return Reply(status, feed.encode(), {"Content-Type": "application/atom+xml; charset=utf-8"})


def article(title: str, paragraphs: list[str]) -> Reply:
    """A plain article page for the scraper."""
    body = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
    return html_reply(f"<!DOCTYPE html><html><head><title>{escape(title)}</title></head><body><article>"
                      f"<h1>{escape(title)}</h1>{body}</article></body></html>")
