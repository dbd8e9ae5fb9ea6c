"""Espresso-machine and burr-grinder pages written for the shopping tests (a new user's trial, issue 15): three
makers' product pages with JSON-LD, a German shop page whose SEO title shouts the name with selling words, a
refurbished offer in dollars, a British shop, an English and a German independent test (the German one's table
says "Wassertank", "Aufheizzeit" and a noise level 1 dB off the maker's), a sponsored roundup, and two grinder
pages with a "Burr size" row. The figures are made up; which machine warms up fastest is plain: the Moktari
Piccolo (3 s), then the Brevona Duo 2 (25 s), then the Caffaro Linea S (45 s, the quietest)."""

from __future__ import annotations

BREVONA_MAKER = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Brevona Duo 2 espresso machine - Brevona</title><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Brevona Duo 2", "brand": {"@type": "Brand", "name": "Brevona"}, "offers": {"@type": "Offer", "price": "749.00", "priceCurrency": "EUR", "availability": "https://schema.org/InStock"}}</script></head><body><h1>Brevona Duo 2</h1><p>The Brevona Duo 2 is a dual-boiler espresso machine for the home.</p><table><tr><th>Pump pressure</th><td>15 bar</td></tr><tr><th>Water tank</th><td>1.8 l</td></tr><tr><th>Warm-up time</th><td>25 s</td></tr><tr><th>Noise level</th><td>62 dB</td></tr><tr><th>Weight</th><td>7.2 kg</td></tr></table></body></html>'

CAFFARO_MAKER = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Caffaro Linea S espresso machine | Caffaro</title><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Caffaro Linea S", "brand": {"@type": "Brand", "name": "Caffaro"}, "offers": {"@type": "Offer", "price": "1049.00", "priceCurrency": "EUR"}}</script></head><body><h1>Caffaro Linea S</h1><p>A quiet rotary-pump espresso machine.</p><table><tr><th>Pump pressure</th><td>9 bar</td></tr><tr><th>Water tank</th><td>2.5 l</td></tr><tr><th>Warm-up time</th><td>45 s</td></tr><tr><th>Noise level</th><td>58 dB</td></tr><tr><th>Weight</th><td>11.5 kg</td></tr></table></body></html>'

MOKTARI_MAKER = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moktari Piccolo espresso machine - Moktari</title><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Moktari Piccolo", "brand": {"@type": "Brand", "name": "Moktari"}, "offers": {"@type": "Offer", "price": "429.00", "priceCurrency": "EUR"}}</script></head><body><h1>Moktari Piccolo</h1><p>A compact thermoblock espresso machine that is ready in 3 seconds.</p><dl><dt>Pump pressure</dt><dd>19 bar</dd><dt>Water tank</dt><dd>1.0 l</dd><dt>Warm-up time</dt><dd>3 s</dd><dt>Noise level</dt><dd>70 dB</dd><dt>Weight</dt><dd>4.1 kg</dd></dl></body></html>'

KAFFEEHAUS_SHOP = '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>BREVONA DUO 2 Espressomaschine Dual Boiler 2026 Angebot kaufen | Kaffeehaus Shop</title></head><body><h1>Brevona Duo 2 Espressomaschine</h1><p>Statt <s>949,00 €</s> jetzt nur <span class=\'price\'>849,00 €</span> inkl. MwSt.</p><p>Sale! Lieferbar in 2-3 Werktagen. In den Warenkorb.</p></body></html>'

BEANMART_REFURBISHED = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Caffaro Linea S (Refurbished) - BeanMart</title><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Caffaro Linea S (Refurbished)", "offers": {"@type": "Offer", "price": "799.00", "priceCurrency": "USD", "itemCondition": "https://schema.org/RefurbishedCondition", "availability": "https://schema.org/InStock"}}</script></head><body><h1>Caffaro Linea S - Certified Refurbished</h1><p>Condition: refurbished, 12-month warranty.</p><p>Price: $799.00</p><p>In stock. Add to cart.</p></body></html>'

CREMA_UK_SHOP = '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Moktari Piccolo Espresso Machine | Crema UK</title></head><body><h1>Moktari Piccolo</h1><p>Our price: £379.99</p><p>Free UK delivery. Add to basket.</p></body></html>'

