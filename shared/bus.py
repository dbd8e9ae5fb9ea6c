"""The bus: FastStream on NATS JetStream.

- Two streams: ``ASSAY_EVT`` (``assay.evt.>``, the relayed event log) and ``ASSAY_CMD`` (``assay.cmd.>``,
  work units). Both de-duplicate on ``Nats-Msg-Id`` within ``dedup_window_s``.
- Every subscriber is a durable pull consumer whose name is shared by all replicas of a service, so the
  replicas split the work (``durable_name(service, contract)``).
- ``ErrorPolicy`` is the one place that maps errors to acknowledgement (see ``shared.errors``): a
  malformed or unknown-version message is rejected and recorded with its reason (``MessageRejected``);
  a transient error (``TransientError``, or a PostgreSQL connection/serialization error that escaped the
  store's own retries) is nacked for redelivery, waiting longer after each delivery, and on the message's last
  delivery (``max_deliver``) is dead-lettered with a reason naming what stayed down; any other error is retried a
  few times and then dead-lettered with the stage and reason. A dead-lettered unit of a run is settled in its run
  (``SettleFn``: the unit recorded as failed, the run partial with the reason; only a run-level step with no way
  forward fails the run), so no run hangs silently and the worker keeps consuming.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, TypedDict
from uuid import UUID, uuid5

from faststream import AckPolicy
from faststream._internal.middlewares import BaseMiddleware
from faststream.nats import JStream, NatsBroker, PullSub
from nats.errors import NoRespondersError
from nats.js.api import ConsumerConfig
from nats.js.errors import NoStreamResponseError
from pydantic import ValidationError
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from contracts import ALL_CONTRACTS, Contract, MalformedMessage, MessageRejected, decode
from shared.db import TRANSIENT_DB_ERRORS, first_line
from shared.docstore import clean_text
from shared.errors import (
    BusUnavailable,
    ConcurrencyConflict,
    PermanentError,
    RunFinished,
    RunNotFound,
    StoreUnavailable,
    TransientError,
)
from shared.metrics import observe_handled
from shared.redact import redact
from shared.settings import CommonSettings
from shared.tracing import consumer_span, inject_headers, producer_span, tracing_on

log = logging.getLogger("assay.bus")
REJECTION_NS = UUID("5b0e6f3c-3f0a-4c55-9d8c-7f7d0c1e2a10")

# (subject, body bytes, reason, run id) -> record it
RejectFn = Callable[[str, bytes, str, UUID | None], Awaitable[None]]
# (subject, service, body bytes, reason, run id) -> settle the dead-lettered unit in its run
# (``shared.deadletters.settle_dead_letter``: the unit failed and the run partial, or the run failed)
SettleFn = Callable[[str, str, bytes, str, UUID], Awaitable[None]]


#: errors a redelivery may not meet: Assay's transient errors and PostgreSQL errors that escaped the store's retries
_RETRIED: tuple[type[Exception], ...] = (TransientError, *TRANSIENT_DB_ERRORS)

#: a publish that may succeed when tried again: no acknowledgement in time, no responder (JetStream restarting),
#: no response from the stream (its leader lost with a cluster node, a new one not yet elected)
_BUS_BUSY: tuple[type[Exception], ...] = (TimeoutError, NoRespondersError, NoStreamResponseError)

#: the header of a relayed event that carries its global position in the event log
POSITION_HEADER = "Assay-Position"


def event_stream(settings: CommonSettings) -> JStream:
    """The event stream: every relayed run event (``assay.evt.>``)."""
    return JStream(name=settings.event_stream, subjects=["assay.evt.>"], num_replicas=settings.stream_replicas,
                   duplicate_window=settings.dedup_window_s, max_age=30 * 24 * 3600.0)


def command_stream(settings: CommonSettings) -> JStream:
    """The command stream: work units (``assay.cmd.>``)."""
    return JStream(name=settings.command_stream, subjects=["assay.cmd.>"], num_replicas=settings.stream_replicas,
                   duplicate_window=settings.dedup_window_s, max_age=7 * 24 * 3600.0)


#: dead-lettered messages are published on ``assay.dlq.<original subject>``
DEAD_LETTER_PREFIX = "assay.dlq."
#: headers of a dead-lettered message: the subject it came on, why it was given up on, the rejection id
DEAD_LETTER_HEADERS = ("Assay-Subject", "Assay-Reason", "Assay-Rejection-Id")


async def ensure_dead_letter_stream(js: Any, settings: CommonSettings) -> None:
    """Create the dead-letter stream (``settings.dead_letter_stream``, ``assay.dlq.>``, 30 days, file storage,
    ``stream_replicas`` replicas) if it does not exist; ``js`` is a nats-py JetStream context."""
    from nats.js.api import StreamConfig
    from nats.js.errors import NotFoundError

    try:
        await js.stream_info(settings.dead_letter_stream)
    except NotFoundError:
        await js.add_stream(StreamConfig(name=settings.dead_letter_stream, subjects=[DEAD_LETTER_PREFIX + ">"],
                                         max_age=30 * 24 * 3600.0, num_replicas=settings.stream_replicas,
                                         duplicate_window=settings.dedup_window_s))


def nats_addresses(nats_url: str) -> list[tuple[str, str, int]]:
    """The (scheme, host, port) of every comma-separated address of ``nats_url`` (the port defaults to 4222 for
    nats/tls, 80 for ws, 443 for wss). Raises: ValueError for an address without a host."""
    from urllib.parse import urlsplit

    found: list[tuple[str, str, int]] = []
    for part in (u.strip() for u in nats_url.split(",")):
        if not part:
            continue
        url = urlsplit(part if "://" in part else f"nats://{part}")
        if not url.hostname:
            raise ValueError(f"no host in the NATS address {part!r}")
        default = {"ws": 80, "wss": 443}.get(url.scheme, 4222)
        found.append((url.scheme, url.hostname, url.port or default))
    return found


async def _nats_answers(scheme: str, host: str, port: int, timeout_s: float = 2.0) -> str | None:
    """None when a NATS server answers at ``host:port`` (its first bytes are ``INFO``; a websocket address only
    needs to accept the connection), else why not (one line)."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout_s)
    except (OSError, TimeoutError) as exc:
        return f"{exc.__class__.__name__}: {first_line(exc) or 'no answer'}"
    try:
        if scheme in ("ws", "wss"):
            return None
        try:
            first = await asyncio.wait_for(reader.readexactly(4), timeout_s)
        except (OSError, TimeoutError, asyncio.IncompleteReadError) as exc:
            return f"the port is open but sent no NATS greeting ({exc.__class__.__name__})"
        return None if first.upper() == b"INFO" else f"the port is open but is not a NATS server (sent {first!r})"
    finally:
        writer.close()
        try:
            await writer.wait_closed()
        except OSError:
            pass


