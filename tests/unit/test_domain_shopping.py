"""domain-shopping's engine without servers: units, prices, budgets, product spellings, sponsored pages, and the
analysis of the loopback pages (figures cited in the page HTML when the text is not given)."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.attributes import read_prose
from services.domain_shopping.offline import Catalogue, analyse, read_budget, read_price
from services.domain_shopping.pages import read_page
from services.domain_shopping.units import compound_end, read_quantity, same_amount
from services.planner.offline import plan
from tests.shop_pages import pages as pages_of
from tests.shopping_pages import ANKER_REVIEW, MARKET, NO_PRICES, SPONSORED_BLOG, UNKNOWN_CURRENCY


@pytest.mark.parametrize(("value", "hint", "amount", "unit"), [
    ("250 g", "", 250.0, "gram"), ("0.55 lb", "", 249.476, "gram"), ("7.5 oz", "", 212.621, "gram"),
    ("250", "GRM", 250.0, "gram"), ("30 hours", "", 30.0, "hour"), ("Up to 24h", "", 24.0, "hour"),
    ("30", "HUR", 30.0, "hour"), ("1,200 mAh", "", 1200.0, "milliampere * hour"), ("40 mm", "", 40.0, "millimeter"),
    ("2 x 3.2 kW", "", 3200.0, "watt"), ("4 × 50 W", "", 50.0, "watt"),  # a count of like parts: each part's figure
])
def test_quantities_are_read_in_one_unit_per_kind(value: str, hint: str, amount: float, unit: str) -> None:
    q = read_quantity(value, hint)
    assert q is not None and q.unit == unit and q.amount == pytest.approx(amount, abs=0.01)


def test_quantities_compare_across_units_and_plain_numbers_keep_their_word() -> None:
    grams, pounds, heavier = read_quantity("250 g"), read_quantity("0.55 lb"), read_quantity("262 g")
    assert grams and pounds and heavier
    assert same_amount(grams, pounds) and not same_amount(grams, heavier)
    levels = read_quantity("8 ANC levels")
    assert levels is not None and levels.kind == "number" and levels.unit == "ANC levels"
    assert read_quantity("adaptive") is None


@pytest.mark.parametrize(("value", "same_as"), [
    ("3 min 30 s", "210 seconds"), ("4 minutes 10 seconds", "250 s"), ("4 minutes and 10 seconds", "250 s"),
    ("2 min 30 s", "2.5 min"), ("1 lb 4 oz", "1.25 lb"), ("5 ft 11 in", "71 in"), ("1 h 20 min", "80 min"),
])
def test_a_compound_value_is_one_amount(value: str, same_as: str) -> None:
    got, want = read_quantity(value), read_quantity(same_as)
    assert got is not None and want is not None and got.amount == pytest.approx(want.amount, rel=1e-5)
    assert compound_end(f"{value} at sea level") == len(value)


@pytest.mark.parametrize(("value", "first"), [
    ("3 min (210 s)", "3 min"), ("3.5 min at -10 °C", "3.5 min"), ("1 h 90 min", "1 h"), ("10 cm 20 cm", "10 cm"),
    ("3 min 86 g", "3 min"),
])
def test_parts_that_make_no_compound_value_are_not_added(value: str, first: str) -> None:
    got, want = read_quantity(value), read_quantity(first)
    assert got is not None and want is not None and got.amount == pytest.approx(want.amount)
    assert value[:compound_end(value)] == first


def test_power_of_each_of_several_burners_is_one_column_with_power() -> None:
    from services.domain_shopping.attributes import canonical_name

    each, one = read_quantity("2 x 3.2 kW"), read_quantity("3.0 kW")
    assert each is not None and one is not None
    assert canonical_name("power output", each.kind) == canonical_name("power", one.kind) == "power"


def test_a_compound_value_in_prose_is_read_whole() -> None:
    boil = {"boil time": "[time]"}
    after = read_prose("The boil time is 4 minutes and 10 seconds at sea level.", boil)
    before = read_prose("A 4 min 30 s boil time is fine.", boil)
    assert [(f.value, f.quote) for f in after] == [("4 minutes and 10 seconds", "boil time is 4 minutes and 10 seconds")]
    assert [f.value for f in before] == ["4 min 30 s"]


@pytest.mark.parametrize(("text", "hint", "amount", "currency"), [
    ("$1,299.00", "", 1299.0, "USD"), ("1.299,00 €", "", 1299.0, "EUR"), ("£249", "", 249.0, "GBP"),
    ("EUR 249,90", "", 249.9, "EUR"), ("279.00", "EUR", 279.0, "EUR"), ("GCR 1,299", "", 1299.0, None),
    ("1299", "GCR", 1299.0, None),
])
def test_prices_in_several_formats_and_unknown_currencies(text: str, hint: str, amount: float,
                                                          currency: str | None) -> None:
    got, iso, written = read_price(text, hint)
    assert got == pytest.approx(amount) and iso == currency
    if currency is None:
        assert written == "GCR"


@pytest.mark.parametrize(("question", "budget"), [
    ("Which headphones are best under $300?", (300.0, "USD")), ("best laptop below 1,200 EUR", (1200.0, "EUR")),
    ("a phone for less than £500", (500.0, "GBP")), ("budget of $1.5k for a camera", (1500.0, "USD")),
    ("which robot vacuum is best?", (None, None)),
])
def test_the_budget_is_read_from_the_question(question: str, budget: tuple[float | None, str | None]) -> None:
    assert read_budget(question) == budget


def test_product_spellings_fold_into_one_candidate() -> None:
    catalogue = Catalogue()
    sony = catalogue.add("Sony WH-1000XM5", "Sony", "WH-1000XM5", "a")
    assert catalogue.add("Sony WH1000XM5 (Renewed)", "Sony", "", "b") is sony
    assert catalogue.add("wh 1000 xm5", "", "", "c") is sony
    bose = catalogue.add("Bose QuietComfort 45", "", "", "d")
    assert catalogue.add("Bose QC45", "Bose", "", "e") is bose
    assert catalogue.add("Sony WH-1000XM4", "Sony", "", "f") is not sony  # another model, not a spelling
    assert sony.source_ids == ["a", "b", "c"] and len(catalogue.products) == 3


def test_a_shopping_question_is_planned_as_shopping() -> None:
    assert plan("Which noise cancelling headphones are best under $300?").domain == "shopping"


def test_pages_say_what_they_sell_and_who_paid() -> None:
    blog = read_page(SPONSORED_BLOG, "http://127.0.0.1/blog")
    assert "affiliate" in blog.sponsored_why
    assert {"Sony WH-1000XM5", "Bose QC45"} <= set(blog.table_specs)
    review = read_page(ANKER_REVIEW, "http://127.0.0.1/lab")
    assert review.sponsored_why == ""  # "no manufacturer paid" is not a disclosure of payment
    assert review.review_lists[0] == ["Battery life is excellent", "Price is fair for the features"]
    assert ("4.5", "5") in review.ratings and review.prices[0].regular_price == "$179.99"
    jbl = read_page(UNKNOWN_CURRENCY, "http://127.0.0.1/jbl")
    assert jbl.products[0].offers[0].currency == "GCR"
    rel_only = read_page('<html><body><p>Nice.</p><a rel="sponsored" href="https://x.example/">x</a></body></html>',
                         "http://127.0.0.1/")
    assert "rel=\"sponsored\"" in rel_only.sponsored_why


def test_the_analysis_cites_every_figure_in_the_page_markup_when_the_text_lacks_it() -> None:
    pages = pages_of(MARKET)
    run_id = uuid4()
    result = analyse("Which noise cancelling headphones are best under $300?", pages, run_id, today=date(2026, 1, 2))
    assert [s["heading"] for s in result.sections] == ["Verdicts", "Spec matrix", "Offers", "Reviews"]
    html_of = {s["source_id"]: s for s in result.sources}
    docs = {p.html_sha256: p.html for p in pages}
    for section in result.sections:
        for ev in section["evidence"]:
            source = html_of[ev["source_id"]]  # no text given: every figure is cited in a page's HTML
            assert docs[source["document_sha256"]][ev["start"]:ev["end"]] == ev["quote"]
            assert f"[@{ev['ref']}]" in section["body"]
    offers = {(o["merchant"], o["price"]): o for o in result.offers}
    assert offers[("Merchant B Outlet", 249.0)]["condition"] == "refurbished"
    assert offers[("Merchant A", 329.99)]["on_sale"] and offers[("Merchant A", 329.99)]["within_budget"] is False
    assert offers[("Galactic Store", 1299.0)]["currency"] is None
    assert result.budget == 300.0 and result.budget_currency == "USD" and result.max_tier == "high"
    assert result.conflicts == ["sonywh1000xm5: weight"]
    sponsored = [r for r in result.reviews if r["sponsored"]]
    assert sponsored and all(r["weight"] < 1 for r in sponsored)


def test_no_price_anywhere_caps_the_confidence_and_says_so() -> None:
    result = analyse("Which noise cancelling headphones are best under $300?", pages_of(NO_PRICES), uuid4())
    assert result.max_tier == "low" and not [o for o in result.offers if o["price"] is not None]
    offers = next(s for s in result.sections if s["heading"] == "Offers")
    assert offers["body"].startswith("No prices were found in any source")
    nothing = analyse("Which blender is best?", pages_of({"/x": "<html><body><p>Hello.</p></body></html>"}), uuid4())
    assert nothing.sections == [] and nothing.max_tier == "medium" and "no product" in nothing.notes[0]


COMPARISON = """<!doctype html><html lang="en"><head><title>4K monitor comparison table - MonitorSpecs</title></head><body>
<h1>4K monitors compared</h1><table><tr><th></th><th>Veltra P27K</th><th>Norvik UHD-27 Pro</th><th>Caldera 4K27</th></tr>
<tr><td>Weight</td><td>5.8 kg</td><td>5.6 kg</td><td>4.1 kg</td></tr>
<tr><td>Resolution</td><td>3840 x 2160</td><td>3840 x 2160</td><td>3840 x 2160</td></tr>
<tr><td>Price</td><td>€379</td><td>€349.90</td><td>1.299,00 €</td></tr></table></body></html>"""


def test_european_prices_are_read_with_their_separators_and_over_budget_never_wins() -> None:
    assert read_quantity("1.299,00 €") is not None and read_quantity("1.299,00 €").amount == 1299.0  # type: ignore[union-attr]
    assert read_quantity("1,299.00").amount == 1299.0 and read_quantity("1.5 kg").amount == 1500.0  # type: ignore[union-attr]
    result = analyse("Which portable 4K monitor is best for photo editing under 400 EUR?", pages_of({"/c": COMPARISON}),
                     uuid4(), today=date(2026, 1, 2))
    prices = {c["product_id"]: c["amount"] for c in result.cells if c["attribute"] == "price"}
    assert sorted(prices.values()) == [349.9, 379.0, 1299.0]
    verdicts = next(s for s in result.sections if s["heading"] == "Verdicts")["body"]
    assert "Best overall: Caldera" not in verdicts and "lowest price of the products compared (1.299" not in verdicts
    assert "no merchant offer was found" in verdicts and "no price was found" not in verdicts
    assert "Best overall:" in verdicts


def test_tied_values_give_no_best_or_worst_statement() -> None:
    result = analyse("Which portable 4K monitor is best for photo editing?", pages_of({"/c": COMPARISON}), uuid4(),
                     today=date(2026, 1, 2))
    verdicts = next(s for s in result.sections if s["heading"] == "Verdicts")["body"]
    assert "resolution" not in verdicts  # all three are 3840 x 2160: none is highest or lowest
    assert "the lowest weight of the products compared (4.1 kg" in verdicts
    two_tied = COMPARISON.replace("<td>5.6 kg</td><td>4.1 kg</td>", "<td>4.1 kg</td><td>4.1 kg</td>")
    tied = analyse("Which portable 4K monitor is best for photo editing?", pages_of({"/c": two_tied}), uuid4(),
                   today=date(2026, 1, 2))
    body = next(s for s in tied.sections if s["heading"] == "Verdicts")["body"]
    assert "weight of the products compared (4.1 kg" not in body and "Best overall:" in body


def test_nits_and_candela_per_square_metre_are_one_unit_and_a_real_difference_shows_both_values() -> None:
    assert read_quantity("400 nits") == read_quantity("400 cd/m²") == read_quantity("400 cd/m2")
    assert read_quantity("5 cd").unit == "candela"  # type: ignore[union-attr]
    spec = """<!doctype html><html lang="en"><head><title>Norvik UHD-27 Pro - Bureau Direct</title></head><body>
