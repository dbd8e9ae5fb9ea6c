"""A code report's confidence tells the truth the judge reads (issue 15, trials t40 / g41 fault 13: a code report
1.00 "high" that the judge gave 39/100). A request for code ("Can you show me example code ...?", "Show me how to
...", "Write a function that ...") is answered by usage code that passed its sandbox check on the package's
signatures (``SnippetChecked``, ``ApiSignaturesExtracted``), not by a sentence of an answer type: the judge scores it
so, and the gate never says "high" when the judge counts the report unanswered, nor over a disputed value.
Invented packages; the runs are built in memory (tests/unit/handlers/fakes)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import uuid4

from services.judge.handlers import assess
from services.judge.offline import UNANSWERED_MAX
from services.synthesizer.confidence import HIGH_THRESHOLD
from services.synthesizer.domain import cap_gate, domain_answer_gate, one_code_pick, place_domain_sections
from shared.domain import FrozenDict, Gate, ReportRecord, RunView, deep_check
from shared.evidence import Claim, FigureWindow
from shared.text.answer import is_request
from tests.unit.handlers.fakes import FakeDocuments
from tests.unit.test_code_pick_lead import PACKAGES, a_run, sources
from tests.unit.test_domain_answer_gate import BACKED, BACKING, GENERAL, only_the_pick

REQUEST = "Can you show me example code to load a TOML file in Python?"
SIGNATURES = {"signatures": [{"package": "tomlfast", "name": "load", "qualified": "tomlfast.load(text: str) -> dict",
                              "language": "python"}], "packages": ["tomlfast==2.3.1"], "problems": []}


def check(snippet: str, origin: str, status: str, attempt: int = 1,
          checker: str = "py_compile + mypy 1.13 + run") -> tuple[str, dict[str, Any]]:
    """A ``SnippetChecked`` domain event (its key and payload) as the run records it."""
    return f"SnippetChecked:{snippet}:{attempt}", {
        "snippet_id": snippet, "attempt": attempt, "origin": origin, "language": "python", "status": status,
        "checker": checker, "stage": "run", "reason": "" if status == "passed" else "NameError",
        "versions": {"tomlfast": "2.3.1"}, "seconds": 0.2}


def code_run(question: str, *checks: tuple[str, dict[str, Any]], signatures: bool = True) -> RunView:
    """A code run whose backed recommendation leads (several candidates, a page naming it, a passing check),
    with these snippet checks recorded."""
    run = a_run(first=BACKED, pick=BACKING, question=question)
    events = {"PackagesSurveyed": {"packages": PACKAGES, "ecosystems": ["pypi"]}, **dict(checks)}
    if signatures:
        events["ApiSignaturesExtracted"] = SIGNATURES
    return replace(run, domain_events=FrozenDict(events))


def figures(n: int) -> list[Claim]:
    return [Claim(claim_id=str(uuid4()), source_id="s", text=f"figure {i}", verdict="supported",
                  figure=FigureWindow(domain="code", quote="2.3.1", window_start=0, window_end=5)) for i in range(n)]


def gated_and_judged(run: RunView) -> tuple[dict[str, Any], dict[str, Any]]:
    """The report's gate (as ``finish_report`` records it) and the judge handler's judgement of it."""
    report = one_code_pick(place_domain_sections(only_the_pick(), run, sources()), run)
    gate = cap_gate(domain_answer_gate(GENERAL, report.markdown, run, figures(3)), run, figures(3))
    view = ReportRecord(report_sha256="e" * 64, citations=tuple(report.citations), used_claim_ids=(),
                        partial=False, missing=(), engine="offline", degraded=False)
    cited = {str(c.claim_id): Claim(claim_id=str(c.claim_id), source_id=c.source_id, text=c.quote, verdict="supported",
                                    figure=FigureWindow(domain="code", quote=c.quote, window_start=0, window_end=5))
             for c in report.citations}  # the recommendation's registry figures, which the verifier supported
    judged = replace(run, report=view, claims=FrozenDict(cited), gate=Gate(score=gate["score"], tier=gate["tier"], signals=gate["signals"]))
    judgement, _ = assess(FakeDocuments(), judged, report.markdown)
    return gate, judgement


def test_a_request_answered_by_a_page_example_that_passed_is_judged_answered_and_high() -> None:
    run = code_run(REQUEST, check("tomlfast-docs-example", "docs", "passed"),
                   check("tomlfast-imports", "offline", "passed"))
    assert run.usage_code_passed() is True
    gate, judgement = gated_and_judged(run)
    assert gate["tier"] == "high" and "request_unanswered" not in gate["signals"]
    assert judgement["total"] > UNANSWERED_MAX, judgement["rationale"]
    assert "the lead answers the request for code: usage code that passed its check" in judgement["rationale"]


def test_a_request_with_only_import_checks_or_failing_code_is_never_high_and_judged_unanswered() -> None:
    for checks in ((check("tomlfast-imports", "offline", "passed"),),  # names exist; no code doing the task
                   (check("tomlfast-usage", "model", "failed"), check("tomlfast-imports", "offline", "passed")),
                   (check("tomlfast-usage", "model", "passed", checker="py_compile"),)):  # parsed only
        run = code_run(REQUEST, *checks)
        assert run.usage_code_passed() is False
        gate, judgement = gated_and_judged(run)
        assert gate["tier"] != "high" and gate["score"] < HIGH_THRESHOLD
        assert gate["signals"]["request_unanswered"] == 1.0
        assert judgement["total"] <= UNANSWERED_MAX
        assert "(no code shown passed its check)" in judgement["rationale"]


def test_usage_code_reads_the_last_attempt_and_needs_signatures() -> None:
    repaired = code_run(REQUEST, check("tomlfast-usage", "model", "failed", 1),
                        check("tomlfast-usage", "repair", "passed", 2))
    assert repaired.usage_code_passed() is True
    broke = code_run(REQUEST, check("tomlfast-usage", "model", "passed", 1),
                     check("tomlfast-usage", "repair", "failed", 2))
    assert broke.usage_code_passed() is False
    assert code_run(REQUEST, check("tomlfast-docs-example", "docs", "passed"), signatures=False
                    ).usage_code_passed() is False
    assert code_run(REQUEST).usage_code_passed() is None  # nothing checked: no code analysis of code
    assert deep_check("py_compile + mypy 1.13") and deep_check("tsc 5.4") and deep_check("cargo check")
    assert not deep_check("py_compile") and not deep_check("node --check (syntax only)")


def test_a_lead_the_judge_reads_as_no_answer_is_not_high_even_without_checked_code() -> None:
    # the trial's 1.00 "high" judged 39: a yes/no-shaped request whose run checked no code
    gate, judgement = gated_and_judged(code_run(REQUEST))
    assert judgement["total"] <= UNANSWERED_MAX
    assert gate["tier"] == "medium" and gate["signals"]["lead_untyped"] == 1.0
    # a "which" question the pick answers stays "high", and is judged answered
    gate, judgement = gated_and_judged(code_run("Which library should I use to parse TOML config files in Python?"))
    assert gate["tier"] == "high" and "lead_untyped" not in gate["signals"]
    assert judgement["total"] > UNANSWERED_MAX


def test_a_disputed_value_the_general_gate_found_holds_a_domain_answer_below_high() -> None:
    run = code_run("Which library should I use to parse TOML config files in Python?")
    report = place_domain_sections(only_the_pick(), run, sources())
    signals: dict[str, float] = dict(GENERAL["signals"])  # type: ignore[call-overload]
    disputed = {**GENERAL, "signals": {**signals, "disputed": 1.0}}
    gate = domain_answer_gate(disputed, report.markdown, run, figures(3))
    assert gate["tier"] == "medium" and gate["signals"]["disputed"] == 1.0
    assert domain_answer_gate(GENERAL, report.markdown, run, figures(3))["tier"] == "high"


def test_imperative_requests_are_requests_and_questions_are_not() -> None:
    for q in ("Show me how to parse a cron expression in Python", "Write a function that parses TOML",
              "Please give me an example of loading YAML", "Help me write a CSV reader", REQUEST):
        assert is_request(q), q
    for q in ("Who wrote the tomlfast package?", "Which library parses TOML?", "Write-ups of the 1921 census?",
              "Showing films in Berlin: where?", "List the founders of Kestrin Observatory"):
        assert not is_request(q), q


def test_usage_code_type_checked_only_is_not_high_unless_some_check_ran_code() -> None:
    # issue 15, trial t47 fault 8: the only usage example was type-checked but never run (it reads an input file)
    typed = check("tomlfast-docs-example", "docs", "passed", checker="py_compile + mypy 1.13")
    run = code_run(REQUEST, typed)
    assert run.usage_code_passed() is True and run.code_ran() is False
    gate, _ = gated_and_judged(run)
    assert gate["tier"] != "high" and gate["signals"]["code_not_run"] == 1.0
    # an import check that ran shows the names import and have these signatures: the tier may stay high
    ran = code_run(REQUEST, typed, check("tomlfast-imports", "offline", "passed"))
    assert ran.code_ran() is True
    gate, _ = gated_and_judged(ran)
    assert gate["tier"] == "high" and "code_not_run" not in gate["signals"]
    assert code_run(REQUEST).code_ran() is None


def test_a_yes_no_question_asking_to_be_shown_how_is_not_high_when_its_lead_gives_no_yes_or_no() -> None:
    # t51s c4: "Is the Python package x a good choice ...? Show how to use it." answered by a recommendation of
    # another package whose code passed: the judge reads a yes/no question (46), the gate said 1.00 "high"
    question = "Is the Python package tomlzap a good choice for loading TOML files? Show how to use it."
    run = code_run(question, check("tomlfast-docs-example", "docs", "passed"),
                   check("tomlfast-imports", "offline", "passed"))
    gate, judgement = gated_and_judged(run)
    assert judgement["total"] <= UNANSWERED_MAX, judgement["rationale"]
    assert gate["tier"] != "high" and gate["signals"]["lead_untyped"] == 1.0
