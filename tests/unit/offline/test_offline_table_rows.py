"""Tests for shared.text.tables and its users: a row of a simple pipe table is a claim read with the table's
header, and the verifier takes the table from its header to the row as its evidence (issue 9, trial t26 F5)."""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from contracts import VerifyClaim
from services.claim_extractor.offline import ExtractedClaim, extract_claims
from services.verifier.handlers import on_verify
from shared.domain import claim_id_for
from shared.evidence import Claim
from shared.text.tables import MAX_COLUMNS, MAX_ROWS, column_sentences, key_value, pipe_tables, row_sentence
from tests.unit.handlers.fakes import FakeDocuments, fetched_run, memory_runs
from tests.unit.handlers.test_verifier_handlers import deps

PAGE = """# Rowing club membership

The Brenholm Rowing Club counts its paying members at the start of each season.

| Season | Paying members | Boats |
|:-------|---------------:|------:|
| 2019 | 96 | 11 |
| 2023 | 140 | 14 |

Membership grew after the new boathouse opened.
"""


def test_a_simple_table_and_its_rows() -> None:
    (table,) = pipe_tables(PAGE)
    assert table.header == ("Season", "Paying members", "Boats")
    assert [r.cells for r in table.rows] == [("2019", "96", "11"), ("2023", "140", "14")]
    assert PAGE[table.start:table.rows[-1].end].startswith("| Season |")
    assert PAGE[table.start:table.rows[-1].end].endswith("| 2023 | 140 | 14 |")
    assert row_sentence(table.header, table.rows[1]) == "Season 2023: paying members 140, boats 14."


def test_rows_are_claims_with_the_table_as_evidence() -> None:
    claims = extract_claims(PAGE, title="Rowing club membership")
    rows = [c for c in claims if c.text.startswith("Season ")]
    assert [c.text for c in rows] == ["Season 2019: paying members 96, boats 11.",
                                      "Season 2023: paying members 140, boats 14."]
    # the evidence runs from the header to the row
    assert [PAGE[c.start:c.end].splitlines()[-1] for c in rows] == ["| 2019 | 96 | 11 |", "| 2023 | 140 | 14 |"]
    assert all(PAGE[c.start:c.end].startswith("| Season | Paying members | Boats |") and c.numeric for c in rows)
    # the prose around the table is still read, and nothing else is a claim
    assert len(claims) == 4


def test_tables_that_are_not_read() -> None:
    text_cells = ("| Name | Description |\n|---|---|\n"
                  "| Ember | The last furnace that burned wood, kept in the courtyard as a monument since 1987 |\n")
    assert pipe_tables(text_cells) == []  # a table of text, not of values
    grid = "| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n| 1 | 2 | 3 | 4 | 5 | 6 |\n"
    assert pipe_tables(grid) == []  # lettered columns: a grid, not named values
    repeated = "| Menu | Menu | Menu |\n|---|---|---|\n| Home 1 | News 2 | Shop 3 |\n"
    assert pipe_tables(repeated) == []  # a layout row repeating one cell names no columns
    too_wide = ("|" + "|".join(f" Col{k} name " for k in range(MAX_COLUMNS + 1)) + "|\n|"
                + "---|" * (MAX_COLUMNS + 1) + "\n|" + "|".join(f" {k} " for k in range(MAX_COLUMNS + 1)) + "|\n")
    assert pipe_tables(too_wide) == []  # bounded: one row is one claim's sentence
    no_separator = "| Season | Members |\n| 2019 | 96 |\n"
    assert pipe_tables(no_separator) == []
    no_numbers = "| Boat | Colour |\n|---|---|\n| Heron | blue |\n"
    assert pipe_tables(no_numbers) == []
    big = "| Year | Members |\n|---|---|\n" + "".join(f"| {1950 + i} | {100 + i} |\n" for i in range(40))
    (table,) = pipe_tables(big)
    assert len(table.rows) == MAX_ROWS  # bounded: no claim explosion from a big table
    assert len([c for c in extract_claims(big) if c.text.startswith("Year ")]) == MAX_ROWS