<h1>Norvik UHD-27 Pro</h1><dl><dt>Brightness</dt><dd>{}</dd><dt>Weight</dt><dd>5.6 kg</dd></dl></body></html>"""
    table = COMPARISON.replace("<tr><td>Weight</td>", "<tr><td>Brightness</td><td>350 cd/m²</td><td>400 cd/m²</td>"
                               "<td>300 cd/m²</td></tr><tr><td>Weight</td>")
    same = analyse("Which 4K monitor is best?", pages_of({"/c": table, "/n": spec.format("400 nits")}), uuid4())
    assert not any("brightness" in c for c in same.conflicts)
    differ = analyse("Which 4K monitor is best?", pages_of({"/c": table, "/n": spec.format("450 nits")}), uuid4())
    assert [c for c in differ.conflicts if "brightness" in c] == ["norvikuhd27pro: brightness"]
    matrix = next(s for s in differ.sections if s["heading"] == "Spec matrix")["body"]
    row = next(line for line in matrix.splitlines() if line.startswith("| Norvik"))
    assert "450 nits [@s" in row and "400 cd/m² [@s" in row


GRINDER = """<!doctype html><html lang="en"><head><title>Tesla Burr 48 grinder - Zorkmart</title></head><body>
<h1>Tesla Burr 48 grinder</h1><table><tr><th>Burr size</th><td>48 mm</td></tr><tr><th>Weight</th><td>2.1 kg</td></tr>
</table><p>Price: 180 Zorkmids</p><button>Add to cart</button></body></html>"""


def test_a_price_in_an_unknown_currency_word_is_kept_as_written_and_not_compared() -> None:
    page = read_page(GRINDER, "http://127.0.0.1:9/g")
    assert [(p.price, p.key) for p in page.prices] == [("180 Zorkmids", "Price")]
    other = GRINDER.replace("Tesla Burr 48", "Mazzo Mini").replace("2.1 kg", "3.2 kg").replace("48 mm", "54 mm")
    result = analyse("Which espresso grinder under 300 dollars is best for home use?",
                     pages_of({"/g": GRINDER, "/m": other}), uuid4(), today=date(2026, 1, 2))
    offers = [o for o in result.offers if o["price"] == 180.0]
    assert len(offers) == 2 and all(o["currency"] is None and o["within_budget"] is None for o in offers)
    body = next(s for s in result.sections if s["heading"] == "Offers")["body"]
    assert "180 Zorkmids (currency unknown, not compared)" in body and "over budget" not in body
    verdicts = next(s for s in result.sections if s["heading"] == "Verdicts")["body"]
    assert "could not be compared" in verdicts and "no offer found within the budget" not in verdicts
    assert any("180 Zorkmids" in n for n in result.notes)


def test_a_rating_on_an_affiliate_roundup_is_a_sponsored_review_of_the_product_it_names() -> None:
    blog = """<!doctype html><html lang="en"><head><title>The 5 best 4K monitors for photo editing - DealNest Blog</title>