async def start_broker(broker: NatsBroker, *, wait_s: float = 120.0, nats_url: str | None = None,
                       on_wait: Callable[[str], None] | None = None) -> None:
    """Start ``broker`` (connect, declare the streams, create the durable consumers), waiting out a bus that does
    not answer yet, for at most ``wait_s`` seconds in all (the configured outage deadline, ``outage_wait_s``).

    - With ``nats_url`` (the broker's comma-separated addresses), the addresses are first probed until one answers
      as a NATS server, logging ``waiting for NATS at host:port (attempt N)`` after each failed probe with a
      doubling pause (0.5 s to 5 s), so an unreachable address is a visible wait, not a silent one; ``on_wait``
      (if given) gets the same line (for a caller that reports what it waited for when stopped).
    - Then ``broker.start()`` is bounded by what is left of ``wait_s`` (the client itself would try forever). A
      server restarting or a cluster electing a new JetStream leader (``TimeoutError``, no responders, 503) is
      tried again after a doubling pause, and so is a start after which a subscriber's stream is not on the
      server (``StreamNotDeclared``: FastStream logs a refused declaration and goes on); each failed attempt is
      undone (the broker stopped, its streams marked to be declared again).

    Raises: BusUnavailable naming the address(es) and how long they stayed down once ``wait_s`` has passed.
    Cancelling the call (e.g. SIGTERM during start) stops the half-started broker first."""
    from nats.js.errors import NotFoundError, ServiceUnavailableError

    started = time.monotonic()
    deadline = started + wait_s
    pause = 0.5
    addresses = nats_addresses(nats_url) if nats_url else []
    where = ", ".join(f"{h}:{p}" for _, h, p in addresses) or "the configured NATS address"
    attempt = 0
    while addresses:
        attempt += 1
        reasons = [await _nats_answers(*a, timeout_s=min(2.0, max(deadline - time.monotonic(), 0.1)))
                   for a in addresses]
        if any(r is None for r in reasons):
            break
        line = f"waiting for NATS at {where} (attempt {attempt}): {reasons[-1]}"
        if on_wait is not None:
            on_wait(line)
        if time.monotonic() + pause > deadline:
            raise BusUnavailable(f"NATS at {where} stayed unreachable for {time.monotonic() - started:.0f} s "
                                 f"({attempt} attempts; last: {reasons[-1]})")
        log.warning("%s; next try in %.1f s", line, pause)
        await asyncio.sleep(pause)
        pause = min(pause * 2, 5.0)
    pause = 0.5
    while True:
        attempt += 1
        try:
            try:
                await asyncio.wait_for(start_together(broker), timeout=max(deadline - time.monotonic(), 5.0))
            except NotFoundError:  # a consumer of a stream whose declaration failed: say which stream
                await _streams_declared(broker)
                raise
            await _streams_declared(broker)
            return
        except (TimeoutError, NoRespondersError, NoStreamResponseError, ServiceUnavailableError,
                StreamNotDeclared) as exc:
            last = f"{exc.__class__.__name__}: {first_line(exc)}".rstrip(": ")
            if on_wait is not None:
                on_wait(f"waiting for NATS JetStream at {where} (attempt {attempt}): {last}")
            if time.monotonic() + pause > deadline:
                await _stop_quietly(broker)
                raise BusUnavailable(f"NATS JetStream at {where} did not start the streams and consumers within "
                                     f"{time.monotonic() - started:.0f} s ({attempt} attempts; last: {last})"
                                     ) from exc
            log.warning("the bus did not answer at start (%s); trying again in %.1f s", last, pause)
        except asyncio.CancelledError:
            await _stop_quietly(broker)
            raise
        await _stop_quietly(broker)
        builder = getattr(broker, "_stream_builder", None)  # FastStream marks a stream declared even on failure
        for stream, _subjects in getattr(builder, "objects", {}).values():
            stream.declare = True
        await asyncio.sleep(pause)
        pause = min(pause * 2, 5.0)


