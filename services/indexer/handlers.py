"""Indexer: every relayed event -> Postgres read models (projections; it records no domain events).

The indexer process also runs the event relay (store -> NATS) in the distributed deployment.
"""

from __future__ import annotations

import asyncio

from faststream.nats import NatsRouter, PullSub
from faststream.nats.annotations import NatsMessage
from nats.js.api import ConsumerConfig

from contracts import EVENT_TYPES, decode
from services.indexer.projections import Projector
from shared.bus import POSITION_HEADER, event_stream
from shared.memory.search import memory_store
from shared.runtime import Runtime


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the indexer service."""
    router = NatsRouter()
    common = rt.settings.common
    projectors: list[Projector] = []  # built on the first event: building the router needs no database

    def projector() -> Projector:
        if not projectors:
            projectors.append(Projector(rt.pool, rt.documents, memory_store(rt.pool, rt.settings.memory)))
        return projectors[0]

    @router.subscriber(
        "assay.evt.>", stream=event_stream(common), durable="indexer--assay-evt-all",
        pull_sub=PullSub(batch_size=1, timeout=1.0),
        config=ConsumerConfig(ack_wait=common.ack_wait_s, max_deliver=common.max_deliver),
        title="indexer:events", description="Projects every run event into the read models.")
    async def on_event(msg: NatsMessage) -> None:
        subject = msg.raw_message.subject
        cls = EVENT_TYPES.by_subject(subject)
        if cls is None:
            return  # not a run event (e.g. MessageRejected): nothing to project
        event = decode(cls, msg.body, subject)
        position = (msg.headers or {}).get(POSITION_HEADER)
        await asyncio.to_thread(projector().apply, event, int(position) if position else None)

    return router
