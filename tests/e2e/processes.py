"""Child ``assay`` processes for the command-line tests: run one to its end, start one in the background writing
to a log, wait for a fact about it, and kill what is left of it.

- ``assay(env, *args)``: ``python -m services.cli.main ARGS`` run to completion (text output captured).
- ``start_assay(env, log, *args)``: the same started in its own session, stdout and stderr to ``log``.
- ``wait_for(what, check)``: polls ``check()`` until it is true (an ``AssertionError`` naming ``what`` after the
  timeout).
- ``stop(proc)``: kills the child's whole process group if it is still running.
- ``log_text(log)``: what the child wrote so far (undecodable bytes replaced).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from tests.conftest import REPO

CLI = [sys.executable, "-m", "services.cli.main"]


def assay(env: Mapping[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``assay ARGS`` run to its end in the repository with ``env`` (stdout and stderr captured as text);
    ``subprocess.TimeoutExpired`` after ``timeout`` seconds."""
    return subprocess.run([*CLI, *args], env=dict(env), capture_output=True, text=True, timeout=timeout, cwd=REPO)


def start_assay(env: Mapping[str, str], log: Path, *args: str) -> subprocess.Popen[bytes]:
    """``assay ARGS`` started in the repository with ``env`` in a new session (its own process group, so that
    :func:`stop` reaches its children), stdin closed, stdout and stderr written to ``log``."""
    return subprocess.Popen([*CLI, *args], env=dict(env), cwd=REPO, stdin=subprocess.DEVNULL, stdout=log.open("wb"),
                            stderr=subprocess.STDOUT, start_new_session=True)


async def wait_for(what: str, check: Callable[[], bool], timeout_s: float = 60.0) -> None:
    """Return once ``check()`` is true (polled every 50 ms); ``AssertionError`` naming ``what`` when it is still
    false after ``timeout_s`` seconds."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{what}: not after {timeout_s:.0f} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc``'s process group (SIGKILL) and reap it, if ``proc`` has not ended; nothing otherwise."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def log_text(log: Path) -> str:
    """The text a child wrote to ``log`` so far (bytes that are not UTF-8 replaced)."""
    return log.read_text(errors="replace")
