""""Which X should I avoid, and why?" is answered by the product an independent test says to avoid, with the reasons
its sources give (issue 15, trial t53s S8: the lead was "Best overall: ..." at 1.00 high and the avoid line quoted
only "Avoid the Inkbook Vela 6.", no reason). Invented smart kettles; a forum's recurring failure counts too."""

from __future__ import annotations

import re

from services.domain_shopping.pages import complaints
from tests.shop_pages import page, run, spec_shop, verdicts

TEST = page("Smart kettles tested - KettleLab", """<h1>Smart kettles tested</h1>
<p>We boiled 200 litres in each kettle over four weeks.</p>
<h2>Best overall: Varro K4</h2><p>The Varro K4 was the quickest to boil.</p>
<h2>Avoid: Tesca Boil 2</h2><p>Avoid the Tesca Boil 2. Its app froze every other morning and the kettle would not
switch on until we unplugged it. The lid hinge cracked in week three.</p>
<p>Avoid the Varro K4 if you need a quiet kettle.</p>""")
FORUM = page("Tesca Boil 2 will not start after the app update - Kitchen Forum", """<h1>Tesca Boil 2 will not start</h1>
<div><p>kettlefan · Oct 2, 2026</p><p>My Tesca Boil 2 is stuck on the pairing light after the app update.</p></div>
<div><p>r.okoye · Oct 9, 2026</p><p>Same here: my Tesca Boil 2 froze with the pairing light on and never recovered.</p>
</div>""")
SITE = {"/varro": spec_shop("Varro K4", "79.00", {"Capacity": "1.7 l", "Boil time": "3 min"}),
        "/tesca": spec_shop("Tesca Boil 2", "49.00", {"Capacity": "1.5 l", "Boil time": "4 min"}),
        "/lab": TEST}


def first(question: str, site: dict[str, str]) -> str:
    """The verdicts' first line, each citation marker written "[@v]"."""
    return re.sub(r"\[@v\d+\]", "[@v]", verdicts(run(question, site)).split("\n")[0])


def test_the_product_a_test_says_to_avoid_leads_with_the_tests_reasons() -> None:
    answer = first("Which smart kettle should I avoid, and why?", SITE)
    assert answer == ("**Avoid the Tesca Boil 2:** an independent test or review says to avoid it: “Avoid: Tesca Boil "
                      "2” — “Its app froze every other morning and the kettle would not switch on until we unplugged "
                      "it. The lid hinge cracked in week three.” [@v]."), answer
    # a question asking which one to buy is not answered so
    assert first("Which smart kettle should I buy?", SITE).startswith("- **Best overall: Varro K4**")


def test_a_forums_recurring_failure_is_given_beside_the_tests_verdict() -> None:
    answer = first("Which smart kettle should I not buy?", SITE | {"/forum": FORUM})
    assert answer == ("**Avoid the Tesca Boil 2:** an independent test or review says to avoid it: “Avoid: Tesca Boil "
                      "2” — “Its app froze every other morning and the kettle would not switch on until we unplugged "
                      "it. The lid hinge cracked in week three.” [@v]; 2 reports of pairing faults: “My Tesca Boil 2 "
                      "is stuck on the pairing light after the app update” [@v]; “Same here: my Tesca Boil 2 froze "
                      "with the pairing light on and never recovered” [@v]."), answer


def test_a_device_that_hangs_or_will_not_start_is_a_fault_and_a_posts_byline_is_no_part_of_it() -> None:
    text = ("kettlefan · Oct 2, 2026 My Tesca Boil 2 is stuck on the pairing light. It keeps freezing. The app "
            "crashed twice. It won't turn on. It never froze. It works in freezing weather.")
    assert complaints(text) == ["My Tesca Boil 2 is stuck on the pairing light", "It keeps freezing",
                                "The app crashed twice", "It won't turn on"]
