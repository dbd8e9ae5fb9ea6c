"""Starting against a bus that is not there: ``start_broker`` waits visibly and within the outage deadline.

- an unreachable but well-formed NATS address is probed with a doubling pause, each failed probe logged as
  ``waiting for NATS at host:port (attempt N)``, and after ``wait_s`` the start fails with ``BusUnavailable``
  naming the address (not a silent wait for ever);
- a port that answers but is not a NATS server is said to be one;
- a stack started on a real server creates the dead-letter stream (``ASSAY_DLQ``) at start, with the other
  streams, not at the first dead letter.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time

import nats
import pytest
from faststream.nats import JStream, NatsBroker, PullSub

from services.cli.stack import Stack
from shared.bus import nats_addresses, start_broker
from shared.errors import BusUnavailable
from shared.runtime import Runtime
from tests.loopback import refused_port


def test_nats_addresses_parses_every_address_with_default_ports() -> None:
    assert nats_addresses("nats://a:4333, tls://b , ws://c,wss://d:9") == [
        ("nats", "a", 4333), ("tls", "b", 4222), ("ws", "c", 80), ("wss", "d", 9)]
    with pytest.raises(ValueError, match="no host"):
        nats_addresses("nats://:4222")


async def test_an_unreachable_bus_is_a_logged_wait_that_ends_at_the_deadline(caplog: pytest.LogCaptureFixture
                                                                               ) -> None:
    with refused_port() as port:  # nothing listens there, for the test's length
        url = f"nats://127.0.0.1:{port}"
        broker = NatsBroker([url], allow_reconnect=True, max_reconnect_attempts=-1, reconnect_time_wait=2)
        waits: list[str] = []
        caplog.set_level(logging.WARNING, logger="assay.bus")
        t0 = time.monotonic()
        with pytest.raises(BusUnavailable) as info:
            await start_broker(broker, wait_s=2.0, nats_url=url, on_wait=waits.append)
        took = time.monotonic() - t0
        assert f"NATS at 127.0.0.1:{port} stayed unreachable" in str(info.value)
        assert took < 10.0, f"the deadline of 2 s was kept only after {took:.1f} s"
        logged = [r.getMessage() for r in caplog.records if "waiting for NATS" in r.getMessage()]
        assert logged and logged[0].startswith(f"waiting for NATS at 127.0.0.1:{port} (attempt 1)"), logged
        assert len(waits) >= 2 and waits[1].startswith(f"waiting for NATS at 127.0.0.1:{port} (attempt 2)"), waits


async def test_a_port_that_is_not_nats_is_named_as_such() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        server.setblocking(False)
        port = server.getsockname()[1]

        async def greet() -> None:  # an HTTP-ish server: answers with something that is not INFO
            loop = asyncio.get_running_loop()
            while True:
                conn, _ = await loop.sock_accept(server)
                await loop.sock_sendall(conn, b"HTTP/1.1 400 Bad Request\r\n\r\n")
                conn.close()

        task = asyncio.create_task(greet())
        waits: list[str] = []
        url = f"nats://127.0.0.1:{port}"
        try:
            with pytest.raises(BusUnavailable, match="is not a NATS server"):
                await start_broker(NatsBroker([url]), wait_s=1.0, nats_url=url, on_wait=waits.append)
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
    assert waits and "is not a NATS server" in waits[0]


@pytest.mark.nats
@pytest.mark.postgres
async def test_the_dead_letter_stream_exists_once_a_stack_started(runtime: Runtime, nats_url: str) -> None:
    common = runtime.settings.common
    async with Stack(runtime, ["planner"], relay=False) as stack:
        assert stack.waiting_for is None
        nc = await nats.connect(nats_url)
        try:
            info = await nc.jetstream().stream_info(common.dead_letter_stream)
        finally:
            await nc.close()
    assert info.config.subjects == ["assay.dlq.>"]
    assert info.state.messages == 0  # created at start, before any dead letter


@pytest.mark.nats
@pytest.mark.postgres
async def test_a_stack_starts_every_subscriber_together_and_each_consumes(runtime: Runtime, nats_url: str) -> None:
    """``start_together``: once the stack has started, every subscriber has its durable consumer on the server and
    its subscription, and keeps its class's own ``start`` (the concurrent start is for that call only)."""
    common = runtime.settings.common
    async with Stack(runtime, relay=False):
        subscribers = list(runtime.broker.subscribers)
        assert len(subscribers) >= 10  # the whole stack's
        nc = await nats.connect(nats_url)
        try:
            js = nc.jetstream()
            for sub in subscribers:
                assert "start" not in vars(sub)
                assert getattr(sub, "subscription", None) is not None
                stream = sub.stream.name if getattr(sub, "stream", None) is not None else common.command_stream
                info = await js.consumer_info(stream, sub.config.durable_name)
                assert info.config.durable_name == sub.config.durable_name
        finally:
            await nc.close()


@pytest.mark.nats
async def test_a_stream_the_server_refuses_is_no_silent_start(nats_url: str) -> None:
    """FastStream logs a stream declaration the server refuses with "bad request" and starts anyway (a cluster
    whose meta leader does not know its peers yet refuses an R3 stream with "no suitable peers for placement";
    here: subjects that overlap another stream's): ``start_broker`` checks that every subscriber's stream is on
    the server, tries the start again while the deadline allows, then fails with ``BusUnavailable`` naming the
    stream, instead of running consumers whose stream does not exist."""
    from nats.js.api import StreamConfig

    tag = f"t{time.time_ns()}"
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    await js.add_stream(StreamConfig(name=f"{tag}_OWNER", subjects=[f"{tag}.>"]))
    broker = NatsBroker([nats_url])

    @broker.subscriber(f"{tag}.x", stream=JStream(name=f"{tag}_REFUSED", subjects=[f"{tag}.x"]),
                       durable="refused", pull_sub=PullSub(batch_size=1))
    async def handle(body: bytes) -> None:  # never called: there is no stream to consume
        raise AssertionError(body)

    waits: list[str] = []
    try:
        with pytest.raises(BusUnavailable, match=f"stream {tag}_REFUSED was not created"):
            await start_broker(broker, wait_s=1.5, nats_url=nats_url, on_wait=waits.append)
        assert any(f"stream {tag}_REFUSED was not created" in w for w in waits), waits
    finally:
        await js.delete_stream(f"{tag}_OWNER")
        await nc.close()
