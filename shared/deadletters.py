"""Messages JetStream gave up on without a handler's verdict become dead letters too.

The bus's error policy dead-letters every message whose handler raised (``shared.bus.build_error_policy``). A
message whose handler never finished (its process killed on every delivery, a handler outliving ``ack_wait`` each
time) reaches the consumer's ``max_deliver`` with no error seen by any handler: JetStream then stops delivering
it and publishes a max-deliveries advisory (``$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.<stream>.<consumer>``).
``MaxDeliveriesWatcher`` handles those advisories: it reads the message from its stream by sequence number,
dead-letters it with the reason (``Runtime.record_rejection``) and settles it in its run, so nothing is lost
silently.

Durable: the advisories of the command and event streams are kept in a stream of their own
(``advisory_stream_name``: ``<dead_letter_stream>_ADVISORIES``, 30 days, created by every service process at start,
``ensure_advisory_stream``), and the watchers consume it through one shared durable pull consumer
(``WATCHER_DURABLE``), acknowledging an advisory only once it is recorded. A notice sent while no watcher ran (the
indexer down, between restarts) waits in the stream and is handled when a watcher starts; one that cannot be
recorded now (the store down) is redelivered later; several watchers split the advisories, each handled once.

Settling (``settle_dead_letter``, for both paths): a dead-lettered unit of a run's fan-out (a sub-query's search,
a source's fetch or claim extraction, a claim's verification; the verifier's sending out of the claims, a domain
service's analysis, the judge's judgement) is recorded as that unit's failure with the reason
(``ResearchRuns.settle_dead_letter``: ``UnitDeadLettered`` beside ``SearchCompleted`` with no hits,
``SourceFailed``, the claim ``unverified``...), so the fan-in still completes and the run ends
``RunCompleted`` partial with the reason under "What is missing". Only a run-level step with no way forward (the
plan, the gatherer's or scraper's fan-out, the report) fails the run, with the reason.

The watcher runs in every process that runs the event relay (``Stack`` with ``relay=True``: the indexer,
``assay up``). A dead letter recorded twice (both paths, a redelivered advisory) is one row (same rejection id;
``times`` counts the repeats) and is settled in its run once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Any

from shared.bus import run_id_of, stage_of
from shared.errors import RunFinished, RunNotFound

if TYPE_CHECKING:
    from uuid import UUID

    from shared.runtime import Runtime
    from shared.settings import CommonSettings
    from shared.store import ResearchRuns

log = logging.getLogger("assay.deadletters")

ADVISORY_SUBJECT = "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.>"
#: the durable pull consumer of the advisory stream, shared by every watcher
WATCHER_DURABLE = "assay-max-deliveries"


def advisory_stream_name(common: CommonSettings) -> str:
    """The JetStream stream that keeps the max-deliveries advisories of Assay's streams."""
    return f"{common.dead_letter_stream}_ADVISORIES"


def advisory_subjects(common: CommonSettings) -> list[str]:
    """The advisory subjects of the command and event streams' consumers (``<prefix>.<stream>.<consumer>``)."""
    return [f"$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.{stream}.*"
            for stream in (common.command_stream, common.event_stream)]


async def ensure_advisory_stream(js: Any, common: CommonSettings) -> None:
    """Create the advisory stream (``advisory_stream_name``: ``advisory_subjects``, 30 days, file storage,
    ``stream_replicas`` replicas) if it does not exist; ``js`` is a nats-py JetStream context. From then on every
    max-deliveries advisory of the command and event streams is kept until a watcher acknowledges it.
    Raises: nats errors (the bus unavailable)."""
    from nats.js.api import StreamConfig
    from nats.js.errors import NotFoundError

    name = advisory_stream_name(common)
    try:
        await js.stream_info(name)
    except NotFoundError:
        await js.add_stream(StreamConfig(name=name, subjects=advisory_subjects(common), max_age=30 * 24 * 3600.0,
                                         num_replicas=common.stream_replicas))


