"""A product an independent test says to avoid is compared however few sources name it (issue 15, trial t55s S8:
"Which ... should I avoid, and why?" led "Best overall: ..." at 1.00 high, the product the test said to avoid being
cut by the cap of products compared, and B2 named a dearer product's price as the lowest). Invented hair
clippers."""

from __future__ import annotations

import re

from lxml import html as lxml_html

from services.domain_shopping.offline import MAX_PRODUCTS
from services.domain_shopping.pages import avoid_verdicts
from tests.shop_pages import page, run, spec_shop, verdicts

#: more products than are compared, each but the last named by its maker and a second shop
KEPT = [("Tondo C1", "49.00", "90 min"), ("Tondo C1 Max", "79.00", "120 min"), ("Rasko Fade 4", "65.00", "100 min"),
        ("Kelvo Trim 2", "55.00", "80 min"), ("Barbo X7", "89.00", "150 min")]
SITE = {f"/{shop}/{i}": spec_shop(name, price, {"Runtime": runtime})
        for i, (name, price, runtime) in enumerate(KEPT) for shop in ("maker", "store")}
SITE["/maker/noro"] = spec_shop("Noro Buzz 1", "29.00", {"Runtime": "45 min"})
SITE["/lab"] = page("Hair clippers tested - ClipLab", """<h1>Hair clippers tested</h1>
<p>We bought each clipper ourselves and cut 40 heads of hair with it.</p>
<h2>Best overall: Barbo X7</h2><p>The Barbo X7 cut the cleanest and ran the longest.</p>
<h2>Avoid: Noro Buzz 1</h2><p>Avoid the Noro Buzz 1. Two of our three samples stopped charging within a month.</p>""")


def first(question: str) -> str:
    """The verdicts' first line, each citation marker written "[@v]"."""
    return re.sub(r"\[@v\d+\]", "[@v]", verdicts(run(question, SITE)).split("\n")[0])


def test_the_product_a_test_says_to_avoid_survives_the_cap_and_leads_an_avoid_question() -> None:
    assert len(KEPT) == MAX_PRODUCTS
    answer = first("Which hair clipper should I avoid, and why?")
    assert answer == ("**Avoid the Noro Buzz 1:** an independent test or review says to avoid it: “Avoid: Noro Buzz 1” "
                      "— “Two of our three samples stopped charging within a month.” [@v]."), answer


def test_its_price_is_the_lowest_a_budget_nothing_meets_names() -> None:
    answer = first("What is the best hair clipper under $20?")
    assert answer == ("**No product within the budget of 20 USD was found:** every purchase price found is over it, "
                      "the lowest 29.00 USD [@v] for the Noro Buzz 1 at Shop; the verdicts below rank the products "
                      "without the budget."), answer


def test_a_section_headed_with_the_product_then_avoid_is_a_verdict_with_the_reasons_after_its_colon() -> None:
    lab = page("Hair clippers tested - ClipLab", """<h1>Hair clippers tested</h1>
<p>We bought each clipper ourselves and cut 40 heads of hair with it.</p>
<h2>Noro Buzz 1: avoid</h2><p>Avoid the Noro Buzz 1: its blade guard snapped in week two. The battery faded fast.</p>""")
    answer = re.sub(r"\[@v\d+\]", "[@v]", verdicts(run("Which hair clipper should I avoid, and why?",
                                                         SITE | {"/lab": lab})).split("\n")[0])
    assert answer == ("**Avoid the Noro Buzz 1:** an independent test or review says to avoid it: “Noro Buzz 1: avoid” "
                      "— “its blade guard snapped in week two. The battery faded fast.” [@v]."), answer
    tree = lxml_html.fromstring("<div><p>We liked the Tondo C1. Avoid the Noro Buzz 1: its guard snapped. It is loud."
                                "</p><p>Avoid the Kelvo Trim 2: if you cut thick hair, it stalls.</p></div>")
    assert avoid_verdicts(tree) == [("Avoid the Noro Buzz 1", "its guard snapped. It is loud.")]


def test_a_worth_it_question_on_the_product_a_test_says_to_avoid_is_answered_no_with_the_verdict() -> None:
    # issue 15, trial t55s X4: the avoid verdict answers "Is X worth it?" as a "not worth it" would
    assert first("Is the Noro Buzz 1 worth it?") == (
        "**No:** an independent test or review says to avoid it: “Avoid: Noro Buzz 1” — “Two of our three samples "
        "stopped charging within a month.” [@v].")
    assert first("Is the Barbo X7 worth it?").startswith("**Yes:** the Barbo X7 is the best overall")
