"""A test's verdict that a product is not worth it decides "Is the X worth it?" when it names the alternative to
buy, or stands in a verdict column (issue 15, trial t55s S6: "Yes: ... the runner-up" at 0.6 medium, while the test
said "It is not worth it: buy the <other> instead." and its verdict cell "Not worth the extra money"). Invented
hair dryers."""

from __future__ import annotations

import re

from lxml import html as lxml_html

from services.domain_shopping.pages import WorthVerdict, worth_cells, worth_verdicts
from tests.shop_pages import page, run, spec_shop, verdicts

SITE = {"/volane/air-3": spec_shop("Volane Air 3", "99.00", {"Airflow": "21 m/s", "Weight": "380 g"}),
        "/volane/air-3-pro": spec_shop("Volane Air 3 Pro", "159.00", {"Airflow": "23 m/s", "Weight": "395 g"}),
        "/brisa/b2": spec_shop("Brisa B2", "59.00", {"Airflow": "17 m/s", "Weight": "450 g"})}


def lab(body: str) -> str:
    return page("Hair dryers tested - DryLab", "<h1>Hair dryers tested</h1><p>We dried 60 heads of hair with each "
                f"dryer and bought every one ourselves.</p>{body}")


def first(question: str, site: dict[str, str]) -> str:
    """The verdicts' first line, each citation marker written "[@v]"."""
    return re.sub(r"\[@v\d+\]", "[@v]", verdicts(run(question, site)).split("\n")[0])


def test_a_pronoun_verdict_naming_the_alternative_after_its_cue_is_the_subjects() -> None:
    said = lab("<h2>Volane Air 3 Pro</h2><p>The Volane Air 3 Pro dries no faster than the Volane Air 3. It is not "
               "worth it: buy the Volane Air 3 instead.</p>")
    answer = first("Is the Volane Air 3 Pro worth it?", SITE | {"/lab": said})
    assert answer == ("**No:** an independent test or review says: “It is not worth it: buy the Volane Air 3 "
                      "instead” [@v]."), answer
    # the alternative named is no verdict on itself
    assert not first("Is the Volane Air 3 worth it?", SITE | {"/lab": said}).startswith("**No"), said


def test_a_verdict_columns_cell_is_the_rows_product_verdict() -> None:
    said = lab("<table><tr><th>Model</th><th>Score</th><th>Verdict</th></tr><tr><td>Volane Air 3</td><td>8.8/10</td>"
               "<td>Best overall</td></tr><tr><td>Volane Air 3 Pro</td><td>8.1/10</td><td>Not worth the extra money"
               "</td></tr></table>")
    answer = first("Is the Volane Air 3 Pro worth it?", SITE | {"/lab": said})
    assert answer == ("**No:** an independent test or review says: “Volane Air 3 Pro: Not worth the extra money” "
                      "[@v]."), answer


def test_worth_reads_a_word_before_what_it_costs_and_a_cell_with_no_subject() -> None:
    assert worth_verdicts("The Brisa B2 is not worth the asking price.") == [
        WorthVerdict("The Brisa B2 is not worth the asking price", "no", "", 20)]
    tree = lxml_html.fromstring("<table><tr><td>Brisa B2</td><td>Worth every penny</td></tr>"
                                "<tr><td>Value</td><td>The Brisa B2 is worth it</td></tr></table>")
    assert worth_cells(tree) == [WorthVerdict("Worth every penny", "yes", "", 0, "Brisa B2", True)]
