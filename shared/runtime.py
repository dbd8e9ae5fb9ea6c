"""The runtime: the collaborators every service needs, built once per process and passed to handlers.

``Runtime.open(settings)`` connects to (or starts, in the embedded default) NATS and PostgreSQL, runs the
migrate step when asked, and builds the event store application, the document store, the corpus, the
broker, the publisher and the model gateway (``shared.llm``, from ``settings.llm``, recording on the store).
``EventRelay`` publishes the stored event log to NATS.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar
from uuid import UUID

import psycopg
from faststream.nats import NatsBroker
from psycopg import sql
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from shared.bus import Publisher, build_error_policy, redacted_body, rejection_for
from shared.consumers import install as install_consumers
from shared.corpus import Corpus
from shared.db import first_line, migrate, open_pool, retry_transient
from shared.deadletters import settle_dead_letter
from shared.docstore import DocumentStore
from shared.launcher import Endpoints, ensure_servers
from shared.llm import LlmGateway
from shared.redact import install_log_redaction, register_secrets, secrets_of
from shared.settings import ServiceSettings
from shared.store import CommittedEvent, ResearchRuns, StoredEvent

log = logging.getLogger("assay.runtime")
T = TypeVar("T")


class _DropCancelled(logging.Filter):
    """Drops FastStream's error record for a handler cancelled at shutdown (after the graceful timeout).

    The message was given back (negatively acknowledged: ``shared.consumers.give_back``), so JetStream redelivers
    it at once to another consumer: nothing is lost, and the traceback would only alarm the user of ``assay run``.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not isinstance(exc, asyncio.CancelledError)


def _faststream_logger() -> logging.Logger:
    """The logger FastStream writes to, without the cancelled-at-shutdown tracebacks."""
    logger = logging.getLogger("assay.faststream")
    if not any(isinstance(f, _DropCancelled) for f in logger.filters):
        logger.addFilter(_DropCancelled())
    return logger


