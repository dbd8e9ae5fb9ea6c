"""A table whose column headers are years or other periods ("| Indicator | 2023 | 2024 |" over "| Visitors |
389,000 | 412,000 |", an annual report's key figures) is read one period at a time, so that a question about one
year finds that year's figure (trial t58 F3: such a table was not read at all, its header cells holding no letter).

Pages and names made up here."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from services.synthesizer.offline import find_disagreements
from shared.report import lead_section
from shared.text.tables import (
    figure_label,
    figures_apart,
    period_columns,
    period_figures,
    period_sentences,
    pipe_tables,
)
from tests.claim_pages import listed_claims, recorded_report
from tests.unit.offline.test_offline_table_rows import _verified

REPORT = """Varnholt Aquarium Society - Yearbook 2024

Chair's letter

In 2024 the Varnholt Aquarium received more guests than in any year before.

Key figures

| Indicator | 2023 | 2024 |
| --- | --- | --- |
| Guests | 157,300 | 171,800 |
| Tanks | 58 | 60 |
| Staff (full-time) | 41 | 44 |

The reef hall was relit in 2024. School groups paid 6 EUR per pupil for a guided morning.
"""
TITLE = "Varnholt Aquarium Society Yearbook 2024"


@pytest.mark.parametrize("header", [("Indicator", "2023", "2024"), ("", "FY2023", "FY 2024"),
                                    ("Key figures", "2022/23", "2023-2024"), ("Metric", "Q1 2024", "2024 H2")])
def test_a_header_of_periods_is_read_as_a_series_of_measures(header: tuple[str, ...]) -> None:
    assert period_columns(header) and period_figures(header)


def test_other_headers_are_no_series_of_measures() -> None:
    assert period_columns(("Region", "2023", "2024")) and not period_figures(("Region", "2023", "2024"))
    assert not period_columns(("Year", "Members")) and not period_columns(("2023", "2024"))
    assert not period_columns(("Indicator", "2023", "Change")) and not period_columns(("Indicator", "12"))


def test_a_year_column_table_reads_one_figure_per_year() -> None:
    (table,) = pipe_tables(REPORT)
    assert table.header == ("Indicator", "2023", "2024")
    assert period_sentences(table.header, table.rows[0], "Varnholt Aquarium") == [
        "Varnholt Aquarium: guests 157,300 in 2023.", "Varnholt Aquarium: guests 171,800 in 2024."]
    assert period_sentences(table.header, table.rows[0]) == []  # a measure of no subject names nothing
    rows = [c for c in extract_claims(REPORT, title=TITLE) if " in 20" in c.text and ":" in c.text]
    assert [c.text for c in rows] == [
        "Varnholt Aquarium: guests 157,300 in 2023.", "Varnholt Aquarium: guests 171,800 in 2024.",
        "Varnholt Aquarium: tanks 58 in 2023.", "Varnholt Aquarium: tanks 60 in 2024.",
        "Varnholt Aquarium: staff (full-time) 41 in 2023.", "Varnholt Aquarium: staff (full-time) 44 in 2024."]
    # the evidence runs from the lines naming the subject down to the row
    assert all(REPORT[c.start:c.end].startswith("Varnholt Aquarium Society - Yearbook") for c in rows)
    assert REPORT[rows[1].start:rows[1].end].endswith("| Guests | 157,300 | 171,800 |")


def test_a_table_of_things_by_year_reads_each_thing() -> None:
    page = "# Ferry crossings\n\n| Route | 2023 | 2024 |\n|---|---|---|\n| Osk to Brenna | 1,120 | 1,310 |\n"
    assert [c.text for c in extract_claims(page, title="Ferry crossings") if "Route" in c.text] == [
        "Route Osk to Brenna: 1,120 in 2023.", "Route Osk to Brenna: 1,310 in 2024."]


@pytest.mark.parametrize(("year", "truth", "other"), [("2023", "157,300", "171,800"), ("2024", "171,800", "157,300")])
def test_the_figure_of_the_year_asked_leads(year: str, truth: str, other: str) -> None:
    texts = [c.text for c in extract_claims(REPORT, title=TITLE)]
    claims, sources = listed_claims({"yb": (TITLE, texts)})
    rep, gate, answered, total = recorded_report(f"How many guests did the Varnholt Aquarium have in {year}?",
                                                 claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith(f"Varnholt Aquarium: guests {truth} in {year} [1]."), lead
    assert other not in lead.split(".")[0] and "6 EUR" not in lead, lead
    assert answered, (gate, total)


async def test_a_year_column_row_claim_is_verified_by_its_table() -> None:
    claims = [c for c in extract_claims(REPORT, title=TITLE) if c.text.startswith("Varnholt Aquarium: ")]
    wrong = "Varnholt Aquarium: guests 163,400 in 2023."  # a figure no row states
    verdicts = await _verified("doc:yearbook", REPORT, "How many guests did the Varnholt Aquarium have in 2023?",
                               claims, wrong, 0)
    assert verdicts["Varnholt Aquarium: guests 157,300 in 2023."].verdict == "supported"
    assert verdicts["Varnholt Aquarium: tanks 60 in 2024."].verdict == "supported"
    assert verdicts[wrong].verdict != "supported"


def test_figures_under_two_labels_are_no_disagreement() -> None:
    """One name's figures under labels sharing no word measure two things ("guests" and "tanks", "opened"): only
    figures under one label can disagree."""
    assert figure_label("Varnholt Aquarium: staff (full-time) 41 in 2023.") == {"staff", "full", "time"}
    assert figure_label("The Varnholt Aquarium opened in 1988.") == frozenset()
    pairs = [("Varnholt Aquarium: tanks 58.", "Varnholt Aquarium: guests 157,300 in 2023.", []),
             ("Varnholt Aquarium: opened 1988.", "Varnholt Aquarium: guests 157,300 in 2023.", []),
             ("Varnholt Aquarium: tanks 58.", "Varnholt Aquarium: tanks 64.", ["58", "64"]),
             ("Varnholt Aquarium: species 212.", "Varnholt Aquarium: visitors 157,300 in 2023.", []),
             ("Varnholt Aquarium: area 2.4 hectares.", "Varnholt Aquarium: tanks 58.", []),
             # one measure under two labels of other words: a size of one kind, a count of near-synonym nouns
             ("Varnholt Aquarium: area 2.4 hectares.", "Varnholt Aquarium: size 3.1 hectares.",
              ["2.4 hectares", "3.1 hectares"]),
             ("Varnholt Aquarium: staff 72.", "Varnholt Aquarium: employees 95.", ["72", "95"])]
    for a, b, disputed in pairs:
        claims, _sources = listed_claims({"rec": ("Varnholt Aquarium", [a]), "yb": (TITLE, [b])})
        found = find_disagreements(claims, {"rec": "Varnholt Aquarium", "yb": TITLE})
        assert [v for d in found for _i, v in d.values] == disputed, (a, b, found)


@pytest.mark.parametrize(("a", "b", "apart"), [
    ("Orsel Gardens: species 212.", "Orsel Gardens: visitors 157,300 in 2023.", True),
    ("Orsel Gardens: area 2.4 hectares.", "Orsel Gardens: tanks 58.", True),
    ("Orsel Gardens: area 2.4 hectares.", "Orsel Gardens: size 3.1 hectares.", False),
    ("Orsel Gardens: staff 72.", "Orsel Gardens: employees 95.", False),
    ("Orsel Gardens: staff (full-time) 41 in 2023.", "Orsel Gardens: workforce 47.", False),
    ("Orsel Gardens: tanks 58.", "Orsel Gardens: tanks 64.", False),
    ("The Orsel Gardens opened in 1988.", "Orsel Gardens: visitors 157,300 in 2023.", False)])
def test_figures_apart_only_when_of_two_kinds(a: str, b: str, apart: bool) -> None:
    assert figures_apart(a, b) is apart and figures_apart(b, a) is apart


def test_a_record_of_other_figures_leaves_the_year_asked_leading() -> None:
    record = ["Varnholt Aquarium: opened 1988.", "Varnholt Aquarium: tanks 60.", "Varnholt Aquarium: architect Ilse Maro."]
    texts = [c.text for c in extract_claims(REPORT, title=TITLE)]
    claims, sources = listed_claims({"rec": ("Varnholt Aquarium", record), "yb": (TITLE, texts)})
    rep, gate, answered, total = recorded_report("How many guests did the Varnholt Aquarium have in 2023?",
                                                 claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Varnholt Aquarium: guests 157,300 in 2023 [1]."), lead
    assert "disagree" not in lead, lead


def test_a_past_years_figure_is_no_disagreement_with_the_figure_now() -> None:
    """A series table's figure of a year before the latest one its page gives ("tanks 58 in 2023" beside "tanks 60
    in 2024") is that year's value: an undated record's "tanks 60" does not disagree with it, while a record of
    another amount disagrees with the latest year's."""
    yb = ["Varnholt Aquarium: tanks 58 in 2023.", "Varnholt Aquarium: tanks 60 in 2024."]
    titles = {"rec": "Varnholt Aquarium", "yb": TITLE}
    for record, disputed in [("Varnholt Aquarium: tanks 60.", []), ("Varnholt Aquarium: tanks 66.", ["66", "60"])]:
        claims, _sources = listed_claims({"rec": ("Varnholt Aquarium", [record]), "yb": (TITLE, yb)})
        found = find_disagreements(claims, titles)
        assert sorted(v for d in found for _i, v in d.values) == sorted(disputed), (record, found)


