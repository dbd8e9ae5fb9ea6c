"""An independent test's plain HTML results table ("Camera | Score | Verdict", bare scores, no schema.org Review)
is read as that test's ratings, so its judgement decides "best" over a spec head count (trial t57s F1: "What is the
best action camera?" led with the camera that won 2 of 3 spec columns, 0.60 medium, while the test scored another
9.0 and "Best overall"). A price followed by ", 1-year ..." is no 100x amount (t57s F5). Invented action cameras."""

from __future__ import annotations

from services.domain_shopping.offline import _cents_misread
from services.domain_shopping.pages import condition_offers, reviewer_pick, table_scores
from tests.shop_pages import maker_page, page, run, verdicts

LAB = page("The best action cameras, tested | FrameBench",
           "<h1>The best action cameras, tested</h1><p>We bought every camera ourselves; no maker paid for this "
           "test.</p><table><tr><th>Camera</th><th>Score</th><th>Verdict</th></tr>"
           "<tr><td>Solvik Ridge 2</td><td>8.8</td><td>Best overall</td></tr>"
           "<tr><td>Solvik Ridge 2 Max</td><td>8.1</td><td>Not worth the extra money</td></tr>"
           "<tr><td>Tembra Zip 5</td><td>7.9</td><td>Longest battery life</td></tr>"
           "<tr><td>Pellam Go</td><td>3.9</td><td>Avoid</td></tr></table>"
           "<h2>Pellam Go: avoid</h2><p>Avoid the Pellam Go. It overheated after 12 minutes.</p>")
#: the Tembra wins most spec columns (battery capacity and life) and the Max beats the Ridge 2 on three of them
SITE = {
    "/solvik/ridge-2": maker_page("Solvik Ridge 2", "Solvik", "319.00", {
        "Weight": "149 g", "Battery life": "150 min", "Battery capacity": "1700 mAh", "Waterproof": "10 m"}),
    "/solvik/ridge-2-max": maker_page("Solvik Ridge 2 Max", "Solvik", "469.00", {
        "Weight": "6.1 oz", "Battery life": "3.2 h", "Battery capacity": "2150 mAh", "Waterproof": "33 ft"}),
    "/tembra/zip-5": maker_page("Tembra Zip 5", "Tembra", "249.00", {
        "Weight": "0.38 lb", "Battery life": "4.4 h", "Battery capacity": "2500 mAh", "Waterproof": "10 m"}),
    "/pellam/go": maker_page("Pellam Go", "Pellam", "129.00", {
        "Weight": "141 g", "Battery life": "90 min", "Battery capacity": "1300 mAh", "Waterproof": "30 m"}),
    "/lab/cams": LAB,
}


def pick(question: str, site: dict[str, str] = SITE) -> str:
    """The verdicts' first line up to its dash."""
    return verdicts(run(question, site)).split("\n")[0].split(" — ")[0]


def test_a_score_column_of_bare_numbers_is_read_on_its_scale() -> None:
    assert table_scores(["Score", "Verdict"], [["Orbo 1", "9.0", "Best"], ["Orbo 2", "8.4", "Avoid"]]) == [
        ("Orbo 1", "9.0", "10"), ("Orbo 2", "8.4", "10")]
    assert table_scores(["Stars"], [["Orbo 1", "4,5"], ["Orbo 2", "3"]]) == [("Orbo 1", "4.5", "5"), ("Orbo 2", "3", "5")]
    assert table_scores(["Score (/10)"], [["Orbo 1", "4.5"], ["Orbo 2", "3"]])[0] == ("Orbo 1", "4.5", "10")
    assert table_scores(["Rating"], [["Orbo 1", "86 %"], ["Orbo 2", "70%"]])[1] == ("Orbo 2", "70", "100")
    # no score header, a cell that is no bare number, or a single row: no scores
    assert table_scores(["Weight"], [["Orbo 1", "86"], ["Orbo 2", "70"]]) == []
    assert table_scores(["Score"], [["Orbo 1", "8.6/10"], ["Orbo 2", "7"]]) == []
    assert table_scores(["Score"], [["Orbo 1", "8.6"]]) == []


def test_the_tests_scores_decide_best_overall_over_a_spec_head_count() -> None:
    assert pick("What is the best action camera?") == "- **Best overall: Solvik Ridge 2**"
    assert pick("Which action camera do independent testers rate best?") == "- **Best overall: Solvik Ridge 2**"
    result = run("What is the best action camera?", SITE)
    rated = {r["product_id"]: (r["rating"], r["best"]) for r in result.reviews if r["rating"] is not None}
    assert sorted(rated.values()) == [(3.9, 10.0), (7.9, 10.0), (8.1, 10.0), (8.8, 10.0)], rated


def test_the_tests_scores_decide_between_two_products_the_question_names() -> None:
    assert pick("Solvik Ridge 2 vs Tembra Zip 5: which action camera should I buy?") == \
        "- **Best overall: Solvik Ridge 2**"
    assert pick("Which is better, the Solvik Ridge 2 or the Solvik Ridge 2 Max?") == "- **Best overall: Solvik Ridge 2**"


def test_without_the_test_the_figures_decide() -> None:
    site = {k: v for k, v in SITE.items() if k != "/lab/cams"}
    assert pick("What is the best action camera?", site) == "- **Best overall: Tembra Zip 5**"


