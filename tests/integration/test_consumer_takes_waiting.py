"""A work-unit consumer takes the messages waiting together (issue 10: the hop's fetch round trips), within its
in-flight limit (``shared.consumers``).

- ten commands waiting for a consumer of in-flight limit 16 reach their handlers in at most three pull requests
  (a fetch, one request for the rest, one that finds none left), not one request per message as FastStream's own
  loop made;
- with in-flight limit 4 and the handlers held, exactly 4 messages are taken (delivered, not acknowledged) and 6
  stay in the stream for another replica; once released every message is handled exactly once;
- a second replica on the same durable consumer takes what the first cannot start;
- a fetch of one message, and a read of the messages waiting, wait for their answers without a task of their own
  (nats-py's ``next_msg`` made two per message), and a fetch finding nothing times out as nats-py's does;
- a fetched message's worker task is started by the fetch loop itself, never handed through FastStream's in-memory
  queue (a turn of the event loop each step), and a stop still cancels the handlers in flight, as FastStream's own.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any
from uuid import UUID, uuid4

import nats
import pytest
from faststream.nats import NatsBroker, NatsRouter

from contracts import FetchSource
from shared.bus import consumer_kwargs, durable_name, start_broker
from shared.consumers import fetch_one, install, messages_waiting
from shared.settings import CommonSettings

pytestmark = [pytest.mark.nats]


async def wait_for(fact: Callable[[], bool], what: str, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not fact():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


class Units:
    """A scraper-like consumer of ``FetchSource`` whose handlers wait for ``release`` (to hold their slots)."""

    def __init__(self, url: str, in_flight: int) -> None:
        self.entered: list[UUID] = []
        self.done: list[UUID] = []
        self.release = asyncio.Event()
        install()  # (a service's runtime does it)
        common = CommonSettings(_env_file=None, unit_workers=in_flight)  # type: ignore[call-arg]
        self.common = common
        self.broker = NatsBroker([url])
        router = NatsRouter()

        @router.subscriber(FetchSource.SUBJECT, **consumer_kwargs(common, "scraper", FetchSource))
        async def on_fetch(body: FetchSource) -> None:
            self.entered.append(body.source_id)
            await self.release.wait()
            self.done.append(body.source_id)

        self.broker.include_router(router)

    async def start(self, url: str) -> None:
        await start_broker(self.broker, wait_s=20.0, nats_url=url)


async def publish(url: str, common: CommonSettings, n: int) -> list[UUID]:
    """``n`` FetchSource commands on the command stream (created if missing). Returns their source ids."""
    nc = await nats.connect(url)
    js = nc.jetstream()
    try:
        await js.add_stream(name=common.command_stream, subjects=["assay.cmd.>"])
    except Exception:  # noqa: BLE001 (it exists: made by a broker's start)
        pass
    run_id, ids = uuid4(), [uuid4() for _ in range(n)]
    for sid in ids:
        cmd = FetchSource(run_id=run_id, source_id=sid, url=f"https://example.org/{sid}")
        await js.publish(FetchSource.SUBJECT, cmd.model_dump_json().encode(), headers={"Nats-Msg-Id": str(sid)})
    await nc.close()
    return ids


async def consumer_counts(url: str, common: CommonSettings) -> tuple[int, int]:
    """(delivered and not acknowledged, waiting in the stream) of the scraper's FetchSource consumer."""
    nc = await nats.connect(url)
    try:
        info = await nc.jetstream().consumer_info(common.command_stream, durable_name("scraper", FetchSource))
        return int(info.num_ack_pending), int(info.num_pending)
    finally:
        await nc.close()


async def test_waiting_units_are_taken_together(nats_url: str) -> None:
    units = Units(nats_url, in_flight=16)
    ids = await publish(nats_url, units.common, 10)  # waiting before the consumer starts
    requests: list[bytes] = []
    nc = await nats.connect(nats_url)

    async def count(msg: nats.aio.msg.Msg) -> None:
        requests.append(msg.data)

    await nc.subscribe(f"$JS.API.CONSUMER.MSG.NEXT.{units.common.command_stream}."
                       f"{durable_name('scraper', FetchSource)}", cb=count)
    await nc.flush()
    try:
        await units.start(nats_url)
        await wait_for(lambda: len(units.entered) == 10, "every unit entered")
        # a fetch, a request for the rest, one that found none left (and at most the next lingering fetch), not one
        # request per unit (FastStream's own loop: 11)
        assert len(requests) <= 4, requests
        assert sorted(units.entered) == sorted(ids)
        units.release.set()
        await wait_for(lambda: len(units.done) == 10, "every unit done")
        acked_pending = -1
        deadline = time.monotonic() + 10
        while acked_pending != 0 and time.monotonic() < deadline:
            acked_pending, waiting = await consumer_counts(nats_url, units.common)
            await asyncio.sleep(0.05)
        assert (acked_pending, waiting) == (0, 0)
    finally:
        await nc.close()
        await units.broker.stop()


