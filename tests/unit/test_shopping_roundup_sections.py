"""An independent roundup reviewing several products, one section each (issue 15, trial t33 fault 4): the praise
and complaints a section writes ("Pros: long battery, light. Cons: single camera.") are the review of the product
its heading names, beside that section's rating, never another section's product's."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import analyse
from tests.shop_pages import pages, shop

ROUNDUP = ("<!doctype html><html lang='en'><head><title>We tested four travel kettles | Brew Lab</title></head><body>"
           "<h1>We tested four travel kettles</h1><p>By Ines Roe, Brew Lab. No maker paid for this test.</p>"
           "<h2>Tavolo Mini 2</h2><p>The Tavolo Mini 2 boiled 0.5 l in 3 minutes. Rating: 4.5 out of 5. "
           "Pros: fast, folds flat. Cons: loud lid.</p>"
           "<h2>Brivo K6</h2><p>The Brivo K6 boiled 0.5 l in 4 minutes. Rating: 3.9 out of 5. Cons: heavy, slow.</p>"
           "<h2>Quella T3</h2><p>The Quella T3 boiled 0.5 l in 5 minutes. Rating: 3.5 out of 5.</p>"
           "</body></html>")


def test_each_section_s_praise_and_complaints_go_to_the_product_its_heading_names() -> None:
    site = {"/tavolo": shop("Tavolo Mini 2", "39.00", "Capacity", "0.5 l"),
            "/brivo": shop("Brivo K6", "29.00", "Capacity", "0.6 l"),
            "/quella": shop("Quella T3", "25.00", "Capacity", "0.5 l"), "/test": ROUNDUP}
    result = analyse("Which travel kettle should I buy?", pages(site), uuid4(), today=date(2026, 12, 2))
    names = {p["product_id"]: p["name"] for p in result.products}
    got = {names[r["product_id"]]: (r["rating"], r["pros"], r["cons"]) for r in result.reviews
           if r["rating"] is not None}
    assert got["Tavolo Mini 2"] == (4.5, ["fast", "folds flat"], ["loud lid"]), got
    assert got["Brivo K6"] == (3.9, [], ["heavy", "slow"]), got
    assert got["Quella T3"] == (3.5, [], []), got
    table = next(s["body"] for s in result.sections if s["heading"] == "Reviews")
    assert "| 4.5/5 | fast; folds flat | loud lid |" in table, table
