"""Assembling services into processes.

``SERVICES`` maps each service name to its router builder. ``Stack`` runs any subset of them on one broker
in one process (the embedded default runs all of them plus the event relay, and with ``gateway=True`` the HTTP
gateway on the same runtime: ``assay up``, ``assay web``); ``assay serve NAME --replicas N`` runs one service per
process, N processes sharing the service's durable consumers (``assay serve gateway``: the gateway alone).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from faststream.nats import NatsRouter

from services.claim_extractor import main as claim_extractor
from services.domain_code import main as domain_code
from services.domain_shopping import main as domain_shopping
from services.gatherer import main as gatherer
from services.indexer import main as indexer
from services.judge import main as judge
from services.planner import main as planner
from services.scraper import main as scraper
from services.synthesizer import main as synthesizer
from services.verifier import main as verifier
from shared.bus import ensure_dead_letter_stream, start_broker
from shared.cpu import stop_cpu, use_cpu
from shared.deadletters import MaxDeliveriesWatcher, ensure_advisory_stream
from shared.heap import freeze_when_started
from shared.metrics import LagWatcher, runtime_collector, serve_metrics
from shared.preload import preloading
from shared.runtime import EventRelay, Runtime, use_worker_threads
from shared.tracing import configure_tracing

if TYPE_CHECKING:
    from services.gateway.main import GatewayServer

log = logging.getLogger("assay.app")
#: the offline engines' modules, imported by the CPU worker processes when they start (shared.cpu)
ENGINE_MODULES = ("services.claim_extractor.offline", "services.verifier.offline")

SERVICES: dict[str, Callable[[Runtime], NatsRouter]] = {
    m.NAME: m.create_router for m in (planner, gatherer, scraper, claim_extractor, verifier, synthesizer, judge, indexer)
}
# domain services (contracts.domains): each analyses the runs of its domain
SERVICES.update({m.NAME: m.create_router for m in (domain_shopping, domain_code)})


class Stack:
    """Some services (default: all) on the runtime's broker, plus the event relay when ``relay`` is true, the