class StreamNotDeclared(Exception):
    """A stream the broker declares is not on the server after ``broker.start()``: FastStream logs a failed
    declaration and goes on (e.g. a cluster whose meta leader does not know all its peers yet refuses an R3 stream
    with "no suitable peers for placement, peer offline"), so the start is tried again."""


async def _streams_declared(broker: NatsBroker) -> None:
    """Raise StreamNotDeclared naming the first stream of ``broker``'s subscribers that the server does not have
    (one ``STREAM.INFO`` request a stream)."""
    from nats.js.errors import NotFoundError

    js = broker.config.connection_state.stream
    names = sorted({stream.name for stream in (getattr(sub, "stream", None) for sub in broker.subscribers) if stream})
    for name in names:
        try:
            await js.stream_info(name)
        except NotFoundError as exc:
            raise StreamNotDeclared(f"stream {name} was not created (its declaration failed: see the log above)"
                                    ) from exc


async def start_together(broker: NatsBroker) -> None:
    """``broker.start()`` (connect, declare the streams, start the subscribers), its subscribers started together:
    each subscriber's start looks its durable consumer up on the server (a JetStream round trip; the whole stack has
    15), which FastStream awaits one after another; here they are in flight at once (issue 10: a new process's
    start). Returns once every subscriber has started. Raises what a subscriber's start raised (the other starts
    are cancelled; the caller stops the half-started broker, as after any failed start)."""
    subscribers = list(broker.subscribers)
    starting: list[asyncio.Task[None]] = []

    def deferred(start: Callable[[], Awaitable[None]]) -> Callable[[], Awaitable[None]]:
        async def begin() -> None:  # what the broker awaits: the real start, begun as a task of its own
            starting.append(asyncio.ensure_future(start()))
        return begin

    for sub in subscribers:
        sub.start = deferred(sub.start)  # type: ignore[method-assign,assignment]  # for this call only (removed below)
    try:
        await broker.start()
        await asyncio.gather(*starting)
    except BaseException:
        for task in starting:
            task.cancel()
        raise
    finally:
        for sub in subscribers:
            vars(sub).pop("start", None)  # the class's own start again


async def _stop_quietly(broker: NatsBroker) -> None:
    try:
        await asyncio.shield(broker.stop())
    except Exception:  # noqa: BLE001 (half started: stopping what there is)
        pass


def durable_name(service: str, contract: type[Contract]) -> str:
    """The durable consumer shared by every replica of ``service`` for ``contract``'s subject."""
    return f"{service}--{contract.SUBJECT.replace('.', '-')}"


class ConsumerKwargs(TypedDict):
    """The ``subscriber`` keyword arguments :func:`consumer_kwargs` gives (typed, so the decorator stays typed)."""

    stream: JStream
    durable: str
    pull_sub: PullSub
    max_workers: int
    config: ConsumerConfig
    ack_policy: AckPolicy
    title: str
    description: str


def consumer_kwargs(settings: CommonSettings, service: str, contract: type[Contract], *,
                    ack_wait_s: float | None = None) -> ConsumerKwargs:
    """FastStream ``subscriber`` keyword arguments for a shared durable pull consumer of ``contract``.

    Work units (commands, and fetched sources for the extractor) are handled ``unit_workers`` at a time per
    process, so one slow unit (a page that never answers) does not hold up the others; other consumers
    ``event_workers`` at a time. ``ack_wait_s`` must exceed the longest a handler may take, or the message is
    redelivered while still in work.
    """
    is_command = contract.SUBJECT.startswith("assay.cmd.")
    stream = command_stream(settings) if is_command else event_stream(settings)
    unit = is_command or contract.SUBJECT == "assay.evt.source-fetched.v1"
    workers = settings.unit_workers if unit else settings.event_workers
    return {
        "stream": stream,
        "durable": durable_name(service, contract),
        # a fetch takes at most ``fetch_batch`` messages, and at most its free worker slots (``shared.consumers``);
        # then every message waiting, up to the free slots, in one more round trip
        "pull_sub": PullSub(batch_size=max(1, min(settings.fetch_batch, workers)), timeout=1.0),
        "max_workers": workers,
        "config": ConsumerConfig(ack_wait=ack_wait_s or settings.ack_wait_s, max_deliver=settings.max_deliver),
        "ack_policy": AckPolicy.REJECT_ON_ERROR,
        "title": f"{service}:{contract.__name__}",
        "description": (contract.__doc__ or "").strip().splitlines()[0],
    }


