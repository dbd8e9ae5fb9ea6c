"""Prometheus metrics of a service process (prometheus-client), served on ``/metrics``.

Counted in every process (the bus's error policy reports each handled message, ``shared.bus``):

- ``assay_messages_handled_total{stage,subject}``: messages a handler finished without an error;
- ``assay_messages_failed_total{stage,subject,outcome}``: messages that did not: ``rejected`` (malformed or
  permanent: dead-lettered at once), ``redelivered`` (nacked for a later delivery), ``dead-lettered`` (gave up
  after the retry budget), ``dropped`` (the run had ended);
- ``assay_handler_seconds{stage}``: handler latency histogram, seconds (waiting out an outage included);
- ``assay_redeliveries_total{stage}``: messages that arrived on their second or later delivery.

Read at scrape time (``RuntimeCollector``, from the store and the bus of the process's runtime):

- ``assay_runs{outcome}``: runs by status in the read model (running, complete, partial, failed, cancelled);
- ``assay_consumer_pending{stream,consumer}`` and ``assay_consumer_ack_pending{stream,consumer}``: the queue lag
  of every durable consumer (messages not yet delivered / delivered but not acknowledged), refreshed by
  ``LagWatcher`` every few seconds;
- ``assay_model_tokens{role,model,direction}`` and ``assay_model_cost_usd{role,model}``: model usage so far;
- ``assay_dead_letters``: messages in the dead-letter table.

``serve_metrics(host, port)`` starts the HTTP endpoint (a daemon thread; every ``assay serve``/``assay up`` process
with ``ASSAY_METRICS_PORT`` set); ``exposition()`` gives the text for an HTTP route (the gateway's ``/metrics``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Iterator
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, Counter, Histogram, generate_latest, start_http_server
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

log = logging.getLogger("assay.metrics")

MESSAGES_HANDLED = Counter("assay_messages_handled", "Messages a handler finished without an error",
                           ["stage", "subject"])
MESSAGES_FAILED = Counter("assay_messages_failed", "Messages whose handler did not finish: rejected, redelivered, "
                          "dead-lettered or dropped", ["stage", "subject", "outcome"])
HANDLER_SECONDS = Histogram("assay_handler_seconds", "Handler latency, seconds", ["stage"],
                            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120))
REDELIVERIES = Counter("assay_redeliveries", "Messages that arrived on their second or later delivery", ["stage"])


def observe_handled(stage: str, subject: str, outcome: str, seconds: float, *, delivered: int = 1) -> None:
    """Count one message handled by ``stage`` (the consuming service): ``outcome`` "handled" or a failure outcome
    (see the module), ``seconds`` the handler's latency, ``delivered`` the delivery number (a redelivery above 1)."""
    HANDLER_SECONDS.labels(stage).observe(max(seconds, 0.0))
    if outcome == "handled":
        MESSAGES_HANDLED.labels(stage, subject).inc()
    else:
        MESSAGES_FAILED.labels(stage, subject, outcome).inc()
    if delivered > 1:
        REDELIVERIES.labels(stage).inc()


