"""A dateline names a publisher or a place, never an event: an event's heading with its date ("Pelmarsh Summer Fair,
14 June 2025", "Annual General Meeting, March 2026") is the day of the event announced, which a page publishes before
it, so it is no page date; and a date later than the fetch is never a publication date (review of stop 44, F6)
(``services.scraper.fetch._content``)."""

from __future__ import annotations

from datetime import date

import pytest

from services.scraper.fetch._content import byline_date, is_dateline


@pytest.mark.parametrize("text", [
    "# Summer Fair\n\nPelmarsh Summer Fair, 14 June 2025\n\nStalls open at ten. Entry is free.\n",
    "Annual General Meeting, March 2026\n\nThe club will hold its AGM in the village hall.\n",
    "Yarrowby Folk Festival, July 4, 2025\n\nThree days of music on the green.\n",
    "Pelmarsh Marathon, 5 October 2025\n\nEntries close in September.\n",
])
def test_an_events_heading_is_no_dateline(text: str) -> None:
    assert byline_date(text, today=date(2025, 1, 10)) is None
    assert not is_dateline([line for line in text.splitlines() if line and not line.startswith("#")][0])


@pytest.mark.parametrize(("text", "iso"), [
    ("Pelmarsh Gazette, 3 February 2025\n\nThe fair will return in June.", "2025-02-03"),
    ("# News\n\n*The Yarrowby Times, March 2025*\n\nText.", "2025-03-01"),
])
def test_a_publishers_dateline_still_dates_the_page(text: str, iso: str) -> None:
    assert byline_date(text, today=date(2025, 6, 1)) == iso


@pytest.mark.parametrize("text", [
    "Pelmarsh Gazette, 3 February 2025\n\nText.",
    "Published 14 November 2025\n\nText.",
])
def test_a_date_after_the_fetch_is_no_publication_date(text: str) -> None:
    assert byline_date(text, today=date(2025, 1, 10)) is None
    assert byline_date(text, today=date(2026, 1, 10)) is not None
