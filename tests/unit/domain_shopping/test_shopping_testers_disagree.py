"""Two independent testers picking different products as the best overall is said, both picks cited, and the pick
is contested (its confidence not "high"); the report's lead says it too (task h47: two tests' "Best overall" on two
products read as agreement, 1.00 high). Invented robot mowers."""

from __future__ import annotations

import re

from services.synthesizer.domain import one_shopping_winner, place_domain_sections
from tests.shop_pages import page, run, spec_shop, verdicts
from tests.unit.test_shopping_one_winner import a_report, a_run, sources

SITE = {"/harlo/m3": spec_shop("Harlo M3", "899.00", {"Cutting width": "22 cm", "Max area": "800 m²"}),
        "/verdo/cut-5": spec_shop("Verdo Cut 5", "749.00", {"Cutting width": "20 cm", "Max area": "600 m²"}),
        "/pimsa/l2": spec_shop("Pimsa L2", "499.00", {"Cutting width": "18 cm", "Max area": "400 m²"})}


def lab(site: str, best: str, table: bool) -> str:
    """An independent test by ``site`` naming ``best`` its best overall, in a results table's verdict cell
    (``table``) or in a sentence."""
    said = ("<table><tr><th>Mower</th><th>Verdict</th></tr>" + "".join(
        f"<tr><td>{name}</td><td>{'Best overall' if name == best else 'Solid'}</td></tr>"
        for name in ("Harlo M3", "Verdo Cut 5", "Pimsa L2")) + "</table>") if table else \
        f"<p>The {best} is our best overall pick: it mowed the slope cleanly.</p>"
    return page(f"Robot mowers tested | {site}", f"<h1>Robot mowers tested</h1><p>We bought every mower ourselves and "
                f"mowed a 600 m² test lawn for six weeks; no maker paid for this test.</p>{said}")


def first(site: dict[str, str]) -> tuple[str, bool]:
    """The best-overall line (citation markers written "[@v]") and whether the pick is contested."""
    result = run("What is the best robot mower?", site)
    line = next(x for x in verdicts(result).split("\n") if x.startswith("- **Best overall"))
    return re.sub(r"\[@v\d+\]", "[@v]", line), bool((result.pick or {}).get("contested"))


def test_two_tests_picking_two_products_disagree_said_and_contested() -> None:
    for table in (True, False):
        line, contested = first(SITE | {"/a/mowers": lab("MowTest", "Harlo M3", table),
                                        "/b/mowers": lab("GardenBench", "Verdo Cut 5", table)})
        assert line.startswith("- **Best overall: Harlo M3** — ranked first as an independent reviewer's pick"), line
        assert line.endswith(" (independent testers disagree on which is best: an independent reviewer's pick is the "
                             "Harlo M3 [@v]; an independent reviewer's pick is the Verdo Cut 5 [@v])."), line
        assert contested, line


def test_two_tests_picking_one_product_agree_and_one_page_is_no_disagreement() -> None:
    line, contested = first(SITE | {"/a/mowers": lab("MowTest", "Harlo M3", True),
                                    "/b/mowers": lab("GardenBench", "Harlo M3", False)})
    assert "disagree" not in line and not contested, line
    line, contested = first(SITE | {"/a/mowers": lab("MowTest", "Harlo M3", True)})
    assert "disagree" not in line and not contested, line


def test_the_lead_says_the_testers_disagree() -> None:
    run_ = a_run("- **Best overall: Dustra V8** — ranked first as an independent reviewer's pick [@v1] (independent "
                 "testers disagree on which is best: an independent reviewer's pick is the Dustra V8 [@v1]; an "
                 "independent reviewer's pick is the Nimbo K3 [@v1]).")
    out = one_shopping_winner(place_domain_sections(a_report(), run_, sources()), run_)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0].strip()
    assert answer.split("\n")[0] == (
        "Best overall: **Dustra V8** [1], as the verdicts above explain; independent testers disagree on which is "
        "best: an independent reviewer's pick is the Dustra V8 [1]; an independent reviewer's pick is the Nimbo K3 "
        "[1]."), answer
