"""The gateway's commands as a user runs them: ``assay keys create``, ``assay web``, ``assay serve gateway``
(child processes against the test's NATS and PostgreSQL)."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import service_env
from tests.e2e.test_cli import QUESTION, assay

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
REPO = Path(__file__).resolve().parents[2]


@contextmanager
def child(settings: Any, log: Path, *args: str, pattern: str, env: dict[str, str] | None = None,
          timeout_s: float = 60) -> Iterator[re.Match[str]]:
    """Run ``assay ARGS`` until the block ends (then SIGTERM, and it must exit 0); yields the first match of
    ``pattern`` in its output (waited for)."""
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "services.cli.main", *args],
                                env={**service_env(settings), **(env or {})}, cwd=REPO, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            found = re.search(pattern, log.read_text(encoding="utf-8", errors="replace"))
            if found:
                break
            assert proc.poll() is None, f"assay {args[0]} exited {proc.returncode}: {log.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"assay {args[0]} never printed {pattern!r}: {log.read_text()[-3000:]}"
            time.sleep(0.1)
        yield found
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0, log.read_text()[-3000:]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def follow(url: str, run_id: str, headers: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Every SSE message of the run until its stream ends."""
    messages = []
    with httpx.stream("GET", f"{url}/v1/runs/{run_id}/events", headers=headers, timeout=120) as resp:
        assert resp.status_code == 200
        for line in resp.iter_lines():
            if line.startswith("data:"):
                messages.append(json.loads(line[5:]))
    return messages


def test_keys_create_prints_the_key_once_and_serve_gateway_requires_it(settings: Any, tmp_path: Path) -> None:
    made = assay(settings, "keys", "create", "ci robot", timeout=120)
    assert made.returncode == 0, made.stderr[-2000:]
    key = made.stdout.strip()
    assert re.fullmatch(r"assay_[A-Za-z0-9_-]{43}", key) and "shown once" in made.stderr
    listed = assay(settings, "keys", "list", timeout=120)
    assert "ci robot" in listed.stdout and key not in listed.stdout
    assert assay(settings, "keys", "create", "   ", timeout=120).returncode == 2
    with child(settings, tmp_path / "gateway.log", "serve", "gateway", env={"ASSAY_GATEWAY_PORT": "0"},
               pattern=r"Uvicorn running on (http://127\.0\.0\.1:\d+)") as found:
        url = found.group(1)
        assert httpx.get(f"{url}/readyz").json()["status"] == "ready"
        denied = httpx.post(f"{url}/v1/runs", json={"question": QUESTION})
        assert denied.status_code == 401 and denied.json()["error"]["fields"][0]["field"] == "Authorization"
        started = httpx.post(f"{url}/v1/runs", json={"question": QUESTION, "scope": "local"},
                             headers={"Authorization": f"Bearer {key}"})
        assert started.status_code == 202, started.text
        mine = httpx.get(f"{url}/v1/runs", headers={"Authorization": f"Bearer {key}"}).json()
        assert mine["runs"][0]["run_id"] == started.json()["run_id"] and mine["runs"][0]["status"] == "requested"
    assert key.removeprefix("assay_") not in (tmp_path / "gateway.log").read_text()


def test_web_serves_every_service_and_the_api_on_127_0_0_1_without_a_key(settings: Any, tmp_path: Path) -> None:
    with child(settings, tmp_path / "web.log", "web", "--port", "0",
               pattern=r"gateway: (http://127\.0\.0\.1:\d+)", timeout_s=120) as found:
        url = found.group(1)
        assert httpx.get(f"{url}/healthz").json() == {"status": "ok"}
        started = httpx.post(f"{url}/v1/runs", json={"question": QUESTION, "scope": "local", "max_sources": 6})
        assert started.status_code == 202, started.text
        events = follow(url, started.json()["run_id"])
        assert events[0]["type"] == "RunStarted" and "RunCompleted" in {e["type"] for e in events}
        res = httpx.get(f"{url}/v1/runs/{started.json()['run_id']}").json()
        assert res["status"] == "completed" and "Rush" in res["report"]
