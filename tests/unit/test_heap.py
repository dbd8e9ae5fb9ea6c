"""A service process's start-up heap frozen out of the collector's full passes (issue 10: GC pauses,
``shared.heap``). Run in a new interpreter: freezing is once a process, and the test process's own heap stays as it
is."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from shared.settings import CommonSettings
from tests.conftest import REPO

CODE = """
import gc, json, threading, time
from shared.heap import freeze_when_started

done = []
def slow_import():
    time.sleep(0.3)
    done.append([dict(n=i) for i in range(1000)])  # what a preload leaves behind

preload = threading.Thread(target=slow_import)
preload.start()
before = gc.get_freeze_count()
first = freeze_when_started([preload])
frozen_early = gc.get_freeze_count()  # the caller did not wait: nothing frozen yet
first.join(10)
frozen = gc.get_freeze_count()
again = freeze_when_started([])
print(json.dumps({"before": before, "early": frozen_early, "frozen": frozen, "preload_done": bool(done),
                  "same": again is first, "after_again": gc.get_freeze_count(),
                  "young_tracked": len(gc.get_objects(0))}))
"""


def test_the_heap_is_frozen_after_the_preloads_once_a_process() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-c", CODE], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env=env, check=True)
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["before"] == 0 and out["early"] == 0  # frozen in the background, after the preload thread
    assert out["preload_done"]
    assert out["frozen"] > 1000  # the interpreter's objects and what the preload left
    assert out["same"] and out["after_again"] == out["frozen"]  # a second start freezes nothing more


def test_freezing_is_on_by_default_and_can_be_switched_off() -> None:
    assert CommonSettings(_env_file=None).gc_freeze is True
    assert CommonSettings(_env_file=None, gc_freeze=False).gc_freeze is False
