"""Builds the synthesizer service: its subscribers on a runtime's broker, with the stage's engines.

``create_router(rt)`` is what a process calls to run this stage (``assay serve synthesizer``, or the embedded
stack of ``assay run``/``assay up``); the subscribers themselves are in ``handlers.py``.
"""

from __future__ import annotations

from faststream.nats import NatsRouter

from services.synthesizer import handlers
from shared.runtime import Runtime

NAME = "synthesizer"


def create_router(rt: Runtime) -> NatsRouter:
    """The synthesizer's subscribers, bound to ``rt`` (settings, store, documents, broker, model gateway)."""
    return handlers.build_router(rt)


def create_sweeper(rt: Runtime) -> handlers.DeadlineSweeper:
    """The run-deadline sweeper the synthesizer owns (one per process that runs the synthesizer)."""
    return handlers.DeadlineSweeper(rt)
