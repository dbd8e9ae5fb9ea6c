"""A price element's availability or tax note is no part of its price (issue 15, trial t40 fault 3): the maker's
``<p class="price">£49.99 <span>In stock</span></p>`` was read as the price "£49.99 In stock", which no page text
writes, so the offer had no citation and was dropped ("no readable price on the shop page(s)")."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import SourcePage, analyse
from services.domain_shopping.pages import read_page


@pytest.mark.parametrize(("block", "paid"), [
    ('<p class="price">£49.99 <span>In stock</span></p>', "£49.99"),
    ('<p class="price">49,99 € <small>inkl. MwSt.</small></p>', "49,99 €"),
    ('<div id="price">$62.00 incl. VAT, free delivery</div>', "$62.00"),
    ('<p class="price">£49.99</p>', "£49.99"),
])
def test_the_price_is_the_amount_without_the_words_beside_it(block: str, paid: str) -> None:
    page = read_page(f"<html><head><title>X</title></head><body><h1>Brennix Beam 800</h1>{block}</body></html>",
                     "http://127.0.0.1:9/x")
    assert [(p.price, p.key) for p in page.prices] == [(paid, paid)]


def test_the_maker_s_price_beside_its_availability_is_an_offer() -> None:
    html = ('<!doctype html><html lang="en-GB"><head><title>Brennix Beam 800 - Brennix</title></head><body>'
            '<h1>Brennix Beam 800</h1><p class="price">£49.99 <span>In stock</span></p>'
            "<table><tr><th>Weight</th><td>119 g</td></tr><tr><th>Run time</th><td>180 minutes</td></tr></table>"
            "</body></html>")
    page = SourcePage(source_id=str(uuid4()), url="http://127.0.0.1:9/brennix", title="Brennix Beam 800",
                      text="Brennix Beam 800\n£49.99\nIn stock\nWeight 119 g\nRun time 180 minutes", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())
    result = analyse("How much is the Brennix Beam 800?", [page], uuid4(), today=date(2026, 12, 2))
    offers = str(next(s for s in result.sections if s["heading"] == "Offers")["body"])
    assert "49.99 GBP" in offers, offers