@dataclass
class Runtime:
    """Everything a service process shares. Build with ``Runtime.open``; release with ``close``."""

    settings: ServiceSettings
    endpoints: Endpoints
    pool: ConnectionPool
    runs: ResearchRuns
    documents: DocumentStore
    corpus: Corpus
    broker: NatsBroker
    publisher: Publisher
    llm: LlmGateway | None = None  # the model gateway (every role's models; offline roles have none)

    @classmethod
    def open(cls, settings: ServiceSettings, *, endpoints: Endpoints | None = None,
             run_migrate: bool = True, graceful_timeout_s: float = 5.0) -> Runtime:
        """Connect (starting embedded servers when none are configured) and build the collaborators.

        Raises: StoreUnavailable when NATS or PostgreSQL cannot be started or reached.
        """
        register_secrets(secrets_of(settings))  # secrets never leave: events, log lines, rejections
        install_log_redaction()
        endpoints = endpoints or ensure_servers(settings.common)
        if run_migrate:
            migrate_when_ready(endpoints, wait_s=max(settings.common.outage_wait_s, 10.0))
        pool = open_pool(endpoints)
        # the event store's connections: a write holds two (its run's lock and the load or save), one per thread
        store_env = {**endpoints.eventsourcing_env(),
                     "POSTGRES_MAX_OVERFLOW": str(max(10, 2 * settings.common.worker_threads))}
        runs = ResearchRuns(env=store_env, retries=settings.common.store_retries,
                            attempts=settings.common.store_attempts, backoff_s=settings.common.store_backoff_s)
        documents = DocumentStore(pool)
        holder: dict[str, Any] = {}

        async def reject(subject: str, body: bytes, reason: str, run_id: UUID | None) -> None:
            await holder["rt"].record_rejection(subject, body, reason, run_id)

        async def settle(subject: str, service: str, body: bytes, reason: str, run_id: UUID) -> None:
            await asyncio.to_thread(settle_dead_letter, holder["rt"].runs, run_id, subject, service, body, reason)

        policy = build_error_policy(reject, settle, max_deliver=settings.common.max_deliver,
                                    outage_wait_s=settings.common.outage_wait_s,
                                    poison_deliveries=settings.common.poison_deliveries,
                                    poison_delay_s=settings.common.poison_delay_s)
        # a NATS outage of any length is waited out: reconnect forever (every 2 s) to the same URL
        # a cluster's URLs may be given comma-separated (any node; the client moves on when one goes down)
        servers = [u.strip() for u in endpoints.nats_url.split(",") if u.strip()]
        install_consumers()  # a replica fetches only the messages it can start (shared.consumers)
        # FastStream's per-message lines ("Received", "Processed": no subject, no id) at DEBUG, below the INFO of
        # `assay serve`: two formatted log lines per message were ~5% of a verifier replica's CPU; a handler's error
        # is still logged (ERROR), and the metrics count every message (shared.metrics)
        broker = NatsBroker(servers, middlewares=[policy],
                            logger=_faststream_logger(), log_level=logging.DEBUG,
                            graceful_timeout=graceful_timeout_s, allow_reconnect=True,
                            max_reconnect_attempts=-1, reconnect_time_wait=2)
        rt = cls(settings=settings, endpoints=endpoints, pool=pool, runs=runs, documents=documents,
                 corpus=Corpus(pool, documents), broker=broker, publisher=Publisher(broker, settings.common),
                 llm=LlmGateway.from_settings(settings.llm, ledger=runs))
        holder["rt"] = rt
        return rt

    async def record_rejection(self, subject: str, body: bytes, reason: str, run_id: UUID | None) -> None:
        """Dead-letter a refused message: store it with its reason and its (redacted) body in the rejected-message
        table (a repeat counts ``times`` and keeps the latest reason), publish the body on the dead-letter stream
        (``assay.dlq.<subject>``, headers naming the subject and the reason), then publish ``MessageRejected``
        (best effort: a notice).
        Raises: psycopg errors and BusUnavailable (the caller redelivers the message then)."""
        record = rejection_for(subject, body, reason, run_id)
        kept = redacted_body(body)

        def store() -> None:
            with self.pool.connection() as conn:
                conn.execute(
                    "INSERT INTO rejected_messages (rejection_id, subject, reason, body_sha256, body_preview, "
                    "run_id, body) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (rejection_id) DO UPDATE SET "
                    "reason = EXCLUDED.reason, received_at = now(), times = rejected_messages.times + 1, "
                    "body = EXCLUDED.body",
                    (record.rejection_id, record.subject, record.reason, record.body_sha256,
                     record.body_preview, record.run_id, kept),
                )

        def save_seq(seq: int) -> None:
            with self.pool.connection() as conn:
                conn.execute("UPDATE rejected_messages SET dead_letter_seq = %s WHERE rejection_id = %s",
                             (seq, record.rejection_id))

        await asyncio.to_thread(store)
        seq = await self.publisher.dead_letter(subject, kept, record.reason, record.rejection_id)
        if seq is not None:
            await asyncio.to_thread(save_seq, seq)
        try:  # a notice for listeners; the dead letter itself is kept above
            await self.publisher.event(record, f"rejected:{record.rejection_id}:{record.body_sha256[:8]}:{seq}")
        except Exception as exc:  # noqa: BLE001 (e.g. no event stream yet in a process that consumes none)
            log.warning("MessageRejected for %s not published: %s", record.rejection_id, first_line(exc))

    def rejections(self, limit: int = 50) -> list[dict[str, Any]]:
        """The most recent dead letters, newest first: ``rejection_id``, ``subject``, ``reason``, ``run_id``,
        ``received_at`` (the latest refusal), ``times`` (refusals), ``preview`` (the redacted body's first 400
        characters), ``replays`` and ``replayed_at`` (None before the first), ``dead_letter_seq``.
        Raises: StoreUnavailable when PostgreSQL stays unavailable through the retries."""
        def read() -> list[Any]:
            with self.pool.connection() as conn:
                return conn.execute(
                    "SELECT rejection_id, subject, reason, run_id, received_at, times, body_preview, replays, "
                    "replayed_at, dead_letter_seq FROM rejected_messages ORDER BY received_at DESC LIMIT %s",
                    (limit,)).fetchall()

        rows = retry_transient(read)  # a pooled connection PostgreSQL closed in a restart: read again
        keys = ("rejection_id", "subject", "reason", "run_id", "received_at", "times", "preview", "replays",
                "replayed_at", "dead_letter_seq")
        return [dict(zip(keys, r, strict=True)) for r in rows]

    def find_rejection(self, ident: str) -> tuple[UUID, str, bytes]:
        """The dead letter whose id is ``ident`` or starts with it (at least 4 hex digits): (id, subject, body).
        Raises: InputError when none or several match, or when its body was not kept (recorded before bodies
        were)."""
        from shared.errors import InputError

        prefix = ident.strip().lower()
        if len(prefix) < 4 or any(c not in "0123456789abcdef-" for c in prefix):
            raise InputError(f"{ident!r} is not a rejection id (at least 4 hex digits; see assay rejections)")
        with self.pool.connection() as conn:
            rows = conn.execute("SELECT rejection_id, subject, body FROM rejected_messages "
                                "WHERE rejection_id::text LIKE %s LIMIT 2", (prefix + "%",)).fetchall()
        if not rows:
            raise InputError(f"no rejection {ident!r} (see assay rejections)")
        if len(rows) > 1:
            raise InputError(f"{ident!r} names several rejections: give more of the id")
        rejection_id, subject, body = rows[0]
        if body is None:
            raise InputError(f"rejection {rejection_id} was recorded without its body: it cannot be replayed")
        return rejection_id, subject, bytes(body)

    async def replay_rejection(self, ident: str) -> tuple[UUID, str, int]:
        """Publish a dead letter's body again on its original subject (after a fix), with a fresh message id,
        and count the replay. Returns (rejection id, subject, replays so far). Raises: InputError (see
        ``find_rejection``; or a subject of no stream), BusUnavailable."""
        from shared.errors import InputError

        rejection_id, subject, body = await asyncio.to_thread(self.find_rejection, ident)

        def count() -> int:
            with self.pool.connection() as conn:
                row = conn.execute("UPDATE rejected_messages SET replays = replays + 1, replayed_at = now() "
                                   "WHERE rejection_id = %s RETURNING replays", (rejection_id,)).fetchone()
            return int(row[0]) if row else 0

        replays = await asyncio.to_thread(count)
        try:
            await self.publisher.raw(subject, body, f"replay:{rejection_id}:{replays}")
        except ValueError as exc:
            raise InputError(str(exc)) from exc
        return rejection_id, subject, replays

    def close(self) -> None:
        """Release the database connections."""
        self.pool.close()
        self.runs.close()


