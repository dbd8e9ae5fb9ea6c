"""A shopping report names one winner (issue 15's robot-vacuum trial: the verdicts named the Dustra V8 best overall
while the general Answer led with a sponsored blog's "It is the best robot vacuum you can buy", meaning the Nimbo
K3): the lead opens with the verdicts' winner, and no sentence of it recommends another product."""

from __future__ import annotations

from dataclasses import replace
from uuid import uuid4

from services.synthesizer.domain import (
    drop_undecided,
    one_shopping_winner,
    place_domain_sections,
    product_names_for_titles,
    spec_answer_lead,
)
from services.synthesizer.verdicts import UNDECIDED_TEXT
from shared.domain import FrozenDict, RunView
from shared.evidence import Citation, Report, SourceInfo
from tests.domain_runs import cited_report, domain_run, fetched_pages, page_infos

QUESTION = "What is the best robot vacuum under $400?"
SHOP, BLOG, MAKER = (str(uuid4()) for _ in range(3))
TITLES = {SHOP: "Dustra V8 | HomeShop", BLOG: "The best robot vacuums - Clean Blog", MAKER: "Nimbo K3 - Nimbo"}


def a_run(verdict: str, domain: str = "shopping", language: str = "en") -> RunView:
    sections = [{"heading": "Verdicts", "body": verdict,
                 "evidence": [{"ref": "v1", "source_id": SHOP, "start": 0, "end": 7, "quote": "180 min"}]}]
    products = [{"product_id": "dustrav8", "name": "Dustra V8", "aliases": ["DUSTRA V-8 Robot Vacuum Cleaner"]},
                {"product_id": "nimbok3", "name": "Nimbo K3", "aliases": []}]
    return domain_run(QUESTION, domain, sections, fetched_pages(TITLES), language=language, topic="robot vacuum",
                      events={"ProductsIdentified": {"products": products}})


def a_report() -> Report:
    markdown = (
        "# Q\n\n## Answer\n\nIt is the best robot vacuum you can buy [1]. "
        "The DUSTRA V-8 Robot Vacuum Cleaner climbs thresholds of up to 2 cm [2]. "
        "The Nimbo K3 is the quietest robot we know [3].\n\n"
        "## Findings\n\n- The Nimbo K3 maps your home with lidar [3].\n\n"
        "## Sources\n\n- [1] The best robot vacuums - Clean Blog — https://w.example/1\n"
        "- [2] Dustra V8 | HomeShop — https://w.example/0\n- [3] Nimbo K3 - Nimbo — https://w.example/2\n")
    return cited_report(markdown, ((1, BLOG), (2, SHOP), (3, MAKER)))


def sources() -> dict[str, SourceInfo]:
    return page_infos(TITLES)


