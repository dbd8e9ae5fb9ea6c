"""Issue 15, trial t19 fault 14: "Should I use ratelimitr or limitwise for async rate limiting with a Redis backend
in Python?" read only "Redis backend" as a requirement ("async" before the task noun was dropped), named as
runner-up the package whose own README says it has no async support, and never compared the two named packages.
A property adjective before a noun is a requirement; an "A or B" question is answered head to head. Registries on
loopback (tests/code_standins)."""

from __future__ import annotations

import json
from typing import Any

from services.domain_code.requirements import requirements_of
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Answer, Reply


def test_a_property_adjective_before_the_task_noun_is_a_requirement() -> None:
    texts = [r.text for r in requirements_of("Should I use quotaflow or slowgate for async rate limiting with a "
                                             "Redis backend in Python?")]
    assert texts == ["async", "Redis backend"]
    assert [r.text for r in requirements_of("Is there a thread-safe LRU cache for Python?")] == ["thread-safe"]
    # an adjective inside a feature phrase is not stated twice
    assert [r.text for r in requirements_of("A Rust HTTP client that can do async requests with timeouts")] == [
        "do async requests", "timeouts"]
    assert requirements_of("How do I parse TOML with Python?") == []


def _routes(quotaflow_yanked: bool) -> dict[str, Answer]:
    def doc(name: str, version: str, summary: str, description: str, **kw: Any) -> Reply:
        return Reply(200, json.dumps(pypi_json(name, version, summary=summary, description=description,
                                               **kw)).encode(), JSON)
    return {
        "/pypi/quotaflow/json": doc(
            "quotaflow", "3.0.0", "Rate limiter", "# quotaflow\n\nA rate limiter with async support.\n\nCounters "
            "can be kept in Redis.\n", yanked=quotaflow_yanked,
            releases={"2.0.0": "2022-01-01", "2.5.0": "2024-05-01", "3.0.0": "2026-07-01"}),
        "/pypi/slowgate/json": doc(
            "slowgate", "1.6.0", "Simple rate limiter", "# slowgate\n\nslowgate is simple.\n\nslowgate has no async "
            "support. Counters can be kept in Redis.\n",
            releases={"1.0.0": "2021-01-01", "1.5.0": "2024-03-01", "1.6.0": "2026-08-01"}),
    }


QUESTION = "Should I use quotaflow or slowgate for async rate limiting with a Redis backend in Python?"


async def test_an_a_or_b_question_is_answered_head_to_head() -> None:
    outcome, _ = await analysed(QUESTION, routes_added=_routes(quotaflow_yanked=False))
    body = outcome.sections[0]["body"]
    assert "**Recommended: `quotaflow` 3.0.0**" in body
    assert "Runner-up: `slowgate`" not in body  # its own README denies a requirement
    assert "**`quotaflow` or `slowgate`:** `quotaflow` is the better choice of the two: `slowgate` is said by its " \
           "own README not to meet \"async\"" in body


async def test_a_package_yanked_in_its_latest_release_only_is_chosen_at_the_release_that_is_not() -> None:
    outcome, _ = await analysed(QUESTION, routes_added=_routes(quotaflow_yanked=True))
    body = outcome.sections[0]["body"]
    assert "Runner-up: `slowgate`" not in body
    # only its latest release is yanked (trial t49 fault 1): chosen and pinned at the newest one that is not
    assert body.startswith("**Recommended: `quotaflow` 2.5.0**")
    assert "pinned (`quotaflow==2.5.0`) because its latest release 3.0.0 is yanked (broken)" in body
    assert "**`quotaflow` or `slowgate`:** `quotaflow` is the better choice of the two (pin `quotaflow==2.5.0`: its " \
           "latest release 3.0.0 is yanked): `slowgate` is said by its own README not to meet \"async\"." in body
