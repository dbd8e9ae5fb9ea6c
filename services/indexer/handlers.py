"""Indexer: every relayed event -> Postgres read models (projections; it records no domain events).

The indexer process also runs the event relay (store -> NATS) in the distributed deployment.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Protocol

from faststream.nats import NatsRouter, PullSub
from faststream.nats.annotations import NatsMessage
from nats.js.api import ConsumerConfig

from contracts import EVENT_TYPES, Event, decode
from services.indexer.projections import Projector
from shared.bus import POSITION_HEADER, event_stream
from shared.memory.embed import WORDLLAMA_MODEL, warm_up_wordllama
from shared.memory.search import memory_store
from shared.runtime import Runtime


class Projections(Protocol):
    """The read models (``services.indexer.projections.Projector``)."""

    def apply(self, event: Event, position: int | None = None) -> None:
        """Project one event (idempotent); ``position``: its global position in the event log, when known."""
        ...


async def on_event(subject: str, body: bytes, headers: Mapping[str, str], projections: Projections) -> bool:
    """One relayed message -> the read models. Returns False (and projects nothing) when ``subject`` is not a run
    event's (e.g. ``MessageRejected``). Raises: MalformedMessage for a body that is not the subject's event."""
    cls = EVENT_TYPES.by_subject(subject)
    if cls is None:
        return False  # not a run event: nothing to project
    event = decode(cls, body, subject)
    position = headers.get(POSITION_HEADER)
    await asyncio.to_thread(projections.apply, event, int(position) if position else None)
    return True


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the indexer service: the subscriber calls :func:`on_event` with this process' projector."""
    router = NatsRouter()
    common = rt.settings.common
    projectors: list[Projector] = []  # built on the first event: building the router needs no database
    if rt.settings.memory.embed_model in (None, "", WORDLLAMA_MODEL):
        # research memory embeds every fetched page: the offline embedder's model loads while the process starts,
        # not on its first run's first page (about 0.25 s of CPU that run waited for)
        warm_up_wordllama()

    class LazyProjector:
        """The process' projector, built when the first run event comes in."""

        def apply(self, event: Event, position: int | None = None) -> None:
            if not projectors:
                projectors.append(Projector(rt.pool, rt.documents, memory_store(rt.pool, rt.settings.memory,
                                                                     opensearch_url=common.opensearch_url)))
            projectors[0].apply(event, position)

    lazy = LazyProjector()

    @router.subscriber(
        "assay.evt.>", stream=event_stream(common), durable="indexer--assay-evt-all",
        pull_sub=PullSub(batch_size=1, timeout=1.0),
        config=ConsumerConfig(ack_wait=common.ack_wait_s, max_deliver=common.max_deliver),
        title="indexer:events", description="Projects every run event into the read models.")
    async def on_event_msg(msg: NatsMessage) -> None:
        await on_event(msg.raw_message.subject, msg.body, msg.headers or {}, lazy)

    return router
