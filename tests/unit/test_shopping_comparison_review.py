"""A review of several products rates each one its sentence names (issue 15, trial t31 fault 5): a test of two
shredders titled "A vs B" was read as a page about A (its title cut before "vs"), and only its first rating was
kept, so "Rating: A 4/5, B 3/5" gave B no rating and B's "jammed" complaint was lost."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import SourcePage, analyse
from services.domain_shopping.pages import complaints
from tests.shop_pages import pages
from tests.shop_pages import shop as shop_page


def shop(name: str, price: str, sheets: str) -> str:
    return shop_page(name, price, "Sheet capacity", sheets)


TEST = ("<!doctype html><html lang='en'><head><title>Shredmax S8 vs Papyro P4: tested - OfficeLab</title></head><body>"
        "<h1>Shredmax S8 vs Papyro P4</h1><p>We shredded a thousand sheets with each machine over a month.</p>"
        "<p>The Papyro P4 jammed three times with stapled paper. The Shredmax S8 never stopped.</p>"
        "<p>Verdict: the Shredmax S8 is the sturdier shredder. Rating: Shredmax S8 4/5, Papyro P4 3/5.</p>"
        "</body></html>")


def test_each_product_a_comparison_rates_gets_its_rating_and_complaint() -> None:
    site = {"/s8": shop("Shredmax S8", "149.00", "12 sheets"), "/p4": shop("Papyro P4", "99.00", "10 sheets"),
            "/test": TEST}
    result = analyse("Shredmax S8 or Papyro P4: which shredder should I buy?", pages(site), uuid4(),
                     today=date(2026, 12, 2))
    names = {p["product_id"]: p["name"] for p in result.products}
    rated = {names[r["product_id"]]: (r["rating"], r["cons"]) for r in result.reviews if r["rating"] is not None}
    assert rated["Shredmax S8"] == (4.0, [])
    assert rated["Papyro P4"] == (3.0, ["The Papyro P4 jammed three times with stapled paper"])
    table = next(s["body"] for s in result.sections if s["heading"] == "Reviews")
    assert "| Papyro P4 | [@r" in table and "| 3/5 |" in table


def test_a_rating_of_the_page_product_only_is_not_given_to_another() -> None:
    page = ("<!doctype html><html lang='en'><head><title>Papyro P4 review - OfficeLab</title></head><body>"
            "<h1>Papyro P4 review</h1><p>The Papyro P4 is quieter than the Shredmax S8 we tested last year.</p>"
            "<p>Rating: 4/5.</p></body></html>")
    site = {"/s8": shop("Shredmax S8", "149.00", "12 sheets"), "/p4": shop("Papyro P4", "99.00", "10 sheets"),
            "/review": page}
    result = analyse("Which paper shredder should I buy?", pages(site), uuid4(), today=date(2026, 12, 2))
    names = {p["product_id"]: p["name"] for p in result.products}
    assert [(names[r["product_id"]], r["rating"]) for r in result.reviews if r["rating"] is not None] == [
        ("Papyro P4", 4.0)]


def test_paper_jams_are_faults_and_jam_as_food_is_none() -> None:
    assert complaints("It jams up with glossy labels. The feed jams every few days.") == [
        "It jams up with glossy labels", "The feed jams every few days"]
    assert complaints("The Berrix maker turns fruit into jam in an hour.") == []


def test_a_maker_page_figures_and_price_are_cited_in_its_visible_text() -> None:
    """Trial t31 fault 17: a ``<dl>`` spec list's figure and a JSON-LD price the page also shows are quoted from
    the page's own text ("Sheet capacity | 12 sheets", "149,00 €"), never from its markup."""
    from services.scraper.fetch._content import extract_html

    item = {"@context": "https://schema.org", "@type": "Product", "name": "Shredmax S8",
            "offers": {"@type": "Offer", "price": "149.00", "priceCurrency": "EUR"}}
    html = ('<!doctype html><html lang="de"><head><title>Shredmax S8</title><script type="application/ld+json">'
            f"{json.dumps(item)}</script></head><body><h1>Shredmax S8</h1><p>The Shredmax S8 is a quiet office "
            "shredder for small teams, with a cross-cut blade and an auto-reverse feed.</p><dl><dt>Sheet capacity"
            "</dt><dd>12 sheets</dd><dt>Bin volume</dt><dd>21 l</dd></dl><p>Preis: 149,00 €</p>"
            "<button>In den Warenkorb</button></body></html>")
    text = extract_html(html, url="http://127.0.0.1:9/s8").text
    sp = SourcePage(source_id=str(uuid4()), url="http://127.0.0.1:9/s8", title="Shredmax S8", text=text, html=html,
                    html_sha256=hashlib.sha256(html.encode()).hexdigest())
    result = analyse("Which paper shredder should I buy?", [sp], uuid4(), today=date(2026, 12, 2))
    quotes = {c["value"]: c["cited"]["quote"] for c in result.cells}
    assert quotes["12 sheets"] == "Sheet capacity | 12 sheets"
    assert [(o["cited"]["quote"], o["cited"]["source_id"]) for o in result.offers] == [("149,00 €", sp.source_id)]
    assert result.sources == []  # no "(page markup)" source: the page is listed once
