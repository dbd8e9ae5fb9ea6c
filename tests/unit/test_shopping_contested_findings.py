"""A general finding stating one product's spec its sources disagree on says they disagree, with the other value and
its source, rather than stating one side as fact (issue 15, trial t50s fault 10: "Hanabi Smart 5.5: capacity 1.8 L
[4]" while the spec matrix gave 1.0 L from two other pages). Invented products and pages."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import uuid4

from services.synthesizer.domain import one_shopping_winner, place_domain_sections
from shared.domain import DomainAnalysis, FrozenDict, RunView, SourceView
from shared.evidence import Citation, Report, SourceInfo
from tests.unit.handlers.fakes import memory_runs, started_run

SHOP, MAKER, TEST = (str(uuid4()) for _ in range(3))
TITLES = {SHOP: "Sorrel Lite 5 | PotShop", MAKER: "Sorrel Lite 5 - Sorrel", TEST: "Rice cookers tested - Lab"}


def a_run() -> RunView:
    runs = memory_runs()
    run_id = started_run(runs, "Velmo K2 vs Sorrel Lite 5: which rice cooker is better?")
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "rice cooker"}], "shopping", "en", "offline", False)
    evidence = [{"ref": "v1", "source_id": TEST, "start": 0, "end": 5, "quote": "9/10"},
                {"ref": "v2", "source_id": MAKER, "start": 0, "end": 5, "quote": "1.0 L"},
                {"ref": "v3", "source_id": SHOP, "start": 0, "end": 5, "quote": "1.8 L"}]
    analysis: dict[str, Any] = {"domain": "shopping", "after_claims_verified": True, "sources": [], "sections": [
        {"heading": "Verdicts", "body": "- **Best overall: Velmo K2** — rated 9/10 [@v1].", "evidence": evidence},
        {"heading": "Spec matrix", "body": "| Product | capacity | power |\n| --- | --- | --- |\n"
         "| Velmo K2 | 1.8 L [@v3] | 1200 W [@v3] |\n| Sorrel Lite 5 | 1.0 L [@v2]; 1.8 L [@v3] | 600 W [@v2] |",
         "evidence": evidence}]}
    products = [{"product_id": "velmok2", "name": "Velmo K2", "aliases": []},
                {"product_id": "sorrellite5", "name": "Sorrel Lite 5", "aliases": []}]
    return replace(runs.get_run(run_id), claims_verified=True, domain_analysis=DomainAnalysis.of(analysis),
                   domain_events=FrozenDict({"ProductsIdentified": {"products": products}}),
                   sources=FrozenDict({sid: SourceView(source_id=sid, url=f"https://w.example/{i}", title=title,
                                                       status="fetched", text_sha256=str(i) * 64)
                                       for i, (sid, title) in enumerate(TITLES.items())}))


def a_report() -> Report:
    markdown = ("# Q\n\n## Answer\n\nThe Velmo K2 cooks evenly [1].\n\n"
                "## Findings\n\n- Sorrel Lite 5: capacity 1.8 L [2].\n- Sorrel Lite 5: power 600 W [3].\n\n"
                "## Sources\n\n- [1] Rice cookers tested - Lab — https://w.example/2\n"
                "- [2] Sorrel Lite 5 | PotShop — https://w.example/0\n- [3] Sorrel Lite 5 - Sorrel — https://w.example/1\n")
    citations = [Citation(n=n, source_id=sid, claim_id=str(uuid4()), start=0, end=4, quote="text")
                 for n, sid in ((1, TEST), (2, SHOP), (3, MAKER))]
    return Report(markdown=markdown, citations=citations, used_claim_ids=[c.claim_id for c in citations])


def test_a_finding_of_a_contested_spec_says_its_sources_disagree() -> None:
    sources = {sid: SourceInfo(source_id=sid, title=t, url_or_path=f"https://w.example/{i}", domain="w.example")
               for i, (sid, t) in enumerate(TITLES.items())}
    out = one_shopping_winner(place_domain_sections(a_report(), a_run(), sources), a_run()).markdown
    findings = out.split("## Findings", 1)[1].split("\n## ", 1)[0]
    line = next(x for x in findings.splitlines() if "capacity" in x)
    assert "its sources disagree" in line and "1.0 L" in line and "1.8 L" in line, findings
    power = next(x for x in findings.splitlines() if "power" in x)
    assert "disagree" not in power  # a spec its sources agree on is stated as it is