def test_the_lead_names_the_verdicts_winner_and_no_other() -> None:
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    out = one_shopping_winner(place_domain_sections(a_report(), run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert answer.strip().startswith("Best overall: **Dustra V8** [1], as the verdicts above explain."), answer
    assert "best robot vacuum you can buy" not in out.markdown  # a recommendation naming no winner goes
    assert "climbs thresholds of up to 2 cm [1]" in answer  # a plain finding about the winner stays
    assert "quietest" not in answer  # another product put first by a superlative goes
    assert "Clean Blog" not in out.markdown and {c.source_id for c in out.citations} == {SHOP, MAKER}
    assert "- [2] Nimbo K3 - Nimbo — https://w.example/2" in out.markdown


def test_a_budget_no_offer_meets_is_said_in_the_lead() -> None:
    run = a_run("- **Best overall: Dustra V8** — no offer within the budget of 100 USD was found for any product, "
                "so this ranks them without it; ranked first (180 min [@v1]).")
    out = one_shopping_winner(place_domain_sections(a_report(), run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "no offer within the budget of 100 USD was found for any product" in answer, answer


def test_other_reports_and_reports_without_a_winner_are_unchanged() -> None:
    for run in (a_run("- **Best overall: Dustra V8** — (180 min [@v1]).", domain="general"),
                a_run("- No verdict: the sources give no comparable figures for these products.")):
        placed = place_domain_sections(a_report(), run, sources())
        assert one_shopping_winner(placed, run) == placed


def test_a_budget_no_price_can_be_checked_against_is_said_in_the_lead() -> None:
    run = a_run("- **Best overall: Dustra V8** — no price was found in any source, so the budget of 100 USD could "
                "not be checked and this ranks the products without it; ranked first (180 min [@v1]).")
    out = one_shopping_winner(place_domain_sections(a_report(), run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "no price was found in any source, so the budget of 100 USD could not be checked" in answer, answer


def test_the_verdicts_yes_or_no_opens_the_lead_and_nothing_says_the_question_is_open() -> None:
    run = a_run("**No:** the Dustra V8 has the highest battery life of the 2 products compared (180 min [@v1]); the "
                "Nimbo K3's is 120 min, the lowest.\n\n- **Best overall: Dustra V8** — ranked first (180 min [@v1]).")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "## Answer\n\n", f"## Answer\n\n{UNDECIDED_TEXT} ")})
    out = drop_undecided(one_shopping_winner(place_domain_sections(report, run, sources()), run), run, UNDECIDED_TEXT)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert answer.strip().startswith("No: the Dustra V8 has the highest battery life of the 2 products compared "
                                     "(180 min [1]); the Nimbo K3's is 120 min, the lowest."), answer
    assert UNDECIDED_TEXT not in out.markdown


def test_a_figure_of_no_product_named_leaves_the_lead() -> None:
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "The Nimbo K3 is the quietest robot we know [3].",
        "Laufzeit im Test: 95 min [3]. It weighs 3,4 kg [3]. The Dustra V8 maps in 12 min [3]. "
        "The Nimbo K3 maps in 14 min [3].")})
    out = one_shopping_winner(place_domain_sections(report, run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "95 min" not in answer and "3,4 kg" not in answer, answer  # whose figures? the lead never says
    assert "The Dustra V8 maps in 12 min" in answer and "up to 2 cm" in answer, answer  # the winner's figures stay
    assert "Nimbo K3" not in answer, answer  # another product's figure bears on no pick: the spec matrix gives it


def test_a_sentence_the_lead_loses_takes_its_citation_along_while_its_source_stays_cited() -> None:
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    markdown = ("# Q\n\n## Answer\n\nThe Nimbo K3 is the quietest robot we know [1].\n\n"
                "## Findings\n\n- The Nimbo K3 maps your home with lidar [1].\n\n"
                "## Sources\n\n- [1] Nimbo K3 - Nimbo — https://w.example/2\n")
    quietest, lidar = str(uuid4()), str(uuid4())
    citations = [Citation(n=1, source_id=MAKER, claim_id=quietest, start=0, end=36,
                          quote="The Nimbo K3 is the quietest robot we know."),
                 Citation(n=1, source_id=MAKER, claim_id=lidar, start=40, end=80,
                          quote="The Nimbo K3 maps your home with lidar.")]
    report = Report(markdown=markdown, citations=citations, used_claim_ids=[quietest, lidar])
    out = one_shopping_winner(place_domain_sections(report, run, sources()), run)
    assert "quietest" not in out.markdown and "maps your home with lidar" in out.markdown, out.markdown
    assert {str(c.claim_id) for c in out.citations if c.source_id == MAKER} == {lidar}, out.citations
    assert quietest not in [str(u) for u in out.used_claim_ids]


def test_a_reviewers_first_person_sentence_leaves_the_lead() -> None:
    # the lead speaks for the report, never as the tester: "We measured ..." would say the report measured it
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "The Nimbo K3 is the quietest robot we know [3].",
        "We measured the Nimbo K3 at 58 dB from one metre [3]. Nous avons mesuré le Nimbo K3 à 57 dB [3]. "
        "The Dustra V8 maps in 12 min [3].")})
    out = one_shopping_winner(place_domain_sections(report, run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "58 dB" not in answer and "57 dB" not in answer, answer
    assert "The Dustra V8 maps in 12 min" in answer and "up to 2 cm" in answer, answer


def test_a_finding_recommending_another_product_is_said_to_be_its_sources_view() -> None:
    """Trial t27: "The Brewlite T2 is the best travel kettle for most people" stood in the Findings under another
    Best overall; it is the source's view, said as such, and a plain finding stays as it is."""
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "- The Nimbo K3 maps your home with lidar [3].",
        "- The Nimbo K3 maps your home with lidar [3].\n- The Nimbo K3 is the best robot vacuum for most homes [3].")})
    out = one_shopping_winner(place_domain_sections(report, run, sources()), run)
    findings = out.markdown.split("## Findings", 1)[1].split("\n## ", 1)[0]
    assert "- The Nimbo K3 maps your home with lidar [2]." in findings, findings
    assert ("- A source says that the Nimbo K3 is the best robot vacuum for most homes [2]; the verdicts above rank "
            "on the sources' figures.") in findings, findings
    assert "\n- The Nimbo K3 is the best" not in out.markdown


