"""OpenTelemetry traces of a run across the NATS hops (opentelemetry-sdk).

One trace per run: its trace id is the run id (128 bits), so every span of a run lands in the run's trace even
where no trace context travelled (an event relayed from the store). Trace context travels in the message
headers (W3C ``traceparent``): ``Publisher`` injects the current span's context into every message it publishes,
the bus's error policy starts a ``CONSUMER`` span per handled message (``"<service> <subject>"``; attributes
``assay.run_id``, ``messaging.destination.name``, ``messaging.message.delivery``, ``assay.outcome``) as a child of
the context in its headers (when it belongs to the run) or of the run's root context, and the event relay
publishes each event inside a ``PRODUCER`` span of its run.

Exporting is off by default (``ASSAY_TRACE_EXPORTER=none``: spans are not even recorded); ``console`` prints
them, ``otlp`` sends them over OTLP/HTTP to ``OTEL_EXPORTER_OTLP_ENDPOINT`` (the exporter's own settings).
``configure_tracing`` sets the process's provider from the settings; tests pass their own provider to
``use_provider`` (e.g. with an ``InMemorySpanExporter``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.propagate import extract, inject
from opentelemetry.trace import NonRecordingSpan, SpanContext, SpanKind, TraceFlags

log = logging.getLogger("assay.tracing")

_provider: list[Any] = []  # the process's TracerProvider (empty: tracing off)


def use_provider(provider: Any | None) -> None:
    """Trace with ``provider`` (an opentelemetry-sdk ``TracerProvider``) from now on; None turns tracing off."""
    _provider.clear()
    if provider is not None:
        _provider.append(provider)


def configure_tracing(exporter: str, service: str) -> bool:
    """Set the process's provider for ``exporter`` ("none", "console" or "otlp"), naming the process
    ``service`` (``service.name``); returns whether tracing is on. Called once per serving process; a later call
    keeps the provider already set."""
    if exporter == "none" or _provider:
        return bool(_provider)
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SpanExporter

    span_exporter: SpanExporter
    if exporter == "console":
        span_exporter = ConsoleSpanExporter()
    elif exporter == "otlp":
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        span_exporter = OTLPSpanExporter()
    else:
        raise ValueError(f"unknown trace exporter {exporter!r}: none, console or otlp")
    provider = TracerProvider(resource=Resource.create({"service.name": f"assay-{service}"}))
    provider.add_span_processor(BatchSpanProcessor(span_exporter))
    use_provider(provider)
    log.info("tracing on: %s exporter", exporter)
    return True


def tracer() -> trace.Tracer:
    """The process's tracer (a no-op tracer while tracing is off)."""
    return _provider[0].get_tracer("assay") if _provider else trace.NoOpTracer()


def tracing_on() -> bool:
    """Whether spans are recorded in this process."""
    return bool(_provider)


def run_context(run_id: UUID) -> Context:
    """The root context of run ``run_id``'s trace: trace id = the run id, a fixed remote parent span id."""
    span_id = (run_id.int & 0xFFFFFFFFFFFFFFFF) or 1
    parent = SpanContext(trace_id=run_id.int, span_id=span_id, is_remote=True,
                         trace_flags=TraceFlags(TraceFlags.SAMPLED))
    return trace.set_span_in_context(NonRecordingSpan(parent), Context())


def inject_headers(headers: MutableMapping[str, str]) -> None:
    """Add the current span's trace context (``traceparent``) to ``headers`` (nothing while tracing is off)."""
    if _provider:
        inject(headers)


def parent_context(headers: Any, run_id: UUID | None) -> Context | None:
    """The parent of a consumer span: the context in ``headers`` when it is run ``run_id``'s trace (or there is
    no run id), else the run's root context; None when neither is known."""
    carried = extract(dict(headers or {}))
    span = trace.get_current_span(carried).get_span_context()
    if span.is_valid and (run_id is None or span.trace_id == run_id.int):
        return carried
    return run_context(run_id) if run_id is not None else None


@contextmanager
def consumer_span(service: str, subject: str, headers: Any, run_id: UUID | None,
                  delivered: int) -> Iterator[Any]:
    """A ``CONSUMER`` span around one handled message (see the module); yields the span (set
    ``assay.outcome`` on it)."""
    if not _provider:
        yield trace.INVALID_SPAN
        return
    attributes: dict[str, Any] = {"messaging.system": "nats", "messaging.destination.name": subject,
                                  "messaging.message.delivery": delivered, "assay.service": service}
    if run_id is not None:
        attributes["assay.run_id"] = str(run_id)
    with tracer().start_as_current_span(f"{service} {subject}", context=parent_context(headers, run_id),
                                        kind=SpanKind.CONSUMER, attributes=attributes,
                                        record_exception=False, set_status_on_exception=False) as span:
        yield span


@contextmanager
def producer_span(name: str, run_id: UUID | None, subject: str) -> Iterator[Any]:
    """A ``PRODUCER`` span (e.g. the relay publishing a run's event) in run ``run_id``'s trace; the publish
    inside it carries its context."""
    if not _provider:
        yield trace.INVALID_SPAN
        return
    context = run_context(run_id) if run_id is not None else None
    attributes: dict[str, Any] = {"messaging.system": "nats", "messaging.destination.name": subject}
    if run_id is not None:
        attributes["assay.run_id"] = str(run_id)
    with tracer().start_as_current_span(name, context=context, kind=SpanKind.PRODUCER,
                                        attributes=attributes) as span:
        yield span
