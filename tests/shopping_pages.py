"""Product, merchant and review pages written for the shopping tests (served by ``tests.loopback``): schema.org
data in JSON-LD, microdata and RDFa, spec tables (two-column, ``<dl>`` and a comparison table), prices in several
currencies and formats (a sale, a refurbished offer, an unknown currency), an independent review with pros, cons
and a rating, and a sponsored review with affiliate links, a German spec table and a product page whose specs are plain sentences.
Each page also has enough prose for the general pipeline to extract claims from. :func:`shopping_run` runs a
shopping question over them end to end (the integration test and the benchmark share it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import uuid4

from tests.loopback import Reply, serve

HTML = {"Content-Type": "text/html; charset=utf-8"}

SONY_MERCHANT_A = """<!doctype html><html lang="en"><head><title>Sony WH-1000XM5 Wireless Noise Cancelling Headphones | Merchant A</title>
<meta property="og:site_name" content="Merchant A">
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Product", "name": "Sony WH-1000XM5",
 "brand": {"@type": "Brand", "name": "Sony"}, "model": "WH-1000XM5",
 "weight": {"@type": "QuantitativeValue", "value": 250, "unitCode": "GRM"},
 "additionalProperty": [
   {"@type": "PropertyValue", "name": "Battery life", "value": "30", "unitText": "hours"},
   {"@type": "PropertyValue", "name": "Noise cancellation", "value": "Adaptive, 8 microphones"}],
 "offers": {"@type": "Offer", "price": "329.99", "priceCurrency": "USD",
   "availability": "https://schema.org/InStock", "itemCondition": "https://schema.org/NewCondition",
   "priceValidUntil": "2026-12-31", "seller": {"@type": "Organization", "name": "Merchant A"},
   "priceSpecification": [{"@type": "UnitPriceSpecification", "priceType": "https://schema.org/StrikethroughPrice",
                           "price": "399.99", "priceCurrency": "USD"}]}}