def stage_of(subject: str) -> str:
    """The pipeline stage a subject feeds (for RunFailed events)."""
    return {
        "assay.cmd.run.v1": "planner", "assay.cmd.search.v1": "gatherer", "assay.cmd.fetch.v1": "scraper",
        "assay.cmd.verify.v1": "verifier", "assay.evt.plan-created.v1": "gatherer",
        "assay.evt.sources-selected.v1": "scraper", "assay.evt.source-fetched.v1": "claim-extractor",
        "assay.evt.extraction-completed.v1": "verifier", "assay.evt.claims-verified.v1": "synthesizer",
        "assay.evt.report-synthesized.v1": "judge",
    }.get(subject, subject)


def rejection_for(subject: str, body: bytes, reason: str, run_id: UUID | None) -> MessageRejected:
    """The ``MessageRejected`` record for a refused message (deterministic id: same message, same id)."""
    digest = hashlib.sha256(body).hexdigest()
    preview = redact(body[:400].decode("utf-8", errors="replace").replace("\x00", "\ufffd"))
    return MessageRejected(
        rejection_id=uuid5(REJECTION_NS, f"{subject}:{digest}"), subject=subject,
        reason=redact(clean_text(reason))[:2000], body_sha256=digest, body_preview=preview, run_id=run_id,
    )



def redacted_body(body: bytes) -> bytes:
    """``body`` as kept in a dead letter: unchanged unless it holds a secret value or a key-shaped string, then
    its UTF-8 text (undecodable bytes replaced) with those redacted (``shared.redact``)."""
    text = body.decode("utf-8", errors="replace")
    cleaned = redact(text)
    return body if cleaned == text else cleaned.encode("utf-8")


def _deliveries(msg: Any) -> int:
    """How many times JetStream has delivered this message (1 on the first delivery; 1 when unknown)."""
    try:
        return int(msg.raw_message.metadata.num_delivered)
    except Exception:  # noqa: BLE001 (not a JetStream message: a first delivery)
        return 1


def transient_reason(exc: BaseException, deliveries: int) -> str:
    """The ``RunFailed`` reason for a transient error that lasted through every delivery: it names what stayed
    down (PostgreSQL, NATS JetStream, or the run's event stream kept conflicting) and the last error."""
    if isinstance(exc, (StoreUnavailable, BusUnavailable)):  # their messages name what stayed down
        detail = str(exc)
    elif isinstance(exc, ConcurrencyConflict):
        detail = f"the run's event stream kept conflicting: {exc}"
    elif isinstance(exc, TRANSIENT_DB_ERRORS):
        detail = f"PostgreSQL stayed unavailable: {exc.__class__.__name__}: {first_line(exc)}"
    else:
        detail = f"{exc.__class__.__name__}: {first_line(exc)}"
    return f"gave up after {deliveries} deliveries: {detail}"


