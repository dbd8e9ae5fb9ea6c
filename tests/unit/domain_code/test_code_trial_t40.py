"""Issue 15, trials t40 / g41 (code domain): a package the report itself marks least favourable — here stale, "no
release in N years" — was still ranked first and recommended over one with recent releases because it had more
downloads (fault 12). Registries on loopback (tests/code_standins); invented package names."""

from __future__ import annotations

import json

from services.domain_code.offline import STALE_YEARS, stale
from services.domain_code.registries import PackageFacts
from tests.code_standins import JSON, _days_ago, analysed, npm_json
from tests.loopback import Reply


def _npm(name: str, ages: dict[str, int], description: str, downloads: int) -> dict[str, Reply]:
    times = {v: _days_ago(a) + "T12:00:00.000Z" for v, a in ages.items()}
    doc = npm_json(name, list(times)[-1], description=description, times=times)
    return {f"/{name}": Reply(200, json.dumps(doc).encode(), JSON),
            f"/downloads/point/last-week/{name}": Reply(200, json.dumps(
                {"downloads": downloads, "package": name}).encode(), JSON)}


def _cron_routes() -> dict[str, Reply]:
    """``cronvane`` (last release 6 years ago, 4 million downloads a week) and ``cronquill`` (releases over years,
    the latest 40 days ago, 60,000 downloads a week), and an npm search answering both."""
    search = {"objects": [{"package": {"name": n, "version": "1.0.0", "description": "cron expression parser"},
                           "score": {"final": 0.9}} for n in ("cronvane", "cronquill")], "total": 2}
    return {**_npm("cronvane", {"1.0.0": 3000, "1.4.2": 6 * 366}, "Parse cron expressions", 4_000_000),
            **_npm("cronquill", {"1.0.0": 1500, "2.0.0": 700, "2.3.1": 40}, "Parse cron expressions", 60_000),
            "/-/v1/search": Reply(200, json.dumps({**search, "time": "Mon Nov 30 2026"}).encode(), JSON)}


async def test_a_stale_package_never_ranks_first_over_one_with_recent_releases() -> None:
    outcome, events = await analysed("Which npm package should I use to parse cron expressions in Node.js?",
                                     routes_added=_cron_routes())
    ranked = [p["name"] for p in events["PackagesSurveyed"]["packages"]]
    assert ranked.index("cronquill") < ranked.index("cronvane")
    body = outcome.sections[0]["body"]
    assert body.startswith("**Recommended: `cronquill` 2.3.1**")
    table = next(s["body"] for s in outcome.sections if s["heading"] == "Package comparison")
    stale_row = next(line for line in table.splitlines() if line.startswith("| `cronvane`"))
    assert "no release in 6 years" in stale_row  # the report marks it stale, and so does not rank it first
    assert outcome.pick is not None and outcome.pick["subject"] == "cronquill"


def test_stale_reads_the_newest_usable_release() -> None:
    def facts(day: str | None) -> PackageFacts:
        return PackageFacts("npm", "x", "https://registry.example/x", version="1.0.0", latest_good="1.0.0",
                            latest_good_release=day)
    assert stale(facts(_days_ago(366 * STALE_YEARS + 2)))
    assert not stale(facts(_days_ago(366 * (STALE_YEARS - 1))))
    assert not stale(facts(None))
