"""What every gateway request can reach: the runtime, the commit signal, the rate limiter and the settings."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request

from services.gateway.keys import RateLimiter
from services.gateway.stream import Commits
from shared.runtime import Runtime
from shared.settings import GatewaySettings


@dataclass
class GatewayState:
    """Built by ``create_app``'s lifespan and kept on ``app.state.gateway``."""

    runtime: Runtime
    settings: GatewaySettings
    commits: Commits
    limiter: RateLimiter


def gateway_state(request: Request) -> GatewayState:
    """The gateway state of the app serving ``request`` (a FastAPI dependency; the web pages use it too).

    Raises: RuntimeError when the app's lifespan has not started (the state is built there)."""
    state = getattr(request.app.state, "gateway", None)
    if not isinstance(state, GatewayState):
        raise RuntimeError("the gateway has not started (its lifespan builds the state)")
    return state
