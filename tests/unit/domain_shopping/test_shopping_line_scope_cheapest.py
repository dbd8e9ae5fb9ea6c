"""Trial t57s F2 and F3 (shopping), with invented hiking GPS units.

F2: "Which <line> model is the lightest?" was answered across every brand found (another maker's unit was "best
overall" though the question asked among one line's models). A product named right before a word for a line's
models ("model", "version", "variant", "edition", "range", "family", "line-up", "series", "generation") limits the
verdicts to that product and its suffixed models ("... Mini", "... Pro": ``look_alike``); the rest are "also
considered".

F3: "What is the cheapest X?" skipped the cheapest product because an independent test says to avoid it, and said
"the lowest purchase price found" of the second cheapest. A price question is answered over all offers: the
cheapest is named first with the test's verdict, then the cheapest not to avoid."""

from __future__ import annotations

import json
import re

from services.domain_shopping.offline import Product, asked_condition, scoped_line
from tests.shop_pages import ld, page, run, spec_shop, verdicts

SITE = {
    "/peak7": spec_shop("Harlan Peak 7", "249.00", {"Weight": "210 g", "Battery life": "20 h"}),
    "/peak7-mini": spec_shop("Harlan Peak 7 Mini", "199.00", {"Weight": "150 g", "Battery life": "12 h"}),
    "/peak7-pro": spec_shop("Harlan Peak 7 Pro", "349.00", {"Weight": "240 g", "Battery life": "30 h"}),
    "/ostro": spec_shop("Ostro Lumen 2", "189.00", {"Weight": "120 g", "Battery life": "16 h"}),
    "/brisk": spec_shop("Brisk Trail One", "99.00", {"Weight": "180 g", "Battery life": "9 h"}),
}
TEST = page("Hiking GPS units tested - TrailLab", """<h1>Hiking GPS units tested</h1>
<p>We carried every unit for 300 km of trail.</p>
<h2>Best overall: Harlan Peak 7</h2><p>The Harlan Peak 7 held a fix under dense forest.</p>
<h2>Avoid: Brisk Trail One</h2><p>Avoid the Brisk Trail One. It lost its fix for minutes at a time and froze twice
in the cold.</p>""")


def first(question: str, site: dict[str, str]) -> str:
    """The verdicts' first line, each citation marker written "[@v]"."""
    return re.sub(r"\[@v\d+\]", "[@v]", verdicts(run(question, site)).split("\n")[0])


def test_a_line_named_before_model_limits_the_choice_to_its_models() -> None:
    body = re.sub(r"\[@v\d+\]", "[@v]", verdicts(run("Which Harlan Peak 7 model is the lightest?", SITE)))
    assert body.split("\n")[0].startswith(
        "- **Best overall: Harlan Peak 7 Mini** — ranked first of the 3 Harlan Peak 7 models the question asks among "
        "(Harlan Peak 7"), body
    assert "- **Also considered** (not Harlan Peak 7 models, which the question asks among, so not compared here): " \
           "Ostro Lumen 2, Brisk Trail One." in body, body
    # without a word for the line's models the choice is among every product found
    assert first("Which GPS unit is the lightest?", SITE).startswith("- **Best overall: Ostro Lumen 2**")


def test_scoped_line_needs_one_named_product_before_a_line_word_or_one_brand() -> None:
    products = [Product("a", "Harlan Peak 7", brand="Harlan"), Product("b", "Harlan Peak 7 Mini", brand="Harlan"),
                Product("c", "Harlan Peak 7 Pro", brand="Harlan"), Product("d", "Ostro Lumen 2", brand="Ostro")]
    line, name = scoped_line("Which Harlan Peak 7 version lasts longest?", products)
    assert ([p.name for p in line], name) == (["Harlan Peak 7", "Harlan Peak 7 Mini", "Harlan Peak 7 Pro"],
                                              "Harlan Peak 7")
    line, name = scoped_line("Which Harlan GPS is the lightest?", products)
    assert ([p.name for p in line], name) == (["Harlan Peak 7", "Harlan Peak 7 Mini", "Harlan Peak 7 Pro"], "Harlan")
    assert scoped_line("Which Ostro GPS is the lightest?", products) == ([], "")  # one product of that brand
    # the first words of several products' names before a line's word, none of them a product's whole name
    others = [Product("a", "Harlan Peak 7"), Product("b", "Harlan Peak 8 Pro"), Product("c", "Harlan Ridge 2"),
              Product("d", "Ostro Lumen 2")]
    line, name = scoped_line("Which Harlan Peak model is the lightest?", others)
    assert ([p.name for p in line], name) == (["Harlan Peak 7", "Harlan Peak 8 Pro"], "Harlan Peak")
    assert scoped_line("Which harlan peak model is the lightest?", others)[1] == "harlan peak"  # two words
    assert scoped_line("Which harlan model is the lightest?", others) == ([], "")  # one, not capitalised
    assert scoped_line("Which Harlan Peak is the lightest?", others) == ([], "")  # no word for a line's models
    assert scoped_line("How much does the Harlan Peak 7 weigh?", products) == ([], "")
    assert scoped_line("Harlan Peak 7 or Ostro Lumen 2 models: which is lighter?", products) == ([], "")


