"""A finished run is finished: after ``RunCompleted``, ``RunFailed`` or ``RunCancelled`` nothing more is recorded
or done for it.

(a) the aggregate refuses every unit event after each terminal event: the store's ``record_*`` methods return
    False and record nothing, and an event method called through ``update`` raises ``RunFinished``;
(b) the handlers ack and drop the commands of a cancelled run without doing their work: a queued
    ``RunRequested``, ``FetchSource`` and ``VerifyClaim`` of a cancelled run reach the planner, scraper and verifier
    (their consumers acknowledge them) while a counting loopback web server and a counting loopback model server
    see no request at all; the same ``FetchSource`` for a running run is fetched (the control);
(c) the model gateway refuses a call for an ended run (``RunFinished``) before any request is made.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import TERMINAL_EVENTS, FetchSource, RunCancelled, RunRequested, VerifyClaim
from services.cli.stack import Stack
from shared.bus import durable_name
from shared.domain import claim_id_for, source_id_for
from shared.errors import RunFinished
from shared.llm.config import LlmSettings
from shared.runtime import Runtime
from shared.store import ResearchRuns, cancel_run
from tests.conftest import make_settings
from tests.consumers import wait_consumed
from tests.llm_server import Reply, ScriptedLlmServer
from tests.loopback import Route, serve
from tests.scripted_research import routing_file

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

TEXT = "The Eiffel Tower is 330 metres tall. It stands in Paris."
URLS = ("https://example.org/a", "https://example.org/b")


# ---- (a) the aggregate -------------------------------------------------------------------------------------
def _run(runs: ResearchRuns, *, question: str = "How tall is the Eiffel Tower?", urls: tuple[str, ...] = (),
         planned: bool = True, searched: bool = False, fetched: bool = False, extracted: bool = False) -> UUID:
    """A run brought to a state by the store's own methods: started, planned (sub-queries q1 and q2), q1 and
    q2 searched (two sources selected), the first source fetched, a claim extracted from it."""
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question=question, scope="web", max_sources=2, urls=urls))
    if planned:
        runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "eiffel tower height"},
                                  {"sub_query_id": "q2", "text": "eiffel tower paris"}], "general", "en",
                         "offline", False)
    if searched:
        hits = [{"url": u, "title": u, "snippet": "", "provider": "test", "rank": i + 1, "score": 1.0}
                for i, u in enumerate(URLS)]
        for q in ("q1", "q2"):
            runs.record_search(run_id, q, "eiffel", 1, hits, True, [])
    if fetched:
        runs.record_source_fetched(run_id, source_id_for(run_id, URLS[0]), url=URLS[0], final_url=URLS[0],
                                   content_type="text/html", title="A", text_sha256="0" * 64, chars=len(TEXT),
                                   via="http")
    if extracted:
        runs.record_claims(run_id, source_id_for(run_id, URLS[0]), [_claim(run_id)])
    return run_id


def _claim(run_id: UUID) -> dict[str, Any]:
    text = "The Eiffel Tower is 330 metres tall."
    return {"claim_id": str(claim_id_for(run_id, text)), "text": text, "start": 0, "end": len(text),
            "numeric": True, "recent": False, "named_event": False}


def _complete(runs: ResearchRuns, run_id: UUID) -> None:
    """End the run with ``RunCompleted`` (partial): its budget spent, a report, a judgement."""
    for _ in range(3):
        if runs.expire(run_id) != "grace":
            break
    runs.record_report(run_id, gate={"score": 0.5, "tier": "medium", "signals": {}}, report_sha256="1" * 64,
                       citations=[], used_claim_ids=[])
    runs.record_judgement(run_id, judgement={"factual_accuracy": 3, "citation_density": 3, "coverage": 3,
                                             "total": 60, "rationale": "ok", "engine": "offline"},
                          audit={"total": 0, "valid": 0, "invalid": []})


TERMINATE: dict[str, Callable[[ResearchRuns, UUID], object]] = {
    "completed": _complete,
    "failed": lambda runs, run_id: runs.fail_run(run_id, "test", "failed on purpose"),
    "cancelled": lambda runs, run_id: cancel_run(runs, run_id, "cancelled by the test"),
}

#: unit kind -> (the state the run needs for the unit to be due, the call recording it)
UNITS: dict[str, tuple[dict[str, bool], Callable[[ResearchRuns, UUID], bool]]] = {
    "plan": ({"planned": False}, lambda runs, r: runs.record_plan(
        r, [{"sub_query_id": "q1", "text": "x"}], "general", "en", "offline", False)),
    "search": ({}, lambda runs, r: runs.record_search(
        r, "q1", "eiffel", 1, [{"url": URLS[0], "title": "", "snippet": "", "provider": "t", "rank": 1,
                                "score": 1.0}], True, [])),
    "source_fetched": ({"searched": True}, lambda runs, r: runs.record_source_fetched(
        r, source_id_for(r, URLS[1]), url=URLS[1], final_url=URLS[1], content_type="text/html", title="B",
        text_sha256="2" * 64, chars=10, via="http")),
    "source_failed": ({"searched": True}, lambda runs, r: runs.record_source_failed(
        r, source_id_for(r, URLS[1]), url=URLS[1], reason="http_error: 500")),
    "claims": ({"searched": True, "fetched": True}, lambda runs, r: runs.record_claims(
        r, source_id_for(r, URLS[0]), [_claim(r)])),
    "verdict": ({"searched": True, "fetched": True, "extracted": True}, lambda runs, r: runs.record_verdict(
        r, UUID(_claim(r)["claim_id"]), verdict="supported", stability=1.0, support_score=0.9, spans=[],
        corroborating_domains=[])),
    "degraded": ({}, lambda runs, r: runs.record_degraded(r, "verifier", "model down")),
    "llm_call": ({}, lambda runs, r: runs.record_llm_call(
        r, role="verifier", model="m", tokens_in=10, tokens_out=5, cost_usd=0.0, latency_ms=3, outcome="ok")),
    "expire": ({"searched": True}, lambda runs, r: runs.expire(r) != "done"),
    "dead_letter": ({"searched": True}, lambda runs, r: runs.settle_dead_letter(
        r, kind="fetch", key=str(source_id_for(r, URLS[1])), stage="scraper", reason="gave up") == "unit"),
}


@pytest.mark.parametrize("terminal", sorted(TERMINATE))
@pytest.mark.parametrize("unit", sorted(UNITS))
def test_no_unit_event_is_recorded_after_a_terminal_event(runtime: Runtime, terminal: str, unit: str) -> None:
    state, record = UNITS[unit]
    control = _run(runtime.runs, **state)
    assert record(runtime.runs, control), f"control: {unit} must be recordable on a running run"

    run_id = _run(runtime.runs, **state)
    TERMINATE[terminal](runtime.runs, run_id)
    before = runtime.runs.timeline(run_id)
    assert isinstance(before[-1], TERMINAL_EVENTS), f"{terminal}: last event {type(before[-1]).__name__}"
    assert runtime.runs.get_run(run_id).finished

    assert record(runtime.runs, run_id) is False, f"{unit} recorded after {terminal}"
    after = runtime.runs.timeline(run_id)
    assert [e.event_id for e in after] == [e.event_id for e in before]
    # the aggregate itself refuses: an event method called on an ended run raises
    with pytest.raises(RunFinished):
        runtime.runs.update(run_id, lambda run: run.degrade(stage="test", reason="after the end"))
    assert len(runtime.runs.timeline(run_id)) == len(before)


def test_cancel_is_recorded_once_and_not_after_another_end(runtime: Runtime) -> None:
    run_id = _run(runtime.runs)
    assert cancel_run(runtime.runs, run_id, "  stop   it ") is True
    assert cancel_run(runtime.runs, run_id, "again") is False
    last = runtime.runs.timeline(run_id)[-1]
    assert isinstance(last, RunCancelled) and last.reason == "stop it"
    run = runtime.runs.get_run(run_id)
    assert run.status == "cancelled" and run.cancelled == "stop it"
    failed = _run(runtime.runs)
    runtime.runs.fail_run(failed, "test", "down")
    assert cancel_run(runtime.runs, failed, "late") is False
    assert runtime.runs.get_run(failed).status == "failed"


# ---- (b) the handlers ------------------------------------------------------------------------------------------
async def test_handlers_drop_the_work_of_a_cancelled_run(tmp_path: Path, nats_url: str, database_url: str) -> None:
    page = b"<html><head><title>B</title></head><body><p>" + TEXT.encode() * 3 + b"</p></body></html>"
    with serve({"/b.html": Route(200, page, {"Content-Type": "text/html"}),
                "/c.html": Route(200, page, {"Content-Type": "text/html"})}) as web, ScriptedLlmServer() as llm:
        llm.add("default", Reply('{"sub_queries": ["eiffel tower height"]}'))
        spec = {"model": "openai/scripted", "api_base": llm.base_url}
        routing = routing_file(tmp_path / "routing.toml", {"planner": [spec], "verifier": [spec]},
                               prices={"openai/scripted": (0.1, 0.1)})
        settings = make_settings(tmp_path / "data", nats_url, database_url)
        settings = settings.model_copy(update={"llm": LlmSettings(
            _env_file=None, config=routing, openrouter_api_key=None, ollama_api_base=None, local_base_url=None)})
        rt = Runtime.open(settings)
        try:
            runs = rt.runs
            url_b, url_c = web.url("/b.html"), web.url("/c.html")
            request = RunRequested(run_id=uuid4(), question="How tall is the Eiffel Tower?", scope="web",
                                   max_sources=2, urls=(url_b, url_c))
            runs.start_run(request)
            run_id = request.run_id
            runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "eiffel"}], "general", "en", "offline", False)
            runs.record_search(run_id, "q1", "eiffel", 1, [], True, [])  # selects the request's two URLs
            digest = rt.documents.put(TEXT, "text/html")
            runs.record_source_fetched(run_id, source_id_for(run_id, url_c), url=url_c, final_url=url_c,
                                       content_type="text/html", title="C", text_sha256=digest, chars=len(TEXT),
                                       via="http")
            claim = _claim(run_id)
            runs.record_claims(run_id, source_id_for(run_id, url_c), [claim])
            assert cancel_run(runs, run_id, "cancelled by the test")
            before = [e.event_id for e in runs.timeline(run_id)]

            control = uuid4()  # a running run whose same-shaped fetch must happen
            runs.start_run(RunRequested(run_id=control, question="How tall?", scope="web", max_sources=1,
                                        urls=(url_b,)))
            runs.record_plan(control, [{"sub_query_id": "q1", "text": "x"}], "general", "en", "offline", False)
            runs.record_search(control, "q1", "x", 1, [], True, [])

            async with Stack(rt, ["planner", "scraper", "verifier"], relay=False):
                await rt.publisher.command(request, f"again-{run_id}")
                await rt.publisher.command(FetchSource(run_id=run_id, source_id=source_id_for(run_id, url_b),
                                                       url=url_b), "cancelled-fetch")
                await rt.publisher.command(VerifyClaim(run_id=run_id, claim_id=UUID(claim["claim_id"])),
                                           "cancelled-verify")
                stream = settings.common.command_stream
                await wait_consumed(nats_url, stream, durable_name("planner", RunRequested), 1)
                await wait_consumed(nats_url, stream, durable_name("verifier", VerifyClaim), 1)
                await wait_consumed(nats_url, stream, durable_name("scraper", FetchSource), 1)
                assert web.requests == [], f"a cancelled run's page was fetched: {web.requests}"
                assert llm.calls() == 0, "a model was called for a cancelled run"

                await rt.publisher.command(FetchSource(run_id=control, source_id=source_id_for(control, url_b),
                                                       url=url_b), "control-fetch")
                await wait_consumed(nats_url, stream, durable_name("scraper", FetchSource), 2)
            assert any(p.startswith("/b.html") for p in web.requests), "the control fetch did not happen"
            assert [e.event_id for e in runs.timeline(run_id)] == before, "events recorded after RunCancelled"
            assert not rt.rejections(), "a dropped command must not be a rejection"
        finally:
            rt.close()


# ---- (c) the model gateway ------------------------------------------------------------------------------------
async def test_the_gateway_makes_no_call_for_an_ended_run(tmp_path: Path, nats_url: str, database_url: str) -> None:
    with ScriptedLlmServer() as llm:
        llm.add("default", Reply("fine"))
        spec = {"model": "openai/scripted", "api_base": llm.base_url}
        routing = routing_file(tmp_path / "routing.toml", {"verifier": [spec]},
                               prices={"openai/scripted": (0.1, 0.1)})
        settings = make_settings(tmp_path / "data", nats_url, database_url)
        settings = settings.model_copy(update={"llm": LlmSettings(
            _env_file=None, config=routing, openrouter_api_key=None, ollama_api_base=None, local_base_url=None)})
        rt = Runtime.open(settings)
        try:
            assert rt.llm is not None
            live = _run(rt.runs)
            await rt.llm.complete("verifier", [{"role": "user", "content": "hello"}], run_id=live)
            assert llm.calls() == 1  # the control: a running run's call is made
            ended = _run(rt.runs)
            cancel_run(rt.runs, ended, "cancelled by the test")
            with pytest.raises(RunFinished):
                await rt.llm.complete("verifier", [{"role": "user", "content": "hello"}], run_id=ended)
            assert llm.calls() == 1
        finally:
            rt.close()


# ---- (d) a run closed at its deadline -----------------------------------------------------------------------------
def _close_at_deadline(runs: ResearchRuns, run_id: UUID) -> list[str]:
    """Expire the run until its partial report is forced (a grace period or two first, as the sweeper does).
    Returns the outcomes."""
    outcomes = [runs.expire(run_id)]
    while outcomes[-1] == "grace" and len(outcomes) < 4:
        outcomes.append(runs.expire(run_id))
    return outcomes


@pytest.mark.parametrize("unit", ["search", "source_fetched", "source_failed", "claims", "verdict", "dead_letter"])
def test_no_stage_work_is_recorded_once_the_deadline_closed_the_run(runtime: Runtime, unit: str) -> None:
    state, record = UNITS[unit]
    run_id = _run(runtime.runs, **state)
    assert _close_at_deadline(runtime.runs, run_id)[-1] == "forced"
    view = runtime.runs.get_run(run_id)
    assert view.closed and not view.finished and view.claims_verified and view.partial
    missing = list(view.missing)
    before = [e.event_id for e in runtime.runs.timeline(run_id)]

    assert record(runtime.runs, run_id) is False, f"{unit} recorded after the deadline closed the run"
    assert [e.event_id for e in runtime.runs.timeline(run_id)] == before
    with pytest.raises(RunFinished, match="closed at its deadline"):  # the aggregate itself refuses
        runtime.runs.update(run_id, lambda run: run.fail_source(source_id=source_id_for(run_id, URLS[1]),
                                                                url=URLS[1], reason="late"))
    # the run still ends: its partial report and RunCompleted say what was missing when it closed, unchanged
    _complete(runtime.runs, run_id)
    last = runtime.runs.timeline(run_id)[-1]
    assert type(last).__name__ == "RunCompleted" and last.status == "partial"  # type: ignore[attr-defined]
    assert list(last.missing) == missing  # type: ignore[attr-defined]


def test_the_missing_list_names_exactly_the_sources_not_fetched_by_the_deadline(runtime: Runtime) -> None:
    runs = runtime.runs
    run_id = _run(runs, searched=True, fetched=True, extracted=True)  # A fetched with a claim, B still out
    assert runs.expire(run_id) == "grace"  # extraction closed on A's claims; the claim may still be verified
    # B's page comes back in the grace period: too late (its claims could no longer be extracted), not recorded
    assert runs.record_source_fetched(run_id, source_id_for(run_id, URLS[1]), url=URLS[1], final_url=URLS[1],
                                      content_type="text/html", title="B", text_sha256="2" * 64, chars=10,
                                      via="http") is False
    assert runs.settle_dead_letter(run_id, kind="fetch", key=str(source_id_for(run_id, URLS[1])), stage="scraper",
                                   reason="gave up") == "none"
    assert runs.record_verdict(run_id, UUID(_claim(run_id)["claim_id"]), verdict="supported", stability=1.0,
                               support_score=0.9, spans=[], corroborating_domains=[])  # the grace's purpose
    assert runs.expire(run_id) == "done"
    _complete(runs, run_id)
    view = runs.get_run(run_id)
    assert view.status == "partial"
    not_fetched = sorted(s.url for s in view.sources.values() if s.status == "pending")
    assert not_fetched == [URLS[1]]
    lines = [m for m in view.missing if "not fetched" in m]
    assert lines == [f"1 source(s) not fetched: {URLS[1]}"], view.missing
    last = runs.timeline(run_id)[-1]
    assert [m for m in last.missing if "not fetched" in m] == lines  # type: ignore[attr-defined]


async def test_the_scraper_does_not_fetch_for_a_run_closed_at_its_deadline(runtime: Runtime, nats_url: str) -> None:
    page = b"<html><head><title>B</title></head><body><p>" + TEXT.encode() * 3 + b"</p></body></html>"
    with serve({"/b.html": Route(200, page, {"Content-Type": "text/html"})}) as web:
        runs = runtime.runs
        url_b = web.url("/b.html")
        closed, control = uuid4(), uuid4()
        for run_id in (closed, control):
            runs.start_run(RunRequested(run_id=run_id, question="How tall?", scope="web", max_sources=1,
                                        urls=(url_b,)))
            runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "x"}], "general", "en", "offline", False)
            runs.record_search(run_id, "q1", "x", 1, [], True, [])
        assert _close_at_deadline(runs, closed)[-1] == "forced"
        before = [e.event_id for e in runs.timeline(closed)]
        async with Stack(runtime, ["scraper"], relay=False):
            await runtime.publisher.command(FetchSource(run_id=closed, source_id=source_id_for(closed, url_b),
                                                        url=url_b), "closed-fetch")
            stream = runtime.settings.common.command_stream
            await wait_consumed(nats_url, stream, durable_name("scraper", FetchSource), 1)
            assert web.requests == [], f"a closed run's page was fetched: {web.requests}"
            await runtime.publisher.command(FetchSource(run_id=control, source_id=source_id_for(control, url_b),
                                                        url=url_b), "control-fetch")
            await wait_consumed(nats_url, stream, durable_name("scraper", FetchSource), 2)
        assert any(p.startswith("/b.html") for p in web.requests), "the control fetch did not happen"
        assert [e.event_id for e in runs.timeline(closed)] == before


def test_a_run_closed_at_its_deadline_still_settles_its_report_and_run_level_dead_letters(runtime: Runtime) -> None:
    runs = runtime.runs
    unjudged = _run(runs, searched=True)
    assert _close_at_deadline(runs, unjudged)[-1] == "forced"
    assert runs.record_report(unjudged, gate={"score": 0.5, "tier": "medium", "signals": {}}, report_sha256="1" * 64,
                              citations=[], used_claim_ids=[])
    assert runs.settle_dead_letter(unjudged, kind="judge", stage="judge", reason="gave up") == "unit"
    last = runs.timeline(unjudged)[-1]
    assert type(last).__name__ == "RunCompleted" and last.status == "partial"  # type: ignore[attr-defined]

    unwritten = _run(runs, searched=True)  # the report itself dead-lettered: the run fails with the reason
    assert _close_at_deadline(runs, unwritten)[-1] == "forced"
    assert runs.settle_dead_letter(unwritten, kind="run", stage="synthesizer", reason="gave up") == "run"
    assert runs.get_run(unwritten).status == "failed"
