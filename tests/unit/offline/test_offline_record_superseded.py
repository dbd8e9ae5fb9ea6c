"""Trial t67 X1/X5 (the pages here are invented): "What is the record attendance at <museum>?" led at 0.88 high with
an older page's "reached its record attendance of 14,210 visitors in 2019" while a newer press kit said "a record
18,115 visitors" in 2025 and a visitors-by-year table had later years above 14,210; "What was the record number of
visitors in a single year ...?" led with the table's first rows. "record" asks the highest as "highest" does
(``services.synthesizer.verdicts._SERIES_RE``, ``_ATTRIBUTE_SUP_RE``), and a stated record is broken by a later,
larger figure of the series or a later, larger stated record (``_broken``): it no longer contests the series, and
among rival records with no series the one standing is the record (``_standing_record``)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import Extreme, decide_extreme
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import noted_report, table_page_claims

TABLE = ("| Year | Visitors | Open days |\n|---|---|---|\n| 2018 | 9,120 | 140 |\n| 2019 | 6,050 | 90 |\n"
         "| 2020 | 10,480 | 150 |\n| 2021 | 11,930 | 152 |")
ROWS = ["Year 2018: visitors 9,120, open days 140.", "Year 2019: visitors 6,050, open days 90.",
        "Year 2020: visitors 10,480, open days 150.", "Year 2021: visitors 11,930, open days 152."]
OLD = ["The director of the Selwick Lock Museum is Oona Fenwold.",
       "Under her leadership the museum reached its record attendance of 9,120 visitors in 2018."]
KIT = ["The Selwick Lock Museum opened in 1981.", "In 2021 the museum welcomed a record 11,930 visitors."]
RECORD = "What is the record attendance at the Selwick Lock Museum?"
SERIES = "What was the record number of visitors in a single year at the Selwick Lock Museum?"
HIGHEST = "What was the highest attendance at the Selwick Lock Museum?"


def _claims(rows: bool = True, kit: bool = True) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    pages = [("tab", ["Selwick Lock Museum: visitors by year.", *ROWS])] if rows else []
    pages += [("old", OLD)] + ([("kit", KIT)] if kit else [])
    claims = table_page_claims(pages, TABLE)
    return claims, {
        "tab": SourceInfo(source_id="tab", title="Selwick Lock Museum: visitors by year", url_or_path="/c/tab.md",
                          domain="local"),
        "old": SourceInfo(source_id="old", title="About the museum (page last updated May 2019)",
                          url_or_path="/c/old.md", domain="local", published="2019-05-01"),
        "kit": SourceInfo(source_id="kit", title="Selwick Lock Museum press kit 2022", url_or_path="/c/kit.docx",
                          domain="local", published="2022-02-01")}


def _extreme(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo]) -> Extreme | None:
    return decide_extreme(question, [c.text for c in claims], [sources[c.source_id].title for c in claims],
                          list(range(len(claims))))


@pytest.mark.parametrize(("question", "lead"), [
    (RECORD, "The record attendance at the Selwick Lock Museum is 11,930, in 2021 [1]."),
    (HIGHEST, "The highest attendance at the Selwick Lock Museum was 11,930, in 2021 [1]."),
    (SERIES, "The record number of visitors in a single year at the Selwick Lock Museum was 11,930, in 2021 [1]."),
])
def test_a_broken_record_gives_way_to_the_later_larger_figure(question: str, lead: str) -> None:
    claims, sources = _claims()
    extreme = _extreme(question, claims, sources)
    assert extreme is not None and (extreme.names, extreme.values) == (("2021",), ("11,930",))
    report, gate = noted_report(question, claims, sources)
    said = lead_section(report.markdown)
    assert said.split(" [1]. ")[0] + " [1]." == lead, report.markdown
    assert "9,120" not in said, said
    assert gate.tier != "low", report.markdown


def test_a_broken_record_without_the_newer_one_still_gives_way_to_the_series() -> None:
    claims, sources = _claims(kit=False)
    extreme = _extreme(RECORD, claims, sources)
    assert extreme is not None and (extreme.names, extreme.values) == (("2021",), ("11,930",))


def test_of_rival_records_alone_the_later_larger_one_stands() -> None:
    claims, sources = _claims(rows=False)
    extreme = _extreme(RECORD, claims, sources)
    assert extreme is not None and (extreme.names, extreme.values) == (("2021",), ("11,930",))
    report, _gate = noted_report(RECORD, claims, sources)
    said = lead_section(report.markdown)
    assert said.startswith("The record attendance at the Selwick Lock Museum is 11,930, in 2021 [1]."), said
    assert "9,120" not in said, said


def test_a_lone_record_or_contradicting_records_decide_nothing_alone() -> None:
    # one record only: it leads as it is (no extreme decided from one figure)
    claims, sources = _claims(rows=False, kit=False)
    assert _extreme(RECORD, claims, sources) is None
    # a larger "record" of an earlier year than a smaller one: they contradict, none stands
    claims, sources = _claims(rows=False)
    texts = [c.text.replace("In 2021", "In 2016") for c in claims]
    assert decide_extreme(RECORD, texts, [sources[c.source_id].title for c in claims],
                          list(range(len(claims)))) is None


def test_a_larger_figure_of_an_earlier_year_still_contests_a_record() -> None:
    # "record 9,120 in 2018" beside a series whose larger figures are all earlier (2016) is a contradiction, not a
    # broken record: nothing decided
    claims, sources = _claims(kit=False)
    texts = [c.text.replace("Year 2020", "Year 2016").replace("Year 2021", "Year 2017") for c in claims]
    assert decide_extreme(HIGHEST, texts, [sources[c.source_id].title for c in claims],
                          list(range(len(claims)))) is None
