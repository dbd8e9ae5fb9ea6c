"""Source kinds of shopping pages (issue 15, trial t19 fault 7): a maker's own product page is a manufacturer's
even with a priced Offer, and a page that tests or reviews products is a review (invented sites)."""

from __future__ import annotations

import lxml.html
import pytest

from services.scraper.provenance import classify


def product_page(title: str, brand: str, body: str, seller: str = "") -> str:
    offer = '"price": "1499.00", "priceCurrency": "EUR"' + (
        f', "seller": {{"@type": "Organization", "name": "{seller}"}}' if seller else "")
    return (f'<html lang="en"><head><title>{title}</title><script type="application/ld+json">{{"@context": '
            f'"https://schema.org", "@type": "Product", "name": "Ardel 4", "brand": {{"@type": "Brand", "name": '
            f'"{brand}"}}, "offers": {{"@type": "Offer", {offer}}}}}</script></head><body>{body}</body></html>')


def kind(url: str, html: str) -> tuple[str, str]:
    text = " ".join(lxml.html.document_fromstring(html).xpath("//body//text()"))
    got = classify(url, html=html, text=text)
    return got.kind, got.signal


@pytest.mark.parametrize(("url", "html"), [
    # the brand is the site's: the title's site part, the host's name, the seller, a stand-in site's first path part
    ("https://shop.example/ardel-4", product_page("Ardel 4 electric bike | Ardel Bikes", "Ardel", "<h1>Ardel 4</h1>")),
    ("https://www.ardel.example/bikes/ardel-4", product_page("Ardel 4 - lightweight e-bike", "Ardel", "<p>x</p>")),
    ("https://store.example/p/1", product_page("Ardel 4", "Ardel", "<h1>Ardel 4</h1>", seller="Ardel")),
    ("http://127.0.0.1:8080/ardel/ardel-4", product_page("Ardel 4 - lightweight e-bike", "Ardel", "<h1>Ardel 4</h1>")),
])
def test_a_makers_own_product_page_with_an_offer_is_the_manufacturers(url: str, html: str) -> None:
    assert kind(url, html) == ("manufacturer", "Product sold by its brand")


@pytest.mark.parametrize(("url", "html"), [
    ("https://radshop.example/ardel-4", product_page("Ardel 4 kaufen | Radshop", "Ardel", "<h1>Ardel 4</h1>")),
    ("http://127.0.0.1:8080/radshop/ardel-4", product_page("Ardel 4 | Radshop", "Ardel", "<h1>Ardel 4</h1>")),
])
def test_another_sites_product_page_with_an_offer_is_a_retailers(url: str, html: str) -> None:
    assert kind(url, html)[0] == "retailer"


def page(title: str, body: str, lang: str = "en") -> str:
    return f'<html lang="{lang}"><head><title>{title}</title></head><body>{body}</body></html>'


@pytest.mark.parametrize(("url", "html"), [
    ("https://cyclelab.example/test", page("We tested four city e-bikes - CycleLab", "<h1>We tested four city e-bikes"
                                           "</h1><h2>Ardel 4</h2><p>In our test loop it reached 90 km.</p>"
                                           "<p>Rating: 4.5/5</p>")),
    ("https://radmagazin.example/test", page("Pedelec-Test 2026 - Radmagazin", "<h1>Pedelec-Test 2026</h1><p>Das "
                                             "Ardel 4 schaffte im Test 90 km. Testnote 1,7.</p>", lang="de")),
    ("https://velotest.example/cargo", page("Test : vélos cargo - VéloTest", "<h1>Test : vélos cargo</h1><p>Le Ardel "
                                            "4 : nous avons mesuré 47 dB.</p>", lang="fr")),
    ("https://reviews.example/ardel", page("Ardel 4", "<p>Rating: 4/5. Our verdict: a fine bike.</p>")),
    # a review's closing score (task h155: a printer review ending "Verdict: 8/10." was of no known kind)
    ("https://gantry.example/reviews/tern-2", page("Corliss Tern 2 review: a compact printer",
                                                   "<h1>Corliss Tern 2 review</h1><p>It prints at 200 mm/s.</p>"
                                                   "<p>Verdict: 8/10.</p>")),
])
def test_a_page_that_tests_or_rates_products_is_a_review(url: str, html: str) -> None:
    assert kind(url, html)[0] == "review", kind(url, html)


