"""What backs a leading domain's pick sets its confidence, not only whether its figures quote their sources right
(issue 15, trial t31 fault 7: every shopping and code pick was "high 1.0", a ranking on battery figures its sources
disagree on and a code pick of the only candidate surveyed included). The shopping and code services send what backs
the pick as structured facts (``contracts.PickBacking``); the gate reads those, never the report's wording, and an
analysis recorded without them counts as not backed. Invented products, shops and packages."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import UTC, date, datetime
from itertools import product
from typing import Any
from uuid import uuid4

from contracts import ConfidenceGated, PickBacking
from services.domain_code.offline import Snippet, survey, task_of
from services.domain_code.offline import pick_backing as code_backing
from services.domain_code.sandbox import CheckResult
from services.domain_shopping.handlers import pick_backing
from services.domain_shopping.offline import Analysis, SourcePage, analyse
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
from tests.code_standins import registries, registry_client
from tests.shopping_pages import MARKET
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
#: a ranking pick every feature backs: its figures agree, two publishers, an independent test, several products
BACKED = {"kind": "ranking", "subject": "Quorra Q3", "figures_agree": True, "contested": False, "publishers": 2,
          "independent_review": True, "sponsored_only": False, "compared": 3}


def figures(n: int = 4) -> list[Claim]:
    """``n`` checked domain figures, all supported (each read from the span it is cited to)."""
    return [Claim(claim_id=str(uuid4()), source_id="s", text=f"figure {i}", verdict="supported",
                  figure=FigureWindow(domain="shopping", quote="120 mm/s", window_start=0, window_end=8))
            for i in range(n)]


def run_sources() -> FrozenDict[str, SourceView]:
    return FrozenDict({IDS[name]: SourceView(source_id=IDS[name], url=url, title=name, status="extracted",
                                             text_sha256="1" * 64, provenance={"kind": kind})
                       for name, (url, kind) in PAGES.items()})


def shopping_run(verdict: str, pick: dict[str, Any] | None, question: str = "Best label printer?") -> RunView:
    """A shopping run whose verdicts open with ``verdict`` (citing the independent test) and whose service sent
    ``pick`` as what backs it (None: nothing, as an analysis recorded before the backing existed)."""
    runs = memory_runs()
    run_id = started_run(runs, question, domain="shopping")
    analysis: dict[str, Any] = {"domain": "shopping", "after_claims_verified": True, "sources": [], "sections": [
        {"heading": "Verdicts", "body": verdict,
         "evidence": [{"ref": "test", "source_id": IDS["test"], "start": 0, "end": 8, "quote": "120 mm/s"}]}],
        "pick": pick}
    return replace(runs.get_run(run_id), claims_verified=True, domain_analysis=DomainAnalysis.of(analysis),
                   sources=run_sources())


def shopping_gate(pick: dict[str, Any] | None, verdict: str = "") -> dict[str, Any]:
    run = shopping_run(verdict or "- **Best overall: Quorra Q3** — ranked first: print speed 120 mm/s [@test].", pick)
    report = place_domain_sections(EMPTY, run, {})
    return domain_answer_gate(GENERAL, report.markdown, run, figures())


def test_a_pick_every_fact_backs_is_high() -> None:
    gate = shopping_gate(BACKED)
    assert gate["tier"] == "high" and gate["score"] == 1.0, gate
    assert gate["signals"]["pick_strength"] == 1.0
    assert all(gate["signals"][k] == 1.0 for k in SHOPPING_PICK_WEIGHTS)


def test_a_pick_lacking_any_fact_is_not_high_but_still_answers() -> None:
    cases = {"pick_agree": {"figures_agree": False}, "pick_publishers": {"publishers": 1},
             "pick_agree_contested": {"contested": True},
             "pick_independent": {"independent_review": False}, "pick_unsponsored": {"sponsored_only": True},
             "pick_candidates": {"compared": 1}}
    for case, change in cases.items():
        feature = case.removesuffix("_contested")
        gate = shopping_gate({**BACKED, **change})
        assert gate["signals"][feature] == 0.0, (feature, gate)
        assert all(gate["signals"][k] == 1.0 for k in SHOPPING_PICK_WEIGHTS if k != feature), (feature, gate)
        assert gate["tier"] == "medium" and gate["score"] < HIGH_THRESHOLD, (feature, gate)
        assert gate["score"] >= MEDIUM_THRESHOLD  # the pick still answers: a weak backing is no "unanswered"
    unknown = shopping_gate({**BACKED, "figures_agree": None, "publishers": None})  # a fact left unknown
    assert unknown["signals"]["pick_agree"] == 0.0 and unknown["signals"]["pick_publishers"] == 0.0


def test_the_report_wording_is_not_read_for_the_backing() -> None:
    # the line says its sources disagree and names one product, but the service's facts are what count
    worded = shopping_gate(BACKED, "- **Best overall: Quorra Q3** — print speed 120 mm/s [@test] / 12 mm/s [@test] "
                                   "(its sources disagree; the least favourable is ranked), first of 1 candidate.")
    assert worded["tier"] == "high" and worded["signals"]["pick_agree"] == 1.0, worded
    # and an analysis recorded without a backing is not backed, whatever its line says
    bare = shopping_gate(None)
    assert bare["tier"] == "medium" and bare["signals"]["pick_strength"] == 0.0, bare
    assert all(bare["signals"][k] == 0.0 for k in SHOPPING_PICK_WEIGHTS)


def shop_analysis(cites: list[str]) -> Analysis:
    """A shopping analysis whose verdicts' pick cites the pages ``cites`` (one is found sponsored: ``paid``)."""
    return Analysis(products=[], attributes=[], cells=[], conflicts=[], offers=[], budget=None, budget_currency=None,
                    reviews=[], sections=[], sources=[], notes=[], max_tier="high",
                    pick={"kind": "ranking", "subject": "Quorra Q3", "figures_agree": True, "contested": False,
                          "source_ids": [IDS[c] for c in cites], "compared": 3})