class RuntimeCollector(Collector):
    """Gauges read at scrape time from a runtime's store (``pool``: a psycopg pool) and the consumer lag last
    read by a ``LagWatcher``. A store that does not answer within 2 s leaves those gauges out of the scrape."""

    def __init__(self, pool: Any) -> None:
        self._pool = pool
        self.lag: dict[tuple[str, str], tuple[int, int]] = {}  # (stream, consumer) -> (pending, ack pending)

    def collect(self) -> Iterator[Metric]:
        """The gauges (see the module)."""
        lag = GaugeMetricFamily("assay_consumer_pending", "Messages not yet delivered to a durable consumer",
                                labels=["stream", "consumer"])
        ack = GaugeMetricFamily("assay_consumer_ack_pending", "Messages delivered and not yet acknowledged",
                                labels=["stream", "consumer"])
        for (stream, consumer), (pending, ack_pending) in sorted(self.lag.items()):
            lag.add_metric([stream, consumer], pending)
            ack.add_metric([stream, consumer], ack_pending)
        yield lag
        yield ack
        try:
            with self._pool.connection(timeout=2.0) as conn:
                runs = conn.execute("SELECT status, count(*) FROM rm_runs GROUP BY status").fetchall()
                usage = conn.execute("SELECT role, model, sum(tokens_in), sum(tokens_out), sum(cost_usd) "
                                     "FROM rm_llm_usage GROUP BY role, model").fetchall()
                dead = conn.execute("SELECT count(*) FROM rejected_messages").fetchone()
        except Exception as exc:  # noqa: BLE001 (a scrape must not fail because the store is down)
            log.debug("metrics: the store did not answer: %s", exc)
            return
        by_outcome = GaugeMetricFamily("assay_runs", "Runs by outcome (read model status)", labels=["outcome"])
        for status, n in runs:
            by_outcome.add_metric([str(status)], float(n))
        yield by_outcome
        tokens = GaugeMetricFamily("assay_model_tokens", "Model tokens so far", labels=["role", "model", "direction"])
        cost = GaugeMetricFamily("assay_model_cost_usd", "Model cost so far, US dollars", labels=["role", "model"])
        for role, model, tin, tout, usd in usage:
            tokens.add_metric([role, model, "in"], float(tin or 0))
            tokens.add_metric([role, model, "out"], float(tout or 0))
            cost.add_metric([role, model], float(usd or 0))
        yield tokens
        yield cost
        yield GaugeMetricFamily("assay_dead_letters", "Messages in the dead-letter table",
                                value=float(dead[0] if dead else 0))


_collectors: list[RuntimeCollector] = []


def runtime_collector(pool: Any) -> RuntimeCollector:
    """The process's ``RuntimeCollector`` on ``pool``, registered once (a later call re-points it at ``pool``)."""
    if _collectors:
        _collectors[0]._pool = pool
        return _collectors[0]
    collector = RuntimeCollector(pool)
    REGISTRY.register(collector)
    _collectors.append(collector)
    return collector


def serve_metrics(host: str, port: int) -> tuple[Any, int]:
    """Serve ``/metrics`` (the default registry) on ``host:port`` from a daemon thread; ``port`` 0 picks a free
    port. Returns (the server, with ``shutdown()``; the port). Raises: OSError when the port cannot be bound."""
    server, _thread = start_http_server(port, addr=host)
    return server, int(server.server_port)


def exposition() -> tuple[bytes, str]:
    """The default registry in the Prometheus text format: (body, content type), for an HTTP route."""
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


class LagWatcher:
    """Reads the pending and ack-pending counts of every durable consumer of ``streams`` every ``interval_s``
    seconds into ``collector.lag``, through ``js`` (a nats-py JetStream context, or a callable returning one).
    Errors (the bus down) are logged at debug level and the last values kept; ``stop`` ends ``run``."""

    def __init__(self, js: Any, streams: Iterable[str], collector: RuntimeCollector, *,
                 interval_s: float = 5.0) -> None:
        self._js = js
        self._streams = list(streams)
        self._collector = collector
        self._interval_s = interval_s
        self._stop = asyncio.Event()
        self.rounds = 0

    async def refresh(self) -> None:
        """One reading of every consumer's lag."""
        js = self._js() if callable(self._js) else self._js
        for stream in self._streams:
            for info in await js.consumers_info(stream):
                name = info.name or (info.config.durable_name if info.config else "") or ""
                self._collector.lag[(stream, name)] = (int(info.num_pending or 0), int(info.num_ack_pending or 0))
        self.rounds += 1

    async def run(self) -> None:
        """Refresh until ``stop``."""
        while not self._stop.is_set():
            try:
                await self.refresh()
            except Exception as exc:  # noqa: BLE001 (the bus may be down: keep the last values)
                log.debug("metrics: consumer lag not read: %s", exc)
            from shared.runtime import pause_until_stopped  # here: shared.runtime imports the bus, which imports us

            await pause_until_stopped(self._stop, self._interval_s)

    def stop(self) -> None:
        """Ask ``run`` to return."""
        self._stop.set()
