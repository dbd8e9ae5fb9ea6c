"""A shop page titled for search engines ("BRAND MODEL-X Cordless ... 2026 Best Deal | Shop") names its spec table's
figures by the product's own name when the page writes it on its own, not by the whole title (issue 15, trial t35
b2: a general report led with the SEO title). Invented products and shops."""

from __future__ import annotations

from services.claim_extractor.offline import _own_name, extract_claims
from services.scraper.fetch._content import extract_html

SEO = """<html><head><title>CORVANE PULSE-S Cordless Tyre Inflator Portable Air Pump 2026 Best Deal | Pumpworld</title>
</head><body><h1>CORVANE PULSE-S Cordless Tyre Inflator Portable Air Pump 2026 Best Deal | Pumpworld</h1>
<div><span>Corvane Pulse S</span> Price: $52.00</div>
<table><tr><th>Battery capacity</th><td>5000 mAh</td></tr><tr><th>Weight</th><td>0.9 lb</td></tr>
<tr><th>Maximum pressure</th><td>150 psi</td></tr></table><p><button>Add to cart</button></p></body></html>"""


def test_a_spec_rows_subject_is_the_name_the_page_writes_not_its_seo_title() -> None:
    content = extract_html(SEO)
    claims = {c.text: content.text[c.start:c.end] for c in extract_claims(content.text, title=content.title)}
    assert "Corvane Pulse S: battery capacity 5000 mAh." in claims
    assert "Corvane Pulse S: weight 0.9 lb." in claims
    assert "Corvane Pulse S" in claims["Corvane Pulse S: weight 0.9 lb."]  # the evidence names it
    assert not [c for c in claims if "Best Deal" in c or "CORVANE" in c]


def test_a_title_keeps_its_words_when_the_page_writes_no_shorter_name_or_a_variant() -> None:
    # the page writes only the whole title: nothing shorter to name it by
    assert _own_name("Kettlo Go travel kettle", "Kettlo Go travel kettle\nThe Kettlo Go travel kettle boils 0.6 l.") \
        == "Kettlo Go travel kettle"
    # "Pixel 8" written on its own is another product than the title's "Pixel 8 Pro"
    assert _own_name("Nimbra Tab 8 Pro Tablet Best Deal", "Nimbra Tab 8 Pro Tablet Best Deal\nUnlike the Nimbra Tab 8 "
                     "it has a pen.") == "Nimbra Tab 8 Pro Tablet Best Deal"
    # a model number after the shorter name: another model ("Dorvik Steam 2" is not "Dorvik Steam 2 X5 ...")
    assert _own_name("Dorvik Steam 2 X5 Garment Steamer", "Dorvik Steam 2\n") == "Dorvik Steam 2 X5 Garment Steamer"
    # the name in capitals is the title's spelling again, no name of its own
    assert _own_name("DORVIK STEAM X2 Garment Steamer 2026 Top Angebot", "DORVIK STEAM X2\n") \
        == "DORVIK STEAM X2 Garment Steamer 2026 Top Angebot"
    assert _own_name("DORVIK STEAM X2 Garment Steamer 2026 Top Angebot", "Dorvik Steam X2\n") == "Dorvik Steam X2"
