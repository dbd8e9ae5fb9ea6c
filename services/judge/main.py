"""Builds the judge service: its subscribers on a runtime's broker, with the stage's engines.

``create_router(rt)`` is what a process calls to run this stage (``assay serve judge``, or the embedded
stack of ``assay run``/``assay up``); the subscribers themselves are in ``handlers.py``.
"""

from __future__ import annotations

from faststream.nats import NatsRouter

from services.judge import handlers
from shared.runtime import Runtime

NAME = "judge"


def create_router(rt: Runtime) -> NatsRouter:
    """The judge's subscribers, bound to ``rt`` (settings, store, documents, broker, model gateway)."""
    return handlers.build_router(rt)
