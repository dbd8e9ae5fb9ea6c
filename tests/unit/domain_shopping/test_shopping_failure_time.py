"""A failure report's time is no spec: a forum post's "mine stopped charging at 11 weeks" was read as a charging time
of 11 weeks beside the maker's 8 h, with a "sources disagree" note (issue 15, trial t55s X4). Invented shavers."""

from __future__ import annotations

from services.domain_shopping.attributes import read_by_unit
from tests.shop_pages import page, run, spec_shop

KINDS = {"charging time": "[time]", "weight": "[mass]"}


def test_a_time_after_a_verb_of_ceasing_is_no_figure_of_the_attribute() -> None:
    assert read_by_unit("Same here, mine stopped charging at 9 weeks.", KINDS) == []
    assert read_by_unit("Mine would not charge after 5 weeks.", KINDS) == []
    assert [(f.attribute, f.value) for f in read_by_unit("It charged to 3 hours in our test.", KINDS)] == [
        ("charging time", "3 hours")]


def test_a_forum_posts_failure_time_leaves_the_makers_charging_time_alone() -> None:
    forum = page("Glisso R3 stops charging? - Shave forum", """<h1>Glisso R3 stops charging?</h1>
<div><p>tomas: My Glisso R3 died after a few months.</p></div><div><p>ana_v: Same here, mine stopped charging at 9 weeks.
</p></div>""")
    site = {"/glisso/r3": spec_shop("Glisso R3", "69.00", {"Charging time": "2 h", "Weight": "160 g"}), "/forum": forum}
    cells = [c for c in run("Is the Glisso R3 worth it?", site).cells
             if c["attribute"] == "charging time"]
    assert [c["value"] for c in cells] == ["2 h"], cells
