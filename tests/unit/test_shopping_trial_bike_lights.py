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