def test_the_cheapest_is_named_even_when_a_test_says_to_avoid_it() -> None:
    answer = first("What is the cheapest hiking GPS?", SITE | {"/lab": TEST})
    assert answer == ("**The cheapest is the Brisk Trail One:** 99.00 USD [@v] at Shop, the lowest purchase "
                      "price found, of the 5 products with a price found; but an independent test or review says to "
                      "avoid it: “Avoid: Brisk Trail One” — “It lost its fix for minutes at a time and froze twice in "
                      "the cold.” [@v]. The cheapest not to avoid is the Ostro Lumen 2: 189.00 USD [@v] at "
                      "Shop."), answer
    # a best-value line never calls a price "the lowest found" over a cheaper product the test says to avoid
    body = re.sub(r"\[@v\d+\]", "[@v]", verdicts(run("What is the best hiking GPS?", SITE | {"/lab": TEST})))
    assert "- **Best value: Ostro Lumen 2** — 189.00 USD [@v] at Shop, the lowest purchase price found of the " \
           "products no independent test or review says to avoid; value per price" in body, body
    # with no test against it the cheapest is the pick itself, as before
    assert first("What is the cheapest hiking GPS?", SITE).startswith("- **Best overall: Brisk Trail One** — the "
                                                                     "lowest purchase price found")


def _shop_offers(name: str, offers: list[tuple[str, str]], *, schema: bool = True) -> str:
    """A shop's page for ``name`` with one JSON-LD Offer per (price USD, schema.org condition; with ``schema``
    False, the condition as a shop writes it: "Certified pre-owned")."""
    item = {"@context": "https://schema.org", "@type": "Product", "name": name, "brand": {"@type": "Brand",
                                                                                        "name": "Harlan"},
            "offers": [{"@type": "Offer", "price": p, "priceCurrency": "USD", "availability": "https://schema.org/InStock",
                        "itemCondition": f"https://schema.org/{c}" if schema else c} for p, c in offers]}
    return page(f"{name} - TrekMart", f"<h1>{name}</h1><p>In stock.</p><button>Add to cart</button>",
                head=ld(json.dumps(item)))


CONDITIONS = {
    "/maker": spec_shop("Harlan Peak 7", "249.00", {"Weight": "210 g", "Price": "$249.00"}),
    "/trekmart": _shop_offers("Harlan Peak 7", [("229.00", "NewCondition"), ("179.00", "RefurbishedCondition")]),
}


def test_a_condition_asked_keeps_the_offers_of_that_condition() -> None:
    assert first("What does a refurbished Harlan Peak 7 cost?", CONDITIONS) == (
        "**Harlan Peak 7, as its sources give it:** cheapest refurbished offer 179.00 USD [@v] at TrekMart; 1 "
        "refurbished offer found.")
    assert first("What does a new Harlan Peak 7 cost?", CONDITIONS) == (
        "**Harlan Peak 7, as its sources give it:** cheapest new offer 229.00 USD [@v] at TrekMart; 2 new offers "
        "found.")
    assert first("What does a used Harlan Peak 7 cost?", CONDITIONS).startswith(
        "**Harlan Peak 7, as its sources give it:** no used offer of it was found; cheapest offer 179.00 USD [@v] at "
        "TrekMart (refurbished)")


def test_asked_condition_reads_a_word_next_to_the_name_only() -> None:
    products = [Product("a", "Harlan Peak 7"), Product("b", "Ostro Lumen 2")]
    assert asked_condition("What does a refurbished Harlan Peak 7 cost?", products) == "refurbished"
    assert asked_condition("Harlan Peak 7 used price?", products) == "used"
    assert asked_condition("Where can I buy a Harlan Peak 7 in new condition?", products) == "new"
    assert asked_condition("Is the Harlan Peak 7 the newest model?", products) is None
    assert asked_condition("What does the Harlan Peak 7 that pros have used cost?", products) is None


def test_an_offers_condition_and_a_questions_share_one_vocabulary() -> None:
    # shared condition words (services.domain_shopping.pages.CONDITION_WORDS): a certified pre-owned offer is the
    # refurbished one a question asks for, an unused one is new (not "used"), a German question's "gebrauchte" asks
    # for a used one, and a special occasion asks for no condition
    site = {"/maker": CONDITIONS["/maker"],
            "/trekmart": _shop_offers("Harlan Peak 7", [("231.00", "Unused"), ("183.00", "Certified pre-owned")],
                                      schema=False)}
    assert first("What does a refurbished Harlan Peak 7 cost?", site) == (
        "**Harlan Peak 7, as its sources give it:** cheapest refurbished offer 183.00 USD [@v] at TrekMart; 1 "
        "refurbished offer found.")
    assert first("What does a new Harlan Peak 7 cost?", site) == (
        "**Harlan Peak 7, as its sources give it:** cheapest new offer 231.00 USD [@v] at TrekMart; 2 new offers "
        "found.")
    products = [Product("a", "Harlan Peak 7"), Product("b", "Ostro Lumen 2")]
    assert asked_condition("Was kostet eine gebrauchte Harlan Peak 7?", products) == "used"
    assert asked_condition("Is a special occasion Harlan Peak 7 worth it?", products) is None
