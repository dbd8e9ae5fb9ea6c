"""``assay search`` and the memory search function refuse a text with no word to search for (before any server
is asked), as ``assay run`` refuses such a question."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from services.cli.main import app
from shared.memory.search import search_memory, searchable


@pytest.mark.parametrize("text", ["?!...", " -- ", "¿¡…!", "_"])
def test_a_search_without_words_is_refused_with_exit_2(text: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["search", text, "--data-dir", str(tmp_path / "none")])
    assert result.exit_code == 2, result.output
    assert "no words to search for" in result.output
    assert not (tmp_path / "none").exists()  # refused before anything was opened or started


def test_words_in_any_script_and_numbers_are_searchable() -> None:
    assert all(searchable(t) for t in ("pH?", "1887", "東京", "Ω!", "Kodish?!"))
    assert not any(searchable(t) for t in ("?!...", "", "  ", "--", "«»"))
    with pytest.raises(ValueError, match="no words to search for"):
        search_memory(None, "?!...")  # type: ignore[arg-type]  # refused before the pool is used


def test_reused_verdicts_are_said_with_the_runs_they_came_from() -> None:
    from datetime import UTC, datetime
    from uuid import uuid4

    from contracts import ClaimVerified
    from services.cli.research import Timeline, reused_line

    a, b = "0f1e2d3c-0000-4000-8000-000000000001", "9a8b7c6d-0000-4000-8000-000000000002"
    assert reused_line([]) == ""
    assert reused_line([a]) == "1 verdict reused from memory (run 0f1e2d3c)"
    assert reused_line([a, a, b]) == "3 verdicts reused from memory (runs 0f1e2d3c, 9a8b7c6d)"
    timeline = Timeline()
    run = uuid4()
    for reused in (a, None):
        assert timeline.add(ClaimVerified(run_id=run, claim_id=uuid4(), verdict="supported", stability=1.0,
                                          support_score=0.9, spans=[], corroborating_domains=[],
                                          reused_from=reused, occurred_at=datetime.now(UTC), event_id=uuid4(),
                                          seq=1)) == []
    (line,) = timeline.flush()
    assert line[1].endswith("; 1 verdict reused from memory (run 0f1e2d3c)"), line
