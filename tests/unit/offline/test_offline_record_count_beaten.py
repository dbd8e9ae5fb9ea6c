"""A count record a sentence says it beat ("welcomed 12,400 visitors, beating the previous record of 9,870 visitors")
is no longer the record, as a record time is (task h130, trial t67 X1/X5; the pages here are invented): the claim
beating it states the record, higher being better for a count (``shared.text.records.superseded_figures``,
``services.synthesizer.verdicts._record_figure`` / ``_broken`` / ``_standing_record``). And "What was the record
number of visitors in a single year at X?" with no by-year table is decided by the rival stated records, as "What is
the record attendance at X?" is: of "record attendance of 9,870 visitors in 2017" and "In 2024 the museum welcomed a
record 12,400 visitors", the later, larger one stands."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_extreme
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.records import superseded_figures, superseded_times
from tests.claim_pages import listed_claims, noted_report

MUSEUM = "Dunmere Glass Museum"
OLD_DATED = "Under his leadership the museum reached its record attendance of 9,870 visitors in 2017."
OLD_UNDATED = "The museum's record attendance is 9,870 visitors."
BEAT = "Last summer the museum welcomed 12,400 visitors, beating the previous record of 9,870 visitors."
BEAT_DATED = ("In 2024 the museum welcomed 12,400 visitors, beating the previous record of 9,870 visitors set in "
              "2017.")
NEW_DATED = "In 2024 the museum welcomed a record 12,400 visitors."
RECORD = f"What is the record attendance at the {MUSEUM}?"
SERIES = f"What was the record number of visitors in a single year at the {MUSEUM}?"


def _pages(old: str, new: str) -> dict[str, tuple[str, list[str]]]:
    return {"about": (f"About the {MUSEUM} (page last updated 2020)", [
                f"The director of the {MUSEUM} is Piet Harrowby.", old]),
            "kit": (f"{MUSEUM} press kit 2025", [f"The {MUSEUM} opened in 1964.", new])}


def _decided(question: str, old: str, new: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    claims, sources = listed_claims(_pages(old, new))
    extreme = decide_extreme(question, [c.text for c in claims], [sources[c.source_id].title for c in claims],
                             list(range(len(claims))))
    return None if extreme is None else (extreme.names, extreme.values)


def test_superseded_figures_reads_the_beaten_count() -> None:
    assert [(v, shown) for v, shown, _at in superseded_figures(BEAT)] == [(9870.0, "9,870")]
    assert [v for v, _s, _at in superseded_figures("It broke the old record of 412 members.")] == [412.0]
    assert superseded_figures(NEW_DATED) == []
    assert superseded_figures(OLD_DATED) == []  # a record reached, none beaten
    # a race time is read by superseded_times, as before
    assert superseded_times("It lowered the old record of 7 minutes 2 seconds.") == [422.0]


@pytest.mark.parametrize("question", [RECORD, SERIES])
@pytest.mark.parametrize(("old", "new", "year"), [
    (OLD_DATED, BEAT, ""),  # the beaten record is dated, the beating claim is not: the beaten figure ties them
    (OLD_UNDATED, BEAT, ""),
    (OLD_DATED, BEAT_DATED, "2024"),  # the beaten figure's year ("set in 2017") is not the new record's
    (OLD_DATED, NEW_DATED, "2024"),  # "a record N" of a later year beats an earlier, lower record
])
def test_the_record_beating_the_older_one_stands(question: str, old: str, new: str, year: str) -> None:
    assert _decided(question, old, new) == ((year,), ("12,400",))


@pytest.mark.parametrize("question", [RECORD, SERIES])
def test_conservative_no_record_stands(question: str) -> None:
    # the figure said beaten is not the other page's record: nothing ties them, and neither is dated
    other = BEAT.replace("9,870", "9,500")
    assert _decided(question, OLD_UNDATED.replace("record attendance is", "record attendance of 2019 is"),
                    other.replace("Last summer", "In 2016")) is None
    # a larger "record" of an earlier year than a smaller one: they contradict, none stands
    assert _decided(question, OLD_DATED, NEW_DATED.replace("2024", "2015")) is None
    # a "beating" claim whose own figure is lower than the record it names beats nothing
    assert _decided(question, OLD_DATED, BEAT.replace("12,400", "8,400")) is None


@pytest.mark.parametrize(("question", "said"), [
    (RECORD, f"The record attendance at the {MUSEUM} is 12,400"),
    (SERIES, f"The record number of visitors in a single year at the {MUSEUM} was 12,400"),
])
def test_the_beating_claim_leads(question: str, said: str) -> None:
    claims, sources = listed_claims(_pages(OLD_DATED, BEAT))
    report, _gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(said), lead
    assert "9,870 visitors in 2017" not in lead, lead


def test_dated_rival_records_lead_the_later_one_for_a_series_question() -> None:
    claims: list[VerifiedClaim]
    claims, sources = listed_claims(_pages(OLD_DATED, NEW_DATED))
    assert isinstance(sources["kit"], SourceInfo)
    report, _gate = noted_report(SERIES, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(f"The record number of visitors in a single year at the {MUSEUM} was 12,400, in 2024"), \
        lead
