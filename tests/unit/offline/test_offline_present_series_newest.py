"""A present-tense question about a figure that one page gives for several years ("How many items are in the
collection ...?", "What is the size of ...'s collection?" over a table's "X: items in collection 611,000 in 2024."
and "... 618,400 in 2025.") is answered by the newest year's figure, said with its year, whatever form the table's cells
take; a question naming a year, or asking of a past time, keeps its own (task h65, trial t62 q04 / q17: the older
column led at high).

Pages and names made up here."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from services.synthesizer.offline import _newest_cells, asked_time_lead, find_disagreements, series_label
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

REPORT = """Annual Report 2025 - Tessmoor Borough Library

In 2025 the Tessmoor Borough Library welcomed 912,000 visits and lent 1,480,000 items.

Key figures

| Indicator | 2024 | 2025 |
| --- | --- | --- |
| Visits | 874,000 | 912,000 |
| Loans | 1,395,000 | 1,480,000 |
| Items in collection | 611,000 | 618,400 |
| Staff (FTE) | 57 | 55 |

At the end of 2025 the collection of the Tessmoor Borough Library held 618,400 items, of which 44 are early
printed books. The reading room was refitted in 2025.
"""
TITLE = "Tessmoor Borough Library Annual Report 2025"
ENCYCLOPEDIA = ["The Tessmoor Borough Library opened on 9 May 1932.",
                "The Tessmoor Borough Library was founded by the historian Oswin Trell."]


def _lead(question: str) -> tuple[str, str]:
    texts = [c.text for c in extract_claims(REPORT, title="Tessmoor Borough Library")]
    claims, sources = listed_claims({"ar": (TITLE, texts), "enc": ("Tessmoor Borough Library", ENCYCLOPEDIA)})
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


def test_the_older_column_leading_gives_way_to_the_newest() -> None:
    texts = ["Tessmoor Borough Library: items in collection 611,000 in 2024.",
             "Tessmoor Borough Library: items in collection 618,400 in 2025.",
             "In 2025 the Tessmoor Borough Library welcomed 912,000 visits and lent 1,480,000 items.",
             "At the end of 2025 the collection of the Tessmoor Borough Library held 618,400 items.",
             "Tessmoor Borough Library: loans 1,395,000 in 2024."]
    titles = ["Tessmoor Borough Library Annual Report 2025"] * 5
    for question in ("How many items are in the collection of the Tessmoor Borough Library?",
                     "What is the size of the Tessmoor Borough Library's collection?"):
        assert asked_time_lead(question, texts, [0], [0, 1, 2, 3, 4], titles) == [1], question
    # a question naming the year keeps that year's cell
    assert asked_time_lead("How many items were in the collection of the Tessmoor Borough Library in 2024?",
                           texts, [0], [0, 1, 2, 3, 4], titles)[0] == 0


@pytest.mark.parametrize(("question", "tier"), [
    ("How many items are in the collection of the Tessmoor Borough Library?", "high"),
    ("What is the size of the Tessmoor Borough Library's collection?", "low")])
def test_a_present_question_is_answered_by_the_newest_column(question: str, tier: str) -> None:
    lead, got = _lead(question)
    assert lead == "Tessmoor Borough Library: items in collection 618,400 in 2025 [1].", lead
    assert got == tier, got  # ("size" is read as no word of the row: the gate does not vouch for it)


def test_a_question_naming_a_year_keeps_that_year() -> None:
    lead, _tier = _lead("How many items were in the collection of the Tessmoor Borough Library in 2024?")
    assert lead.startswith("Tessmoor Borough Library: items in collection 611,000 in 2024 [1]."), lead


ROWS = {
    "label value in YEAR": ["Brackmoor Ferry: crossings 3,120 in 2022.", "Brackmoor Ferry: crossings 3,410 in 2023."],
    "Year YEAR: label value": ["Year 2022: ferry crossings 3,120.", "Year 2023: ferry crossings 3,410."],
    "in YEAR, ... value": ["In 2022, ferry crossings 3,120.", "In 2023, ferry crossings 3,410."],
}


@pytest.mark.parametrize("form", list(ROWS))
def test_every_cell_form_of_a_series_gives_its_newest_cell(form: str) -> None:
    older, newer = ROWS[form]
    texts = [older, newer, "The Brackmoor Ferry was founded in 1911."]
    titles = ["Brackmoor Ferry"] * 3
    assert series_label(older) == series_label(newer)
    for question in ("How many crossings does the Brackmoor Ferry make?",
                     "What is the size of the Brackmoor Ferry's timetable?"):
        assert _newest_cells(question, texts, [0, 2], [0, 2, 1], titles) == [1, 2], question
    # a question naming a year, asking of a past time or asking no figure keeps the lead it has
    for asked in ("How many crossings were made by the Brackmoor Ferry in 2022?",
                  "How many crossings did the Brackmoor Ferry make?",
                  "How many crossings does the Brackmoor Ferry make, as against last year?",
                  "Who runs the Brackmoor Ferry?"):
        assert _newest_cells(asked, texts, [0, 2], [0, 2, 1], titles) == [0, 2], asked


def test_cells_of_another_label_or_page_are_no_series() -> None:
    texts = ["Brackmoor Ferry: crossings 3,120 in 2022.", "Brackmoor Ferry: cars carried 41,000 in 2023.",
             "Brackmoor Ferry: crossings 3,410 in 2023."]
    question = "How many crossings does the Brackmoor Ferry make?"
    assert _newest_cells(question, texts[:2], [0], [0, 1], ["Brackmoor Ferry"] * 2) == [0]
    assert _newest_cells(question, texts, [0], [0, 2], ["Brackmoor Ferry", "x", "Ferry report"]) == [0]
    assert _newest_cells(question, texts, [0, 2], [0, 2], ["Brackmoor Ferry"] * 3) == [2]


def test_a_table_period_is_no_date_of_an_event() -> None:
    """A series table's period ("X: items in collection 618,400 in 2025.") dates its figure: it is never set against
    another page's date of an event ("opened on 9 May 1932") as a disagreement on a year."""
    claims, _sources = listed_claims({"ar": (TITLE, ["Tessmoor Borough Library: items in collection 618,400 in 2025."]),
                                      "enc": ("Tessmoor Borough Library", ENCYCLOPEDIA[:1])})
    assert find_disagreements(claims, {"ar": TITLE, "enc": "Tessmoor Borough Library"}) == []
