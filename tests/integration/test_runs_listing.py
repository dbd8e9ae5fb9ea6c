"""``assay runs``: the runs from the read model, newest first, with status, start, duration and confidence.

Runs are brought to their states by the store's own methods and projected by the indexer's ``Projector`` (the
read model the command reads); then ``list_runs`` and the command itself (a child ``assay`` process, plain and
``--json``) are checked against them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from uuid import UUID, uuid4

import pytest

from contracts import RunRequested
from services.cli.runs import line, list_runs
from services.indexer.projections import Projector
from shared.runtime import Runtime
from shared.settings import ServiceSettings
from tests.conftest import REPO, service_env

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


def _runs(runtime: Runtime) -> tuple[UUID, UUID, UUID]:
    runs = runtime.runs
    done, failed, running = uuid4(), uuid4(), uuid4()
    for run_id, question in ((done, "How tall is the Eiffel Tower?"), (failed, "Who built it?"),
                             (running, "When was it   built?")):
        runs.start_run(RunRequested(run_id=run_id, question=question, scope="local"))
        runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "eiffel"}], "general", "en", "offline", False)
    runs.record_search(done, "q1", "eiffel", 1, [], True, [])  # no source: extraction and verification are done
    runs.record_report(done, gate={"score": 0.625, "tier": "medium", "signals": {}}, report_sha256="1" * 64,
                       citations=[], used_claim_ids=[])
    runs.record_judgement(done, judgement={"factual_accuracy": 3, "citation_density": 3, "coverage": 3,
                                           "total": 60, "rationale": "ok", "engine": "offline"},
                          audit={"total": 0, "valid": 0, "invalid": []})
    runs.fail_run(failed, "planner", "nothing to plan")
    Projector(runtime.pool, runtime.documents).rebuild(runs.iter_log())
    return done, failed, running


def test_list_runs_reads_the_read_model_newest_first(runtime: Runtime) -> None:
    done, failed, running = _runs(runtime)
    now = datetime.now(UTC) + timedelta(seconds=5)
    listed = list_runs(runtime.pool, now=now)
    assert [r["run_id"] for r in listed] == [str(running), str(failed), str(done)]
    by_id = {r["run_id"]: r for r in listed}
    assert by_id[str(done)]["status"] in ("complete", "partial")
    assert by_id[str(done)]["confidence"] == {"score": 0.625, "tier": "medium"}
    assert by_id[str(done)]["finished_at"] is not None and by_id[str(done)]["duration_s"] >= 0
    assert by_id[str(failed)]["status"] == "failed"
    assert by_id[str(failed)]["failure"] == {"stage": "planner", "reason": "nothing to plan"}
    assert by_id[str(failed)]["confidence"] is None
    assert by_id[str(running)]["status"] == "running" and by_id[str(running)]["finished_at"] is None
    assert by_id[str(running)]["duration_s"] >= 5.0  # running: measured to now
    assert [r["run_id"] for r in list_runs(runtime.pool, status="failed")] == [str(failed)]
    assert len(list_runs(runtime.pool, limit=1)) == 1
    assert "When was it built?" in line(by_id[str(running)])
    assert "0.62 medium" in line(by_id[str(done)]) or "0.63 medium" in line(by_id[str(done)])
    with pytest.raises(ValueError, match="unknown status"):
        list_runs(runtime.pool, status="sideways")


def test_assay_runs_prints_lines_and_json(runtime: Runtime, settings: ServiceSettings) -> None:
    done, failed, running = _runs(runtime)

    def assay(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "services.cli.main", "runs", *args], env=service_env(settings),
                              capture_output=True, text=True, timeout=120, cwd=REPO)

    as_json = assay("--json")
    assert as_json.returncode == 0, as_json.stderr[-2000:]
    data = json.loads(as_json.stdout)
    assert [r["run_id"] for r in data] == [str(running), str(failed), str(done)]
    assert {r["status"] for r in data} >= {"running", "failed"}
    plain = assay("--limit", "2")
    assert plain.returncode == 0, plain.stderr[-2000:]
    lines = [x for x in plain.stdout.splitlines() if x.strip()]
    assert lines[0].split()[:2] == ["run", "status"] and len(lines) == 3, plain.stdout
    assert lines[1].startswith(str(running)) and "running" in lines[1]
    assert lines[2].startswith(str(failed)) and "failed" in lines[2]
    bad = assay("--status", "sideways")
    assert bad.returncode == 2 and "unknown --status 'sideways'" in bad.stderr