</head><body><p><em>Disclosure: DealNest earns a commission when you buy through links on this page.</em></p>
<p>The Caldera 4K27 is the best 4K monitor. We rate the Caldera 4K27 9.8 out of 10.</p>
<p><a rel='sponsored nofollow' href='https://www.amazon.com/dp/B0CALDERA?tag=dealnest-20'>Buy it</a></p></body></html>"""
    link = "<p><a rel='sponsored nofollow' href='https://www.amazon.com/dp/B0CALDERA?tag=dealnest-20'>Buy it</a></p>"
    assert "disclosure" in read_page(blog.replace(link, ""), "http://127.0.0.1:9/b").sponsored_why
    assert "affiliate link" in read_page(blog.replace(link, link.replace("rel='sponsored nofollow' ", ""))
                                         .replace("Disclosure: DealNest earns a commission", ""), "http://x/b").sponsored_why
    result = analyse("Which 4K monitor is best?", pages_of({"/c": COMPARISON, "/b": blog}), uuid4())
    rated = [r for r in result.reviews if r["rating"] == 9.8]
    assert len(rated) == 1 and rated[0]["product_id"] == "caldera4k27"
    # the comparison table is independent evidence for the Caldera: the sponsored rating is shown, marked, and not
    # counted in the ranking
    assert rated[0]["sponsored"] and rated[0]["weight"] == 0
    body = next(s for s in result.sections if s["heading"] == "Reviews")["body"]
    assert "sponsored or affiliate" in body and "weight 0: not counted in the ranking" in body


def test_a_review_that_contradicts_the_spec_sheets_shows_both_values_with_their_sources() -> None:
    table = COMPARISON.replace("<tr><td>Weight</td>", "<tr><td>Brightness</td><td>350 cd/m²</td><td>400 cd/m²</td>"
                               "<td>300 cd/m²</td></tr><tr><td>Weight</td>")
    review = """<!doctype html><html lang="en"><head><title>Veltra P27K review - LabReviews</title></head><body>