async def test_a_replica_takes_no_more_than_it_can_start(nats_url: str) -> None:
    first = Units(nats_url, in_flight=4)
    await first.start(nats_url)
    second = Units(nats_url, in_flight=4)
    try:
        ids = await publish(nats_url, first.common, 10)
        await wait_for(lambda: len(first.entered) == 4, "the first replica's 4 slots taken")
        # its loop asks for nothing while its slots are taken: FastStream's own loop had taken a fifth (waiting
        # in the process for a slot, out of another replica's reach)
        assert await consumer_counts(nats_url, first.common) == (4, 6)  # 6 left in the stream for another replica
        await second.start(nats_url)
        await wait_for(lambda: len(second.entered) == 4, "the second replica's 4 slots taken")
        assert await consumer_counts(nats_url, first.common) == (8, 2)
        first.release.set()
        second.release.set()
        await wait_for(lambda: len(first.done) + len(second.done) == 10, "every unit done")
        handled = first.done + second.done
        assert sorted(handled) == sorted(ids)  # each exactly once
        assert len(set(first.done) & set(second.done)) == 0
    finally:
        await first.broker.stop()
        await second.broker.stop()


async def test_handlers_start_without_the_queue_and_stop_with_the_subscriber(nats_url: str) -> None:
    units = Units(nats_url, in_flight=16)
    ids = await publish(nats_url, units.common, 6)
    (sub,) = list(units.broker.subscribers)  # (the one FetchSource consumer)
    queued: list[object] = []
    put = sub._put_msg

    async def counted(msg: object) -> None:
        queued.append(msg)
        await put(msg)

    sub._put_msg = counted  # type: ignore[method-assign]
    try:
        await units.start(nats_url)
        await wait_for(lambda: len(units.entered) == 6, "every unit entered")
        assert sorted(units.entered) == sorted(ids)
        assert queued == []  # no message went through FastStream's queue
        held = [t for t in sub.tasks if not t.done()]
        assert len(held) >= 6  # the handlers in flight are the subscriber's tasks (and its loops)
    finally:
        await units.broker.stop()
    units.release.set()
    await asyncio.sleep(0.1)
    assert units.done == []  # stopped with the subscriber: no handler went on after the stop


async def test_fetches_wait_without_a_task_per_message(nats_url: str) -> None:
    from nats.errors import TimeoutError as NatsTimeout

    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    try:
        await js.add_stream(name="FETCH_ONE_TEST", subjects=["fetch.one.>"])
        psub = await js.pull_subscribe("fetch.one.>", durable="fetch-one", stream="FETCH_ONE_TEST")
        for i in range(5):
            await js.publish("fetch.one.x", f"{i}".encode())
        made: list[object] = []
        loop = asyncio.get_running_loop()
        factory = loop.get_task_factory()

        def counting(lp: asyncio.AbstractEventLoop, coro: object, **kwargs: object) -> object:
            made.append(coro)
            return factory(lp, coro, **kwargs) if factory else asyncio.Task(coro, loop=lp, **kwargs)  # type: ignore[arg-type]

        loop.set_task_factory(counting)  # type: ignore[arg-type]
        try:
            first = await fetch_one(psub, 1.0)
            rest = await messages_waiting(psub, 10)
        finally:
            loop.set_task_factory(factory)
        assert made == []  # (nats-py's fetch and next_msg: two tasks per message)
        assert [m.data for m in [first, *rest]] == [b"0", b"1", b"2", b"3", b"4"]
        for msg in [first, *rest]:
            await msg.ack()
        started = time.monotonic()
        with pytest.raises(NatsTimeout):
            await fetch_one(psub, 0.3)  # nothing waiting: the request expires, as nats-py's fetch
        assert 0.2 < time.monotonic() - started < 3.0
        await js.publish("fetch.one.x", b"5")
        assert (await fetch_one(psub, 1.0)).data == b"5"  # (the expired request's status is no message)
    finally:
        await nc.close()


async def test_a_message_the_loop_awaits_starts_at_delivery(nats_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from shared import consumers

    starters: list[str] = []
    start = consumers._start_handler

    def traced(owner: object, msg: object, context: object = None) -> None:
        task = asyncio.current_task()
        starters.append(task.get_coro().__qualname__ if task is not None else "")  # type: ignore[union-attr]
        start(owner, msg, context)  # type: ignore[arg-type]

    monkeypatch.setattr(consumers, "_start_handler", traced)
    units = Units(nats_url, in_flight=4)
    await units.start(nats_url)
    sub: Any = next(iter(units.broker.subscribers))  # (the one FetchSource consumer)
    try:
        await asyncio.sleep(0.3)  # (the loop's pull request waits at the server)
        ids: list[UUID] = []
        for n in range(1, 4):  # one at a time, each into the loop's waiting request
            ids += await publish(nats_url, units.common, 1)
            await wait_for(lambda n=n: len(units.entered) == n, "the unit entered")  # type: ignore[misc]
        assert sorted(units.entered) == sorted(ids)
        # started by nats-py's read loop as it delivered them, not a turn later by the fetch loop it woke
        assert starters == ["Client._read_loop"] * 3, starters
        assert isinstance(sub.subscription._sub._pending_queue, consumers.DirectQueue)
        units.release.set()
        await wait_for(lambda: len(units.done) == 3, "every unit done")
        await wait_for(lambda: consumers._slots(sub).value == 3, "the slots back (one reserved by the waiting fetch)")
        assert await consumer_counts(nats_url, units.common) == (0, 0)
    finally:
        await units.broker.stop()
