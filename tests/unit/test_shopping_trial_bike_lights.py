"""A new user's bike-light trial (issue 15, trial t40), replayed on invented lights served from loopback addresses:
the merchant is named from the page or its search result, never "127.0.0.1"; figures equal within the precision
they are written with agree whatever their units; a tie on price is broken by the ranked attributes, never by the
order of the names; a bike light is ranked on its light and run time, not on weight as if it were a bike."""

from __future__ import annotations

import json

import pytest

from services.domain_shopping.offline import Analysis
from tests.shop_pages import ld, page, row, run, verdicts


def maker(name: str, price: str, rows: str, title: str = "") -> str:
    """The maker's page of the light ``name``: JSON-LD Product (brand: the name's first word) with one Offer of
    ``price`` USD and a spec table of ``rows``."""
    item = {"@context": "https://schema.org", "@type": "Product", "name": name, "brand": name.split()[0],
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"}}
    return page(title or name, f"<h1>{name}</h1><p>The {name} is a front bike light.</p><table>{rows}</table>"
                "<button>Add to cart</button>", head=ld(json.dumps(item)))


#: the lightest (Corvo) is the dimmest and shortest-lived
LIGHTS = {
    "/lumora/trail-1200": maker("Lumora Trail 1200", "79.00", row("Brightness", "1200 lm") + row("Weight", "146 g")
                                + row("Runtime", "2.5 h")),
    "/brennix/beam-800": maker("Brennix Beam 800", "89.00", row("Brightness", "800 lm") + row("Weight", "119 g")
                               + row("Runtime", "3 h")),
    "/corvo/spark-600": maker("Corvo Spark 600", "59.00", row("Brightness", "600 lm") + row("Weight", "90 g")
                              + row("Runtime", "1.5 h")),
}


def _ranked(result: Analysis) -> str:
    return verdicts(result).split("**Best value", 1)[0] + "".join(
        line for line in verdicts(result).splitlines() if line.startswith("- **Runner-up"))


@pytest.mark.parametrize("question", ["Which bike light should I buy?", "What's the best front bike light under $100?",
                                      "Which bike lights are the best?"])
def test_a_bike_light_is_not_ranked_on_weight_as_if_it_were_a_bike(question: str) -> None:
    # t40 fault 4: "lighter counted better for bike, which are carried or worn" on a bike light question, and the
    # runner-up ranked on weight, which nobody asked about: a bike light is no bike
    body = verdicts(run(question, LIGHTS))
    assert "lighter counted better" not in body and "carried or worn" not in body, body
    ranked = _ranked(run(question, LIGHTS))
    assert "weight" not in ranked and "luminous flux" in ranked and "battery life" in ranked, ranked
    assert "**Best overall: Corvo Spark 600**" not in body and "**Runner-up: Corvo Spark 600**" not in body, body


def test_brightness_and_run_time_asked_rank_the_lights_and_the_runner_up() -> None:
    body = verdicts(run("Which bike light is brightest with the longest run time?", LIGHTS))
    runner = next(line for line in body.splitlines() if line.startswith("- **Runner-up"))
    assert "weight" not in runner and "lighter" not in runner, body
    assert "luminous flux" in runner and "battery life" in runner, body


def test_a_carried_product_and_a_light_one_still_count_lighter_better() -> None:
    from services.domain_shopping.attributes import carried, direction
    assert carried("Which headphones sound best?") is not None
    assert carried("What's the best bike for commuting?") is not None
    assert carried("Which camera takes the best photos?") is not None
    assert carried("Which bike light should I buy?") is None and carried("best laptop bag") is None
    assert direction("weight", "[mass]", "What's the best light bike light?") == -1
    assert direction("weight", "[mass]", "Which bike light should I buy?") == 0


#: two lights at one price, the lowest: the one whose name sorts first (Brennix) is the dimmer one
TIED = {**LIGHTS, "/brennix/beam-800": maker("Brennix Beam 800", "79.00", row("Brightness", "800 lm")
                                              + row("Weight", "119 g") + row("Runtime", "2 h")),
        "/corvo/spark-600": maker("Corvo Spark 600", "99.00", row("Brightness", "600 lm") + row("Weight", "90 g")
                                  + row("Runtime", "1.5 h"))}


@pytest.mark.parametrize("question", ["What's the cheapest bike light with good brightness?",
                                      "Which bike light is the best value?"])
def test_a_tie_on_price_is_broken_by_the_ranked_attributes_and_said(question: str) -> None:
    # t40 fault 3: two products at the same price, "best value" went to the one with worse specs (the first name)
    body = verdicts(run(question, TIED))
    value = next(line for line in body.splitlines() if line.startswith("- **Best value"))
    assert value.startswith("- **Best value: Lumora Trail 1200** — 79.00 USD"), body
    assert "level on price with Brennix Beam 800, the tie broken on the" in value, value


#: a shop page on a loopback address naming no site: no JSON-LD seller, no og:site_name, no "Sold by", a bare title
SHOP = page("Brennix Beam 800", "<h1>Brennix Beam 800</h1><p>Brennix Beam 800 front bike light, 119 g.</p>"
            "<p class='price'>Now $69.00</p><p>In stock. Add to cart.</p>")


def _offer_merchants(result: Analysis) -> dict[float, str]:
    return {float(o["price"]): str(o["merchant"]) for o in result.offers if o["price"] is not None}


def test_an_ip_address_is_never_a_merchant() -> None:
    # t40 fault 1: the offers of a loopback page showed merchant "127.0.0.1"
    merchants = _offer_merchants(run("Which bike light should I buy?", {**LIGHTS, "/shop/brennix": SHOP}))
    assert merchants.get(69.0) == "unnamed merchant (127.0.0.1)", merchants
    assert "127.0.0.1" not in merchants.values() and merchants.get(79.0) == "Lumora", merchants


@pytest.mark.parametrize(("title", "head", "body", "merchant"), [
    ("Brennix Beam 800 | Velomart", "", "", "Velomart"),  # the title's site part
    ("Brennix Beam 800", '<meta property="og:site_name" content="Velomart">', "", "Velomart"),
    ("Brennix Beam 800", "", "<p>Sold by Velomart.</p>", "Velomart"),
])
def test_the_merchant_is_named_from_the_page(title: str, head: str, body: str, merchant: str) -> None:
    html = page(title, "<h1>Brennix Beam 800</h1><p>Brennix Beam 800 front bike light.</p>"
                f"<p class='price'>Now $69.00</p>{body}<p>In stock. Add to cart.</p>", head=head)
    merchants = _offer_merchants(run("Which bike light should I buy?", {**LIGHTS, "/shop/brennix": html}))
    assert merchants.get(69.0) == merchant, merchants


def test_the_search_results_title_names_the_merchant_the_page_does_not() -> None:
    from datetime import date
    from uuid import uuid4

    from services.domain_shopping.offline import analyse
    from tests.shop_pages import pages

    site = pages({**LIGHTS, "/shop/brennix": SHOP})
    shop = next(p for p in site if p.url.endswith("/shop/brennix"))
    shop.search_title = "Brennix Beam 800 front bike light | Velomart"
    result = analyse("Which bike light should I buy?", site, uuid4(), today=date(2026, 12, 2))
    assert _offer_merchants(result).get(69.0) == "Velomart", result.offers


def test_the_shopping_stage_keeps_each_sources_search_result_title() -> None:
    from services.domain_shopping.handlers import source_pages
    from shared.domain import source_id_for
    from tests.unit.handlers.fakes import FakeDocuments, memory_runs, started_run

    runs, docs = memory_runs(), FakeDocuments()
    url = "http://127.0.0.1:9/shop/brennix"
    run_id = started_run(runs, "Which bike light should I buy?", scope="web")
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "bike light"}], "shopping", "en", "offline", False)
    runs.record_search(run_id, "q1", "bike light", 1, [{"url": url, "title": "Brennix Beam 800 | Velomart",
                                                        "snippet": "", "provider": "web", "rank": 1, "score": 1.0}],
                       True, [])
    sid = source_id_for(run_id, url)
    runs.record_source_fetched(run_id, sid, url=url, final_url=url, content_type="text/html", title="Brennix Beam 800",
                               text_sha256=docs.put("Brennix Beam 800 front bike light."), chars=34, via="http",
                               html_sha256=docs.put(SHOP, "text/html"))
    got = source_pages(docs, runs.get_run(run_id))
    assert [(p.title, p.search_title) for p in got] == [("Brennix Beam 800", "Brennix Beam 800 | Velomart")]


