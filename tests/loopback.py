"""A loopback web for tests: an HTTP server on 127.0.0.1 (OS-assigned port) serving fixed routes.

Each ``Route`` gives status, body, headers, an optional delay before answering and an optional drip (one
byte at a time). Every request is recorded as (path, User-Agent) so tests can tell which worker fetched it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Route:
    """One canned answer."""

    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0  # sleep before sending the response
    drip_s: float = 0.0  # send the body one byte at a time with this pause


class _Handler(BaseHTTPRequestHandler):
    server: LoopbackServer

    def do_GET(self) -> None:  # noqa: N802 - http.server API
        with self.server.lock:
            self.server.requests.append(self.path)
            self.server.agents.append((self.path, self.headers.get("User-Agent", "")))
        route = self.server.routes.get(self.path.split("?", 1)[0])
        if route is None:
            route = Route(404, b"<html><body><p>Not found</p></body></html>", {"Content-Type": "text/html"})
        try:
            if route.delay_s:
                time.sleep(route.delay_s)
            self.send_response(route.status)
            for k, v in route.headers.items():
                self.send_header(k, v)
            self.end_headers()
            if route.drip_s:
                for i in range(len(route.body)):
                    self.wfile.write(route.body[i : i + 1])
                    self.wfile.flush()
                    time.sleep(route.drip_s)
            else:
                self.wfile.write(route.body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeouts, size caps): expected

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - silence stderr logging
        pass


class LoopbackServer(ThreadingHTTPServer):
    """The server; ``requests`` lists request paths and ``agents`` (path, User-Agent) pairs, in order."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, routes: dict[str, Route]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.routes = routes
        self.requests: list[str] = []
        self.agents: list[tuple[str, str]] = []
        self.lock = threading.Lock()

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001
        pass


@dataclass
class PageServer:
    """A running loopback server: ``url(path)`` builds an absolute URL."""

    base: str
    server: LoopbackServer

    def url(self, path: str) -> str:
        return self.base + path

    @property
    def requests(self) -> list[str]:
        return self.server.requests


@contextmanager
def serve(routes: dict[str, Route]) -> Iterator[PageServer]:
    """Serve ``routes`` on 127.0.0.1 until the block exits."""
    server = LoopbackServer(routes)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield PageServer(f"http://{host}:{port}", server)
    finally:
        server.shutdown()
        server.server_close()
