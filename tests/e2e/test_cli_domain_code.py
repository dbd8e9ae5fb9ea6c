"""``assay run --domain code --workspace PATH`` from the command line: a workspace that does not exist is refused
before anything starts, and a code run over the loopback registries prints the code report (the registries'
and pip's addresses come from ``ASSAY_CODE_*`` in the child's environment; the test's own is untouched)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.code_standins import registries
from tests.conftest import service_env

REPO = Path(__file__).resolve().parents[2]
QUESTION = "Which Python HTTP client should I use to call get() with retries: fetchkit or slowhttp?"


def assay(env: dict[str, str], *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "services.cli.main", *args], env=env, capture_output=True,
                          text=True, timeout=timeout, cwd=REPO)


def test_a_workspace_that_does_not_exist_is_a_clear_error(settings: Any, tmp_path: Path) -> None:
    proc = assay(service_env(settings), "run", QUESTION, "--domain", "code", "--workspace", str(tmp_path / "nope"),
                 timeout=60)
    assert proc.returncode == 2 and "--workspace" in proc.stderr and "no such folder" in proc.stderr
    (tmp_path / "file.txt").write_text("x")
    proc = assay(service_env(settings), "run", QUESTION, "--workspace", str(tmp_path / "file.txt"), timeout=60)
    assert proc.returncode == 2 and "not a folder" in proc.stderr


def test_a_code_run_from_the_command_line(settings: Any, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "requirements.txt").write_text("fetchkit==2.3.0\n")
    corpus = tmp_path / "docs"
    corpus.mkdir()
    (corpus / "clients.md").write_text("# HTTP clients\n\nfetchkit is a Python HTTP client with retries and "
                                       "connection pooling. slowhttp is an older library for simple fetching.\n")
    out = tmp_path / "result.json"
    report = tmp_path / "report.md"
    with registries() as standins:
        env = {**service_env(settings), "ASSAY_CODE_PYPI_URL": standins.base, "ASSAY_CODE_NPM_URL": standins.base,
               "ASSAY_CODE_NPM_DOWNLOADS_URL": standins.base, "ASSAY_CODE_CRATES_URL": standins.base,
               "ASSAY_CODE_PIP_INDEX_URL": standins.base + "/simple"}
        proc = assay(env, "run", QUESTION, "--domain", "code", "--workspace", str(project), "--corpus", str(corpus),
                     "--json", str(out), "--output", str(report), "--budget-seconds", "240")
    assert proc.returncode == 0, proc.stderr[-2000:]
    for event in ("PackagesSurveyed", "ApiSignaturesExtracted", "SnippetChecked", "DomainAnalysisCompleted"):
        assert event in proc.stdout, f"timeline lacks {event}"
    text = report.read_text()
    assert text.split("\n## ", 1)[1].startswith("Answer\n") and "## Package comparison" in text and "## Checked code" in text
    assert "(in use: 2.3.0)" in text and "Check: **passed**" in text
    res = json.loads(out.read_text())
    assert res["status"] == "completed" and res["domain_analysis"]["status"] == "complete"
    assert res["citation_audit"]["valid"] == res["citation_audit"]["total"] > 0
