"""Claim-extractor: ``SourceFetched`` (one source at a time) -> ``ClaimsExtracted``.

Engines: the ``extractor`` role's model when one is configured (``services.claim_extractor.model``: atomic,
self-contained claims with flags, each located in the stored source text by code), else the offline engine:
sentence-level atomic claims, made self-contained (a leading pronoun replaced by the name the page supports,
or the sentence dropped), each with its evidence sentence's character offsets in the stored source text. A model
failure falls back to the offline claims and the event is recorded ``degraded``.
"""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import SourceFetched
from services.claim_extractor.model import DEADLINE_S, extract_source_claims
from services.claim_extractor.offline import ExtractedClaim, extract_claims
from shared.bus import consumer_kwargs
from shared.domain import claim_id_for
from shared.llm.calls import ModelCalls, context_tokens
from shared.runtime import Runtime


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the claim-extractor service."""
    router = NatsRouter()
    cfg = rt.settings.extractor
    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not llm.offline("extractor")
    ack_wait = max(rt.settings.common.ack_wait_s, DEADLINE_S + 30) if modelled else None

    @router.subscriber(SourceFetched.SUBJECT, **consumer_kwargs(rt.settings.common, "claim-extractor", SourceFetched,
                                                                ack_wait_s=ack_wait))
    async def on_source_fetched(body: SourceFetched) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        src = run["sources"].get(str(body.source_id))
        if src is None or src["status"] != "fetched" or run["finished"]:
            return  # redelivery (claims already recorded) or an ended run
        text = await asyncio.to_thread(rt.documents.get, body.text_sha256)
        claims: list[dict[str, object]] = []
        degraded = False
        engine = "offline"
        if text is None:
            degraded = True
            await asyncio.to_thread(rt.runs.record_degraded, body.run_id, "claim-extractor",
                                    f"text {body.text_sha256} of {body.url} is missing from the document store")
        else:
            found: list[ExtractedClaim]
            if rt.llm is None or rt.llm.offline("extractor") or run["claims_verified"]:  # (no model call once
                # the run stopped waiting for claims: deadline or budget spent)
                found = await asyncio.to_thread(extract_claims, text, title=body.title or None,
                                                max_claims=cfg.max_claims_per_source,
                                                focus=run["request"]["question"])
            else:
                calls = ModelCalls(rt.llm, rt.runs, body.run_id, "claim-extractor")
                outcome = await extract_source_claims(
                    calls, text, title=body.title or None, question=run["request"]["question"],
                    max_claims=cfg.max_claims_per_source,
                    context=await context_tokens(rt.llm, "extractor", cfg.context_tokens))
                found, engine, degraded = outcome.claims, outcome.engine, outcome.degraded
            claims = _records(body.run_id, run, found)
        await asyncio.to_thread(rt.runs.record_claims, body.run_id, body.source_id, claims, engine=engine,
                                degraded=degraded)

    return router


def _records(run_id: UUID, run: dict[str, Any], found: list[ExtractedClaim]) -> list[dict[str, object]]:
    """``ClaimRecord`` payloads with deterministic ids, without claims already recorded for the run."""
    claims: list[dict[str, object]] = []
    seen: set[UUID] = set()
    for c in found:
        cid = claim_id_for(run_id, c.text)
        if cid in seen or str(cid) in run["claims"]:
            continue
        seen.add(cid)
        claims.append({"claim_id": str(cid), "text": c.text, "start": c.start, "end": c.end,
                       "numeric": c.numeric, "recent": c.recent, "named_event": c.named_event})
    return claims