</script></head><body><main>
<h1>Sony WH-1000XM5 Wireless Noise Cancelling Headphones</h1>
<p>The Sony WH-1000XM5 headphones use eight microphones for adaptive noise cancellation. Sony rates the battery
of the WH-1000XM5 for up to 30 hours of playback with noise cancellation on. The headphones weigh 250 grams and
fold flat into the supplied case.</p>
<p class="price-box"><span class="price">$329.99</span> <del class="price-was">$399.99</del></p>
</main></body></html>"""

SONY_MERCHANT_B = """<!doctype html><html lang="en"><head><title>Sony WH1000XM5 (Renewed) - Merchant B Outlet</title></head>
<body><main>
<div itemscope itemtype="https://schema.org/Product">
<h1 itemprop="name">Sony WH1000XM5 (Renewed)</h1>
<p>Brand: <span itemprop="brand">Sony</span>. This renewed pair of Sony WH1000XM5 noise cancelling headphones
was inspected and tested by our technicians and comes with a ninety day outlet warranty.</p>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
<span itemprop="price" content="249.00">$249.00</span><meta itemprop="priceCurrency" content="USD">
<link itemprop="itemCondition" href="https://schema.org/RefurbishedCondition">
<link itemprop="availability" href="https://schema.org/InStock">
<span itemprop="seller" itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Merchant B Outlet</span></span>
</div></div>
<table class="specs"><tr><th>Weight</th><td>0.55 lb</td></tr><tr><th>Battery life</th><td>30 hours</td></tr>
<tr><th>Bluetooth</th><td>5.2</td></tr></table>
</main></body></html>"""

BOSE_MERCHANT_C = """<!doctype html><html lang="de"><head><title>Bose QuietComfort 45 Kopfhörer | Händler C</title></head>
<body vocab="https://schema.org/"><main>
<div typeof="Product"><h1 property="name">Bose QuietComfort 45</h1>
<p>The Bose QuietComfort 45 headphones offer quiet and aware modes for noise cancellation. The QuietComfort 45
battery lasts up to 24 hours on a single charge, and the headphones weigh 240 grams.</p>
<div property="offers" typeof="Offer"><span property="price" content="279.00">279,00 €</span>
<meta property="priceCurrency" content="EUR"><link property="availability" href="https://schema.org/InStock">
</div></div>
<dl class="spec"><dt>Weight</dt><dd>240 g</dd><dt>Battery life</dt><dd>24 h</dd><dt>Bluetooth</dt><dd>5.1</dd></dl>
</main></body></html>"""

ANKER_REVIEW = """<!doctype html><html lang="en"><head><title>Anker Soundcore Space Q45 review: long battery, fair price - Test Lab</title></head>
<body><article>
<h1>Anker Soundcore Space Q45 review</h1>
<p>We tested the Anker Soundcore Space Q45 noise cancelling headphones for three weeks in our lab. The Space Q45
battery lasted 50 hours in our playback test with noise cancellation on, and the headphones weigh 295 grams.</p>
<table><tr><td>Weight</td><td>295 g</td></tr><tr><td>Battery life</td><td>50 hours</td></tr>
<tr><td>Noise cancellation</td><td>Adaptive, 3 modes</td></tr></table>
<p>Price at the time of testing: <span class="price">$149.99</span> <del class="price-old">$179.99</del></p>
<h3>Pros</h3><ul><li>Battery life is excellent</li><li>Price is fair for the features</li></ul>
<h3>Cons</h3><ul><li>Heavier than rivals</li><li>Case is bulky</li></ul>
<p>Our verdict: 4.5/5. We bought this pair ourselves; no manufacturer paid for this review.</p>
</article></body></html>"""

SPONSORED_BLOG = """<!doctype html><html lang="en"><head><title>The best noise cancelling headphones of the year - Gadget Blog</title>
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Review", "name": "Bose QuietComfort 45 review",
 "itemReviewed": {"@type": "Product", "name": "Bose QC45", "brand": {"@type": "Brand", "name": "Bose"}},
 "reviewRating": {"@type": "Rating", "ratingValue": "5", "bestRating": "5"},
 "positiveNotes": {"@type": "ItemList", "itemListElement": [{"@type": "ListItem", "position": 1, "name": "Most comfortable pair we wore"}]},
 "author": {"@type": "Person", "name": "Gadget Blogger"}}
</script></head>
<body><article>
<p><em>This post contains affiliate links: we may earn a commission when you buy through them.</em></p>
<h1>The best noise cancelling headphones</h1>
<p>The Bose QC45 is the most comfortable noise cancelling headset we have worn this year. The Sony WH-1000XM5
is a close second for sound quality.</p>
<table><thead><tr><th>Spec</th><th>Sony WH-1000XM5</th><th>Bose QC45</th></tr></thead>
<tbody><tr><td>Weight</td><td>262 g</td><td>240 g</td></tr>
<tr><td>Battery life</td><td>30 hours</td><td>24 hours</td></tr></tbody></table>
<p><a href="https://shop.example/bose-qc45?tag=gadgetblog-20" rel="sponsored nofollow">Buy the Bose QC45</a></p>
</article></body></html>"""

UNKNOWN_CURRENCY = """<!doctype html><html lang="en"><head><title>JBL Live 660NC - Galactic Store</title>
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Product", "name": "JBL Live 660NC", "brand": "JBL",
 "additionalProperty": [{"@type": "PropertyValue", "name": "Battery life", "value": "40 hours"}],
 "offers": {"@type": "Offer", "price": "1299", "priceCurrency": "GCR", "availability": "https://schema.org/InStock"}}
