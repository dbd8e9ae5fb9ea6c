"""An offer that cannot be bought now is never the cheapest one nor the price behind "Best value" (issue 15, trial
t50s fault 6): a shop's schema.org ``OutOfStock`` offer of 239.00 USD was the "cheapest new" one, over an in-stock
249.99 USD, and the price of a "Best value" verdict. It stays in the offers table, marked, and the answer names it
as cheaper but not available now."""

from __future__ import annotations

import json

from tests.shop_pages import ld, page, run, verdicts


def _shop(name: str, seller: str, price: str, availability: str = "InStock", condition: str = "NewCondition",
          stock_text: str = "") -> str:
    offer = {"@type": "Offer", "price": price, "priceCurrency": "USD",
             "availability": f"https://schema.org/{availability}",
             "itemCondition": f"https://schema.org/{condition}", "seller": {"@type": "Organization", "name": seller}}
    item = {"@context": "https://schema.org", "@type": "Product", "name": name, "offers": offer}
    return page(f"{name} | {seller}", f"<h1>{name}</h1><p class=\"price\">${price}</p><p>{stock_text}</p>"
                "<table><tr><th>Brightness</th><td>{lm} lm</td></tr></table>".replace(
                    "{lm}", "600" if "Desk" in name else "450"), head=ld(json.dumps(item)))


def test_an_out_of_stock_offer_is_never_the_cheapest_new_one() -> None:
    site = {"/a/lumora": _shop("Lumora Desk 3", "GlowMart", "39.00", "OutOfStock",
                               stock_text="Out of stock - notify me"),
            "/b/lumora": _shop("Lumora Desk 3", "Lampenwelt", "45.00"),
            "/c/lumora": _shop("Lumora Desk 3", "RenewLight", "30.00", condition="RefurbishedCondition")}
    answer = verdicts(run("Cheapest place to buy the Lumora Desk 3?", site))
    assert "cheapest new 45.00 USD" in answer, answer
    assert "cheapest new 39.00" not in answer, answer
    assert "39.00 USD" in answer and "out of stock" in answer, answer


def test_an_out_of_stock_offer_read_from_the_page_s_text_is_never_the_cheapest() -> None:
    html = page("Lumora Desk 3 | GlowMart", '<h1>Lumora Desk 3</h1><p class="price">$35.00</p>'
                "<p>Out of stock.</p><table><tr><th>Brightness</th><td>600 lm</td></tr></table>")
    site = {"/a/lumora": html, "/b/lumora": _shop("Lumora Desk 3", "Lampenwelt", "45.00")}
    answer = verdicts(run("Where is the Lumora Desk 3 cheapest?", site))
    assert answer.count("cheapest offer 45.00 USD") == 1, answer


def test_best_value_is_never_priced_by_an_out_of_stock_offer() -> None:
    site = {"/a/lumora": _shop("Lumora Desk 3", "GlowMart", "19.00", "OutOfStock"),
            "/b/lumora": _shop("Lumora Desk 3", "Lampenwelt", "69.00"),
            "/a/brenna": _shop("Brenna Arc 2", "GlowMart", "49.00")}
    text = verdicts(run("What is the best desk lamp under $100?", site))
    value = next(line for line in text.splitlines() if "Best value" in line)
    assert "19.00" not in value, text