def _shop_specs(weight: str, lumens: str, runtime: str) -> dict[str, str]:
    """The lights with a shop page giving the Brennix Beam 800 (119 g, 800 lm, 3 h on its maker's page) these
    figures."""
    html = page("Brennix Beam 800 | Velomart", "<h1>Brennix Beam 800</h1><p>Brennix Beam 800 front bike light.</p>"
                "<table>" + row("Weight", weight) + row("Lumens", lumens) + row("Run time", runtime) + "</table>"
                "<p class='price'>Now $69.00</p><p>In stock. Add to cart.</p>")
    return {**LIGHTS, "/shop/brennix": html}


def _disputes(result: Analysis) -> str:
    return "; ".join(n for n in result.notes if n.startswith("the sources disagree"))


@pytest.mark.parametrize(("weight", "lumens", "runtime"), [
    ("4 oz", "0.8 klm", "180 min"),  # 113.4 g: "4 oz" is 4 ± 0.5 oz; 0.8 klm is 800 lm
    ("4.2 oz", "800 lumens", "3 hours"),  # 119.07 g
    ("4.2 ounces", "800 Lumen", "3.0 h"),
])
def test_figures_equal_within_their_rounding_agree_whatever_their_units(weight: str, lumens: str,
                                                                        runtime: str) -> None:
    # t40 fault 2: 119 g and 4.2 oz of one light were listed as a disagreement; 4.2 oz is 119.07 g
    result = run("Which bike light should I buy?", _shop_specs(weight, lumens, runtime))
    assert _disputes(result) == "", result.notes
    table = str(next(s["body"] for s in result.sections if s["heading"] == "Spec matrix"))
    brennix = next(line for line in table.splitlines() if line.startswith("| Brennix Beam 800"))
    assert ";" not in brennix, brennix  # one value per attribute ("119 g [1] ≈ 4 oz (≈ 113 g) [2]")


def test_figures_apart_beyond_their_rounding_still_disagree() -> None:
    result = run("Which bike light should I buy?", _shop_specs("160 g", "600 lm", "2.5 h"))
    assert all(f"the {a} of Brennix Beam 800" in _disputes(result)
               for a in ("weight", "luminous flux", "battery life")), result.notes
    # a whole number of hours is no licence for any minutes: 3 h and 160 min are two values
    assert "battery life" in _disputes(run("Which bike light should I buy?", _shop_specs("119 g", "800 lm",
                                                                                         "160 min")))


def test_the_precision_a_figure_is_written_with() -> None:
    from services.domain_shopping.units import stated_precision

    assert stated_precision("4.2 oz") == pytest.approx(1.4175, abs=1e-3)  # grams
    assert stated_precision("119 g") == 0.5 and stated_precision("2,5 Std.") == pytest.approx(0.05)
    assert stated_precision("1,000 lm") == 0.5 and stated_precision("0.125 kg") == pytest.approx(0.5)
    assert stated_precision("1 lb 4 oz") is None and stated_precision("62 dB") is None