#: the worker pool set on each event loop, with its size
_WORKERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, tuple[ThreadPoolExecutor, int]] = (
    weakref.WeakKeyDictionary())


def use_worker_threads(threads: int) -> None:
    """Make the running loop's default executor (``asyncio.to_thread``, where the handlers' blocking calls run) a
    pool of ``threads`` threads (``ASSAY_WORKER_THREADS``), once per loop: Python's default is min(32, CPUs + 4),
    6 threads on 2 cores, for every consumer of the process together. Must be called from the loop's thread."""
    loop = asyncio.get_running_loop()
    current = _WORKERS.get(loop)
    if current is not None and current[1] == threads:
        return
    pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="assay-worker")
    loop.set_default_executor(pool)
    _WORKERS[loop] = (pool, threads)
    if current is not None:
        current[0].shutdown(wait=False)


class EventRelay:
    """Publishes every stored event to NATS, in log order, from a tracked position.

    At-least-once: the position is saved after publishing, and JetStream drops a re-published event by its
    ``Nats-Msg-Id`` (the event id). Several relays may run; de-duplication keeps the stream clean.

    Hand-over: the events this process's own store commits are handed to the relay right after their commit
    (``ResearchRuns.on_commit``: global positions and domain events; their contracts are built by the relay, on the
    loop, so the writer's thread does no more than hand them on), and the relay publishes them at once, without reading them back from the log: no wait for the store's notification and no
    read round trip (issue 10: a hop's relay wait and relay read). The relay still publishes strictly in log
    order, each position once: a handed event is published only when every position before it has been (by hand or
    by a read); a gap is read from the log (see below).

    Wake-up: the event store issues a PostgreSQL ``NOTIFY`` on its channel in every insert transaction, delivered
    at commit (Assay's writes give ``position:origin`` as its payload: the transaction's last position and the
    writing store's ``origin``). The relay ``LISTEN``s on a connection of its own and reads the log as soon as a
    notification arrives (about a millisecond after the commit), unless the payload names a position it has
    published already, or a commit of its own process's store: that one is handed over, and is read from the log
    only if it was not within :data:`HAND_OVER_WAIT_S` (a write whose commit succeeded on the server but whose
    answer was lost); so are the positions before a handed-over one that did not come (another thread's commit is
    handed over a moment later; a rolled-back position is no event). Polling stays as the
    safety net: every ``relay_interval_s`` seconds while the listening connection is down (it is re-opened with a
    doubling back-off, and a catch-up read follows every re-connect), every ``relay_safety_interval_s`` seconds
    while it is up.

    No waits between a commit and its publish but the read itself: the log is read on an asynchronous connection
    of the relay's own, on the event loop (no thread hand-off; a busy worker-thread pool of the stages does not
    delay it; a long page is decoded on a thread of the relay's own), and the position is saved in the
    background, never between a page and the next read: a save runs after its page was acknowledged, one at a
    time, always the latest position, committed without waiting for the disk (``synchronous_commit off``: a
    crash may lose the last saves, and the events after the saved position are published again, which the
    stream drops by their ids). When the relay stops, the latest position is saved before ``run`` returns.
    """

    #: a page longer than this is decoded on the relay's thread, not on the event loop
    DECODE_INLINE_MAX = 16
    #: seconds a commit of this process's store, notified, may take to be handed over before the log is read for it
    HAND_OVER_WAIT_S = 0.05

    def __init__(self, runtime: Runtime, *, name: str = "nats", listen: bool = True, hand_over: bool = True) -> None:
        """``listen``: be woken by the store's ``NOTIFY`` (else polling only); ``hand_over``: take the events this
        process's store commits straight from it (else every event is read from the log, as a relay in another
        process than the writers does)."""
        self.heartbeat = Heartbeat(f"relay {name}")
        self._rt = runtime
        self._name = name
        self._listen_enabled = listen
        self._hand_over_enabled = hand_over
        self._stop = asyncio.Event()
        self._wake = asyncio.Event()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"relay-{name}")
        self.published = 0
        self.listening = asyncio.Event()  # set while the LISTEN connection is open (tests wait on it)
        self._to_save = 0  # the latest published position (saved in the background)
        self._saver: asyncio.Task[None] | None = None
        self._published_to = 0  # every position up to this one is published (this life of the relay)
        self._handed: dict[int, CommittedEvent] = {}  # events handed over by this process's store, by position
        self._unread = True  # the log may hold events not yet published nor handed over: read it
        self.handed_published = 0  # of ``published``: events published as handed over (no read)
        self._expected = 0  # the last position of this process's commits notified (to be handed over)
        self._waiting_since: float | None = None  # since when a hand-over is waited for (time.monotonic())

    def _position(self) -> int:
        with self._rt.pool.connection() as conn:
            row = conn.execute("SELECT position FROM relay_position WHERE name = %s", (self._name,)).fetchone()
        return int(row[0]) if row else 0

    def _save(self, position: int, timeout_s: float | None = None) -> None:
        with self._rt.pool.connection(timeout=timeout_s) as conn:
            conn.execute("SET LOCAL synchronous_commit TO OFF")  # (a lost save re-publishes: de-duplicated)
            conn.execute(
                "INSERT INTO relay_position (name, position) VALUES (%s, %s) "
                "ON CONFLICT (name) DO UPDATE SET position = GREATEST(relay_position.position, EXCLUDED.position)",
                (self._name, position))

    async def _save_latest(self) -> None:
        """Save the latest published position until no newer one is waiting (one saver at a time)."""
        saved = -1
        while saved != self._to_save:
            saved = self._to_save
            await self._in_thread(self._save, saved)

    def _saved_later(self, position: int) -> None:
        """Have ``position`` saved in the background (see the class); an error of the previous save is raised."""
        self._to_save = position
        if self._saver is not None and not self._saver.done():
            return  # the running saver picks the latest up
        if self._saver is not None:
            self._saver.result()  # (a failed save ends this life of the relay: supervised, restarted)
        self._saver = asyncio.create_task(self._save_latest())

    async def _in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    def _take(self, events: list[CommittedEvent]) -> None:
        """Keep ``events`` handed over after their commit for publishing (on the relay's loop) and wake the relay."""
        for stored in events:
            if stored.position > self._published_to:
                self._handed[stored.position] = stored
        self._wake.set()

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> Callable[[list[CommittedEvent]], None]:
        """The commit listener of the store (called on the committing thread): hands the events to :meth:`_take` on
        ``loop``."""
        def handed(events: list[CommittedEvent]) -> None:
            try:
                loop.call_soon_threadsafe(self._take, events)
            except RuntimeError:  # (the loop closed: the log keeps them for the next relay)
                pass
        return handed

    def _handed_page(self, position: int) -> list[StoredEvent]:
        """The handed-over events that follow ``position`` without a gap, in order (taken from the hand-over, their
        contracts built now, on the loop, as a read of the log decodes a short page); those at ``position`` or before
        it (published meanwhile by a read) are dropped. One whose contract cannot be built ends the page there, and
        the rest of the hand-over is dropped: the log is read for them."""
        page: list[StoredEvent] = []
        while (handed := self._handed.pop(position + 1, None)) is not None:
            try:
                page.append(handed.stored())
            except Exception:  # noqa: BLE001 (published from the log instead)
                log.exception("a handed-over event could not be published as it was; reading the log")
                self._handed.clear()
                self._unread = True
                break
            position += 1
        for p in [p for p in self._handed if p <= position]:
            del self._handed[p]
        return page

    def _notified(self, payload: str) -> None:
        """A notification of the event store's channel (payload ``position:origin``, or anything else from other
        writers): read the log, unless the position is published already or the commit is this process's store's,
        handed over (see the class)."""
        position, _, origin = payload.partition(":")
        if position.isdigit():
            if int(position) <= self._published_to:
                return
            if self._hand_over_enabled and origin == self._rt.runs.origin:
                self._expected = max(self._expected, int(position))
                self._wake.set()
                return
        self._unread = True
        self._wake.set()

    def _waited_for_hand_over(self) -> float | None:
        """Seconds left to wait for a hand-over (None: none awaited): of a commit of this process's store that was
        notified, or of the positions before one handed over (another thread's commit, handed over a moment later;
        else a position rolled back, or committed by another process, which its notification has the log read for).
        Once :data:`HAND_OVER_WAIT_S` is up, the log is read instead (``_unread``)."""
        awaited = max(self._expected, min(self._handed, default=0) - 1)
        if awaited <= self._published_to:
            self._waiting_since = None
            return None
        now = time.monotonic()
        if self._waiting_since is None:
            self._waiting_since = now
        left = self.HAND_OVER_WAIT_S - (now - self._waiting_since)
        if left <= 0:
            self._unread = True
            self._expected = 0
            self._waiting_since = None
            return None
        return left

    async def _listen(self) -> None:
        """Note every notification of the event store's channel (:meth:`_notified`); re-connect after an error."""
        channel = getattr(self._rt.runs.recorder, "channel_name", None)
        if not channel:  # not the PostgreSQL recorder: polling only
            return
        delay = 0.1
        while not self._stop.is_set():
            try:
                conn = await psycopg.AsyncConnection.connect(self._rt.endpoints.database_url, autocommit=True)
                async with conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
                    self.listening.set()
                    self._notified("")  # catch up with whatever was committed before LISTEN
                    delay = 0.1
                    async for note in conn.notifies():
                        self._notified(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 (the database went away: poll meanwhile, re-connect later)
                log.warning("relay LISTEN connection failed (%s); polling every %.2f s until it is back",
                            exc, self._rt.settings.common.relay_interval_s)
            self.listening.clear()
            await pause_until_stopped(self._stop, delay)
            delay = min(delay * 2, 5.0)

    async def run(self) -> None:
        """Relay until ``stop`` is called: on every notification of a commit, else by polling (see the class).

        Supervised: any error (the store or the bus down, a stale connection, a bug) is logged and the relay
        starts again from its saved position after a doubling pause (0.1 s to 5 s); ``heartbeat`` beats on
        every round, so a relay that stopped is visible."""
        listener = asyncio.create_task(self._listen()) if self._listen_enabled else None
        remove = (self._rt.runs.on_commit(self._hand_over(asyncio.get_running_loop())) if self._hand_over_enabled
                  else None)
        try:
            await supervise(self.heartbeat, self._relay, self._stop)
        finally:
            if remove is not None:
                remove()
            if listener is not None:
                listener.cancel()
                await asyncio.gather(listener, return_exceptions=True)
            self.listening.clear()
            self._executor.shutdown(wait=False)

    async def _relay(self) -> None:
        """One life of the relay: read the saved position, then publish pages until stopped (an error ends it,
        the latest published position saved first when it can be)."""
        common = self._rt.settings.common
        position = await self._in_thread(self._position)
        self._to_save = self._published_to = position
        self._unread = True  # (a new life: catch up with the log)
        reader = await self._open_reader()
        try:
            while not self._stop.is_set():
                self.heartbeat.beat()
                self._wake.clear()  # before the read: a commit notified or handed over from now on wakes us
                page = self._handed_page(position)
                expected = self._waited_for_hand_over() if not page else None
                handed = len(page)
                if not page and self._unread:
                    self._unread = False  # (before the read: a notification from now on sets it again)
                    page = await self._read(reader, position + 1, 200)
                    if page:
                        self._unread = True  # (read again after a page, until a read finds nothing new)
                    else:
                        self._handed.clear()  # (not in the log yet as this connection sees it: read when notified)
                if page:  # in order, their acknowledgements awaited together (Publisher.events: a span per event)
                    await self._rt.publisher.events([(s.event, str(s.event.event_id), s.position) for s in page])
                    position = self._published_to = page[-1].position
                    self._waiting_since = None
                    self.published += len(page)
                    self.handed_published += handed
                    self._saved_later(position)
                    continue
                interval = common.relay_safety_interval_s if self.listening.is_set() else common.relay_interval_s
                try:  # (asyncio.timeout: no task per wait, as wait_for makes on Python 3.11: a turn of the loop less)
                    async with asyncio.timeout(interval if expected is None else expected):
                        await self._wake.wait()
                except TimeoutError:
                    if expected is None:
                        self._unread = True
                    # (else the next round reads, if the hand-over is still missing: _waited_for_hand_over)
        finally:
            if reader is not None:
                await reader.close()
            saver, self._saver = self._saver, None
            if saver is not None:  # (its error: the next life re-publishes from the saved position)
                await asyncio.gather(saver, return_exceptions=True)
            if self._stop.is_set():  # stopping: the latest published position, when the store answers at once
                with contextlib.suppress(Exception):
                    await self._in_thread(self._save, self._to_save, 2.0)

    async def _open_reader(self) -> psycopg.AsyncConnection[Any] | None:
        """The relay's own asynchronous connection for reading the log (None: the store is not PostgreSQL, read
        on the relay's thread)."""
        if self._rt.runs.log_query() is None:
            return None
        return await psycopg.AsyncConnection.connect(self._rt.endpoints.database_url, autocommit=True,
                                                     row_factory=dict_row)

    async def _read(self, reader: psycopg.AsyncConnection[Any] | None, start: int, limit: int) -> list[StoredEvent]:
        """The stored events from global position ``start`` on, at most ``limit`` (see the class)."""
        runs = self._rt.runs
        if reader is None:
            return await self._in_thread(runs.read_log, start, limit)
        cur = await reader.execute(runs.log_query(), (start, limit), prepare=True)  # type: ignore[arg-type]
        rows = await cur.fetchall()
        if len(rows) > self.DECODE_INLINE_MAX:
            return await self._in_thread(runs.decode_log, rows)
        return runs.decode_log(rows)

    def stop(self) -> None:
        """Ask ``run`` to return after the current page."""
        self._stop.set()
        self._wake.set()


class Heartbeat:
    """The liveness of a long-running task: ``beats`` counts its rounds, ``last`` is when it last beat
    (``time.monotonic()`` seconds; 0.0 before the first), ``restarts`` counts the errors it was restarted after
    and ``last_error`` names the latest ("Type: message", "" before any)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.beats = 0
        self.last = 0.0
        self.restarts = 0
        self.last_error = ""

    def beat(self) -> None:
        """One round done."""
        self.beats += 1
        self.last = time.monotonic()

    def age_s(self) -> float:
        """Seconds since the last beat (infinity before the first)."""
        return time.monotonic() - self.last if self.last else math.inf


async def pause_until_stopped(stop: asyncio.Event, seconds: float) -> None:
    """Wait ``seconds`` (a loop's pause between sweeps or re-connects), returning at once when ``stop`` is set."""
    try:
        await asyncio.wait_for(stop.wait(), timeout=seconds)
    except TimeoutError:
        pass


async def supervise(heartbeat: Heartbeat, body: Callable[[], Awaitable[None]], stop: asyncio.Event, *,
                    first_pause_s: float = 0.1, max_pause_s: float = 5.0) -> None:
    """Run ``body`` until ``stop`` is set, restarting it whenever it raises (anything but cancellation): the
    error is logged with its traceback, counted in ``heartbeat`` and followed by a pause that doubles from
    ``first_pause_s`` to ``max_pause_s`` (back to the first after a round that beat). Returns when ``stop`` is set
    (or ``body`` returns with it set)."""
    pause = first_pause_s
    while not stop.is_set():
        beats = heartbeat.beats
        try:
            await body()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 (the supervisor outlives any error; logged and counted)
            heartbeat.restarts += 1
            heartbeat.last_error = f"{exc.__class__.__name__}: {first_line(exc)}"
            log.exception("%s failed (restart %d); starting again in %.1f s", heartbeat.name, heartbeat.restarts, pause)
        if stop.is_set():
            return
        pause = first_pause_s if heartbeat.beats > beats + 1 else pause
        await pause_until_stopped(stop, pause)
        pause = min(pause * 2, max_pause_s)


def migrate_when_ready(endpoints: Endpoints, *, wait_s: float) -> None:
    """``migrate`` once PostgreSQL accepts connections: a process started while the server restarts ("the database
    system is starting up", connection refused) waits with a doubling pause (0.5 s to 5 s) for up to ``wait_s``
    seconds instead of exiting (the fault suite found a relay process restarted during a PostgreSQL restart exit at
    start, leaving its runs unpublished).

    Raises: psycopg.OperationalError, the last one, when the server still does not answer after ``wait_s``.
    """
    from tenacity import Retrying, retry_if_exception_type, stop_after_delay, wait_exponential

    def warn(state: Any) -> None:
        log.warning("PostgreSQL is not ready at start (%s); trying again", first_line(state.outcome.exception()))

    for attempt in Retrying(retry=retry_if_exception_type(psycopg.OperationalError),
                            stop=stop_after_delay(wait_s), wait=wait_exponential(multiplier=0.5, max=5.0),
                            before_sleep=warn, reraise=True):
        with attempt:
            migrate(endpoints)
