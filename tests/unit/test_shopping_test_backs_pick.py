"""An independent test's sentence on the attribute asked backs the pick (issue 15, trial t45 fault 2): under "which
trail camera has the longest battery life", a field test's "The Ridgeeye 4K lasted 270 days, the longest battery life
in our test" was verified but left out, and the confidence said "no independent test or review backs it". It is now
quoted on the best overall's line and counted among the pick's sources; a sponsored page's sentence never is. Pages
served as on loopback; invented products and figures."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import Analysis, SourcePage, analyse

QUESTION = "Which trail camera has the longest battery life?"
_MAKERS = {
    "/vantor/ridgeline.html": "<html lang='en'><head><title>Vantor Ridgeline</title></head><body><h1>Vantor "
    "Ridgeline</h1><p>Battery life: 9 months.</p><p>Price: $199.00</p><button>Add to cart</button></body></html>",
    "/pellam/scout-s.html": "<html lang='en'><head><title>Pellam Scout S</title></head><body><h1>Pellam Scout S</h1>"
    "<p>Battery life: 240 days.</p><p>Price: $159.00</p><button>Add to cart</button></body></html>",
}
_TEST = ("<html lang='en'><head><title>Trail camera battery test: Ridgeline, Scout S</title></head><body><article>"
         "<h1>Trail camera battery test: Ridgeline, Scout S</h1><p>We ran two trail cameras on fresh batteries.</p>"
         "<p>The Vantor Ridgeline lasted 270 days, the longest battery life in our test.</p>"
         "<p>The Pellam Scout S lasted 240 days.</p></article></body></html>")
_SPONSORED = ("<html lang='en'><head><title>Vantor Ridgeline review</title></head><body><article><h1>Vantor "
              "Ridgeline review</h1><p>This post is sponsored by Vantor and contains affiliate links.</p><p>The "
              "Vantor Ridgeline has the longest battery life of any trail camera.</p></article></body></html>")


def _page(path: str, html: str) -> SourcePage:
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


def run(extra: dict[str, str]) -> tuple[Analysis, dict[str, str]]:
    pages = [_page(path, html) for path, html in {**_MAKERS, **extra}.items()]
    return analyse(QUESTION, pages, uuid4(), today=date(2026, 12, 3)), {p.url: p.source_id for p in pages}


def _best(result: Analysis) -> str:
    verdicts: str = next(s["body"] for s in result.sections if s["heading"] == "Verdicts")
    return next(line for line in verdicts.splitlines() if "Best overall" in line)


def test_the_tests_sentence_on_the_attribute_asked_backs_the_pick() -> None:
    result, ids = run({"/fieldlab/battery-test.html": _TEST})
    best = _best(result)
    assert "Best overall: Vantor Ridgeline" in best
    assert "“The Vantor Ridgeline lasted 270 days, the longest battery life in our test.”" in best
    assert result.pick is not None
    reviewed = {str(s["source_id"]) for s in result.review_sources}
    assert reviewed and reviewed & set(result.pick["source_ids"])
    assert ids["http://127.0.0.1:9/fieldlab/battery-test.html"] in reviewed | set(result.pick["source_ids"])


def test_a_sponsored_pages_sentence_backs_nothing() -> None:
    result, _ = run({"/picks/ridgeline-review.html": _SPONSORED})
    assert "says: “" not in _best(result)
    assert result.pick is not None
    sponsored = {str(s["source_id"]) for s in result.sponsored_sources}
    assert sponsored and not sponsored & set(result.pick["source_ids"])
