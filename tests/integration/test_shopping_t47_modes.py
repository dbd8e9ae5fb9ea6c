"""domain-shopping end to end over real NATS and PostgreSQL (issue 15, trial t47): spec rows of two modes ("Battery
life (GPS mode)", "(smartwatch mode)") are two matrix columns with no disagreement, and the question's mode ranks;
a range ("62-127 cm") is shown whole and makes no made-up "range" column."""

from __future__ import annotations

from typing import Any

import pytest

from tests.shopping_pages import shopping_run
from tests.unit.test_shopping_trial_t47 import DESKS, WATCHES

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


def _section(report: str, heading: str) -> str:
    return report.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]


async def test_two_modes_are_two_columns_and_the_asked_mode_ranks(runtime: Any) -> None:
    pages = {f"/{path}/": html for path, html in WATCHES.items()}
    res = await shopping_run(runtime, pages, "Which GPS running watch has the longest battery life in GPS mode?",
                             domain="shopping")
    assert res["status"] == "completed", res["failure"]
    report = res["report"]
    header = _section(report, "Spec matrix").strip().splitlines()[0]
    assert "battery life (gps mode)" in header and "battery life (smartwatch mode)" in header, header
    assert "disagree on the battery life" not in report, report
    verdicts = _section(report, "Verdicts")
    assert "Best overall: Bexa Pace 7" in verdicts and "battery life (gps mode)" in verdicts, verdicts


async def test_a_range_is_shown_whole_without_a_made_up_column(runtime: Any) -> None:
    pages = {f"/{path}/": html for path, html in DESKS.items()}
    res = await shopping_run(runtime, pages, "What is the best standing desk frame under $400?", domain="shopping")
    assert res["status"] == "completed", res["failure"]
    matrix = _section(res["report"], "Spec matrix")
    header = matrix.strip().splitlines()[0]
    assert "| height range |" in header and "| range |" not in header, header
    assert "71-117 cm" in matrix and "62-127 cm" in matrix
    assert "highest height range" not in res["report"] and "largest range" not in res["report"]