def test_the_figure_now_leads_over_a_past_years_row() -> None:
    record = ["Varnholt Aquarium: tanks 60.", "Varnholt Aquarium: opened 1988."]
    texts = [c.text for c in extract_claims(REPORT, title=TITLE)]
    claims, sources = listed_claims({"rec": ("Varnholt Aquarium", record), "yb": (TITLE, texts)})
    rep, gate, answered, total = recorded_report("How many tanks does the Varnholt Aquarium have?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "disagree" not in lead and "58" not in lead and "60" in lead.split("[")[0], lead
    assert answered, (gate, total)


def test_a_record_count_of_four_digits_is_no_year() -> None:
    """A record's count written without a thousands comma ("Varnholt Aquarium: exhibits 1460.") counts exhibits, as
    the yearbook's "exhibits 1,420 in 2023" does: the two disagree on a count, never on a year (trial t58: the record's
    "animals 1240" was read as the year 1240, a year conflict beside the lead); a record's "opened 1988" is a year."""
    titles = {"rec": "Varnholt Aquarium", "yb": TITLE}
    pairs = [("Varnholt Aquarium: exhibits 1460.", "Varnholt Aquarium: exhibits 1,420 in 2023.", "", ["1460", "1,420"]),
             ("Varnholt Aquarium: opened 1988.", "Varnholt Aquarium: opened 1986.", "year", ["1988", "1986"])]
    for a, b, kind, values in pairs:
        claims, _sources = listed_claims({"rec": ("Varnholt Aquarium", [a]), "yb": (TITLE, [b])})
        found = find_disagreements(claims, titles)
        assert [(d.kind, [v for _i, v in d.values]) for d in found] == [(kind, values)], found
