"""Review rev60 finding 1 (the pages here are invented): a superlative of a counted attribute ("What was the highest
attendance of X?") was decided over the "Year N:" rows alone, at medium or high, even when another claim gives a
figure beyond the series or calls another figure the record ("its highest attendance ever", "peaked at"), and when
the rows are on another event's or a look-alike's page. A series decides it only when its page or row names the
asked thing and no look-alike of it (``services.synthesizer.verdicts._series_of``) and no other claim contests it
(``_series_contested``); else the lead falls back to the undecided base (low)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_extreme
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import noted_report, table_page_claims

TABLE = ("| Year | Visitors |\n|------|---------|\n| 2016 | 52,400 |\n| 2019 | 27,300 |\n| 2020 | 39,800 |\n"
         "| 2021 | 44,100 |")
ROWS = ["Year 2016: visitors 52,400.", "Year 2019: visitors 27,300.", "Year 2020: visitors 39,800.",
        "Year 2021: visitors 44,100."]
HIGHEST = "What was the highest attendance of the Morrowfen Lantern Fair?"
LOWEST = "What was the lowest attendance of the Morrowfen Lantern Fair?"
PEAK = "What was the attendance of the Morrowfen Lantern Fair at its highest point?"


def _claims(title: str, extra: list[str]) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims = table_page_claims((("report", ["The Morrowfen Lantern Fair took place from 2 to 9 June 2021.", *ROWS]),
                                ("hist", extra)), TABLE)
    return claims, {
        "report": SourceInfo(source_id="report", title=title, url_or_path="/corpus/report.pdf", domain="local"),
        "hist": SourceInfo(source_id="hist", title="Morrowfen Lantern Fair history", url_or_path="/corpus/hist.html",
                           domain="local")}


OWN = "Morrowfen Lantern Fair Annual Report 2021"
PLAIN = ["The Morrowfen Lantern Fair is a lantern festival held in Morrowfen."]


@pytest.mark.parametrize(
    "extra",
    ["In 2007 the Morrowfen Lantern Fair had 63,000 visitors, its highest attendance ever.",
     "The Morrowfen Lantern Fair drew its record attendance of 63,000 visitors in 2007."],
)
def test_a_sentence_stating_the_record_of_the_thing_wins_over_the_series(extra: str) -> None:
    claims, sources = _claims(OWN, [extra])
    report, gate = noted_report(HIGHEST, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.split(" [1]. ")[0] + " [1]." == "The highest attendance of the Morrowfen Lantern Fair was 63,000, in " \
        "2007 [1].", report.markdown
    assert gate.tier == "high"


def test_a_peak_sentence_wins_and_the_series_never_leads() -> None:
    claims, sources = _claims(OWN, ["Attendance at the Morrowfen Lantern Fair peaked at 63,000 in 2007."])
    extreme = decide_extreme(PEAK, [c.text for c in claims], [sources[c.source_id].title for c in claims],
                             list(range(len(claims))))
    assert extreme is not None and (extreme.names, extreme.values) == (("2007",), ("63,000",))
    report, gate = noted_report(PEAK, claims, sources)
    assert "52,400, in 2016" not in lead_section(report.markdown)
    assert gate.tier != "high" or "63,000, in 2007" in lead_section(report.markdown)


@pytest.mark.parametrize(
    ("question", "title", "extra"),
    [
        # two records disagreeing, or a figure beyond the series stated as no record: nothing decided
        (HIGHEST, OWN, ["The Morrowfen Lantern Fair drew its record attendance of 63,000 visitors in 2007.",
                        "In 2008 the Morrowfen Lantern Fair had 65,500 visitors."]),
        (HIGHEST, OWN, ["In 2008 the Morrowfen Lantern Fair had 65,500 visitors."]),
        (LOWEST, OWN, ["In 1998 only 3,400 visitors came to the Morrowfen Lantern Fair."]),
        (HIGHEST, "Morrowfen Candle Market Annual Report 2021", PLAIN),  # another event's series
        (HIGHEST, "Old Morrowfen Lantern Fair Annual Report 2021", PLAIN),  # a look-alike's series
    ],
)
def test_a_contested_or_foreign_series_decides_no_superlative(question: str, title: str, extra: list[str]) -> None:
    claims, sources = _claims(title, extra)
    assert decide_extreme(question, [c.text for c in claims], [sources[c.source_id].title for c in claims],
                          list(range(len(claims)))) is None
    report, gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert "52,400, in 2016" not in lead and "27,300, in 2019" not in lead, lead
    assert gate.tier == "low", report.markdown


@pytest.mark.parametrize(
    ("question", "lead"),
    [(HIGHEST, "The highest attendance of the Morrowfen Lantern Fair was 52,400, in 2016 [1]."),
     (LOWEST, "The lowest attendance of the Morrowfen Lantern Fair was 27,300, in 2019 [1].")],
)
def test_an_own_uncontested_series_still_decides(question: str, lead: str) -> None:
    # a record sentence agreeing with the series' extreme does not contest it
    claims, sources = _claims(OWN, [*PLAIN, "The Morrowfen Lantern Fair had its record attendance of 52,400 in 2016."])
    report, gate = noted_report(question, claims, sources)
    assert lead_section(report.markdown).split(" [1]. ")[0] + " [1]." == lead, report.markdown
    assert gate.tier != "low", report.markdown
