"""An opening-hours list under a lead line ("Opening hours:" or a heading paragraph) and a two-column table of
labelled values are claims of the page's subject (t50 faults 5 and 6; the pages here are invented)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims

_HOURS_MD = (
    "# Visiting the Tollbridge Mill\n\n"
    "The Tollbridge Mill is a working watermill on the river Senn, restored by volunteers in 1998.\n\n"
    "When to come:\n- Wednesday to Saturday: 09:00-16:30\n- Sunday: 12:00-17:00\n- Monday and Tuesday: closed\n\n"
    "Groups should book a week ahead of their visit to the mill.\n"
)


def _texts(text: str, title: str) -> list[str]:
    return [c.text.removeprefix("The ") for c in extract_claims(text, title=title)]


def test_hours_items_under_a_label_line_are_claims_of_the_subject() -> None:
    claims = _texts(_HOURS_MD, "Visiting the Tollbridge Mill")
    assert "Tollbridge Mill: when to come Sunday: 12:00-17:00." in claims
    assert "Tollbridge Mill: when to come Monday and Tuesday: closed." in claims


def test_item_naming_a_closed_day_under_a_heading_paragraph_is_a_claim() -> None:
    text = ("Tollbridge Mill\n\nThe Tollbridge Mill grinds flour on the river Senn every summer weekend.\n\n"
            "Visiting hours\n\n- Closed on Thursdays except in August\n- Friday to Sunday, 10:00 to 16:00\n")
    claims = _texts(text, "Tollbridge Mill")
    assert "Tollbridge Mill: visiting hours Closed on Thursdays except in August." in claims


def test_two_column_price_table_rows_are_figures_of_the_subject() -> None:
    text = ("Tollbridge Mill\n\nThe Tollbridge Mill grinds flour on the river Senn every summer weekend.\n\n"
            "Entry\n\n| Visitor | Fee |\n| --- | --- |\n| Adult | CHF 12 |\n"
            "| Family (2 adults and up to 4 children) | CHF 30 |\n| Under 5 | free |\n")
    claims = _texts(text, "Tollbridge Mill")
    assert "Tollbridge Mill: entry, adult visitor fee CHF 12." in claims
    assert "Tollbridge Mill: entry, family (2 adults and up to 4 children) visitor fee CHF 30." in claims


def test_year_series_table_keeps_its_row_reading() -> None:
    text = ("Tollbridge Mill\n\nThe Tollbridge Mill grinds flour on the river Senn every summer weekend.\n\n"
            "| Year | Visitors |\n| --- | --- |\n| 2022 | 4,100 |\n| 2023 | 4,650 |\n")
    claims = _texts(text, "Tollbridge Mill")
    assert "Year 2023: visitors 4,650." in claims
