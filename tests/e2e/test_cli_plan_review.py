"""``assay run --review-plan`` and ``--providers`` as a user types them (a child process against the test's NATS and
PostgreSQL): the plan is printed, the user edits it on stdin, and the edited sub-queries are the ones searched."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import service_env
from tests.e2e.test_cli import QUESTION

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]


def assay(settings: Any, *args: str, stdin: str = "", timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "services.cli.main", *args], env=service_env(settings),
                          input=stdin, capture_output=True, text=True, timeout=timeout,
                          cwd=Path(__file__).resolve().parents[2])


def test_review_plan_prints_the_plan_and_searches_the_edited_one(settings: Any, tmp_path: Path) -> None:
    out = tmp_path / "result.json"
    edited = ["Rush Counterparts album 1993", "Neil Peart Modern Drummer Hall of Fame"]
    proc = assay(settings, "run", QUESTION, "--review-plan", "--providers", "local", "--json", str(out),
                 stdin="e\n" + "\n".join(edited) + "\n\n")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "The plan (" in proc.stdout and "Approve this plan?" in proc.stdout
    assert "plan approved (revised): " + "; ".join(edited) in proc.stdout
    res = json.loads(out.read_text())
    assert res["status"] == "completed" and res["plan_review"] == "approved"
    assert [q["text"] for q in res["plan"]["sub_queries"]] == edited
    kinds = [e["type"] for e in res["events"]]
    assert kinds.index("PlanCreated") < kinds.index("PlanRevised") < kinds.index("PlanApproved") \
        < kinds.index("SearchCompleted")
    assert res["request"]["providers"] == ["local"]


def test_rejecting_the_plan_cancels_the_run_and_a_bad_provider_is_refused(settings: Any) -> None:
    proc = assay(settings, "run", QUESTION, "--review-plan", stdin="n\n")
    assert proc.returncode == 1 and "plan rejected: the run is cancelled" in proc.stdout, proc.stdout + proc.stderr
    assert "run cancelled" in proc.stderr and "rejected at review" in proc.stderr
    bad = assay(settings, "run", QUESTION, "--providers", "bing,local")
    assert bad.returncode == 2 and "providers" in bad.stderr, bad.stderr
