"""A stack that stops while it holds another run's unit gives the unit back: another process takes it at once.

Issue 15, trial t24: several ``assay run`` processes on one data dir share the bus's durable consumers, so one
process's stack may take another run's unit, then stop when its own run ends. Its subscriber's stop cancels the
handler after the graceful wait, and a cancelled handler used to leave its message unacknowledged: JetStream
redelivered it only after the consumer's ``ack_wait`` (domain-code's: ~20 minutes), after the run's deadline, so
that run's code analysis never finished. Here stack A (domain-code alone) takes a code run's analysis and is held
in it (the stand-in index answers A's wheel download only once A has stopped); stack B (domain-code too) is up
meanwhile; A stops; the run completes with B's analysis, long before ``ack_wait``.
"""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from contracts import Budget, RunRequested
from services.cli.research import follow, result, submit
from services.cli.stack import SERVICES, Stack
from services.domain_code import handlers as domain_code
from shared.runtime import Runtime
from shared.settings import DomainCodeSettings
from tests.code_standins import routes, settings_kwargs
from tests.loopback import Reply, Seen, serve

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

QUESTION = "Which Python HTTP client should I use to call get() with retries: `fetchkit` or `slowhttp`?"
DOCS = [("HTTP clients in Python", "fetchkit is a Python HTTP client with retries and connection pooling. "
         "slowhttp is an older HTTP library for simple fetching. Both can call get on a URL.")]


class Gate:
    """A route answering its first request only once ``release`` is set (at most ``hold_s`` seconds), later ones
    at once; ``entered`` is set when the first request came."""

    def __init__(self, reply: Reply, hold_s: float = 120.0) -> None:
        self.reply, self.hold_s = reply, hold_s
        self.entered, self.release = threading.Event(), threading.Event()
        self._lock = threading.Lock()

    def __call__(self, seen: Seen) -> Reply:
        with self._lock:
            first = not self.entered.is_set()
            self.entered.set()
        if first:
            self.release.wait(self.hold_s)
        return self.reply


async def test_a_stack_stopping_with_a_unit_in_work_gives_it_back_to_another_at_once(
        settings: Any, endpoints: Any, tmp_path: Path) -> None:
    served = routes()
    wheel_path = next(p for p in served if p.startswith("/files/fetchkit-"))
    held = served[wheel_path]
    assert isinstance(held, Reply)
    gate = Gate(held)
    served[wheel_path] = gate
    with serve(served) as standins:
        code = DomainCodeSettings(_env_file=None, **settings_kwargs(standins), snippet_timeout_s=10)
        configured = settings.model_copy(update={"code": code})
        rt = Runtime.open(configured, endpoints=endpoints)
        rt_a = Runtime.open(configured, endpoints=endpoints, run_migrate=False, graceful_timeout_s=1.0)
        rt_b = Runtime.open(configured, endpoints=endpoints, run_migrate=False)
        a: Stack | None = None
        b: Stack | None = None
        try:
            for title, text in DOCS:
                rt.corpus.add("code-docs", path=f"{title}.md", title=title, text=text, content_type="text/plain")
            run_id = uuid4()
            async with Stack(rt, [s for s in SERVICES if s != domain_code.SERVICE]):
                a = Stack(rt_a, [domain_code.SERVICE], relay=False)
                await a.start()
                await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local", domain="code",
                                              corpus="code-docs", budget=Budget(seconds=240)))
                # A (the only domain-code consumer so far) took the analysis and is held in its wheel download
                assert await asyncio.to_thread(gate.entered.wait, 120), "A never downloaded the wheel"
                surveyed_by_a = "PackagesSurveyed" in rt.runs.get_run(run_id).domain_events
                b = Stack(rt_b, [domain_code.SERVICE], relay=False)
                await b.start()
                stopped = time.monotonic()
                await a.stop()  # A's own run ended, say: its stack stops with the unit in work
                a = None
                gate.release.set()  # (A's abandoned download thread ends)
                await follow(rt, run_id, timeout_s=120)
                taken_over_s = time.monotonic() - stopped
            res = result(rt, run_id)
        finally:
            gate.release.set()
            for stack in (a, b):
                if stack is not None:
                    await stack.stop()
            for runtime in (rt_a, rt_b, rt):
                runtime.close()

    assert surveyed_by_a, "A was not in the middle of the analysis when it stopped: the test proved nothing"
    assert res["status"] == "completed", res.get("failure")
    analysis = res["domain_analysis"]
    assert analysis["status"] == "complete" and analysis["domain"] == "code", analysis
    # B took the unit as soon as A gave it back, not after the consumer's ack_wait (minutes)
    assert taken_over_s < 60, f"the run completed {taken_over_s:.0f} s after A stopped"
    assert "**Recommended: `fetchkit` 2.4.1**[" in res["report"]
