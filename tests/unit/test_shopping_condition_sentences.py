"""An offer written in a sentence with a condition other than new is an offer row marked with that condition
(issue 15, re-check g45 of trial t45, fault 4): a shop's "Also available: Mardox Tagline 7 refurbished, grade A,
$64.00." beside its "Our price: $89.00 (new)." was only a verified claim; the Offers table had the new offer alone.
It is now a refurbished offer with its merchant and citation, named beside the best value and never winning it
over new offers; a sentence naming its merchant ("... is available for $64 at Kettle & Co.") gives that merchant.
Pages served as on loopback; invented products, shops and figures."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from typing import Any
from uuid import uuid4

from services.domain_shopping.offline import Analysis, SourcePage, _page_text, analyse, purchase
from services.domain_shopping.pages import condition_offers

QUESTION = "What is the best handheld label printer under $120?"
_SHOP = ("<html lang='en'><head><title>Tellar Mark 7 label printer | Hobson Tools</title></head><body><h1>Tellar "
         "Mark 7 label printer | Hobson Tools</h1><table><tr><th>Battery life</th><td>12 h</td></tr><tr><th>Print "
         "speed</th><td>20 mm/s</td></tr></table><p>Our price: $89.00 (new). Add to cart.</p><p>Also available: "
         "Tellar Mark 7 refurbished, grade A, $64.00.</p></body></html>")
_MAKER_ITEM = {"@context": "https://schema.org", "@type": "Product", "name": "Quorra LP-4", "brand": "Quorra",
               "offers": {"@type": "Offer", "price": "109.99", "priceCurrency": "USD",
                          "itemCondition": "https://schema.org/NewCondition"}}
_MAKER = ("<html lang='en'><head><title>Quorra LP-4 - Quorra</title><script type='application/ld+json'>"
          f"{json.dumps(_MAKER_ITEM)}</script></head><body><h1>Quorra LP-4</h1><table><tr><th>Battery life</th>"
          "<td>8 h</td></tr><tr><th>Print speed</th><td>30 mm/s</td></tr></table><p>A refurbished Quorra LP-4 is "
          "available for $79 at Pellam Outlet.</p></body></html>")
_REVIEW = ("<html lang='en'><head><title>Quorra LP-4 review</title></head><body><article><h1>Quorra LP-4 review</h1>"
           "<p>We tested the Quorra LP-4 for four weeks.</p><p>Its battery life is 8 h.</p><p>A used Quorra LP-4 sold "
           "for $50 on an auction site.</p></article></body></html>")


def _page(path: str, html: str) -> SourcePage:
    page = SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())
    page.text = _page_text(page)  # the visible text, as the fetcher stores it
    return page


def run(*extra: tuple[str, str]) -> tuple[Analysis, dict[str, str]]:
    pages = [_page("/hobson/tellar-mark-7.html", _SHOP), _page("/quorra/lp-4.html", _MAKER),
             *(_page(path, html) for path, html in extra)]
    return analyse(QUESTION, pages, uuid4(), today=date(2026, 12, 4)), {p.url: p.source_id for p in pages}


def _offers(result: Analysis, name: str) -> list[dict[str, Any]]:
    pid = next(p["product_id"] for p in result.products if p["name"] == name)
    return sorted((o for o in result.offers if o["product_id"] == pid), key=lambda o: o["price"])


def test_a_refurbished_offer_in_a_shops_sentence_is_an_offer_row_marked_refurbished() -> None:
    result, ids = run()
    refurbished, new = _offers(result, "Tellar Mark 7")
    assert (refurbished["price"], refurbished["currency"], refurbished["condition"]) == (64.0, "USD", "refurbished")
    assert (new["price"], new["condition"]) == (89.0, "new")
    assert refurbished["merchant"] == new["merchant"] == "Hobson Tools"
    assert refurbished["cited"]["source_id"] == ids["http://127.0.0.1:9/hobson/tellar-mark-7.html"]
    assert "$64.00" in refurbished["cited"]["quote"]
    assert purchase(refurbished)
    table = next(s["body"] for s in result.sections if s["heading"] == "Offers")
    assert "| Tellar Mark 7 | Hobson Tools | 64.00 USD [@o" in table and "| **refurbished** |" in table
    # the best value is a new offer; the cheaper refurbished one is named beside it
    value = next(line for line in next(s["body"] for s in result.sections if s["heading"] == "Verdicts").splitlines()
                 if "Best value" in line)
    assert "Best value: Tellar Mark 7** — 89.00 USD" in value and "refurbished" in value and "64.00 USD" in value


def test_a_sentence_naming_its_merchant_gives_that_merchant() -> None:
    result, _ = run()
    refurbished, new = _offers(result, "Quorra LP-4")
    assert (refurbished["price"], refurbished["condition"], refurbished["merchant"]) == (79.0, "refurbished",
                                                                                        "Pellam Outlet")
    assert (new["price"], new["condition"]) == (109.99, "new")


def test_a_reviews_used_price_is_mentioned_never_compared() -> None:
    result, ids = run(("/lab/quorra-lp-4-review.html", _REVIEW))
    used = [o for o in _offers(result, "Quorra LP-4") if o["condition"] == "used"]
    assert [o["price"] for o in used] == [50.0]
    assert used[0]["cited"]["source_id"] == ids["http://127.0.0.1:9/lab/quorra-lp-4-review.html"]
    assert not purchase(used[0]) and used[0]["merchant"].startswith("no merchant")


def test_only_a_condition_other_than_new_with_a_price_in_a_currency_makes_an_offer() -> None:
    said = condition_offers(["Our price: $89.00 (new).", "Used by pros, it costs $89.",
                             "Refurbished units ship in 2 days.", "A renewed Tellar Mark 7 is yours for 59 EUR."])
    assert [(o.price, o.condition, o.seller) for o in said] == [("59 EUR", "renewed", "")]