MEDALS = """# Quillmere Verse Medal: medallists by year

Kept by the Quillmere Poetry Society.

| Year | Medallist | Winning collection | Entries | Judges | Purse |
|---|---|---|---|---|---|
| 2021 | Tamsin Orrowby | The Kiln Hours | 118 | 3 | £4,000 |
| 2022 | Fenwick Adeyemi-Rusk | Salt on Slate | 131 | 3 | £5,000 |
"""


def test_a_table_of_six_named_columns_is_read() -> None:
    # a table of six named columns was dropped whole and silently (five at most were read): no claim said who
    # won a given year (t72 q05, q17)
    (table,) = pipe_tables(MEDALS)
    assert len(table.header) == 6
    rows = [c.text for c in extract_claims(MEDALS, title="Quillmere Verse Medal") if c.text.startswith("Year ")]
    assert rows == ["Year 2021: medallist Tamsin Orrowby, winning collection The Kiln Hours, entries 118, judges 3, "
                    "purse £4,000.",
                    "Year 2022: medallist Fenwick Adeyemi-Rusk, winning collection Salt on Slate, entries 131, "
                    "judges 3, purse £5,000."]


def test_a_table_not_read_is_logged(caplog: Any) -> None:
    grid = "| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n"
    with caplog.at_level(logging.DEBUG, logger="assay.tables"):
        assert pipe_tables(grid) == []
    assert any("not read" in r.getMessage() and "named apart" in r.getMessage() for r in caplog.records)


async def _verified(url: str, page: str, question: str, claims: list[ExtractedClaim], wrong: str,
                    beside: int) -> dict[str, Claim]:
    """Each of ``claims`` of ``page`` (fetched from ``url`` in a run asking ``question``) and ``wrong``, a claim at
    the place of ``claims[beside]``, recorded and verified by the verifier's handler: claim text -> the run's
    claim."""
    runs, docs = memory_runs(), FakeDocuments()
    run_id, (source,) = fetched_run(runs, docs, [(url, page)], question=question)
    records: list[dict[str, Any]] = [
        {"claim_id": str(claim_id_for(run_id, c.text)), "text": c.text, "start": c.start, "end": c.end}
        for c in claims]
    records.append({"claim_id": str(claim_id_for(run_id, wrong)), "text": wrong, "start": claims[beside].start,
                    "end": claims[beside].end})
    runs.record_claims(run_id, source, records)
    for r in records:
        await on_verify(VerifyClaim(run_id=run_id, claim_id=UUID(r["claim_id"])), deps(runs, docs))
    return {c.text: c for c in runs.get_run(run_id).claims.values()}


async def test_a_row_claim_is_verified_by_its_table() -> None:
    claims = [c for c in extract_claims(PAGE) if c.text.startswith("Season ")]
    wrong = "Season 2023: paying members 131, boats 14."  # a value no row states
    verdicts = await _verified("doc:rowing", PAGE, "How many paying members did the Brenholm Rowing Club have in 2023?",
                               claims, wrong, 1)
    assert verdicts["Season 2023: paying members 140, boats 14."].verdict == "supported"
    assert verdicts["Season 2019: paying members 96, boats 11."].verdict == "supported"
    assert verdicts[wrong].verdict != "supported"
    for span in verdicts["Season 2023: paying members 140, boats 14."].spans:
        assert PAGE[span.start:span.end] == span.text and span.text.startswith("| Season |")


LODGE = """# Hollin Lodge

Hollin Lodge is a stone field-study centre above the Brackwater reservoir, run by the county's schools.

| Property | Value |
|---|---|
| Floor area | 240 m² |
| Built | 1931 |
| Bunks | 36 |
"""


def test_a_key_value_table_reads_as_figures_of_the_page_subject() -> None:
    """A generic "Property | Value" header names no column a sentence should carry: each row is a figure of the
    page's subject, its evidence the lines naming the subject down to the row; real column names stay."""
    assert key_value(("Property", "Value")) and key_value(("Feature", "Specification"))
    assert key_value(("Attribute", "Detail")) and key_value(("Item", "Value"))
    assert not key_value(("Year", "Members")) and not key_value(("Property", "Value", "Unit"))
    (table,) = pipe_tables(LODGE)
    assert row_sentence(table.header, table.rows[0], "Hollin Lodge") == "Hollin Lodge: floor area 240 m²."
    assert row_sentence(table.header, table.rows[0]) is None  # no subject: a label and a value name nothing
    rows = [c for c in extract_claims(LODGE, title="Hollin Lodge") if ":" in c.text]
    assert [c.text for c in rows] == ["Hollin Lodge: floor area 240 m².", "Hollin Lodge: built 1931.",
                                      "Hollin Lodge: bunks 36."]
    assert all("property" not in c.text.lower() and "value" not in c.text.lower() for c in rows)
    assert all(LODGE[c.start:c.end].startswith("# Hollin Lodge") for c in rows)
    # a page whose text never names a subject reads no row of such a table
    unnamed = LODGE.replace("Hollin Lodge is a stone", "It is a stone").replace("# Hollin Lodge\n\n", "")
    assert [c.text for c in extract_claims(unnamed, title="Hollin Lodge") if ":" in c.text] == []


