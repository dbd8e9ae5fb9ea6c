"""A replica holds no message it cannot start (``shared.consumers``): while one replica's workers are all busy,
the next messages stay on the stream, where another replica's free workers take them (FastStream's own fetch loop
would hold one more, waiting for a worker, until the busy replica freed one); each message is handled once, with
single and batch fetches alike."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from uuid import UUID, uuid4

import nats
import pytest

from contracts import VerifyClaim
from shared.bus import consumer_kwargs
from shared.runtime import Runtime
from tests.conftest import make_settings

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


async def _until(check: Callable[[], bool], what: str, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"not {what} after {timeout_s:.0f} s")


@pytest.mark.parametrize("fetch_batch", [1, 8])
async def test_a_busy_replica_leaves_the_next_messages_to_a_free_one(tmp_path: Path, nats_url: str,
                                                                     database_url: str, fetch_batch: int) -> None:
    busy_settings = make_settings(tmp_path / "a", nats_url, database_url, unit_workers=2, fetch_batch=fetch_batch)
    free_settings = make_settings(tmp_path / "b", nats_url, database_url, unit_workers=4, fetch_batch=fetch_batch)
    busy, free = Runtime.open(busy_settings), Runtime.open(free_settings)
    release = asyncio.Event()
    running: list[UUID] = []
    by_busy: list[UUID] = []
    by_free: list[UUID] = []
    nc = await nats.connect(nats_url)
    try:
        @busy.broker.subscriber(VerifyClaim.SUBJECT, **consumer_kwargs(busy_settings.common, "verifier", VerifyClaim))
        async def on_verify_busy(body: VerifyClaim) -> None:
            running.append(body.claim_id)
            await release.wait()
            by_busy.append(body.claim_id)

        @free.broker.subscriber(VerifyClaim.SUBJECT, **consumer_kwargs(free_settings.common, "verifier", VerifyClaim))
        async def on_verify_free(body: VerifyClaim) -> None:
            by_free.append(body.claim_id)

        await busy.broker.start()
        claims = [uuid4() for _ in range(6)]
        for claim in claims:
            await busy.publisher.command(VerifyClaim(run_id=uuid4(), claim_id=claim), str(claim))
        await _until(lambda: len(running) == 2, "two handlers running in the busy replica")
        await free.broker.start()  # the second replica, on the same durable consumer
        await _until(lambda: len(by_free) == 4, "the four other messages handled by the free replica")
        assert not by_busy  # (the busy replica's two are still running)
        release.set()
        await _until(lambda: len(by_busy) == 2, "the busy replica's two handled")
        assert sorted(by_busy + by_free) == sorted(claims) and set(by_busy) == set(running)  # each once
        info = await nc.jetstream().consumer_info(busy_settings.common.command_stream,
                                                  consumer_kwargs(busy_settings.common, "verifier",
                                                                  VerifyClaim)["durable"])
        assert info.num_ack_pending == 0 and info.num_pending == 0
    finally:
        await nc.close()
        for rt in (busy, free):
            await rt.broker.stop()
            rt.close()
