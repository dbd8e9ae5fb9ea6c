"""Builds the domain-code service: its subscriber on a runtime's broker, with the code domain's engines.

``create_router(rt)`` is what a process calls to run this service (``assay serve domain-code``, or the embedded
stack of ``assay run``/``assay up``); the subscriber itself is in ``handlers.py``.
"""

from __future__ import annotations

from faststream.nats import NatsRouter

from services.domain_code import handlers
from shared.runtime import Runtime

NAME = "domain-code"


def create_router(rt: Runtime) -> NatsRouter:
    """The domain-code subscriber, bound to ``rt`` (settings, store, documents, broker, model gateway)."""
    return handlers.build_router(rt)
