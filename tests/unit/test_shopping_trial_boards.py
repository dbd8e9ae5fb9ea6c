"""A new user's electric-scooter trial (issue 15, t22 shopping faults), replayed on invented electric skateboards and
climbing shoes: a shop's shouted, hyphenated spelling with a category word is the maker's product (one product,
its sources' figures a disagreement, its sale offer within the budget)."""

from __future__ import annotations

import pytest

from services.domain_shopping.attributes import dimension_way
from services.domain_shopping.offline import MENTIONED_ELSEWHERE, purchase
from tests.shop_pages import ld, page, row, run, verdicts


def maker(name: str, brand: str, rows: str, words: str, price: str = "") -> str:
    offer = (f', "offers": {{"@type": "Offer", "price": "{price}", "priceCurrency": "EUR"}}' if price else "")
    return page(f"{name} | {brand} Boards",
                f"<h1>{name}</h1><p>The {name} is {words}.</p><table>{rows}</table>",
                head=ld(f'{{"@context": "https://schema.org", "@type": "Product", "name": "{name}", '
                        f'"brand": {{"@type": "Brand", "name": "{brand}"}}{offer}}}'))


BOARDS = {
    "/boardhub/marlo-vex-3": page(
        "MARLO VEX 3 E-Board 2026 Best Deal Free Shipping | BoardHub",
        "<h1>MARLO VEX-3 E-Board</h1><p class='price'>Statt <s>799,00 €</s> jetzt nur 649,00 €</p>"
        "<p>In stock. <button>Add to cart</button></p><table>" + row("Reichweite", "40 km")
        + row("Gewicht", "7,2 kg") + "</table>", lang="de"),
    "/marlo/vex-3": maker("Marlo Vex 3", "Marlo", row("Range", "32 km") + row("Weight", "7.2 kg"),
                            "a commuter electric skateboard", price="749.00"),
    "/tessin/arc-5": maker("Tessin Arc 5", "Tessin", row("Range", "35 km") + row("Weight", "8.1 kg"),
                           "a long-range electric skateboard", price="650.00"),
    "/quivo/loop-2": maker("Quivo Loop 2", "Quivo", row("Range", "22 km") + row("Weight", "5.9 kg"),
                           "a light electric skateboard", price="499.00"),
}


def test_a_shops_shouted_hyphenated_spelling_with_a_category_word_is_the_makers_product() -> None:
    result = run("Which electric skateboard has the longest range under 700 EUR?", BOARDS)
    names = sorted(p["name"] for p in result.products)
    assert names == ["Marlo Vex 3", "Quivo Loop 2", "Tessin Arc 5"], names
    marlo = next(p for p in result.products if p["name"] == "Marlo Vex 3")
    ranges = sorted(str(c["value"]) for c in result.cells
                    if c["product_id"] == marlo["product_id"] and c["attribute"] == "range")
    assert ranges == ["32 km", "40 km"], ranges  # the shop's figure and the maker's: a disagreement, both shown
    assert any("range of Marlo Vex 3" in n for n in result.notes), result.notes
    said = verdicts(result)
    # the least favourable of its figures is ranked (32 km): the Tessin Arc 5's 35 km is the longest range
    assert "**Best overall: Tessin Arc 5**" in said, said


def test_a_sale_offer_of_the_shops_spelling_keeps_the_product_within_the_budget() -> None:
    result = run("Which electric skateboard is the lightest under 700 EUR?", BOARDS)
    said = verdicts(result)
    marlo = next(p for p in result.products if p["name"] == "Marlo Vex 3")
    prices = sorted(o["price"] for o in result.offers if o["product_id"] == marlo["product_id"])
    assert prices == [649.0, 749.0], prices
    assert "Over the budget" not in said, said  # its 649.00 EUR sale offer is within 700 EUR


BLOG = {
    "/blog/best-boards": page(
        "Best electric skateboards 2026 (sponsored)",
        "<h1>Best electric skateboards 2026</h1>"
        "<p><em>This post is sponsored by Quivo. We earn a commission from qualifying purchases.</em></p>"
        "<p>The Quivo Loop 2 is the best electric skateboard you can buy.</p>"
        "<p><a rel='sponsored' href='https://store.example/quivo?aff=77'>Get the Quivo Loop 2 now for 459 EUR</a></p>"),
    "/blog/city-boards": page(
        "Three city boards compared - Boardside",
        "<h1>Three city boards compared</h1><p>The Tessin Arc 5 rides smoothly.</p>"
        "<p>We liked the Quivo Loop 2 too, which sells for 479 EUR.</p>"),
}