<article><h1>Veltra P27K review</h1><p>We measured the Veltra P27K in our lab. The Veltra P27K has a peak brightness
of 400 cd/m² and covers 99% Adobe RGB. The Caldera 4K27 and the Norvik UHD-27 Pro have a brightness of 500 nits.</p>
</article></body></html>"""
    result = analyse("Which 4K monitor is best?", pages_of({"/c": table, "/r": review}), uuid4())
    assert [c for c in result.conflicts if "brightness" in c] == ["veltrap27k: brightness"]  # two products named: no
    matrix = next(s for s in result.sections if s["heading"] == "Spec matrix")["body"]
    row = next(line for line in matrix.splitlines() if line.startswith("| Veltra"))
    assert "350 cd/m² [@s" in row and "400 cd/m² [@s" in row
    assert any("brightness of Veltra P27K" in n for n in result.notes)


def test_a_lead_resting_on_a_disputed_value_is_not_named() -> None:
    table = COMPARISON.replace("<tr><td>Weight</td>", "<tr><td>Brightness</td><td>350 cd/m²</td><td>380 cd/m²</td>"
                               "<td>300 cd/m²</td></tr><tr><td>Weight</td>")
    review = """<!doctype html><html lang="en"><head><title>Veltra P27K review - LabReviews</title></head><body>
