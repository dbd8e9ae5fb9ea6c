"""Sponsored pages are caught whatever their disclosure's wording, and the timeline says so (issue 15, trial t45
fault 3): a page saying "This post is sponsored by Corvex and contains affiliate links" with rel="sponsored" links was
found sponsored, but ReviewsSummarized said "0 reviews (0 sponsored or affiliate)" since the page gave no rating.
Pages served as on loopback; invented brands."""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime
from uuid import uuid4

import pytest
from lxml import html as lxml_html

from contracts.events import ReviewsSummarized, SponsoredSource
from services.domain_shopping.offline import SourcePage, analyse
from services.domain_shopping.pages import sponsored


def _tree(body: str) -> object:
    return lxml_html.fromstring(f"<html><body><article>{body}<p>The Ostrel T9 runs for 8 months.</p></article>"
                                "</body></html>")


@pytest.mark.parametrize("disclosure", [
    "This post is sponsored by Ostrel and contains affiliate links.", "Sponsored by Ostrel",
    "Paid partnership with Ostrel.", "This review contains affiliate links.",
    "We may earn a commission when you buy through our links.", "We may receive compensation from links here.",
    "Affiliate disclosure: buying through links supports us.", "Partner content",
])
def test_disclosure_variants_are_caught(disclosure: str) -> None:
    assert sponsored(_tree(f"<p>{disclosure}</p>"))


@pytest.mark.parametrize("rel", ["sponsored", "nofollow sponsored", "Sponsored noopener", "noopener SPONSORED"])
def test_rel_sponsored_links_are_caught_in_any_token_list(rel: str) -> None:
    assert sponsored(_tree(f'<p><a rel="{rel}" href="http://127.0.0.1:9/ostrel">Check price</a></p>')) == \
        '1 rel="sponsored" link(s)'


@pytest.mark.parametrize("body", ["<p>We bought the Ostrel T9 ourselves.</p>",
                                  '<p><a rel="nofollow" href="http://127.0.0.1:9/ostrel">Maker</a></p>',
                                  "<p>Display: 2 in, partner app included.</p>"])
def test_an_independent_page_is_not_found_sponsored(body: str) -> None:
    assert sponsored(_tree(body)) == ""


def test_a_sponsored_page_without_a_rating_is_counted_in_the_timeline() -> None:
    page = ("<html lang='en'><head><title>Ostrel T9 review</title></head><body><article><h1>Ostrel T9 review</h1>"
            "<p>Advertisement. This post is sponsored by Ostrel and contains affiliate links; we may earn a "
            "commission.</p><p>The Ostrel T9 trail camera lasts a full year on one set of batteries.</p>"
            '<p><a rel="sponsored" href="http://127.0.0.1:9/ostrel/t9.html?tag=x-20">Check price</a></p>'
            "</article></body></html>")
    sid = str(uuid4())
    result = analyse("Which trail camera has the longest battery life?",
                     [SourcePage(source_id=sid, url="http://127.0.0.1:9/picks/ostrel-t9.html", title="", text="",
                                 html=page, html_sha256=hashlib.sha256(page.encode()).hexdigest())],
                     uuid4(), today=date(2026, 12, 3))
    assert [s["source_id"] for s in result.sponsored_sources] == [sid]
    event = ReviewsSummarized(run_id=uuid4(), event_id=uuid4(), seq=1, occurred_at=datetime.now(UTC), reviews=(),
                              sponsored_sources=tuple(SponsoredSource(source_id=s["source_id"], why=s["why"])
                                                      for s in result.sponsored_sources))
    assert event.summary() == "0 reviews (0 sponsored or affiliate); 1 sponsored or affiliate source"
