"""``assay eval`` slices through the real pipeline (NATS, PostgreSQL, every stage) held to the floors kept in
tests/eval_floors.toml: a change that makes a figure drop below its floor fails here."""

from __future__ import annotations

from typing import Any

import pytest

from contracts import EvalRunCompleted
from services.eval.claims import SCIFACT_DIR
from services.eval.floors import FLOORS_FILE, check_floors, load_floors
from services.eval.hotpotqa import HOTPOT_DEV
from services.eval.run import record_eval, run_suite
from tests.shared_data import require

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

#: the slices this test runs (each must have its table in the floors file); a few questions: < 60 s in all
SLICES = (("hotpotqa", 6), ("scifact", 50))


@pytest.mark.parametrize("suite, limit", SLICES, ids=[f"{s}:{n}" for s, n in SLICES])
async def test_the_slice_holds_its_floors_and_is_recorded_as_an_event(runtime: Any, suite: str, limit: int) -> None:
    data = HOTPOT_DEV if suite == "hotpotqa" else SCIFACT_DIR / "claims_dev.jsonl"
    require(data)
    lines: list[str] = []
    result = await run_suite(runtime, suite, limit=limit, progress=lines.append)
    assert result.questions == limit and lines and len(result.details) == limit
    known, problems = check_floors(result, load_floors(FLOORS_FILE))
    assert known, f"{FLOORS_FILE} has no table for {suite}:{limit}"
    assert problems == [], "\n".join(["figures below their floors:", *problems, *result.markdown_rows()])
    if suite == "hotpotqa":
        assert result.figure("citation_validity") == 1.0  # every [n] points at the quoted span of a fetched source

    eval_id = record_eval(runtime, result)
    events = runtime.runs.timeline(eval_id)
    assert len(events) == 1 and isinstance(events[0], EvalRunCompleted)
    recorded = events[0]
    assert recorded.suite == suite and recorded.questions == limit and recorded.run_id == eval_id
    assert recorded.figures == result.figures_dict() and recorded.engine == "offline"


async def test_a_run_that_does_not_finish_in_time_is_scored_as_it_stands(runtime: Any) -> None:
    from services.eval.hotpotqa import run_hotpotqa

    require(HOTPOT_DEV)
    lines: list[str] = []
    result = await run_hotpotqa(runtime, limit=1, progress=lines.append, timeout_s=0.01)
    assert "did not finish within 0 s: scored as is" in lines[0]
    assert result.details[0]["status"] in ("running", "not started")
    assert result.figure("answer_recall") == 0.0 and result.figure("runs_completed") == 0.0
