"""domain-shopping end to end over real NATS and PostgreSQL: a shopping question over loopback product, merchant
and review pages (tests/shopping_pages.py) gets verdicts, a spec matrix and offers with citations in the cells,
before its general lead; a shopping question over pages with no price says so and is not highly confident."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest

from tests.shopping_pages import MARKET, MIXED, NO_PRICES, TERMS, shopping_run

pytestmark = [pytest.mark.nats, pytest.mark.postgres]
QUESTION = "Which noise cancelling headphones are best under $300?"


async def shop(runtime: Any, pages: dict[str, str], *, domain: str = "auto") -> dict[str, Any]:
    # prices in euros are compared at the sample reference rates (tests/fixtures/rates: made-up values)
    return await shopping_run(runtime, pages, QUESTION, domain=domain)


def row(report: str, first_cell: str, table_heading: str) -> str:
    """The Markdown table row of ``table_heading``'s section that starts with ``first_cell``."""
    section = report.split(f"## {table_heading}", 1)[1].split("\n## ", 1)[0]
    return next(line for line in section.splitlines() if line.startswith(f"| {first_cell} |"))


async def test_a_shopping_run_reports_verdicts_specs_and_offers_with_citations(runtime: Any) -> None:
    res = await shop(runtime, MARKET)
    assert res["status"] == "completed", res["failure"]
    assert res["plan"]["domain"] == "shopping"  # the planner's detection ("under $300")
    types = [e["type"] for e in res["events"]]
    for name in ("ProductsIdentified", "SpecMatrixBuilt", "OffersCollected", "ReviewsSummarized"):
        assert types.index(name) < types.index("DomainAnalysisCompleted") < types.index("ReportSynthesized")
    events: dict[str, Any] = {type(e).__name__: e for e in runtime.runs.timeline(UUID(res["run_id"]))}
    products = {p.name: p for p in events["ProductsIdentified"].products}
    assert 3 <= len(products) <= 5
    assert "Sony WH1000XM5 (Renewed)" in products["Sony WH-1000XM5"].aliases  # one product, two spellings
    assert "Bose QC45" in products["Bose QuietComfort 45"].aliases
    cells = events["SpecMatrixBuilt"].cells
    pound = next(c for c in cells if c.value == "0.55 lb")
    assert pound.unit == "gram" and pound.amount == pytest.approx(249.5, abs=0.1)  # 0.55 lb compares with 250 g

    report = res["report"]
    headings = [line for line in report.splitlines() if line.startswith("## ")]
    assert headings[:5] == ["## Verdicts", "## Spec matrix", "## Offers", "## Reviews", "## Answer"], headings
    marks = [int(n) for n in re.findall(r"\[(\d+)\]", report.split("## Sources", 1)[0])]
    assert marks[0] == 1 and max(marks) == len(set(marks)), report  # numbered in reading order, the verdicts first
    verdicts = report.split("## Verdicts", 1)[1].split("\n## ", 1)[0]
    for verdict in ("Best overall:", "Best value:", "Runner-up:"):
        assert any(verdict in v for v in verdicts.splitlines()), verdicts
    for line in (v for v in verdicts.splitlines() if v.startswith("- **")):
        assert re.search(r"\[\d+\]", line), f"a verdict cites nothing: {line}"
    assert "within the budget of 300 USD" in verdicts
    # every loopback page is on one host: a pick whose evidence comes from one publisher is never "high", and the
    # confidence's signals say why (issue 15, trial t31 fault 7)
    confidence = res["confidence"]
    assert confidence["signals"]["pick_publishers"] == 0.0 and confidence["tier"] != "high", confidence
    assert confidence["signals"]["pick_strength"] < 0.85 and confidence["signals"]["domain_answer"] == 1.0
    sony_weight = row(report, "Sony WH-1000XM5", "Spec matrix")
    assert re.search(r"250 g( \[\d+\])+; 262 g \[\d+\]", sony_weight), sony_weight  # sites disagree: both shown
    assert any("disagree on the weight of Sony WH-1000XM5" in m for m in res["missing"])
    offers = report.split("## Offers", 1)[1].split("\n## ", 1)[0]
    assert re.search(r"249\.00 USD \[\d+\] \| \*\*refurbished\*\*", offers)
    assert re.search(r"329\.99 USD \(sale, was 399\.99\) \(over budget\) \[\d+\]", offers)
    assert re.search(r"279\.00 EUR \(≈ 292\.95 USD at the 2026-11-27 reference rate\) \[\d+\]", offers)
    assert re.search(r"1299 \(GCR\) \(currency unknown, not compared\) \[\d+\]", offers)
    bose_review = row(report, "Bose QuietComfort 45", "Reviews")
    # the Bose has independent evidence (merchant C's page): the sponsored review is shown, marked, and not counted
    assert "sponsored or affiliate" in bose_review and "weight 0: not counted in the ranking" in bose_review
    assert "independent, weight 1" in row(report, "Anker Soundcore Space Q45", "Reviews")
    # the sponsored blog never leads the general answer (independent pages give evidence), and every citation of
    # it, in the domain sections or the findings, and its source entry say what it is
    answer = report.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "most comfortable noise cancelling headset" not in answer, answer
    blog = [m.group(1) for m in re.finditer(r"^- \[(\d+)\] The best noise cancelling headphones(?! \(page markup\)).*$",
                                            report, re.M)]
    assert blog and "sponsored or affiliate content" in report.split("## Sources", 1)[1], report
    body = report.split("## Sources", 1)[0]
    assert f"[{blog[0]}]" in body and all(
        m.group(1).startswith(" (not confirmed") or m.group(1).startswith(" (contradicted") or
        m.group(1).startswith(" (sponsored") for m in re.finditer(rf"\[{blog[0]}\]((?: \([^)]*\))?)", body)), body
    assert re.search(rf"\[{blog[0]}\](?: \([^)]*\))? \(sponsored or affiliate source\)", body), body
    audit = res["citation_audit"]
    assert audit["total"] > 20 and audit["valid"] == audit["total"], audit["invalid"]
    # every cited spec and price was proposed as a claim and checked by the verifier against its own window,
    # before the analysis was recorded; the report's citations carry the figures' claim ids, and the confidence
    # gate counts their verdicts
    proposed = {str(f.claim_id) for f in events["DomainFiguresProposed"].figures}
    figures = [c for c in res["claims"] if c["claim_id"] in proposed]
    assert len(proposed) >= 15 and all(c["verdict"] is not None for c in figures), [
        (c["text"], c["verdict"]) for c in figures]
    assert types.index("DomainFiguresProposed") < types.index("DomainAnalysisCompleted")
    verdicts = {c["text"]: c["verdict"] for c in figures}
    assert verdicts["The Sony WH-1000XM5 weight is 250 g."] == "supported", verdicts
    assert sum(v == "supported" for v in verdicts.values()) >= 0.6 * len(verdicts), verdicts
    assert proposed <= {c["claim_id"] for c in res["citations"]}
    unconfirmed = [t for t, v in verdicts.items() if v != "supported"]
    assert report.count("(not confirmed by its source)") + report.count("(contradicted by its source)") >= (
        1 if unconfirmed else 0), unconfirmed


