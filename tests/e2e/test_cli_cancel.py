"""Cancelling from the command line: ``assay cancel RUN_ID``, SIGTERM / Ctrl-C on ``assay run``, and
``assay serve --replicas N`` passing SIGTERM on to its children (child processes against the test's servers).

The SIGTERM'd run is cancelled for good: its fetch that was in flight is never redone, by any process started
later, and nothing is recorded after its ``RunCancelled``.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
from pathlib import Path
from uuid import UUID, uuid4

import pytest

from contracts import FetchSource, RunCancelled, RunRequested, SourcesSelected
from services.cli.stack import Stack
from shared.bus import durable_name
from shared.runtime import Runtime
from shared.settings import ServiceSettings
from tests.conftest import service_env
from tests.consumers import wait_consumed
from tests.e2e.processes import assay, log_text, start_assay, stop, wait_for
from tests.loopback import Route, serve

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]


def _assay(settings: ServiceSettings, *args: str) -> subprocess.CompletedProcess[str]:
    return assay(service_env(settings), *args)


def _start(settings: ServiceSettings, log: Path, *args: str) -> subprocess.Popen[bytes]:
    return start_assay(service_env(settings), log, *args)


def test_assay_cancel_records_run_cancelled_once(runtime: Runtime, settings: ServiceSettings) -> None:
    run_id = uuid4()
    runtime.runs.start_run(RunRequested(run_id=run_id, question="How tall is the Eiffel Tower?"))
    proc = _assay(settings, "cancel", str(run_id), "--reason", "operator said so")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "cancelled" in proc.stdout
    last = runtime.runs.timeline(run_id)[-1]
    assert isinstance(last, RunCancelled) and last.reason == "operator said so"
    again = _assay(settings, "cancel", str(run_id))
    assert again.returncode == 1 and "already ended (cancelled)" in " ".join(again.stderr.split())
    unknown = _assay(settings, "cancel", str(uuid4()))
    assert unknown.returncode == 2 and "no run" in unknown.stderr


async def test_sigterm_on_assay_run_cancels_it_for_good(runtime: Runtime, settings: ServiceSettings,
                                                        tmp_path: Path) -> None:
    page = b"<html><head><title>Slow</title></head><body><p>" + b"The tower is tall. " * 40 + b"</p></body></html>"
    # the page answers after 30 s: its fetch is still in flight when the SIGTERM comes, however slow the machine is
    # between the fetch's start and the signal (with 8 s, a loaded machine could let the run go past its fetch)
    with serve({"/slow.html": Route(200, page, {"Content-Type": "text/html"}, delay_s=30.0)}) as web:
        log = tmp_path / "run.log"
        proc = _start(settings, log, "run", "How tall is the slow tower?", "--scope", "web", "--max-sources", "1",
                      "--url", web.url("/slow.html"), "--budget-seconds", "120")
        try:
            await wait_for("the run's fetch in flight", lambda: any(p.startswith("/slow.html") for p in web.requests),
                           timeout_s=180)  # (a child importing everything on a loaded machine)
            found = re.search(r"run ([0-9a-f-]{36})", log_text(log))
            assert found, log_text(log)
            run_id = UUID(found.group(1))
            assert any(isinstance(e, SourcesSelected) for e in runtime.runs.timeline(run_id))
            proc.send_signal(signal.SIGTERM)
            code = await asyncio.to_thread(proc.wait, 60)
        finally:
            stop(proc)
        output = log_text(log)
        assert code == 130, output[-3000:]
        assert f"run {run_id} recorded as cancelled" in " ".join(output.split())
        events = runtime.runs.timeline(run_id)
        assert isinstance(events[-1], RunCancelled) and "SIGTERM" in events[-1].reason, events[-1]

        # another process starts later: the unacknowledged fetch is redelivered to it and dropped, not redone
        async with Stack(runtime, ["scraper", "claim-extractor"], relay=False):
            await wait_consumed(str(settings.common.nats_url), settings.common.command_stream,
                                durable_name("scraper", FetchSource), 1, timeout_s=90)
        assert sum(p.startswith("/slow.html") for p in web.requests) == 1, web.requests
        assert len(runtime.runs.timeline(run_id)) == len(events), "events recorded after RunCancelled"


async def test_serve_replicas_forwards_sigterm_and_waits_for_its_children(settings: ServiceSettings,
                                                                          tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    proc = _start(settings, log, "serve", "planner", "--replicas", "2")
    try:
        await wait_for("two serving children", lambda: log_text(log).count("serving planner") == 2,
                       timeout_s=180)  # (two processes importing everything at once on a loaded machine)
        text = log_text(log)
        found = re.search(r"started 2 planner processes: (\d+), (\d+)", text)
        assert found, text
        children = [int(found.group(1)), int(found.group(2))]
        proc.send_signal(signal.SIGTERM)
        code = await asyncio.to_thread(proc.wait, 60)
    finally:
        stop(proc)
    assert code == 0, log_text(log)[-3000:]
    assert "planner processes stopped: exit codes 0, 0" in log_text(log)
    for pid in children:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