def test_a_comma_after_a_price_ends_its_amount() -> None:
    offers = condition_offers(["Certified refurbished Orbo 3: $187.00, 2-year Lumen warranty, in stock."])
    assert [(o.price, o.condition) for o in offers] == [("$187.00", "refurbished")]
    assert [o.price for o in condition_offers(["A used Orbo 3 is 4 990,- kr at Lumen."])] == ["4 990,- kr"]
    assert _cents_misread(187.0, 18700.2) and _cents_misread(18700.0, 187.0)
    assert not _cents_misread(187.0, 1870.0) and not _cents_misread(187.0, None)


def lab_pick(name: str) -> str:
    """A test page whose only verdict is a sentence picking ``name`` for everyone (no scores)."""
    return page("The best action cameras, tested | FrameBench",
                "<h1>The best action cameras, tested</h1><p>We bought every camera ourselves; no maker paid for this "
                f"test.</p><p>The {name} is the best action camera we tested: the steadiest video.</p>")


def test_an_independent_testers_pick_outranks_the_spec_head_count() -> None:
    site = SITE | {"/lab/cams": lab_pick("Solvik Ridge 2")}
    best = run("What is the best action camera?", site)
    first = verdicts(best).split("\n")[0]
    assert first.startswith("- **Best overall: Solvik Ridge 2** — ranked first as an independent reviewer's pick [@"), first
    assert best.max_tier == "high"
    # a question asking an attribute is answered by it: the reviewer's pick for everyone decides nothing there
    longest = run("Which action camera has the longest battery life?", site)
    assert verdicts(longest).startswith("- **Best overall: Tembra Zip 5**")
    assert longest.max_tier == "high"


def test_a_results_tables_verdict_cell_is_the_testers_pick() -> None:
    # no scores and no sentence: the table's "Best overall" cell is the test's pick, and outranks the head count
    lab = page("The best action cameras, tested | FrameBench",
               "<h1>The best action cameras, tested</h1><p>We bought every camera ourselves; no maker paid for this "
               "test.</p><table><tr><th>Camera</th><th>Price</th><th>Verdict</th></tr>"
               "<tr><td>Solvik Ridge 2</td><td>$319</td><td>Best overall</td></tr>"
               "<tr><td>Tembra Zip 5</td><td>$249</td><td>Longest battery life</td></tr>"
               "<tr><td>Pellam Go</td><td>$129</td><td>Best battery per dollar</td></tr></table>")
    result = run("What is the best action camera?", SITE | {"/lab/cams": lab})
    first = verdicts(result).split("\n")[0]
    assert first.startswith("- **Best overall: Solvik Ridge 2** — ranked first as an independent reviewer's pick [@"), first
    assert [r["pros"] for r in result.reviews] == [["Best overall"]]
    # "best overall" before a noun is no verdict of its own
    assert reviewer_pick("It has the best overall battery life of the three") is None
    assert reviewer_pick("The Solvik Ridge 2 is best overall.") is not None


def test_a_best_overall_an_independent_pick_contradicts_is_low() -> None:
    # the Pellam Go picked has a figure for one attribute of four, so it ranks after the products with figures: the
    # figures' winner leads, and the reviewer's pick says otherwise
    site = SITE | {"/lab/cams": lab_pick("Pellam Go"),
                   "/pellam/go": maker_page("Pellam Go", "Pellam", "129.00", {"Weight": "141 g"})}
    best = run("What is the best action camera?", site)
    first = verdicts(best).split("\n")[0]
    assert first.startswith("- **Best overall: Tembra Zip 5**"), first
    assert "its sources disagree on which is best: an independent reviewer's pick is the Pellam Go" in first, first
    assert best.max_tier == "low"
    # the reviewer's pick over the budget asked contradicts no pick within it
    within = run("What is the best action camera under $300?", SITE | {"/lab/cams": lab_pick("Solvik Ridge 2")})
    assert verdicts(within).startswith("- **Best overall: Tembra Zip 5**")
    assert within.max_tier != "low"


def test_figures_within_the_matrixs_tolerance_are_no_win() -> None:
    # 33 ft is 10.06 m: 0.6% more than 10 m, under the 2% at which the matrix calls two figures two values
    said = verdicts(run("Which is better, the Solvik Ridge 2 or the Solvik Ridge 2 Max?", SITE))
    assert "waterproof" not in said.split("\n")[0] and "largest waterproof" not in said, said
    # Orbo Trek B's "win" on 33 ft against 10 m was one of the three that ranked it first; now it is level on the
    # two left and first only on its lower price
    site = {"/orbo/a": maker_page("Orbo Trek A", "Orbo", "200.00", {
                "Weight": "150 g", "Waterproof": "10 m", "Battery life": "120 min", "Battery capacity": "1800 mAh"}),
            "/orbo/b": maker_page("Orbo Trek B", "Orbo", "190.00", {
                "Weight": "162 g", "Waterproof": "33 ft", "Battery life": "130 min", "Battery capacity": "1700 mAh"})}
    first = verdicts(run("Which is better, the Orbo Trek A or the Orbo Trek B?", site)).split("\n")[0]
    assert first.startswith("- **Best overall: Orbo Trek B** — level with Orbo Trek A of the 2 products"), first
    assert "waterproof" not in first, first
