"""Issue 15, trial t43 fault 2: "Should I keep using tomlette ... or switch, and how do I load config.toml?" with
``--workspace`` (tomlette==1.4.0 in its pyproject.toml) was planned as a general question, so the workspace was never
read, and the report did not say so. A run given a workspace whose question names a package or a dependency of the
workspace is a code run; a workspace that was not read is said under "What is missing"."""

from __future__ import annotations

from pathlib import Path
from uuid import uuid4

from contracts import RunRequested
from services.planner.handlers import Planning, code_by_workspace, on_run_requested
from services.synthesizer.domain import note_unread_workspace
from shared.evidence import Report
from tests.unit.handlers.fakes import memory_runs, started_run
from tests.unit.handlers.test_planner_handlers import FakeDeadlines

QUESTION = ("Should I keep using tomlette to read the TOML config in this project or switch, and how do I load "
            "config.toml?")


def _workspace(tmp_path: Path) -> str:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "cfgapp"\nversion = "0.1.0"\nlicense = "MIT"\n'
                                             'dependencies = ["tomlette==1.4.0"]\n')
    return str(tmp_path)


def test_a_question_naming_a_workspace_dependency_or_a_package_is_a_code_question(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    assert code_by_workspace(QUESTION, ws)
    assert code_by_workspace("Is the tomlkit package fine for these settings?", ws)  # a package, not in the manifest
    assert not code_by_workspace("What is the capital of Australia?", ws)
    assert not code_by_workspace("Should I keep using tomlette for the config?", None)
    assert not code_by_workspace(QUESTION, str(tmp_path / "absent"))


async def test_a_run_given_a_workspace_is_planned_as_code_when_its_question_names_a_dependency(tmp_path: Path) -> None:
    runs = memory_runs()
    planning = Planning(runs=runs, deadlines=FakeDeadlines(), llm=None)
    asked = RunRequested(run_id=uuid4(), question=QUESTION, workspace=_workspace(tmp_path))
    await on_run_requested(asked, planning)
    plan = runs.get_run(asked.run_id).plan
    assert plan is not None and plan.domain == "code"
    plain = RunRequested(run_id=uuid4(), question=QUESTION)  # no workspace: the detected domain stands
    await on_run_requested(plain, planning)
    other = runs.get_run(plain.run_id).plan
    assert other is not None and other.domain != "code"
    forced = RunRequested(run_id=uuid4(), question=QUESTION, workspace=_workspace(tmp_path), domain="general")
    await on_run_requested(forced, planning)
    kept = runs.get_run(forced.run_id).plan
    assert kept is not None and kept.domain == "general"  # the domain asked for wins


def test_a_workspace_that_was_not_read_is_said_under_what_is_missing(tmp_path: Path) -> None:
    runs = memory_runs()
    ws = _workspace(tmp_path)
    run_id = started_run(runs, "How tall is the Eiffel Tower?", workspace=ws)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "eiffel tower height"}], "general", "en", "offline",
                     False)
    report = Report(markdown="# Q\n\n## Answer\n\nIt is 330 m tall [1].\n\n## Sources\n\n- [1] T — https://t.example/\n",
                    citations=[], used_claim_ids=[])
    out = note_unread_workspace(report, runs.get_run(run_id)).markdown
    assert f"## What is missing\n\n- workspace: {ws} was not read — the question was answered as a general " \
           "question" in out and out.index("## What is missing") < out.index("## Sources")
    code_id = started_run(runs, QUESTION, workspace=ws)
    runs.record_plan(code_id, [{"sub_query_id": "q1", "text": "tomlette"}], "code", "en", "offline", False)
    assert note_unread_workspace(report, runs.get_run(code_id)) == report
    bare = started_run(runs, "How tall is the Eiffel Tower?")
    runs.record_plan(bare, [{"sub_query_id": "q1", "text": "eiffel"}], "general", "en", "offline", False)
    assert note_unread_workspace(report, runs.get_run(bare)) == report
