"""A news item's dateline near its top, a line of its own naming the paper (or place) and the day ("Brindlecombe
Herald, 3 February 2025", "*Oskarsby Post, 9 March 2024*"), dates the page when no markup or byline does; and a
"Page last revised: ..." line states how current a page is (task h132, trial t70 Q10 / t71 Q09: a dated update
read as undated lost to an older table row) (``services.scraper.fetch._content``, ``services.scraper.handlers``)."""

from __future__ import annotations

import pytest

from services.scraper.fetch._content import BYLINE_WINDOW, byline_date, stated_update
from services.scraper.handlers import local_page_dates


@pytest.mark.parametrize(("text", "iso"), [
    ("Brindlecombe Herald, 3 February 2025\n\nQuarry museum breaks its visitor record\n\nThe museum ...", "2025-02-03"),
    ("# Ferry line gets a new skipper\n\n*Oskarsby Post, 9 March 2024*\n\nThe ferry line named ...", "2024-03-09"),
    ("The Calverton Echo, March 9, 2024\n\nText.", "2024-03-09"),
    ("# Partnerschaft\n\n*Amtsblatt Hollerbach, November 2025*\n\nDer Verein hat heute 80 Mitglieder.", "2025-11-01"),
    ("Published 14 November 2023\n\nBrindlecombe Herald, 3 February 2025\n\nText.", "2023-11-14"),  # a byline first
])
def test_a_dateline_dates_the_page(text: str, iso: str) -> None:
    assert byline_date(text) == iso


@pytest.mark.parametrize("text", [
    "The quarry reopened in Brindlecombe, 3 February 2025, after a long winter.",  # a sentence, no dateline
    "Brindlecombe Herald, 31 February 2025\n\nText.",  # no calendar date
    "Brindlecombe Herald, 2025\n\nText.",  # a year alone dates no page
    "issued by the quarry trust, 3 February 2025\n\nText.",  # lower case: a sentence's tail, no paper's name
    "x" * BYLINE_WINDOW + "\nBrindlecombe Herald, 3 February 2025\n\nText.",  # far down: no dateline
    "# A\n\nOne.\n\nTwo.\n\nThree.\n\nFour.\n\nBrindlecombe Herald, 3 February 2025\n\nText.",  # past the top lines
])
def test_no_dateline(text: str) -> None:
    assert byline_date(text) is None


def test_a_page_last_revised_line_states_how_current_it_is() -> None:
    text = "# About the Oskarsby Rowing Club\n\n*Page last revised: 10 May 2022*\n\nAs of 2022 the club had 90 members."
    assert stated_update(text) == "2022-05-10"
    assert stated_update("This page was last revised: 10 May 2022\n\nText.") is None  # a sentence, no label line


def test_a_local_news_files_dateline_is_its_publication_date(tmp_path) -> None:
    path = tmp_path / "news.txt"
    text = "Brindlecombe Herald, 3 February 2025\n\nThe quarry museum received 52,300 visitors in 2024, a new record."
    path.write_text(text, encoding="utf-8")
    assert local_page_dates(str(path), "text/plain", text) == ("2025-02-03", None)

