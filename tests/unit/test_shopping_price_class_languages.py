"""A shop's price element named in its page's language is read (issue 15, trial t50s fault 7): a German shop's
``<p class="preis">229,00 € <small>inkl. MwSt., zzgl. Versand</small></p>`` was not read (only a class or id holding
"price" was), so its offer was left out ("no readable price on the shop page(s)")."""

from __future__ import annotations

import pytest

from services.domain_shopping.pages import read_page
from tests.shop_pages import page, run


@pytest.mark.parametrize(("block", "paid"), [
    ('<p class="preis">84,90 € <small>inkl. MwSt., zzgl. Versand</small></p>', "84,90 €"),
    ('<div class="Produkt-Preis"><span>119,00 €</span></div>', "119,00 €"),
    ('<span id="prix-produit">64,50 € TTC</span>', "64,50 €"),
    ('<p class="prix">79,99 € hors frais de port</p>', "79,99 €"),
    ('<span class="precio-actual">59,95 €</span>', "59,95 €"),
    ('<span class="prezzo">49,00 €</span>', "49,00 €"),
    ('<span class="prijs">€ 39,95</span>', "€ 39,95"),
])
def test_a_price_element_named_in_another_language_is_read(block: str, paid: str) -> None:
    html = page("Brotbox Krusta 3", f"<h1>Brotbox Krusta 3</h1>{block}", lang="de")
    assert [p.price for p in read_page(html, "http://127.0.0.1:9/x").prices] == [paid]


def test_a_word_holding_a_short_price_word_is_no_price_element() -> None:
    html = page("Krusta", '<h1>Brotbox Krusta 3</h1><p class="enterprise-note">Since 1998</p>'
                '<p class="surprise">3 colours</p>')
    assert read_page(html, "http://127.0.0.1:9/x").prices == []


def test_the_german_shop_s_offer_is_in_the_comparison() -> None:
    html = page("Brotbox Krusta 3 kaufen | Backhaus24",
                '<h1>Brotbox Krusta 3</h1><p class="preis">84,90 € <small>inkl. MwSt., zzgl. Versand</small></p>'
                "<p>Lieferbar in 1-3 Werktagen.</p><table><tr><td>Volumen</td><td>6 l</td></tr></table>", lang="de")
    result = run("Wie viel kostet die Brotbox Krusta 3?", {"/produkt/krusta-3": html})
    offers = str(next(s for s in result.sections if s["heading"] == "Offers")["body"])
    assert "84.90 EUR" in offers, offers
