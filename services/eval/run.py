"""Run one ``assay eval`` suite by name and record its result as an ``EvalRunCompleted`` event."""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID, uuid4

from services.eval.suite import SuiteResult
from shared.runtime import Runtime

#: the suites ``assay eval`` knows, by name
SUITES = ("hotpotqa", "scifact", "healthver", "climate-fever")


async def run_suite(rt: Runtime, name: str, *, limit: int, progress: Callable[[str], None],
                    pooled: bool = False, start: int = 0, unanswerable: bool = False) -> SuiteResult:
    """Run suite ``name`` on ``limit`` items of its development split from item ``start`` (0-based; hotpotqa
    only, so a slice that was not tuned on can be scored).

    ``unanswerable`` (hotpotqa only, not with ``pooled``): each question over its distractor paragraphs alone.
    Raises ValueError for an unknown suite, a ``limit`` below 1, a negative ``start``, ``start``, ``pooled`` or
    ``unanswerable`` with another suite than hotpotqa, ``pooled`` with ``unanswerable``; FileNotFoundError naming the data file when it is missing."""
    if name not in SUITES:
        raise ValueError(f"unknown suite {name!r}; known: {', '.join(SUITES)}")
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if pooled and name != "hotpotqa":
        raise ValueError("pooled applies to hotpotqa only")
    if unanswerable and (name != "hotpotqa" or pooled):
        raise ValueError("unanswerable applies to hotpotqa only, without pooled")
    if start < 0 or (start and name != "hotpotqa"):
        raise ValueError("start must be 0 or more, and applies to hotpotqa only")
    if name == "hotpotqa":
        from services.eval.hotpotqa import run_hotpotqa

        return await run_hotpotqa(rt, limit=limit, progress=progress, pooled=pooled, start=start,
                                  unanswerable=unanswerable)
    if name == "scifact":
        from services.eval.claims import run_scifact

        return await run_scifact(rt, limit=limit, progress=progress)
    from services.eval.claims import run_climate_fever, run_healthver

    run = run_healthver if name == "healthver" else run_climate_fever
    return await run(rt, limit=limit, progress=progress)


def record_eval(rt: Runtime, result: SuiteResult, eval_id: UUID | None = None) -> UUID:
    """Record ``result`` as an ``EvalRunCompleted`` event in the event store (its own stream, id ``eval_id`` or a
    new one; ``assay replay <id>`` prints it). Returns the id."""
    eval_id = eval_id or uuid4()
    rt.runs.record_eval(eval_id, suite=result.suite, split=result.split, questions=result.questions,
                        figures=result.figures_dict(), engine=result.engine, config=dict(result.config))
    return eval_id