async def test_a_shopping_run_without_prices_says_so_and_is_not_highly_confident(runtime: Any) -> None:
    res = await shop(runtime, NO_PRICES, domain="shopping")
    assert res["status"] == "completed"
    report = res["report"]
    assert "No prices were found in any source" in report
    assert "cannot be named: no price was found in any source" in report
    assert res["confidence"]["tier"] != "high"
    assert any(m.startswith("no price was found in any source") for m in res["missing"])
    assert res["citation_audit"]["valid"] == res["citation_audit"]["total"]


async def test_rental_and_contract_prices_and_verdict_roles_end_to_end(runtime: Any) -> None:
    # issue 15 trial findings 1-3: a buying question without money or "buy" is planned as shopping; a $0 contract
    # price and a monthly rental are shown for what they are and never compared; best overall follows the stated
    # rule (the attribute the question asks for), each verdict says its figure with a citation, and no product
    # has two roles that contradict each other
    pages = {**TERMS, "/merchant-a/sony-wh-1000xm5": MARKET["/merchant-a/sony-wh-1000xm5"]}
    question = "Which noise cancelling headphones have the longest battery life?"
    res = await shopping_run(runtime, pages, question)
    assert res["status"] == "completed", res["failure"]
    assert res["plan"]["domain"] == "shopping"
    report = res["report"]
    verdicts = report.split("## Verdicts", 1)[1].split("\n## ", 1)[0]
    lines = [v for v in verdicts.splitlines() if v.startswith("- **")]
    best = next(v for v in lines if "Best overall:" in v)
    assert "Anker Soundcore Space Q45" in best and "the attribute the question asks for (battery life)" in best
    assert re.search(r"50 hours \[\d+\]", best), best
    for line in lines:
        assert re.search(r"\d[\d.,]* ?\w* \[\d+\]", line), f"a verdict without a cited figure: {line}"
    roles: dict[str, list[str]] = {}
    for line in lines:
        role, product = re.match(r"- \*\*(Best overall|Best value|Runner-up|Avoid if [^:]+): ([^*]+)\*\*", line
                                 ).groups()  # type: ignore[union-attr]
        roles.setdefault(product.strip(), []).append(role)
    for product, said in roles.items():
        assert not (any(r.startswith("Avoid") for r in said) and len(said) > 1), (product, said)
        assert len(said) == len(set(said)), (product, said)
    value = next(v for v in lines if "Best value:" in v)
    assert "149.99 USD" in value and "0.00" not in verdicts and "19.99" not in verdicts
    offers = report.split("## Offers", 1)[1].split("\n## ", 1)[0]
    assert re.search(r"0\.00 USD \*\*with contract, zero price\*\* \(not a purchase price, not compared\) \[\d+\]",
                     offers), offers
    assert re.search(r"19\.99 USD \*\*per month, rental\*\* \(not a purchase price, not compared\) \[\d+\]", offers)
    assert any(m.startswith("not a purchase price, so not compared") for m in res["missing"])
    assert res["citation_audit"]["valid"] == res["citation_audit"]["total"]