def test_a_price_a_blog_mentions_is_no_merchants_offer() -> None:
    for path in BLOG:
        result = run("Which electric skateboard has the longest range under 700 EUR?", {**BOARDS, path: BLOG[path]})
        quivo = next(p for p in result.products if p["name"] == "Quivo Loop 2")
        mentioned = [o for o in result.offers if o["product_id"] == quivo["product_id"] and o["price"] in (459, 479)]
        assert len(mentioned) == 1, (path, result.offers)
        offer = mentioned[0]
        assert offer["merchant"].startswith("no merchant (mentioned on"), offer  # never the brand nor the host
        assert MENTIONED_ELSEWHERE in offer["terms"] and not purchase(offer), offer
        table = next(s["body"] for s in result.sections if s["heading"] == "Offers")
        row = next(line for line in table.splitlines() if "no merchant" in line)
        assert "| — |" in row and "| new |" not in row, row  # no condition is invented for it
        best_value = next(line for line in verdicts(result).splitlines() if "Best value" in line)
        assert "459" not in best_value and "479" not in best_value, best_value  # never compared as a price


def shoe(name: str, brand: str, rows: str, title: str = "") -> str:
    return page(title or f"{name} | {brand}", f"<h1>{name}</h1><p>The {name} is a hiking boot.</p><table>{rows}</table>",
                head=ld(f'{{"@context": "https://schema.org", "@type": "Product", "name": "{name}", '
                        f'"brand": {{"@type": "Brand", "name": "{brand}"}}}}'))


BOOTS = {  # no price anywhere
    "/fenwald/crest-4": shoe("Fenwald Crest 4", "Fenwald", row("Tread depth", "5 mm") + row("Weight", "540 g")),
    "/harrow/bog-2": shoe("Harrow Bog 2", "Harrow", row("Tread depth", "7 mm") + row("Weight", "610 g")),
    "/ilsa/path-9": shoe("Ilsa Path 9", "Ilsa", row("Tread depth", "4 mm") + row("Weight", "480 g")),
}


@pytest.mark.parametrize(("question", "attribute", "way"), [
    ("Which hiking boot has the deepest tread for mud?", "tread depth", 1),
    ("Which boot has the shallowest treads?", "tread depth", -1),
    ("Which climbing shoe has the thinnest rubber?", "rubber thickness", -1),
    ("Which climbing shoe has the least thick rubber?", "rubber thickness", -1),
    ("Welcher Wanderschuh hat das tiefste Profil?", "Profiltiefe", 1),
    ("Which hiking boot is the deepest discount with a good tread?", "tread depth", 0),  # "deepest" measures no tread
    ("Which pool is the deepest?", "depth", 0),  # the dimension alone: what it measures is not said
])
def test_an_adjective_of_a_dimension_before_what_it_measures_says_which_way_is_better(
        question: str, attribute: str, way: int) -> None:
    assert dimension_way(question, attribute)[0] == way


def test_with_no_price_anywhere_the_products_are_ranked_on_the_asked_attribute() -> None:
    result = run("Which hiking boot has the deepest tread for mud under 150 EUR?", BOOTS)
    said = verdicts(result)
    assert "**Best overall: Harrow Bog 2**" in said and "7 mm" in said, said
    assert "deeper counted better: the question says 'deepest'" in said, said
    assert "no price was found in any source, so the budget of 150 EUR could not be checked" in said, said
    assert "**Runner-up: Fenwald Crest 4**" in said, said
    assert not any("no product could be named best overall" in n for n in result.notes), result.notes


def test_a_name_whose_last_word_could_say_a_kind_is_shown_whole() -> None:
    site = {
        **BOOTS,
        "/brenna/crag-walker": shoe("Brenna Crag Walker", "Brenna", row("Tread depth", "6 mm") + row("Weight", "0.7 lb"),
                                    title="Brenna Crag Walker hiking boot"),  # no site name: no maker's trust
        "/reviews/boots": page("The lightest hiking boots we weighed - TrailDesk",
                               "<h1>The lightest hiking boots we weighed</h1><p>On our scale the Brenna Crag Walker "
                               "weighed 318 g and the Harrow Bog 2 weighed 612 g.</p>"
                               "<p>The Brenna Crag Walker is our pick for long days.</p>"),
        "/wanderzeit/brenna": page("Brenna Crag Walker im Test - Wanderzeit",
                                   "<h1>Brenna Crag Walker im Test</h1><p>Der Brenna Crag Walker wiegt 320 g.</p>",
                                   lang="de"),
    }
    result = run("Which hiking boot has the deepest tread?", site)
    brenna = next(p for p in result.products if p["name"].startswith("Brenna"))
    assert brenna["name"] == "Brenna Crag Walker", brenna  # never "Brenna Crag", a run of a page's sentence
    assert not any(a.endswith(" im") or a == "Brenna Crag" for a in brenna["aliases"]), brenna


def test_a_yes_no_question_whether_a_product_leads_on_an_attribute_is_answered_with_the_figures() -> None:
    said = verdicts(run("Does the Quivo Loop 2 have the longest range of any electric skateboard?", BOARDS))
    # the Marlo Vex 3's sources give 32 and 40 km: the Tessin Arc 5 (35 km) leads on neither, yet both beat 22 km
    assert said.startswith("**No:** the Quivo Loop 2's range is 22 km [@"), said
    assert "the smallest of the 3 products compared; the Tessin Arc 5 has a larger one (35 km [@" in said, said
    without = {k: v for k, v in BOARDS.items() if "boardhub" not in k}  # the Tessin Arc 5 leads on every figure
    said = verdicts(run("Does the Quivo Loop 2 have the longest range of any electric skateboard?", without))
    assert "the smallest of the 3 products compared; the Tessin Arc 5 has the largest (35 km [@" in said, said
    said = verdicts(run("Is the Quivo Loop 2 the lightest electric skateboard?", BOARDS))
    assert said.startswith("**Yes:** the Quivo Loop 2 has the lowest weight of the 3 products compared (5.9 kg"), said
    said = verdicts(run("Which electric skateboard has the longest range?", BOARDS))  # no yes/no question
    assert not said.startswith(("**Yes", "**No")), said


