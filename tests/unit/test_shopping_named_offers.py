"""A question asking where one product it names is cheapest is answered with that product's offers (issue 15, trial
t35 fault 8): "cheapest place to buy a Pumpa Go tyre pump?" got "Best overall: Influx Volt S", another product's
verdict. Now the verdicts give the named product's cheapest offer with its seller and condition, and the cheapest
new one. Invented products and shops."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import SourcePage, analyse


def _page(path: str, title: str, body: str, item: dict[str, object]) -> SourcePage:
    html = (f'<!doctype html><html lang="en"><head><title>{title}</title><script type="application/ld+json">'
            f"{json.dumps(item)}</script></head><body>{body}</body></html>")
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title=title, text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


def _maker(name: str, price: str, weight: str, capacity: str) -> SourcePage:
    brand = name.split()[0]
    return _page(f"/{brand.lower()}", f"{name} | {brand}",
                 f"<h1>{name}</h1><table><tr><td>Weight</td><td>{weight}</td></tr>"
                 f"<tr><td>Water tank capacity</td><td>{capacity}</td></tr></table>",
                 {"@context": "https://schema.org", "@type": "Product", "name": name, "brand": brand,
                  "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD",
                             "itemCondition": "https://schema.org/NewCondition"}})


PAGES = [
    _maker("Vessly Steam 2", "79.00", "1.4 kg", "300 ml"),
    _maker("Orrin Puff", "59.00", "1.1 kg", "250 ml"),
    _maker("Tabbel Mist X", "99.00", "0.9 kg", "400 ml"),
    _page("/shop/vessly-renewed", "Vessly Steam 2 (Renewed) - LoopMarket",
          "<h1>Vessly Steam 2 (Renewed)</h1><p>Certified refurbished.</p>",
          {"@context": "https://schema.org", "@type": "Product", "name": "Vessly Steam 2 (Renewed)",
           "offers": {"@type": "Offer", "price": "45.00", "priceCurrency": "USD",
                      "itemCondition": "https://schema.org/RefurbishedCondition"}}),
]


def _verdicts(question: str) -> str:
    result = analyse(question, PAGES, uuid4(), today=date(2026, 12, 2))
    return str(next(s for s in result.sections if s["heading"] == "Verdicts")["body"])


def test_where_a_named_product_is_cheapest_is_answered_with_its_offers() -> None:
    body = _verdicts("cheapest place to buy a Vessly Steam 2 garment steamer?")
    assert body.startswith("**Vessly Steam 2, as its sources give it:** cheapest offer 45.00 USD"), body
    assert "cheapest offer 45.00 USD [@v1] at LoopMarket (refurbished);" in body, body
    assert "cheapest new 79.00 USD" in body, body
    assert "Best overall" not in body and "Orrin Puff" not in body and "Tabbel" not in body, body


def test_a_ranking_question_still_gets_its_verdicts() -> None:
    assert "**Best value: Orrin Puff**" in _verdicts("Which garment steamer is the best?")
    assert "cheapest offer" not in _verdicts("Which is cheapest, the Vessly Steam 2 or the Orrin Puff?")


def _seller(shop: str, price: str) -> SourcePage:
    return _page(f"/shop/{shop.lower()}/vessly", f"Vessly Steam 2 - {shop}", "<h1>Vessly Steam 2</h1>",
                 {"@context": "https://schema.org", "@type": "Product", "name": "Vessly Steam 2",
                  "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD",
                             "seller": {"@type": "Organization", "name": shop},
                             "itemCondition": "https://schema.org/NewCondition"}})


def test_the_cheapest_place_among_too_few_sellers_is_no_confident_answer() -> None:
    """Trial t35 x2: "cheapest place to buy" answered from two sellers' offers was "high 1.00"; a third seller the
    search did not reach may sell it for less, so the answer is at most "medium" and says why."""
    question = "cheapest place to buy a Vessly Steam 2 garment steamer?"
    few = analyse(question, PAGES, uuid4(), today=date(2026, 12, 2))
    assert few.max_tier == "medium", few.max_tier
    assert any(n.startswith("only 2 sellers of the product asked about were found") for n in few.notes), few.notes
    more = analyse(question, [*PAGES, _seller("Kettleby", "74.00"), _seller("Brightstall", "76.50")], uuid4(),
                   today=date(2026, 12, 2))
    body = str(next(s for s in more.sections if s["heading"] == "Verdicts")["body"])
    assert "4 offers found" in body, body
    assert more.max_tier == "high", (more.max_tier, more.notes)
    # a ranking question is not capped for its sellers
    ranked = analyse("Which garment steamer is the best?", PAGES, uuid4(), today=date(2026, 12, 2))
    assert not any("sellers of the product asked" in n for n in ranked.notes), ranked.notes