def build_error_policy(reject: RejectFn, settle: SettleFn, *, max_deliver: int | None = None,
                       redelivery_delay_s: float = 2.0, outage_wait_s: float = 0.0, poison_deliveries: int = 3,
                       poison_delay_s: float = 0.5) -> type[BaseMiddleware]:
    """A FastStream middleware class applying Assay's error-to-acknowledgement policy around every handler.

    ``reject(subject, body, reason, run_id)`` dead-letters a message (``Runtime.record_rejection``: the
    rejected-message table, the dead-letter stream and ``MessageRejected``); ``settle(subject, service, body,
    reason, run_id)`` settles the dead-lettered unit in its run (``shared.deadletters.settle_dead_letter``: the unit
    recorded as failed so the run ends partial with the reason, or ``RunFailed`` for a run-level step with no way
    forward).

    - A malformed message (schema, JSON, version) or a ``PermanentError`` is dead-lettered at once: no
      redelivery can make it better.
    - A handler that keeps raising anything else (a bug, an unforeseen input: a "poison" message) is redelivered
      after ``poison_delay_s`` seconds, doubling, and on delivery ``poison_deliveries`` (or ``max_deliver``, the
      smaller) it is dead-lettered with "gave up after N deliveries: Type: message", and settled in the run it
      belongs to with that reason (the indexer's read-model consumers only dead-letter: a read model never
      changes a run). The worker keeps consuming throughout.
    - A transient error (PostgreSQL or NATS unavailable, a stale connection, a write conflict) is first waited
      out in place for up to ``outage_wait_s`` seconds: the handler is run again after a doubling pause (0.2 s
      to 2 s) while the message is kept (marked in progress, so it is not redelivered meanwhile). If the error
      outlasts that, the message is redelivered after ``redelivery_delay_s`` seconds, doubling with each
      delivery (at most 30 s); on delivery ``max_deliver`` (the consumer's limit; None: never) it is
      dead-lettered and settled in its run, with ``transient_reason`` (what stayed down). A run whose time budget
      runs out meanwhile is ended by the deadline sweeper (partial), and its waiting units are then dropped
      (``RunFinished``).
    - ``RunFinished`` (the run has ended): the message is acknowledged and its work dropped, nothing recorded.
    """
    budget = min(poison_deliveries, max_deliver) if max_deliver is not None else poison_deliveries

    async def call_waiting_out(call_next: Any, msg: Any, subject: str) -> Any:
        started = time.monotonic()
        pause = 0.2
        while True:
            try:
                return await call_next(msg)
            except _RETRIED as exc:
                if time.monotonic() - started + pause > outage_wait_s:
                    raise
                log.warning("transient error on %s, retrying in place in %.1f s: %s", subject, pause,
                            first_line(exc))
            try:
                await msg.raw_message.in_progress()  # keep the message: no redelivery while we wait
            except Exception:  # noqa: BLE001 (the bus may be what is down; the ack may then be late, harmless)
                pass
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)

    async def dead_letter(msg: Any, subject: str, body: bytes, reason: str, run_id: UUID | None, *,
                          settle_in_run: bool) -> None:
        """Record the dead letter (and settle it in its run); redeliver later when that cannot be recorded now."""
        try:
            await reject(subject, body, reason, run_id)
            if settle_in_run and run_id is not None:
                try:
                    await settle(subject, _service(msg, subject), body, reason, run_id)
                except (RunNotFound, RunFinished):  # never recorded, or already ended: the dead letter says it
                    pass
        except Exception:  # noqa: BLE001 (the store or the bus may be the cause; redeliver then)
            log.exception("could not dead-letter a message on %s; it will be redelivered", subject)
            await msg.nack(delay=2.0)
            return
        await msg.reject()

    async def handle(call_next: Any, msg: Any, subject: str, body: bytes, delivered: int) -> str:
        """Call the handler through the policy; returns the outcome (for the metrics and the span)."""
        try:
            await call_waiting_out(call_next, msg, subject)
            return "handled"
        except (ValidationError, MalformedMessage, RecursionError) as exc:
            reason = _reason(subject, body, exc)
            run_id = exc.run_id if isinstance(exc, MalformedMessage) else _run_id(body)
            log.warning("rejected message on %s: %s", subject, reason)
            await dead_letter(msg, subject, body, reason, run_id, settle_in_run=False)
            return "rejected"
        except _RETRIED as exc:
            run_id = _run_id(body)
            if max_deliver is not None and delivered >= max_deliver:
                reason = transient_reason(exc, delivered)
                log.error("transient error on %s lasted through %d deliveries; dead-lettered: %s", subject,
                          delivered, reason)
                await dead_letter(msg, subject, body, reason, run_id, settle_in_run=not _read_model(msg))
                return "dead-lettered"
            delay = min(redelivery_delay_s * 2 ** (delivered - 1), 30.0)
            log.warning("transient error on %s (delivery %d), will redeliver in %.1f s: %s", subject,
                        delivered, delay, exc)
            await msg.nack(delay=delay)
            return "redelivered"
        except RunFinished as exc:  # the run ended (completed, failed, cancelled): ack and drop its work
            log.info("dropped a message of an ended run on %s: %s", subject, exc)
            return "dropped"
        except PermanentError as exc:
            log.warning("permanent error on %s: %s", subject, exc)
            await dead_letter(msg, subject, body, f"{exc.__class__.__name__}: {exc}", _run_id(body),
                              settle_in_run=False)
            return "rejected"
        except Exception as exc:  # a bug or an unforeseen input: retry a few times, then dead-letter
            reason = f"{exc.__class__.__name__}: {first_line(exc)}"
            if delivered < budget:
                delay = min(poison_delay_s * 2 ** (delivered - 1), 30.0)
                log.warning("handler for %s failed (delivery %d of %d), will redeliver in %.1f s: %s",
                            subject, delivered, budget, delay, reason, exc_info=exc)
                await msg.nack(delay=delay)
                return "redelivered"
            log.exception("handler for %s failed on delivery %d; dead-lettered", subject, delivered)
            await dead_letter(msg, subject, body, f"gave up after {delivered} deliveries: {reason}",
                              _run_id(body), settle_in_run=not _read_model(msg))
            return "dead-lettered"

    class ErrorPolicy(BaseMiddleware):
        async def consume_scope(self, call_next: Any, msg: Any) -> Any:
            subject = str(getattr(msg.raw_message, "subject", ""))
            body = bytes(msg.body or b"")
            service = _service(msg, subject)
            delivered = _deliveries(msg)
            started = time.perf_counter()
            outcome = "error"
            run_id = _run_id(body) if tracing_on() else None  # (parsed only for a span)
            with consumer_span(service, subject, getattr(msg, "headers", None), run_id, delivered) as span:
                try:
                    outcome = await handle(call_next, msg, subject, body, delivered)
                finally:
                    span.set_attribute("assay.outcome", outcome)
                    observe_handled(service, subject, outcome, time.perf_counter() - started, delivered=delivered)
            return None

    return ErrorPolicy