def test_a_product_of_another_kind_is_left_out_when_the_question_names_only_a_noun_with_a_feature() -> None:
    site = {**BOOTS, "/ferrox/r2": page(
        "Ferrox R2 electric skateboard - Ferrox", "<h1>Ferrox R2</h1><p>The Ferrox R2 is our lightest board.</p>"
        "<table>" + row("Weight", "4.9 kg") + row("Range", "20 km") + "</table>")}
    for path in BOOTS:  # each boot's page says what it is
        site[path] = site[path].replace("is a hiking boot", "is a waterproof hiking boot for long trails")
    result = run("Which waterproof-lined boot is the lightest?", site)
    names = {p["name"] for p in result.products}
    assert "Ferrox R2" not in names, names  # a skateboard among boots: its pages never call it a boot
    assert any("left out as another kind of product" in n and "Ferrox R2" in n for n in result.notes), result.notes
    assert "Ferrox" not in verdicts(result)
    result = run("Which boot is the lightest?", {**BOOTS, "/sony/wh5": page(
        "Sony WH5 | Sony", "<h1>Sony WH5</h1><p>Quiet travel.</p><table>" + row("Weight", "250 g") + "</table>")})
    assert "Sony WH5" in {p["name"] for p in result.products}  # its page says no other kind: never left out


REVIEWS = {
    "/planche/quivo": page(
        "Test Quivo Loop 2 : la planche la plus légère - Planche Mag",
        "<h1>Test Quivo Loop 2</h1><p>La Quivo Loop 2 est la planche électrique la plus légère de notre comparatif.</p>"
        "<p>Autonomie mesurée : 19 km. Poids : 5,9 kg.</p><p>Note : 4,5 sur 5.</p>", lang="fr"),
    "/brett/tessin": page(
        "Tessin Arc 5 im Test - Brettmagazin",
        "<h1>Tessin Arc 5 im Test</h1><p>Das Tessin Arc 5 ist ein ruhiges Langstreckenbrett.</p>"
        "<p>Positiv: leiser Motor, stabile Achsen. Negativ: schwer zu tragen.</p>", lang="de",
        head=ld('{"@context": "https://schema.org", "@type": "Review", "itemReviewed": {"@type": "Product", '
                '"name": "Tessin Arc 5"}, "reviewRating": {"@type": "Rating", "ratingValue": "4.1", '
                '"bestRating": "5"}}')),
}


def test_reviews_written_in_french_and_german_prose_are_read() -> None:
    result = run("Which electric skateboard has the longest range?", {**BOARDS, **REVIEWS})
    names = {p["product_id"]: p["name"] for p in result.products}
    got = {(names[r["product_id"]], r["rating"], tuple(r["pros"]), tuple(r["cons"])) for r in result.reviews}
    # "Note : 4,5 sur 5" is a rating out of 5, cited as written; "Positiv: ... Negativ: ..." praise and complaints
    assert ("Quivo Loop 2", 4.5, (), ()) in got, got
    assert ("Tessin Arc 5", 4.1, ("leiser Motor", "stabile Achsen"), ("schwer zu tragen",)) in got, got
    quivo = next(r for r in result.reviews if names[r["product_id"]] == "Quivo Loop 2")
    assert quivo["cited"] is not None and quivo["cited"]["quote"] == "4,5 sur 5", quivo
    # "Autonomie mesurée : 19 km" is a range (in km, not a battery life in hours)
    ranges = {str(c["value"]) for c in result.cells if names[c["product_id"]] == "Quivo Loop 2"
              and c["attribute"] == "range"}
    assert ranges == {"22 km", "19 km"}, ranges


def test_a_testers_distance_on_a_charge_is_a_range_and_a_speed_is_none() -> None:
    test = page("We tested three boards for range - BoardLab",
                "<h1>We tested three boards for range</h1>"
                "<p>On our 80 kg rider loop the Tessin Arc 5 covered 29 km, the longest range of the group.</p>"
                "<p>The Quivo Loop 2 managed 18 km and reached 25 km/h.</p>")
    result = run("Which electric skateboard has the longest range?", {**BOARDS, "/lab/range": test})
    names = {p["product_id"]: p["name"] for p in result.products}
    said = {(names[c["product_id"]], c["attribute"], str(c["value"])) for c in result.cells}
    assert ("Tessin Arc 5", "range", "29 km") in said and ("Quivo Loop 2", "range", "18 km") in said, said
    assert ("Quivo Loop 2", "range", "25 km") not in said and ("Tessin Arc 5", "weight", "80 kg") not in said, said
