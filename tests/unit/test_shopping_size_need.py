"""A size the question's use names is a need every verdict respects (issue 15, trial t51s fault 4): "the best label
printer for 4x6 shipping labels under $200" made best value and runner-up two printers whose rolls stop at 40 and
80 mm. A product whose spec shows it cannot take the size is never best, best value nor runner-up and is said not to
meet it; one without the figure is said not to be shown to meet it; a size written without its unit is read in the
unit the sources write it in."""

from __future__ import annotations

from services.domain_shopping.offline import asked_use, size_need, sizes_written, use_said
from tests.shop_pages import page, run, verdicts
from tests.shop_pages import spec_shop as shop

REVIEW = page("Shipping label printers reviewed - PackDesk",
              "<h1>Shipping label printers reviewed</h1><p>We tested which printers take 4 x 6 inch shipping labels, "
              "the size every carrier prints.</p>")
SITE = {"/zentra": shop("Zentra P9", "139.00", {"Print speed": "150 mm/s", "Maximum label width": "110 mm",
                                                "Warranty": "2 years"}),
        "/corvo": shop("Corvo L2", "45.00", {"Print speed": "40 mm/s", "Maximum label width": "58 mm",
                                             "Warranty": "1 year"}),
        "/vessa": shop("Vessa K7", "99.00", {"Print speed": "120 mm/s", "Maximum label width": "80 mm",
                                             "Warranty": "2 years"}),
        "/quillo": shop("Quillo Q3", "79.00", {"Print speed": "100 mm/s", "Warranty": "1 year"}),
        "/review": REVIEW}
QUESTION = "What is the best label printer for 4x6 shipping labels under $200?"


def picked(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith(("- **Best overall", "- **Best value", "- **Runner-up"))]


def test_a_size_in_the_use_is_read_as_one_word_and_never_a_budget() -> None:
    assert asked_use(QUESTION)[0] == "4x6 shipping labels"
    assert "4x6" in asked_use(QUESTION)[1]
    assert asked_use("best printer for 300 EUR")[0] == ""
    assert sizes_written('4 x 6 inch, 6×4", 100 x 150 mm and 4x6') == [("4x6", "in"), ("4x6", "in"),
                                                                       ("100x150", "mm"), ("4x6", "")]
    assert use_said("4x6 shipping labels", "cannot print 4 x 6 inch labels at all")
    assert not use_said("4x6 shipping labels", "cannot print 2 x 1 inch labels")


def test_a_product_whose_width_cannot_take_the_size_is_never_picked_and_is_said_not_to_meet_it() -> None:
    lines = verdicts(run(QUESTION, SITE)).splitlines()
    chosen = picked(lines)
    assert chosen and all("Corvo L2" not in line and "Vessa K7" not in line for line in chosen), lines
    assert any(line.startswith("- **Best overall: Zentra P9") for line in lines), lines
    for name, width in (("Corvo L2", "58 mm"), ("Vessa K7", "80 mm")):
        line = next(line for line in lines if f": {name}**" in line)
        assert line.startswith("- **Does not meet the requirement (4x6 shipping labels: maximum label width at least "
                               f"4 in (101.6 mm)): {name}** — maximum label width {width}"), line
    unknown = next(line for line in lines if ": Quillo Q3**" in line)
    assert unknown.startswith("- **Not shown to meet the requirement (4x6 shipping labels"), unknown


def test_a_size_without_a_unit_the_sources_never_give_constrains_nothing() -> None:
    site = {k: v for k, v in SITE.items() if k != "/review"}
    result = run(QUESTION, site)
    assert size_need(QUESTION, [], result.attributes, result.cells) is None
    assert not any("Does not meet" in line for line in verdicts(result).splitlines())
    # with the unit in the question it does
    lines = verdicts(run(QUESTION.replace("4x6", "4 x 6 inch"), site)).splitlines()
    assert any(line.startswith("- **Does not meet the requirement") and "Corvo L2" in line for line in lines), lines


def test_a_reviews_sentence_on_the_size_rules_out_a_product_without_the_figure() -> None:
    review = page("Quillo Q3 review - PackDesk", "<h1>Quillo Q3 review</h1><p>The Quillo Q3 is quick and quiet. "
                                                "The Quillo Q3 cannot print 4 x 6 inch labels, its rolls stop at 62 mm."
                                                "</p>")
    lines = verdicts(run(QUESTION, {**SITE, "/q-review": review})).splitlines()
    assert not any("Quillo Q3" in line for line in picked(lines)), lines
    line = next(line for line in lines if ": Quillo Q3**" in line)
    assert line.startswith("- **Avoid if you need it for 4x6 shipping labels: Quillo Q3** — an independent source "
                           "says it cannot: “The Quillo Q3 cannot print 4 x 6 inch labels"), line
