"""A shopping finding that stands for a product by a pronoun says which product (trial t61s F4: under "Where can I
buy the X cheapest?" the Findings listed "Only buy it for rooms over 50 m² [4]", which its test page said of the
look-alike X Pro, so a reader took it as advice about the X)."""

from __future__ import annotations

from dataclasses import replace
from uuid import uuid4

from services.synthesizer.domain import place_domain_sections, pronoun_findings_attributed, spec_answer_lead
from shared.domain import FrozenDict, RunView
from shared.evidence import Citation, Claim, Report
from tests.domain_runs import domain_run, fetched_pages, page_infos

TEST, MAKER, PRO = (str(uuid4()) for _ in range(3))
TITLES = {TEST: "We tested four fan heaters - Heat Lab", MAKER: "Tessa Glow 4 - Tessa", PRO: "Tessa Glow 4 Pro - Tessa"}
PRODUCTS = [{"product_id": "g4", "name": "Tessa Glow 4", "aliases": [], "source_ids": [MAKER, TEST]},
            {"product_id": "g4p", "name": "Tessa Glow 4 Pro", "aliases": [], "source_ids": [PRO, TEST]},
            {"product_id": "w2", "name": "Varda Warm 2", "aliases": [], "source_ids": [TEST]}]
VERDICT = "**Tessa Glow 4, as its sources give it:** cheapest offer 84.00 USD [@v1] at Heatmart; 2 offers found."


def _claim(source_id: str, text: str, start: int) -> Claim:
    return Claim(claim_id=str(uuid4()), source_id=source_id, text=text, start=start, end=start + len(text),
                 verdict="supported")


def _run_and_report(findings: list[tuple[Claim, int]], before: list[Claim]) -> tuple[RunView, Report]:
    """A run asking where to buy the Tessa Glow 4 cheapest whose Findings are ``findings`` (a claim, the number
    citing it), the claims of ``before`` being on the pages too (not in the report). Placed, the verdicts' maker page
    is [1], the test page [2] and the Pro's page [3]."""
    sections = [{"heading": "Verdicts", "body": VERDICT,
                 "evidence": [{"ref": "v1", "source_id": MAKER, "start": 0, "end": 5, "quote": "84.00"}]}]
    run = domain_run("Where can I buy the Tessa Glow 4 cheapest?", "shopping", sections, fetched_pages(TITLES),
                     topic="fan heater", events={"ProductsIdentified": {"products": PRODUCTS}})
    claims = [c for c, _ in findings] + before
    run = replace(run, claims=FrozenDict({c.claim_id: c for c in claims}))
    markdown = ("# Q\n\n## Answer\n\nThe Tessa Glow 4 heats 20 m² [2].\n\n## Findings\n\n### We tested four fan "
                "heaters\n\n" + "".join(f"- {c.text[:-1]} [{n}].\n" for c, n in findings)
                + "\n## Sources\n\n- [1] We tested four fan heaters - Heat Lab — https://w.example/0\n"
                "- [2] Tessa Glow 4 - Tessa — https://w.example/1\n- [3] Tessa Glow 4 Pro - Tessa — https://w.example/2\n")
    citations = [Citation(n=n, source_id=c.source_id, claim_id=c.claim_id, start=c.start, end=c.end, quote=c.text)
                 for c, n in findings]
    heats = _claim(MAKER, "The Tessa Glow 4 heats 20 m².", 0)
    run = replace(run, claims=FrozenDict({**dict(run.claims), heats.claim_id: heats}))
    citations.append(Citation(n=2, source_id=MAKER, claim_id=heats.claim_id, start=0, end=28, quote=heats.text))
    report = Report(markdown=markdown, citations=citations, used_claim_ids=[c.claim_id for c in citations])
    return run, place_domain_sections(report, run, page_infos(TITLES))


def test_a_pronoun_finding_is_said_of_the_product_of_the_sentence_before_it_on_its_page() -> None:
    pro = _claim(TEST, "The Tessa Glow 4 Pro is not worth the extra $60: it is louder at 41 dB.", 500)
    only = _claim(TEST, "Only buy it for rooms over 30 m².", pro.end + 1)
    best = _claim(TEST, "The Tessa Glow 4 is our pick.", 100)
    after = _claim(TEST, "It has a quiet night mode.", best.end + 1)  # claimed as written: its product said too
    run, report = _run_and_report([(only, 1), (after, 1)], [pro, best])
    out = pronoun_findings_attributed(report, run)
    findings = out.markdown.split("## Findings", 1)[1].split("\n## ", 1)[0]
    assert "- Tessa Glow 4 Pro: only buy it for rooms over 30 m² [2].\n" in findings, findings
    assert "- Tessa Glow 4: it has a quiet night mode [2].\n" in findings, findings
    assert "Only buy it" not in out.markdown


def test_a_pronoun_with_no_one_product_before_it_takes_its_pages_product_or_stays() -> None:
    two = _claim(TEST, "The Varda Warm 2 and the Tessa Glow 4 both tip over.", 300)
    after = _claim(TEST, "Only buy it with a stand.", two.end + 1)  # two products before it, a page of three
    own = _claim(PRO, "Buy it for a workshop.", 40)  # nothing claimed before it: its page is the Pro's alone
    run, report = _run_and_report([(after, 1), (own, 3)], [two])
    findings = pronoun_findings_attributed(report, run).markdown.split("## Findings", 1)[1].split("\n## ", 1)[0]
    assert "- Only buy it with a stand [2].\n" in findings, findings
    assert "- Tessa Glow 4 Pro: Buy it for a workshop [3].\n" in findings, findings


def test_the_answer_about_one_product_leaves_out_a_pronoun_sentence_about_its_look_alike() -> None:
    pro = _claim(TEST, "The Tessa Glow 4 Pro is not worth the extra $60.", 500)
    only = _claim(TEST, "Only buy it for a workshop.", pro.end + 1)
    run, report = _run_and_report([(only, 1)], [pro])
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "The Tessa Glow 4 heats 20 m² [1].", "The Tessa Glow 4 heats 20 m² [1]. Only buy it for a workshop [2].")})
    assert "workshop" in spec_answer_lead(report, run).markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    out = spec_answer_lead(pronoun_findings_attributed(report, run), run)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert answer.strip() == ("Tessa Glow 4, as its sources give it: cheapest offer 84.00 USD [1] at Heatmart; 2 "
                              "offers found."), answer
