"""The ``assay`` command as a user runs it (child processes against the test's NATS and PostgreSQL)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import service_env

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
QUESTION = ('Which Canadian rock band released a song called "Counterparts" and had a drummer who was '
            'inducted into the Modern Drummer Hall of Fame?')


def assay(settings: Any, *args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "services.cli.main", *args], env=service_env(settings),
                          capture_output=True, text=True, timeout=timeout, cwd=Path(__file__).resolve().parents[2])


@pytest.mark.timeout(600)  # a run and a dozen CLI processes: over the suite's 300 s on a loaded machine
def test_run_prints_a_cited_report_with_its_timeline_and_writes_the_json(settings: Any, tmp_path: Path) -> None:
    out = tmp_path / "result.json"
    proc = assay(settings, "run", QUESTION, "--json", str(out), "--max-sources", "8")
    assert proc.returncode == 0, proc.stderr[-2000:]
    text = proc.stdout
    assert "ingesting the bundled sample corpus" in text
    for stage in ("RunStarted", "PlanCreated", "SourceFetched", "ClaimVerified", "ReportSynthesized",
                  "CitationsAudited", "RunCompleted"):
        assert stage in text, f"timeline lacks {stage}"
    assert "Rush" in text and "[1]" in text
    res = json.loads(out.read_text())
    assert res["status"] == "completed" and res["report"].count("[1]") >= 1
    assert res["sources"] and all(s["source_id"] and s["url"] for s in res["sources"])
    supported = [c for c in res["claims"] if c["verdict"] == "supported"]
    assert supported and all(c["evidence_spans"] for c in supported)
    assert res["citation_audit"]["valid"] == res["citation_audit"]["total"] > 0
    assert res["scores"]["total"] > 0

    # the same question again (case and punctuation aside): answered from the cache, saying so
    again = assay(settings, "run", QUESTION.lower().rstrip("?"), "--max-sources", "8", "--json",
                  str(tmp_path / "again.json"), timeout=120)
    assert again.returncode == 0 and "answered from the cache" in again.stdout, again.stdout + again.stderr
    assert res["run_id"] in again.stdout and "RunStarted" not in again.stdout
    cached = json.loads((tmp_path / "again.json").read_text())
    assert cached["cached"]["run_id"] == res["run_id"] and cached["cached"]["match"] == "exact"
    # the written report says it is cached and from when (issue 12: a cached answer never hides that it is cached)
    note = next(line for line in cached["report"].splitlines() if line.startswith("> **Cached answer:**"))
    assert res["run_id"] in note and re.search(r"researched on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC", note), note
    assert cached["report"].replace(note + "\n\n", "") == res["report"]
    written = sorted((settings.common.data_dir / "reports").glob("*.md"), key=lambda p: p.stat().st_mtime)
    assert written and note in written[-1].read_text(encoding="utf-8")

    replay = assay(settings, "replay", res["run_id"])
    assert replay.returncode == 0 and "RunStarted" in replay.stdout and "RunCompleted" in replay.stdout
    found = assay(settings, "search", "Modern Drummer Hall of Fame")
    assert found.returncode == 0 and res["run_id"][:8] in found.stdout
    # research memory's search: kinds, dates, verdicts, runs; a bad --since is refused with the forms it takes
    claims = assay(settings, "search", "drummer of Rush", "--kind", "claim", "--since", "1d", "--run", res["run_id"])
    lines = [ln for ln in claims.stdout.splitlines() if ln.startswith("claim")]
    assert claims.returncode == 0 and lines, claims.stdout + claims.stderr
    assert all(res["run_id"][:8] in ln and re.search(r"\[[a-z_]+\]", ln)
               for ln in lines)
    sources = assay(settings, "search", "Neil Peart", "--kind", "source", "--limit", "3")
    assert sources.returncode == 0 and sources.stdout.startswith("source"), sources.stdout
    assert re.search(r"^source \d{4}-\d{2}-\d{2} \d{2}:\d{2}", sources.stdout)
    peart = assay(settings, "search", "--entity", "Neil Peart")
    about = [ln for ln in peart.stdout.splitlines() if ln.startswith("claim")]
    assert peart.returncode == 0 and about and all(res["run_id"][:8] in ln for ln in about)
    assert any("Neil Peart" in ln and "[supported]" in ln for ln in about), peart.stdout
    bad = assay(settings, "search", "Rush", "--since", "last tuesday")
    assert bad.returncode == 2 and "12h, 7d" in bad.stderr
    # an embedding model configured but unreachable: ranked by words, and the reason is printed
    env = {**service_env(settings), "ASSAY_MEMORY_EMBED_MODEL": "openai/no-such-embedder",
           "ASSAY_MEMORY_EMBED_API_BASE": "http://127.0.0.1:9/v1"}
    down = subprocess.run([sys.executable, "-m", "services.cli.main", "search", "Neil Peart drummer"], env=env,
                          capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert down.returncode == 0 and "ranked by words only" in down.stdout and "no-such-embedder" in down.stdout
    assert res["run_id"][:8] in down.stdout
    rebuilt = assay(settings, "projections", "rebuild")
    assert rebuilt.returncode == 0 and "replayed" in rebuilt.stdout
    # a close question (reworded): the earlier report is shown first, then a run re-checks it and says so
    close = assay(settings, "run", 'Which Canadian rock band, whose drummer was inducted into the Modern Drummer '
                  'Hall of Fame, released the song "Counterparts"?', "--max-sources", "8", "--json",
                  str(tmp_path / "close.json"), timeout=300)
    assert close.returncode == 0, close.stdout[-2000:] + close.stderr[-2000:]
    assert "a close question was researched before" in close.stdout and res["run_id"] in close.stdout
    assert close.stdout.index("earlier report") < close.stdout.index("RunStarted")
    rechecked = json.loads((tmp_path / "close.json").read_text())
    assert rechecked["run_id"] != res["run_id"] and "## Re-check of an earlier report" in rechecked["report"]
    assert f"re-checks the report of run {res['run_id']}" in rechecked["report"]


@pytest.mark.parametrize("question, reason", [
    ("", "question is empty or whitespace"),
    ("   \t  ", "question is empty or whitespace"),
    ("?!? ...", "it has no letters or digits"),  # only punctuation: refused before any run
    ("why " * 5000, "the limit is 2000"),
])
def test_unusable_questions_exit_2_with_the_reason(settings: Any, question: str, reason: str) -> None:
    proc = assay(settings, "run", question, timeout=60)
    assert proc.returncode == 2
    assert reason in " ".join(proc.stderr.split())


def test_bad_output_path_and_unusable_corpus_are_refused_before_the_run(settings: Any, tmp_path: Path) -> None:
    proc = assay(settings, "run", QUESTION, "--output", str(tmp_path), timeout=60)
    assert proc.returncode == 2 and "--output" in proc.stderr and "not a writable file path" in proc.stderr
    bad = tmp_path / "bad.bin"
    bad.write_bytes(bytes(range(256)) * 8)
    proc = assay(settings, "run", QUESTION, "--corpus", str(bad), timeout=60)
    assert proc.returncode == 2 and "nothing to research" in proc.stderr and "binary_file" in proc.stderr
    proc = assay(settings, "run", QUESTION, "--max-sources", "500", timeout=60)
    assert proc.returncode == 2 and "--max-sources" in proc.stderr


def test_ingest_refuses_binary_empty_and_non_utf8_files_and_keeps_the_rest(settings: Any, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "good.md").write_text("# Tides\n\nTides are caused by the gravity of the Moon and the Sun.\n")
    (corpus / "blob.txt").write_bytes(bytes(range(256)) * 4)
    (corpus / "empty.txt").write_text("   \n")
    (corpus / "latin1.txt").write_bytes("Caf\xe9 cr\xe8me is served at noon in the old town.".encode("latin-1"))
    proc = assay(settings, "ingest", str(corpus), "--corpus", "mixed", timeout=60)
    assert proc.returncode == 1
    err = " ".join(proc.stderr.split())
    assert "ingested 1 document(s)" in proc.stdout
    # the corpus's search index is built and saved by the ingest, not by the first run's search
    assert "indexed corpus 'mixed': 1 passage(s)" in proc.stdout
    saved = list((settings.common.data_dir / "cache" / "corpus-index").glob("*/*/assay.json"))
    assert len(saved) == 1
    assert "blob.txt: binary_file" in err and "empty.txt: empty_file" in err and "latin1.txt: not_utf8" in err
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / "nul.txt").write_text("Rush is a Canadian band. " * 50 + "\x00" + " Neil Peart was its drummer. " * 50)
    (odd / "records.json").write_text('[{"title": "Surrogate", "text": "Broken \\ud800 text about tides."}]')
    (odd / "good.txt").write_text("Tides are caused by the gravity of the Moon and the Sun.\n")
    proc = assay(settings, "ingest", str(odd), "--corpus", "odd", timeout=60)
    assert "Traceback" not in proc.stderr, proc.stderr[-1500:]
    assert "good.txt" not in proc.stderr  # the good file is never refused because of its neighbours
    stored = int(proc.stdout.split("ingested ")[1].split(" ")[0])
    assert stored >= 1 and proc.returncode in (0, 1)
    missing = assay(settings, "ingest", str(tmp_path / "nope"), timeout=60)
    assert missing.returncode == 2 and "no such file or folder" in missing.stderr


def test_a_bad_setting_in_the_environment_exits_2_naming_the_variable(settings: Any) -> None:
    env = {**service_env(settings), "ASSAY_SCRAPER_MAX_BYTES": "lots"}
    proc = subprocess.run([sys.executable, "-m", "services.cli.main", "run", QUESTION], env=env, capture_output=True,
                          text=True, timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 2 and "ASSAY_SCRAPER_MAX_BYTES" in proc.stderr and "Traceback" not in proc.stderr
    env = {**service_env(settings), "ASSAY_LLM_OPENROUTER_MODELS": "[1"}
    proc = subprocess.run([sys.executable, "-m", "services.cli.main", "models"], env=env, capture_output=True,
                          text=True, timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 2 and "ASSAY_LLM_OPENROUTER_MODELS" in proc.stderr and "Traceback" not in proc.stderr
    # an empty variable is as good as unset; a server URL that is not http(s) is refused by name
    env = {**service_env(settings), "ASSAY_LLM_CONFIG": "", "ASSAY_LLM_LOCAL_MODEL": ""}
    proc = subprocess.run([sys.executable, "-m", "services.cli.main", "models"], env=env, capture_output=True,
                          text=True, timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 0 and "routing from: defaults" in proc.stdout, proc.stderr
    env = {**service_env(settings), "ASSAY_LLM_LOCAL_BASE_URL": "notaurl"}
    proc = subprocess.run([sys.executable, "-m", "services.cli.main", "models"], env=env, capture_output=True,
                          text=True, timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 2 and "ASSAY_LLM_LOCAL_BASE_URL" in proc.stderr and "not an http" in proc.stderr


def test_list_settings_read_json_or_comma_separated_values() -> None:
    from shared.settings import ScraperSettings

    assert ScraperSettings(_env_file=None, allow_hosts="127.0.0.1, 10.0.0.0/8").allow_hosts == (
        "127.0.0.1", "10.0.0.0/8")
    assert ScraperSettings(_env_file=None, allow_hosts='["127.0.0.1"]').allow_hosts == ("127.0.0.1",)
    with pytest.raises(ValueError, match="allow_hosts"):
        ScraperSettings(_env_file=None, allow_hosts='["127.0.0.1"')


def test_bad_budgets_are_refused_naming_the_flag(settings: Any) -> None:
    proc = assay(settings, "run", QUESTION, "--budget-tokens", "0", "--budget-usd", "-1")
    assert proc.returncode == 2
    assert "--budget-tokens: Input should be greater than 0" in proc.stderr and "--budget-usd" in proc.stderr
