"""A record asked by its noun before "record" ("What is the visitor record of X?", "the attendance record at X") is
the record attendance asked, and a figure a page calls "the previous record" is no record any more (task h150, trial
t75 Q13; the pages here are invented): "What is the visitor record of <museum>?" led with a register's stale row
"<maker>: museum visitors record 53,100 (2019)" over a dated news item's "welcomed 57,340 visitors in 2025, a new
record. The previous record, 53,100 visitors, had been set in 2019." A present "what is the record" takes the record
that stands (``services.synthesizer.verdicts._attribute_superlative``, ``shared.text.records.asks_count_record``,
``shared.text.records.superseded_figures``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import standing_record_lead
from services.synthesizer.verdicts import decide_extreme
from shared.report import lead_section
from shared.text.records import asks_count_record, superseded_figures
from tests.claim_pages import listed_claims, noted_report

MUSEUM = "Krellbach Clock Museum"
MAKER = "Krellbach Clock Manufactory"
REGISTER = (MAKER, [f"{MAKER}: founded 1802.", f"{MAKER}: museum {MUSEUM}.",
                    f"{MAKER}: museum visitors record 31,400 (2018)."])
NEWS = (f"Record year for the {MUSEUM}", [
    f"The {MUSEUM}, the museum of {MAKER}, welcomed 36,950 visitors in 2025, a new record.",
    "The previous record, 31,400 visitors, had been set in 2018.",
    "In 2024 the museum counted 29,800 visitors."])
HISTORY = (f"A short history of the {MAKER}", [
    f"The {MAKER} was founded in 1802 by the clockmaker Ottilie Brandwein in Krellbach.",
    f"By 1850 the {MAKER} employed 140 workers.",
    f"The {MAKER} reopened its museum in 2011.",
    f"The {MAKER} still assembles every movement by hand."])
PAGES = {"register": REGISTER, "history": HISTORY, "news": NEWS}


@pytest.mark.parametrize(("question", "nouns"), [
    (f"What is the visitor record of the {MUSEUM}?", ("visitor",)),
    (f"What is the attendance record at the {MUSEUM}?", ("attendance",)),
    (f"What is the {MUSEUM}'s visitor record?", ("visitor",)),
    (f"What is the all-time visitors record of the {MUSEUM}?", ("visitor",)),
    (f"What is the course record of the {MUSEUM} run?", ()),  # a race's record: a time
    (f"What is the safety record of the {MUSEUM}?", ()),  # no count of visitors
    (f"How many visitors did the {MUSEUM} have in 2025?", ()),
])
def test_a_count_record_asked_by_its_noun(question: str, nouns: tuple[str, ...]) -> None:
    assert asks_count_record(question) == nouns


def test_a_record_called_previous_is_beaten() -> None:
    assert [v for v, _s, _at in superseded_figures("The previous record, 31,400 visitors, had been set in 2018.")] \
        == [31400.0]
    assert [v for v, _s, _at in superseded_figures("The former record was 31,400 visitors.")] == [31400.0]
    assert [v for v, _s, _at in superseded_figures("The old record had been 31,400 visitors.")] == [31400.0]
    # a record stated, or a figure after a clause of its own, is none
    assert superseded_figures(f"The {MUSEUM} welcomed 36,950 visitors in 2025, a new record.") == []
    assert superseded_figures("After the previous record year, 29,800 visitors came in 2024 and 3 new rooms "
                              "opened.") == []


@pytest.mark.parametrize("question", [f"What is the visitor record of the {MUSEUM}?",
                                      f"What is the {MUSEUM}'s attendance record?",
                                      f"What is the record attendance of the {MUSEUM}?"])
def test_the_noun_record_is_decided_as_the_record_attendance(question: str) -> None:
    about = (f"About the {MUSEUM}", [f"The {MUSEUM} reached its record attendance of 31,400 visitors in 2018."])
    claims, sources = listed_claims({"about": about, "news": NEWS})
    extreme = decide_extreme(question, [c.text for c in claims], [sources[c.source_id].title for c in claims],
                             list(range(len(claims))))
    assert extreme is not None and extreme.values == ("36,950",), extreme


TEXTS = [*REGISTER[1], *HISTORY[1], *NEWS[1]]
TITLES = [REGISTER[0]] * 3 + [HISTORY[0]] * 4 + [NEWS[0]] * 3
STALE, NEW, PREVIOUS = 2, 7, 8  # the register's record row, the news item's new record, its "previous record"
QUESTION = f"What is the visitor record of the {MUSEUM}?"


def _lead(question: str, texts: list[str], lead: list[int], titles: list[str] = TITLES) -> list[int]:
    return standing_record_lead(question, texts, lead, list(range(len(texts))), titles[:len(texts)])


@pytest.mark.parametrize("question", [QUESTION, f"What is the attendance record at the {MUSEUM}?",
                                      f"What is the record attendance of the {MUSEUM}?"])
def test_a_record_called_previous_leaves_the_lead(question: str) -> None:
    # the register's "museum visitors record 31,400 (2018)" is what the news item calls the previous record
    assert _lead(question, TEXTS, [STALE]) == [NEW]
    assert _lead(question, TEXTS, [PREVIOUS, NEW]) == [NEW]
    assert _lead(question, TEXTS, [NEW, STALE]) == [NEW, STALE]  # the standing record leads already


def test_a_newer_years_record_takes_the_lead() -> None:
    # no page calls 31,400 the previous record: the 2025 record is newer than the 2018 one, records only being broken
    texts = [*TEXTS[:PREVIOUS], "It was a year of special exhibitions."]
    assert _lead(QUESTION, texts, [STALE]) == [NEW]
    # a record of another count (the museum's members) is no newer visitor record
    members = f"The {MUSEUM}'s friends' society reached a record 1,240 members in 2025."
    assert _lead(QUESTION, [*texts[:NEW], members], [STALE]) == [STALE]
    # an undated rival says nothing of which is newer
    assert _lead(QUESTION, [*texts[:NEW], f"The {MUSEUM} once welcomed a record 36,950 visitors."],
                 [STALE]) == [STALE]


def test_a_look_alikes_record_never_leads() -> None:
    other = "The Krellbach Toy Museum welcomed 44,100 visitors in 2025, a new record."
    texts = [*TEXTS[:NEW], other, TEXTS[PREVIOUS]]
    titles = [*TITLES[:NEW], "Krellbach Toy Museum news", TITLES[PREVIOUS]]
    assert _lead(QUESTION, texts, [STALE], titles) == [STALE]


def test_no_record_asked_no_change() -> None:
    assert _lead(f"How many visitors did the {MUSEUM} have in 2018?", TEXTS, [STALE]) == [STALE]
    assert _lead(f"What is the course record of the {MUSEUM} run?", TEXTS, [STALE]) == [STALE]


@pytest.mark.parametrize("question", [f"What is the visitor record of the {MUSEUM}?",
                                      f"What is the attendance record at the {MUSEUM}?"])
def test_the_report_leads_with_the_standing_record(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    report, _gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(NEWS[1][0][:-1]), lead  # (the previous record may follow it, said as previous)