def test_in_another_language_a_finding_recommending_another_product_is_left_out_and_counted() -> None:
    run = a_run("- **Best overall: Dustra V8** — (180 min [@v1]).", language="de")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "- The Nimbo K3 maps your home with lidar [3].", "- Der Nimbo K3 ist unser Testsieger [3].")})
    out = one_shopping_winner(place_domain_sections(report, run, sources()), run)
    assert "Testsieger" not in out.markdown
    assert "recommending another product" in out.markdown



def test_a_question_about_one_products_figures_is_led_by_every_value_its_sources_give() -> None:
    """Trial t27: "How much does the Kettlo Go weigh?" was answered "It weighs 720 g" though a shop said 1.1 lb."""
    run = a_run("**Dustra V8, as its sources give it:** weight 3.2 kg [@v1] / 3.6 kg [@v2] (its sources disagree).")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "It is the best robot vacuum you can buy [1]. ", "The Dustra V8 weighs 3.6 kg [1]. ")})
    out = spec_answer_lead(one_shopping_winner(place_domain_sections(report, run, sources()), run), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert answer.strip().startswith("Dustra V8, as its sources give it: weight 3.2 kg ["), answer
    assert "(its sources disagree)." in answer.split("\n\n")[1]
    assert "weighs 3.6 kg" not in out.markdown  # one side of the disagreement is never stated alone
    assert "climbs thresholds of up to 2 cm" not in answer  # a figure: the answer and the matrix give them
    assert "The Nimbo K3 is the quietest robot we know" not in answer  # a source's first person (trial t35 x2)


def test_a_report_without_a_spec_answer_is_unchanged_by_it() -> None:
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    placed = one_shopping_winner(place_domain_sections(a_report(), run, sources()), run)
    assert spec_answer_lead(placed, run) == placed


def test_a_comparison_of_the_products_the_question_names_is_led_by_which_of_them_to_buy() -> None:
    run = a_run("- **Best overall: Dustra V8** — ranked first of the 2 products the question names (Dustra V8, Nimbo "
                "K3) on the attribute compared for the most products (battery life): 180 min [@v1].")
    out = one_shopping_winner(place_domain_sections(a_report(), run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert answer.strip().startswith("Of the 2 products the question names, buy the **Dustra V8** [1], as the "
                                     "verdicts above explain."), answer


def test_a_method_line_without_a_subject_leaves_the_lead() -> None:
    # trial t29 fault 11: "Tested over 12 nights in the Sierra [7]." said nothing of its own in the lead
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "The Nimbo K3 is the quietest robot we know [3].",
        "Tested over 12 nights in the Sierra [3]. Measured at 20 °C in a living room [3]. "
        "Tested on carpet, the Dustra V8 climbs more [3].")})
    out = one_shopping_winner(place_domain_sections(report, run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "Sierra" not in answer and "20 °C" not in answer, answer
    assert "Tested on carpet, the Dustra V8 climbs more" in answer, answer  # it names its product


def test_a_best_for_the_use_asked_verdict_opens_the_lead_as_such() -> None:
    run = a_run("- **Best for stairs: Dustra V8** — recommended for it by an independent reviewer (“...” [@v1]).")
    out = one_shopping_winner(place_domain_sections(a_report(), run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert answer.strip().startswith("Best for stairs: **Dustra V8** [1], as the verdicts above explain."), answer


def test_a_sentence_stating_a_price_leaves_the_lead() -> None:
    """Trial t35 s3/x3: a test's "Price at the time of testing: Aerovo AirDash 2 59.99 USD, Influx Volt S 52 USD"
    followed the lead's winner (in x3 naming a product the question did not compare); the offers give each price
    with its seller, condition and date."""
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "It is the best robot vacuum you can buy [1]. ",
        "Price at the time of testing: Dustra V8 349 USD, Nimbo K3 299 USD [1]. ")})
    out = one_shopping_winner(place_domain_sections(report, run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "349 USD" not in answer and "Price at the time" not in answer, answer
    assert "climbs thresholds of up to 2 cm" in answer, answer  # a figure of the winner that is no price stays


def test_an_offers_answer_loses_its_sources_first_person() -> None:
    """Trial t35 x2: "cheapest place to buy a Pumpa Go?" was led by its offers, then "The Pumpa Go is the lightest
    pump in our range [2]", the maker speaking; a plain sentence about the product stays."""
    run = a_run("**Dustra V8, as its sources give it:** cheapest offer 299.00 USD [@v1] at HomeShop; 3 offers found.")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "It is the best robot vacuum you can buy [1]. ",
        "The Dustra V8 is the lightest robot in our range [1]. The Dustra V8 maps your home with lidar [2]. ")})
    out = spec_answer_lead(one_shopping_winner(place_domain_sections(report, run, sources()), run), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert answer.strip().startswith("Dustra V8, as its sources give it: cheapest offer 299.00 USD ["), answer
    assert "our range" not in answer, answer
    assert "The Dustra V8 maps your home with lidar" in answer, answer


def test_a_claim_naming_a_product_by_its_shop_pages_seo_title_names_the_product() -> None:
    """Trial t35 s1: a finding read "A retailer says that INFLUX VOLT-S Cordless Tire Inflator Portable Air
    Compressor 2026 Best Deal | VoltMart: battery capacity 5000 mAh [2]" (the claim extractor took the shop page's
    title for the spec table's subject, and "Best Deal" read as a rival recommendation). The product the analysis
    found on that page is named instead; a title of a page of several products stays."""
    seo = "DUSTRA V-8 Robot Vacuum Cleaner 2026 Best Deal | HomeShop"
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    products = [{"product_id": "dustrav8", "name": "Dustra V8", "aliases": [], "source_ids": [SHOP]},
                {"product_id": "nimbok3", "name": "Nimbo K3", "aliases": [], "source_ids": [MAKER, BLOG]},
                {"product_id": "zelto", "name": "Zelto Z", "aliases": [], "source_ids": [BLOG]}]
    run = replace(run, domain_events=FrozenDict({"ProductsIdentified": {"products": products}}),
                  sources=FrozenDict({**run.sources, SHOP: replace(run.sources[SHOP], title=seo),
                                      BLOG: replace(run.sources[BLOG], title="Robot vacuum picks 2026 | Clean Blog")}))
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "- The Nimbo K3 maps your home with lidar [3].",
        f"- {seo}: battery life 180 min [2].\n- Robot vacuum picks 2026 | Clean Blog: noise level 60 dB [1].")
        .replace("It is the best robot vacuum you can buy [1]. ", f"{seo}: weight 3.2 kg [2]. ")})
    out = one_shopping_winner(product_names_for_titles(place_domain_sections(report, run, sources()), run), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "weight 3.2 kg" not in answer, answer  # the lead is one_shopping_winner's: a spec row is no lead sentence
    findings = out.markdown.split("## Findings", 1)[1].split("\n## ", 1)[0]
    assert "- Dustra V8: battery life 180 min [" in findings, findings
    assert "Best Deal" not in findings and "says that" not in findings, findings
    assert "Robot vacuum picks 2026 | Clean Blog: noise level 60 dB" in findings, findings  # two products' page
    general = a_run("- **Best overall: Dustra V8** — (180 min [@v1]).", domain="general")
    placed = place_domain_sections(report, general, sources())
    assert product_names_for_titles(placed, general) == placed  # other domains' reports are unchanged


def test_a_spec_row_of_another_product_than_the_winner_leaves_the_lead() -> None:
    """Trial t35 s1/b2: a spec table's row read as "Influx Volt S: weight 0.9 lb [5]." (its subject the product's own
    name, no longer the shop's SEO title) followed a lead whose winner was the Aerovo; the spec matrix gives it with
    its product. A spec row of the winner stays."""
    run = a_run("- **Best overall: Dustra V8** — the highest battery life of the products compared (180 min [@v1]).")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "The Nimbo K3 is the quietest robot we know [3].",
        "Nimbo K3: weight 3.1 kg [3]. Dustra V8: suction power 2700 Pa [2].")})
    out = one_shopping_winner(place_domain_sections(report, run, sources()), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "3.1 kg" not in answer, answer
    assert "Dustra V8: suction power 2700 Pa [" in answer, answer


def _answer_of(verdicts: str, answer: str, question: str, products: list[dict[str, object]]) -> str:
    """The Answer section of a shopping report whose verdicts are ``verdicts`` and whose general lead says ``answer``
    (citing [1] the maker, [2] the shop, [3] the blog), for ``question`` over ``products``."""
    sections = [{"heading": "Verdicts", "body": verdicts,
                 "evidence": [{"ref": f"v{i}", "source_id": sid, "start": 0, "end": 7, "quote": "3.1 kg"}
                              for i, sid in enumerate((SHOP, MAKER, BLOG), 1)]}]
    run = domain_run(question, "shopping", sections, fetched_pages(TITLES), topic="fan heater",
                     events={"ProductsIdentified": {"products": products}})
    markdown = (f"# Q\n\n## Answer\n\n{answer}\n\n## Findings\n\n- The Tessa Glow 4 has three heat settings [1].\n\n"
                "## Sources\n\n- [1] The best robot vacuums - Clean Blog — https://w.example/1\n"
                "- [2] Dustra V8 | HomeShop — https://w.example/0\n- [3] Nimbo K3 - Nimbo — https://w.example/2\n")
    out = one_shopping_winner(place_domain_sections(cited_report(markdown, ((1, BLOG), (2, SHOP), (3, MAKER))), run,
                                                    sources()), run)
    return out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0].strip()