<p>The Veltra P27K has a peak brightness of 400 cd/m² in our lab.</p></body></html>"""
    # a question naming no use: a monitor's weight has no better way, the brightness ranks
    result = analyse("Which 4K monitor is best?", pages_of({"/c": table, "/r": review}), uuid4())
    verdicts = next(s for s in result.sections if s["heading"] == "Verdicts")["body"]
    assert "highest brightness" not in verdicts  # Norvik's 380 beats Veltra's 350 but not its disputed 400
    # ranked by the worst value each product's sources give: Norvik (380) before Veltra (350 / 400)
    assert "Best overall: Norvik UHD-27 Pro" in verdicts
    # a portable one (a use the weight decides, which leads the ranking): Caldera, the lightest and dimmest, is
    # best and not also the product to avoid
    result = analyse("Which portable 4K monitor is best?", pages_of({"/c": table, "/r": review}), uuid4())
    verdicts = next(s for s in result.sections if s["heading"] == "Verdicts")["body"]
    assert "highest brightness" not in verdicts
    assert "Best overall: Caldera 4K27" in verdicts and "Avoid if brightness matters: Caldera" not in verdicts


def test_the_matrix_shows_a_conversion_only_across_unit_systems() -> None:
    from services.domain_shopping.offline import _shown

    def shown(v: str) -> str:
        return _shown({"value": v, "amount": read_quantity(v).amount})  # type: ignore[union-attr]

    assert shown("5.8 kg") == "5.8 kg" and shown("12.3 lb") == "12.3 lb (≈ 5,579 g)"
    assert shown("0.55 lb") == "0.55 lb (≈ 249 g)"


@pytest.mark.parametrize(("markup", "paid", "former"), [
    ('<p class="price"><s>£69.99</s> <strong>£29.00</strong></p><button>Add to basket</button>', "£29.00",
     "£69.99"),
    ("<p>Our price: $499.99 <s>$599.99</s></p><button>Add to cart</button>", "$499.99", "$599.99"),
    ('<div class="price-box"><span class="price">149,00 €</span><del class="price">199,00 €</del></div>',
     "149,00 €", "199,00 €"),
    ("<p>Price: €89.00 (RRP €119.00)</p><button>Add to cart</button>", "€89.00", "€119.00"),
    ('<p class="price">£249 <span class="was">£299</span></p>', "£249", "£299"),
    # the struck price sits beside the price element, in its paragraph, not inside it; labels of other languages
    ("<p>Statt <s>949,00 €</s> jetzt nur <span class='price'>849,00 €</span> inkl. MwSt.</p><p>Sale! In den "
     "Warenkorb.</p>", "849,00 €", "949,00 €"),
    ("<p>Prix : 199 € au lieu de 249 €</p><button>Ajouter au panier</button>", "199 €", "249 €"),
    ("<p>Precio: 199 € (antes 249 €)</p><button>Añadir al carrito</button>", "199 €", "249 €"),
    ("<p>Avant <del>249 €</del> <span class='price'>199 €</span></p>", "199 €", "249 €"),
])
def test_a_struck_or_former_price_beside_the_price_is_the_regular_price(markup: str, paid: str,
                                                                       former: str) -> None:
    html = f"<html><head><title>Acme Kettle K1 - Shop</title></head><body><h1>Acme Kettle K1</h1>{markup}</body></html>"
    page = read_page(html, "http://127.0.0.1/shop/k1")
    assert [(o.price, o.regular_price) for o in page.prices] == [(paid, former)]
    result = analyse("Which kettle should I buy?", pages_of({"/shop/k1": html}), uuid4(), today=date(2026, 1, 2))
    assert not any("no readable price" in n for n in result.notes)
    assert [(o["price"], o["regular_price"]) for o in result.offers] == [(read_price(paid)[0], read_price(former)[0])]
    assert all(o["on_sale"] for o in result.offers)
    offers = next(s["body"] for s in result.sections if s["heading"] == "Offers")
    assert f"(sale, was {read_price(former)[0]:,.2f})" in offers


@pytest.mark.parametrize(("body", "seller", "availability"), [
    ("<p class='price'>$84.00</p><p>Free returns. Sold by Tidewell Goods.</p><p>In stock.</p>",
     "Tidewell Goods", "InStock"),
    ("<p class='price'>Ships from and sold by Harbor.io.</p><p>Availability: Out of stock</p>", "Harbor.io",
     "OutOfStock"),
    ("<p class='price'>79,90 €</p><p>Nicht lieferbar. Verkauf durch Radhof Keller, Versand ab Lager.</p>",
     "Radhof Keller", "OutOfStock"),
    ("<p class='price'>79,90 €</p><p>Lieferbar. Verkäufer: Kinderecke24</p>", "Kinderecke24", "InStock"),
    ("<div class='price'>64,00 €</div><div>Vendu par <a href='/s'>Maison Orvel</a> et expédié par Colis</div>"
     "<span>En stock</span>", "Maison Orvel", "InStock"),
    ("<p class='price'>$120</p><p>✓ Pre-order now, ships in March.</p>", "", "PreOrder"),
    # a seller's name never starts lower-case; several sellers or several availabilities name none
    ("<p>It is sold by many shops.</p><li>Sold by Alder</li><li>Sold by Birch</li><p>In stock.</p>"
     "<p>Ausverkauft</p>", "", ""),
])
def test_the_seller_and_availability_the_page_text_states_are_read(body: str, seller: str,
                                                                   availability: str) -> None:
    page = read_page(f"<html><body><h1>Quillbay Lamp</h1>{body}</body></html>", "http://127.0.0.1:9/p")
    assert (page.sold_by, page.availability) == (seller, availability)
    assert (seller in page.merchants) == bool(seller)


def test_an_offer_takes_the_seller_and_availability_its_page_states_when_the_markup_gives_none() -> None:
    html = ("<html><head><title>Quillbay Lamp</title></head><body><h1>Quillbay Lamp</h1>"
            "<p>Price: $84.00 - free shipping. Sold by Tidewell Goods.</p><p>In stock.</p>"
            "<table><tr><td>Weight</td><td>450 g</td></tr></table></body></html>")
    result = analyse("Is the Quillbay Lamp worth it?", pages_of({"/lamp": html}), uuid4(), today=date(2026, 1, 2))
    offer = next(o for o in result.offers if o["price"] == 84.0)
    assert (offer["merchant"], offer["availability"]) == ("Tidewell Goods", "in stock")
