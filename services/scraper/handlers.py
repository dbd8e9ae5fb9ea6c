"""Scraper: ``SourcesSelected`` -> one ``FetchSource`` command per source -> ``SourceFetched``/``SourceFailed``.

http(s) URLs are fetched with httpx under the address policy (private and loopback addresses refused
unless allow-listed; redirects re-checked); ``doc:<sha256>`` sources are read from the local corpus.
Whatever goes wrong with one source becomes ``SourceFailed`` with the reason; the worker goes on.
"""

from __future__ import annotations

import asyncio
import logging
import os

import httpx
from faststream.nats import NatsRouter

from contracts import FetchSource, SourcesSelected
from shared.bus import consumer_kwargs
from shared.fetch import AddressPolicy, FetchError, FetchLimits, fetch_document
from shared.runtime import Runtime

log = logging.getLogger("assay.scraper")


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the scraper service (one shared httpx client per process)."""
    router = NatsRouter()
    common = rt.settings.common
    cfg = rt.settings.scraper
    policy = AddressPolicy(allow=tuple(cfg.allow_hosts))
    limits = FetchLimits(connect_timeout_s=cfg.connect_timeout_s, read_timeout_s=cfg.read_timeout_s,
                         total_timeout_s=cfg.total_timeout_s, max_bytes=cfg.max_bytes,
                         max_redirects=cfg.max_redirects)
    clients: dict[str, httpx.AsyncClient] = {}
    user_agent = f"AssayBot/0.1 (worker {os.getpid()})"

    def client() -> httpx.AsyncClient:
        if "http" not in clients:
            clients["http"] = httpx.AsyncClient(
                follow_redirects=False, timeout=httpx.Timeout(cfg.read_timeout_s, connect=cfg.connect_timeout_s))
        return clients["http"]

    @router.subscriber(SourcesSelected.SUBJECT, **consumer_kwargs(common, "scraper", SourcesSelected))
    async def on_sources_selected(body: SourcesSelected) -> None:
        for src in body.sources:
            await rt.publisher.command(FetchSource(run_id=body.run_id, source_id=src.source_id, url=src.url),
                                       str(src.source_id))

    @router.subscriber(FetchSource.SUBJECT, **consumer_kwargs(common, "scraper", FetchSource))
    async def on_fetch(body: FetchSource) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        src = run["sources"].get(str(body.source_id))
        if src is None or src["status"] != "pending":
            return  # redelivery or unknown source: nothing to do
        if body.url.startswith("doc:"):
            doc = await asyncio.to_thread(rt.corpus.document, body.url[4:])
            if doc is None:
                await asyncio.to_thread(rt.runs.record_source_failed, body.run_id, body.source_id,
                                        url=body.url, reason="not_found: no such document in the local corpus")
                return
            await asyncio.to_thread(
                rt.runs.record_source_fetched, body.run_id, body.source_id, url=body.url, final_url=doc["path"],
                content_type=doc["content_type"], title=doc["title"], text_sha256=doc["sha256"],
                chars=len(doc["text"]), via="local")
            return
        try:
            fetched = await asyncio.wait_for(
                fetch_document(body.url, client=client(), policy=policy, limits=limits, user_agent=user_agent),
                timeout=cfg.total_timeout_s + 5)
        except FetchError as exc:
            await asyncio.to_thread(rt.runs.record_source_failed, body.run_id, body.source_id, url=body.url,
                                    reason=str(exc))
            return
        except TimeoutError:
            await asyncio.to_thread(rt.runs.record_source_failed, body.run_id, body.source_id, url=body.url,
                                    reason=f"timeout: no complete answer within {cfg.total_timeout_s} s")
            return
        except Exception as exc:  # noqa: BLE001 (one bad page must not stop the worker)
            log.exception("fetching %s failed", body.url)
            await asyncio.to_thread(rt.runs.record_source_failed, body.run_id, body.source_id, url=body.url,
                                    reason=f"internal: {exc.__class__.__name__}: {exc}")
            return
        digest = await asyncio.to_thread(rt.documents.put, fetched.text, fetched.content_type)
        await asyncio.to_thread(
            rt.runs.record_source_fetched, body.run_id, body.source_id, url=body.url,
            final_url=fetched.final_url, content_type=fetched.content_type,
            title=fetched.title or fetched.final_url, text_sha256=digest, chars=len(fetched.text), via=fetched.via)

    return router
