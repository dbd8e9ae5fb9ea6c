"""Messages JetStream gave up on without a handler's verdict become dead letters too.

The bus's error policy dead-letters every message whose handler raised (``shared.bus.build_error_policy``). A
message whose handler never finished (its process killed on every delivery, a handler outliving ``ack_wait`` each
time) reaches the consumer's ``max_deliver`` with no error seen by any handler: JetStream then stops delivering
it and publishes a max-deliveries advisory (``$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.<stream>.<consumer>``).
``MaxDeliveriesWatcher`` listens for those advisories, reads the message from its stream by sequence number,
dead-letters it with the reason (``Runtime.record_rejection``) and fails its run, so nothing is lost silently.

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
    from shared.runtime import Runtime

log = logging.getLogger("assay.deadletters")

ADVISORY_SUBJECT = "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.>"


def max_deliveries_reason(consumer: str, deliveries: int) -> str:
    """The dead letter's reason for a message JetStream stopped delivering to ``consumer``."""
    return (f"gave up after {deliveries} deliveries without an acknowledgement (consumer {consumer}: the handler "
            f"never finished: its process stopped or it outlived ack_wait each time)")


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
                if run_id is not None and not consumer.startswith("indexer--"):
                    try:
                        await asyncio.to_thread(self._rt.runs.fail_run, run_id, stage_of(subject), reason)
                    except (RunNotFound, RunFinished):
                        pass
                self.recorded += 1
                log.error("dead-lettered %s seq %d on %s: %s", stream, seq, subject, reason)
                return
            except Exception as exc:  # noqa: BLE001 (retried below; the message stays in its stream)
                log.warning("max-deliveries advisory for %s seq %d not recorded yet: %s", stream, seq, exc)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 10.0)
        log.error("max-deliveries advisory for %s seq %d could not be recorded", stream, seq)