</script></head>
<body><main><h1>JBL Live 660NC</h1>
<p>The JBL Live 660NC headphones have adaptive noise cancelling and a battery rated for 40 hours of playback.</p>
<p>Price: <span class="price">GCR 1,299</span></p>
</main></body></html>"""

NO_PRICE_SPECS = """<!doctype html><html lang="en"><head><title>Sennheiser Momentum 4 specifications - Sennheiser</title></head>
<body><main><h1>Sennheiser Momentum 4 Wireless</h1>
<p>The Sennheiser Momentum 4 Wireless headphones offer adaptive noise cancellation and a battery rated for
60 hours of playback. The headphones weigh 293 grams.</p>
<table><tr><th>Weight</th><td>293 g</td></tr><tr><th>Battery life</th><td>60 hours</td></tr></table>
</main></body></html>"""

NO_PRICE_REVIEW = """<!doctype html><html lang="en"><head><title>Sony WH-1000XM5 review - Audio Lab</title></head>
<body><article><h1>Sony WH-1000XM5 review</h1>
<p>We measured the Sony WH-1000XM5 battery at 31 hours of playback with noise cancellation on in our lab test.
The Sony WH-1000XM5 headphones weigh 250 grams on our scale.</p>
<table><tr><th>Weight</th><td>250 g</td></tr><tr><th>Battery life</th><td>31 hours</td></tr></table>
</article></body></html>"""

# ---- prices that are not purchase prices: a phone contract's zero price, a monthly rental --------------------
CONTRACT_ZERO = """<!doctype html><html lang="en"><head><title>Bose QuietComfort 45 headphones - Carrier Shop</title>
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Bose QuietComfort 45",
 "brand": "Bose", "offers": {"@type": "Offer", "price": "0.00", "priceCurrency": "USD",
 "availability": "https://schema.org/InStock", "description": "Free with a 24-month phone contract"}}</script>