def test_the_shopping_service_counts_publishers_kinds_and_sponsorship_of_what_the_pick_cites() -> None:
    runs = memory_runs()
    run = replace(runs.get_run(started_run(runs, "Best label printer?", domain="shopping")), sources=run_sources())

    def backing(cites: list[str]) -> dict[str, Any]:
        found = pick_backing(shop_analysis(cites), run)
        PickBacking.model_validate(found)  # the contract's shape
        return found

    assert backing(["test", "shop"]) | BACKED == backing(["test", "shop"])  # every fact backs it
    assert backing(["test"])["publishers"] == 1  # one page, one publisher
    assert backing(["shop", "maker"])["independent_review"] is False  # the seller's and the maker's own pages
    assert backing(["paid"])["sponsored_only"] is True  # an affiliate review only
    assert backing(["shop", "shop2"])["publishers"] == 1  # two pages of one shop
    assert backing(["test", "paid"])["publishers"] == 1  # a sponsored page counts no publisher
    found_sponsored = replace(shop_analysis(["test", "maker"]),
                              sponsored_sources=[{"source_id": IDS["maker"], "why": "sponsored"}])
    assert pick_backing(found_sponsored, run)["publishers"] == 1  # a page the analysis found sponsored
    assert pick_backing(replace(shop_analysis([]), pick=None), run) == {"kind": "none"}
    # a page the service stored itself (its own source id) is read as the run source fetched from its address
    own_id = str(uuid4())
    own_page = replace(shop_analysis([]), sources=[{"source_id": own_id, "url": PAGES["test"][0]}],
                       pick={**shop_analysis([]).pick, "source_ids": [own_id]})  # type: ignore[dict-item]
    assert pick_backing(own_page, run)["independent_review"] is True  # the address's source is the review
    unknown = replace(own_page, sources=[{"source_id": own_id, "url": "https://elsewhere.example/p"}])
    assert pick_backing(unknown, run)["independent_review"] is False  # no run source at that address


def market_pages() -> list[SourcePage]:
    return [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                       html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in MARKET.items()]


