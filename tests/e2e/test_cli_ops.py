"""What an operator meets from the command line (child ``assay`` processes against the test's servers):

- ``assay serve`` pointed at an unreachable (well-formed) NATS address says it is waiting for it, stops at
  once on SIGTERM saying what it waited for (exit 143), and exits 1 naming the address once the outage
  deadline (``ASSAY_OUTAGE_WAIT_S``) has passed;
- ``assay run`` there too: SIGTERM while it waits exits promptly (before its run is submitted).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from shared.settings import ServiceSettings
from tests.conftest import service_env
from tests.e2e.processes import assay, log_text, start_assay, stop, wait_for
from tests.loopback import refused_port

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
WAIT_S = 90.0  # how long a child may take to say what is awaited (the loaded machine's imports)


@pytest.mark.parametrize("command", [["serve", "planner"], ["run", "How tall is the Eiffel Tower?"]])
async def test_sigterm_while_waiting_for_an_unreachable_bus_exits_promptly(settings: ServiceSettings,
                                                                          tmp_path: Path,
                                                                          command: list[str]) -> None:
    with refused_port() as port:
        env = {**service_env(settings), "ASSAY_NATS_URL": f"nats://127.0.0.1:{port}"}
        log = tmp_path / "out.log"
        proc = start_assay(env, log, *command)
        try:
            await wait_for("the wait is said", lambda: f"waiting for NATS at 127.0.0.1:{port} (attempt"
                           in log_text(log), timeout_s=WAIT_S)
            t0 = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            code = await asyncio.to_thread(proc.wait, 30)
            took = time.monotonic() - t0
        finally:
            stop(proc)
    text = log_text(log)
    assert code == 143, text[-2000:]
    assert took < 15, f"SIGTERM took {took:.1f} s"
    assert f"stopped by SIGTERM before the services were up (waiting for NATS at 127.0.0.1:{port}" in text
    assert "Traceback" not in text, text[-3000:]


async def test_serve_exits_naming_the_bus_that_stayed_down_past_the_deadline(settings: ServiceSettings,
                                                                             tmp_path: Path) -> None:
    with refused_port() as port:
        env = {**service_env(settings), "ASSAY_NATS_URL": f"nats://127.0.0.1:{port}", "ASSAY_OUTAGE_WAIT_S": "0"}
        log = tmp_path / "out.log"
        proc = start_assay(env, log, "serve", "planner")  # (the wait is at least 10 s)
        try:
            code = await asyncio.to_thread(proc.wait, 120)
        finally:
            stop(proc)
    text = log_text(log)
    assert code == 1, text[-2000:]
    assert f"could not start: NATS at 127.0.0.1:{port} stayed unreachable for" in text, text[-2000:]
    assert "Traceback" not in text, text[-3000:]


async def test_serve_replicas_replaces_a_killed_child_and_stops_all_on_sigterm(settings: ServiceSettings,
                                                                             tmp_path: Path) -> None:
    import re

    log = tmp_path / "serve.log"
    proc = start_assay(service_env(settings), log, "serve", "planner", "--replicas", "2")
    try:
        await wait_for("two serving children", lambda: log_text(log).count("serving planner") == 2,
                       timeout_s=WAIT_S)
        found = re.search(r"started 2 planner processes: (\d+), (\d+)", log_text(log))
        assert found, log_text(log)
        victim, other = int(found.group(1)), int(found.group(2))
        os.kill(victim, signal.SIGKILL)
        await wait_for("the killed child replaced", lambda: f"in place of {victim}" in log_text(log),
                       timeout_s=WAIT_S)
        text = log_text(log)
        assert f"planner process {victim} exited unexpectedly (exit code -9); starting another in" in text
        replacement = int(re.search(rf"started planner process (\d+) in place of {victim}", text).group(1))  # type: ignore[union-attr]
        await wait_for("the replacement serving", lambda: log_text(log).count("serving planner") == 3,
                       timeout_s=WAIT_S)
        os.kill(replacement, 0)  # alive
        proc.send_signal(signal.SIGTERM)
        code = await asyncio.to_thread(proc.wait, 60)
    finally:
        stop(proc)
    text = log_text(log)
    assert code == 0, text[-3000:]
    assert "planner processes stopped: exit codes 0, 0" in text, text[-3000:]
    for pid in (victim, other, replacement):
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


async def test_a_second_stack_on_the_same_data_dir_says_it_joins_the_running_servers(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASSAY_")}
    env.update({"ASSAY_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1"})  # the embedded servers of ``data``
    first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
    first = start_assay(env, first_log, "serve", "planner")
    second: subprocess.Popen[bytes] | None = None
    try:
        await wait_for("the first stack serving", lambda: "serving planner" in log_text(first_log),
                       timeout_s=240)
        assert "another Assay stack" not in log_text(first_log)
        second = start_assay(env, second_log, "serve", "judge")
        await wait_for("the second stack serving", lambda: "serving judge" in log_text(second_log),
                       timeout_s=240)
        text = " ".join(log_text(second_log).split())
        assert f"another Assay stack runs on the data directory {data.resolve()}: pid {first.pid} (planner, since" \
            in text, text[-3000:]
        assert "This one joins its embedded NATS (nats://127.0.0.1:" in text
        for proc in (second, first):
            proc.send_signal(signal.SIGTERM)
            assert await asyncio.to_thread(proc.wait, 60) == 0
        assert not list((data / "stacks").glob("*.json")), "a stopped stack left its record"
    finally:
        for proc in (first, second):
            if proc is not None:
                stop(proc)
        assay(env, "down", timeout=120)