def _service(msg: Any, subject: str) -> str:
    """The service that consumes the message: the durable consumer's prefix (``durable_name``), else the stage
    its subject feeds."""
    try:
        consumer = str(msg.raw_message.metadata.consumer or "")
    except Exception:  # noqa: BLE001 (not a JetStream message)
        consumer = ""
    return consumer.split("--")[0] if "--" in consumer else stage_of(subject)


def _read_model(msg: Any) -> bool:
    """Whether the message came through one of the indexer's read-model consumers (they never fail a run)."""
    try:
        return str(msg.raw_message.metadata.consumer).startswith("indexer--")
    except Exception:  # noqa: BLE001 (not a JetStream message)
        return False


def run_id_of(body: bytes) -> UUID | None:
    """The ``run_id`` field of a JSON message body (None when it has none or is unreadable)."""
    return _run_id(body)


def _run_id(body: bytes) -> UUID | None:
    try:
        value = json.loads(body).get("run_id")
        return UUID(str(value)) if value else None
    except (ValueError, AttributeError, TypeError, RecursionError):
        return None


def _reason(subject: str, body: bytes, exc: Exception) -> str:
    if isinstance(exc, MalformedMessage):
        return exc.reason
    if isinstance(exc, RecursionError):
        return "body is nested too deeply to parse"
    cls = ALL_CONTRACTS.get(subject)
    if cls is not None:
        try:
            decode(cls, body, subject)
        except MalformedMessage as better:
            return better.reason
    return str(exc).splitlines()[0]


#: seconds a page of relayed events waits for its acknowledgements before it is published one by one
EVENT_PAGE_ACK_S = 5.0

#: commands of one fan-out in flight at once (:func:`publish_commands`)
FAN_OUT_IN_FLIGHT = 64


async def publish_commands(commands: Any, items: Iterable[tuple[Contract, str]], *,
                           in_flight: int = FAN_OUT_IN_FLIGHT) -> int:
    """Publish a fan-out's commands, ``in_flight`` at a time, each awaiting its JetStream acknowledgement.

    ``commands``: a :class:`Publisher` (anything with ``async command(cmd, msg_id)``); ``items``: (command,
    deterministic message id) pairs. One after the other, a fan-out of N commands waits N acknowledgements in
    turn (240 claims: 0.3 s on a quiet machine, seconds under load) before its last unit can start; in flight
    together they cost about one round trip per ``in_flight`` commands. The stream's order between them is not
    promised (their units are independent). Returns how many were published.
    Raises: the first error of a publish that failed (``BusUnavailable`` after the publisher's own retries), once
    every other publish has ended: a redelivered fan-out publishes them all again, and the stream's
    de-duplication (``Nats-Msg-Id``) keeps each once.

    A :class:`Publisher` (anything with ``commands``) publishes them all at once instead, their acknowledgements
    awaited together (:meth:`Publisher.commands`), and falls back to this way when one fails."""
    pending = list(items)
    together = getattr(commands, "commands", None)
    if together is not None:
        await together(pending, in_flight=in_flight)
        return len(pending)
    return await _publish_each(commands, pending, in_flight=in_flight)


