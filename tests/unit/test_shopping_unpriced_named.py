"""A question asking what one named product costs is answered about that product (issue 15, trial t50s fault 2):
"How much does the Mirelle CuitRiz 6 cost, and is it worth buying?" with no price of it published was answered
"Best overall: Kotona IH-10", another product, at confidence 1.00 high, and nothing said no price of it was found."""

from __future__ import annotations

from tests.shop_pages import page, run, shop, verdicts

MAKER = page("Tavolo Brio 4 espresso grinder | Tavolo",
             "<h1>Tavolo Brio 4</h1><p>The Tavolo Brio 4 is a conical burr grinder with 40 settings.</p>"
             "<table><tr><th>Weight</th><td>3.1 kg</td></tr><tr><th>Hopper capacity</th><td>250 g</td></tr></table>"
             "<p>Sold through specialist coffee shops. Ask your dealer for pricing.</p>")
SITE = {"/brio-4": MAKER,
        "/shop/mazzo-s": shop("Mazzo S", "199.00", "Weight", "2.4 kg", currency="USD"),
        "/shop/mazzo-s-b": shop("Mazzo S", "205.00", "Weight", "2.4 kg", currency="USD"),
        "/shop/kornia-2": shop("Kornia 2", "149.00", "Weight", "4.0 kg", currency="USD"),
        "/shop/kornia-2-b": shop("Kornia 2", "155.00", "Weight", "4.0 kg", currency="USD")}
QUESTION = "How much does the Tavolo Brio 4 cost, and is it worth buying?"


def test_the_answer_is_about_the_product_asked_even_without_its_price() -> None:
    result = run(QUESTION, SITE)
    text = verdicts(result)
    assert text.startswith("**Tavolo Brio 4, "), text
    assert "no price for it was found" in text and "3.1 kg" in text, text
    assert "Best overall" not in text and "Best value" not in text, text
    assert "Mazzo S" in text, text  # the others only as alternatives
    assert any("no price was found for the Tavolo Brio 4" in n for n in result.notes), result.notes


def test_the_answer_without_the_price_asked_is_no_confident_one() -> None:
    result = run(QUESTION, SITE)
    assert result.max_tier != "high", result.max_tier
    assert result.pick is not None and result.pick["kind"] == "values" and result.pick["figures_agree"] is not True


def test_a_priced_product_asked_about_is_answered_with_its_offers() -> None:
    text = verdicts(run("How much does the Kornia 2 cost?", SITE))
    assert text.startswith("**Kornia 2, ") and "149.00 USD" in text, text
