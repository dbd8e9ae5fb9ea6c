"""A replica takes from the bus only the work it can start at once (issue 10: replicas that add throughput).

Every subscriber of Assay is a FastStream pull consumer with an in-flight limit (``max_workers``:
``shared.bus.consumer_kwargs``). FastStream's own fetch loop takes a message first and then waits for a free
worker to hand it to, so a busy process always holds one message more than it runs: a message that waits there
for a whole unit (half a second for a slow page) while another replica has a worker free. At the end of a
fan-out that message is the extra wave: 40 slow pages over two scrapers of 4 workers each split 21/19, and the
run takes 6 rounds of page latency instead of 5.

:func:`install` replaces that fetch loop (once per process; ``shared.runtime`` calls it): the loop first takes a
free worker slot, then fetches at most as many messages as there are free slots (and at most the consumer's
``batch_size``), and a slot is given back when its message's handler ends (or when the fetch brought fewer
messages). So a replica never holds a message it cannot start, and the one with a free worker gets the next.

A fetched message's worker task is started at once by the fetch loop (a task of the subscriber's, cancelled by its
stop as FastStream's own are), not handed through FastStream's in-memory queue to its serving task, which starts
the worker task in turn: each of those steps is a turn of the event loop, and a turn waits behind every other ready
callback of a busy process (issue 10: a hop's stored>fetched).

Once a fetch brought a message, every message then waiting is taken in one more round trip, as many as there are
free slots (:func:`messages_waiting`: a ``no_wait`` pull request), and again while that brings some: FastStream's
loop took one message per round trip of its fetch loop, so the units of a fan-out (ten sources fetched together,
forty claims to verify) each waited one round trip behind the one before, several milliseconds each while the
event loop shares the GIL with an engine's thread (issue 10: the hops). nats-py's ``fetch(batch=N)`` does not
serve: it returns only once N messages came or its timeout passed.
The fetches wait for their answers without a task per message (:func:`fetch_one`, :func:`next_message`): nats-py's
``next_msg`` made two for every message it returned (issue 10: a hop's stored>fetched).
A message answering the loop's own request is not even handed through nats-py's queue of the subscription to the
waiting fetch loop: while the loop waits for the answers to its pull request (its slots reserved for them), nats-py's
delivery starts each message's worker task itself (:class:`DirectQueue`), in the turn of the event loop that read it
from the socket, and the loop only counts it; and a worker takes its in-flight slot (FastStream's limiter) without
yielding to the loop when one is free (anyio's ``acquire`` yields once even then). Each of those was a turn of the
event loop between JetStream's delivery and the handler (issue 10: a hop's stored>fetched and command>unit).
Written against FastStream 0.7.8 and nats-py 2.16 (pinned in pyproject.toml): :func:`install` checks that the methods it wraps
are there and leaves FastStream as it is (logging a warning) when they are not.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar, cast

import anyio

T = TypeVar("T")

log = logging.getLogger("assay.consumers")

_installed = False


def _slots(sub: Any) -> anyio.Semaphore:
    """The subscriber's worker slots (one per ``max_workers``), made on first use."""
    slots: anyio.Semaphore | None = sub.__dict__.get("_assay_slots")
    if slots is None:
        # fast_acquire: a free slot is taken without a turn of the event loop (the loop yields when it fetches)
        slots = sub.__dict__["_assay_slots"] = anyio.Semaphore(sub.max_workers, fast_acquire=True)
    return slots


class _Started:
    """The mark :class:`DirectQueue` leaves in the queue for a message whose worker task it started: the fetch loop
    counts it as a message handed over (``data`` is empty: nats-py's pending size was settled at delivery)."""

    __slots__ = ()
    data = b""


#: a message of the fetch loop's request, its worker task started at delivery (see :class:`DirectQueue`)
STARTED = _Started()


