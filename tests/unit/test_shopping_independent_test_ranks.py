"""An independent test rating the products compared outweighs a single spec when the question names no attribute
(issue 15, trial t50s fault 1): a product the test ranked last of four (6.1/10) was "Best overall" under the budget on
its larger capacity over one the test rated 8.4/10."""

from __future__ import annotations

import json

from tests.shop_pages import ld, page, run, shop, verdicts


def _roundup() -> str:
    reviews = [{"@context": "https://schema.org", "@type": "Review",
                "itemReviewed": {"@type": "Product", "name": name},
                "reviewRating": {"@type": "Rating", "ratingValue": score, "bestRating": "10"},
                "author": {"@type": "Organization", "name": "FryLab"}}
               for name, score in (("Golda Max", "8.9"), ("Frytek Air 2", "8.6"), ("Crispo 4", "5.9"))]
    return page("The best air fryers of 2026, tested | FryLab",
                "<h1>The best air fryers of 2026, tested</h1><p>We buy every product we test.</p>"
                "<p>The Crispo 4 scored 5.9 out of 10: it burnt the edges of 4 of 6 batches of fries.</p>",
                head=ld(json.dumps(reviews)))


SITE = {"/tests/air-fryers": _roundup(),
        "/shop/crispo-4": shop("Crispo 4", "79.00", "Capacity", "6 L", currency="USD"),
        "/shop/frytek-air-2": shop("Frytek Air 2", "129.00", "Capacity", "4 L", currency="USD"),
        "/shop/golda-max": shop("Golda Max", "249.00", "Capacity", "5 L", currency="USD")}


def test_the_product_an_independent_test_rates_higher_is_best_overall_within_the_budget() -> None:
    text = verdicts(run("What is the best air fryer under $150?", SITE))
    assert "**Best overall: Frytek Air 2**" in text, text
    assert "Best overall: Crispo 4" not in text, text


def test_without_a_budget_the_test_s_best_leads() -> None:
    text = verdicts(run("What is the best air fryer?", SITE))
    assert "**Best overall: Golda Max**" in text, text


def test_an_attribute_the_question_names_still_decides() -> None:
    text = verdicts(run("Which air fryer has the largest capacity?", SITE))
    assert "Crispo 4" in text.split("\n")[0], text


def test_the_verdict_says_the_test_rates_it_above_the_others() -> None:
    text = verdicts(run("What is the best air fryer under $150?", SITE))
    line = next(x for x in text.splitlines() if "Best overall" in x)
    assert "an independent test" in line and "rates it above Crispo 4 (5.9/10)" in line, line
