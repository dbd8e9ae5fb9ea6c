"""Builds the domain-shopping service: its subscribers on a runtime's broker.

``create_router(rt)`` is what a process calls to run it (``assay serve domain-shopping``, or the embedded stack
of ``assay run``/``assay up``); the subscribers themselves are in ``handlers.py``.
"""

from __future__ import annotations

from faststream.nats import NatsRouter

from services.domain_shopping import handlers
from shared.runtime import Runtime

NAME = "domain-shopping"


def create_router(rt: Runtime) -> NatsRouter:
    """The domain-shopping subscribers, bound to ``rt`` (settings, store, documents, broker)."""
    return handlers.build_router(rt)
