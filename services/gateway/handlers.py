"""What the gateway does on the bus and in the event store: start a run, cancel a run. It never runs a stage.

``start_run`` records who asked (``gateway_runs``) and publishes ``RunRequested`` on ``assay.cmd.run.v1``, exactly
what any NATS client may do; the planner picks it up. ``cancel_run`` ends a run through its aggregate.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Literal
from uuid import UUID

from contracts import RunRequested
from services.gateway.keys import Principal, owner_of, record_owner, requested
from shared.errors import RunNotFound
from shared.runtime import Runtime

log = logging.getLogger("assay.gateway")
#: the reason a cancelled run is recorded with
CANCELLED = "cancelled"


async def start_run(rt: Runtime, principal: Principal, request: RunRequested) -> bool:
    """Record that ``principal`` starts run ``request.run_id`` and publish the request on the bus.

    Returns: True when the run is new; False when this principal had already requested this run id (the request
    is published again, which JetStream and the store de-duplicate). Raises: ValueError when the run id belongs to
    another principal or to a run started outside the gateway; BusUnavailable when NATS stays unreachable.
    """
    body = request.model_dump(mode="json")
    new = await asyncio.to_thread(record_owner, rt.pool, request.run_id, principal, body)
    if not new:
        _, key_id = await asyncio.to_thread(owner_of, rt.pool, request.run_id)
        if key_id != principal.key_id:
            raise ValueError(f"run id {request.run_id} is already used")
    elif await asyncio.to_thread(rt.runs.exists, request.run_id):
        raise ValueError(f"run id {request.run_id} is already used")
    await rt.publisher.command(request, str(request.run_id))
    log.info("run %s requested by %s", request.run_id, principal.name)
    return new


def cancel_run(rt: Runtime, run_id: UUID) -> Literal["cancelled", "finished", "unknown"]:
    """Cancel run ``run_id``: record its end with reason ``cancelled`` (``RunFailed``, stage ``gateway``) unless it
    has finished already; the stages record nothing more for a finished run. A run the gateway requested that no
    planner has started yet is started and ended at once, so the planner finds it finished and does nothing.

    Returns: ``cancelled`` (recorded now), ``finished`` (it had already ended) or ``unknown`` (no such run).
    Raises: StoreUnavailable, ConcurrencyConflict.
    """
    try:
        done = rt.runs.fail_run(run_id, "gateway", CANCELLED)
    except RunNotFound:
        body = requested(rt.pool, run_id)
        if body is None:
            return "unknown"
        rt.runs.start_run(RunRequested.model_validate(body))  # False if the planner got there first: fine
        done = rt.runs.fail_run(run_id, "gateway", CANCELLED)
    return "cancelled" if done else "finished"
