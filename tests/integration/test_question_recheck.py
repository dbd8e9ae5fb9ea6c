"""The question cache on the gateway (``services/gateway/cache.py``, ``shared.memory.questions``) over real HTTP,
NATS and PostgreSQL with the loopback internet: the same question is answered by the earlier run, saying so; a
close question starts a run that fetches the earlier run's sources again (search no longer finds them), keeps the
verdicts of claims whose evidence text is unchanged, verifies the others again, and says so in its report;
``fresh: true`` researches from scratch."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import httpx
import pytest

from services.gateway.keys import create_key
from tests.integration.gateway_fixtures import running_gateway, with_gateway
from tests.integration.test_gateway_api import wait_for
from tests.integration.test_web_search import (  # noqa: F401 - fixtures used by name
    QUESTION,
    Internet,
    gatherer_overrides,
    internet,
    settings,
)
from tests.unit.web.standins import article, searxng_search

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow, pytest.mark.timeout(600)]
CLOSE = ('Which Canadian rock band, whose drummer was inducted into the Modern Drummer Hall of Fame, released the '
         'song "Counterparts"?')
BODY = {"scope": "web", "providers": ["searxng"], "max_sources": 4, "depth": "quick"}
BAND = article("Rush (band)", [
    "Rush was a Canadian rock band formed in Toronto in 1968.",
    "Neil Peart, the drummer of Rush, was inducted into the Modern Drummer Hall of Fame in 1983.",
    "Geddy Lee sang and played bass guitar and keyboards for the band."])
STUDIO = article("Le Studio", [
    "Le Studio was a recording studio in Morin-Heights, Quebec, beside a lake.",
    "The song Counterparts was recorded at Le Studio in 1993."])
STUDIO_NOW = article("Le Studio", [  # the same page later: its Counterparts sentence says something else
    "Le Studio was a recording studio in Morin-Heights, Quebec, beside a lake.",
    "The song Counterparts was recorded at Le Studio in 1993 with producer Peter Collins."])


async def _ended(http: httpx.AsyncClient, run_id: str) -> dict[str, Any]:
    async with http.stream("GET", f"/v1/runs/{run_id}/events") as resp:  # to the run's terminal event
        async for _ in resp.aiter_lines():
            pass
    res: dict[str, Any] = (await http.get(f"/v1/runs/{run_id}")).json()
    return res


async def test_same_question_is_cached_and_a_close_one_rechecks_the_earlier_report(
        settings: Any, runtime: Any, stack: Any, internet: Internet) -> None:  # noqa: F811
    i = internet
    i.pages.server.routes.update({"/band": BAND, "/studio": STUDIO})
    i.searxng.server.routes["/search"] = searxng_search([
        (i.page("/band"), "Rush (band)", "Rush was a Canadian rock band."),
        (i.page("/studio"), "Le Studio", "Counterparts was recorded at Le Studio.")])
    _, key = create_key(runtime.pool, "cacher")
    async with running_gateway(with_gateway(settings), runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=300) as http:
        made = await http.post("/v1/runs", json={"question": QUESTION, **BODY})
        assert made.status_code == 202 and made.json()["cached"] is None, made.text
        first = made.json()["run_id"]
        res = await _ended(http, first)
        assert res["status"] == "completed" and res["report"], res.get("failure")

        def indexed() -> bool:  # the read models the cache and verdict reuse read
            with runtime.pool.connection() as conn:
                done = conn.execute("SELECT status FROM rm_runs WHERE run_id = %s", (UUID(first),)).fetchone()
                kept = conn.execute("SELECT count(*) FROM rm_verdict_cache WHERE run_id = %s",
                                    (UUID(first),)).fetchone()
            return bool(done and done[0] == "complete" and kept and kept[0] > 0)

        await wait_for(indexed, 60, "the first run in the read models")

        # the same question, the same parameters: the earlier run answers, and says it is cached
        again = await http.post("/v1/runs", json={"question": f"  {QUESTION.lower()} ", **BODY})
        assert again.status_code == 200, again.text
        body = again.json()
        assert body["run_id"] == first and body["status"] == "completed" and body["recheck_of"] is None
        assert body["cached"]["match"] == "exact" and body["cached"]["run_id"] == first

        # the web changed: search finds nothing now, and one page says something else
        i.searxng.server.routes["/search"] = searxng_search([])
        i.pages.server.routes["/studio"] = STUDIO_NOW
        fetched_before = len(i.pages.requests_to("/studio"))
        close = await http.post("/v1/runs", json={"question": CLOSE, **BODY})
        assert close.status_code == 202, close.text
        body = close.json()
        assert body["recheck_of"] == first and body["cached"]["match"] == "similar", body
        second = body["run_id"]
        assert second != first
        res = await _ended(http, second)
        assert res["status"] == "completed", res.get("failure")
        assert len(i.pages.requests_to("/studio")) > fetched_before  # fetched again though search found nothing
        assert {s["url"] for s in res["sources"]} >= {i.page("/band"), i.page("/studio")}
        report = res["report"]
        print(report)  # shown with -s
        assert "## Re-check of an earlier report" in report and f"run {first}" in report
        assert "2 web sources were fetched again (2 fetched)" in report
        assert report.index("## Re-check") < report.index("## Sources")
        verified = [e for e in runtime.runs.timeline(UUID(second)) if type(e).__name__ == "ClaimVerified"]
        reused = [e for e in verified if e.reused_from is not None]
        changed = {s["source_id"] for s in res["sources"] if s["url"] == i.page("/studio")}
        again_verified = [e for e in verified if e.reused_from is None]
        assert reused and again_verified, (len(reused), len(verified))
        claims = {c["claim_id"]: c for c in res["claims"]}
        # a claim whose earlier verdict quoted the sentence that changed is verified again; the claims that kept
        # their verdicts rest on sentences still in the current sources, unchanged
        old = "The song Counterparts was recorded at Le Studio in 1993."
        text_of = {c.claim_id: c.text for r in (UUID(first), UUID(second)) for e in runtime.runs.timeline(r)
                   if type(e).__name__ == "ClaimsExtracted" for c in e.claims}
        stale = {text_of[e.claim_id] for e in runtime.runs.timeline(UUID(first))
                 if type(e).__name__ == "ClaimVerified" and old in [sp.quote for sp in e.spans]}
        assert stale  # the first run's verdict on the recording quoted it
        for e in verified:
            assert e.reused_from is None or text_of[e.claim_id] not in stale, text_of[e.claim_id]
        assert any(e.reused_from is None for e in verified if claims[str(e.claim_id)]["source_id"] in changed)
        assert f"Of {len(verified)} claims, {len(reused)} kept the verdict" in report

        # fresh: research again from scratch, no cache
        fresh = await http.post("/v1/runs", json={"question": QUESTION, "fresh": True, **BODY})
        assert fresh.status_code == 202 and fresh.json()["cached"] is None and fresh.json()["run_id"] != first
        await _ended(http, fresh.json()["run_id"])
