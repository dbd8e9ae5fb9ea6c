"""A name that adds a model word to another ("Pellaro Sear 4 Duo" to "Pellaro Sear 4") is another product (task h146):
the catalogue filed the longer name's maker page under the shorter one, because one name is a prefix of the other, so
its wattage showed as a source disagreement on the shorter one and a comparison mixed both products' weights. Only
case, punctuation, a repeated brand and spacing or hyphen variants ("Sear-4" for "Sear 4") are the same product.
Invented products and sites."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import Catalogue, analyse, look_alike
from tests.shop_pages import page, pages, row, run, verdicts


def _table(name: str, rows: dict[str, str]) -> str:
    return (f"<table><tr><th>Specification</th><th>{name}</th></tr>"
            + "".join(row(k, v) for k, v in rows.items()) + "</table>")


#: a review of the single-zone griddle, the maker's page of its two-zone look-alike only, and another maker's review
SITE = {
    "/review/sear-4": page("Pellaro Sear 4 review: a compact electric griddle",
                           "<h1>Pellaro Sear 4 review</h1><p>The Pellaro Sear 4 is a single-zone electric griddle.</p>"
                           + _table("Pellaro Sear 4", {"Maximum power": "1600 W", "Weight": "3.1 kg"})
                           + "<p>The Pellaro Sear 4 has a maximum output of 1600 W. It weighs 3.1 kg.</p>"),
    "/maker/sear-4-duo": page("Pellaro Sear 4 Duo - two-zone electric griddle",
                              "<p>The Pellaro Sear 4 Duo is our two-zone electric griddle for families.</p>"
                              + _table("Pellaro Sear 4 Duo", {"Maximum power": "2900 W", "Weight": "6.4 kg"})
                              + "<p>The Pellaro Sear 4 Duo delivers up to 2900 W.</p>"),
    "/review/tamsk-g7": page("Tamsk G7 review: the budget electric griddle",
                             "<h1>Tamsk G7 review</h1><p>The Tamsk G7 is a budget electric griddle.</p>"
                             + _table("Tamsk G7", {"Maximum power": "1400 W", "Weight": "2.7 kg"})
                             + "<p>The Tamsk G7 has a maximum output of 1400 W. It weighs 2.7 kg.</p>"),
}


def _section(result: object, heading: str) -> str:
    return str(next((s["body"] for s in result.sections if s["heading"] == heading), ""))  # type: ignore[attr-defined]


def test_a_name_adding_a_model_word_is_another_product_and_spelling_variants_are_not() -> None:
    for longer in ("Pellaro Sear 4 Duo", "Pellaro Sear 4 Twin", "pellaro sear 4 duo", "Pellaro Sear 4 Max",
                   "Pellaro Sear 4 XL", "Pellaro Sear 4 2"):
        assert look_alike("Pellaro Sear 4", longer), longer
        catalogue = Catalogue()
        short = catalogue.add("Pellaro Sear 4", "", "", "s1")
        assert catalogue.add(longer, "", "", "s2") is not short, longer
        catalogue = Catalogue()
        short = catalogue.add("Pellaro Sear 4", "Pellaro", "", "s1")
        assert catalogue.add(longer, "Pellaro", "", "s2") is not short, longer
    catalogue = Catalogue()
    k9 = catalogue.add("Pellaro K9", "", "", "s1")
    assert catalogue.add("Pellaro K9 Duo", "", "", "s2") is not k9
    for same in ("Pellaro Sear-4", "PELLARO SEAR 4", "Pellaro Pellaro Sear 4", "Pellaro  Sear 4.", "pellaro sear-4"):
        catalogue = Catalogue()
        short = catalogue.add("Pellaro Sear 4", "Pellaro", "", "s1")
        assert catalogue.add(same, "Pellaro", "", "s2") is short, same


def test_the_longer_names_maker_page_neither_corroborates_nor_disputes_the_shorter_ones_figure() -> None:
    result = run("What is the wattage of the Pellaro Sear 4 electric griddle?", SITE)
    body = verdicts(result)
    assert "1600 W" in body and "2900 W" not in body and "disagree" not in body, body
    rows = [line for line in _section(result, "Spec matrix").splitlines() if line.startswith("| Pellaro Sear 4 |")]
    assert rows and all("2900 W" not in line and "6.4 kg" not in line for line in rows), rows


def test_a_comparison_ranks_the_named_product_by_its_own_figure_only() -> None:
    result = run("Which is lighter, the Pellaro Sear 4 or the Tamsk G7 electric griddle?", SITE)
    body = verdicts(result)
    assert "Tamsk G7" in body and "3.1 kg" in body and "6.4 kg" not in body and "disagree" not in body, body


def test_a_question_naming_the_longer_name_is_answered_about_it() -> None:
    result = run("Which electric griddle is lighter, the Pellaro Sear 4 Duo or the Tamsk G7?", SITE)
    body = verdicts(result)
    assert "Pellaro Sear 4 Duo" in body and "6.4 kg" in body, body
    assert "3.1 kg" not in body, body


def test_a_forum_posts_figure_neither_corroborates_nor_disputes_a_reviews() -> None:
    site = {**SITE, "/forum/sear-4": page("Forum: what wattage is the Pellaro Sear 4?",
                                          "<p>Posted by grillfan: The Pellaro Sear 4 draws 2900 W, so it trips a 10 A "
                                          "hook-up.</p><p>Reply by ember_kid: I think you have the Duo.</p>")}
    found = pages(site)
    forum = next(sp for sp in found if sp.url.endswith("/forum/sear-4"))
    forum.kind = "forum"
    result = analyse("What is the wattage of the Pellaro Sear 4 electric griddle?", found, uuid4(),
                     today=date(2026, 12, 2))
    body = verdicts(result)
    assert "1600 W" in body and "2900 W" not in body and "disagree" not in body, body
