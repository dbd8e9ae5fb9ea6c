"""A date in a page's running text is no publication date (issue 9, trial t51 F9): a biography with no date markup
was dated by its subject's death ("She died in Castelbruna on 9/11/2004" -> source "Adelina Ferrante-Moro —
2004-11-09"), by htmldate's fallbacks over the whole text. Only the page's dated markup (meta tags, JSON-LD, a
``<time>`` in a header or byline, a dateline) and a visible "Published ..." / "Last updated ..." line date it."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.scraper.fetch._content import extract_html, page_dates
from services.scraper.handlers import local_page_dates

BIOGRAPHY = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Ilse Varga (1921-2004) - Tarrow Biographical Dictionary</title></head><body>
<h1>Ilse Varga</h1>
<p><b>Ilse Varga</b> (3 March 1921 – 9 November 2004) was a schoolteacher and local historian of the Tarrow valley.</p>
<p>She taught at the girls' school in Holmby from 1946 to 1979 and wrote three books on rope making.</p>
<p>She died in Holmby on 9/11/2004 and is buried in the family tomb in Crayle.</p>
<p>Her papers were catalogued on 2012-05-14 by the county archive.</p>
</body></html>"""


def test_a_date_in_running_text_does_not_date_the_page(tmp_path: Path) -> None:
    assert page_dates(BIOGRAPHY, None) == (None, None)
    content = extract_html(BIOGRAPHY)
    assert (content.published, content.modified) == (None, None)
    path = tmp_path / "ilse-varga.html"
    path.write_text(BIOGRAPHY, encoding="utf-8")
    assert local_page_dates(str(path), "text/html", content.text) == (None, None)


@pytest.mark.parametrize(("dated", "published"), [
    ('<head><meta name="date" content="2024-03-02"></head><body>', "2024-03-02"),
    ('<head><meta property="article:published_time" content="2023-09-03T08:00:00Z"></head><body>', "2023-09-03"),
    ('<head></head><body><header><time datetime="2022-06-11">11 June 2022</time></header>', "2022-06-11"),
    ('<head></head><body><span class="entry-date">2021-01-15</span>', "2021-01-15"),
    ('<head><script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2020-07-04"}</script>'
     '</head><body>', "2020-07-04"),
])
def test_dated_markup_still_dates_the_page(dated: str, published: str) -> None:
    page = (f"<html>{dated}<h1>Rope works reopens</h1><p>The rope works reopened on Saturday after the flood of "
            "12/10/2019 closed it.</p></body></html>")
    assert page_dates(page, None)[0] == published
    assert extract_html(page).published == published


def test_a_visible_published_line_still_dates_the_page() -> None:
    page = ("<html><head></head><body><h1>Rope works reopens</h1><p>Published 14 November 2023</p>"
            "<p>The rope works reopened on Saturday after the flood of 12/10/2019 closed it.</p></body></html>")
    assert extract_html(page).published == "2023-11-14"


def test_a_time_element_in_a_sentence_does_not_date_the_page() -> None:
    page = ('<html><head></head><body><h1>Rope works</h1><p>The rope works reopened on <time datetime="2019-10-12">'
            "12 October 2019</time> after the flood.</p></body></html>")
    assert page_dates(page, None) == (None, None)


def test_a_page_with_an_xml_declaration_is_dated_from_the_markup_its_text_was_read_from() -> None:
    # the dates are read from the page as parsed for its text (one parse): an XHTML page's XML declaration, which
    # lxml.html.document_fromstring refuses in a str, no longer leaves its dated markup unread
    page = ('<?xml version="1.0" encoding="utf-8"?>\n<html><head><meta name="date" content="2021-03-04"></head><body>'
            "<h1>Rope works reopens</h1><p>The rope works reopened on Saturday after the flood of 12/10/2019 closed "
            "it.</p></body></html>")
    assert extract_html(page).published == "2021-03-04"
