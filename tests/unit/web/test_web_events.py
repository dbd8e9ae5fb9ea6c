"""``SearchCompleted`` with retrieval diagnostics and provider failures, recorded on the ``ResearchRun`` aggregate
(in-memory event store), and an event stored before ``diagnostics`` existed still loading."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any
from uuid import uuid4

from contracts import RunRequested, SearchCompleted
from shared.store import ResearchRuns

HIT = {"url": "https://example.org/rush", "title": "Rush", "snippet": "Rush is a band.",
       "provider": "tavily+duckduckgo", "rank": 1, "score": 0.032}


def started(runs: ResearchRuns) -> Any:
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="Who is Rush?", scope="web", max_sources=5))
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "rush"}, {"sub_query_id": "q2", "text": "band"}],
                     "general", "en", "offline", False)
    return run_id


def test_diagnostics_and_failures_are_recorded_and_fan_in_selects_the_fused_hits() -> None:
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    run_id = started(runs)
    figures = {"subquery_coverage": 1.0, "term_coverage": 0.5, "domain_diversity": 1.0}
    assert runs.record_search(run_id, "q1", "rush", 1, [HIT], True, ["wikipedia: error_payload (x)"], figures)
    assert runs.record_search(run_id, "q2", "band", 1, [], True, ["wikipedia: error_payload (x)",
                                                                   "duckduckgo: rate_limited (HTTP 202)"])
    events = runs.timeline(run_id)
    searches = [e for e in events if isinstance(e, SearchCompleted)]
    assert searches[0].diagnostics == figures and searches[1].diagnostics == {}
    run = runs.get_run(run_id)
    assert list(run.providers_failed) == ["wikipedia: error_payload (x)", "duckduckgo: rate_limited (HTTP 202)"]
    assert [s.url for s in run.sources.values()] == ["https://example.org/rush"]


def test_a_search_event_stored_before_diagnostics_existed_still_loads() -> None:
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": ""})
    run_id = started(runs)
    runs.record_search(run_id, "q1", "rush", 1, [HIT], True, [], {"subquery_coverage": 1.0})
    # rewrite the stored event as the previous version of the code wrote it: version 1, no "diagnostics" key
    recorder: Any = runs.recorder
    for i, stored in enumerate(recorder._stored_events):
        if stored.topic.endswith("SearchCompleted"):
            state = json.loads(stored.state)
            assert state.pop("class_version") == 2
            state.pop("diagnostics")
            recorder._stored_events[i] = replace(stored, state=json.dumps(state).encode())
    search = next(e for e in runs.timeline(run_id) if isinstance(e, SearchCompleted))
    assert search.diagnostics == {} and search.hits[0].url == HIT["url"]
    run = runs.get_run(run_id)
    assert run.hits["q1"][0]["url"] == HIT["url"] and run.providers_failed == ()
