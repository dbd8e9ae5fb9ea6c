"""The gateway server: uvicorn serving ``create_app`` on ``ASSAY_GATEWAY_HOST``:``ASSAY_GATEWAY_PORT``.

``GatewayServer`` runs it as a task on the caller's event loop (the embedded stack: ``assay up``, ``assay web``,
tests), sharing the caller's runtime; ``serve`` runs it alone (``assay serve gateway``), opening its own runtime.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Iterator

import uvicorn
from fastapi import FastAPI

from services.gateway.app import create_app
from services.gateway.state import GatewayState
from shared.runtime import Runtime
from shared.settings import ServiceSettings

NAME = "gateway"
log = logging.getLogger("assay.gateway")


class _Server(uvicorn.Server):
    """uvicorn without its signal handlers: the process hosting it (``assay up``) owns SIGINT and SIGTERM."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class GatewayServer:
    """The gateway on the running event loop. ``await start()`` returns once it listens; ``url`` is then its base
    URL (``http://host:port``, the real port when the setting is 0); ``await stop()`` ends it."""

    def __init__(self, settings: ServiceSettings, runtime: Runtime | None = None, *,
                 log_level: str = "warning") -> None:
        self.settings = settings
        self.app = create_app(settings, runtime=runtime)
        gw = settings.gateway
        self._server = _Server(uvicorn.Config(self.app, host=gw.host, port=gw.port, log_level=log_level,
                                              lifespan="on", access_log=False, timeout_graceful_shutdown=5))
        self._task: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        """The base URL the gateway listens on. Raises: RuntimeError before ``start``."""
        if not self._server.started or not self._server.servers:
            raise RuntimeError("the gateway has not started")
        host, port = self._server.servers[0].sockets[0].getsockname()[:2]
        host = f"[{host}]" if ":" in str(host) else str(host)
        return f"http://{host}:{port}"

    async def start(self, timeout_s: float = 30.0) -> None:
        """Start serving. Raises: RuntimeError when it has not started within ``timeout_s`` seconds (e.g. the port
        is taken) or stopped while starting."""
        self._task = asyncio.create_task(self._server.serve())
        deadline = asyncio.get_running_loop().time() + timeout_s
        while not self._server.started:
            if self._task.done():
                exc = self._task.exception() if not self._task.cancelled() else None
                raise RuntimeError(f"the gateway did not start on {self.settings.gateway.host}:"
                                   f"{self.settings.gateway.port}" + (f": {exc}" if exc else ""))
            if asyncio.get_running_loop().time() > deadline:
                raise RuntimeError("the gateway did not start in time")
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        """Stop serving (open event streams are closed) and wait for the server to end."""
        if self._task is None:
            return
        await end_streams(self.app)
        self._server.should_exit = True
        await asyncio.gather(self._task, return_exceptions=True)
        self._task = None


async def end_streams(app: FastAPI) -> None:
    """End the open event streams of ``app`` (before the server stops: a stream would otherwise hold it until the
    graceful-shutdown timeout); their clients reconnect with ``Last-Event-ID``."""
    state = getattr(app.state, "gateway", None)
    if isinstance(state, GatewayState):
        await state.commits.stop()


def serve(settings: ServiceSettings) -> None:
    """Serve the gateway alone until SIGINT or SIGTERM (``assay serve gateway``), then stop cleanly (exit 0)."""
    gw = settings.gateway

    async def main() -> None:
        app = create_app(settings)
        server = _Server(uvicorn.Config(app, host=gw.host, port=gw.port, log_level="info", lifespan="on",
                                        timeout_graceful_shutdown=5))
        loop = asyncio.get_running_loop()
        ending: list[asyncio.Task[None]] = []

        def on_signal() -> None:
            async def end() -> None:
                await end_streams(app)
                server.should_exit = True
            ending.append(asyncio.create_task(end()))

        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, on_signal)
        await server.serve()

    asyncio.run(main())
