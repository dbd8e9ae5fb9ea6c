"""Robot-vacuum pages written for the shopping tests (a new user's trial, issue 15): a manufacturer's product page
with JSON-LD, a shop's page for another model under its SEO spelling, a German shop page ("Saugleistung",
"Akkulaufzeit"), an independent test lab's review that mentions the price it paid, and a sponsored roundup
that rates the weaker model best. The figures are made up; which model is better on each figure is plain:
the Dustra V8 has the longer battery life and the stronger suction, the Nimbo K3 the lower noise."""

from __future__ import annotations

NIMBO_K3_MAKER = """<!doctype html><html lang="en"><head><title>Nimbo K3 robot vacuum - Nimbo</title>
<meta property="og:site_name" content="Nimbo">
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Product", "name": "Nimbo K3", "brand": {"@type": "Brand", "name": "Nimbo"},
 "model": "K3",
 "additionalProperty": [
   {"@type": "PropertyValue", "name": "Suction power", "value": "2500", "unitText": "Pa"},
   {"@type": "PropertyValue", "name": "Battery life", "value": "120", "unitText": "min"},
   {"@type": "PropertyValue", "name": "Noise level", "value": "62", "unitText": "dB"}],
 "offers": {"@type": "Offer", "price": "379.00", "priceCurrency": "USD", "availability": "https://schema.org/InStock",
            "seller": {"@type": "Organization", "name": "Nimbo Store"}}}
</script></head><body><main>
<h1>Nimbo K3</h1>
<p>The Nimbo K3 robot vacuum maps your home with lidar and empties itself into its dock. Its suction power is
2500 Pa and its battery runs for 120 minutes on a charge. At 62 dB it is one of the quieter robots.</p>
<p class="price">$379.00</p><button>Add to cart</button>
</main></body></html>"""

DUSTRA_V8_SHOP = """<!doctype html><html lang="en"><head><title>DUSTRA V-8 Robot Vacuum Cleaner 2026 Best Deal Free Shipping | HomeShop</title>
<meta property="og:site_name" content="HomeShop">
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Product", "name": "DUSTRA V-8 Robot Vacuum Cleaner 2026 Best Deal",
 "brand": {"@type": "Brand", "name": "Dustra"},
 "offers": {"@type": "Offer", "price": "389.00", "priceCurrency": "USD", "availability": "https://schema.org/InStock",
            "seller": {"@type": "Organization", "name": "HomeShop"}}}
</script></head><body><main>
<h1>DUSTRA V-8 Robot Vacuum Cleaner 2026 Best Deal Free Shipping</h1>
<p>The Dustra V8 robot vacuum cleans carpets and hard floors and climbs thresholds of up to 2 cm.</p>
<table class="specs"><tr><th>Suction power</th><td>4000 Pa</td></tr><tr><th>Battery life</th><td>180 min</td></tr>
<tr><th>Noise level</th><td>66 dB</td></tr></table>
<p class="price">$389.00</p><button>Add to cart</button>
</main></body></html>"""

#: the same shop page without structured data: only its title and heading, full of selling words, name the product
DUSTRA_V8_SHOP_PLAIN = """<!doctype html><html lang="en"><head><title>DUSTRA V-8 Robot Vacuum Cleaner 2026 Best Deal Free Shipping | HomeShop</title>
<meta property="og:site_name" content="HomeShop"></head><body><main>
<h1>DUSTRA V-8 Robot Vacuum Cleaner 2026 Best Deal Free Shipping</h1>
<p>Cleans carpets and hard floors and climbs thresholds of up to 2 cm.</p>
<table class="specs"><tr><th>Suction power</th><td>4000 Pa</td></tr><tr><th>Battery life</th><td>180 min</td></tr></table>
<p class="price">$389.00</p><button>Add to cart</button>
</main></body></html>"""

DUSTRA_V8_MAKER = """<!doctype html><html lang="en"><head><title>Dustra V8 - Dustra</title>
<meta property="og:site_name" content="Dustra"></head><body><main>
<h1>Dustra V8</h1>
<p>The Dustra V8 is our strongest robot vacuum: 4000 Pa of suction and a 5200 mAh battery for up to 180 minutes
of cleaning.</p>
<dl><dt>Suction power</dt><dd>4000 Pa</dd><dt>Battery life</dt><dd>180 min</dd><dt>Noise level</dt><dd>66 dB</dd></dl>
</main></body></html>"""

GERMAN_K3 = """<!doctype html><html lang="de"><head><title>Nimbo K3 Saugroboter | Saugwelt</title>
<meta property="og:site_name" content="Saugwelt"></head><body><main>
<h1>Nimbo K3 Saugroboter</h1>
<p>Der Nimbo K3 ist ein Saugroboter mit Lidar-Navigation und Absaugstation.</p>
<table class="technische-daten"><tr><th>Saugleistung</th><td>2.500 Pa</td></tr>
<tr><th>Akkulaufzeit</th><td>120 Min.</td></tr><tr><th>Lautstärke</th><td>62 dB</td></tr></table>
<p>Preis: <span class="price">359,00 €</span> inkl. MwSt.</p><button>In den Warenkorb</button>
</main></body></html>"""

LUMO_REVIEW = """<!doctype html><html lang="en"><head><title>Lumo R5 review: a cheap robot that cleans well - Test Lab</title>
<meta property="og:site_name" content="Test Lab"></head><body><article>
<h1>Lumo R5 review</h1>
<p>We tested the Lumo R5 robot vacuum for four weeks in our lab. Its suction power is 2000 Pa and the battery
lasted 90 minutes in our test. It is loud at 70 dB.</p>
<table><tr><td>Suction power</td><td>2000 Pa</td></tr><tr><td>Battery life</td><td>90 min</td></tr></table>
<p>Price at the time of testing: <span class="price">$199.00</span></p>
<p><a href="https://shop.example/lumo-r5">Buy now</a></p>
<h3>Pros</h3><ul><li>Cheap</li></ul><h3>Cons</h3><ul><li>Loud</li></ul>
<p>Our verdict: 4/5. We bought the robot ourselves.</p>
</article></body></html>"""

SPONSORED_ROUNDUP = """<!doctype html><html lang="en"><head><title>The best robot vacuums of the year - Clean Blog</title>
</head><body><article>
<p><em>This post contains affiliate links: we may earn a commission when you buy through them.</em></p>
<h1>The best robot vacuums</h1>
<p>The Nimbo K3 is our favourite robot vacuum of the year: 5/5. It is the best robot vacuum you can buy.</p>
<table><thead><tr><th>Spec</th><th>Nimbo K3</th><th>Dustra V8</th></tr></thead>
<tbody><tr><td>Suction power</td><td>2500 Pa</td><td>4000 Pa</td></tr>
<tr><td>Battery life</td><td>120 min</td><td>180 min</td></tr></tbody></table>
<p><a href="https://shop.example/nimbo-k3?tag=cleanblog-20" rel="sponsored nofollow">Buy the Nimbo K3</a></p>
</article></body></html>"""

#: path -> page: the robot-vacuum market of the trial (the shop's SEO spelling of the V8 first)
VACUUMS = {"/homeshop/dustra-v8": DUSTRA_V8_SHOP, "/nimbo/k3": NIMBO_K3_MAKER, "/dustra/v8": DUSTRA_V8_MAKER,
           "/saugwelt/nimbo-k3": GERMAN_K3, "/testlab/lumo-r5-review": LUMO_REVIEW,
           "/cleanblog/best-robot-vacuums": SPONSORED_ROUNDUP}
