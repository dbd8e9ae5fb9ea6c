"""Claim-extractor: ``SourceFetched`` (one source at a time) -> ``ClaimsExtracted``.

Offline engine: sentence-level atomic claims, made self-contained (a leading pronoun replaced by the
source's title), each with its evidence sentence's character offsets in the stored source text.
"""

from __future__ import annotations

import asyncio
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import SourceFetched
from shared.bus import consumer_kwargs
from shared.domain import claim_id_for
from shared.offline.claims import extract_claims
from shared.runtime import Runtime


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the claim-extractor service."""
    router = NatsRouter()
    cfg = rt.settings.extractor

    @router.subscriber(SourceFetched.SUBJECT, **consumer_kwargs(rt.settings.common, "claim-extractor", SourceFetched))
    async def on_source_fetched(body: SourceFetched) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        src = run["sources"].get(str(body.source_id))
        if src is None or src["status"] != "fetched":
            return  # redelivery: claims already recorded
        text = await asyncio.to_thread(rt.documents.get, body.text_sha256)
        claims: list[dict[str, object]] = []
        degraded = False
        if text is None:
            degraded = True
            await asyncio.to_thread(rt.runs.record_degraded, body.run_id, "claim-extractor",
                                    f"text {body.text_sha256} of {body.url} is missing from the document store")
        else:
            found = await asyncio.to_thread(extract_claims, text, title=body.title or None,
                                            max_claims=cfg.max_claims_per_source,
                                            focus=run["request"]["question"])
            seen: set[UUID] = set()
            for c in found:
                cid = claim_id_for(body.run_id, c.text)
                if cid in seen or str(cid) in run["claims"]:
                    continue
                seen.add(cid)
                claims.append({"claim_id": str(cid), "text": c.text, "start": c.start, "end": c.end,
                               "numeric": c.numeric, "recent": c.recent, "named_event": c.named_event})
        await asyncio.to_thread(rt.runs.record_claims, body.run_id, body.source_id, claims, degraded=degraded)

    return router
