"""Following a run's events as Server-Sent Events, resumable by seq.

The event store issues a PostgreSQL ``NOTIFY`` on its channel in every insert transaction (delivered at commit);
``Commits`` ``LISTEN``s for it on a connection of its own (one per gateway process) and wakes every stream, which
then reads its run's events above the last seq it sent, from the event store itself. So an event reaches a client
about a millisecond after its commit, and nothing is lost: what a stream sends is always "the stored events above
seq N", whoever woke it. A stream also re-reads every ``poll_s`` seconds (the safety net while the LISTEN
connection is down; it is re-opened with a doubling back-off).

Each SSE message: ``id`` = the event's seq, ``event`` = its type (``RunStarted``, ``PlanCreated``, ...), ``data`` =
a ``RunEvent`` as JSON. A client that reconnects with ``Last-Event-ID: N`` gets every event above seq N. The stream
ends after the run's terminal event (``RunCompleted``, ``RunFailed``, ``RunCancelled``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any
from uuid import UUID

import psycopg
from psycopg import sql

from services.gateway.readmodels import TERMINAL_EVENTS, run_events
from shared.runtime import Runtime, pause_until_stopped

log = logging.getLogger("assay.gateway.stream")


class Commits:
    """A broadcast of "the event store committed something", from PostgreSQL ``LISTEN``.

    Usage: take ``token()`` before reading, read, then ``await wait(token, timeout)``: a commit between the read
    and the wait is not missed (the token is already set)."""

    def __init__(self, database_url: str, channel: str | None) -> None:
        self._url = database_url
        self._channel = channel
        self._event = asyncio.Event()
        self._stop = asyncio.Event()
        self.listening = asyncio.Event()  # set while the LISTEN connection is open
        self._task: asyncio.Task[None] | None = None

    @property
    def closed(self) -> bool:
        """Whether ``stop`` was called (the gateway is shutting down: streams end)."""
        return self._stop.is_set()

    def token(self) -> asyncio.Event:
        """The event the next commit sets."""
        return self._event

    async def wait(self, token: asyncio.Event, timeout: float) -> None:
        """Return when ``token`` is set (a commit after it was taken) or after ``timeout`` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(token.wait(), timeout)

    def _notify(self) -> None:
        fired, self._event = self._event, asyncio.Event()
        fired.set()

    def start(self) -> None:
        """Start listening (a task on the running loop)."""
        if self._channel and self._task is None:
            self._task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        """Stop listening and wake every waiter."""
        self._stop.set()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self._notify()

    async def _listen(self) -> None:
        assert self._channel is not None
        delay = 0.1
        while not self._stop.is_set():
            try:
                conn = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
                async with conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self._channel)))
                    self.listening.set()
                    delay = 0.1
                    self._notify()  # whatever was committed before LISTEN
                    async for _ in conn.notifies():
                        self._notify()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 (PostgreSQL went away: streams poll meanwhile)
                log.warning("gateway LISTEN connection failed (%s); re-connecting in %.1f s", exc, delay)
            self.listening.clear()
            await pause_until_stopped(self._stop, delay)
            delay = min(delay * 2, 5.0)


async def follow(rt: Runtime, commits: Commits, run_id: UUID, after: int, *, poll_s: float,
                 finished: bool = False) -> AsyncIterator[dict[str, Any]]:
    """The SSE messages of run ``run_id`` above seq ``after``, as they are stored, until its terminal event.

    ``finished``: the run has already ended, so send what is stored above ``after`` and stop (a client resuming
    after the terminal event gets the few events recorded after it, such as a model call that was in flight).
    Yields: {"id": seq, "event": type, "data": RunEvent JSON}. Runs until the terminal event has been sent or the
    client goes away (the response then cancels it)."""
    last = after
    while True:
        token = commits.token()
        events = await asyncio.to_thread(run_events, rt, run_id, last)
        ended = False
        for ev in events:
            yield {"id": str(ev.seq), "event": ev.type, "data": ev.model_dump_json()}
            last = ev.seq
            ended = ended or ev.type in TERMINAL_EVENTS
        if ended or finished or commits.closed:
            return
        await commits.wait(token, poll_s)
        if commits.closed:  # the gateway is shutting down: the client reconnects with Last-Event-ID elsewhere
            return
