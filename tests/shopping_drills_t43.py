"""Loopback pages of a cordless-drill trial (issue 15, trial t43 fault 3): maker pages giving the maximum torque in
newton metres (schema.org and a spec table), a shop sale, an over-budget premium drill with a cheaper refurbished
offer, an independent bench test naming its pick for home DIY, and a sponsored post with a higher torque for its
sponsor's drill. All products and figures are invented."""

from __future__ import annotations

import json


def _ld(obj: dict[str, object]) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


def _page(title: str, body: str, head: str = "") -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>{head}</head>'
            f"<body><h1>{title}</h1>{body}</body></html>")


def _product(name: str, price: str, seller: str, props: dict[str, tuple[str, str]] | None = None,
             condition: str = "NewCondition") -> str:
    obj: dict[str, object] = {
        "@context": "https://schema.org", "@type": "Product", "name": name,
        "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD",
                   "availability": "https://schema.org/InStock", "itemCondition": f"https://schema.org/{condition}",
                   "seller": {"@type": "Organization", "name": seller}}}
    if props:
        obj["additionalProperty"] = [{"@type": "PropertyValue", "name": k, "value": v, "unitText": u}
                                     for k, (v, u) in props.items()]
    return _ld(obj)


#: path -> HTML
DRILLS: dict[str, str] = {
    "/drills/torvik-d18-compact": _page(
        "Torvik D18 Compact cordless drill",
        "<p>The Torvik D18 Compact is an 18 V cordless drill for home DIY. It delivers 55 Nm of maximum torque and "
        "weighs 1.3 kg with its battery.</p><p>Battery: 2.0 Ah lithium-ion.</p>"
        '<p><a href="/cart/add?sku=TD18C">Add to cart</a> Price: $149.00. In stock.</p>',
        _product("Torvik D18 Compact", "149.00", "Torvik Tools Store",
                 {"Max torque": ("55", "Nm"), "Weight": ("1.3", "kg")})),
    "/drills/brakka-powerdrive-20": _page(
        "Brakka PowerDrive 20 specifications",
        "<p>The Brakka PowerDrive 20 is a 20 V brushless cordless drill for DIY and light trade work.</p>"
        "<table><tr><th>Max torque</th><td>65 Nm</td></tr><tr><th>Weight</th><td>3.5 lb</td></tr>"
        "<tr><th>Battery</th><td>4.0 Ah</td></tr></table>"),
    "/shop/toolbarn-brakka-powerdrive-20": _page(
        "BRAKKA POWERDRIVE-20 Cordless Drill Driver Kit Best Deal",
        '<p>Sold by ToolBarn.</p><p class="price">Now $179.99 <s>$219.99</s></p><button>Add to basket</button>',
        _product("Brakka PowerDrive 20", "179.99", "ToolBarn")),
    "/drills/velmo-hx12": _page(
        "Velmo HX-12 brushless drill",
        "<p>The Velmo HX-12 is our most powerful cordless drill: 80 Nm of torque, 1.5 kg.</p>"
        '<p>Price: $289.00 <a href="/cart">Buy now</a></p>',
        _product("Velmo HX-12", "289.00", "Velmo Direct", {"Max torque": ("80", "Nm"), "Weight": ("1.5", "kg")})),
    "/shop/renewdeals-velmo-hx12-refurbished": _page(
        "Velmo HX-12 (Refurbished)",
        "<p>Certified refurbished by RenewDeals. 90-day warranty.</p><p>Price: $189.00</p><button>Add to cart</button>",
        _product("Velmo HX-12 (Refurbished)", "189.00", "RenewDeals", condition="RefurbishedCondition")),
    "/reviews/diy-bench-cordless-drill-test": _page(
        "We tested three cordless drills for home DIY",
        "<p>DIY Bench buys every tool it tests. In our torque rig the Brakka PowerDrive 20 reached 63 Nm, the Torvik "
        "D18 Compact 52 Nm and the Velmo HX-12 78 Nm.</p><p>Verdict: the Brakka PowerDrive 20 is the best cordless "
        "drill under $200 for home DIY. The Velmo HX-12 is stronger but costs $289.</p>"
        "<p>Rating: Brakka PowerDrive 20 4.5/5, Torvik D18 Compact 3.8/5, Velmo HX-12 4.7/5.</p>"),
    "/reviews/toolpicks-best-drill": _page(
        "Best cordless drill under $200 (2026)",
        "<p><em>Disclosure: ToolPicks earns a commission when you buy through our affiliate links. This review is "
        "sponsored by Torvik.</em></p><p>The Torvik D18 Compact is the best cordless drill under $200, hands down. "
        "It has 70 Nm of torque and beats every rival.</p>"
        '<p><a rel="sponsored nofollow" href="https://affiliate.example/torvik?tag=toolpicks-20">Check price</a></p>'),
}
