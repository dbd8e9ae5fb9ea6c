"""A JetStream publish whose acknowledgement is a future leaves at once (``shared.bus.publish_pending``, issue 10: a
hop's relay wait and command>unit): nats-py's ``publish_async`` made a task of its own for every call (its semaphore
waited through ``asyncio.wait_for``); here, once the context's reply subscription exists, no call makes one, the
acknowledgements carry the stream's sequence, de-duplication by ``Nats-Msg-Id`` holds, and nats-py's bookkeeping
(its in-flight futures and semaphore) ends as it would with its own publishes.
"""

from __future__ import annotations

import asyncio
from typing import Any

import nats
import pytest

from shared.bus import publish_pending

pytestmark = [pytest.mark.nats]


async def test_publishes_leave_without_a_task_each_and_are_acknowledged(nats_url: str) -> None:
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    stream = "PENDING_TEST"
    try:
        await js.add_stream(name=stream, subjects=["pending.test.>"], duplicate_window=60.0)
        first = await publish_pending(js, "pending.test.a", b"0", stream=stream, headers={"Nats-Msg-Id": "m0"})
        assert (await first).seq == 1  # (the first call sets nats-py's reply subscription up)

        made: list[Any] = []
        loop = asyncio.get_running_loop()
        factory = loop.get_task_factory()

        def counting(lp: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Future[Any]:
            made.append(coro)
            return factory(lp, coro, **kwargs) if factory else asyncio.Task(coro, loop=lp, **kwargs)

        loop.set_task_factory(counting)  # type: ignore[arg-type]
        try:
            acks = [await publish_pending(js, "pending.test.a", f"{i}".encode(), stream=stream,
                                          headers={"Nats-Msg-Id": f"m{i}"}) for i in range(1, 21)]
        finally:
            loop.set_task_factory(factory)
        assert made == []  # no task per publish (nats-py's publish_async: one each)
        results = await asyncio.gather(*acks)
        assert [r.seq for r in results] == list(range(2, 22))  # in order, each acknowledged
        again = await publish_pending(js, "pending.test.a", b"dup", stream=stream, headers={"Nats-Msg-Id": "m5"})
        assert (await again).duplicate  # de-duplicated by its message id
        assert js.publish_async_pending() == 0  # nats-py's in-flight bookkeeping ended
        await asyncio.wait_for(js.publish_async_completed(), timeout=1.0)
        assert (await js.stream_info(stream)).state.messages == 21
    finally:
        await nc.close()
