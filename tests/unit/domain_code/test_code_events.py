"""The code domain's events: contracts with timeline lines, and a run started before ``workspace`` existed
(a RunStarted record without it) still loads."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

from contracts import ApiSignaturesExtracted, PackagesSurveyed, RunRequested, SnippetChecked
from services.cli.research import describe
from shared.store import ResearchRuns


def envelope() -> dict[str, Any]:
    return {"event_id": uuid4(), "run_id": uuid4(), "seq": 3, "occurred_at": datetime.now(UTC)}


def test_timeline_lines() -> None:
    surveyed = PackagesSurveyed(**envelope(), ecosystems=("pypi",), packages=(
        {"ecosystem": "pypi", "name": "fetchkit", "url": "http://x/pypi/fetchkit/json", "version": "2.4.1"},
        {"ecosystem": "pypi", "name": "busyhttp", "url": "http://x", "status": "unavailable",
         "error": "rate_limited: 429"}), failures=("PyPI busyhttp: rate_limited: 429",))
    assert describe(surveyed) == ("2 package(s) (pypi): fetchkit 2.4.1, busyhttp unavailable; "
                                  "1 registry failure(s)")
    sigs = ApiSignaturesExtracted(**envelope(), signatures=(), packages=("fetchkit==2.4.1",))
    assert describe(sigs) == "0 signature(s) from fetchkit==2.4.1"
    checked = SnippetChecked(**envelope(), snippet_id="s1", origin="model", language="python", code="x",
                             status="failed", checker="py_compile + mypy 2.4.1 + run", stage="run",
                             reason="timeout", seconds=4.2)
    assert describe(checked) == "s1 #1 (python): failed at run (timeout) by py_compile + mypy 2.4.1 + run in 4.20 s"


def test_a_run_started_without_a_workspace_field_still_loads() -> None:
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": ""})
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="Which Python HTTP client?", workspace="/srv/project"))
    assert runs.get_run(run_id).request.workspace == "/srv/project"
    recorder: Any = runs.recorder
    stored = recorder._stored_events[0]
    state = json.loads(stored.state)
    assert state.pop("class_version") == 2  # stored at version 2, with an upcaster for version 1 records
    del state["workspace"]  # as RunStarted was stored (version 1) before the field existed
    recorder._stored_events[0] = replace(stored, state=json.dumps(state).encode())
    run = runs.get_run(run_id)
    assert run.request.workspace is None and run.request.question == "Which Python HTTP client?"


def test_a_question_keeps_its_code_blocks_line_by_line() -> None:
    question = "Why   does\nthis fail?\n```python\ndef f(x):\n    return x  +  1\n```\nThanks  !"
    request = RunRequested(run_id=uuid4(), question=question)
    assert request.question == "Why does this fail?\n```python\ndef f(x):\n    return x  +  1\n```\nThanks !"
    assert RunRequested(run_id=uuid4(), question="  plain \n  question ").question == "plain question"
