"""Trial t63s F3: one maker's "Jar: 48 fl oz" and another's "Jar capacity: 1.2 L" were two matrix columns ("jar", and
"capacity" as the lexicon reads "Jar capacity"), so a question comparing the products' capacities found a figure for
one product only. A page's own attribute name ("jar") that another page's name of a lexicon attribute holds as whole
words ("Jar capacity"), its values of that attribute's kind, is that attribute's column (named by the page's own name
when the question asks by it: "which has the bigger jar?"); a fluid ounce is written
"fl oz" (pint's symbol is "floz"). Invented blenders."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import analyse
from services.domain_shopping.units import amount_with_unit, unit_symbol
from tests.unit.domain_shopping.test_shopping_fluid_ounces import spec_page

PAGES = [spec_page("Quorvel Mix 3", "/quorvel/mix-3", {"Jar": "32 fl oz", "Weight": "1.9 kg"}, "99.00"),
         spec_page("Tandry Blend S", "/tandry/blend-s", {"Jar capacity": "1.2 L", "Weight": "2.4 kg"}, "119.00")]


def test_a_label_held_by_another_pages_label_of_the_same_kind_is_one_column() -> None:
    result = analyse("Quorvel Mix 3 vs Tandry Blend S: which has the larger capacity?", PAGES, uuid4(),
                     today=date(2026, 12, 5))
    body = {s["heading"]: str(s["body"]) for s in result.sections}
    assert {c["attribute"] for c in result.cells if c["product_id"] in ("quorvelmix3", "tandryblends")} \
        >= {"capacity"}, result.cells
    assert not any(c["attribute"] == "jar" for c in result.cells), result.cells
    lead = body["Verdicts"].split("\n")[0]
    assert lead.startswith("- **Best overall: Tandry Blend S** — ranked first of the 2 products the question names"
                           " (Quorvel Mix 3, Tandry Blend S) on the attribute the question asks for (capacity)"), lead


def test_a_question_asking_by_the_held_name_ranks_the_one_column_under_it() -> None:
    result = analyse("Quorvel Mix 3 vs Tandry Blend S: which blender has the bigger jar?", PAGES, uuid4(),
                     today=date(2026, 12, 5))
    assert sorted((c["product_id"], c["value"]) for c in result.cells if c["attribute"] == "jar") == [
        ("quorvelmix3", "32 fl oz"), ("tandryblends", "1.2 L")], result.cells
    lead = str({s["heading"]: s["body"] for s in result.sections}["Verdicts"]).split("\n")[0]
    assert lead.startswith("- **Best overall: Tandry Blend S** — ranked first of the 2 products the question names"
                           " (Quorvel Mix 3, Tandry Blend S) on the attribute the question asks for (jar)"), lead


def test_a_label_of_values_of_another_kind_stays_its_own_column() -> None:
    pages = [*PAGES[:1], spec_page("Tandry Blend S", "/tandry/blend-s", {"Jar capacity": "1.2 L", "Jar": "glass"},
                                  "119.00")]
    result = analyse("Which blender is the lightest?", pages, uuid4(), today=date(2026, 12, 5))
    assert any(c["attribute"] == "jar" for c in result.cells), result.cells


def test_a_fluid_ounce_is_written_fl_oz() -> None:
    assert unit_symbol("fluid_ounce") == "fl oz"
    assert amount_with_unit(40.6, "fluid_ounce") == "40.6 fl oz"
    assert unit_symbol("square_foot") == "sq ft"


def test_a_page_giving_both_names_is_cited_once_in_the_column() -> None:
    pages = [spec_page("Quorvel Mix 3", "/quorvel/mix-3", {"Jar": "32 fl oz", "Capacity": "0.95 l"}, "99.00"),
             PAGES[1]]
    result = analyse("Which blender has the largest capacity?", pages, uuid4(), today=date(2026, 12, 5))
    mine = [(c["attribute"], c["value"]) for c in result.cells if c["product_id"] == "quorvelmix3"]
    assert mine == [("capacity", "0.95 l")], result.cells
