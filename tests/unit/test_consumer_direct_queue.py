"""nats-py's queue of a pull subscription, replaced by ``shared.consumers.DirectQueue``: a message the fetch loop
awaits is started at delivery and only marked in the queue; anything else is queued as nats-py queues it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest
from nats.aio.msg import Msg

from shared import consumers
from shared.consumers import STARTED, DirectQueue


def message(data: bytes, *, status: str | None = None) -> Msg:
    """A JetStream message as nats-py delivers it (a status message: no reply subject, a Status header)."""
    return Msg(_client=None, subject="assay.cmd.fetch.v1" if status is None else "_INBOX.x",  # type: ignore[arg-type]
               reply="" if status is not None else "$JS.ACK.CMD.scraper.1.7.7.0.0", data=data,
               headers={"Status": status} if status is not None else None)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The messages ``_start_handler`` was called with (their worker tasks are not run)."""
    seen: list[Any] = []
    monkeypatch.setattr(consumers, "_start_handler", lambda owner, msg, context=None: seen.append(msg))
    return seen


async def test_expected_messages_start_at_delivery_and_the_rest_queue(started: list[Any]) -> None:
    sub = SimpleNamespace(_pending_size=0)
    queue = DirectQueue(sub, owner=object())
    first, second, third = message(b"first"), message(b"second"), message(b"third")
    no_messages = message(b"", status="404")
    queue.expect(2)
    for msg in (first, no_messages, second, third):  # nats-py: pending size counted, then put_nowait
        sub._pending_size += len(msg.data)
        queue.put_nowait(msg)
    assert started == [first, second]  # the status is no message; the third came after the two expected
    assert sub._pending_size == len(b"third")  # the started ones are no longer pending
    assert [queue.get_nowait() for _ in range(queue.qsize())] == [STARTED, no_messages, STARTED, third]


async def test_marks_left_when_the_wait_ended_are_counted_once(started: list[Any]) -> None:
    sub = SimpleNamespace(_pending_size=0)
    queue = DirectQueue(sub, owner=object())
    late = message(b"late")
    queue.put_nowait(late)  # (nothing expected: an earlier request's answer, kept for the next fetch)
    queue.expect(3)
    queue.put_nowait(message(b"a"))
    queue.put_nowait(message(b"b"))
    queue.expect(0)  # (the wait ended before the loop read the marks)
    queue.put_nowait(message(b"c"))
    assert len(started) == 2
    assert queue.take_started() == 2
    assert queue.take_started() == 0
    assert [queue.get_nowait().data for _ in range(queue.qsize())] == [b"late", b"c"]
    queue.task_done()
    queue.task_done()
    await asyncio.wait_for(queue.join(), 1.0)  # (every item taken counted done, the removed marks too)


async def test_messages_queued_before_a_request_are_taken_first(started: list[Any]) -> None:
    from shared.consumers import queued_messages

    sub = SimpleNamespace(_pending_size=0)
    queue = DirectQueue(sub, owner=object())
    sub._pending_queue = queue
    stale, late, later = message(b"", status="408"), message(b"late"), message(b"later")
    for msg in (stale, late, later, message(b"third")):  # (nothing expected: an expired request's answers)
        sub._pending_size += len(msg.data)
        queue.put_nowait(msg)
    psub = SimpleNamespace(_sub=sub)
    assert queued_messages(psub, 2) == [late, later]  # at most the free slots, the stale status dropped
    assert sub._pending_size == len(b"third")
    queue.expect(1)
    queue.put_nowait(message(b"answer"))  # a mark ends the take: it is counted by the loop's next read
    assert [m.data for m in queued_messages(psub, 5)] == [b"third"]
    assert queued_messages(psub, 5) == []
    assert queue.get_nowait() is STARTED
