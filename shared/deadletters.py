"""Messages JetStream gave up on without a handler's verdict become dead letters too.

The bus's error policy dead-letters every message whose handler raised (``shared.bus.build_error_policy``). A
message whose handler never finished (its process killed on every delivery, a handler outliving ``ack_wait`` each
time) reaches the consumer's ``max_deliver`` with no error seen by any handler: JetStream then stops delivering
it and publishes a max-deliveries advisory (``$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.<stream>.<consumer>``).
``MaxDeliveriesWatcher`` listens for those advisories, reads the message from its stream by sequence number,
dead-letters it with the reason (``Runtime.record_rejection``) and settles it in its run, so nothing is lost
silently.

Settling (``settle_dead_letter``, for both paths): a dead-lettered unit of a run's fan-out (a sub-query's search,
a source's fetch or claim extraction, a claim's verification; the verifier's sending out of the claims, a domain
service's analysis, the judge's judgement) is recorded as that unit's failure with the reason
(``ResearchRuns.settle_dead_letter``: ``UnitDeadLettered`` beside ``SearchCompleted`` with no hits,
``SourceFailed``, the claim ``unverified``...), so the fan-in still completes and the run ends
``RunCompleted`` partial with the reason under "What is missing". Only a run-level step with no way forward (the
plan, the gatherer's or scraper's fan-out, the report) fails the run, with the reason.

It runs in every process that runs the event relay (``Stack`` with ``relay=True``: the indexer, ``assay up``).
Several watchers record the same dead letter once (same rejection id; ``times`` counts the repeats).
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
    from shared.store import ResearchRuns

log = logging.getLogger("assay.deadletters")

ADVISORY_SUBJECT = "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.>"


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
    ``start`` subscribes on the runtime's broker connection (re-subscribed by the client after a reconnect);
    ``stop`` unsubscribes; ``recorded`` counts the dead letters this watcher recorded."""

    def __init__(self, rt: Runtime) -> None:
        self._rt = rt
        self._sub: Any = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.recorded = 0

    async def start(self) -> None:
        """Subscribe to the max-deliveries advisories (the broker must be connected)."""
        self._sub = await self._rt.broker.connection.subscribe(ADVISORY_SUBJECT, cb=self._on_advisory)

    async def stop(self) -> None:
        """Unsubscribe and wait for the advisories in hand."""
        if self._sub is not None:
            try:
                await self._sub.unsubscribe()
            except Exception:  # noqa: BLE001 (the connection may be closed already)
                pass
            self._sub = None
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _on_advisory(self, msg: Any) -> None:
        task = asyncio.create_task(self._handle(msg.data))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _handle(self, data: bytes) -> None:
        common = self._rt.settings.common
        try:
            advisory = json.loads(data)
            stream, consumer = str(advisory["stream"]), str(advisory["consumer"])
            seq, deliveries = int(advisory["stream_seq"]), int(advisory.get("deliveries", 0))
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("unreadable max-deliveries advisory: %s", exc)
            return
        if stream not in (common.command_stream, common.event_stream):
            return
        pause = 0.5
        for _ in range(8):  # the store or the bus may be down for a moment: try again, then log
            try:
                stored = await self._rt.broker.connection.jetstream().get_msg(stream, seq)
                subject, body = str(stored.subject), bytes(stored.data or b"")
                reason = max_deliveries_reason(consumer, deliveries)
                run_id = run_id_of(body)
                await self._rt.record_rejection(subject, body, reason, run_id)
                if run_id is not None:
                    service = consumer.split("--")[0] if "--" in consumer else ""
                    await asyncio.to_thread(settle_dead_letter, self._rt.runs, run_id, subject, service, body,
                                            reason)
                self.recorded += 1
                log.error("dead-lettered %s seq %d on %s: %s", stream, seq, subject, reason)
                return
            except Exception as exc:  # noqa: BLE001 (retried below; the message stays in its stream)
                log.warning("max-deliveries advisory for %s seq %d not recorded yet: %s", stream, seq, exc)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 10.0)
        log.error("max-deliveries advisory for %s seq %d could not be recorded", stream, seq)