def max_deliveries_reason(consumer: str, deliveries: int) -> str:
    """The dead letter's reason for a message JetStream stopped delivering to ``consumer``."""
    return (f"gave up after {deliveries} deliveries without an acknowledgement (consumer {consumer}: the handler "
            f"never finished: its process stopped or it outlived ack_wait each time)")


#: (subject, service or None for any) -> the kind of unit a dead letter of that subject is, and its key field
_UNITS: dict[tuple[str, str | None], tuple[str, str]] = {
    ("assay.cmd.search.v1", None): ("search", "sub_query_id"),
    ("assay.cmd.fetch.v1", None): ("fetch", "source_id"),
    ("assay.evt.source-fetched.v1", "claim-extractor"): ("extract", "source_id"),
    ("assay.cmd.verify.v1", None): ("verify", "claim_id"),
    ("assay.evt.extraction-completed.v1", "verifier"): ("verify-all", ""),
    ("assay.evt.report-synthesized.v1", "judge"): ("judge", ""),
}


def unit_of(subject: str, service: str, body: bytes) -> tuple[str, str]:
    """The unit a dead-lettered message of ``subject`` consumed by ``service`` (a durable consumer's prefix, e.g.
    ``scraper``) is: (kind, key) for ``ResearchRuns.settle_dead_letter``; ("run", "") for a run-level step; a
    domain service's message (``domain-*``) is its analysis, ("domain", "")."""
    if service.startswith("domain-"):
        return "domain", ""
    kind, field = _UNITS.get((subject, service), _UNITS.get((subject, None), ("run", "")))
    key = ""
    if field:
        try:
            key = str(json.loads(body).get(field) or "")
        except (ValueError, AttributeError, TypeError, RecursionError):
            key = ""
    return kind, key


def settle_dead_letter(runs: ResearchRuns, run_id: UUID, subject: str, service: str, body: bytes,
                       reason: str) -> str:
    """Settle a dead letter of run ``run_id`` in the run (see the module): the unit recorded as failed, or the run
    failed. ``service``: the consumer's service ("" when unknown: the stage ``subject`` feeds); the indexer's
    read-model consumers change no run. Returns what ``ResearchRuns.settle_dead_letter`` did ("unit", "run",
    "none"; "none" for a run that does not exist or has ended). Raises: StoreUnavailable, ConcurrencyConflict."""
    if service == "indexer":
        return "none"
    kind, key = unit_of(subject, service, body)
    stage = service or stage_of(subject)
    try:
        return runs.settle_dead_letter(run_id, kind=kind, key=key, stage=stage, reason=reason)
    except (RunNotFound, RunFinished):
        return "none"