async def _publish_each(commands: Any, pending: list[tuple[Contract, str]], *, in_flight: int) -> int:
    """``commands.command`` for each of ``pending``, ``in_flight`` at a time (see :func:`publish_commands`)."""
    gate = asyncio.Semaphore(max(1, in_flight))

    async def one(cmd: Contract, msg_id: str) -> None:
        async with gate:
            await commands.command(cmd, msg_id)

    outcomes = await asyncio.gather(*(one(cmd, msg_id) for cmd, msg_id in pending), return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return len(pending)


async def publish_pending(js: Any, subject: str, payload: bytes, *, stream: str,
                          headers: dict[str, str]) -> asyncio.Future[Any]:
    """Publish ``payload`` on ``subject`` to JetStream stream ``stream`` with ``headers`` and return the future of its
    acknowledgement (a ``PubAck``), as nats-py's ``JetStreamContext.publish_async`` (``js``) does, but without the
    task it creates for every call: it waits for its in-flight semaphore through ``asyncio.wait_for``, which on
    Python 3.11 wraps the wait in a new task, so every publish took at least two turns of the event loop before its
    message left, and a page of N relayed events, or a fan-out of N commands, 2N turns behind every other ready
    callback of a busy process (issue 10: a hop's relay wait and command>unit). Here, while the semaphore is free,
    it is taken without waiting and the message leaves at once; otherwise (the in-flight limit reached, or before
    the context's first asynchronous publish) nats-py's own ``publish_async`` is used. Written against nats-py
    2.16 (pinned): when the context lacks the attributes it uses, nats-py's own is used too.
    Raises: what nats-py's publish raises (a closed connection...)."""
    from nats.js import api

    sem = getattr(js, "_publish_async_pending_semaphore", None)
    futures = getattr(js, "_publish_async_futures", None)
    completed = getattr(js, "_publish_async_completed_event", None)
    prefix = getattr(js, "_async_reply_prefix", None)
    nc = getattr(js, "_nc", None)
    if sem is None or futures is None or completed is None or not prefix or nc is None or sem.locked():
        return await js.publish_async(subject, payload, stream=stream, headers=headers)  # type: ignore[no-any-return]
    await sem.acquire()  # (free: taken without a suspension)
    token = nc._nuid.next()
    token.extend(secrets.token_hex(2).encode())
    inbox = prefix[:]
    inbox.extend(token)
    key = token.decode()
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

    def done(_: asyncio.Future[Any]) -> None:  # (as nats-py's: the in-flight entry and the semaphore released)
        futures.pop(key, None)
        if not futures:
            completed.set()
        sem.release()

    future.add_done_callback(done)
    futures[key] = future
    if completed.is_set():
        completed.clear()
    try:
        await nc.publish(subject, payload, reply=inbox.decode(), headers={**headers,
                                                                          api.Header.EXPECTED_STREAM: stream})
    except BaseException:
        future.cancel()
        raise
    return future


class Publisher:
    """Publishes contracts on JetStream with ``Nats-Msg-Id`` de-duplication.

    A publish whose acknowledgement times out, or that finds no responder or no stream response (JetStream busy
    or restarting, a stream leader lost with a cluster node), is tried again up to ``settings.publish_attempts``
    times, waiting ``publish_backoff_s`` seconds at first and doubling (at most 5 s): a slow bus is a wait, not a lost run. Repeating is safe because the stream drops a
    message whose ``Nats-Msg-Id`` it has seen within ``dedup_window_s``. Raises ``BusUnavailable`` (a
    ``TimeoutError`` and a ``TransientError``, naming the subject, the attempts and the last error) when every
    attempt failed.
    """

    def __init__(self, broker: NatsBroker, settings: CommonSettings) -> None:
        self._broker = broker
        self._settings = settings
        self._dead_letter_ready = False

    async def command(self, cmd: Contract, msg_id: str) -> None:
        """Publish a command; ``msg_id`` must be deterministic for the unit of work (e.g. the source id)."""
        await self._publish(cmd, cmd.SUBJECT, self._settings.command_stream, f"{cmd.SUBJECT}:{msg_id}")

    async def commands(self, items: Sequence[tuple[Contract, str]], *, in_flight: int = FAN_OUT_IN_FLIGHT) -> None:
        """Publish a fan-out's commands (command, message id as for :meth:`command`) all at once, their
        acknowledgements awaited together: the messages leave on the connection one after the other and N commands
        cost about one round trip, with none of the per-publish work of :meth:`command` (a retry policy, the
        broker's publish path) on the event loop between them. When any acknowledgement fails or is late
        (:data:`EVENT_PAGE_ACK_S`), they are published again through :meth:`command`, ``in_flight`` at a time, with
        its retries (the stream drops the copies it stored already by their ``Nats-Msg-Id``).
        Raises: BusUnavailable (as :meth:`command`), once every other publish has ended."""
        if not items:
            return
        futures: list[asyncio.Future[Any]] = []
        try:
            js = self._broker.config.connection_state.stream
            for cmd, msg_id in items:
                full_id = f"{cmd.SUBJECT}:{msg_id}"
                headers = {"content-type": "application/json", "Nats-Msg-Id": full_id, "correlation_id": full_id}
                inject_headers(headers)  # the trace context of the current span (traceparent), when tracing is on
                futures.append(await publish_pending(js, cmd.SUBJECT, cmd.model_dump_json().encode(),
                                                     stream=self._settings.command_stream, headers=headers))
            async with asyncio.timeout(EVENT_PAGE_ACK_S):  # (no task of its own, as wait_for makes)
                await asyncio.gather(*futures)
            return
        except Exception as exc:  # noqa: BLE001 (any failure: each again, with the retries)
            for fut in futures:
                fut.cancel()
            log.info("%d commands were not acknowledged together (%s: %s); publishing them one by one",
                     len(items), exc.__class__.__name__, first_line(exc))
        await _publish_each(self, list(items), in_flight=in_flight)

    async def event(self, evt: Contract, msg_id: str, *, position: int | None = None) -> None:
        """Publish an event (relayed from the store, or a ``MessageRejected`` record); ``position``, the event's
        global position in the event log, travels in the ``Assay-Position`` header (``POSITION_HEADER``) so a
        projection can record how far it has applied the log."""
        headers = {POSITION_HEADER: str(position)} if position is not None else {}
        await self._publish(evt, evt.SUBJECT, self._settings.event_stream, msg_id, headers)

    async def events(self, items: Sequence[tuple[Contract, str, int | None]]) -> None:
        """Publish relayed events (event, message id, global position) in their order, their acknowledgements
        awaited together: the messages leave on the connection one after the other (NATS keeps a connection's
        order, so the stream stores them in this order), and a page of N events costs about one round trip
        instead of N. When any acknowledgement fails or is late (:data:`EVENT_PAGE_ACK_S`), the page is published
        again one event at a time through :meth:`event` (its retries; the stream drops the copies it stored
        already by their ``Nats-Msg-Id``). Raises: BusUnavailable (as :meth:`event`)."""
        if not items:
            return
        futures: list[asyncio.Future[Any]] = []
        try:
            js = self._broker.config.connection_state.stream
            for evt, msg_id, position in items:
                headers = {"content-type": "application/json", "Nats-Msg-Id": msg_id, "correlation_id": msg_id}
                if position is not None:
                    headers[POSITION_HEADER] = str(position)
                with producer_span(f"relay {type(evt).__name__}", getattr(evt, "run_id", None), evt.SUBJECT):
                    inject_headers(headers)  # (each event's consumers are children of its own relay span)
                    futures.append(await publish_pending(js, evt.SUBJECT, evt.model_dump_json().encode(),
                                                         stream=self._settings.event_stream, headers=headers))
            async with asyncio.timeout(EVENT_PAGE_ACK_S):  # (no task of its own, as wait_for makes)
                await asyncio.gather(*futures)
            return
        except Exception as exc:  # noqa: BLE001 (any failure: the page again, one by one, with the retries)
            for fut in futures:
                fut.cancel()
            log.info("a page of %d events was not acknowledged together (%s: %s); publishing them one by one",
                     len(items), exc.__class__.__name__, first_line(exc))
        for evt, msg_id, position in items:
            with producer_span(f"relay {type(evt).__name__}", getattr(evt, "run_id", None), evt.SUBJECT):
                await self.event(evt, msg_id, position=position)

    async def dead_letter(self, subject: str, body: bytes, reason: str, rejection_id: UUID) -> int | None:
        """Publish a dead-lettered message's ``body`` (bytes, as received, already redacted) on
        ``assay.dlq.<subject>`` in the dead-letter stream (created if missing), with the headers
        ``DEAD_LETTER_HEADERS`` (subject, reason, rejection id); de-duplicated per rejection id and reason.
        Returns its sequence number in the stream (None if JetStream gave none). Raises: BusUnavailable."""
        if not self._dead_letter_ready:
            await ensure_dead_letter_stream(self._broker.config.connection_state.stream, self._settings)
            self._dead_letter_ready = True
        headers = {"Assay-Subject": subject, "Assay-Reason": " ".join(reason.split())[:1000],
                   "Assay-Rejection-Id": str(rejection_id)}
        digest = hashlib.sha256(reason.encode()).hexdigest()[:16]
        ack = await self._publish_raw(body, DEAD_LETTER_PREFIX + subject, self._settings.dead_letter_stream,
                                      f"dlq:{rejection_id}:{digest}", headers)
        return int(ack.seq) if ack is not None and getattr(ack, "seq", None) else None

    async def raw(self, subject: str, body: bytes, msg_id: str) -> None:
        """Publish ``body`` as it is on ``subject`` (a command or event subject: its stream), de-duplicated by
        ``msg_id`` (e.g. a dead letter's replay). Raises: BusUnavailable, ValueError (a subject of no stream)."""
        if subject.startswith("assay.cmd."):
            stream = self._settings.command_stream
        elif subject.startswith("assay.evt."):
            stream = self._settings.event_stream
        else:
            raise ValueError(f"{subject!r} is in no Assay stream (assay.cmd.> or assay.evt.>)")
        await self._publish_raw(body, subject, stream, msg_id, {})

    async def _publish(self, body: Contract, subject: str, stream: str, msg_id: str,
                       headers: dict[str, str] | None = None) -> None:
        await self._publish_raw(body.model_dump(mode="json"), subject, stream, msg_id, headers)

    async def _publish_raw(self, body: Any, subject: str, stream: str, msg_id: str,
                           headers: dict[str, str] | None = None) -> Any:
        headers = {**(headers or {}), "Nats-Msg-Id": msg_id}
        inject_headers(headers)  # the trace context of the current span (traceparent), when tracing is on
        retrying = AsyncRetrying(
            stop=stop_after_attempt(self._settings.publish_attempts),
            wait=wait_exponential(multiplier=self._settings.publish_backoff_s, max=5.0),
            retry=retry_if_exception_type(_BUS_BUSY),
            reraise=True,
        )
        started = time.monotonic()
        try:
            async for attempt in retrying:
                with attempt:
                    if attempt.retry_state.attempt_number > 1:
                        log.info("publish of %s on %s: attempt %d", msg_id, subject,
                                 attempt.retry_state.attempt_number)
                    return await self._broker.publish(body, subject, stream=stream, headers=headers)
        except _BUS_BUSY as exc:
            raise BusUnavailable(
                f"NATS JetStream stayed unavailable: publish of {msg_id} on {subject} failed "
                f"{self._settings.publish_attempts} attempts over {time.monotonic() - started:.1f} s, last error: "
                f"{exc.__class__.__name__}: {first_line(exc)}") from exc
        return None
