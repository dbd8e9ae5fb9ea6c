"""A new user's bike-light trial (issue 15, trial t40 shopping faults), replayed on invented head torches: a shop
page without product markup is not sold by the maker other pages name."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import Analysis, SourcePage, analyse


def ld(obj: str) -> str:
    return f'<script type="application/ld+json">{obj}</script>'


def page(title: str, body: str, lang: str = "en", head: str = "") -> str:
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>{head}</head>'
            f"<body>{body}</body></html>")


def row(key: str, value: str) -> str:
    return f"<tr><th>{key}</th><td>{value}</td></tr>"


TORCHES = {
    "/halden/peak-900": page(
        "Halden Peak 900", "<h1>Halden Peak 900</h1><p>The Halden Peak 900 is a head torch.</p><table>"
        + row("Weight", "88 g") + row("Runtime", "4 h") + "</table>",
        head=ld('{"@context": "https://schema.org", "@type": "Product", "name": "Halden Peak 900", '
                '"brand": "Halden", "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "USD"}}')),
    "/trailshop/halden-peak-900": page(
        "Halden Peak 900", "<h1>Halden Peak 900</h1><p>Halden Peak 900 head torch, 88 g.</p>"
        "<p class='price'>Now $69.00 <s>$89.00</s></p><p>In stock. Add to cart.</p>"),
}


def run(question: str, site: dict[str, str]) -> Analysis:
    pages = [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title=path, text="", html=html,
                        html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in site.items()]
    return analyse(question, pages, uuid4(), today=date(2026, 12, 2))


def test_a_shop_page_without_markup_is_not_sold_by_the_brand_other_pages_name() -> None:
    # t40 fault 10: VeloMart's sale page for the Vexa Nightline 1500 showed merchant "Vexa", the maker, because the
    # product's brand (from the maker's JSON-LD) was the fallback for any page; the maker's own Offer keeps it
    result = run("What's the best head torch under $100?", TORCHES)
    by_price = {o["price"]: o["merchant"] for o in result.offers}
    assert by_price.get(89.0) == "Halden", result.offers
    assert 69.0 in by_price and by_price[69.0] != "Halden", result.offers