HEATERS: list[dict[str, object]] = [{"product_id": "g4", "name": "Tessa Glow 4", "aliases": []},
                                    {"product_id": "g4p", "name": "Tessa Glow 4 Pro", "aliases": []},
                                    {"product_id": "w2", "name": "Varda Warm 2", "aliases": []}]


def test_a_superlative_on_a_spec_leads_with_the_winners_figure_and_nothing_of_a_look_alike() -> None:
    """Trial t61s S3: "Which fan heater weighs the least?" led "Best overall: **X** [1], as the verdicts above
    explain." (the weight only in the verdicts) and its next sentence was the look-alike "Pro"'s weight."""
    answer = _answer_of(
        "- **Best overall: Varda Warm 2** — ranked first on the attribute the question asks for (weight) (lighter "
        "counted better: the question says 'weighs the least'): the lowest weight of the products compared (6.8 lb "
        "(≈ 3.1 kg) [@v1] [@v2]).\n- **Runner-up: Tessa Glow 4** — ranked second on the attribute the question asks "
        "for (weight) (lighter counted better: the question says 'weighs the least'): weight 4.2 kg [@v3].",
        "The Tessa Glow 4 Pro weighs 5.9 kg and heats 30 m² [3]. The Tessa Glow 4 is a fan heater for rooms up to "
        "20 m² [3]. The Varda Warm 2 folds flat [2].",
        "Which fan heater weighs the least?", HEATERS)
    assert answer.split("\n")[0] == ("The **Varda Warm 2** has the lowest weight of the products compared: 6.8 lb "
                                     "(≈ 3.1 kg) [1] [2]."), answer
    assert "Tessa Glow" not in answer and "The Varda Warm 2 folds flat [1]." in answer, answer


