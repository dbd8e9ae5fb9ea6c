"""domain-shopping end to end over real NATS and PostgreSQL (issue 15, trial t47 fault 1): one quantity a page names
"Extraction rate" in L/day and another "Moisture removal" in pints/day is one column, the question's "removes more
water per day" ranks on it, and an independent test naming the other product the better on it lowers the tier to
low. Loopback pages; invented products and figures."""

from __future__ import annotations

from typing import Any

import pytest

from tests.shop_pages import page, row
from tests.shopping_pages import shopping_run

pytestmark = [pytest.mark.nats, pytest.mark.postgres]
QUESTION = "Which dehumidifier removes more water per day: the Brolund Damp 9 or the Corvane Dry 30?"


def spec_page(name: str, rows: str) -> str:
    return page(name, f"<h1>{name}</h1><p>The {name} is a dehumidifier for cellars and bedrooms.</p>"
                f"<table>{rows}</table>")


PAGES = {
    "/brolund/damp-9": spec_page("Brolund Damp 9", row("Extraction rate", "14 L/day") + row("Water tank", "3 L")
                                 + row("Noise level", "38 dB") + row("Power consumption", "210 W")),
    "/corvane/dry-30": spec_page("Corvane Dry 30", row("Moisture removal", "40 pints/day")
                                 + row("Water tank", "0.9 gal") + row("Noise level", "47 dB")
                                 + row("Power consumption", "300 W")),
}


def chamber_test_page(better: str, other: str) -> str:
    return page(f"{better} vs {other}: which dehumidifier pulls more water?",
                f"<article><h1>{better} vs {other}</h1><p>By Ada Vinter, 2026-10-02.</p><p>In our 27 °C chamber test "
                f"both ran for 24 hours.</p><p>The {better} removes more water per day.</p><p>The {other} is "
                "smaller.</p></article>")


async def test_one_quantity_under_two_names_ranks_and_a_test_against_the_verdict_lowers_the_tier(runtime: Any
                                                                                                  ) -> None:
    res = await shopping_run(runtime, {**PAGES, "/dampcheck/test": chamber_test_page("Brolund Damp 9", "Corvane Dry 30")},
                             QUESTION)
    assert res["status"] == "completed", res["failure"]
    report = res["report"]
    matrix = report.split("## Spec matrix", 1)[1].split("\n## ", 1)[0]
    header = matrix.strip().splitlines()[0]
    assert "extraction rate" in header and "moisture removal" not in header, matrix
    assert "40 pints/day (≈ 18.9 l/day) [" in matrix and "m³/h" not in matrix, matrix
    verdicts = report.split("## Verdicts", 1)[1].split("\n## ", 1)[0]
    best = next(v for v in verdicts.splitlines() if "Best overall" in v)
    assert "Best overall: Corvane Dry 30" in best and "(extraction rate)" in best, verdicts
    assert "says otherwise: “The Brolund Damp 9 removes more water per day.”" in best, best
    assert res["confidence"]["tier"] == "low", res["confidence"]
    assert any("names another product than the best overall the better" in m for m in res["missing"]), res["missing"]
    assert res["citation_audit"]["valid"] == res["citation_audit"]["total"]