class DirectQueue(asyncio.Queue[Any]):
    """nats-py's queue of a pull subscription's inbox (``Subscription._pending_queue``), which starts a delivered
    message's worker task itself while the fetch loop awaits its request's answers (see the module).

    ``expect(n)``: the next ``n`` JetStream messages delivered (status messages, heartbeats and "no messages"
    excepted) are the loop's, slots reserved for them: each is started at once (``_start_handler`` on ``owner``,
    FastStream's subscriber, in a copy of the fetch loop's context variables) and :data:`STARTED` is queued in its place to wake the
    loop. ``expect(0)`` (the wait over): messages are queued as nats-py queues them, for the loop's next fetch.
    :meth:`take_started` removes the marks still queued and says how many there were (started, not yet counted)."""

    def __init__(self, sub: Any, owner: Any, maxsize: int = 0) -> None:
        super().__init__(maxsize)
        self._sub = sub
        self._owner = owner
        self._expected = 0
        self._context = contextvars.copy_context()

    def expect(self, n: int) -> None:
        """Start the next ``n`` messages delivered at once (0: queue them); see the class."""
        self._expected = n
        self._context = contextvars.copy_context()

    def put_nowait(self, item: Any) -> None:
        """nats-py's delivery of ``item`` (a ``Msg``): started at once when expected, else queued."""
        if self._expected > 0 and bool(getattr(item, "reply", None)) and not _is_status(item):
            self._expected -= 1
            self._sub._pending_size -= len(item.data)  # (nats-py counted it as pending)
            _start_handler(self._owner, item, self._context.copy())  # (a context of its own, as create_task's)
            item = STARTED
        super().put_nowait(item)

    def take_started(self) -> int:
        """Remove the :data:`STARTED` marks still queued; returns how many there were."""
        queued: Any = self._queue  # type: ignore[attr-defined]  # (asyncio.Queue's deque)
        marks = sum(1 for item in queued if item is STARTED)
        if marks:
            kept = [item for item in queued if item is not STARTED]
            queued.clear()
            queued.extend(kept)
            for _ in range(marks):
                self.task_done()
        return marks


def _is_status(msg: Any) -> bool:
    """Whether nats-py message ``msg`` is a JetStream status (no messages, timeout, heartbeat...), not a message."""
    from nats.js.client import JetStreamContext

    return JetStreamContext.is_status_msg(msg) is not None


def direct_queue(self: Any) -> DirectQueue | None:
    """The :class:`DirectQueue` of FastStream pull subscriber ``self``'s inbox, put in place of nats-py's queue on
    first use (its queued messages carried over); None when nats-py's subscription is not as expected."""
    sub = getattr(getattr(self, "subscription", None), "_sub", None)
    queue = getattr(sub, "_pending_queue", None)
    if isinstance(queue, DirectQueue):
        return queue
    if not isinstance(queue, asyncio.Queue):
        return None
    direct = DirectQueue(sub, self, queue.maxsize)
    while not queue.empty():
        direct.put_nowait(queue.get_nowait())
    cast(Any, sub)._pending_queue = direct
    return direct


async def _consume_pull(self: Any, cb: Callable[[Any], Coroutine[Any, Any, Any]]) -> None:
    """The fetch loop (see the module): a free slot first, then at most as many messages as free slots, each
    message's worker task started at once, by nats-py's delivery (:class:`DirectQueue`) or by the loop (``cb``,
    FastStream's hand-over through its queue, is not used)."""
    from nats.errors import ConnectionClosedError
    from nats.errors import TimeoutError as NatsTimeout
    from nats.js.errors import ServiceUnavailableError

    assert self.subscription
    slots = _slots(self)
    direct = direct_queue(self)
    while self.running:
        await slots.acquire()
        taken = 1
        try:
            while taken < max(1, int(self.pull_sub.batch_size)):
                try:
                    slots.acquire_nowait()
                except anyio.WouldBlock:
                    break
                taken += 1
            messages: list[Any] = []
            with contextlib.suppress(NatsTimeout, ConnectionClosedError, ServiceUnavailableError):
                if taken == 1:
                    messages = [await _awaited(direct, 1, fetch_one(self.subscription, self.pull_sub.timeout))]
                else:
                    messages = await self.subscription.fetch(batch=taken, timeout=self.pull_sub.timeout)
            while messages:
                for msg in messages:
                    if msg is not STARTED:
                        _start_handler(self, msg)  # (a slot is free for it)
                    taken -= 1  # (given back when its handler ends: _consume_msg)
                # every message waiting now, up to the free slots, in one more round trip (see the module)
                while self.running:
                    try:
                        slots.acquire_nowait()
                    except anyio.WouldBlock:
                        break
                    taken += 1
                messages = []
                if direct is not None:  # (started in the last window, their marks behind a stale status: counted)
                    taken -= direct.take_started()
                for msg in queued_messages(self.subscription, taken):  # (delivered late for an earlier request)
                    _start_handler(self, msg)
                    taken -= 1
                if taken:
                    with contextlib.suppress(NatsTimeout, ConnectionClosedError, ServiceUnavailableError):
                        messages = await _awaited(direct, taken, messages_waiting(self.subscription, taken))
        finally:
            if direct is not None:  # (started at delivery after the wait ended: their slots are taken)
                taken -= direct.take_started()
            for _ in range(taken):  # slots of messages not fetched (or not handed over)
                slots.release()


async def _awaited(direct: DirectQueue | None, n: int, answers: Coroutine[Any, Any, T]) -> T:
    """``answers`` awaited with the next ``n`` messages delivered to ``direct`` started at delivery (see
    :class:`DirectQueue`; ``direct`` None: as nats-py delivers them)."""
    if direct is None:
        return await answers
    direct.expect(n)
    try:
        return await answers
    finally:
        direct.expect(0)