class MaxDeliveriesWatcher:
    """Dead-letters the messages of ``rt``'s streams that JetStream stopped delivering (see the module).

    ``start`` makes sure the advisory stream and the shared durable consumer exist, then consumes the advisories in
    a supervised task (``heartbeat`` beats on every fetch; any error is logged and the consumer bound again after a
    pause); ``stop`` ends it. ``recorded`` counts the dead letters this watcher recorded; ``bound`` is set while
    its consumer is bound (tests wait on it)."""

    def __init__(self, rt: Runtime, *, batch: int = 10, retry_delay_s: float = 5.0) -> None:
        from shared.runtime import Heartbeat

        self._rt = rt
        self._batch = batch
        self._retry_delay_s = retry_delay_s
        self._psub: Any = None
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.heartbeat = Heartbeat("max-deliveries watcher")
        self.bound = asyncio.Event()
        self.recorded = 0

    async def start(self) -> None:
        """Bind the durable consumer (the broker must be connected) and consume in the background. A bus that does
        not answer yet is logged and the binding tried again in the background (never raises for it)."""
        from shared.runtime import supervise

        try:
            await self._bind()
        except Exception as exc:  # noqa: BLE001 (the supervised task binds again)
            log.warning("max-deliveries watcher not bound yet (tried again in the background): %s", exc)

        self._task = asyncio.create_task(supervise(self.heartbeat, self._consume, self._stop))

    async def stop(self) -> None:
        """Stop consuming (after the advisories in hand) and unbind."""
        self._stop.set()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        await self._unbind()

    async def _bind(self) -> None:
        from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
        from nats.js.errors import NotFoundError

        common = self._rt.settings.common
        js = self._rt.broker.connection.jetstream()
        await ensure_advisory_stream(js, common)
        stream = advisory_stream_name(common)
        try:
            await js.consumer_info(stream, WATCHER_DURABLE)
        except NotFoundError:
            await js.add_consumer(stream, ConsumerConfig(
                durable_name=WATCHER_DURABLE, ack_policy=AckPolicy.EXPLICIT, deliver_policy=DeliverPolicy.ALL,
                ack_wait=60.0, max_deliver=-1))
        self._psub = await js.pull_subscribe_bind(durable=WATCHER_DURABLE, stream=stream)
        self.bound.set()

    async def _unbind(self) -> None:
        self.bound.clear()
        if self._psub is not None:
            try:
                await self._psub.unsubscribe()
            except Exception:  # noqa: BLE001 (the connection may be closed already)
                pass
            self._psub = None

    async def _consume(self) -> None:
        """One life of the consumer: fetch advisories until stopped; acknowledge each once recorded, else ask for it
        again after ``retry_delay_s`` (an error of the bus ends this life: the supervisor binds again)."""
        from nats.errors import TimeoutError as NatsTimeout

        try:
            if self._psub is None:
                await self._bind()
            while not self._stop.is_set():
                self.heartbeat.beat()
                try:
                    msgs = await self._psub.fetch(self._batch, timeout=1.0)
                except (NatsTimeout, TimeoutError):
                    continue
                for msg in msgs:
                    if await self._handle(bytes(msg.data or b"")):
                        await msg.ack()
                    else:
                        await msg.nak(delay=self._retry_delay_s)
        except BaseException:
            await self._unbind()
            raise

    async def _handle(self, data: bytes) -> bool:
        """Dead-letter and settle the message one advisory names. Returns False when it could not be recorded now
        (to be tried again), True otherwise (recorded, or an advisory to drop: unreadable, another stream)."""
        common = self._rt.settings.common
        try:
            advisory = json.loads(data)
            stream, consumer = str(advisory["stream"]), str(advisory["consumer"])
            seq, deliveries = int(advisory["stream_seq"]), int(advisory.get("deliveries", 0))
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("unreadable max-deliveries advisory: %s", exc)
            return True
        if stream not in (common.command_stream, common.event_stream):
            return True
        try:
            stored = await self._rt.broker.connection.jetstream().get_msg(stream, seq)
            subject, body = str(stored.subject), bytes(stored.data or b"")
            reason = max_deliveries_reason(consumer, deliveries)
            run_id = run_id_of(body)
            await self._rt.record_rejection(subject, body, reason, run_id)
            if run_id is not None:
                service = consumer.split("--")[0] if "--" in consumer else ""
                await asyncio.to_thread(settle_dead_letter, self._rt.runs, run_id, subject, service, body, reason)
        except Exception as exc:  # noqa: BLE001 (kept in the advisory stream: redelivered later)
            from nats.js.errors import NotFoundError

            if isinstance(exc, NotFoundError):  # the message is gone from its stream (aged out): nothing to keep
                log.error("max-deliveries advisory for %s seq %d: the message is no longer in its stream", stream,
                          seq)
                return True
            log.warning("max-deliveries advisory for %s seq %d not recorded yet (tried again in %.0f s): %s",
                        stream, seq, self._retry_delay_s, exc)
            return False
        self.recorded += 1
        log.error("dead-lettered %s seq %d on %s: %s", stream, seq, subject, reason)
        return True
