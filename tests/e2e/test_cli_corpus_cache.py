"""A local corpus that changes, as a new user meets it through ``assay`` (child processes against the test's NATS
and PostgreSQL; a new-user trial found each of these):

- ``--corpus NAME`` researches a corpus ingested before with ``assay ingest PATH --corpus NAME``;
- the same question over an unchanged corpus is answered from the question cache;
- after a file it read was edited and ingested again, the cache does not answer (and says why), and the new run
  cites the new text only;
- a run over every corpus, while another corpus still holds the file's older version, cites one version: the
  newest ingested;
- an unknown corpus name is an exit-2 error naming the corpora there are.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import service_env

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
QUESTION = "Who founded Brantel Works?"
OLD = "Brantel Works is a rope maker in Ostby, founded in 1921 by Ada Voss."
NEW = "Brantel Works is a rope maker in Ostby, founded in 1933 by Lena Roth."


def assay(settings: Any, *args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "services.cli.main", *args], env=service_env(settings),
                          capture_output=True, text=True, timeout=timeout, cwd=Path(__file__).resolve().parents[2])


def _said(proc: subprocess.CompletedProcess[str]) -> str:
    return " ".join((proc.stdout + proc.stderr).split())


def _write(path: Path, text: str, mtime_s: int) -> None:
    path.write_text(text, encoding="utf-8")
    os.utime(path, (mtime_s, mtime_s))


@pytest.mark.timeout(900)  # six runs and a few ingests as child processes on a loaded machine
def test_a_changed_file_is_never_answered_from_the_cache_nor_cited_beside_its_new_version(
        settings: Any, tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    brantel = folder / "brantel.md"
    _write(brantel, f"# Brantel Works\n\n{OLD} It employs 85 people.\n", 1_700_000_000)
    _write(folder / "harbour.md", "# Ostby harbour\n\nOstby harbour was dredged in 1956 for larger ships.\n",
           1_700_000_000)
    _write(folder / "voss.md", "# Ada Voss\n\nAda Voss was a sailmaker of Ostby and a town councillor.\n",
           1_700_000_000)
    for name in ("trial", "old"):
        ingest = assay(settings, "ingest", str(folder), "--corpus", name, timeout=120)
        assert ingest.returncode == 0 and "ingested 3 document(s)" in ingest.stdout, _said(ingest)

    first = assay(settings, "run", QUESTION, "--corpus", "trial", "--json", str(tmp_path / "1.json"))
    assert first.returncode == 0, _said(first)
    res1 = json.loads((tmp_path / "1.json").read_text())
    assert res1["request"]["corpus"] == "trial" and "1921" in res1["report"]
    assert "INFO:" not in first.stdout + first.stderr  # no log line inside the timeline

    again = assay(settings, "run", QUESTION, "--corpus", "trial", timeout=120)
    assert again.returncode == 0 and "answered from the cache" in again.stdout, _said(again)
    assert res1["run_id"] in again.stdout and "RunStarted" not in again.stdout

    _write(brantel, f"# Brantel Works\n\n{NEW} It employs 85 people.\n", 1_700_000_100)
    ingest = assay(settings, "ingest", str(folder), "--corpus", "trial", timeout=120)
    assert "1 document(s) of changed or deleted files removed" in _said(ingest), _said(ingest)

    third = assay(settings, "run", QUESTION, "--corpus", "trial", "--json", str(tmp_path / "3.json"))
    said = _said(third)
    assert third.returncode == 0 and "RunStarted" in said, said  # researched again, saying why not cached
    assert "not answered from the cache" in said and res1["run_id"] in said and "brantel.md" in said
    res3 = json.loads((tmp_path / "3.json").read_text())
    assert "1933" in res3["report"] and "1921" not in res3["report"]
    assert res3.get("cached") is None

    # every corpus: "old" still holds the file as it was; only the newest version ("trial"'s) is a source
    every = assay(settings, "run", QUESTION, "--fresh", "--json", str(tmp_path / "4.json"))
    assert every.returncode == 0, _said(every)
    res4 = json.loads((tmp_path / "4.json").read_text())
    versions = [s for s in res4["sources"] if str(s.get("final_url") or "").endswith("brantel.md")]
    assert len(versions) == 1, versions
    assert "1933" in res4["report"] and "1921" not in res4["report"] and "disagree" not in res4["report"]

    unknown = assay(settings, "run", QUESTION, "--corpus", "no-such-corpus", timeout=120)
    assert unknown.returncode == 2 and "no such file, folder or corpus: no-such-corpus" in _said(unknown)
    assert "'trial'" in _said(unknown) and "'old'" in _said(unknown)
