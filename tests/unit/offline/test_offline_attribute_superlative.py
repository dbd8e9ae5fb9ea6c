"""Trial t61 F6/X2 (the pages here are invented): "What was the highest attendance of X?" was led by "Total attendance
in 2025 was 68,400 visitors, the second-highest figure after the record year 2019" at 0.92 high, and "What was the
attendance of X at its highest point?" by a false dispute "9 [1]; 68400 [2]" (the 9 a day of "9 to 19 October"). A
superlative of a counted attribute asked with a copula is the series' extreme with its year
(``services.synthesizer.verdicts.decide_extreme``, ``_attribute_superlative``), and a sentence saying the superlative
only of a rank below the top ("second-highest", "one of the highest", "after the record") holds no such superlative
and never leads as the extreme (``shared.text.sizes.ranked_superlatives``)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_extreme
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.sizes import ranked_superlatives
from tests.claim_pages import noted_report, table_page_claims

TABLE = ("| Year | Visitors | Concerts |\n|------|---------|------|\n| 2018 | 33,700 | 61 |\n| 2021 | 18,200 | 40 |\n"
         "| 2022 | 26,900 | 52 |\n| 2023 | 29,400 | 55 |\n| 2024 | 30,100 | 58 |")
REPORT = [
    "The Halloway Jazz Week took place from 4 to 12 May 2024.",
    "Total attendance in 2024 was 30,100 visitors, the second-highest figure after the record year 2018.",
    "Year 2018: visitors 33,700, concerts 61.",
    "Year 2021: visitors 18,200, concerts 40.",
    "Year 2022: visitors 26,900, concerts 52.",
    "Year 2023: visitors 29,400, concerts 55.",
    "Year 2024: visitors 30,100, concerts 58.",
]
RECORD = ["Halloway Jazz Week: attendance 30100."]


def _claims(with_rows: bool = True) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims = table_page_claims((("report", REPORT), ("record", RECORD)), TABLE,
                               keep=lambda text: with_rows or not text.startswith("Year "))
    return claims, {
        "report": SourceInfo(source_id="report", title="Halloway Jazz Week Annual Report 2024",
                             url_or_path="/corpus/report.pdf", domain="local"),
        "record": SourceInfo(source_id="record", title="Halloway Jazz Week", url_or_path="/corpus/record.json",
                             domain="local")}


def test_a_rank_below_the_top_holds_no_superlative() -> None:
    question = "What was the highest attendance of the Halloway Jazz Week?"
    assert ranked_superlatives(question, REPORT[1]) == {"highest"}
    assert ranked_superlatives(question, "It was one of the highest attendances in the town.") == {"highest"}
    assert ranked_superlatives(question, "The third-highest crowd came in 2022.") == {"highest"}
    assert ranked_superlatives(question, "The highest attendance was 33,700 in 2018.") == frozenset()
    assert ranked_superlatives("Which is the largest hall?", REPORT[1]) == frozenset()


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("What was the highest attendance of the Halloway Jazz Week?",
         "The highest attendance of the Halloway Jazz Week was 33,700, in 2018 [1]."),
        ("What was the attendance of the Halloway Jazz Week at its highest point?",
         "The attendance of the Halloway Jazz Week at its highest point was 33,700, in 2018 [1]."),
        ("What was the lowest attendance of the Halloway Jazz Week?",
         "The lowest attendance of the Halloway Jazz Week was 18,200, in 2021 [1]."),
    ],
)
def test_an_attributes_superlative_is_the_series_extreme_with_its_year(question: str, lead: str) -> None:
    claims, sources = _claims()
    report, gate = noted_report(question, claims, sources)
    said = lead_section(report.markdown)
    assert said.split(" [1]. ")[0] + " [1]." == lead, report.markdown
    assert gate.tier == "high"
    assert "disagree" not in report.markdown


def test_the_extreme_is_decided_among_the_years_only() -> None:
    claims, sources = _claims()
    extreme = decide_extreme("What was the highest attendance of the Halloway Jazz Week?", [c.text for c in claims],
                             [sources[c.source_id].title for c in claims], list(range(len(claims))))
    assert extreme is not None and (extreme.names, extreme.values, extreme.compared) == (("2018",), ("33,700",), 5)
    # without the series, sentences opening with a word are no things compared
    claims, sources = _claims(with_rows=False)
    assert decide_extreme("What was the highest attendance of the Halloway Jazz Week?", [c.text for c in claims],
                          [sources[c.source_id].title for c in claims], list(range(len(claims)))) is None


def test_a_second_highest_figure_is_never_a_confident_highest() -> None:
    claims, sources = _claims(with_rows=False)
    report, gate = noted_report("What was the highest attendance of the Halloway Jazz Week?", claims, sources)
    assert gate.tier == "low", report.markdown
