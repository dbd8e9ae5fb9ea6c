"""A loopback web for tests: an HTTP server on 127.0.0.1 (OS-assigned port) answering GET and POST from routes.

A route is a ``Reply`` (``Route`` is the same class: always the same answer), a list of replies (one per
request, the last one repeats: "429, 429, then 200"), or a function of the ``Seen`` request. A reply gives
status, body, headers, an optional delay before answering and an optional drip (one byte at a time).

Every request is recorded three ways: its path in ``server.requests``, (path, User-Agent) in ``server.agents``
(so tests can tell which worker fetched it) and the whole ``Seen`` request in ``server.seen``. Routes may be
added to ``server.routes`` while it serves. ``serve(..., content_length=True)`` adds a Content-Length header
to every answer (the web providers' stand-ins in ``tests.unit.web.standins`` do).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass
class Reply:
    """One canned answer."""

    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0  # sleep before sending the response (timeouts)
    drip_s: float = 0.0  # send the body one byte at a time with this pause


Route = Reply  # the name the fetch and scraper tests use


@dataclass
class Seen:
    """One request as the server saw it: method, path, query parameters, form fields or JSON body."""

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


Answer = Reply | list[Reply] | Callable[[Seen], Reply]  # what one route answers with
NOT_FOUND = Reply(404, b"<html><body><p>Not found</p></body></html>", {"Content-Type": "text/html"})


class _Handler(BaseHTTPRequestHandler):
    server: LoopbackServer

    def _answer(self, method: str) -> None:
        parts = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        seen = Seen(method, parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()},
                    self.rfile.read(length) if length else b"", {k.lower(): v for k, v in self.headers.items()})
        with self.server.lock:
            self.server.requests.append(self.path)
            self.server.agents.append((self.path, self.headers.get("User-Agent", "")))
            self.server.seen.append(seen)
            route = self.server.routes.get(parts.path)
            if isinstance(route, list):
                count = self.server.counts.get(parts.path, 0)
                self.server.counts[parts.path] = count + 1
                reply = route[min(count, len(route) - 1)]
            elif callable(route):
                reply = route(seen)
            else:
                reply = route or NOT_FOUND
        try:
            if reply.delay_s:
                time.sleep(reply.delay_s)
            self.send_response(reply.status)
            for k, v in reply.headers.items():
                self.send_header(k, v)
            if self.server.content_length:
                self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            if reply.drip_s:
                for i in range(len(reply.body)):
                    self.wfile.write(reply.body[i : i + 1])
                    self.wfile.flush()
                    time.sleep(reply.drip_s)
            else:
                self.wfile.write(reply.body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeouts, size caps): expected

    def do_GET(self) -> None:  # noqa: N802 - http.server API
        self._answer("GET")

    def do_POST(self) -> None:  # noqa: N802 - http.server API
        self._answer("POST")

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - silence stderr logging
        pass


class LoopbackServer(ThreadingHTTPServer):
    """The server; ``requests``, ``agents`` and ``seen`` record the requests in order (under ``lock``)."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, routes: dict[str, Answer], content_length: bool = False) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.routes = routes
        self.content_length = content_length
        self.requests: list[str] = []
        self.agents: list[tuple[str, str]] = []
        self.seen: list[Seen] = []
        self.counts: dict[str, int] = {}
        self.lock = threading.Lock()

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass


@dataclass
class PageServer:
    """A running loopback server: ``base`` is ``http://127.0.0.1:PORT``, ``url(path)`` builds an absolute URL."""

    base: str
    server: LoopbackServer

    def url(self, path: str) -> str:
        return self.base + path

    @property
    def requests(self) -> list[str]:
        return self.server.requests

    @property
    def seen(self) -> list[Seen]:
        return self.server.seen

    def requests_to(self, path: str) -> list[Seen]:
        return [s for s in self.server.seen if s.path == path]


@contextmanager
def serve(routes: Mapping[str, Answer], *, content_length: bool = False) -> Iterator[PageServer]:
    """Serve ``routes`` on 127.0.0.1 until the block exits (routes may be added to ``server.routes`` later)."""
    server = LoopbackServer(dict(routes), content_length)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    host, port = str(server.server_address[0]), int(server.server_address[1])
    try:
        yield PageServer(f"http://{host}:{port}", server)
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def refused_port() -> Iterator[int]:
    """A port on 127.0.0.1 where every connection is refused until the block exits: this process binds it and does
    not listen. A port picked free and let go (``shared.launcher.free_port``) may meanwhile be taken by a server
    another test starts, or by an outgoing connection; this one cannot be, so "nothing listens there" holds."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        yield int(s.getsockname()[1])
