"""Invented shop pages for the shopping engine's unit tests: a product page with a schema.org Offer and one spec row,
and the pages of a site as the engine receives them."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import Analysis, SourcePage, analyse


def shop(name: str, price: str, label: str, value: str, currency: str = "EUR") -> str:
    """A shop's product page (HTML) for ``name``: JSON-LD Product with one Offer of ``price`` in ``currency``, an
    ``<h1>`` with the name, a one-row spec table ``label | value`` and an "Add to cart" button."""
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "offers": {"@type": "Offer", "price": price, "priceCurrency": currency}}
    return (f'<!doctype html><html lang="en"><head><title>{name} - Shop</title><script type="application/ld+json">'
            f'{json.dumps(item)}</script></head><body><h1>{name}</h1><table><tr><th>{label}</th><td>{value}</td>'
            "</tr></table><button>Add to cart</button></body></html>")


def spec_shop(name: str, price: str, rows: dict[str, str]) -> str:
    """A shop's product page (HTML) for ``name``: JSON-LD Product with one Offer of ``price`` USD, an ``<h1>`` with
    the name, a spec table of ``rows`` (label -> value) and an "Add to cart" button."""
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"}}
    table = "".join(row(k, v) for k, v in rows.items())
    return page(f"{name} - Shop", f"<h1>{name}</h1><table>{table}</table><button>Add to cart</button>",
                head=ld(json.dumps(item)))


def pages(site: dict[str, str]) -> list[SourcePage]:
    """``site`` (path -> HTML) as fetched pages of http://127.0.0.1:9<path>, each with a new source id and its
    HTML's sha256, as the scraper records them."""
    return [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title=path, text="", html=html,
                       html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in site.items()]


def ld(obj: str) -> str:
    """``obj`` (a JSON text) as a ``<script type="application/ld+json">`` element."""
    return f'<script type="application/ld+json">{obj}</script>'


def page(title: str, body: str, lang: str = "en", head: str = "") -> str:
    """A whole HTML page in ``lang`` with ``<title>`` ``title``, ``head`` added to its head and ``body`` as its body."""
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>{head}</head>'
            f"<body>{body}</body></html>")


def row(key: str, value: str) -> str:
    """One spec-table row ``key | value`` (``<tr><th>key</th><td>value</td></tr>``)."""
    return f"<tr><th>{key}</th><td>{value}</td></tr>"


def maker_page(name: str, brand: str, price: str, rows: dict[str, str]) -> str:
    """A maker's product page (HTML) for the action camera ``name`` of ``brand``: JSON-LD Product with its Brand and
    one Offer of ``price`` USD, an ``<h1>`` with the name, one sentence and a spec table of ``rows`` (label -> value)."""
    return page(f"{name} - {brand}", f"<h1>{name}</h1><p>The {name} is an action camera.</p><table>"
                + "".join(row(k, v) for k, v in rows.items()) + "</table>",
                head=ld(f'{{"@context": "https://schema.org", "@type": "Product", "name": "{name}", '
                        f'"brand": {{"@type": "Brand", "name": "{brand}"}}, "offers": {{"@type": "Offer", '
                        f'"price": "{price}", "priceCurrency": "USD"}}}}'))


def run(question: str, site: dict[str, str]) -> Analysis:
    """The shopping engine's analysis of ``question`` over ``site`` (path -> HTML, as ``pages`` fetches them), on
    2026-12-02."""
    return analyse(question, pages(site), uuid4(), today=date(2026, 12, 2))


def verdicts(result: Analysis) -> str:
    """The body of ``result``'s "Verdicts" section (StopIteration when it has none)."""
    return str(next(s["body"] for s in result.sections if s["heading"] == "Verdicts"))


def verdict_line(result: Analysis) -> str:
    """The first line of ``result``'s "Verdicts" section, its citation markers written "[@v]" (StopIteration when
    it has none)."""
    return re.sub(r"\[@v\d+\]", "[@v]", verdicts(result).split("\n")[0])