</head><body><main><h1>Bose QuietComfort 45 headphones</h1>
<p>The Bose QuietComfort 45 noise cancelling headphones: $0 with a 24-month contract at $49.99/month.</p>
<table><tr><th>Battery life</th><td>24 hours</td></tr><tr><th>Weight</th><td>240 g</td></tr></table>
</main></body></html>"""

MONTHLY_RENTAL = """<!doctype html><html lang="en"><head><title>Sony WH-1000XM5 rent - Rentify</title></head><body><main>
<h1>Sony WH-1000XM5 headphones</h1><p>Rent the Sony WH-1000XM5 noise cancelling headphones, cancel any time.</p>
<div class="price">$19.99/month</div><button>Rent now</button>
<table><tr><th>Battery life</th><td>30 hours</td></tr><tr><th>Weight</th><td>250 g</td></tr></table>
</main></body></html>"""

#: a purchase price next to a financing offer: the price stays a purchase price
FINANCED_PURCHASE = """<!doctype html><html lang="en"><head><title>Anker Soundcore Space Q45 - Sound Depot</title></head>
<body><main><h1>Anker Soundcore Space Q45</h1>
<p>The Anker Soundcore Space Q45 headphones have adaptive noise cancelling and a battery rated for 50 hours.</p>
<p class="price-box"><span class="price">$149.99</span></p><p>Or pay in 4 instalments of $37.50 with Klarna.</p>
<table><tr><th>Battery life</th><td>50 hours</td></tr><tr><th>Weight</th><td>295 g</td></tr></table>
</main></body></html>"""

#: path -> page: the same products offered on terms that are not a purchase, and one bought outright
TERMS = {"/carrier/bose-qc45": CONTRACT_ZERO, "/rentify/sony-wh-1000xm5": MONTHLY_RENTAL,
         "/sound-depot/anker-q45": FINANCED_PURCHASE}

# ---- a German spec table and a product page whose sentences do not repeat the product's name ----------------
GERMAN_BOSE = """<!doctype html><html lang="de"><head><title>Bose QuietComfort 45 Kopfhörer | KlangWelt</title>
<meta property="og:site_name" content="KlangWelt"></head><body><main>
<h1>Bose QuietComfort 45 Kopfhörer</h1>
<p>Die Bose QuietComfort 45 sind kabellose Kopfhörer mit aktiver Geräuschunterdrückung und zwei Modi.</p>
<table class="technische-daten"><tr><th>Akkulaufzeit</th><td>24 Std.</td></tr><tr><th>Gewicht</th><td>240 g</td></tr>
<tr><th>Geräuschunterdrückung</th><td>Ja, Quiet- und Aware-Modus</td></tr><tr><th>Ladezeit</th><td>2,5 Std.</td></tr></table>
<p>Preis: <span class="price">279,00 €</span> inkl. MwSt.</p><button>In den Warenkorb</button>
</main></body></html>"""

PLAIN_SENNHEISER = """<!doctype html><html lang="en"><head><title>Sennheiser Momentum 4 Wireless - Audio Corner</title>
<meta property="og:site_name" content="Audio Corner"></head><body><main>
<h1>Sennheiser Momentum 4 Wireless</h1>
<p>Adaptive noise cancellation adjusts to your surroundings. Battery life is up to 60 hours. It weighs 293 g and
folds into the supplied case. A full charge takes 2 hours.</p>
<p class="price">$299.95</p><button>Add to cart</button>
</main></body></html>"""

#: path -> page: an English product page, a German spec table, a product page whose specs are plain sentences
#: without the product's name, an independent review and a sponsored one (for a product with independent evidence)
MIXED = {"/merchant-a/sony-wh-1000xm5": SONY_MERCHANT_A, "/klangwelt/bose-qc45": GERMAN_BOSE,
         "/audio-corner/sennheiser-momentum-4": PLAIN_SENNHEISER, "/lab/anker-space-q45-review": ANKER_REVIEW,
         "/blog/best-headphones": SPONSORED_BLOG}

#: path -> page: the headphone market (prices in USD, EUR, an unknown currency; a sale; a refurbished offer)
MARKET = {"/merchant-a/sony-wh-1000xm5": SONY_MERCHANT_A, "/merchant-b/sony-renewed": SONY_MERCHANT_B,
          "/merchant-c/bose-qc45": BOSE_MERCHANT_C, "/lab/anker-space-q45-review": ANKER_REVIEW,
          "/blog/best-headphones": SPONSORED_BLOG, "/galactic/jbl-live-660nc": UNKNOWN_CURRENCY}
#: path -> page: specs and reviews with no price anywhere
NO_PRICES = {"/sennheiser/momentum-4": NO_PRICE_SPECS, "/lab/sony-wh-1000xm5-review": NO_PRICE_REVIEW}


def routes(pages: dict[str, str]) -> dict[str, Reply]:
    """Loopback routes serving ``pages`` as HTML."""
    return {path: Reply(200, html.encode("utf-8"), HTML) for path, html in pages.items()}


#: made-up reference rates (tests/fixtures/rates) at which prices in euros are compared with a budget in dollars
RATES = Path(__file__).resolve().parent / "fixtures" / "rates" / "eurofxref-sample.xml"


async def shopping_run(runtime: Any, pages: dict[str, str], question: str, *, domain: str = "auto",
                       rates: Path | None = RATES) -> dict[str, Any]:
    """Serve ``pages`` on a loopback server and run ``question`` over them (their addresses as the run's sources,
    no local corpus) through the whole stack on ``runtime``'s NATS and PostgreSQL, the shopping engine comparing
    prices at ``rates``; returns the run's result (``services.cli.research.result``)."""
    from contracts import Budget, RunRequested
    from services.cli.research import follow, result, submit
    from services.cli.stack import Stack
    from shared.settings import DomainShoppingSettings

    runtime.settings.shopping = DomainShoppingSettings(_env_file=None, rates_file=rates)
    with serve(routes(pages)) as site:
        async with Stack(runtime):
            run_id = uuid4()
            await submit(runtime, RunRequested(
                run_id=run_id, question=question, scope="local", corpus="nothing-local", domain=domain,
                urls=tuple(site.url(path) for path in pages), max_sources=len(pages), budget=Budget(seconds=90)))
            await follow(runtime, run_id, timeout_s=120)
    return result(runtime, run_id)
