"""Issue 15, trial t51s s5 (fault 8): "How fast does the Tagwell T5 print, and does it have Wi-Fi?" was answered
"Tagwell T5, as its sources give it: wi-fi No" while the print speed stood only in the spec matrix: the verb "print"
after the product's name was read as a kind of product ("the CuitRiz 6 rice cooker") and blanked out of the words
asking for an attribute. The answer gives every attribute asked, in the order the question asks them."""

from __future__ import annotations

import json
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import SourcePage, analyse, asks, kind_names
from tests.unit.test_shopping_reviewer_pick import _page


def _printer(name: str, path: str, speed: str, wifi: str, price: str) -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": name.split()[0]},
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"}}
    return _page(path, name, f'<script type="application/ld+json">{json.dumps(item)}</script><h1>{name}</h1>'
                 f"<table><tr><td>Print speed</td><td>{speed}</td></tr><tr><td>Wi-Fi</td><td>{wifi}</td></tr>"
                 "<tr><td>Resolution</td><td>203 dpi</td></tr></table>")


def test_the_verb_after_a_product_s_name_is_no_kind_of_product() -> None:
    question = "How fast does the Tagwell T5 print, and does it have Wi-Fi?"
    assert "print" not in kind_names(question)
    assert asks(question, "print speed") and asks(question, "wi-fi") and not asks(question, "resolution")
    # a kind of product after a name stays one, before its verb or a lexicon word
    assert "rice cooker" in kind_names("How much does the CuitRiz 6 rice cooker cost?")
    assert "rice cooker" in kind_names("Does the CuitRiz 6 rice cooker have a timer?")
    assert "printer" in kind_names("Is the Tagwell T5 printer good?")


def test_both_parts_are_answered_in_the_order_asked() -> None:
    pages = [_printer("Tagwell T5", "/tagwell/t5", "60 mm/s", "No", "69.99"),
             _printer("Inkora LP-40", "/inkora/lp-40", "150 mm/s", "Yes", "179.00")]
    result = analyse("How fast does the Tagwell T5 print, and does it have Wi-Fi?", pages, uuid4(),
                     today=date(2026, 12, 4))
    verdicts = {s["heading"]: s["body"] for s in result.sections}["Verdicts"]
    assert verdicts.startswith("**Tagwell T5, as its sources give it:** print speed 60 mm/s [@v"), verdicts
    assert "wi-fi No [@v" in verdicts.split("; ", 1)[1], verdicts
