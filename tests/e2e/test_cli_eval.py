"""``assay eval`` as a user runs it: bad flags exit 2 with the reason; a suite prints one Markdown row per figure,
writes the table, records ``EvalRunCompleted`` (visible to ``assay replay``) and checks a floors file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from services.eval.claims import SCIFACT_DIR
from tests.e2e.test_cli import assay
from tests.shared_data import require

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]


@pytest.mark.parametrize("args, reason", [
    (("eval", "squad"), "unknown dataset 'squad'; known: hotpotqa, scifact, healthver, climate-fever"),
    (("eval", "hotpotqa", "--limit", "0"), "--limit must be at least 1"),
    (("eval", "scifact", "--pooled"), "--pooled applies to hotpotqa only"),
])
def test_bad_eval_flags_exit_2_with_the_reason(settings: Any, args: tuple[str, ...], reason: str) -> None:
    proc = assay(settings, *args, timeout=60)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert reason in " ".join(proc.stderr.split())


def test_a_floors_file_that_is_not_toml_exits_2(settings: Any, tmp_path: Path) -> None:
    bad = tmp_path / "floors.toml"
    bad.write_text("[scifact:5\nx = ", encoding="utf-8")
    proc = assay(settings, "eval", "scifact", "--limit", "5", "--floors", str(bad), timeout=60)
    assert proc.returncode == 2 and "not valid TOML" in " ".join(proc.stderr.split())


def test_scifact_prints_rows_writes_the_table_records_the_event_and_checks_floors(settings: Any,
                                                                                   tmp_path: Path) -> None:
    require(SCIFACT_DIR / "claims_dev.jsonl")
    table = tmp_path / "scifact.md"
    floors = tmp_path / "floors.toml"
    floors.write_text('["scifact:10".floors]\nevidence_recall_at_3 = 1.01\n', encoding="utf-8")  # cannot hold
    proc = assay(settings, "eval", "scifact", "--limit", "10", "--output", str(table), "--floors", str(floors))
    assert proc.returncode == 1, proc.stderr[-2000:]  # the figures were printed and recorded, then the floor broke
    assert "below floor: evidence_recall_at_3" in proc.stderr
    rows = [line for line in proc.stdout.splitlines() if line.startswith("| scifact |")]
    labels = [row.split(" | ")[3] for row in rows]
    assert "abstract-level label-only F1" in labels and "evidence recall@3" in labels
    assert all(" | claims_dev.jsonl[:10] | " in row for row in rows)
    written = table.read_text(encoding="utf-8")
    assert written.startswith("# assay eval scifact") and all(row in written for row in rows)
    eval_id = proc.stdout.split("assay replay ")[1].split(")")[0]
    replay = assay(settings, "replay", eval_id)
    assert replay.returncode == 0 and "EvalRunCompleted" in replay.stdout

    floors.write_text('["scifact:10".floors]\nevidence_recall_at_3 = 0.0\n', encoding="utf-8")
    details = tmp_path / "scifact.json"
    held = assay(settings, "eval", "scifact", "--limit", "10", "--output", str(table), "--floors", str(floors),
                 "--json", str(details))
    assert held.returncode == 0 and "floors of scifact:10 held" in held.stdout
    data = json.loads(details.read_text(encoding="utf-8"))
    assert data["suite"] == "scifact" and len(data["details"]) == 10
    assert set(data["figures"]) >= {"abstract_label_only_f1", "evidence_recall_at_3"}
    assert all(len(d["retrieved"]) == 3 and set(d["predicted"]) == set(d["retrieved"]) for d in data["details"])


def test_a_json_path_that_is_a_folder_exits_2(settings: Any, tmp_path: Path) -> None:
    proc = assay(settings, "eval", "scifact", "--json", str(tmp_path), timeout=60)
    assert proc.returncode == 2 and "--json" in proc.stderr and "not a writable file path" in proc.stderr
