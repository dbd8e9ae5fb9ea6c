"""Helpers of the gateway tests: the gateway on a real uvicorn on 127.0.0.1 over the test's NATS and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx

from shared.settings import GatewaySettings, ServiceSettings


def with_gateway(settings: ServiceSettings, **gateway: Any) -> ServiceSettings:
    """``settings`` with the gateway settings given (port 0: any free port; nothing read from the environment)."""
    gw = GatewaySettings(_env_file=None, **{"host": "127.0.0.1", "port": 0, **gateway})  # type: ignore[arg-type]
    return settings.model_copy(update={"gateway": gw})


@asynccontextmanager
async def running_gateway(settings: ServiceSettings, runtime: Any) -> AsyncIterator[str]:
    """The gateway serving on 127.0.0.1 with ``runtime``; yields its base URL."""
    from services.gateway.main import GatewayServer

    server = GatewayServer(settings, runtime)
    await server.start()
    try:
        yield server.url
    finally:
        await server.stop()


async def read_sse(response: httpx.Response, *, stop_after: int | None = None) -> list[dict[str, Any]]:
    """The SSE messages of a streaming ``response`` as {"id", "event", "data" (parsed JSON)}, until the stream
    ends or ``stop_after`` messages were read."""
    messages: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    async for line in response.aiter_lines():
        if line == "":
            if "data" in current:
                current["data"] = json.loads(current["data"])
                messages.append(current)
                if stop_after is not None and len(messages) >= stop_after:
                    return messages
            current = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        current[name] = current.get(name, "") + ("\n" if name == "data" and name in current else "") + value
    return messages
