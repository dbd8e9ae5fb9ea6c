"""Robot-lawn-mower pages written for the shopping tests (a new user's trial, issue 15): makers' pages giving the
largest lawn area each mower covers in m² (in English, and on a German shop page as "Max. Mähfläche"), a noise
level, and a price; a review that says what area one covers in running text. The figures are made up; which
mower covers the largest lawn is plain: the Sodix A9 (1,100 m²); the Pratol R3 is the quietest and covers the
smallest lawn; the Kelma T5's area is disputed (1,000 m² on the German shop, 700 m² on its maker's page)."""

from __future__ import annotations


def maker(name: str, brand: str, rows: dict[str, str], price: str, prose: str = "") -> str:
    """A maker's product page: JSON-LD Product with an offer in USD, a spec table of ``rows``."""
    table = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows.items())
    return f"""<!doctype html><html lang="en"><head><title>{name} robot lawn mower - {brand}</title>
<meta property="og:site_name" content="{brand}">
<script type="application/ld+json">
{{"@context": "https://schema.org", "@type": "Product", "name": "{name}", "brand": {{"@type": "Brand", "name": "{brand}"}},
 "offers": {{"@type": "Offer", "price": "{price}", "priceCurrency": "USD", "availability": "https://schema.org/InStock",
            "seller": {{"@type": "Organization", "name": "{brand}"}}}}}}
</script></head><body><main><h1>{name}</h1><p>{prose}</p>
<table class="specs">{table}</table><p class="price">${price}</p><button>Add to cart</button></main></body></html>"""


PRATOL_R3 = maker(
    "Pratol R3",
    "Pratol",
    {"Maximum lawn area": "400 m²", "Noise level": "54 dB(A)", "Cutting width": "16 cm"},
    "699.00",
    "The Pratol R3 is a compact robot mower for small gardens.",
)
SODIX_A9 = maker(
    "Sodix A9",
    "Sodix",
    {"Max. lawn area": "1100 m2", "Noise level": "61 dB(A)", "Cutting width": "24 cm"},
    "1049.00",
    "The Sodix A9 mows large lawns with its wide cutting disc.",
)
KELMA_T5 = maker(
    "Kelma T5",
    "Kelma",
    {"Maximum lawn area": "700 m²", "Noise level": "57 dB(A)", "Cutting width": "20 cm"},
    "899.00",
    "The Kelma T5 handles slopes up to 35 %.",
)
KELMA_T5_DE = """<!doctype html><html lang="de"><head><title>Kelma T5 Mähroboter | Gartenwelt</title>
<meta property="og:site_name" content="Gartenwelt"></head><body><main>
<h1>Kelma T5 Mähroboter</h1><p>Der Kelma T5 ist ein Mähroboter mit Begrenzungsdraht.</p>
<table class="technische-daten"><tr><th>Max. Mähfläche</th><td>1.000 m²</td></tr>
<tr><th>Lautstärke</th><td>57 dB(A)</td></tr></table>
<p>Preis: <span class="price">879,00 $</span> inkl. MwSt.</p><button>In den Warenkorb</button>
</main></body></html>"""
PRATOL_REVIEW = """<!doctype html><html lang="en"><head><title>Pratol R3 review - Yard Bench</title>
<meta property="og:site_name" content="Yard Bench"></head><body><article><h1>Pratol R3 review</h1>
<p>The Pratol R3 is a small, tidy mower. It covers lawns up to 400 m². Setup took us an hour.</p>
<p>Our verdict: 4/5.</p></article></body></html>"""

MOWERS: dict[str, str] = {
    "/pratol/r3": PRATOL_R3,
    "/sodix/a9": SODIX_A9,
    "/kelma/t5": KELMA_T5,
    "/shop/gartenwelt/kelma-t5": KELMA_T5_DE,
    "/reviews/yard-bench/pratol-r3": PRATOL_REVIEW,
}

#: a test lab that measured the noise: the Pratol R3 is louder than its maker claims, the Kelma T5 the quietest
LAB_REVIEW = """<!doctype html><html lang="en"><head><title>Three robot mowers measured - Lawn Lab</title>
<meta property="og:site_name" content="Lawn Lab"></head><body><article><h1>Three robot mowers measured</h1>
<p>Pratol claims 54 dB, but we measured the Pratol R3 at 59 dB, the loudest in this test.</p>
<p>The Kelma T5 was the quietest mower we measured, at 56 dB.</p></article></body></html>"""
#: a German test saying the Pratol R3 is louder than stated, with the figure measured
GERMAN_LAB_REVIEW = """<!doctype html><html lang="de"><head><title>Mähroboter im Test - Rasenlabor</title>
<meta property="og:site_name" content="Rasenlabor"></head><body><article><h1>Mähroboter im Test</h1>
<p>Der Pratol R3 war mit gemessenen 59 dB deutlich lauter als angegeben.</p></article></body></html>"""

MEASURED: dict[str, str] = {
    **MOWERS,
    "/reviews/lawn-lab/mowers-measured": LAB_REVIEW,
    "/de/rasenlabor/maehroboter-test": GERMAN_LAB_REVIEW,
}
