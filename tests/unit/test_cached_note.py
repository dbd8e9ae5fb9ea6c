"""A report served from the question cache says so in the written Markdown itself, with when it was researched
(issue 12 item 4: a cached answer never hides that it is cached; issue 15: a fresh trial got old prices from the
cache with no note in the report)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from shared.report import CACHED_NOTE, with_cached_note

REPORT = "# Best headphones under $300?\n\n## Verdicts\n\n- **Best value: Acme** — 249.00 USD [1].\n"


def test_the_note_sits_under_the_title_with_the_run_and_the_time_in_utc() -> None:
    at = datetime(2026, 11, 30, 9, 5, tzinfo=timezone(timedelta(hours=2)))
    out = with_cached_note(REPORT, run_id="r-1", written_at=at, refresh="`assay run --fresh` researches it again")
    lines = out.splitlines()
    assert lines[0] == "# Best headphones under $300?" and lines[1] == "" and lines[2].startswith(CACHED_NOTE)
    assert "researched on 2026-11-30 07:05 UTC (run r-1)" in lines[2] and "prices" in lines[2]
    assert lines[2].endswith("`assay run --fresh` researches it again.")
    assert out.replace(lines[2] + "\n\n", "") == REPORT  # nothing else changes
    assert with_cached_note(out, run_id="r-1", written_at=at) == out  # said once


def test_a_report_without_a_title_opens_with_the_note() -> None:
    out = with_cached_note("## Answer\n\nYes [1].\n", run_id="r-2", written_at=datetime(2026, 1, 2, tzinfo=UTC))
    assert out.startswith(f"{CACHED_NOTE} this report was researched on 2026-01-02 00:00 UTC (run r-2)")
    assert out.endswith("## Answer\n\nYes [1].\n")