def test_a_comparison_of_two_named_products_gives_both_figures_and_leaves_out_a_third() -> None:
    """Trial t61s S7: "A vs B: which is quieter?" led "Of the 2 products the question names, buy the **A** [1], as
    the verdicts above explain." and the Answer's next sentence was the noise level of a look-alike of A."""
    answer = _answer_of(
        "- **Best overall: Tessa Glow 4** — ranked first of the 2 products the question names (Tessa Glow 4, Varda "
        "Warm 2) on the attribute the question asks for (noise level): the lowest noise level of the products "
        "compared (31 dB [@v1] [@v2]); rated 8/10 [@v3].\n- **Runner-up: Varda Warm 2** — ranked second of the 2 "
        "products the question names (Tessa Glow 4, Varda Warm 2) on the attribute the question asks for (noise "
        "level): noise level 36 dB (its sources disagree; the least favourable is ranked) [@v3].\n"
        "- **Also considered** (not named in the question, so not compared here): Tessa Glow 4 Pro, Orlo Heat S.",
        "The Tessa Glow 4 Pro: noise level 39 dB [3]. The Orlo Heat S is silent [3]. The Varda Warm 2 has a "
        "timer [2].", "Tessa Glow 4 vs Varda Warm 2: which is quieter?", HEATERS[:1] + HEATERS[2:])
    assert answer.split("\n")[0] == (
        "Of the 2 products the question names, the **Tessa Glow 4** has the lowest noise level of the products "
        "compared: 31 dB [1] [2]; next, the Varda Warm 2 at 36 dB (its sources disagree; the least favourable is "
        "ranked) [3]."), answer
    assert "39 dB" not in answer and "Orlo" not in answer and "The Varda Warm 2 has a timer [1]." in answer, answer


def test_a_best_overall_on_no_attribute_asked_keeps_its_opening() -> None:
    answer = _answer_of("- **Best overall: Varda Warm 2** — ranked first on the attributes compared for the most "
                        "products (weight): the lowest weight of the products compared (3.1 kg [@v1]).",
                        "The Varda Warm 2 folds flat [2].", "What is the best fan heater?", HEATERS)
    assert answer.split("\n")[0] == "Best overall: **Varda Warm 2** [1], as the verdicts above explain.", answer
