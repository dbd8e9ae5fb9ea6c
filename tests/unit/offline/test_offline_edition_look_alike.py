"""A look-alike's page titled with an edition year, a by-year champions list, and a table column that is no asked
attribute (task h133, found by trial t71).

1. "Who was the 2024 Quillhaven Open champion?" led with "The champion was Oswin Trebarr, ..." of the page
   "Quillhaven Junior Open 2024 - results", a look-alike inserting "Junior" before the asked name's head: the page's
   subject was not read, its title running on past the name with an edition year and a lower-case subtitle after a
   dash, so the sentence naming no asked name passed as the asked event's.
"""

from __future__ import annotations

from shared.report import lead_section
from shared.text.terms import inserted_name
from tests.claim_pages import listed_claims, recorded_report

JUNIOR = ("Quillhaven Junior Open 2024 - results", [
    "The Quillhaven Junior Open is the club's separate tournament for players under 14.",
    "The 2024 Quillhaven Junior Open was played on 4 May 2024 at Kestle Hall.",
    "The champion was Oswin Trebarr, aged 12, with seven wins from seven games.",
])
OPEN = ("Quillhaven Open 2024", [
    "The Quillhaven Open 2024 was played on 12-13 October 2024 at the Drill Hall.",
    "Petra Volk-Linden won the Quillhaven Open 2024 with 6 points from 7 games.",
    "The Quillhaven Open has been held every autumn since 1983.",
])
HISTORY = ("A short history of the Quillhaven Open", [
    "The Quillhaven Open was first held in 1983.",
    "The Quillhaven Open is played over seven rounds.",
])


