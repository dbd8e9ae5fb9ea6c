"""A shopping Answer led by one product's figures or offers is padded only by sentences about that product (trial
t61s F4: "Where can I buy the Clarivent AP400 cheapest?" had "The Clarivent AP400 Pro: CADR 520 m³/h [5]" as its
second sentence, the look-alike's figure): a sentence naming another product leaves it, the longest name written at
a place being the one named (the "Ventra Q7 Max" holds the whole name "Ventra Q7"). Invented products."""

from __future__ import annotations

from uuid import uuid4

from services.synthesizer.domain import names_another_product, place_domain_sections, spec_answer_lead
from shared.domain import RunView
from shared.evidence import Report
from tests.domain_runs import cited_report, domain_run, fetched_pages, page_infos

QUESTION = "Where can I buy the Ventra Q7 cheapest?"
SHOP, MAKER, MAKER_MAX = (str(uuid4()) for _ in range(3))
TITLES = {SHOP: "Ventra Q7 | FanMart", MAKER: "Ventra Q7 - Ventra", MAKER_MAX: "Ventra Q7 Max - Ventra"}
PRODUCTS = [{"product_id": "ventraq7", "name": "Ventra Q7", "aliases": ["VENTRA Q-7 Tower Fan"]},
            {"product_id": "ventraq7max", "name": "Ventra Q7 Max", "aliases": []},
            {"product_id": "oslerb2", "name": "Osler Breeze 2", "aliases": []}]


def a_run() -> RunView:
    verdict = "**Ventra Q7, as its sources give it:** cheapest offer 89.00 USD [@v1] at FanMart; 2 offers found."
    sections = [{"heading": "Verdicts", "body": verdict,
                 "evidence": [{"ref": "v1", "source_id": SHOP, "start": 0, "end": 9, "quote": "89.00 USD"}]}]
    return domain_run(QUESTION, "shopping", sections, fetched_pages(TITLES), topic="tower fan",
                      events={"ProductsIdentified": {"products": PRODUCTS}})


def a_report() -> Report:
    markdown = (
        "# Q\n\n## Answer\n\nThe Ventra Q7 Max: airflow 610 m³/h [3]. The Ventra Q7 folds flat for storage [2]. "
        "The Osler Breeze 2 is sold out at FanMart [1].\n\n"
        "## Findings\n\n- The Ventra Q7 folds flat for storage [2].\n\n"
        "## Sources\n\n- [1] Ventra Q7 | FanMart — https://w.example/0\n- [2] Ventra Q7 - Ventra — https://w.example/1\n"
        "- [3] Ventra Q7 Max - Ventra — https://w.example/2\n")
    return cited_report(markdown, ((1, SHOP), (2, MAKER), (3, MAKER_MAX)))


def test_an_offers_answer_is_not_padded_by_a_look_alikes_figure_or_another_product() -> None:
    run = a_run()
    out = spec_answer_lead(place_domain_sections(a_report(), run, page_infos(TITLES)), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0].strip()
    assert answer.split("\n\n") == ["Ventra Q7, as its sources give it: cheapest offer 89.00 USD [1] at FanMart; "
                                    "2 offers found.", "The Ventra Q7 folds flat for storage [2]."], answer


def test_the_longest_name_written_at_a_place_is_the_product_named() -> None:
    assert names_another_product("The Ventra Q7 Max: airflow 610 m³/h.", ["Ventra Q7"], PRODUCTS)
    assert names_another_product("Unlike the Osler Breeze 2, the Ventra Q7 folds flat.", ["Ventra Q7"], PRODUCTS)
    assert not names_another_product("The VENTRA Q-7 Tower Fan folds flat.", ["Ventra Q7"], PRODUCTS)
    assert not names_another_product("The Ventra Q7 folds flat.", ["Ventra Q7"], PRODUCTS)
    assert not names_another_product("The Ventra Q7 Max folds flat.", ["Ventra Q7 Max"], PRODUCTS)
