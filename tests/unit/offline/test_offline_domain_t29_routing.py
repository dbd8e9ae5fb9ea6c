"""Domain detection of a trial's buyer and package questions (issue 15, trial t29 faults 5 and 6): a camping stove
asked "best for" a use, a figure asked of a product model it names, and a package asked "still OK to keep using";
the rules added for them leave every HotpotQA dev200 question and every SciFact and Climate-FEVER claim where it
was. Invented products and packages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from services.planner.offline import _PRODUCT_NOUN_RE, _asks_model_spec, _classify_domain
from shared.text.packages import package_names
from tests.code_standins import analysed
from tests.unit.domain_code.test_code_trial_t27 import _pytomly

DATA = (Path(__file__).resolve().parents[3] / ".." / "shared" / "data").resolve()


@pytest.mark.parametrize(
    ("question", "domain"),
    [
        ("Which camping stove is best for winter camping when it's below freezing?", "shopping"),
        ("What's the best backpacking stove for a week in the Alps?", "shopping"),
        ("How much does the Kestrel Flame Mini actually weigh?", "shopping"),
        ("How heavy is the Lumen X3?", "shopping"),
        ("What is the battery life of the Sony WH-1000XM5?", "shopping"),
        ("We still have pycronic in an old project for our cron jobs. Is it still OK to keep using it?", "code"),
        ("Is it fine to continue using tomlfast in production?", "code"),
        # no model designation, the past tense, or no package-like name: general
        ("How much does the Eiffel Tower weigh?", "general"),
        ("How tall is the Burj Khalifa?", "general"),
        ("How much did the Apollo 11 mission cost?", "general"),
        ("Who invented the kitchen stove?", "general"),
        ("Is it OK to keep using aspirin every day?", "general"),
        ("Which shopping centre in Brisbane is served by TransLink bus routes?", "general"),  # a place
        ("Which essayist best known for \"Confessions of an English Opium-Eater\" wrote it?", "general"),
        ("What is the best laptop for students?", "shopping"),
        # words of code that are plain English too: code only beside a sign of code
        ("Walking in traffic areas in London improves lung function in elderly adults.", "general"),
        ("Satellite error inflated Great Lakes temperatures", "general"),
        ("Wu et al (2010) use a new method to calculate ice sheet mass balance.", "general"),
        ("CDK6 shows impaired binding to loss-of-function variants of p18 INK4C.", "general"),
        ("Why does my function return None?", "code"),
        ("How do I catch a ValueError exception?", "code"),
        ("What does this error mean: permission denied?", "code"),
        ("How do I manage state in React?", "code"),
        ("Where can I find the best deals when shopping for headphones?", "shopping"),
    ],
)
def test_trial_t29_questions_are_routed_to_their_domain(question: str, domain: str) -> None:
    assert _classify_domain(question) == domain


@pytest.mark.skipif(not (DATA / "hotpotqa").is_dir(), reason="the shared data sets are not checked out")
def test_every_hotpotqa_dev_question_is_general() -> None:
    hotpot = json.loads((DATA / "hotpotqa" / "hotpotqa_dev200_original_format.json").read_text())[:200]
    assert [q["question"] for q in hotpot if _classify_domain(q["question"]) != "general"] == []


def _texts() -> list[str]:
    hotpot = json.loads((DATA / "hotpotqa" / "hotpotqa_dev200_original_format.json").read_text())[:200]
    texts = [q["question"] for q in hotpot]
    for path in (DATA / "scifact" / "claims_dev.jsonl", DATA / "scifact" / "claims_train.jsonl",
                 DATA / "climate_fever" / "climate-fever.jsonl"):
        texts += [json.loads(line)["claim"] for line in path.read_text().splitlines() if line.strip()]
    return texts


@pytest.mark.skipif(not (DATA / "hotpotqa").is_dir(), reason="the shared data sets are not checked out")
def test_the_new_rules_catch_no_benchmark_question_or_claim() -> None:
    texts = _texts()
    assert len(texts) > 2000
    assert [t for t in texts if _asks_model_spec(t)] == []
    outdoor = r"(?i)\b(?:sleeping\s+pads?|(?:camp(?:ing)?|backpacking|canister|portable)\s+stoves?|headlamps?|" \
              r"flashlights?|lanterns?|water\s+filters?)\b"
    caught = [t for t in texts if re.search(outdoor, t) and _PRODUCT_NOUN_RE.search(t)]
    assert [t for t in caught if _classify_domain(t) != "general"] == []
    assert [t for t in texts if "keep" in t.lower() and package_names(t)] == []
    assert [t for t in texts if _classify_domain(t) == "code"] == []  # no claim's "function" or "error" is code
    # nor is a claim's "cheap", "buy" or "$5 billion" a buyer's: every question and claim is general
    assert [t for t in texts if _classify_domain(t) != "general"] == []


async def test_a_yes_no_question_after_a_statement_about_a_package_is_answered_from_its_registry() -> None:
    # "toml" of "TOML files" is no package a registry knows: the question asks about the one it does know
    outcome, events = await analysed("We still have pytomly in an old project for our TOML files. Is it still OK "
                                     "to keep using it?", routes_added=_pytomly())
    assert "pytomly" in {p["name"] for p in events["PackagesSurveyed"]["packages"]}
    assert outcome.sections[0]["body"].startswith("**No:** for `pytomly`, its registry summary says it is no "
                                                  "longer maintained")
