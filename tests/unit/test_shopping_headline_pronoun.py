"""Shopping product identification (issue 15, trial t33 fault 3): a roundup's headline "We tested five baby
monitors" cut before its review word left "We", which became a product collecting other products' figures. A
pronoun or determiner is never a product name."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import SourcePage, analyse, looks_like_product


def _page(path: str, title: str, body: str, head: str = "") -> SourcePage:
    html = f'<!doctype html><html lang="en"><head><title>{title}</title>{head}</head><body>{body}</body></html>'
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title=title, text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


MAKER = _page(
    "/quorra/veil-2", "Quorra Veil 2 Desk Fan | Quorra",
    "<h1>Quorra Veil 2</h1><table><tr><th>Weight</th><td>1.2 kg</td></tr><tr><th>Noise</th><td>32 dB</td></tr>"
    "</table><p>Price: $89.99. In stock.</p>",
    '<script type="application/ld+json">' + json.dumps(
        {"@context": "https://schema.org", "@type": "Product", "name": "Quorra Veil 2", "brand": "Quorra",
         "offers": {"@type": "Offer", "price": "89.99", "priceCurrency": "USD"}}) + "</script>")
ROUNDUP = _page(
    "/lab/desk-fans", "We tested four desk fans: the quietest for bedrooms | Airflow Lab",
    "<h1>We tested four desk fans</h1><p>By Ines Marl, Airflow Lab. No maker paid for this test.</p>"
    "<h2>Quorra Veil 2</h2><p>The Quorra Veil 2 weighs 1.2 kg and measured 33 dB in our test. Rating: 4.5 out of 5.</p>"
    "<h2>Brisel Tower 7</h2><p>The Brisel Tower 7 weighs 3.4 kg. Rating: 3.9 out of 5.</p>"
    "<h2>Zephra Cube S</h2><p>The Zephra Cube S weighs 0.8 kg but costs $249. Rating: 4.1 out of 5.</p>")


def test_a_pronoun_or_determiner_is_no_product_name() -> None:
    for name in ("We", "This", "Our", "I", "These"):
        assert not looks_like_product(name), name
    assert looks_like_product("Quorra Veil 2") and looks_like_product("My Passport Ultra")


def test_a_roundup_headline_opening_with_we_gives_no_product_called_we() -> None:
    result = analyse("Which desk fan should I buy?", [ROUNDUP, MAKER], uuid4(), today=date(2026, 12, 2))
    names = [p["name"] for p in result.products]
    assert "We" not in names and "Quorra Veil 2" in names, names
    assert all(o["product_id"] != "we" for o in result.offers), result.offers