async def test_a_key_value_row_claim_is_verified_by_its_table() -> None:
    claims = [c for c in extract_claims(LODGE, title="Hollin Lodge") if ":" in c.text]
    wrong = "Hollin Lodge: bunks 42."  # a value no row states
    verdicts = await _verified("doc:lodge", LODGE, "How many bunks has Hollin Lodge?", claims, wrong, 2)
    assert verdicts["Hollin Lodge: bunks 36."].verdict == "supported"
    assert verdicts["Hollin Lodge: floor area 240 m²."].verdict == "supported"
    assert verdicts[wrong].verdict != "supported"


LAB = """# Head torches tested

We measured four head torches in the lab.

| Model | Halden Peak 900 | Orsa Ridge 700 | Nebbia Fjell 500 |
|---|---|---|---|
| Measured runtime | 155 min | 176 min | |
| Weight | 88 g | 92 g | 70 g |
| IP rating | IPX4 | IPX7 | IPX6 |

All three kept working in our shower test.
"""


def test_a_table_of_one_product_per_column_reads_one_claim_per_product() -> None:
    # issue 15, trial t40 fault 11: RoadTest's comparison table read "Model Weight: lumora Trail 1200 146 g, brennix
    # Beam 800 119 g, ..." (the label column's name glued on, the product names lower-cased as if column names)
    claims = extract_claims(LAB, title="Head torches tested")
    texts = [c.text for c in claims]
    assert "Halden Peak 900: measured runtime 155 min, weight 88 g, IP rating IPX4." in texts, texts
    assert "Nebbia Fjell 500: weight 70 g, IP rating IPX6." in texts, texts  # its empty cell left out
    assert not any(t.startswith(("Model ", "Weight")) or "halden" in t for t in texts), texts
    halden = next(c for c in claims if c.text.startswith("Halden Peak 900:"))
    assert LAB[halden.start:halden.end].startswith("| Model |"), halden  # the whole table is its evidence
    assert LAB[halden.start:halden.end].endswith("| IPX6 |")
    # a table whose header names columns, not things, is read row by row as before
    (season,) = pipe_tables(PAGE)
    assert column_sentences(season.header, season.rows) is None


HOURS_AND_PRICES = """The Orrin Quarry Baths are open from May to September.

| Day | Hours |
| --- | --- |
| Monday to Friday | 7:00 to 21:00 |
| Saturday | 9:00 to 18:00 |

| Ticket | Price |
| --- | --- |
| Adult | €6.40 |
| Groups of 8 or more | €5.10 per person |

Bookings for groups must be made a week ahead.
"""


def test_two_tables_with_only_a_blank_line_between_them_are_two_tables() -> None:
    # trial t53 F5: the page's headings over the tables were dropped by the extraction, and the prices table's header
    # and separator were read as rows of the hours table ("Day Adult: hours £7.50.", "Day ---: hours ---.")
    hours, prices = pipe_tables(HOURS_AND_PRICES)
    assert [r.cells for r in hours.rows] == [("Monday to Friday", "7:00 to 21:00"), ("Saturday", "9:00 to 18:00")]
    assert prices.header == ("Ticket", "Price")
    assert [r.cells for r in prices.rows] == [("Adult", "€6.40"), ("Groups of 8 or more", "€5.10 per person")]
    texts = [c.text for c in extract_claims(HOURS_AND_PRICES, title="Orrin Quarry Baths")]
    assert not any("---" in t or "hours €" in t or "Price." in t for t in texts), texts
    assert any("€5.10 per person" in t and "hours" not in t for t in texts), texts
