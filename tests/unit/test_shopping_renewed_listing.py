"""Shopping analysis (issue 15, trial t33 fault 1): a refurbished listing ("Quillon Aire (Renewed)") beside the
product's own page is the same product with a refurbished offer, even when the name has no model number to go
by; and two products named by the same words in one sentence never crash the analysis (their spans are sorted,
never the products)."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from uuid import uuid4

from services.domain_shopping.attributes import read_prose
from services.domain_shopping.offline import Catalogue, Product, SourcePage, _shared_sentence_specs, analyse


def _page(path: str, title: str, body: str, item: dict[str, object]) -> SourcePage:
    html = (f'<!doctype html><html lang="en"><head><title>{title}</title><script type="application/ld+json">'
            f"{json.dumps(item)}</script></head><body>{body}</body></html>")
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title=title, text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


MAKER = _page(
    "/quillon/aire", "Quillon Aire Baby Monitor | Quillon",
    "<h1>Quillon Aire</h1><p>The Quillon Aire has a 20-hour battery and a 400 m range.</p>",
    {"@context": "https://schema.org", "@type": "Product", "name": "Quillon Aire", "brand": "Quillon",
     "offers": {"@type": "Offer", "price": "219.00", "priceCurrency": "USD",
                "itemCondition": "https://schema.org/NewCondition"}})
RENEWED = _page(
    "/shop/renewed", "Quillon Aire Baby Monitor (Renewed) - SecondLoop",
    "<h1>Quillon Aire (Renewed)</h1><p>Certified refurbished. The Quillon Aire (Renewed) weighs 320 g.</p>"
    "<p class='price'>$149.00</p>",
    {"@context": "https://schema.org", "@type": "Product", "name": "Quillon Aire (Renewed)",
     "offers": {"@type": "Offer", "price": "149.00", "priceCurrency": "USD",
                "itemCondition": "https://schema.org/RefurbishedCondition"}})


def test_a_renewed_listing_without_a_model_number_is_a_spelling_of_the_product() -> None:
    catalogue = Catalogue()
    aire = catalogue.add("Quillon Aire", "Quillon", "", "a")
    assert catalogue.add("Quillon Aire (Renewed)", "", "", "b") is aire
    assert catalogue.add("Quillon Aire refurbished", "", "", "c") is aire
    assert catalogue.add("Quillon Aire Max (Renewed)", "", "", "d") is not aire  # a variant stays another product
    assert aire.source_ids == ["a", "b", "c"]


def test_a_renewed_listing_beside_the_makers_page_is_a_refurbished_offer_of_the_product() -> None:
    result = analyse("Which baby monitor should I buy?", [MAKER, RENEWED], uuid4(), today=date(2026, 12, 2))
    assert [p["name"] for p in result.products] == ["Quillon Aire"], result.products
    conditions = {(o["price"], o["condition"]) for o in result.offers}
    assert (149.0, "refurbished") in conditions and (219.0, "new") in conditions, result.offers


def test_two_products_named_by_the_same_words_in_a_sentence_do_not_crash() -> None:
    one = Product(product_id="quillon-aire", name="Quillon Aire", brand="Quillon")
    other = Product(product_id="norrand-quillon-aire", name="Quillon Aire", brand="Norrand")
    text = "The Quillon Aire weighs 210 g."
    kinds = {f.attribute: "[mass]" for f in read_prose(text, {})}
    sp = SourcePage(source_id="s", url="http://127.0.0.1:9/x", title="x", text=text, html=None, html_sha256="")
    found = _shared_sentence_specs(text, [one, other], kinds, sp, set())
    assert found == []  # whose weight it is is not said
