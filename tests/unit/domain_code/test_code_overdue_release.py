"""Trial t61b 5c (code domain): "Is the Python package `x` still maintained?" was answered "**Yes:** `x`'s latest
release ... is of <date>, 30 releases since ..." at 1.00 high although its newest release was 520 days old and the
package's own median interval between releases is 120 days: ``releases_said`` answered No only after
``STALE_YEARS``. A newest release older than a year and more than ``OVERDUE_TIMES`` times the package's median
interval (``PackageFacts.cadence_days``) is now said in the Yes ("no release for 520 days, over 4 times its usual
interval of 120 days"), and the answer is "medium" at most. Invented package names and figures throughout."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, date, datetime, timedelta

from services.domain_code.offline import Evidence, Survey, overdue, yes_no_answer
from services.domain_code.registries import PackageFacts
from tests.code_standins import JSON, analysed, npm_json
from tests.loopback import Reply


def _ago(days: int) -> str:
    return (datetime.now(UTC).date() - timedelta(days=days)).isoformat()


def _times(last: int, every: int, n: int) -> dict[str, str]:
    """``n`` npm releases ``every`` days apart, the newest ``last`` days ago."""
    return {f"1.{i}.0": f"{_ago(last + every * (n - 1 - i))}T09:00:00.000Z" for i in range(n)}


def _route(name: str, times: dict[str, str]) -> Reply:
    doc = npm_json(name, list(times)[-1], description="Parse and format braille cell patterns", times=times)
    doc["readme"] = f"# {name}\n\nParse and format braille cell patterns.\n"
    return Reply(200, json.dumps(doc).encode(), JSON)


ROUTES = {"/dotweave": _route("dotweave", _times(530, 110, 7)),   # 530 days since, every 110: overdue
          "/cellbraid": _route("cellbraid", _times(400, 200, 7))}  # 400 days since, every 200: not 3 times


def _lead(question: str) -> tuple[str, str]:
    out, _ = asyncio.run(analysed(question, routes_added=ROUTES, forced=True))
    return (str(out.sections[0]["body"]).split("\n")[0] if out.sections else "", out.max_tier)


def test_a_package_long_past_its_own_release_interval_is_a_guarded_yes() -> None:
    lead, tier = _lead("Is the npm package `dotweave` still maintained?")
    assert lead == (f"**Yes:** `dotweave`'s latest release, 1.6.0, is of {_ago(530)}[@e1], "
                    f"7 releases since {_ago(1190)}; no release for 530 days, over 4 times its usual interval of "
                    "110 days.")
    assert tier == "medium"


def test_a_package_within_three_times_its_interval_keeps_its_plain_yes() -> None:
    lead, tier = _lead("Is the npm package `cellbraid` still maintained?")
    assert lead == (f"**Yes:** `cellbraid`'s latest release, 1.6.0, is of {_ago(400)}[@e1], "
                    f"7 releases since {_ago(1600)}.")
    assert tier == "high"


def _facts(day: str, cadence: float | None) -> PackageFacts:
    return PackageFacts("pypi", "runeloom", "http://127.0.0.1/pypi/runeloom/json", version="2.0.0",
                        latest_release=day, releases=9, cadence_days=cadence, latest_good="2.0.0",
                        latest_good_release=day, first_release="2019-04-02", summary="Weave runes")


def test_overdue_counts_days_against_the_packages_own_interval() -> None:
    today = date(2026, 6, 30)
    assert overdue(_facts("2025-01-01", 60.5), today) == (
        "no release for 545 days, over 9 times its usual interval of 60.5 days")
    assert overdue(_facts("2025-03-02", 120), today) == (
        "no release for 485 days, over 4 times its usual interval of 120 days")
    assert overdue(_facts("2025-03-07", 120), today) == (
        "no release for 480 days, 4 times its usual interval of 120 days")
    assert overdue(_facts("2025-08-01", 30), today) == ""  # under a year old
    assert overdue(_facts("2024-12-01", 250), today) == ""  # 576 days: not over 3 times 250
    assert overdue(_facts("2024-12-01", None), today) == ""  # no cadence: one release


def test_a_plain_yes_no_answer_says_it_too() -> None:
    p = _facts(_ago(510), 100)
    said = yes_no_answer("Is runeloom still maintained?", Survey([p], ["pypi"], question_named=["runeloom"]),
                         Evidence({}))
    assert said == (f"**Yes:** `runeloom`'s latest release, 2.0.0, is of {_ago(510)}, 9 releases since 2019-04-02; "
                    "no release for 510 days, over 5 times its usual interval of 100 days.")
