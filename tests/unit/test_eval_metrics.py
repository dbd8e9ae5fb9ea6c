"""The figures of ``assay eval`` (services/eval/metrics.py) on inputs whose answers are known by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from services.eval.metrics import (
    alce_citation_scores,
    all_gold_cited,
    auroc,
    cited_precision,
    cited_sentences,
    contains_answer,
    lead_section,
    norm,
    p95,
    reliability,
    report_body,
    squad_em,
    squad_f1,
    summarize_times,
)
from shared.report import report_words

REPORT = """# Which band had Neil Peart?

## Answer

Rush is a Canadian rock band [1]. Neil Peart was its drummer [2].

## Findings

- Rush released "Counterparts" in 1993 [1].

## What is missing

- nothing

## Sources

1. Rush (hotpotqa/Rush)
2. Neil Peart (hotpotqa/Neil Peart)
"""


def test_norm_folds_case_and_every_run_of_non_word_characters() -> None:
    assert norm("  Neil  PEART's -- drums!! ") == "neil peart s drums"
    assert contains_answer(REPORT, "neil peart")
    assert contains_answer(REPORT, ["Geddy Lee", "Neil-Peart"])  # any alias
    assert not contains_answer(REPORT, "Geddy Lee")
    assert not contains_answer(REPORT, "!!!")  # an answer that normalises to nothing never matches
    assert not contains_answer("It is well known that Rushmore is north.", "no")  # whole words only
    assert not contains_answer("Mount Rushmore", "Rush")
    assert contains_answer("The answer: no.", "no") and contains_answer("no", "No")


def test_body_drops_heading_lines_and_the_lead_is_the_answer_section() -> None:
    body = report_body(REPORT)
    assert body.startswith("Rush is a Canadian rock band [1].")
    assert "#" not in body and "Answer" not in body
    assert lead_section(REPORT) == "Rush is a Canadian rock band [1]. Neil Peart was its drummer [2]."


@pytest.mark.parametrize("language", ["fr", "vi", "zh", "ru", "de"])
def test_the_lead_is_found_under_the_answer_heading_of_any_report_language(language: str) -> None:
    words = report_words(language)
    report = (f"# {words.title}\n\n## {words.findings}\n\nfinding [1]\n\n## {words.answer}\n\nthe lead [2]\n\n"
              f"## {words.sources}\n\n1. x\n")
    assert lead_section(report) == "the lead [2]"


def test_without_an_answer_heading_the_lead_is_the_first_section_after_the_title() -> None:
    assert lead_section("# Title\n\nDirect answer here [1].\n\n## Details\n\nmore") == "Direct answer here [1]."
    assert lead_section("# Title\n\n## Overview\n\nFirst section.\n\n## Details\n\nmore") == "First section."
    assert lead_section("No headings at all.") == "No headings at all."
    assert lead_section("") == ""


def test_squad_exact_match_and_f1() -> None:
    assert squad_em("The Rush", "rush") == 1.0
    assert squad_em("Rush band", "Rush") == 0.0
    assert squad_f1("Rush band", "Rush") == pytest.approx(2 * 0.5 * 1 / 1.5)
    assert squad_f1("Neil Peart drummer", ["Geddy Lee", "Neil Peart"]) == pytest.approx(0.8)
    assert squad_f1("yes it is", "yes") == 0.0  # yes/no must match exactly
    assert squad_f1("Yes.", "yes") == 1.0
    assert squad_f1("nothing shared", "Rush") == 0.0


def test_cited_precision_and_both_gold_cited() -> None:
    gold = {"a", "b"}
    assert cited_precision({"a", "c", "d", "e"}, gold) == 0.25
    assert cited_precision(set(), gold) == 0.0
    assert all_gold_cited({"a", "b", "c"}, gold)
    assert not all_gold_cited({"a", "c"}, gold)
    assert not all_gold_cited({"a"}, set())


def test_auroc_on_known_inputs_including_ties() -> None:
    assert auroc([0.9, 0.8, 0.2, 0.1], [1, 1, 0, 0]) == 1.0
    assert auroc([0.1, 0.2, 0.8, 0.9], [1, 1, 0, 0]) == 0.0
    assert auroc([0.5, 0.5, 0.5, 0.5], [1, 0, 1, 0]) == 0.5  # all tied: chance
    # pairs (pos, neg): (0.8,0.5) win, (0.8,0.3) win, (0.5,0.5) tie, (0.5,0.3) win -> 3.5 / 4
    assert auroc([0.8, 0.5, 0.5, 0.3], [1, 1, 0, 0]) == pytest.approx(0.875)
    assert auroc([0.3, 0.7], [1, 1]) is None  # one class only: undefined
    with pytest.raises(ValueError):
        auroc([0.1], [1, 0])


def test_reliability_buckets_count_questions_and_share_answered() -> None:
    rows = reliability([0.05, 0.15, 0.3, 0.85, 1.0, 0.95, 1.2], [0, 1, 1, 1, 1, 0, 1])
    assert [(r.low, r.high) for r in rows] == [(0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.0)]
    assert [r.questions for r in rows] == [2, 1, 0, 0, 4]
    assert rows[0].answered == 0.5 and rows[1].answered == 1.0 and rows[2].answered is None
    assert rows[4].answered == 0.75  # 1.0 and the clamped 1.2 fall in the last bucket
    with pytest.raises(ValueError):
        reliability([0.1], [])


def test_times_mean_median_p95() -> None:
    times = [float(i) for i in range(1, 21)]
    assert p95(times) == 19.0
    assert summarize_times(times) == {"mean": 10.5, "median": 10.5, "p95": 19.0}
    assert summarize_times([]) == {"mean": 0.0, "median": 0.0, "p95": 0.0}


def test_cited_sentences_stop_before_the_closing_sections() -> None:
    found = cited_sentences(REPORT)
    assert found == [("Rush is a Canadian rock band.", [1]), ("Neil Peart was its drummer.", [2]),
                     ('Rush released "Counterparts" in 1993.', [1])]


def test_alce_counts_follow_compute_autoais() -> None:
    def entails(passage: str, sentence: str) -> bool:
        return all(word in passage.split() for word in sentence.split())

    sentences = [
        ("a b", ["a b", "c"]),       # recalled; "a b" alone entails; "c" is not needed (the rest entails)
        ("a c", ["a", "c"]),         # recalled; neither alone, but removing either breaks it: both precise
        ("x", ["a"]),                # not recalled: its citation is not precise
        ("a", ["a"]),                # one citation, recalled: precise
    ]
    assert alce_citation_scores(sentences, entails) == (3, 4, 4, 6)


def test_scifact_counts_follow_the_datasets_worked_example() -> None:
    from services.eval.claims import prf, scifact_counts

    # allenai/scifact doc/evaluation.md: gold abstracts 11 (sets [0,1] and [11]) and 15; predicted 11 and 16
    gold = {"11": [{"sentences": [0, 1], "label": "SUPPORT"}, {"sentences": [11], "label": "SUPPORT"}],
            "15": [{"sentences": [4], "label": "SUPPORT"}]}
    pred = {"11": {"label": "SUPPORT", "sentences": [1, 11, 13]}, "16": {"label": "CONTRADICT", "sentences": [18]},
            "20": {"label": "NEI", "sentences": []}}
    counts = scifact_counts(pred, gold)
    assert (counts["relevant"], counts["retrieved"], counts["correct_label_only"],
            counts["correct_rationalized"]) == (2, 2, 1, 1)
    assert prf(1, 2, 2) == (0.5, 0.5, 0.5)
    # the rationale counts only within the first 3 predicted sentences
    late = {"11": {"label": "SUPPORT", "sentences": [2, 3, 5, 11]}}
    assert scifact_counts(late, gold)["correct_rationalized"] == 0
    assert scifact_counts(late, gold)["correct_label_only"] == 1


def test_floors_and_ceilings_are_checked_by_slice() -> None:
    from services.eval.floors import check_floors
    from services.eval.suite import Figure, SuiteResult

    result = SuiteResult("hotpotqa", "dev200[:6]", 6, [Figure("answer_recall", "answer recall", 0.5),
                                                       Figure("calibration_auroc", "AUROC", None),
                                                       Figure("time_median_s", "time", 30.0, unit="s")],
                         config={"limit": "6"})
    floors = {"hotpotqa:6": {"floors": {"answer_recall": 0.6, "calibration_auroc": 0.5, "gone": 0.1},
                             "ceilings": {"time_median_s": 20.0}}}
    known, problems = check_floors(result, floors)
    assert known and problems == [
        "answer_recall 0.500 < floor 0.600",
        "calibration_auroc is undefined (n/a) where a floor of 0.5 is set",
        "gone: no such figure in suite hotpotqa (bound 0.1)",
        "time_median_s 30.000 > ceiling 20.000",
    ]
    assert check_floors(result, {"hotpotqa:20": {}}) == (False, [])
    assert "| hotpotqa | dev200[:6] | 6 | answer recall | 0.500 |" in "\n".join(result.markdown_rows())


def test_the_passage_of_a_marker_joins_every_span_quoted_through_it() -> None:
    from services.eval.hotpotqa import cited_passage

    citations = [{"n": 1, "quote": "Rush is a band."}, {"n": 2, "quote": "Peart drummed."},
                 {"n": 1, "quote": "Rush released Counterparts."}, {"n": 1, "quote": "Rush is a band."}]
    assert cited_passage(citations, 1) == "Rush is a band.\nRush released Counterparts."
    assert cited_passage(citations, 2) == "Peart drummed." and cited_passage(citations, 3) == ""


def test_a_slice_that_does_not_open_the_split_is_loaded_and_named_apart(tmp_path: Path) -> None:
    from services.eval.floors import slice_name
    from services.eval.hotpotqa import load_questions
    from services.eval.suite import SuiteResult

    data = tmp_path / "dev.json"
    data.write_text(json.dumps([{"_id": str(i)} for i in range(10)]), encoding="utf-8")
    assert [q["_id"] for q in load_questions(data, 3, start=4)] == ["4", "5", "6"]
    assert [q["_id"] for q in load_questions(data, 5, start=8)] == ["8", "9"]
    assert slice_name(SuiteResult("hotpotqa", "x", 3, config={"limit": "3", "start": "4"})) == "hotpotqa:3@4"
    assert slice_name(SuiteResult("hotpotqa", "x", 3, config={"limit": "3"})) == "hotpotqa:3"


def _outcome(in_report: bool, judge_total: int, tier: str) -> Any:
    from services.eval.hotpotqa import Outcome

    return Outcome(in_report=in_report, in_first=in_report, in_lead=in_report, em=0.0, f1=0.0, cited_precision=0.5,
                   both_gold=False, gold_cited=1, gold_total=2, cit_valid=1, cit_total=1, alce=(1, 1, 1, 1),
                   confidence=0.9 if tier != "low" else 0.3, judge_total=judge_total, seconds=1.0, tokens=0,
                   usd=0.0, status="completed", tier=tier)


def test_unanswered_reports_are_counted_by_judge_total_and_by_tier() -> None:
    from services.eval.hotpotqa import figures_of

    outcomes = [_outcome(False, 90, "medium"), _outcome(False, 55, "low"), _outcome(False, 60, "low"),
                _outcome(True, 95, "high")]
    figures = {f.key: f.value for f in figures_of(outcomes)}
    assert figures["unanswered_judged_above_60"] == 1.0
    assert figures["unanswered_tier_low"] == pytest.approx(2 / 3)
    assert {f.key: f.value for f in figures_of([_outcome(True, 95, "high")])}["unanswered_tier_low"] is None


async def test_the_unanswerable_mode_is_refused_with_another_suite_or_pooled() -> None:
    from services.eval.run import run_suite

    for name, pooled in (("scifact", False), ("hotpotqa", True)):
        with pytest.raises(ValueError, match="unanswerable"):
            await run_suite(None, name, limit=1, progress=print, pooled=pooled, unanswerable=True)  # type: ignore[arg-type]
