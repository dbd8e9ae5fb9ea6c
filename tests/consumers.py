"""Waiting on JetStream consumers in tests (a fact to wait on, never a sleep)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import nats
from nats.js.errors import NotFoundError


async def wait_consumed(nats_url: str, stream: str, durable: str, want: int, timeout_s: float = 30.0) -> Any:
    """Wait until durable consumer ``durable`` of ``stream`` has made ``want`` deliveries (redeliveries count)
    and has no message pending or awaiting its acknowledgement. Returns its ``ConsumerInfo``.
    Raises: AssertionError naming the consumer's state after ``timeout_s`` seconds."""
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        deadline = time.monotonic() + timeout_s
        info: Any = None
        while time.monotonic() < deadline:
            try:
                info = await js.consumer_info(stream, durable)
                if (info.delivered.consumer_seq or 0) >= want and not info.num_pending and not info.num_ack_pending:
                    return info
            except NotFoundError:
                pass
            await asyncio.sleep(0.05)
        raise AssertionError(f"{stream}/{durable}: not consumed after {timeout_s:.0f} s: {info}")
    finally:
        await nc.close()
