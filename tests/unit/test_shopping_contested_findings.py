"""A general finding stating one product's spec its sources disagree on says they disagree, with the other value and
its source, rather than stating one side as fact (issue 15, trial t50s fault 10: "Hanabi Smart 5.5: capacity 1.8 L
[4]" while the spec matrix gave 1.0 L from two other pages). Invented products and pages."""

from __future__ import annotations

from uuid import uuid4

from services.synthesizer.domain import one_shopping_winner, place_domain_sections
from shared.domain import RunView
from shared.evidence import Report
from tests.domain_runs import cited_report, domain_run, fetched_pages, page_infos

SHOP, MAKER, TEST = (str(uuid4()) for _ in range(3))
TITLES = {SHOP: "Sorrel Lite 5 | PotShop", MAKER: "Sorrel Lite 5 - Sorrel", TEST: "Rice cookers tested - Lab"}


def a_run() -> RunView:
    evidence = [{"ref": "v1", "source_id": TEST, "start": 0, "end": 5, "quote": "9/10"},
                {"ref": "v2", "source_id": MAKER, "start": 0, "end": 5, "quote": "1.0 L"},
                {"ref": "v3", "source_id": SHOP, "start": 0, "end": 5, "quote": "1.8 L"}]
    sections = [
        {"heading": "Verdicts", "body": "- **Best overall: Velmo K2** — rated 9/10 [@v1].", "evidence": evidence},
        {"heading": "Spec matrix", "body": "| Product | capacity | power |\n| --- | --- | --- |\n"
         "| Velmo K2 | 1.8 L [@v3] | 1200 W [@v3] |\n| Sorrel Lite 5 | 1.0 L [@v2]; 1.8 L [@v3] | 600 W [@v2] |",
         "evidence": evidence}]
    products = [{"product_id": "velmok2", "name": "Velmo K2", "aliases": []},
                {"product_id": "sorrellite5", "name": "Sorrel Lite 5", "aliases": []}]
    return domain_run("Velmo K2 vs Sorrel Lite 5: which rice cooker is better?", "shopping", sections,
                      fetched_pages(TITLES), topic="rice cooker", events={"ProductsIdentified": {"products": products}})


def a_report() -> Report:
    markdown = ("# Q\n\n## Answer\n\nThe Velmo K2 cooks evenly [1].\n\n"
                "## Findings\n\n- Sorrel Lite 5: capacity 1.8 L [2].\n- Sorrel Lite 5: power 600 W [3].\n\n"
                "## Sources\n\n- [1] Rice cookers tested - Lab — https://w.example/2\n"
                "- [2] Sorrel Lite 5 | PotShop — https://w.example/0\n- [3] Sorrel Lite 5 - Sorrel — https://w.example/1\n")
    return cited_report(markdown, ((1, TEST), (2, SHOP), (3, MAKER)))


def test_a_finding_of_a_contested_spec_says_its_sources_disagree() -> None:
    out = one_shopping_winner(place_domain_sections(a_report(), a_run(), page_infos(TITLES)), a_run()).markdown
    findings = out.split("## Findings", 1)[1].split("\n## ", 1)[0]
    line = next(x for x in findings.splitlines() if "capacity" in x)
    assert "its sources disagree" in line and "1.0 L" in line and "1.8 L" in line, findings
    power = next(x for x in findings.splitlines() if "power" in x)
    assert "disagree" not in power  # a spec its sources agree on is stated as it is
