"""One source of truth for "an independent review backs the pick" (issue 15, trial t40 fault 4): the verdict said
"an independent reviewer's pick [1]" and the Reviews section "independent, weight 1", yet the confidence line said
"no independent test or review backs it", because the pick's backing read only the fetcher's guess of the page's
kind ("unknown": no signal). A page the shopping analysis reads as an independent review or test is one for the
backing too; a sponsored one, or a shop's page, is not."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import date
from uuid import uuid4

from services.domain_shopping.handlers import pick_backing
from services.domain_shopping.offline import Analysis, SourcePage, analyse
from shared.domain import FrozenDict, SourceView
from tests.unit.handlers.fakes import memory_runs, started_run

TEST_URL, SHOP_URL = "http://127.0.0.1:9/roadtest/lights", "http://127.0.0.1:9/cyclehub/brennix"


def _page(url: str, html: str) -> SourcePage:
    return SourcePage(source_id=str(uuid4()), url=url, title="", text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


TEST = _page(TEST_URL, "<html><head><title>Front bike lights compared - RoadTest Lab</title></head><body>"
                       "<h1>Front bike lights compared</h1><p>We tested five front lights on a 40 km night loop.</p>"
                       "<p>The Lumora Trail 1200 is our best overall pick: 1200 lumens and 146 g.</p>"
                       "<p>The Brennix Beam 800 weighs 119 g.</p></body></html>")
SHOP = _page(SHOP_URL, "<html><head><title>Brennix Beam 800 - CycleHub</title></head><body><h1>Brennix Beam 800</h1>"
                       "<p class='price'>$62.00</p><p>Weight: 160 g</p><button>Add to cart</button></body></html>")


def _analysis() -> Analysis:
    return analyse("What's the best front bike light under $100?", [TEST, SHOP], uuid4(), today=date(2026, 12, 2))


def test_the_analysis_lists_the_test_page_as_an_independent_review_and_not_the_shop() -> None:
    reviewed = {s["source_id"] for s in _analysis().review_sources}
    assert TEST.source_id in reviewed
    assert SHOP.source_id not in reviewed


def test_a_pick_citing_a_page_the_analysis_read_as_a_review_is_independently_backed() -> None:
    runs = memory_runs()
    sources = FrozenDict({sp.source_id: SourceView(source_id=sp.source_id, url=sp.url, title="", status="extracted",
                                                   text_sha256="1" * 64, provenance={"kind": "unknown"})
                          for sp in (TEST, SHOP)})
    run = replace(runs.get_run(started_run(runs, "Best bike light?", domain="shopping")), sources=sources)
    pick = {"kind": "ranking", "subject": "Lumora Trail 1200", "figures_agree": True, "contested": False,
            "source_ids": [TEST.source_id], "compared": 2}
    analysis = Analysis(products=[], attributes=[], cells=[], conflicts=[], offers=[], budget=None,
                        budget_currency=None, reviews=[], sections=[], sources=[], notes=[], max_tier="high", pick=pick,
                        review_sources=[{"source_id": TEST.source_id, "why": "it says 'We tested'"}])
    assert pick_backing(analysis, run)["independent_review"] is True
    shop_pick = replace(analysis, pick={**pick, "source_ids": [SHOP.source_id]})
    assert pick_backing(shop_pick, run)["independent_review"] is False  # the shop's page is no review
    paid = replace(analysis, sponsored_sources=[{"source_id": TEST.source_id, "why": "sponsored"}])
    assert pick_backing(paid, run)["independent_review"] is False  # nor is a page found sponsored
    unread = replace(analysis, review_sources=[])
    assert pick_backing(unread, run)["independent_review"] is False  # the fetcher's "unknown" alone backs nothing
