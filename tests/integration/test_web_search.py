"""Web-scope research runs over a loopback internet, through real HTTP, NATS and PostgreSQL.

Stand-in servers on 127.0.0.1 answer in the shapes of Tavily, SearXNG, DuckDuckGo's HTML endpoint, MediaWiki
and arXiv, and serve the article pages the search results point at (the scraper allow-lists 127.0.0.1 in
test settings). Each test sets the stand-ins' routes, then runs a whole research.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from contracts import Budget, RunRequested
from services.cli.research import follow, result, submit
from services.eval.hotpotqa import check_citations
from shared.settings import GathererSettings, ServiceSettings
from tests.conftest import make_settings
from tests.unit.web.standins import (
    Reply,
    StandIn,
    article,
    arxiv_error,
    arxiv_feed,
    ddg_html,
    json_reply,
    mediawiki_error,
    mediawiki_search,
    searxng_search,
    serve,
    tavily_search,
)

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
QUESTION = ('Which Canadian rock band released a song called "Counterparts" and had a drummer who was '
            'inducted into the Modern Drummer Hall of Fame?')
PAGES = {
    "/rush": article("Rush (band)", [
        "Rush was a Canadian rock band formed in Toronto in 1968.",
        "Rush released the album Counterparts in 1993, and the song Counterparts is its title track.",
        "The drummer of Rush, Neil Peart, was inducted into the Modern Drummer Hall of Fame in 1983.",
    ]),
    "/counterparts": article("Counterparts (album)", [
        "Counterparts is the fifteenth studio album by the Canadian rock band Rush, released in 1993.",
        "The album Counterparts was recorded in Quebec with producer Peter Collins.",
    ]),
    "/peart": article("Neil Peart", [
        "Neil Peart was the drummer and lyricist of the Canadian rock band Rush.",
        "Neil Peart was inducted into the Modern Drummer Hall of Fame in 1983, the youngest person so honoured.",
    ]),
    "/toronto": article("Music of Toronto", [
        "Toronto has produced many rock bands; Rush was formed there in 1968.",
    ]),
}


@dataclass
class Internet:
    """The stand-ins: one server per service, as on the real internet."""

    pages: StandIn
    tavily: StandIn
    searxng: StandIn
    ddg: StandIn
    wiki: StandIn
    arxiv: StandIn

    def page(self, path: str) -> str:
        return self.pages.url(path)


@pytest.fixture
def internet() -> Iterator[Internet]:
    with ExitStack() as stack:
        servers = [stack.enter_context(serve({})) for _ in range(6)]
        servers[0].server.routes.update(PAGES)
        yield Internet(*servers)


@pytest.fixture
def gatherer_overrides(request: pytest.FixtureRequest) -> dict[str, Any]:
    """Extra gatherer settings of one test (``@pytest.mark.parametrize(..., indirect=True)``)."""
    return dict(getattr(request, "param", {}))


@pytest.fixture
def settings(tmp_path: Path, nats_url: str, database_url: str, internet: Internet,
             gatherer_overrides: dict[str, Any]) -> ServiceSettings:
    """The test settings with every search provider pointed at its stand-in (Tavily keyed)."""
    base = make_settings(tmp_path / "data", nats_url, database_url)
    gatherer = GathererSettings(
        _env_file=None, tavily_api_key="tvly-loopback-key", tavily_url=internet.tavily.base,
        searxng_url=internet.searxng.base, duckduckgo_url=internet.ddg.base, wikipedia_url=internet.wiki.base,
        arxiv_url=internet.arxiv.url("/api/query"), arxiv_min_interval_s=0.0, provider_timeout_s=5.0,
        rate_limit_retries=1, backoff_initial_s=0.01, backoff_max_s=0.05, cooldown_s=60.0,
        **gatherer_overrides)
    return base.model_copy(update={"gatherer": gatherer})


def search_events(events: list[Any]) -> list[Any]:
    return [e for e in events if type(e).__name__ == "SearchCompleted"]


async def run_web(runtime: Any, **request: Any) -> tuple[list[Any], dict[str, Any]]:
    run_id = uuid4()
    await submit(runtime, RunRequested(run_id=run_id, question=QUESTION, scope="web", max_sources=6, **request))
    events = await follow(runtime, run_id, timeout_s=90)
    return events, result(runtime, run_id)


async def test_web_run_fuses_every_provider_fetches_the_pages_and_cites_them(
        runtime: Any, stack: Any, internet: Internet) -> None:
    i = internet
    tavily_pages = ["/rush", "/counterparts", "/peart"]
    i.tavily.server.routes["/search"] = tavily_search([
        (i.page("/rush"), "Rush (band)", "Rush was a Canadian rock band formed in Toronto in 1968."),
        (i.page("/counterparts"), "Counterparts (album)", "Counterparts is the fifteenth album by Rush."),
        (i.page("/peart"), "Neil Peart", "Neil Peart joined the Modern Drummer Hall of Fame in 1983.")])
    i.searxng.server.routes["/search"] = searxng_search(
        [(i.page("/peart"), "Neil Peart", "Neil Peart, drummer of the Canadian rock band Rush.")])
    i.ddg.server.routes["/html/"] = ddg_html(  # DuckDuckGo returns one hit
        [(i.page("/toronto") + "?utm_source=ddg", "Music of Toronto", "Rush, a Canadian rock band from Toronto.")])
    i.wiki.server.routes["/w/api.php"] = mediawiki_search(
        [("Neil Peart", 'Neil Peart was the <span class="searchmatch">drummer</span> of the rock band Rush')])
    i.wiki.server.routes["/wiki/Neil_Peart"] = PAGES["/peart"]
    i.arxiv.server.routes["/api/query"] = arxiv_feed([])

    events, res = await run_web(runtime)

    names = [type(e).__name__ for e in events]
    for stage in ("RunStarted", "PlanCreated", "SearchCompleted", "SourcesSelected", "SourceFetched",
                  "ClaimsExtracted", "ExtractionCompleted", "ClaimVerified", "ClaimsVerified", "ConfidenceGated",
                  "ReportSynthesized", "ReportJudged", "CitationsAudited", "RunCompleted"):
        assert stage in names, f"{stage} missing from {names}"
    searches = search_events(events)
    assert all(s.providers_failed == () for s in searches), [s.providers_failed for s in searches]
    # every provider was asked through real HTTP, with the providers' own request shapes
    assert i.tavily.requests_to("/search") and i.tavily.requests_to("/search")[0].method == "POST"
    assert i.searxng.requests_to("/search")[0].params["format"] == "json"
    assert i.ddg.requests_to("/html/")[0].form["q"]
    assert i.wiki.requests_to("/w/api.php")[0].params["list"] == "search"
    assert i.arxiv.requests_to("/api/query")
    # fused hits: Tavily's results are there although DuckDuckGo returned a single hit; the URL is canonical
    fused = {h.url for s in searches for h in s.hits}
    assert {i.page(p) for p in tavily_pages} <= fused
    assert i.page("/toronto") in fused and not any("utm_source" in u for u in fused)
    first = searches[0]
    assert "tavily" in first.hits[0].provider.split("+")
    assert any("+" in h.provider for h in first.hits), "a page found by several providers is fused into one hit"
    for key in ("subquery_coverage", "term_coverage", "domain_diversity"):
        assert 0.0 <= first.diagnostics[key] <= 1.0, first.diagnostics
    assert first.diagnostics["subquery_coverage"] > 0
    # the scraper fetched the loopback pages; nothing else was fetched or cited
    fetched = [s for s in res["sources"] if s["status"] in ("fetched", "extracted")]
    assert fetched and all(s["url"].startswith("http://127.0.0.1:") for s in res["sources"])
    assert {p for p in PAGES if i.pages.requests_to(p)} >= {"/rush", "/counterparts"}
    assert res["status"] == "completed"
    report = res["report"] or ""
    assert "Rush" in report.split("## Sources")[0]
    markers = {int(n) for n in re.findall(r"\[(\d+)\]", report.split("## Sources")[0])}
    assert markers and markers <= {c["n"] for c in res["citations"]}
    valid, total = check_citations(runtime, res)
    assert total > 0 and valid == total
    cited = {c["source_id"] for c in res["citations"]}
    assert cited <= {s["source_id"] for s in fetched}


async def test_every_provider_failing_ends_in_a_report_that_found_no_sources(
        runtime: Any, stack: Any, internet: Internet) -> None:
    i = internet
    i.tavily.server.routes["/search"] = json_reply({"detail": {"error": "rate limit"}}, status=429)
    i.searxng.server.routes["/search"] = Reply(500, b"Internal Server Error")
    i.ddg.server.routes["/html/"] = Reply(202, b"<html><body>Please slow down</body></html>")
    i.wiki.server.routes["/w/api.php"] = mediawiki_error("internal_api_error_DBQueryError", "Database query error")
    i.arxiv.server.routes["/api/query"] = arxiv_error("search_query is malformed", status=200)

    events, res = await run_web(runtime)

    names = [type(e).__name__ for e in events]
    assert names[-1] == "RunCompleted", names
    searches = search_events(events)
    assert searches and all(s.hits == () and s.final for s in searches)
    failures = [f for s in searches for f in s.providers_failed]
    for expected in ("tavily: rate_limited", "searxng: http_status (HTTP 500)", "duckduckgo: rate_limited",
                     "wikipedia: error_payload (internal_api_error_DBQueryError", "arxiv: error_payload"):
        assert any(f.startswith(expected) for f in failures), (expected, failures)
    selected = next(e for e in events if type(e).__name__ == "SourcesSelected")
    assert selected.sources == ()
    assert "SourceFetched" not in names and "SourceFailed" not in names
    assert res["status"] == "completed" and res["citations"] == [] and res["sources"] == []
    report = res["report"] or ""
    assert "No sources were found" in report
    assert re.search(r"\[\d+\]", report) is None and "http" not in report.split("## What is missing")[0]
    assert "tavily: rate_limited" in report  # the report says why
    # one search per sub-query (no hits: no second hop), each tried once more after a backoff at most
    assert len(i.tavily.requests_to("/search")) <= 2 * len(searches)


async def test_the_urls_a_run_names_are_fetched_and_cited_when_search_outlasts_the_budget(
        runtime: Any, stack: Any, internet: Internet) -> None:
    i = internet
    slow = Reply(200, b"{}", delay_s=4.5)  # every provider answers after the run's 3 s budget
    for server, path in ((i.tavily, "/search"), (i.searxng, "/search"), (i.ddg, "/html/"), (i.wiki, "/w/api.php"),
                         (i.arxiv, "/api/query")):
        server.server.routes[path] = slow
    events, res = await run_web(runtime, urls=(i.page("/rush"),), budget=Budget(seconds=3.0))
    names = [type(e).__name__ for e in events]
    assert names[-1] == "RunCompleted" and names.index("DeadlineExpired") < names.index("SourcesSelected"), names
    fetched = [e for e in events if type(e).__name__ == "SourceFetched"]
    assert [e.url for e in fetched] == [i.page("/rush")]
    assert res["partial"] and res["citations"], res["report"]
    assert {str(c["source_id"]) for c in res["citations"]} == {str(fetched[0].source_id)}
    assert "not searched" in res["report"]
    assert check_citations(runtime, res) == (len(res["citations"]), len(res["citations"]))


async def test_some_providers_failing_fail_over_to_the_others(runtime: Any, stack: Any, internet: Internet) -> None:
    i = internet
    i.tavily.server.routes["/search"] = [Reply(202, b""), tavily_search(
        [(i.page("/rush"), "Rush (band)", "Rush was a Canadian rock band; Counterparts; Modern Drummer.")])]
    i.searxng.server.routes["/search"] = searxng_search([], unresponsive=[["google", "CAPTCHA"]])
    i.ddg.server.routes["/html/"] = ddg_html(
        [(i.page("/counterparts"), "Counterparts", "Counterparts is an album by the Canadian rock band Rush.")])
    i.wiki.server.routes["/w/api.php"] = Reply(200, b"<html>maintenance</html>", {"Content-Type": "text/html"})
    i.arxiv.server.routes["/api/query"] = Reply(503, b"busy", {"Retry-After": "0"})

    events, res = await run_web(runtime, depth="quick")

    searches = search_events(events)
    failures = {f.split(" (")[0] for s in searches for f in s.providers_failed}
    assert {"searxng: error_payload", "wikipedia: bad_payload", "arxiv: rate_limited"} <= failures, failures
    assert not any(f.startswith("tavily") for f in failures)  # its 202 was backed off and retried
    fused = {h.url for s in searches for h in s.hits}
    assert {i.page("/rush"), i.page("/counterparts")} <= fused
    assert res["status"] == "completed" and res["citations"]
    assert "No sources were found" not in (res["report"] or "")


@pytest.mark.parametrize("gatherer_overrides", [{"tavily_research": True, "tavily_research_poll_s": 0.05}],
                         indirect=True)
async def test_deep_run_delegates_the_question_to_tavily_research(
        runtime: Any, stack: Any, internet: Internet) -> None:
    i = internet
    i.tavily.server.routes["/search"] = tavily_search(
        [(i.page("/rush"), "Rush (band)", "Rush was a Canadian rock band formed in Toronto in 1968.")])
    i.tavily.server.routes["/research"] = json_reply({"request_id": "r-1", "status": "pending", "input": QUESTION})
    i.tavily.server.routes["/research/r-1"] = [
        json_reply({"request_id": "r-1", "status": "in_progress"}, status=202),
        json_reply({"request_id": "r-1", "status": "completed", "content": "Rush [1].",
                    "sources": [{"title": "Neil Peart", "url": i.page("/peart"), "favicon": None}]})]
    for server, path in ((i.searxng, "/search"), (i.ddg, "/html/"), (i.wiki, "/w/api.php"), (i.arxiv, "/api/query")):
        server.server.routes[path] = Reply(500, b"down")

    events, res = await run_web(runtime, depth="deep")

    assert [s.json["input"] for s in i.tavily.requests_to("/research")] == [QUESTION]  # once per run
    assert len(i.tavily.requests_to("/research/r-1")) == 2
    first = next(s for s in search_events(events) if s.sub_query_id == "q1" and s.hop == 1)
    assert any("tavily-research" in h.provider.split("+") and h.url == i.page("/peart") for h in first.hits)
    assert res["status"] == "completed" and res["citations"]
