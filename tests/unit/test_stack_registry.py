"""The record of stacks on a data directory (``shared.launcher.register_stack``): a second stack learns of the
first, a stopped one's record is dropped, and the servers lock lets one process at a time start the servers."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from shared.errors import StoreUnavailable
from shared.launcher import (
    Endpoints,
    joining_note,
    live_stacks,
    register_stack,
    servers_lock,
    unregister_stack,
)

# a stand-in for another stack: a live process whose command line names services.cli (it never starts)
OTHER = [sys.executable, "-c", "import sys, time; time.sleep(600)", "services.cli.main"]


def _start_other() -> subprocess.Popen[bytes]:
    """Start a stand-in stack and wait (up to 10 s) until its command line is readable: Popen returns once the
    child's exec has begun, and on a loaded machine /proc/<pid>/cmdline is empty for a moment after that."""
    child = subprocess.Popen(OTHER)
    cmdline = Path(f"/proc/{child.pid}/cmdline")
    for _ in range(1000):
        if not cmdline.exists() or b"services.cli" in cmdline.read_bytes():
            break
        time.sleep(0.01)
    return child


def test_a_second_stack_learns_of_the_first_and_a_stopped_one_is_forgotten(tmp_path: Path) -> None:
    other, second = _start_other(), _start_other()
    try:
        first, before = register_stack(tmp_path, "all services", pid=other.pid)
        assert before == []
        mine, others = register_stack(tmp_path, "planner", pid=second.pid)
        assert [(e.pid, e.serves) for e in others] == [(other.pid, "all services")]
        note = joining_note(tmp_path, Endpoints(nats_url="nats://127.0.0.1:4222", database_url="postgresql://x"),
                            others)
        assert f"pid {other.pid} (all services, since " in note
        assert "joins its embedded NATS (nats://127.0.0.1:4222) and PostgreSQL" in note
        assert {e.pid for e in live_stacks(tmp_path)} == {other.pid, mine.pid}
    finally:
        other.kill()
        other.wait()
    try:
        assert [e.pid for e in live_stacks(tmp_path)] == [mine.pid]  # the stopped one's record is removed
        assert not first.path.exists()
        unregister_stack(mine)
        assert live_stacks(tmp_path) == []
    finally:
        second.kill()
        second.wait()


def test_a_record_of_an_unrelated_process_or_garbage_is_not_a_stack(tmp_path: Path) -> None:
    sleeper = subprocess.Popen(["sleep", "600"])  # alive, but not an Assay process (a reused pid)
    try:
        register_stack(tmp_path, "all services", pid=sleeper.pid)
        (tmp_path / "stacks" / "junk.json").write_text("{not json")
        assert live_stacks(tmp_path) == []
        assert list((tmp_path / "stacks").glob("*.json")) == []
    finally:
        sleeper.kill()
        sleeper.wait()


def test_the_servers_lock_admits_one_process_at_a_time(tmp_path: Path) -> None:
    held = threading.Event()
    release = threading.Event()

    def holder() -> None:
        with servers_lock(tmp_path):
            held.set()
            release.wait(30)

    thread = threading.Thread(target=holder)
    thread.start()
    try:
        assert held.wait(30)
        # flock is per open file: a second open in this process waits like another process would
        with pytest.raises(StoreUnavailable, match="servers.lock"), servers_lock(tmp_path, timeout_s=0.3):
            pass
    finally:
        release.set()
        thread.join()
    with servers_lock(tmp_path, timeout_s=5):  # free again
        pass
