"""Claim-extractor: ``SourceFetched`` (one source at a time) -> ``ClaimsExtracted``.

Engines: the ``extractor`` role's model when one is configured (``services.claim_extractor.model``: atomic,
self-contained claims with flags, each located in the stored source text by code), else the offline engine:
sentence-level atomic claims, made self-contained (a leading pronoun replaced by the name the page supports,
or the sentence dropped), each with its evidence sentence's character offsets in the stored source text. A model
failure falls back to the offline claims and the event is recorded ``degraded``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import SourceFetched
from services.claim_extractor.model import DEADLINE_S, extract_source_claims
from services.claim_extractor.offline import ExtractedClaim, extract_claims
from shared.bus import consumer_kwargs
from shared.cpu import run_cpu
from shared.domain import claim_id_for
from shared.evidence import Claim
from shared.llm import LlmGateway
from shared.llm.calls import ModelCalls, context_tokens
from shared.ports import Documents, RunReader, run_after
from shared.runtime import Runtime
from shared.segments import SegmentStore
from shared.settings import ExtractorSettings


class ExtractorRuns(RunReader, Protocol):
    """What the claim-extractor reads and records in the event store (``shared.store.ResearchRuns``)."""

    def record_claims(self, run_id: UUID, source_id: UUID, claims: list[dict[str, Any]], *,
                      engine: str = "offline", degraded: bool = False) -> bool:
        """Record ``ClaimsExtracted`` for one fetched source (once); may fan in ``ExtractionCompleted``."""
        ...

    def record_degraded(self, run_id: UUID, stage: str, reason: str) -> bool:
        """Record ``StageDegraded``."""
        ...


@dataclass(frozen=True, kw_only=True)
class Extraction:
    """The claim-extractor handler's collaborators: the event store, the document store (the sources' texts),
    the model gateway (None: offline) and the stage's settings."""

    runs: ExtractorRuns
    documents: Documents
    llm: LlmGateway | None
    settings: ExtractorSettings
    segments: SegmentStore | None = None  # where each text's sentences are kept for the verifier (None: not kept)

    @classmethod
    def of(cls, rt: Runtime) -> Extraction:
        """The collaborators of a service process (its runtime)."""
        return cls(runs=rt.runs, documents=rt.documents, llm=getattr(rt, "llm", None), settings=rt.settings.extractor,
                   segments=SegmentStore(rt.pool))


def claims_of(run_id: UUID, source_id: UUID, found: list[ExtractedClaim],
              known: Mapping[str, Claim]) -> list[Claim]:
    """The engine's claims as :class:`Claim` values with deterministic ids (``claim_id_for``), without repeats
    and without claims the run has recorded already (``known``: the run's claims by id)."""
    claims: list[Claim] = []
    seen: set[UUID] = set()
    for c in found:
        cid = claim_id_for(run_id, c.text)
        if cid in seen or str(cid) in known:
            continue
        seen.add(cid)
        claims.append(Claim(claim_id=str(cid), source_id=str(source_id), text=c.text, start=c.start, end=c.end,
                            numeric=c.numeric, recent=c.recent, named_event=c.named_event))
    return claims


async def on_source_fetched(event: SourceFetched, deps: Extraction) -> None:
    """``SourceFetched`` -> ``ClaimsExtracted`` for that source (once; none for an ended run). A text missing
    from the document store is recorded as a degradation, with no claims."""
    cfg = deps.settings
    run = await run_after(deps.runs, event.run_id, event.seq)
    src = run.source(event.source_id)
    if src is None or src.status != "fetched" or run.closed:
        return  # redelivery (claims already recorded), an ended run or one closed at its deadline
    text = await asyncio.to_thread(deps.documents.get, event.text_sha256)
    claims: list[Claim] = []
    degraded = False
    engine = "offline"
    if text is None:
        degraded = True
        await asyncio.to_thread(deps.runs.record_degraded, event.run_id, "claim-extractor",
                                f"text {event.text_sha256} of {event.url} is missing from the document store")
    else:
        found: list[ExtractedClaim]
        if deps.llm is None or deps.llm.offline("extractor") or run.claims_verified:  # (no model call once
            # the run stopped waiting for claims: deadline or budget spent)
            found = await run_cpu(extract_claims, text, title=event.title or None,  # (CPU-bound: shared.cpu)
                                  max_claims=cfg.max_claims_per_source, focus=run.request.question)
        else:
            calls = ModelCalls(deps.llm, deps.runs, event.run_id, "claim-extractor")
            outcome = await extract_source_claims(
                calls, text, title=event.title or None, question=run.request.question,
                max_claims=cfg.max_claims_per_source,
                context=await context_tokens(deps.llm, "extractor", cfg.context_tokens))
            found, engine, degraded = outcome.claims, outcome.engine, outcome.degraded
        claims = claims_of(event.run_id, event.source_id, found, run.claims)
        if deps.segments is not None:  # kept before the claims, whose last source starts the verifier: each verifier
            # process reads the text's sentences for its evidence pool instead of splitting every text again
            await asyncio.to_thread(deps.segments.of_texts, {event.text_sha256: text})
    await asyncio.to_thread(deps.runs.record_claims, event.run_id, event.source_id, [c.record() for c in claims],
                            engine=engine, degraded=degraded)


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the claim-extractor service: each calls its handler function with this process'
    collaborators."""
    router = NatsRouter()
    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not llm.offline("extractor")
    ack_wait = max(rt.settings.common.ack_wait_s, DEADLINE_S + 30) if modelled else None

    @router.subscriber(SourceFetched.SUBJECT, **consumer_kwargs(rt.settings.common, "claim-extractor", SourceFetched,
                                                                ack_wait_s=ack_wait))
    async def on_source_fetched_msg(body: SourceFetched) -> None:
        await on_source_fetched(body, Extraction.of(rt))

    return router
