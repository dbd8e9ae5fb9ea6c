"""A product a shop page's title names with its kind ("Orvale Brisa 5 Air Purifier - Orvale Store") is the product
a review writes "Orvale Brisa 5" (issue 15, re-check g45 of trial t45, fault 6 and new fault A): the shown name kept
the shop's "air purifier", so the review's "The Orvale Brisa 5 has the higher CADR" named no product, did not back
the pick, and the confidence said no independent review backs it. A name ending in the kind of product the question
asks about is now shown without it, and the review's sentence saying the pick is ahead on the attribute asked is
quoted on the pick's line and counted among its sources. Pages served as on loopback; invented products and figures."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import Analysis, SourcePage, analyse, display_name

QUESTION = "Which air purifier has the higher CADR, the Tessig Klar 400 or the Orvale Brisa 5?"
_PAGES = {
    "/orvale/brisa-5.html": "<html lang='en'><head><title>Orvale Brisa 5 Air Purifier - Orvale Store</title></head>"
    "<body><h1>Orvale Brisa 5 Air Purifier - Orvale Store</h1><p>The Orvale Brisa 5 air purifier cleans rooms up to "
    "60 m².</p><table><tr><th>CADR</th><td>240 cfm</td></tr><tr><th>Noise</th><td>28 dB</td></tr></table>"
    "<p>Price: $349.00. In stock at the Orvale Store.</p></body></html>",
    "/tessig/klar-400.html": "<html lang='en'><head><title>Tessig Klar 400 - Tessig</title></head><body><h1>Tessig "
    "Klar 400</h1><table><tr><th>CADR</th><td>330 m³/h</td></tr><tr><th>Noise</th><td>25 dB</td></tr></table>"
    "<p>Price: $299.00</p></body></html>",
}
_REVIEW = ("<html lang='en'><head><title>Tessig Klar 400 vs Orvale Brisa 5: air purifier review</title></head><body>"
           "<article><h1>Tessig Klar 400 vs Orvale Brisa 5: air purifier review</h1><p>We measured both air "
           "purifiers in a 30 m² room.</p><p>The Tessig Klar 400 has a CADR of 330 m³/h and is the quieter of the "
           "two.</p><p>The Orvale Brisa 5 has a CADR of 240 cfm (408 m³/h) and cleared smoke faster.</p><p>The "
           "Orvale Brisa 5 has the higher CADR.</p></article></body></html>")
REVIEW_URL = "http://127.0.0.1:9/cleanair/klar-vs-brisa.html"


def _page(url: str, html: str) -> SourcePage:
    return SourcePage(source_id=str(uuid4()), url=url, title="", text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


def run(review: bool = True) -> tuple[Analysis, dict[str, str]]:
    pages = [_page(f"http://127.0.0.1:9{path}", html) for path, html in _PAGES.items()]
    if review:
        pages.append(_page(REVIEW_URL, _REVIEW))
    return analyse(QUESTION, pages, uuid4(), today=date(2026, 12, 4)), {p.url: p.source_id for p in pages}


def _best(result: Analysis) -> str:
    verdicts: str = next(s["body"] for s in result.sections if s["heading"] == "Verdicts")
    return next(line for line in verdicts.splitlines() if "Best overall" in line)


def test_a_name_ending_in_the_kind_asked_is_shown_without_it() -> None:
    assert display_name("Orvale Brisa 5 Air Purifier", ["air", "purifier"]) == "Orvale Brisa 5"
    assert display_name("Orvale Brisa 5 air purifiers", ["air", "purifier"]) == "Orvale Brisa 5"
    assert display_name("Orvale Brisa 5 Purifier", ["air", "purifier"]) == "Orvale Brisa 5"
    assert display_name("Fenwick Stalker S4 Trail Camera", ["trail", "camera"]) == "Fenwick Stalker S4"
    # another kind's words, a variant before the kind, no model number or a brand alone left: the name stays
    assert display_name("Fenwick Stalker S Trail Camera", ["trail", "camera"]) == "Fenwick Stalker S Trail Camera"
    assert display_name("Orvale Brisa 5 Air", ["air", "purifier"]) == "Orvale Brisa 5 Air"
    assert display_name("Orvale Brisa 5 Air Humidifier", ["air", "purifier"]) == "Orvale Brisa 5 Air Humidifier"
    assert display_name("Orvale Purifier", ["air", "purifier"]) == "Orvale Purifier"
    assert display_name("Orvale Brisa 5 Air Purifier") == "Orvale Brisa 5 Air Purifier"


def test_the_reviews_sentence_backs_the_pick_a_shops_title_names_with_its_kind() -> None:
    result, ids = run()
    assert sorted(p["name"] for p in result.products) == ["Orvale Brisa 5", "Tessig Klar 400"]
    best = _best(result)
    assert "Best overall: Orvale Brisa 5**" in best
    assert "an independent test or review says: “The Orvale Brisa 5 has the higher CADR.”" in best
    assert result.pick is not None and result.pick["subject"] == "Orvale Brisa 5"
    reviewed = {str(s["source_id"]) for s in result.review_sources}
    assert ids[REVIEW_URL] in reviewed and reviewed & set(result.pick["source_ids"])
    matrix = next(s["body"] for s in result.sections if s["heading"] == "Spec matrix")
    brisa = next(line for line in matrix.splitlines() if line.startswith("| Orvale Brisa 5 |"))
    assert brisa.split("|")[2].count("[@s") == 2  # the maker's figure and the review's


def test_without_a_review_nothing_independent_is_claimed() -> None:
    result, _ = run(review=False)
    best = _best(result)
    assert "Best overall: Orvale Brisa 5**" in best and "independent test or review says" not in best
    assert not result.review_sources