def test_the_pick_the_verdicts_open_with_cites_its_own_sources_not_those_of_products_named_after_it() -> None:
    result = analyse("Which noise cancelling headphones are best under $300?", market_pages(), uuid4(),
                     today=date(2026, 12, 1))
    verdicts = next(s for s in result.sections if s["heading"] == "Verdicts")
    line = verdicts["body"].split("\n")[0]
    assert line.startswith("- **Best overall: Sony WH-1000XM5**") and "; ranked above it" in line, line
    own, tail = line.split("; ranked above it", 1)
    ref_source = {e["ref"]: e["source_id"] for e in verdicts["evidence"]}
    cited = [ref_source[r] for r in dict.fromkeys(part.split("]")[0] for part in own.split("[@")[1:])]
    assert result.pick is not None and result.pick["source_ids"] == list(dict.fromkeys(cited))
    assert result.pick["kind"] == "ranking" and result.pick["subject"] == "Sony WH-1000XM5"
    # its weight: 262 g / 250 g, its sources disagree, and the line says so; the pick is first at either value, so the
    # disagreement does not count against it (1aa0d2d)
    assert "weight 262 g [@v4] / 250 g [@v5] [@v6] (its sources disagree" in line, line
    assert result.pick["figures_agree"] is True
    assert result.pick["contested"] is False
    assert result.pick["compared"] == len(result.products)
    one = analyse("How much does the Sony WH-1000XM5 weigh?", market_pages(), uuid4(), today=date(2026, 12, 1))
    assert one.pick is not None and one.pick["kind"] == "values" and one.pick["figures_agree"] is False


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


#: a code recommendation every fact backs: several candidates, a type-checked snippet, a page naming it
CODE_BACKED = {"kind": "recommendation", "subject": "ibanlib0", "compared": 3, "check": "types",
               "check_failed": False, "pages_naming": 2, "page_example": False}


def code_gate(pick: dict[str, Any] | None, body: str = "**Recommended: `ibanlib0` 2.3.0**[@a] (PyPI).") -> dict[str, Any]:
    runs = memory_runs()
    run_id = started_run(runs, "Which library should I use to validate IBANs in Python?", domain="code")
    own = str(uuid4())
    analysis: dict[str, Any] = {"domain": "code", "after_claims_verified": True, "pick": pick, "sections": [
        {"heading": "Recommendation", "body": body,
         "evidence": [{"ref": "a", "source_id": own, "start": 0, "end": 5, "quote": "2.3.0"}]}], "sources": [
        {"source_id": own, "url": "https://pypi.example/pypi/ibanlib0/json", "title": "ibanlib0 on PyPI",
         "document_sha256": "c" * 64}]}
    run = replace(runs.get_run(run_id), claims_verified=True, domain_analysis=DomainAnalysis.of(analysis))
    return domain_answer_gate(GENERAL, place_domain_sections(EMPTY, run, {}).markdown, run, figures())


def test_a_code_pick_with_several_candidates_a_deep_check_and_a_page_is_high() -> None:
    gate = code_gate(CODE_BACKED)
    assert gate["tier"] == "high" and gate["signals"]["pick_strength"] == 1.0, gate
    # a fetched page's usage example shown is a page using it, as a page naming it is
    example = code_gate({**CODE_BACKED, "pages_naming": 0, "page_example": True})
    assert example["signals"]["pick_page"] == 1.0 and example["tier"] == "high", example
    assert code_gate({**CODE_BACKED, "check": "run"})["tier"] == "high"


def test_a_code_pick_of_the_only_candidate_unchecked_failed_parsed_or_on_registry_facts_alone_is_not_high() -> None:
    cases = [("pick_candidates", {"compared": 1}), ("pick_checked", {"check": "none"}),
             ("pick_checked", {"check_failed": True}), ("pick_checked", {"check": "syntax"}),
             ("pick_checked", {"check_failed": None}), ("pick_page", {"pages_naming": 0})]
    for feature, change in cases:
        gate = code_gate({**CODE_BACKED, **change})
        assert gate["signals"][feature] == 0.0, (feature, gate)
        assert gate["tier"] == "medium" and gate["signals"]["answered"] == gate["score"], (feature, gate)
    assert code_gate(None)["signals"]["pick_strength"] == 0.0  # no backing sent: not backed


def test_a_code_yes_no_about_a_named_package_and_the_values_asked_of_one_product_have_no_pick_features() -> None:
    gate = code_gate({"kind": "answer"}, "**No:** `ibanlib1`'s latest release is deprecated; use `ibanlib0`[@a].")
    assert gate["signals"]["domain_answer"] == 1.0 and "pick_strength" not in gate["signals"]
    spec = shopping_gate({"kind": "values", "subject": "Quorra Q3", "figures_agree": True, "compared": 1},
                         "**Quorra Q3, as its sources give it:** print speed 120 mm/s [@test].")
    assert "pick_strength" not in spec["signals"] and spec["tier"] == "high"


