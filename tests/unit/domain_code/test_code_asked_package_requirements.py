"""A package the question asks about is no requirement, nor part of one (issue 15, trial t31 faults 8 and 11), and a
judgement of the asker's current choice is none either (fault 9). Invented package names and questions."""

from __future__ import annotations

import pytest

from services.domain_code.offline import task_of
from services.domain_code.requirements import requirements_of
from shared.text.packages import package_names


@pytest.mark.parametrize(("question", "name"), [
    ("Could you write a quick Python example that parses a cron line with cronquill?", "cronquill"),
    ("A Node.js snippet that slugifies titles using slugtoria, please", "slugtoria"),
    ("Show me sample code in Rust that hashes a file via hashwren", "hashwren"),
])
def test_a_name_after_with_in_a_request_for_an_example_is_the_package_asked(question: str, name: str) -> None:
    assert name in package_names(question)
    task = task_of(question)
    assert name in task.named
    assert all(name not in r.text for r in task.requirements)
    # what the example must do is the task the snippet shows, not a requirement a package is ranked on (t33 fault 8)
    assert task.requirements == ()


def test_the_example_form_needs_an_ecosystem_or_a_popular_name() -> None:
    assert package_names("Show me an example of a tart with frangipane") == []


def test_a_phrase_is_cut_before_the_named_package() -> None:
    got = [r.text for r in requirements_of("a Python tool that converts units using unitsmith", ["unitsmith"])]
    assert got == ["converts units"]
    assert [r.text for r in requirements_of("a Python snippet that converts units using unitsmith")] == [
        "converts units using unitsmith"]


@pytest.mark.parametrize("question", [
    "Our service pins tomlbard 0.4 for config parsing. Is that still fine or should we switch?",
    "We rely on datewick in a Flask app. Is it still OK, or is it time to move on?",
    "We have used quillpdf for years. Would that still be acceptable today?",
])
def test_a_judgement_of_the_current_choice_is_no_requirement(question: str) -> None:
    assert requirements_of(question) == []


def test_a_relative_clause_after_a_noun_is_still_a_requirement() -> None:
    got = [r.text for r in requirements_of("I need a Python library that is still maintained and supports async")]
    assert got == ["is still maintained", "supports async"]
