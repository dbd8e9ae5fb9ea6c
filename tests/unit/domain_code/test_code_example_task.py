"""A request for an example of a named package states no requirement of its task, and a requirement naming a unit
of time is met by documentation leaving the period to the caller (issue 15, trial t33 fault 8). Invented packages."""

from __future__ import annotations

import pytest

from services.domain_code.offline import task_of
from services.domain_code.registries import PackageFacts
from services.domain_code.requirements import Requirement, assess, requirements_of, stems


@pytest.mark.parametrize("question", [
    "Can you show me a short Python example that debounces a callback to 3 calls per minute using dampr?",
    "Could you write sample code in Rust which retries a request twice via retrowl?",
    "I'd like a snippet that parses ISO dates with datequill, please",
])
def test_the_task_of_an_example_of_a_named_package_is_no_requirement(question: str) -> None:
    task = task_of(question)
    assert task.named
    assert task.requirements == ()


def test_the_same_clause_without_a_named_package_is_a_requirement() -> None:
    got = [r.text for r in requirements_of("Show me a Python example that debounces a callback")]
    assert got == ["debounces a callback"]
    # a feature phrase beside the named package's example is still one
    got = [r.text for r in requirements_of("Show me an example using dampr with retries and jitter", ["dampr"])]
    assert got == ["retries", "jitter"]


def _facts(readme: str) -> PackageFacts:
    return PackageFacts("pypi", "dampr", "https://pypi.example/pypi/dampr/json", version="1.0", readme=readme)


def _req(text: str) -> Requirement:
    return Requirement(text, tuple(dict.fromkeys(stems(text))))


@pytest.mark.parametrize("readme", [
    "Use the debounce decorator to throttle a callback to N calls per period.",
    "Throttles a callback to at most 10 calls in any time window you choose.",
    "Throttle a callback to 3 calls per minute.",
])
def test_a_unit_of_time_is_met_by_an_open_period_or_any_number(readme: str) -> None:
    assert assess(_req("throttle callback calls minute"), _facts(readme)).verdict == "met"


@pytest.mark.parametrize("readme", [
    "Throttle a callback to 3 calls per second.",  # another unit is not the one asked
    "Throttle a callback to a few calls.",
])
def test_a_unit_of_time_is_not_met_by_another_unit_or_none(readme: str) -> None:
    assert assess(_req("throttle callback calls minute"), _facts(readme)).verdict == "not shown"
