"""nats-py's queue of a pull subscription, replaced by ``shared.consumers.DirectQueue``: a message the fetch loop
awaits is started at delivery and only marked in the queue; anything else is queued as nats-py queues it."""

from __future__ import annotations

import asyncio
import contextlib
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


@pytest.mark.parametrize("late_answer_read_in_publish", [False, True])
async def test_a_mark_behind_a_stale_status_is_counted_before_the_next_request(
        started: list[Any], late_answer_read_in_publish: bool) -> None:
    """Review of stop 39, finding 6: a no_wait request's answers arrive as [mark, stale 408, mark] (the 408 of an
    earlier request that expired on the server), so the read ends after the first mark; the second mark's slot is
    used, and the loop must count it before its next request, else that request expects one message more than the
    free slots (an extra handler, and a slot given back twice)."""
    import json

    from shared.consumers import _consume_pull, _slots

    owner = SimpleNamespace(max_workers=3, running=True, tasks=[])
    sub = SimpleNamespace(_pending_size=0, _conn=SimpleNamespace(is_closed=False))
    sub._pending_queue = asyncio.Queue()
    requests: list[dict[str, Any]] = []

    def deliver(*msgs: Msg) -> None:
        for msg in msgs:  # (as nats-py delivers: pending size counted, then put_nowait)
            sub._pending_size += len(msg.data)
            sub._pending_queue.put_nowait(msg)

    async def publish(subject: str, payload: bytes, reply: str) -> None:
        requests.append(json.loads(payload))
        if len(requests) == 1:  # this request's two answers with an earlier request's 408 between them
            asyncio.get_running_loop().call_soon(
                deliver, message(b"quill"), message(b"", status="408"), message(b"sorrel"))
        elif late_answer_read_in_publish:  # (nats-py read the answer while publish awaited its flush)
            deliver(message(b"tamber"))
            await asyncio.sleep(0)
        else:
            asyncio.get_running_loop().call_soon(deliver, message(b"tamber"))

    async def fetch(batch: int, timeout: float) -> list[Msg]:
        return [message(b"first")]

    owner.subscription = SimpleNamespace(_sub=sub, _nc=SimpleNamespace(publish=publish), _nms="next", _deliver="in",
                                         fetch=fetch)
    owner.pull_sub = SimpleNamespace(batch_size=3, timeout=0.05)
    loop = asyncio.create_task(_consume_pull(owner, lambda msg: None))  # type: ignore[arg-type,return-value]
    for _ in range(20):
        await asyncio.sleep(0.005)
    owner.running = False
    loop.cancel()  # (waiting for a slot: the three handlers never end here)
    with contextlib.suppress(asyncio.CancelledError):
        await loop
    assert [msg.data for msg in started] == [b"first", b"quill", b"sorrel"]  # three workers, three handlers
    assert requests == [{"batch": 2, "no_wait": True}]  # no request while every slot is used
    assert _slots(owner).value == 0
    for _ in started:  # each handler's end gives its slot back (_consume_msg)
        _slots(owner).release()
    assert _slots(owner).value == 3