async def test_a_german_table_a_plain_sentence_page_and_a_sponsored_review_end_to_end(runtime: Any) -> None:
    # issue 15 second trial: a German spec table shares the English pages' columns, a product page whose specs are
    # plain sentences fills its row (each cell cited), and the sponsored review of a product with independent
    # evidence is shown and marked but decides nothing
    res = await shopping_run(runtime, MIXED, "Which noise cancelling headphones are best under $350?")
    assert res["status"] == "completed", res["failure"]
    report = res["report"]
    matrix = report.split("## Spec matrix", 1)[1].split("\n## ", 1)[0]
    header = matrix.strip().splitlines()[0].lower()
    assert "battery life" in header and "akkulaufzeit" not in header and "gewicht" not in header, matrix
    # the sponsored blog abbreviates it ("Bose QC45"), the German shop writes the full name: the fuller spelling is
    # shown whatever page is read first
    bose = "Bose QuietComfort 45"
    # the German shop's "24 Std." and the blog's "24 hours" are one value, shown in English units, citing both
    assert re.search(r"24 hours \[\d+\] \[\d+\]", row(report, bose, "Spec matrix")), matrix
    sennheiser = row(report, "Sennheiser Momentum 4 Wireless", "Spec matrix")
    assert re.search(r"60 hours \[\d+\]", sennheiser) and re.search(r"293 g \[\d+\]", sennheiser), sennheiser
    verdicts = report.split("## Verdicts", 1)[1].split("\n## ", 1)[0]
    # the sponsored review's rating decides nothing (a spec figure only the sponsored page gives may be cited, marked)
    assert "in a sponsored review" not in verdicts and "rated 5/5" not in verdicts, verdicts
    # the budget ($350) decides who can win: the Anker's price is only mentioned by a test lab, so it has no offer
    assert "Anker" not in "".join(v for v in verdicts.splitlines() if "Best overall" in v or "Runner-up" in v)
    assert "not counted in the ranking" in row(report, bose, "Reviews"), report
    audit = res["citation_audit"]
    assert audit["valid"] == audit["total"], audit["invalid"]
    figures = {c["text"]: c["verdict"] for c in res["claims"] if c["domain_figure"]}
    assert figures.get("The Sennheiser Momentum 4 Wireless battery life is 60 hours.") == "supported", figures
