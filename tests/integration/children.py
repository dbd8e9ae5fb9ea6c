"""Child ``assay serve SERVICE`` processes for integration tests (started, polled for readiness, killed).

Each child is its own session (``start_new_session=True``) with stdout and stderr in a log file, and gets the
test servers through ``service_env(settings)`` (the test's own environment is never modified).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from shared.settings import ServiceSettings
from tests.conftest import service_env


class ServiceProcess:
    """One ``python -m services.cli.main serve SERVICE`` child process."""

    def __init__(self, service: str, settings: ServiceSettings, log_path: Path, *,
                 extra_env: Mapping[str, str] | None = None) -> None:
        """Start ``assay serve service`` on the test servers of ``settings``; ``extra_env``: more environment
        variables for the child only (e.g. ``PYTHONPATH`` so that it imports this checkout's code)."""
        self.service = service
        self.log_path = log_path
        self._log = open(log_path, "wb")  # noqa: SIM115 (closed in kill)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "services.cli.main", "serve", service],
            env={**service_env(settings), **(extra_env or {})}, cwd=log_path.parent, stdin=subprocess.DEVNULL,
            stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
        )

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log(self, tail: int = 4000) -> str:
        """The last ``tail`` characters of the child's output."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")[-tail:]
        except OSError:
            return ""

    def ready(self) -> bool:
        """Whether the child printed its ``serving ...`` line (its broker started, consumers declared)."""
        return f"(pid {self.pid})" in self.log(tail=1_000_000)

    async def wait_ready(self, timeout_s: float = 30.0) -> None:
        """Poll until ready; fail with the child's output if it exits or the deadline passes."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.ready():
                return
            if self.proc.poll() is not None:
                raise AssertionError(f"{self.service} child {self.pid} exited with {self.proc.returncode}:\n"
                                     f"{self.log()}")
            await asyncio.sleep(0.1)
        raise AssertionError(f"{self.service} child {self.pid} not ready after {timeout_s:.0f} s:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL the child (and its session) and reap it. Safe to call twice."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        if not self._log.closed:
            self._log.close()