def test_a_check_counts_as_deep_when_it_read_the_types_or_ran_the_code() -> None:
    def level(checker: str, status: Any = "passed") -> str:
        return CheckResult("python", status, checker).level

    assert level("py_compile + mypy 1.13.0") == "types" and level("py_compile + mypy 1.13.0 + run") == "run"
    assert level("py_compile + mypy 1.13.0 (incomplete: no stubs for requests)") == "types"
    assert level("tsc --noEmit") == "types" and level("cargo check --offline") == "types"
    assert level("node v20.1.0 --check (syntax only)") == "syntax" and level("py_compile") == "syntax"
    assert level("py_compile + mypy 1.13.0", "failed") == "none"


def test_the_code_service_sends_what_backs_its_recommendation() -> None:
    question = "Which Python HTTP client should I use to call get() with retries: `fetchkit` or `slowhttp`?"
    with registries() as server:
        client = registry_client(server.base)
        result = survey(client, task_of(question, None), None, max_packages=8)
    snippet = Snippet(snippet_id="s1", language="python", code="import fetchkit\n\nfetchkit.get('http://x')\n",
                      purpose="a call", origin="model")
    imports = Snippet(snippet_id="s2", language="python", code="import fetchkit\n", purpose="imports",
                      origin="offline")
    typed = CheckResult("python", "passed", "py_compile + mypy 1.13.0")
    parsed = CheckResult("javascript", "passed", "node v20.1.0 --check (syntax only)")
    failed = CheckResult("python", "failed", "py_compile + mypy 1.13.0", "types", "type_error")
    found = code_backing(question, result, [], [(snippet, typed)])
    PickBacking.model_validate(found)
    assert found["kind"] == "recommendation" and found["subject"] == result.recommendable()[0].name
    assert found["compared"] == len(result.packages) >= 2
    assert found["check"] == "types" and found["check_failed"] is False
    assert code_backing(question, result, [], [(snippet, parsed)])["check"] == "syntax"
    assert code_backing(question, result, [], [(snippet, typed), (snippet, failed)])["check_failed"] is True
    assert code_backing(question, result, [], [])["check"] == "none"
    # an import check checks the package, not code using it (trial t35 fault 15: c1 was high on exifkit-imports)
    assert code_backing(question, result, [], [(imports, typed)])["check"] == "none"
    assert code_backing(question, result, [], [(imports, typed), (snippet, parsed)])["check"] == "syntax"


def timeline_line(gate: dict[str, Any]) -> str:
    """The timeline line of the ``ConfidenceGated`` event recording ``gate``."""
    return ConfidenceGated(run_id=uuid4(), event_id=uuid4(), seq=1, occurred_at=datetime.now(UTC),
                           score=gate["score"], tier=gate["tier"], signals=gate["signals"]).summary()


def test_the_timeline_line_says_what_keeps_the_pick_from_high() -> None:
    line = timeline_line(shopping_gate({**BACKED, "publishers": 1, "compared": 1}))
    assert line == ("confidence 0.60 (medium): its evidence comes from one publisher; it is the only candidate "
                    "compared"), line
    assert timeline_line(shopping_gate(BACKED)) == "confidence 1.00 (high)"


def test_the_one_package_the_question_asks_about_needs_no_other_candidate() -> None:
    # issue 15, trial t47 fault 2: "How do I ... with ibanwarden version 2?" surveys the package asked about only
    alone = code_gate({**CODE_BACKED, "compared": 1, "asked": True})
    assert alone["signals"]["pick_candidates"] == 1.0 and alone["tier"] == "high", alone
    for asked in (False, None):  # a recommendation among candidates, or a backing recorded before the field
        gate = code_gate({**CODE_BACKED, "compared": 1, "asked": asked})
        assert gate["signals"]["pick_candidates"] == 0.0 and gate["tier"] == "medium", gate


def test_the_code_service_says_when_its_pick_is_the_package_asked_about() -> None:
    with registries() as server:
        client = registry_client(server.base)
        asked_q = "How do I fetch a web page with fetchkit?"
        asked = survey(client, task_of(asked_q, None), None, max_packages=8)
        choice_q = "Which Python HTTP client should I use to call get() with retries: `fetchkit` or `slowhttp`?"
        choice = survey(client, task_of(choice_q, None), None, max_packages=8)
    found = code_backing(asked_q, asked, [], [])
    PickBacking.model_validate(found)
    assert found["subject"] == "fetchkit" and found["asked"] is True
    assert code_backing(choice_q, choice, [], [])["asked"] is False
