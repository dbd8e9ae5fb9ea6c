"""A JetStream publish that times out is tried again (real nats-server, paused with SIGSTOP).

The server is frozen before a command is published, so the publish's acknowledgement times out; it is resumed
once the publisher has logged its second attempt. The command must then be in the stream exactly once (the
retries share one ``Nats-Msg-Id``). With too few attempts the last ``TimeoutError`` reaches the caller.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path
from uuid import uuid4

import nats
import pytest
import pytest_asyncio
from faststream.nats import NatsBroker

from contracts import VerifyClaim
from shared.bus import Publisher, publish_commands
from shared.launcher import start_nats
from shared.settings import CommonSettings

pytestmark = [pytest.mark.nats]


@pytest_asyncio.fixture
async def paused_nats(tmp_path: Path) -> AsyncIterator[tuple[str, int]]:
    """A JetStream server with the command stream, yielding (url, pid); resumed and killed at the end."""
    url, pid = start_nats(tmp_path / "nats")
    nc = await nats.connect(url)
    js = nc.jetstream()
    await js.add_stream(name="ASSAY_CMD", subjects=["assay.cmd.>"], duplicate_window=600.0)
    await nc.close()
    try:
        yield url, pid
    finally:
        for sig in (signal.SIGCONT, signal.SIGKILL):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass


def _freeze(pid: int) -> None:
    """SIGSTOP the server and wait until the kernel reports every one of its threads stopped ("T")."""
    os.kill(pid, signal.SIGSTOP)
    deadline = time.monotonic() + 10
    while True:
        states = {(t / "stat").read_text().rsplit(")", 1)[1].split()[0]
                  for t in Path(f"/proc/{pid}/task").iterdir()}
        if states <= {"T", "t"}:
            return
        assert time.monotonic() < deadline, f"nats-server {pid} not stopped: thread states {states}"
        time.sleep(0.01)


async def _stream_messages(url: str) -> int:
    nc = await nats.connect(url)
    try:
        info = await nc.jetstream().stream_info("ASSAY_CMD")
        return int(info.state.messages)
    finally:
        await nc.close()


def _settings(tmp_path: Path, url: str, attempts: int) -> CommonSettings:
    return CommonSettings(_env_file=None, data_dir=tmp_path / "data", nats_url=url,  # type: ignore[call-arg]
                          database_url="postgresql://unused", publish_attempts=attempts, publish_backoff_s=0.2)


async def test_a_publish_that_times_out_is_retried_and_lands_once(
        paused_nats: tuple[str, int], tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    url, pid = paused_nats
    broker = NatsBroker(url)
    await broker.connect()
    publisher = Publisher(broker, _settings(tmp_path, url, attempts=20))
    cmd = VerifyClaim(run_id=uuid4(), claim_id=uuid4())
    caplog.set_level(logging.INFO, logger="assay.bus")
    _freeze(pid)
    task = asyncio.create_task(publisher.command(cmd, str(cmd.claim_id)))
    deadline = time.monotonic() + 30
    while not any("attempt 2" in r.getMessage() for r in caplog.records):
        assert time.monotonic() < deadline, "the publisher never tried a second time"
        assert not task.done(), "the publish finished while the server was frozen"
        await asyncio.sleep(0.05)
    os.kill(pid, signal.SIGCONT)
    await asyncio.wait_for(task, timeout=30)
    await broker.stop()
    assert await _stream_messages(url) == 1


async def test_a_publish_that_never_lands_raises_the_timeout(
        paused_nats: tuple[str, int], tmp_path: Path) -> None:
    url, pid = paused_nats
    broker = NatsBroker(url)
    await broker.connect()
    publisher = Publisher(broker, _settings(tmp_path, url, attempts=2))
    cmd = VerifyClaim(run_id=uuid4(), claim_id=uuid4())
    _freeze(pid)
    try:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(publisher.command(cmd, str(cmd.claim_id)), timeout=30)
    finally:
        os.kill(pid, signal.SIGCONT)
    await broker.stop()


class _Counting:
    """The real publisher, counting how many of its publishes are in flight at once."""

    def __init__(self, publisher: Publisher) -> None:
        self._publisher = publisher
        self.now = 0
        self.most = 0

    async def command(self, cmd: VerifyClaim, msg_id: str) -> None:
        self.now += 1
        self.most = max(self.most, self.now)
        try:
            await self._publisher.command(cmd, msg_id)
        finally:
            self.now -= 1


async def test_a_fan_out_publishes_in_flight_together_each_once(paused_nats: tuple[str, int], tmp_path: Path) -> None:
    url, _pid = paused_nats
    broker = NatsBroker(url)
    await broker.connect()
    counting = _Counting(Publisher(broker, _settings(tmp_path, url, attempts=3)))
    run_id = uuid4()
    cmds = [VerifyClaim(run_id=run_id, claim_id=uuid4()) for _ in range(120)]
    items = [(c, str(c.claim_id)) for c in cmds]
    assert await publish_commands(counting, items, in_flight=16) == 120
    assert 1 < counting.most <= 16
    assert await publish_commands(counting, items[:50], in_flight=16) == 50  # a redelivered fan-out: de-duplicated
    await broker.stop()
    assert await _stream_messages(url) == 120


async def test_a_publishers_fan_out_is_published_at_once_each_once(paused_nats: tuple[str, int],
                                                                   tmp_path: Path) -> None:
    """A real publisher's fan-out goes out at once, acknowledgements awaited together (``Publisher.commands``),
    under the same message ids as one by one: commands published one by one before, and a redelivered fan-out,
    are each kept once; a consumer reads them as the commands they are."""
    url, _pid = paused_nats
    broker = NatsBroker(url)
    await broker.connect()
    publisher = Publisher(broker, _settings(tmp_path, url, attempts=3))
    run_id = uuid4()
    cmds = [VerifyClaim(run_id=run_id, claim_id=uuid4()) for _ in range(120)]
    items = [(c, str(c.claim_id)) for c in cmds]
    for cmd, msg_id in items[:10]:
        await publisher.command(cmd, msg_id)
    assert await publish_commands(publisher, items) == 120
    assert await publish_commands(publisher, items[:50]) == 50  # a redelivered fan-out: de-duplicated
    await broker.stop()
    assert await _stream_messages(url) == 120
    nc = await nats.connect(url)
    try:
        sub = await nc.jetstream().pull_subscribe("assay.cmd.verify.v1", durable="check", stream="ASSAY_CMD")
        got = await sub.fetch(120, timeout=5)
        assert sorted(VerifyClaim.model_validate_json(m.data).claim_id for m in got) == sorted(
            c.claim_id for c in cmds)
    finally:
        await nc.close()


async def test_a_fan_out_whose_publish_never_lands_raises_after_the_others(
        paused_nats: tuple[str, int], tmp_path: Path) -> None:
    url, pid = paused_nats
    broker = NatsBroker(url)
    await broker.connect()
    publisher = Publisher(broker, _settings(tmp_path, url, attempts=2))
    cmds = [VerifyClaim(run_id=uuid4(), claim_id=uuid4()) for _ in range(3)]
    _freeze(pid)
    try:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(publish_commands(publisher, [(c, str(c.claim_id)) for c in cmds]), timeout=60)
    finally:
        os.kill(pid, signal.SIGCONT)
    await broker.stop()