def queued_messages(psub: Any, most: int) -> list[Any]:
    """At most ``most`` messages already queued for JetStream pull subscription ``psub`` (delivered for a request the
    fetch loop no longer awaited: one whose wait timed out on the client before the server's expiry), taken from its
    queue in order; the statuses queued before them (of earlier requests) are dropped, and a :data:`STARTED` mark
    ends the take (the fetch loop removes and counts the marks first, :meth:`DirectQueue.take_started`: a mark left
    behind a stale status is a slot already used, never an answer of the next request). Taken before a new request, so that the new request's
    answers are the only messages the loop's :class:`DirectQueue` window starts: a queued message read among them
    would be one more than the slots reserved."""
    sub = psub._sub
    queue: asyncio.Queue[Any] = sub._pending_queue
    taken: list[Any] = []
    while len(taken) < most and not queue.empty():
        if queue._queue[0] is STARTED:  # type: ignore[attr-defined]  # (asyncio.Queue's deque)
            break
        msg = queue.get_nowait()
        sub._pending_size -= len(msg.data)
        queue.task_done()
        if not _is_status(msg):
            taken.append(msg)
    return taken


#: seconds a request for the messages waiting (``no_wait``) may take to be answered before the loop goes on
WAITING_ANSWER_S = 1.0


async def messages_waiting(psub: Any, most: int) -> list[Any]:
    """At most ``most`` of the messages waiting for a JetStream pull subscription ``psub`` (nats-py's
    ``PullSubscription``), in one round trip: a ``no_wait`` pull request, which the server answers at once with the
    messages it has for this consumer (none delivered to another request or replica and not yet acknowledged),
    followed by a "no messages" status when they are fewer than ``most``. A status left over from an earlier request
    ends the read early: the messages answering this one then stay in the subscription's queue, where the next fetch
    takes them first (nats-py reads its queue before asking the server). Returns [] when nothing is waiting.
    Raises: nats' connection errors."""
    import json

    from nats.errors import TimeoutError as NatsTimeout
    from nats.js.client import JetStreamContext

    await psub._nc.publish(psub._nms, json.dumps({"batch": most, "no_wait": True}).encode(), psub._deliver)
    found: list[Any] = []
    while len(found) < most:
        try:
            msg = await next_message(psub._sub, WAITING_ANSWER_S)
        except NatsTimeout:
            break
        if msg is STARTED:
            found.append(msg)
            continue
        status = JetStreamContext.is_status_msg(msg)
        if status is None:
            found.append(msg)
        elif not JetStreamContext._is_heartbeat(status):
            break
    return found


async def next_message(sub: Any, timeout: float) -> Any:
    """The next message of nats-py subscription ``sub`` (one without a callback: a pull subscription's inbox), as its
    ``next_msg`` returns it, but without the two tasks ``next_msg`` creates for every call (its own and
    ``asyncio.wait_for``'s, on Python 3.11): a message already queued is taken at once, else it is awaited under
    ``asyncio.timeout`` (issue 10: each task is a turn of a busy event loop on a hop's stored>fetched). Unlike
    ``next_msg``, the wait is not registered with the subscription, so a connection closing meanwhile is noticed
    when the wait times out. Raises: nats' TimeoutError after ``timeout`` seconds, ConnectionClosedError."""
    from nats.errors import ConnectionClosedError
    from nats.errors import TimeoutError as NatsTimeout

    queue: asyncio.Queue[Any] = sub._pending_queue
    if queue.empty():
        if sub._conn.is_closed:
            raise ConnectionClosedError
        try:
            async with asyncio.timeout(timeout):
                msg = await queue.get()
        except TimeoutError:
            if sub._conn.is_closed:
                raise ConnectionClosedError from None
            raise NatsTimeout from None
    else:
        msg = queue.get_nowait()
    sub._pending_size -= len(msg.data)
    queue.task_done()
    return msg


async def fetch_one(psub: Any, timeout: float) -> Any:
    """One message of JetStream pull subscription ``psub`` (nats-py's ``PullSubscription``), as its
    ``fetch(batch=1, timeout=timeout)`` returns it: one queued already (a status left from an earlier request is
    dropped), else a pull request for one message expiring just before ``timeout`` and its answer
    (:func:`next_message`: no task per call; heartbeats skipped). Raises: nats' TimeoutError when none came in
    ``timeout`` seconds (or the server answered with a temporary status: the request timed out, the consumer's
    limit), nats' APIError for another status, ConnectionClosedError."""
    import json

    from nats.errors import TimeoutError as NatsTimeout
    from nats.js.client import JetStreamContext
    from nats.js.errors import APIError

    sub = psub._sub
    queue: asyncio.Queue[Any] = sub._pending_queue
    while not queue.empty():
        msg = await next_message(sub, timeout)
        if msg is STARTED or JetStreamContext.is_status_msg(msg) is None:
            return msg
    request = {"batch": 1, "expires": int(timeout * 1_000_000_000) - 100_000}
    await psub._nc.publish(psub._nms, json.dumps(request).encode(), psub._deliver)
    deadline = time.monotonic() + timeout
    while True:
        msg = await next_message(sub, max(deadline - time.monotonic(), 0.001))
        if msg is STARTED:
            return msg
        status = JetStreamContext.is_status_msg(msg)
        if status is None:
            return msg
        if JetStreamContext._is_heartbeat(status):
            continue
        if JetStreamContext._is_temporary_error(status):
            raise NatsTimeout
        raise APIError.from_msg(msg)


