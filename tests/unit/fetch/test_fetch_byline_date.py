"""A page's visible byline dates it when no markup does: "Published 14 November 2023" at the top of a local HTML
file (issue 9, trial t28 fault 9: its source had ``published: None``) (``services.scraper.fetch._content``)."""

from __future__ import annotations

import pytest

from services.scraper.fetch._content import BYLINE_WINDOW, byline_date, extract_html

PAGE = """<html><head><title>Oddholm herring fleet lands less - Coast Courier</title></head><body>
<nav>Home | News | Sport</nav><h1>Oddholm herring fleet lands less</h1>
<p>Posted on March 3, 2024</p>
<p>The Oddholm fleet landed 280 tonnes of herring in 2023, far less than the harbour office expected after the
summer. The skippers blame the warm autumn, which kept the shoals out in deep water for weeks.</p>
</body></html>"""


def test_a_visible_byline_dates_an_undated_page() -> None:
    assert extract_html(PAGE).published == "2024-03-03"


@pytest.mark.parametrize(("text", "iso"), [
    ("Published 14 November 2023\n\nThe fleet landed 280 tonnes.", "2023-11-14"),
    ("Published: 2023-11-14\n\nThe fleet landed 280 tonnes.", "2023-11-14"),
    ("First published 3rd Sept 2021\n\nText.", "2021-09-03"),
    ("Published 31 February 2023\n\nText.", None),  # no calendar date
    ("The book was published 14 November 2023 by the guild.", None),  # a sentence, no byline
    ("x" * BYLINE_WINDOW + "\nPublished 14 November 2023", None),  # far down the page: no byline
    # trial t60 q17: a blog's byline naming its author before the date ("*Posted by NAME, 3 August 2024*")
    ("# A day at Quarrow Pier\n\n*Posted by pierwalker, 3 August 2024*\n\nWe paid 9 EUR each.", "2024-08-03"),
    ("Posted by Ilse Marten on November 14, 2023\n\nText.", "2023-11-14"),
    ("Published 3 Aug 2024\n\nText.", "2024-08-03"),
    ("Posted by the harbour team in 2024\n\nText.", None),  # a year alone dates no page
])
def test_byline_date(text: str, iso: str | None) -> None:
    assert byline_date(text) == iso
