"""Loopback pages of a travel-kettle trial (issue 15, trial t27): maker pages with schema.org data, a shop page whose
title starts with the product's name, a sale with a struck former price beside a JSON-LD offer, an independent
roundup with a product-per-column table, a sponsored post, and a forum thread with failure reports. All products
and figures are invented."""

from __future__ import annotations

import json


def _ld(obj: dict[str, object]) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


def _page(title: str, body: str, head: str = "") -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>{head}</head>'
            f"<body>{body}</body></html>")


def _offer(name: str, price: str, seller: str, currency: str = "USD") -> str:
    return _ld({"@context": "https://schema.org", "@type": "Product", "name": name,
                "offers": {"@type": "Offer", "price": price, "priceCurrency": currency,
                           "availability": "https://schema.org/InStock",
                           "seller": {"@type": "Organization", "name": seller}}})


def _specs(capacity: str, weight: str, boil: str) -> str:
    return (f"<table><tr><th>Capacity</th><td>{capacity}</td></tr><tr><th>Weight</th><td>{weight}</td></tr>"
            f"<tr><th>Boil time</th><td>{boil}</td></tr></table>")


#: path -> HTML
KETTLES: dict[str, str] = {
    # the largest and slowest, which a sponsored post promotes
    "/calda/p9": _page("Calda P9 - Calda", "<h1>Calda P9</h1><p>A roomy kettle for the road.</p>"
                           + _specs("0.9 l", "560 g", "6 min"), _offer("Calda P9", "45.00", "Calda")),
    "/fervo/lite": _page("Fervo Lite - Fervo", "<h1>Fervo Lite</h1><p>Our fastest travel kettle.</p>"
                         + _specs("0.5 l", "540 g", "150 s"), _offer("Fervo Lite", "52.00", "Fervo")),
    "/bollo/t4": _page("Bollo T4 - Bollo", "<h1>Bollo T4</h1><p>A folding silicone kettle.</p>"
                         + _specs("0.6 l", "610 g", "4 min"), _offer("Bollo T4", "38.00", "Bollo")),
    # a shop whose title opens with the product's name; its sale's former price only in the visible text
    "/shop/fervo-lite": _page("Fervo Lite Travel Kettle | CampShop",
                              "<h1>Fervo Lite</h1><p>Now $47.95, was <s>$57.95</s>. In stock.</p>"
                              "<button>Add to cart</button>", _offer("Fervo Lite", "47.95", "CampShop")),
    "/blog/calda": _page(
        "Calda P9: the kettle we love", "<h1>Calda P9: the kettle we love</h1><p>This post is sponsored by "
        "Calda. The Calda P9 is the best travel kettle you can buy. <a rel=\"sponsored\" "
        "href=\"https://amzn.to/x1\">Buy it here</a>.</p>"),
    # a review and a forum thread reporting faults in their prose: one of them recurring, one negated, one asked
    "/reviews/bollo-t4": _page("Bollo T4 review | KettleTest", "<h1>Bollo T4 review</h1><p>We tested the Bollo T4 "
                               "for a month. Its lid felt flimsy after a week. We rate it 3.5 out of 5.</p>"),
    "/forum/kettle-faults": _page("Travel kettle faults - Hikers forum",
                                  "<h1>Travel kettle faults</h1><p>My Bollo T4 lid broke after two months. The Fervo "
                                  "Lite never leaked in a year of use. Has anyone's Calda P9 rusted?</p>"),
    "/reviews/travel-kettles": _page(
        "Travel kettles tested | BrewLab",
        "<h1>Travel kettles tested</h1><p>We tested three travel kettles on the road. The Bollo T4 is the best "
        "travel kettle for most people.</p><table><tr><th></th><th>Fervo Lite</th><th>Bollo T4</th>"
        "<th>Calda P9</th></tr><tr><td>Weight</td><td>540 g</td><td>610 g</td><td>590 g</td></tr>"
        "<tr><td>Boil time</td><td>2.5 min</td><td>4 min</td><td>6 min</td></tr></table>"),
}
