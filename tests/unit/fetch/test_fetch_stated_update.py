"""A page that says only in its text how current it is ("Stand: März 2024", "As of March 2024", "Last updated: 12 May
2023", "Mis à jour le ...") gets that as its last-modified date when its markup gives none, so a question asking for
the latest state can prefer it (issue 9, f46b) (``services.scraper.fetch._content``)."""

from __future__ import annotations

import pytest

from services.scraper.fetch._content import BYLINE_WINDOW, extract_html, stated_update, with_stated_update
from services.scraper.handlers import local_page_dates

PAGE = """<html><head><title>Fahrplan und Preise - Kestrelbergbahn</title>{meta}</head><body>
<h1>Fahrplan und Preise</h1>
<p>Die Bahn fährt von Mai bis Oktober täglich. Eine Bergfahrt kostet 38 Franken, Kinder fahren zum halben Preis.</p>
<p>Stand: März 2024</p>
</body></html>"""


@pytest.mark.parametrize(("text", "iso"), [
    ("Stand: März 2024\n\nDie Bahn fährt täglich.", "2024-03-01"),
    ("The line has five railcars.\n\nAs of March 2024, two steam locomotives are kept.", "2024-03-01"),
    ("Last updated: 12 May 2023\n\nText.", "2023-05-12"),
    ("Mis à jour le 3 janvier 2022\n\nTexte.", "2022-01-03"),
    ("Zuletzt aktualisiert am 12.05.2023\n\nText.", "2023-05-12"),
    ("Updated: 2023-11-14\n\nText.", "2023-11-14"),
    ("x" * (3 * BYLINE_WINDOW) + "\nStand: März 2024", "2024-03-01"),  # a footer line at the page's end
])
def test_a_stated_update_date(text: str, iso: str) -> None:
    assert stated_update(text) == iso


@pytest.mark.parametrize("text", [
    "The fleet was updated in 2019.",  # a sentence, no label line
    "As of 2024 the line is run by the canton.",  # a bare year: no date
    "Stand der Technik 2019\n\nText.",  # no date after the word
    "Last updated: 12 May 2999\n\nText.",  # later than today
    "x" * BYLINE_WINDOW + "\nLast updated: 12 May 2023\n" + "x" * BYLINE_WINDOW,  # in the middle of a long page
])
def test_no_stated_update_date(text: str) -> None:
    assert stated_update(text) is None


def test_an_undated_pages_text_dates_it() -> None:
    page = extract_html(PAGE.format(meta=""))
    assert page.modified == "2024-03-01", page


def test_the_markups_date_wins() -> None:
    # the markup dates the page 2024-06-02: its older "Stand: März 2024" line changes nothing
    meta = '<meta property="article:modified_time" content="2024-06-02T10:00:00Z">'
    page = extract_html(PAGE.format(meta=meta))
    assert (page.modified or page.published) == "2024-06-02" and page.modified != "2024-03-01", page


def test_a_stated_date_not_after_the_publication_date_is_none() -> None:
    assert with_stated_update("2024-05-01", None, "Stand: März 2024") is None
    assert with_stated_update("2023-01-01", None, "Stand: März 2024") == "2024-03-01"


def test_a_local_files_text_dates_it() -> None:
    # a Markdown corpus file has no markup: its text's "Last updated" line is its last-modified date
    assert local_page_dates("/nonexistent/fares.md", "text/markdown", "# Fares\n\nLast updated: 12 May 2023\n\nA "
                            "return ticket costs 38 francs.") == (None, "2023-05-12")
