"""Metrics and traces of a research run (issue 11, items 5-6), over real NATS and PostgreSQL.

- Prometheus: the stack serves ``/metrics`` on ``ASSAY_METRICS_PORT`` (0: any free port), and the gateway on its
  own ``/metrics``. After one run, a scrape finds per-stage handled-message counters grown by the run, handler
  latency histograms, the run counted by outcome, and the lag of every durable consumer.
- OpenTelemetry: with an in-memory exporter, one run gives one trace (trace id = the run id) holding a consumer
  span of every stage, the relay's producer spans, and consumer spans whose parent is a span of another hop
  (the context travelled in the message headers).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any
from uuid import uuid4

import httpx
import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind
from prometheus_client.parser import text_string_to_metric_families

from contracts import RunRequested
from services.cli.research import follow, submit
from services.cli.stack import Stack
from shared.runtime import Runtime
from shared.tracing import use_provider
from tests.conftest import make_settings
from tests.integration.gateway_fixtures import with_gateway
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres]
STAGES = ("planner", "gatherer", "scraper", "claim-extractor", "verifier", "synthesizer", "judge", "indexer")


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text exposition: (name, sorted labels) -> value."""
    found: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            found[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return found


def total(found: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    """The sum of the samples named ``name`` whose labels include ``labels``."""
    return sum(v for (n, ls), v in found.items() if n == name and set(labels.items()) <= set(ls))


async def scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    async with httpx.AsyncClient(timeout=10) as client:
        response = await client.get(url)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
    return samples(response.text)


async def test_metrics_after_a_run_count_each_stage_runs_by_outcome_and_consumer_lag(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    settings = with_gateway(make_settings(tmp_path / "data", nats_url, database_url, metrics_port=0),
                            allow_anonymous=True)
    rt = Runtime.open(settings)
    try:
        ingest_sample(rt)
        async with Stack(rt, gateway=True) as stack:
            assert stack.metrics_url is not None and stack.gateway_url is not None
            before = await scrape(stack.metrics_url)
            run_id = uuid4()
            await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local", max_sources=5))
            events = await follow(rt, run_id, timeout_s=90)
            assert type(events[-1]).__name__ == "RunCompleted"
            status = getattr(events[-1], "status", "complete")
            deadline = time.monotonic() + 30
            while True:  # the read model and the lag reader catch up asynchronously: wait for the facts
                after = await scrape(stack.metrics_url)
                if (total(after, "assay_runs", outcome=status) >= 1
                        and total(after, "assay_consumer_pending") == 0
                        and any(n == "assay_consumer_pending" for n, _ in after)) or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.2)
            for stage in STAGES:
                grown = (total(after, "assay_messages_handled_total", stage=stage)
                         - total(before, "assay_messages_handled_total", stage=stage))
                assert grown >= 1, f"no message handled by {stage} counted"
                assert total(after, "assay_handler_seconds_count", stage=stage) >= grown
            assert total(after, "assay_messages_handled_total", stage="planner", subject="assay.cmd.run.v1") >= 1
            assert total(after, "assay_handler_seconds_bucket", stage="verifier", le="+Inf") >= 1
            assert total(after, "assay_runs", outcome=status) == 1
            consumers = {dict(ls)["consumer"] for n, ls in after if n == "assay_consumer_pending"}
            assert {"planner--assay-cmd-run-v1", "verifier--assay-cmd-verify-v1", "indexer--assay-evt-all"} <= consumers
            # the gateway's own /metrics: the same registry, with the run by outcome
            gateway = await scrape(f"{stack.gateway_url}/metrics")
            assert total(gateway, "assay_runs", outcome=status) == 1
            assert total(gateway, "assay_messages_handled_total", stage="verifier") >= 1
    finally:
        rt.close()


async def test_a_run_is_one_trace_with_a_span_of_every_stage_linked_across_the_hops(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    use_provider(provider)
    rt = Runtime.open(make_settings(tmp_path / "data", nats_url, database_url))
    try:
        ingest_sample(rt)
        async with Stack(rt):
            run_id = uuid4()
            await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local", max_sources=5))
            events = await follow(rt, run_id, timeout_s=90)
            assert type(events[-1]).__name__ == "RunCompleted"
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:  # the indexer projects the last events after the run ended
                spans = [s for s in exporter.get_finished_spans() if s.context.trace_id == run_id.int]
                if any(s.attributes.get("messaging.destination.name") == "assay.evt.run-completed.v1"
                       and s.attributes.get("assay.service") == "indexer" for s in spans):
                    break
                await asyncio.sleep(0.1)
    finally:
        use_provider(None)
        rt.close()
    spans = [s for s in exporter.get_finished_spans() if s.context.trace_id == run_id.int]
    consumers = [s for s in spans if s.kind == SpanKind.CONSUMER]
    producers = [s for s in spans if s.kind == SpanKind.PRODUCER]
    services = {s.attributes.get("assay.service") for s in consumers}
    assert set(STAGES) <= services, f"stages without a span in the run's trace: {set(STAGES) - services}"
    assert all(s.attributes.get("assay.run_id") == str(run_id) for s in consumers)
    assert {s.attributes.get("assay.outcome") for s in consumers} <= {"handled", "dropped", "redelivered"}
    assert any(s.name == "relay RunCompleted" for s in producers)
    ids: dict[int, Any] = {s.context.span_id: s for s in spans}
    linked = [s for s in consumers if s.parent is not None and s.parent.span_id in ids]
    assert any(ids[s.parent.span_id].kind == SpanKind.PRODUCER for s in linked if s.parent is not None), \
        "no consumer span is the child of the relay span that published its event"
    assert any(ids[s.parent.span_id].kind == SpanKind.CONSUMER for s in linked if s.parent is not None), \
        "no consumer span is the child of the handler that published its command (headers)"