def _report(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


def test_an_edition_year_after_the_name_keeps_an_inserted_look_alike() -> None:
    tourney = ["quillhaven", "open"]
    assert inserted_name(tourney, ["quillhaven", "junior", "open", "2024"])
    assert inserted_name(["quillhaven", "open", "2024"], ["quillhaven", "junior", "open", "2024"])
    assert not inserted_name(tourney, ["quillhaven", "open", "2024"])  # the asked one's own edition


def test_a_look_alikes_page_titled_with_its_edition_leads_nothing() -> None:
    lead, _tier = _report("Who was the 2024 Quillhaven Open champion?", {"j": JUNIOR, "o": OPEN, "h": HISTORY})
    assert "Oswin Trebarr" not in lead, lead
    assert "Petra Volk-Linden" in lead, lead


FIGURES = ("Quillhaven Open: figures by year", [
    "Year 2022: entries 61, prize fund £1,900, highest-rated entrant Petra Volk-Linden, top rating 2210.",
    "Year 2023: entries 70, prize fund £2,300, highest-rated entrant Jory Penwarden, top rating 2236.",
    "Year 2024: entries 77, prize fund £2,600, highest-rated entrant Petra Volk-Linden, top rating 2251.",
    "Prize funds are the total of all prizes of the Quillhaven Open.",
])


def test_an_entries_column_gives_no_entry_fee() -> None:
    """2. "What is the entry fee for the Quillhaven Open?" (no fee in the run) led with a by-year row at high: the
    asked "entry fee" was read in the row's "entries" column (a count of players) and its money figure (the prize
    fund). A column answers an asked attribute only when its head noun is the attribute's ("fee" is no "entries"):
    the question is unanswered, at low."""
    lead, tier = _report("What is the entry fee for the Quillhaven Open?", {"f": FIGURES, "o": OPEN, "h": HISTORY})
    assert lead.startswith("Not established"), lead
    assert tier == "low"
    # nor does an amount naming neither a price nor what is paid for (a forum reply correcting the prize fund)
    post = ("Re: Quillhaven Open this year", ["Reply from rookpawn: It was £2,600 not £5,000, as the club said."])
    lead, tier = _report("What is the entry fee for the Quillhaven Open?", {"f": FIGURES, "o": OPEN, "p": post})
    assert lead.startswith("Not established"), lead
    assert tier == "low"
    # the prize fund asked is its column's, and an entry fee a page states answers
    lead, _tier = _report("What was the prize fund of the 2023 Quillhaven Open?", {"f": FIGURES, "o": OPEN})
    assert "£2,300" in lead.split("[")[0], lead
    fee = ("Quillhaven Open: how to enter", ["The entry fee for the Quillhaven Open is £25 for adults."])
    lead, _tier = _report("What is the entry fee for the Quillhaven Open?", {"f": FIGURES, "o": OPEN, "e": fee})
    assert "£25" in lead.split("[")[0], lead


HISTORY_TEXT = """A short history of the Quillhaven Open

The Quillhaven Open was first held in 1983. It is played over seven rounds each October.

Past champions of the Quillhaven Open:
2021 - Jory Penwarden
2022 - Petra Volk-Linden
2023 - Malin Ostergaard
2024 - Petra Volk-Linden

Petra Volk-Linden is the only player to have won the title twice this decade."""


def test_a_year_dash_name_list_is_read_as_by_year_rows() -> None:
    """3. "Who won the 2023 Quillhaven Open?": a champions list written "2023 - <person>" under a heading never
    became claims; each line is a by-year row read with its heading, "Quillhaven Open 2023: past champion Malin
    Ostergaard.", its evidence the heading to the line."""
    from services.claim_extractor.offline import extract_claims
    from shared.text.tables import YEAR_ROW_RE, year_list_rows

    rows = year_list_rows(HISTORY_TEXT)
    assert [r.text for r in rows] == [
        "Quillhaven Open 2021: past champion Jory Penwarden.", "Quillhaven Open 2022: past champion Petra Volk-Linden.",
        "Quillhaven Open 2023: past champion Malin Ostergaard.", "Quillhaven Open 2024: past champion Petra Volk-Linden."]
    assert all(YEAR_ROW_RE.match(r.text) for r in rows)
    third = rows[2]
    assert HISTORY_TEXT[third.start:third.end].startswith("Past champions of the Quillhaven Open:")
    assert HISTORY_TEXT[third.start:third.end].endswith("2023 - Malin Ostergaard")
    texts = [c.text for c in extract_claims(HISTORY_TEXT, title="A short history of the Quillhaven Open")]
    assert "Quillhaven Open 2023: past champion Malin Ostergaard." in texts, texts
    # a heading with no owner is read by the year alone; a dated line of prose, or one line alone, is no list
    assert [r.text for r in year_list_rows("Winners:\n2019 - Ada Sarnow\n2020 - Ola Kvist\n")] == [
        "Year 2019: winner Ada Sarnow.", "Year 2020: winner Ola Kvist."]
    # a reader joining the list's lines into one leaves the items one after another on a line
    joined = "Champions of the Orla Cup:\n2019 - Ada Sarnow 2020 - Ola Kvist 2021 - Ada Sarnow\n\nMore text."
    assert [r.text for r in year_list_rows(joined)] == [
        "Orla Cup 2019: champion Ada Sarnow.", "Orla Cup 2020: champion Ola Kvist.", "Orla Cup 2021: champion Ada Sarnow."]
    assert year_list_rows("Champions:\n2019 - Ada Sarnow\n") == []
    assert year_list_rows("Notes:\n2019 - the club moved to a new hall in the town centre after the fire.\n"
                          "2020 - no tournament was held because of the pandemic and the hall was shut.\n") == []


def test_the_asked_years_line_of_a_champions_list_leads() -> None:
    from services.claim_extractor.offline import extract_claims

    claims_text = [c.text for c in extract_claims(HISTORY_TEXT, title="A short history of the Quillhaven Open")]
    pages = {"h": ("A short history of the Quillhaven Open", claims_text), "j": JUNIOR}
    lead, tier = _report("Who won the 2023 Quillhaven Open?", pages)
    assert lead.startswith("Quillhaven Open 2023: past champion Malin Ostergaard"), lead
    assert tier != "low", tier
    lead, _tier = _report("Who was the 2021 Quillhaven Open champion?", pages)
    assert lead.startswith("Quillhaven Open 2021: past champion Jory Penwarden"), lead


async def test_every_line_of_a_joined_champions_list_is_verified() -> None:
    """The verifier's evidence pool holds each list item with its heading (the extractor's span): a text reader
    joins the list's lines into one, "2021 - Jory Penwarden 2022 - Petra Volk-Linden ...", whose items were left
    unverified (only the last, ending the joined sentence, was supported)."""
    from services.claim_extractor.offline import extract_claims
    from tests.unit.offline.test_offline_table_rows import _verified

    page = HISTORY_TEXT.replace("\n2022", " 2022").replace("\n2023", " 2023").replace("\n2024", " 2024")
    rows = [c for c in extract_claims(page, title="A short history of the Quillhaven Open") if ": past champion" in c.text]
    assert len(rows) == 4
    wrong = "Quillhaven Open 2023: past champion Jory Penwarden."
    verdicts = await _verified("doc:quillhaven", page, "Who won the 2023 Quillhaven Open?", rows, wrong, 2)
    assert {c.text: verdicts[c.text].verdict for c in rows} == dict.fromkeys([c.text for c in rows], "supported")
    assert verdicts[wrong].verdict != "supported"
