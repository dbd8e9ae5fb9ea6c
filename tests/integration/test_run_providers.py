"""Per-run search engines (``RunRequested.providers``) over the loopback internet, through real HTTP, NATS and
PostgreSQL: a provider the run switched off is never asked (its stand-in server receives 0 requests), the ones
it kept are, and so are the local corpus and research memory only when kept."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import pytest

from contracts import RunRequested
from services.cli.research import follow, result, submit
from tests.integration.test_pipeline import ingest_sample
from tests.integration.test_web_search import (  # noqa: F401 - fixtures used by name
    PAGES,
    QUESTION,
    Internet,
    gatherer_overrides,
    internet,
    search_events,
    settings,
)
from tests.unit.web.standins import arxiv_feed, ddg_html, mediawiki_search, searxng_search, tavily_search

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]


async def run_both(runtime: Any, **request: Any) -> tuple[list[Any], dict[str, Any]]:
    """A run over the web and the local corpus; its events and result."""
    run_id = uuid4()
    await submit(runtime, RunRequested(run_id=run_id, question=QUESTION, scope="both", max_sources=6, **request))
    events = await follow(runtime, run_id, timeout_s=90)
    return events, result(runtime, run_id)


def every_provider_answers(i: Internet) -> None:
    """Each stand-in answers with a hit, so a provider left unasked is the run's choice, not a failure."""
    i.tavily.server.routes["/search"] = tavily_search([(i.page("/rush"), "Rush (band)", "Rush was a Canadian band.")])
    i.searxng.server.routes["/search"] = searxng_search([(i.page("/peart"), "Neil Peart", "Neil Peart of Rush.")])
    i.ddg.server.routes["/html/"] = ddg_html([(i.page("/toronto"), "Music of Toronto", "Rush, from Toronto.")])
    i.wiki.server.routes["/w/api.php"] = mediawiki_search([("Neil Peart", "Neil Peart was the drummer of Rush")])
    i.wiki.server.routes["/wiki/Neil_Peart"] = PAGES["/peart"]
    i.arxiv.server.routes["/api/query"] = arxiv_feed([])


async def test_a_switched_off_provider_receives_no_request(runtime: Any, stack: Any, internet: Internet) -> None:  # noqa: F811
    i = internet
    every_provider_answers(i)
    ingest_sample(runtime)

    events, res = await run_both(runtime, providers=("searxng", "wikipedia"))

    assert res["status"] == "completed", res.get("failure")
    started = events[0]
    assert type(started).__name__ == "RunStarted" and started.providers == ("searxng", "wikipedia")
    # switched off: never asked
    assert i.tavily.server.requests == [] and i.ddg.server.requests == [] and i.arxiv.server.requests == []
    # kept: asked
    assert i.searxng.requests_to("/search") and i.wiki.requests_to("/w/api.php")
    searches = search_events(events)
    providers = {p for s in searches for h in s.hits for p in h.provider.split("+")}
    assert providers and providers <= {"searxng", "wikipedia"}, providers  # no local corpus, no memory hit
    assert all(s.providers_failed == () for s in searches), [s.providers_failed for s in searches]


async def test_switching_off_every_web_provider_says_so(runtime: Any, stack: Any, internet: Internet) -> None:  # noqa: F811
    i = internet
    every_provider_answers(i)
    ingest_sample(runtime)

    events, res = await run_both(runtime, providers=("local",))

    assert res["status"] == "completed", res.get("failure")
    assert all(not s.server.requests for s in (i.tavily, i.searxng, i.ddg, i.wiki, i.arxiv))
    searches = search_events(events)
    assert {p for s in searches for h in s.hits for p in h.provider.split("+")} == {"local"}
    failed = {f for s in searches for f in s.providers_failed}
    assert any(f.startswith("web: switched off by the run") for f in failed), failed