def _start_handler(self: Any, msg: Any, context: contextvars.Context | None = None) -> None:
    """Start ``msg``'s worker task at once (see the module): a task of the subscriber's (``tasks``: FastStream's stop
    cancels them once its graceful wait is over, as it does its own), removed from them when it ends. ``context``:
    the context variables it runs with (None: a copy of the caller's, as ``create_task`` takes)."""
    task = asyncio.get_running_loop().create_task(_consume_msg(self, msg), context=context)
    tasks: list[Any] = self.tasks
    tasks.append(task)

    def ended(done: asyncio.Task[None]) -> None:
        with contextlib.suppress(ValueError):  # (cleared by a stop meanwhile)
            tasks.remove(done)
        if not done.cancelled() and done.exception() is not None:  # (FastStream's consume logs handler errors)
            log.error("a message's worker task failed", exc_info=done.exception())

    task.add_done_callback(ended)


async def _consume_msg(self: Any, msg: Any) -> None:
    """FastStream's worker task for one message, giving the message's slot back when it ends. A worker cancelled
    before its handler settled the message (the process stopping: its subscriber's stop cancels the workers still
    running after the graceful wait) gives the message back to JetStream (:func:`give_back`), so another process
    takes it at once, not after the consumer's ``ack_wait``."""
    try:
        limiter: anyio.Semaphore = self.limiter
        try:
            limiter.acquire_nowait()  # (a free slot without a turn of the event loop: see the module)
        except anyio.WouldBlock:
            await limiter.acquire()
        try:
            await self.consume(msg)
        finally:
            limiter.release()
    except asyncio.CancelledError:
        await give_back(msg)
        raise
    finally:
        _slots(self).release()


async def give_back(msg: Any) -> bool:
    """Negatively acknowledge JetStream message ``msg`` (nats-py's ``Msg``) with no delay, so its consumer delivers
    it again at once (to another replica: FastStream's stop cancels a worker only after its subscription stopped
    fetching). Without it, a message whose handler was cancelled at a process's stop stays "in work" until the
    consumer's ``ack_wait`` passes, which for a long unit (domain-code's analysis: ~20 minutes) outlives its run's
    deadline (issue 15, trial t24: several ``assay run`` processes on one data dir, one run's code analysis taken by
    another run's stack that stopped when its own run ended). The redelivery counts towards ``max_deliver``.
    Returns whether the negative acknowledgement was sent: False for a message already settled (acknowledged,
    nacked or rejected by its handler), one that is not a JetStream message, or a connection already closed.
    Never raises (a stop must go on); a cancellation while it is sent is delivered after it."""
    from nats.errors import Error as NatsError

    if getattr(msg, "_ackd", True) or not getattr(msg, "reply", ""):
        return False
    try:
        await asyncio.shield(msg.nak())
    except (NatsError, OSError) as exc:
        log.debug("a cancelled unit could not be given back (%s): JetStream redelivers it after ack_wait", exc)
        return False
    except asyncio.CancelledError:
        return True  # (the nak goes on shielded)
    log.info("a unit in work at this process's stop was given back for redelivery (%s)", msg.subject)
    return True


def install() -> bool:
    """Make every concurrent pull consumer of this process fetch only what it can start (see the module). Safe to
    call again. Returns whether the fetch loop is Assay's (False: FastStream's methods were not found, its own
    loop stays)."""
    global _installed
    if _installed:
        return True
    from faststream.nats.subscriber.usecases.stream_pull_subscriber import ConcurrentPullStreamSubscriber

    cls: Any = ConcurrentPullStreamSubscriber
    if not all(callable(getattr(cls, name, None)) for name in ("_consume_pull", "_consume_msg", "_put_msg", "add_task")):
        log.warning("FastStream's pull consumer has changed: its own fetch loop is kept (a replica may hold one "
                    "message more than it runs)")
        return False
    cls._consume_pull = _consume_pull
    cls._consume_msg = _consume_msg
    _installed = True
    return True
