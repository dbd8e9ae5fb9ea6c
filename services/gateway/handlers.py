"""What the gateway does on the bus and in the event store: start a run, cancel a run. It never runs a stage.

``start_run`` records who asked (``gateway_runs``) and publishes ``RunRequested`` on ``assay.cmd.run.v1``, exactly
what any NATS client may do; the planner picks it up. ``cancel`` ends a run through the shared cancel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal
from uuid import UUID

from contracts import RunRequested
from services.gateway.keys import Principal, owner_of, record_owner, requested
from shared.errors import RunNotFound
from shared.runtime import Runtime
from shared.store import cancel_run

log = logging.getLogger("assay.gateway")
#: the reason a cancelled run is recorded with
CANCELLED = "cancelled"


async def start_run(rt: Runtime, principal: Principal, request: RunRequested, *,
                    before_publish: Callable[[], Awaitable[Any]] | None = None) -> bool:
    """Record that ``principal`` starts run ``request.run_id`` and publish the request on the bus.
    ``before_publish`` (e.g. recording the run's ``RecheckPlanned``) is awaited once the caller's ownership is
    recorded, just before the request is published.

    Returns: True when the run is new; False when this principal had already requested this run id with the same
    body (the request is published again, which JetStream and the store de-duplicate). Raises: ValueError when the
    run id belongs to another principal, to a run started outside the gateway, or was requested with another body; BusUnavailable when NATS stays unreachable.
    """
    body = request.model_dump(mode="json")
    recorded, key_id = await asyncio.to_thread(owner_of, rt.pool, request.run_id)
    new = False
    if not recorded:
        if await asyncio.to_thread(rt.runs.exists, request.run_id):  # started outside the gateway
            raise ValueError(f"run id {request.run_id} is already used")
        new = await asyncio.to_thread(record_owner, rt.pool, request.run_id, principal, body)
        if not new:  # another request took the id meanwhile
            recorded, key_id = await asyncio.to_thread(owner_of, rt.pool, request.run_id)
    if not new and key_id != principal.key_id:
        raise ValueError(f"run id {request.run_id} is already used")
    if not new:
        stored = await asyncio.to_thread(requested, rt.pool, request.run_id)
        if stored is not None and stored != body:
            raise ValueError(f"run id {request.run_id} was already requested with a different body; "
                             "send the same body to retry, or a fresh run_id for a new run")
    if before_publish is not None:
        await before_publish()
    await rt.publisher.command(request, str(request.run_id))
    log.info("run %s requested by %s", request.run_id, principal.name)
    return new


def cancel(rt: Runtime, run_id: UUID) -> Literal["cancelled", "finished", "unknown"]:
    """Cancel run ``run_id`` through the shared cancel (``shared.store.cancel_run``: ``RunCancelled`` with reason
    ``cancelled``; every stage then drops the run's remaining work) unless it has ended already. A run the gateway
    requested that no planner has started yet is started and cancelled at once, so the planner finds it ended.

    Returns: ``cancelled`` (recorded now), ``finished`` (it had already ended) or ``unknown`` (no such run).
    Raises: StoreUnavailable, ConcurrencyConflict.
    """
    try:
        done = cancel_run(rt.runs, run_id, CANCELLED)
    except RunNotFound:
        body = requested(rt.pool, run_id)
        if body is None:
            return "unknown"
        rt.runs.start_run(RunRequested.model_validate(body))  # False if the planner got there first: fine
        done = cancel_run(rt.runs, run_id, CANCELLED)
    return "cancelled" if done else "finished"