def test_a_schema_org_review_without_affiliate_links_is_a_review_and_a_shop_or_plain_page_is_not() -> None:
    review = page("Ardel 4 review", '<script type="application/ld+json">{"@type": "Review", "itemReviewed": '
                  '{"@type": "Product", "name": "Ardel 4"}}</script><p>Light and quick.</p>')
    assert kind("https://mag.example/ardel-4", review) == ("review", "json-ld Review")
    shop = page("Ardel 4 - Radshop", "<h1>Ardel 4</h1><p>Rating: 4.5/5</p><p>1.499,00 €</p><button>In den "
                "Warenkorb</button>")
    assert kind("https://radshop.example/ardel-4", shop) == ("retailer", "cart and price")
    # one rating-like line without a headline naming a test is not enough
    plain = page("Ardel 4 city bike", "<p>Rated 4/5 by our customers.</p>")
    assert kind("https://ardel-fan.example/", plain)[0] != "review"


@pytest.mark.parametrize(("title", "seller", "site"), [
    # trial t27: the shop's title opens with the product's name, which an extractor takes for the site's name
    ("Ardel 4 electric bike | Radshop", "", "Ardel 4 electric bike"),
    # the offer names another seller than the brand, whatever the site calls itself
    ("Ardel 4 electric bike | Radshop", "Radshop", "Ardel 4 electric bike"),
    ("Ardel Bikes: Ardel 4", "Radshop", None),
])
def test_a_shop_page_whose_title_opens_with_the_products_name_is_a_retailers(title: str, seller: str,
                                                                             site: str | None) -> None:
    html = product_page(title, "Ardel", "<h1>Ardel 4</h1><button>Add to cart</button>", seller=seller)
    text = " ".join(lxml.html.document_fromstring(html).xpath("//body//text()"))
    assert classify("https://radshop.example/ardel-4", html=html, text=text, site=site).kind == "retailer"


def _page(title: str, body: str) -> str:
    return f'<html lang="en"><head><title>{title}</title></head><body>{body}</body></html>'


@pytest.mark.parametrize(("url", "html", "want"), [
    # a thread without forum markup (trial t29 fault 12): its site name says forum, or replies follow a post
    ("http://127.0.0.1:8080/p/igniters", _page("Piezo igniter failures? - BackcountryTalk forum",
                                               "<h1>Piezo igniter failures?</h1><p>Posted by hikerjo: it broke.</p>"),
     "forum"),
    ("https://talk.example/t/9", _page("Piezo igniter failures?", "<p>Posted by hikerjo: mine broke.</p><p>Reply by "
                                       "tentpeg: same here.</p><p>Reply by alpinecat: mine is fine.</p>"), "forum"),
    ("https://blog.example/2026/stoves", _page("My stoves - Jo's trail notes",
                                               "<p>Posted by Jo on 3 May.</p><p>Leave a comment</p>"), "blog"),
    # a page without product markup selling its heading's product on the brand's own site is the maker's
    ("http://127.0.0.1:8080/p/kestrel", _page("Kestrel Flame Mini - Kestrel Stoves",
                                              "<h1>Kestrel Flame Mini</h1><p>64,90 €</p><button>Add to basket</button>"),
     "manufacturer"),
    ("http://127.0.0.1:8080/p/shop", _page("Kestrel Flame Mini - Ridgeway Outdoor",
                                           "<h1>Kestrel Flame Mini</h1><p>64,90 €</p><button>Add to basket</button>"),
     "retailer"),
])
def test_forum_threads_and_makers_shops_without_markup(url: str, html: str, want: str) -> None:
    assert kind(url, html)[0] == want
