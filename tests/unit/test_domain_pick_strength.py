"""What backs a leading domain's pick sets its confidence, not only whether its figures quote their sources right
(issue 15, trial t31 fault 7: every shopping and code pick was "high 1.0", a ranking on battery figures its sources
disagree on and a code pick of the only candidate surveyed included). Invented products, shops and packages."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from itertools import product
from typing import Any
from uuid import uuid4

from contracts import ConfidenceGated
from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from services.synthesizer.domain import (
    CODE_PICK_WEIGHTS,
    SHOPPING_PICK_WEIGHTS,
    domain_answer_gate,
    pick_strength,
    place_domain_sections,
)
from shared.domain import DomainAnalysis, FrozenDict, RunView, SourceView
from shared.evidence import Claim, FigureWindow, Report
from tests.unit.handlers.fakes import memory_runs, started_run

#: a general gate that read the pick as a general lead: no answer of the type asked found in it
GENERAL = {"score": 0.06, "tier": "low", "signals": {"p_answered": 0.1, "answered": 0.06}}
EMPTY = Report(markdown="# Q\n\n## Answer\n\nText.\n", citations=[], used_claim_ids=[])

#: the pages a shopping pick may cite: (url, kind)
PAGES = {"test": ("https://benchlab.example/quorra-q3-test", "review"),
         "shop": ("https://parcelmart.example/quorra-q3", "retailer"),
         "shop2": ("https://parcelmart.example/quorra-q3-bundle", "retailer"),
         "maker": ("https://quorra.example/q3", "manufacturer"),
         "paid": ("https://bestlabels.example/top", "affiliate_review")}
IDS = {name: str(uuid4()) for name in PAGES}


def figures(n: int = 4) -> list[Claim]:
    """``n`` checked domain figures, all supported (each read from the span it is cited to)."""
    return [Claim(claim_id=str(uuid4()), source_id="s", text=f"figure {i}", verdict="supported",
                  figure=FigureWindow(domain="shopping", quote="120 mm/s", window_start=0, window_end=8))
            for i in range(n)]


def shopping_run(verdict: str, cites: list[str], products: int = 3, question: str = "Best label printer?") -> RunView:
    """A shopping run whose verdicts open with ``verdict`` (its ``[@name]`` markers cite the pages of ``cites``) and
    whose spec matrix lists ``products`` products."""
    runs = memory_runs()
    run_id = started_run(runs, question, domain="shopping")
    rows = "\n".join(f"| Quorra Q{i + 3} | 120 mm/s [@{cites[0]}] |" for i in range(products))
    analysis: dict[str, Any] = {"domain": "shopping", "after_claims_verified": True, "sources": [], "sections": [
        {"heading": "Verdicts", "body": verdict,
         "evidence": [{"ref": name, "source_id": IDS[name], "start": 0, "end": 8, "quote": "120 mm/s"}
                      for name in cites]},
        {"heading": "Spec matrix", "body": f"| Product | print speed |\n| --- | --- |\n{rows}",
         "evidence": [{"ref": cites[0], "source_id": IDS[cites[0]], "start": 0, "end": 8, "quote": "120 mm/s"}]}]}
    sources = {IDS[name]: SourceView(source_id=IDS[name], url=url, title=name, status="extracted",
                                     text_sha256="1" * 64, provenance={"kind": kind})
               for name, (url, kind) in PAGES.items()}
    return replace(runs.get_run(run_id), claims_verified=True, domain_analysis=DomainAnalysis.of(analysis),
                   sources=FrozenDict(sources))


def shopping_gate(verdict: str, cites: list[str], products: int = 3) -> dict[str, Any]:
    run = shopping_run(verdict, cites, products)
    report = place_domain_sections(EMPTY, run, {})
    return domain_answer_gate(GENERAL, report.markdown, run, figures(), report.citations)


def best(cites: list[str], extra: str = "") -> str:
    return ("- **Best overall: Quorra Q3** — ranked first on the attributes compared: print speed 120 mm/s "
            + " ".join(f"[@{c}]" for c in cites) + extra + ".")


def test_a_pick_an_independent_test_and_a_shop_of_another_publisher_back_among_several_products_is_high() -> None:
    gate = shopping_gate(best(["test", "shop"]), ["test", "shop"])
    assert gate["tier"] == "high" and gate["score"] == 1.0, gate
    assert gate["signals"]["pick_strength"] == 1.0
    assert all(gate["signals"][k] == 1.0 for k in SHOPPING_PICK_WEIGHTS)


def test_a_ranking_on_figures_its_sources_disagree_on_is_not_high() -> None:
    verdict = best(["test", "shop"], " / battery life 300 minutes [@test] / 12 hours [@shop] (its sources disagree; "
                                     "the least favourable is ranked)")
    gate = shopping_gate(verdict, ["test", "shop"])
    assert gate["tier"] == "medium" and gate["signals"]["pick_agree"] == 0.0, gate


def test_one_publisher_only_the_seller_sponsored_only_or_one_product_is_not_high() -> None:
    cases = {"pick_publishers": (["test"], 3),  # one page, one publisher
             "pick_independent": (["shop", "maker"], 3),  # the seller's and the maker's own pages, no test
             "pick_unsponsored": (["paid"], 3),  # a sponsored review only
             "pick_candidates": (["test", "shop"], 1)}  # ranked 1 of 1
    for feature, (cites, products) in cases.items():
        gate = shopping_gate(best(cites), cites, products)
        assert gate["signals"][feature] == 0.0, (feature, gate)
        assert gate["tier"] != "high" and gate["score"] < HIGH_THRESHOLD, (feature, gate)
        assert gate["score"] >= MEDIUM_THRESHOLD  # the pick still answers: a weak backing is no "unanswered"
    two_pages_one_shop = shopping_gate(best(["shop", "shop2"]), ["shop", "shop2"])
    assert two_pages_one_shop["signals"]["pick_publishers"] == 0.0 and two_pages_one_shop["tier"] != "high"
    with_paid = shopping_gate(best(["test", "paid"]), ["test", "paid"])  # a sponsored page counts no publisher
    assert with_paid["signals"]["pick_publishers"] == 0.0 and with_paid["tier"] != "high"


def test_other_products_named_after_the_pick_do_not_back_it() -> None:
    verdict = best(["test"], "; ranked above it but without an offer confirmed within the budget of 100 USD: Quorra "
                             "Q5 (within the budget only refurbished: 74.00 USD [@shop])")
    gate = shopping_gate(verdict, ["test", "shop"])
    assert gate["signals"]["pick_publishers"] == 0.0 and gate["tier"] != "high"


def test_the_pick_strength_is_monotone_and_any_missing_feature_keeps_it_below_high() -> None:
    for weights in (SHOPPING_PICK_WEIGHTS, CODE_PICK_WEIGHTS):
        assert abs(sum(weights.values()) - 1.0) < 1e-9
        names = list(weights)
        for values in product((0.0, 1.0), repeat=len(names)):
            features = dict(zip(names, values))
            strength = pick_strength(features)
            assert (strength >= HIGH_THRESHOLD) == all(values), features
            for k in names:  # a feature that holds never lowers it
                assert pick_strength({**features, k: 1.0}) >= strength


def code_run(body: str, packages: int = 3, checked: str = "") -> tuple[RunView, Report]:
    """A code run whose recommendation is ``body``, with a package table of ``packages`` rows and a "Checked code"
    section saying ``checked``."""
    runs = memory_runs()
    run_id = started_run(runs, "Which library should I use to validate IBANs in Python?", domain="code")
    own = str(uuid4())
    rows = "\n".join(f"| `ibanlib{i}` | PyPI | 1.{i}.0[@a] |" for i in range(packages))
    sections = [{"heading": "Recommendation", "body": body,
                 "evidence": [{"ref": "a", "source_id": own, "start": 0, "end": 5, "quote": "2.3.0"}]},
                {"heading": "Package comparison", "body": f"| Package | Registry | Version |\n| --- | --- | --- |\n{rows}",
                 "evidence": [{"ref": "a", "source_id": own, "start": 0, "end": 5, "quote": "2.3.0"}]}]
    if checked:
        sections.append({"heading": "Checked code", "body": checked, "evidence": []})
    analysis: dict[str, Any] = {"domain": "code", "after_claims_verified": True, "sections": sections, "sources": [
        {"source_id": own, "url": "https://pypi.example/pypi/ibanlib0/json", "title": "ibanlib0 on PyPI",
         "document_sha256": "c" * 64}]}
    run = replace(runs.get_run(run_id), claims_verified=True, domain_analysis=DomainAnalysis.of(analysis))
    return run, place_domain_sections(EMPTY, run, {})


PASSED = "Check: **passed** (py_compile + mypy; against python 3.11)."
NAMED = " 2 of the fetched pages name it."


def code_gate(body: str, packages: int = 3, checked: str = PASSED) -> dict[str, Any]:
    run, report = code_run(body, packages, checked)
    return domain_answer_gate(GENERAL, report.markdown, run, figures(), report.citations)


def test_a_code_pick_with_registry_facts_docs_and_a_passing_check_among_several_candidates_is_high() -> None:
    gate = code_gate("**Recommended: `ibanlib0` 2.3.0**[@a] (PyPI). It ranks first of 3 candidate(s) surveyed." + NAMED)
    assert gate["tier"] == "high" and gate["signals"]["pick_strength"] == 1.0, gate
    # a fetched page's usage example, shown and passing its check, is a page using it (the question named it)
    example = code_gate("**Recommended: `ibanlib0` 2.3.0**[@a] (PyPI). It ranks first of 3 candidate(s) surveyed.",
                        checked=PASSED + "\n\nUsage example from a fetched page: the usage example of the page "
                                         "\"Validating IBANs\", as the page gives it.")
    assert example["signals"]["pick_page"] == 1.0 and example["tier"] == "high", example


def test_a_code_pick_of_the_only_candidate_unchecked_failed_or_on_registry_facts_alone_is_not_high() -> None:
    pick = "**Recommended: `ibanlib0` 2.3.0**[@a] (PyPI). It ranks first of {n} candidate(s) surveyed.{named}"
    cases = {"pick_candidates": code_gate(pick.format(n=1, named=NAMED), packages=1),
             "pick_checked": code_gate(pick.format(n=3, named=NAMED), checked="**No code is shown:** none was proposed."),
             "pick_page": code_gate(pick.format(n=3, named=""))}
    failed = code_gate(pick.format(n=3, named=NAMED), checked=PASSED + "\n\nCheck: **FAILED** at types (type_error).")
    parsed = code_gate(pick.format(n=3, named=NAMED),  # a syntax check says nothing of the calls it makes
                       checked="Check: **passed** (node v20.1.0 --check (syntax only); checked against node 20.1.0).")
    for feature, gate in [*cases.items(), ("pick_checked", failed), ("pick_checked", parsed)]:
        assert gate["signals"][feature] == 0.0, (feature, gate)
        assert gate["tier"] == "medium" and gate["signals"]["answered"] == gate["score"], (feature, gate)
    # the table's rows count the candidates when the line does not say them
    table = code_gate("**Recommended: `ibanlib0` 2.3.0**[@a] (PyPI)." + NAMED, packages=2)
    assert table["signals"]["pick_candidates"] == 1.0


def test_a_code_yes_no_about_a_named_package_and_the_values_asked_of_one_product_have_no_pick_features() -> None:
    gate = code_gate("**No:** `ibanlib1`'s latest release is deprecated; use `ibanlib0`[@a].", packages=1)
    assert gate["signals"]["domain_answer"] == 1.0 and "pick_strength" not in gate["signals"]
    spec = shopping_gate("**Quorra Q3, as its sources give it:** print speed 120 mm/s [@test].", ["test"], products=1)
    assert "pick_strength" not in spec["signals"] and spec["tier"] == "high"


def timeline_line(gate: dict[str, Any]) -> str:
    """The timeline line of the ``ConfidenceGated`` event recording ``gate``."""
    return ConfidenceGated(run_id=uuid4(), event_id=uuid4(), seq=1, occurred_at=datetime.now(UTC),
                           score=gate["score"], tier=gate["tier"], signals=gate["signals"]).summary()


def test_the_timeline_line_says_what_keeps_the_pick_from_high() -> None:
    line = timeline_line(shopping_gate(best(["test"]), ["test"], products=1))
    assert line == ("confidence 0.60 (medium): its evidence comes from one publisher; it is the only candidate "
                    "compared"), line
    assert timeline_line(shopping_gate(best(["test", "shop"]), ["test", "shop"])) == "confidence 1.00 (high)"