deadline sweeper when the synthesizer is among them, and the HTTP gateway (``rt.settings.gateway``: host, port,
keys) when ``gateway`` is true; ``gateway_url`` is then its base URL once started."""

    def __init__(self, rt: Runtime, services: list[str] | None = None, *, relay: bool = True,
                 gateway: bool = False) -> None:
        unknown = set(services or []) - set(SERVICES)
        if unknown:
            raise ValueError(f"unknown service(s): {', '.join(sorted(unknown))}; known: {', '.join(SERVICES)}")
        self.rt = rt
        self.services = list(services or SERVICES)
        self._relay = EventRelay(rt, hand_over=rt.settings.common.relay_hand_over) if relay else None
        self._relay_task: asyncio.Task[None] | None = None
        self._sweeper = synthesizer.create_sweeper(rt) if "synthesizer" in self.services else None
        self._sweeper_task: asyncio.Task[None] | None = None
        self._closers: list[Callable[[], Awaitable[None]]] = []  # a router's ``assay_closers``, run at stop
        self._gateway: GatewayServer | None = None
        if gateway:  # (imported here: FastAPI and uvicorn load only for a stack that serves HTTP)
            from services.gateway.main import GatewayServer

            self._gateway = GatewayServer(rt.settings, rt)
        self.gateway_url: str | None = None
        self.waiting_for: str | None = None  # while ``start`` waits for the bus: what for (the last wait line)
        # observability (issue 11): traces when an exporter is configured, /metrics when a port is
        configure_tracing(rt.settings.common.trace_exporter, "+".join(services) if services else "all")
        self.metrics_url: str | None = None
        self._metrics_server: Any = None
        self._lag: LagWatcher | None = None
        self._lag_task: asyncio.Task[None] | None = None
        self._watcher: MaxDeliveriesWatcher | None = None
        for name in self.services:
            router = SERVICES[name](rt)
            self._closers.extend(getattr(router, "assay_closers", ()))
            rt.broker.include_router(router)

    async def start(self) -> None:
        """Connect the broker (declaring streams and durable consumers; a bus that does not answer yet is waited
        out up to ``outage_wait_s``; ``waiting_for`` says meanwhile what it waits for) and start the relay.
        Raises: BusUnavailable naming the NATS address that stayed down past ``outage_wait_s``."""
        common = self.rt.settings.common
        use_worker_threads(common.worker_threads)
        use_cpu(threads=common.cpu_threads, processes=common.cpu_processes, nice=common.cpu_nice,
                switch_interval_ms=common.switch_interval_ms, preload=ENGINE_MODULES)

        def waiting(line: str) -> None:
            self.waiting_for = line

        await start_broker(self.rt.broker, wait_s=max(self.rt.settings.common.outage_wait_s, 10.0),
                           nats_url=self.rt.endpoints.nats_url, on_wait=waiting)
        self.waiting_for = None
        js = self.rt.broker.connection.jetstream()
        # every service process keeps the max-deliveries advisories for a watcher, even while none runs, and the
        # dead-letter stream exists from the start (a publisher creates either too; the service itself goes on)
        for what, ensure in (("max-deliveries advisory", ensure_advisory_stream),
                             ("dead-letter", ensure_dead_letter_stream)):
            try:
                await ensure(js, self.rt.settings.common)
            except Exception as exc:  # noqa: BLE001
                log.warning("the %s stream could not be made sure of: %s", what, exc)
        if self._relay is not None:
            self._relay_task = asyncio.create_task(self._relay.run())
            self._watcher = MaxDeliveriesWatcher(self.rt)  # messages JetStream gave up on: dead letters too
            await self._watcher.start()
        if self._sweeper is not None:
            self._sweeper_task = asyncio.create_task(self._sweeper.run())
        common = self.rt.settings.common
        if common.metrics_port is not None:
            collector = runtime_collector(self.rt.pool)
            self._metrics_server, port = serve_metrics(common.metrics_host, common.metrics_port)
            self.metrics_url = f"http://{common.metrics_host}:{port}/metrics"
            broker = self.rt.broker
            self._lag = LagWatcher(lambda: broker.config.connection_state.stream,
                                   (common.command_stream, common.event_stream), collector)
            self._lag_task = asyncio.create_task(self._lag.run())
            log.info("metrics: %s", self.metrics_url)
        if self._gateway is not None:
            try:
                await self._gateway.start()
            except RuntimeError:  # e.g. the port is taken: stop what started, then say why
                await self.stop()
                raise
            self.gateway_url = self._gateway.url
        if common.gc_freeze:  # what the process holds once started, out of the collector's full passes
            freeze_when_started(preloading())

    async def stop(self) -> None:
        """Stop the gateway, the relay and the broker (in-flight handlers get the broker's graceful timeout)."""
        if self._gateway is not None:
            await self._gateway.stop()
        if self._watcher is not None:
            await self._watcher.stop()
        if self._relay is not None and self._relay_task is not None:
            self._relay.stop()
            await asyncio.wait_for(self._relay_task, timeout=10)
        if self._sweeper is not None and self._sweeper_task is not None:
            self._sweeper.stop()
            await asyncio.wait_for(self._sweeper_task, timeout=10)
        if self._lag is not None and self._lag_task is not None:
            self._lag.stop()
            await asyncio.wait_for(self._lag_task, timeout=10)
        if self._metrics_server is not None:
            await asyncio.to_thread(self._metrics_server.shutdown)
            self._metrics_server.server_close()
        await self.rt.broker.stop()
        stop_cpu()
        for close in self._closers:  # e.g. the scraper's browser and HTTP client
            try:
                await close()
            except Exception:  # noqa: BLE001 - stopping must go on
                log.exception("closing a service resource failed")

    def heartbeats(self) -> dict[str, int]:
        """The beats so far of this process's supervised tasks: ``relay`` and ``sweeper`` (those it runs); a
        count that stops growing is a task that stopped."""
        beats: dict[str, int] = {}
        if self._relay is not None:
            beats["relay"] = self._relay.heartbeat.beats
        if self._sweeper is not None:
            beats["sweeper"] = self._sweeper.heartbeat.beats
        return beats

    async def __aenter__(self) -> Stack:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
