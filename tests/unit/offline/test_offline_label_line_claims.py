"""Issue 9 (trial t48 fault 7): a fact sheet's label lines and a list item under a heading are claims.

"Founded: 1887" in a run of label lines is too short to be a sentence; read with the page's subject it is one
("TARNMOOR BOTANIC GARDEN: founded 1887."). A list item of an opening-hours list ("- November to February: Tuesday
to Sunday, 10:00 to 16:00. Closed on Mondays.") was read as a reference entry (every word capitalised: months and
weekdays) and dropped; it is a claim of the page's subject under its heading.
"""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from shared.text.noise import is_reference_entry, reference_sections

FACT_SHEET = (
    "KELDWICK ARBORETUM - FACT SHEET (updated March 2024)\n\n"
    "Founded: 1902\n"
    "Director: Dr. Sanne Ruud\n"
    "Visitors 2023: 31,400\n"
    "Lindqvist Tower height: 22.5 m\n"
)

GUIDE = (
    "# Visitor Guide: Keldwick Arboretum\n\n"
    "The arboretum holds 1,200 trees from four continents.\n\n"
    "## Opening hours\n\n"
    "- April to September: daily, 8:00 to 19:00\n"
    "- October to March: Wednesday to Sunday, 9:00 to 15:00. Closed on Mondays and Tuesdays.\n\n"
    "## Getting here\n\n"
    "Bus 7 from Keldwick station stops at the north gate.\n"
)


def test_a_fact_sheets_label_lines_are_claims_of_its_subject() -> None:
    claims = [c.text for c in extract_claims(FACT_SHEET, title="KELDWICK ARBORETUM - FACT SHEET (updated March 2024)")]
    assert "KELDWICK ARBORETUM: founded 1902." in claims, claims
    assert "KELDWICK ARBORETUM: director Dr. Sanne Ruud." in claims, claims
    # a label naming its own thing is that thing's, as written; a count line is read once
    assert "Lindqvist Tower height: 22.5 m." in claims, claims
    assert sum("31,400" in c for c in claims) == 1, claims


def test_a_list_item_under_a_heading_is_a_claim_of_the_page_subject() -> None:
    out = extract_claims(GUIDE, title="Visitor Guide: Keldwick Arboretum",
                         focus="Is Keldwick Arboretum open on Mondays in January?")
    claims = [c.text for c in out]
    want = ("Keldwick Arboretum: opening hours October to March: Wednesday to Sunday, 9:00 to 15:00. "
            "Closed on Mondays and Tuesdays.")
    assert want in claims, claims
    claim = next(c for c in out if c.text == want)
    assert "Closed on Mondays and Tuesdays." in GUIDE[claim.start:claim.end]
    assert "Keldwick Arboretum" in GUIDE[claim.start:claim.end]  # the evidence span names whose hours they are
    # the item's first sentence is no claim of its own beside it, and prose stays as it was
    assert not any(c.startswith("- October") for c in claims), claims
    assert "Bus 7 from Keldwick station stops at the north gate." in claims


def test_an_opening_hours_item_is_no_reference_entry_but_a_title_entry_still_is() -> None:
    item = "- October to March: Wednesday to Sunday, 9:00 to 15:00. Closed on Mondays and Tuesdays."
    assert not is_reference_entry(item)
    assert reference_sections(GUIDE) == []
    assert is_reference_entry("3. Drennic Coastal Authority (1990).")
    assert is_reference_entry("- Harbour Lights of Drennic, March 1990 (1990)")
