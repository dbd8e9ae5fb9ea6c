"""A table of labelled values under a section heading, one paragraph between them, reads its rows with that heading
(task h93, trial t64 Q06): "Guided campus tours" over "Guided tours ... start at 14:00 ..." over "| Ticket | Price |"
read "<page>: groups of 10 or more (per person) ticket price 6 EUR.", a row that never names the tour
(``services.claim_extractor.offline._labelled_rows``)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims

PAGE = "Visit Tarrow College"
TABLE = """| Ticket | Price |
| --- | --- |
| Adults | 9 EUR |
| Groups of 8 or more (per person) | 7 EUR |
"""


@pytest.mark.parametrize(("between", "rows"), [
    # one paragraph between the heading and the table: the heading labels the rows
    ("Guided yard walks\n\nGuided walks of the Old Yard start at 11:00 every Sunday and last 60 minutes.\n\n",
     [f"{PAGE}: guided yard walks, adults ticket price 9 EUR.",
      f"{PAGE}: guided yard walks, groups of 8 or more (per person) ticket price 7 EUR."]),
    # the heading right above the table, as before
    ("Guided yard walks\n\n",
     [f"{PAGE}: guided yard walks, adults ticket price 9 EUR.",
      f"{PAGE}: guided yard walks, groups of 8 or more (per person) ticket price 7 EUR."]),
    # a paragraph with no heading above it: no label
    ("Walks of the Old Yard start at 11:00 every Sunday and last 60 minutes.\n\n",
     [f"{PAGE}: adults ticket price 9 EUR.", f"{PAGE}: groups of 8 or more (per person) ticket price 7 EUR."]),
])
def test_rows_carry_their_section_heading(between: str, rows: list[str]) -> None:
    text = f"{PAGE}\n\n{between}{TABLE}"
    read = [c.text for c in extract_claims(text, title=PAGE) if "ticket price" in c.text]
    assert read == rows
