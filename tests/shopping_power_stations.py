"""Loopback pages of a portable-power-station trial (issue 15, trial t43 fault 1): a maker page stating its capacity
in running text ("stores 512 Wh") under a title holding "power station", a spec table giving it in kWh, a UK shop
offer in GBP, a lighter but smaller station, an affiliate post with a disagreeing figure and an independent
capacity test. All products and figures are invented."""

from __future__ import annotations

import json


def _ld(obj: dict[str, object]) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


def _page(title: str, body: str, head: str = "", lang: str = "en") -> str:
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>{head}</head>'
            f"<body><h1>{title}</h1>{body}</body></html>")


def _offer(name: str, price: str, seller: str, currency: str = "USD") -> str:
    return _ld({"@context": "https://schema.org", "@type": "Product", "name": name,
                "offers": {"@type": "Offer", "price": price, "priceCurrency": currency,
                           "seller": {"@type": "Organization", "name": seller}}})


#: path -> HTML
POWER_STATIONS: dict[str, str] = {
    "/power/voltaro-ps500": _page(
        "Voltaro PS-500 portable power station",
        "<p>The Voltaro PS-500 stores 512 Wh and weighs 6.2 kg.</p><p>Price: $399.00 <a href=\"/cart\">Add to cart</a></p>",
        _offer("Voltaro PS-500", "399.00", "Voltaro")),
    "/power/kestrel-cube-700": _page(
        "Kestrel Cube 700 specifications",
        "<p>Kestrel Cube 700 portable power station.</p><table><tr><th>Battery capacity</th><td>0.72 kWh</td></tr>"
        "<tr><th>Weight</th><td>9.1 kg</td></tr><tr><th>AC output</th><td>800 W</td></tr></table>"),
    "/shop/uk/kestrel-cube-700": _page(
        "Kestrel Cube 700", '<p>Sold by Campwise UK.</p><p class="price">£549.00</p><button>Add to basket</button>',
        _offer("Kestrel Cube 700", "549.00", "Campwise UK", "GBP"), lang="en-GB"),
    "/power/ampora-go-300": _page(
        "Ampora Go 300", "<table><tr><th>Capacity</th><td>288 Wh</td></tr><tr><th>Weight</th><td>3.4 kg</td></tr>"
        "</table><p>Price: $229.00 <button>Add to cart</button></p>"),
    "/reviews/campgear-best-power-station": _page(
        "The portable power station with the biggest battery",
        "<p><em>Disclosure: we may earn a commission from affiliate links on this page.</em></p>"
        "<p>The Ampora Go 300 has the largest battery capacity of any portable power station we have seen: 800 Wh.</p>"
        '<p><a rel="sponsored" href="https://affiliate.example/ampora?tag=campgear">Buy the Ampora Go 300</a></p>'),
    "/reviews/offgrid-lab-capacity-test": _page(
        "Power station capacity test",
        "<p>OffGrid Lab drained each portable power station at 200 W. Measured usable capacity: Kestrel Cube 700 "
        "655 Wh, Voltaro PS-500 470 Wh, Ampora Go 300 260 Wh.</p>"
        "<p>The Kestrel Cube 700 has the largest battery capacity of the three.</p>"),
}
