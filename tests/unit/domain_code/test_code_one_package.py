"""A code question about the one package it names (issue 15, trial t33 faults 8 and 6: "Can you show me a short
Python example ... using tokenpail?", "We still use throttlepy ... Is it still OK to keep using it?") is answered
with that package when nothing speaks against it, offers no runner-up nobody asked for, and introspects only the
package recommended; a requirement the report says the recommended package is not shown to meet keeps the
recommendation from "high". Invented packages; registries on loopback (tests/code_standins)."""

from __future__ import annotations

import pytest

from services.domain_code.offline import Survey, asks_one, task_of
from services.domain_code.registries import PackageFacts
from tests.code_standins import analysed
from tests.unit.domain_code.test_code_trial_t16 import blog, rate_routes


@pytest.mark.parametrize(("question", "one"), [
    ("Can you show me a short Python example that limits a function to 10 calls per second using throttlekit?",
     True),
    ("We still use pacerlib to pace requests in an old Python service. Is it still OK to keep using it?", True),
    ("What should I use instead of pacerlib?", False),
    ("What are the alternatives to `throttlekit`?", False),
    ("Which library is better for rate limiting, throttlekit or ratelimitz?", False),
    ("Is `throttlekit` better than other libraries for rate limiting?", False),
    ("Which Python library for rate limiting with async support?", False),  # names none
])
def test_a_question_asks_about_one_package_when_it_names_one_and_asks_for_no_choice(question: str, one: bool) -> None:
    assert asks_one(question, task_of(question).named) is one
    assert task_of(question).one is one


def _facts(name: str) -> PackageFacts:
    return PackageFacts("pypi", name, f"http://127.0.0.1:9/pypi/{name}/json", version="1.0.0", status="active")


def test_no_runner_up_is_offered_for_a_question_about_one_package() -> None:
    survey = Survey([_facts("throttlekit"), _facts("ratelimitz")], ["pypi"])
    assert survey.runner_up() is not None and survey.runner_up().name == "ratelimitz"  # type: ignore[union-attr]
    survey.one_asked = "throttlekit"
    assert survey.runner_up() is None


EXAMPLE = "Can you show me a short Python example that limits a function to 10 calls per second using throttlekit?"


async def test_an_example_of_a_named_package_recommends_it_with_no_runner_up() -> None:
    outcome, events = await analysed(EXAMPLE, pages=[blog()], routes_added=rate_routes())
    assert {"throttlekit", "ratelimitz"} <= {p["name"] for p in events["PackagesSurveyed"]["packages"]}
    body = outcome.sections[0]["body"]
    # ratelimitz has the more recent release (it ranks first when the question names neither)
    assert body.startswith("**Recommended: `throttlekit` 1.4.2**"), body
    assert "the package your question asks about" in body and "Runner-up" not in body, body


async def test_the_same_task_without_a_named_package_still_gets_a_runner_up() -> None:
    outcome, _ = await analysed("What are the alternatives to throttlekit for rate limiting in Python?",
                                pages=[blog()], routes_added=rate_routes())
    assert "Runner-up: `" in outcome.sections[0]["body"]


async def test_a_requirement_no_candidate_is_shown_to_meet_keeps_the_recommendation_from_high() -> None:
    outcome, _ = await analysed("Which Python library for rate limiting with a Memcached backend?", pages=[blog()],
                                routes_added=rate_routes())
    body = outcome.sections[0]["body"]
    assert "**Your requirement \"Memcached backend\":** no candidate is shown to meet it" in body, body
    assert body.startswith("**Recommended: `"), body
    assert outcome.max_tier == "medium"
    # a requirement the recommended package is shown to meet: "high" stays possible
    outcome, _ = await analysed("Which Python library for rate limiting with a Redis backend?", pages=[blog()],
                                routes_added=rate_routes())
    assert "`throttlekit` meets it" in outcome.sections[0]["body"]
    assert outcome.max_tier == "high"
