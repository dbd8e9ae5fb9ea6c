"""A question naming a use ("for drilling into concrete", "for cold weather") is answered for that use (issue 15, trial
t52s fault 1: "for drilling into brick" picked the drill whose own maker says it is not meant for brick, at 1.00
high): the verdicts read (a) a test's row measuring the use ("Concrete holes (of 10)": "0 (no hammer mode)" is a
figure, 0), (b) a yes/no feature the sources tie to the use ("Hammer mode: No"), (c) an independent test's "Best for
<use>: X" heading or a review's "If you need to <use> ..., buy X", (d) a sentence saying a product is not meant for,
or cannot do, the use (a maker's own admission, a test's "It cannot ..." under the product's heading). Each through
the shopping engine on invented pages; all products and figures are invented."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import analyse, use_pick
from tests.shop_pages import ld, page, pages, row, run, verdicts

CONCRETE = "Which cordless drill should I buy for drilling into concrete?"
NAMED = "Corvan CD4 or Pelto HX2 for drilling holes in concrete walls?"


def maker(name: str, price: str, rows: dict[str, str], prose: str = "") -> str:
    """A maker's product page: JSON-LD Product with a USD Offer, its prose and a spec table of ``rows``."""
    item = {"@context": "https://schema.org", "@type": "Product", "name": name, "brand": name.split()[0],
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"}}
    table = "".join(row(k, v) for k, v in rows.items())
    return page(f"{name} | {name.split()[0]} Tools", f"<h1>{name}</h1><p>{prose}</p><table>{table}</table>",
                head=ld(json.dumps(item)))


def bench(rows: list[tuple[str, str, str]], sections: str = "", column: str = "Concrete holes (of 10)") -> str:
    """An independent test of drills: a table of (drill, its figure for the use, its score) and ``sections``."""
    table = "".join(f"<tr><td>{n}</td><td>{c}</td><td>{s}</td></tr>" for n, c, s in rows)
    return page("Cordless drills tested | DrillLab",
                "<h1>Cordless drills tested</h1><p>We bought every drill ourselves and drilled 10 holes of 8 mm in "
                f"concrete with each.</p><table><tr><th>Drill</th><th>{column}</th><th>Score</th></tr>{table}</table>"
                + sections)


def drills(corvan_prose: str = "", corvan_rows: dict[str, str] | None = None,
           pelto_rows: dict[str, str] | None = None) -> dict[str, str]:
    """Two drills: the Corvan CD4 (more torque, the better score) and the Pelto HX2."""
    return {
        "/corvan/cd4": maker("Corvan CD4", "149.00", {"Max torque": "70 Nm", **(corvan_rows or {})},
                             "The Corvan CD4 is an 18V drill/driver for wood and metal. " + corvan_prose),
        "/pelto/hx2": maker("Pelto HX2", "139.00", {"Max torque": "40 Nm", **(pelto_rows or {})},
                            "The Pelto HX2 is a compact 12V drill."),
    }


def best_line(question: str, site: dict[str, str]) -> str:
    return verdicts(run(question, site)).splitlines()[0]


def test_a_tests_row_measuring_the_use_ranks_and_a_figure_with_a_note_is_its_figure() -> None:
    site = {**drills(), "/lab/drills": bench([("Corvan CD4", "0 (no hammer mode)", "8.9/10"),
                                              ("Pelto HX2", "10", "7.9/10")])}
    best = best_line(CONCRETE, site)
    assert "Pelto HX2" in best and "Corvan CD4" not in best, best
    assert "concrete holes" in best and "ranks nothing" not in best


def test_a_feature_the_sources_tie_to_the_use_bars_the_product_without_it() -> None:
    site = {**drills(corvan_rows={"Hammer mode": "No"}, pelto_rows={"Hammer mode": "Yes (up to 24,000 bpm)"}),
            "/lab/drills": bench([("Corvan CD4", "—", "8.9/10"), ("Pelto HX2", "—", "7.9/10")],
                                 "<p>Only a hammer mode gets a bit through concrete without burning it.</p>"
                                 "<p>A drill without a hammer mode stalls when drilling concrete.</p>")}
    body = verdicts(run(CONCRETE, site))
    assert "Pelto HX2" in body.splitlines()[0] and "Corvan CD4" not in body.splitlines()[0], body
    assert "- **Does not meet the requirement (with hammer mode for drilling into concrete): Corvan CD4** — hammer " \
           "mode No" in body


def test_an_independent_tests_best_for_heading_and_a_reviews_if_you_need_advice_pick_for_the_use() -> None:
    heading = bench([("Corvan CD4", "—", "8.9/10"), ("Pelto HX2", "—", "7.9/10")],
                    "<h2>Best overall: Corvan CD4</h2><p>The Corvan CD4 drove the most screws.</p>"
                    "<h2>Best for concrete and stone: Pelto HX2</h2><p>The Pelto HX2 went through every wall.</p>")
    assert use_pick("Best for concrete and stone: Pelto HX2") is not None
    best = best_line(CONCRETE, {**drills(), "/lab/drills": heading})
    assert best.startswith("- **Best for drilling into concrete: Pelto HX2** — recommended for it by an independent "
                           "reviewer (“Best for concrete and stone: Pelto HX2”"), best
    advice = page("Corvan CD4 vs Pelto HX2 review | HomeBench",
                  "<h1>Corvan CD4 vs Pelto HX2 review</h1><p>We used both for a month.</p><p>If you need to hang "
                  "shelves or a TV bracket on concrete walls, buy the Pelto HX2: it drilled clean holes for wall "
                  "plugs.</p><p>For decks and furniture the Corvan CD4 is the stronger drill.</p>")
    best = best_line(NAMED, {**drills(), "/review": advice})
    assert best.startswith("- **Best for drilling holes in concrete walls: Pelto HX2**"), best
    # a pick for another use is none for this one ("for decks and furniture" is no concrete)
    assert best_line("Which cordless drill should I buy for building decks?", {**drills(), "/lab/drills": heading}) \
        .find("Best for building decks: Pelto HX2") < 0


def test_a_sentence_saying_a_product_is_not_meant_for_the_use_rules_it_out() -> None:
    own = drills(corvan_prose="It has no hammer mode, so it is not meant for drilling concrete or stone.")
    body = verdicts(run(CONCRETE, own))
    assert "Corvan CD4" not in body.splitlines()[0], body
    assert "- **Avoid if you need it for drilling into concrete: Corvan CD4** — its maker or seller says it cannot: " \
           "“It has no hammer mode, so it is not meant for drilling concrete or stone”" in body
    # a test's "It cannot ..." under the product's heading is said of that product
    test = bench([("Corvan CD4", "—", "8.9/10"), ("Pelto HX2", "—", "7.9/10")],
                 "<h2>Best overall: Corvan CD4</h2><p>The Corvan CD4 drove the most screws. It cannot drill "
                 "concrete.</p>")
    body = verdicts(run(NAMED, {**drills(), "/lab/drills": test}))
    assert body.startswith("- **Best overall: Pelto HX2**"), body
    assert "Avoid if you need it for drilling holes in concrete walls: Corvan CD4** — an independent source says " \
           "it cannot: “It cannot drill concrete”" in body


def test_the_use_is_read_whatever_it_is_a_jacket_for_cold_weather() -> None:
    def jacket(name: str, price: str, prose: str) -> str:
        return maker(name, price, {"Weight": "600 g"}, prose)

    site = {"/fjell/breeze": jacket("Fjell Breeze", "99.00", "The Fjell Breeze is a light shell for spring rain."),
            "/fjell/polar": jacket("Fjell Polar", "189.00", "The Fjell Polar is a down parka."),
            "/review": page("Fjell Breeze review | TrailTest",
                            "<h1>Fjell Breeze review</h1><p>We wore it for a month. Rating: 9/10.</p><p>The Fjell "
                            "Breeze is not designed for cold weather: it has no insulation.</p>")}
    body = verdicts(run("Which Fjell jacket should I buy for cold weather?", site))
    assert "Fjell Breeze" not in body.splitlines()[0], body
    assert "Avoid if you need it for cold weather: Fjell Breeze** — an independent source says it cannot" in body


def test_a_best_for_heading_the_stored_text_left_out_is_read_from_the_html() -> None:
    heading = bench([("Corvan CD4", "—", "8.9/10"), ("Pelto HX2", "—", "7.9/10")],
                    "<h2>Best for concrete and stone: Pelto HX2</h2><p>The Pelto HX2 went through every wall.</p>")
    read = pages({**drills(), "/lab/drills": heading})
    # the stored text of a page as an extractor gives it: its paragraphs, without the headings
    read = [replace(sp, text="We bought every drill ourselves. The Pelto HX2 went through every wall.")
            if sp.url.endswith("/lab/drills") else sp for sp in read]
    body = verdicts(analyse(CONCRETE, read, uuid4(), today=date(2026, 12, 2)))
    assert body.startswith("- **Best for drilling into concrete: Pelto HX2** — recommended for it by an independent "
                           "reviewer (“Best for concrete and stone: Pelto HX2”"), body