ENGLISH_TEST = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Espresso machines tested 2026: Brevona, Caffaro, Moktari - Brew Lab</title></head><body><h1>We tested three home espresso machines</h1><p>The Caffaro Linea S was the quietest machine in our test at 58 dB, but it takes 45 seconds to warm up.</p><p>The Brevona Duo 2 has a 2.0 l water tank and heats up in 25 seconds. Its noise level is 62 dB.</p><p>The Moktari Piccolo is ready in 3 seconds, but at 70 dB it is the loudest. Price at the time of testing: 399 EUR.</p><p>Rating: Caffaro Linea S 4.6/5, Brevona Duo 2 4.3/5, Moktari Piccolo 3.9/5.</p><p>Verdict: the Brevona Duo 2 is the best all-rounder for most people.</p></body></html>'

GERMAN_TEST = '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Siebträgermaschinen im Test: Brevona Duo 2 und Moktari Piccolo - Kaffeetest.de</title></head><body><h1>Siebträger im Test</h1><p>Die Brevona Duo 2 ist nach 25 Sekunden betriebsbereit.</p><table><tr><th>Modell</th><th>Brevona Duo 2</th><th>Moktari Piccolo</th></tr><tr><td>Wassertank</td><td>1,8 l</td><td>1,0 l</td></tr><tr><td>Aufheizzeit</td><td>25 Sek.</td><td>3 Sek.</td></tr><tr><td>Geräuschpegel</td><td>63 dB</td><td>71 dB</td></tr><tr><td>Gewicht</td><td>7,2 kg</td><td>4,1 kg</td></tr></table><p>Fazit: Die Moktari Piccolo heizt am schnellsten auf, ist aber laut. Note: gut (2,0).</p></body></html>'

SPONSORED_ROUNDUP = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>The 5 Best Espresso Machines of 2026 - HomeGadgetPicks</title></head><body><p><em>This post contains affiliate links. We may earn a commission when you buy through them. Sponsored by Vellutti.</em></p><h1>The best espresso machines</h1><p>The Vellutti Crema Pro is the best espresso machine you can buy. It warms up in 2 seconds and runs at only 50 dB.</p><p>The Vellutti Crema Pro costs 699 EUR. <a rel='sponsored nofollow' href='https://amzn.example/vellutti?tag=hgp-21'>Buy on Amazon</a></p><p>The Brevona Duo 2 is also good, but its warm-up time of 25 s is slow.</p></body></html>"

GRINDWELL_G40 = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Grindwell G40 burr grinder</title><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Grindwell G40", "brand": "Grindwell"}</script></head><body><h1>Grindwell G40</h1><p>A conical burr coffee grinder.</p><table><tr><th>Grind settings</th><td>40</td></tr><tr><th>Burr size</th><td>40 mm</td></tr><tr><th>Noise level</th><td>78 dB</td></tr><tr><th>Weight</th><td>2.1 kg</td></tr></table></body></html>'

MOLIRO_M64 = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moliro M64 flat burr grinder</title><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Moliro M64", "brand": "Moliro"}</script></head><body><h1>Moliro M64</h1><p>A flat burr coffee grinder with stepless adjustment.</p><table><tr><th>Grind settings</th><td>stepless</td></tr><tr><th>Burr size</th><td>64 mm</td></tr><tr><th>Noise level</th><td>72 dB</td></tr><tr><th>Weight</th><td>3.4 kg</td></tr></table></body></html>'

FRENCH_GRINDER_TEST = '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Moulins à café : Grindwell G40 contre Moliro M64 - CaféAvis.fr</title></head><body><h1>Comparatif des moulins à café</h1><p>Le Moliro M64 est le moulin le plus silencieux de notre test : 72 dB.</p><p>Le Grindwell G40 propose 40 réglages de mouture, mais il est bruyant (79 dB).</p><p>Poids : Grindwell G40 2,1 kg ; Moliro M64 3,4 kg.</p></body></html>'

#: path -> page: the espresso-machine market of the trial
ESPRESSO = {
    "/brevona/duo-2": BREVONA_MAKER,
    "/caffaro/linea-s": CAFFARO_MAKER,
    "/moktari/piccolo": MOKTARI_MAKER,
    "/shop/kaffeehaus/brevona-duo-2": KAFFEEHAUS_SHOP,
    "/shop/beanmart/caffaro-linea-s-refurbished": BEANMART_REFURBISHED,
    "/shop/crema-uk/moktari-piccolo": CREMA_UK_SHOP,
    "/reviews/espresso-machines-tested": ENGLISH_TEST,
    "/de/test/siebtraeger": GERMAN_TEST,
    "/best/espresso-machines": SPONSORED_ROUNDUP,
}
#: path -> page: the burr grinders of the trial (no prices)
GRINDERS = {"/grindwell/g40": GRINDWELL_G40, "/moliro/m64": MOLIRO_M64, "/avis/moulins": FRENCH_GRINDER_TEST}
