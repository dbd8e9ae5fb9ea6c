"""Issue 15, trials t40 / g41 (code domain): a package the report itself marks least favourable — here stale, "no
release in N years" — was still ranked first and recommended over one with recent releases because it had more
downloads (fault 12). Registries on loopback (tests/code_standins); invented package names."""

from __future__ import annotations

import json
from typing import Any

from services.domain_code.offline import STALE_YEARS, stale
from services.domain_code.pages import Page
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


#: a fetched documentation page whose usage example calls fetchkit as its signatures declare
DOCS = ("<html><body><h1>fetchkit</h1><pre><code>pip install fetchkit</code></pre>"
        "<pre><code>import fetchkit\nresp = fetchkit.get(&quot;https://example.org&quot;, retries=2)\n"
        "print(resp.status)</code></pre></body></html>")
BROKEN = 'import fetchkit\n\nprint(fetchkit.fetch_all("https://example.org"))\n'


def _docs_page() -> Page:
    return Page("s1", "https://docs.example/fetchkit", "fetchkit docs", "fetchkit is an HTTP client.", html=DOCS)


async def test_a_request_to_write_code_checks_the_page_example_and_reports_it_passed() -> None:
    # fault 7: "Write a function that ..." asks for code; the page's example is checked and reported as passed
    outcome, events = await analysed("Write a function that fetches a URL with retries in Python",
                                     pages=[_docs_page()])
    assert events["SnippetChecked:fetchkit-docs-example:1"]["status"] == "passed"
    body = outcome.sections[0]["body"]
    assert "Code that passed its check: `fetchkit-docs-example`" in body
    assert "No usage code is shown" not in body and "No proposed code passed" not in body
    assert outcome.pick is not None and outcome.pick["page_example"] is True and outcome.pick["check"] == "run"


#: the checks the scripted model was told of when it recommended
TOLD: list[str] = []


def _model(body: dict[str, Any]) -> str:
    """A scripted model: names fetchkit, writes (and "repairs") code calling a function fetchkit lacks, and
    recommends fetchkit (keeping what it was told of the checks in :data:`TOLD`)."""
    system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
    if system.startswith("You name software packages"):
        return json.dumps({"packages": ["fetchkit"]})
    if "program" in system:
        return json.dumps({"code": BROKEN, "purpose": "fetch a URL"})
    TOLD.append(user.split("Checks of the proposed code:", 1)[-1])
    return "Use fetchkit for this task."


async def test_with_a_model_the_page_example_is_checked_too_and_counted_as_code_that_passed() -> None:
    from shared.llm.calls import ModelCalls
    from shared.store import ResearchRuns
    from tests.llm_server import Reply as LlmReply
    from tests.llm_server import ScriptedLlmServer
    from tests.unit.engines.conftest import gateway, script, spec, start_run

    with ScriptedLlmServer() as server:
        runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
        name = script(server, LlmReply(respond=_model))
        calls = ModelCalls(gateway(runs, {"synthesizer": [spec(server, name)]}), runs, start_run(runs), "domain-code")
        outcome, events = await analysed("Show me how to fetch a URL with retries in Python", calls=calls,
                                         pages=[_docs_page()])
    checks = {k: v for k, v in events.items() if k.startswith("SnippetChecked:")}
    assert checks["SnippetChecked:fetchkit-docs-example:1"]["status"] == "passed"
    assert any(v["origin"] in ("model", "repair") and v["status"] == "failed" for v in checks.values())
    body = outcome.sections[0]["body"]
    assert "No proposed code passed its check" not in body
    assert "Code that passed its check: `fetchkit-docs-example`" in body
    assert "FAILED its check" in body  # the model's code is still shown failing
    # the model's recommendation was told the page example passed, as the report says
    assert "- fetchkit-docs-example (python, a fetched page's own usage example): passed" in TOLD[-1]


def test_the_request_for_code_is_no_requirement_of_the_package() -> None:
    from services.domain_code.requirements import requirements_of

    def said(q: str) -> list[str]:
        return [r.text for r in requirements_of(q)]
    assert said("Which Python package should I use for HTTP requests with retries, and show me how?") == ["retries"]
    assert said("Please give me an example for YAML with comments kept, and show us the code") == ["comments kept"]
    assert said("I need a YAML library that preserves comments") == ["preserves comments"]  # a requirement still


async def test_a_good_answer_to_which_package_and_show_me_how_is_not_held_back_by_its_own_request() -> None:
    outcome, _ = await analysed("Which Python package should I use for HTTP requests with retries, and show me how?",
                                pages=[_docs_page()])
    body = outcome.sections[0]["body"]
    assert 'Your requirement "show me how"' not in body
    assert "Code that passed its check: `fetchkit-docs-example`" in body
    assert outcome.max_tier == "high"
