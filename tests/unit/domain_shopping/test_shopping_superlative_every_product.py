"""Trial t65s X7 (shopping), with invented camping stoves: "Which is the cheapest new camping stove?" was answered
with the second cheapest at "high" because only the 5 products named by the most pages are compared
(``MAX_PRODUCTS``), and the cheapest, named by its own maker page alone, was never ranked though its offer was
fetched. A superlative over one attribute ("the cheapest", "the lightest") ranks every product a page gives that
figure for; a product still left out of the comparison is said to be."""

from __future__ import annotations

from services.domain_shopping.offline import MAX_PRODUCTS
from tests.shop_pages import page, run, spec_shop, verdict_line

#: five stoves each sold by two shops, and one sold by its maker only: the cheapest and the lightest
STOVES = {"Quellor Blaze 3": ("129.00", "410 g"), "Fennick Pocket 2": ("89.00", "260 g"),
          "Osrin Trail 5": ("149.00", "380 g"), "Marlo Heat 4": ("109.00", "300 g"),
          "Tavish Ember 7": ("99.00", "350 g")}
SITE = {f"/{shop}/{i}": spec_shop(name, price if shop == "a" else f"{float(price) + 10:.2f}", {"Weight": weight})
        for i, (name, (price, weight)) in enumerate(STOVES.items()) for shop in ("a", "b")}
SITE["/maker/wisp"] = spec_shop("Pellam Wisp 1", "69.00", {"Weight": "190 g"})


def test_the_cheapest_product_named_by_one_page_is_ranked() -> None:
    assert len(STOVES) == MAX_PRODUCTS
    result = run("Which is the cheapest new camping stove?", SITE)
    assert verdict_line(result).startswith(
        "- **Best overall: Pellam Wisp 1** — the lowest purchase price found, which the question asks for: 69.00 USD "
        "[@v] at Shop, of the 6 products with a price found"), verdict_line(result)
    assert not any(n.startswith("left out of the comparison") for n in result.notes), result.notes


def test_the_lightest_product_named_by_one_page_is_ranked() -> None:
    line = verdict_line(run("Which camping stove is the lightest?", SITE))
    assert line.startswith("- **Best overall: Pellam Wisp 1**"), line
    assert "190 g" in line, line


def test_a_product_left_out_of_a_best_overall_comparison_is_said_to_be() -> None:
    result = run("What is the best camping stove?", SITE)
    assert "Pellam Wisp 1" not in verdict_line(result)
    assert "left out of the comparison, named by fewer pages than the 5 products compared: Pellam Wisp 1" \
        in result.notes, result.notes


def test_a_product_without_the_figure_asked_is_not_added() -> None:
    site = dict(SITE)
    site["/maker/wisp"] = page("Pellam Wisp 1 - Pellam", "<h1>Pellam Wisp 1</h1><p>A stove for one.</p>"
                               "<table><tr><th>Weight</th><td>190 g</td></tr></table>")
    result = run("Which is the cheapest new camping stove?", site)
    assert verdict_line(result).startswith("- **Best overall: Fennick Pocket 2** — the lowest purchase price found"), \
        verdict_line(result)


def test_a_superlative_of_less_without_est_ranks_every_product() -> None:
    # "weighs the least": no "-est" word, still a superlative over the weight (trial t65s D3: the runner-up skipped it)
    line = verdict_line(run("Which camping stove weighs the least?", SITE))
    assert line.startswith("- **Best overall: Pellam Wisp 1**"), line
    # "at least" is a requirement, no superlative: the product named by one page stays left out
    result = run("What is the best camping stove that weighs at least 200 g?", SITE)
    assert "Pellam Wisp 1" not in verdict_line(result)
