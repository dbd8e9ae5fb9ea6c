"""Planner engine: sub-queries (3-6, de-duplicated, capped by depth, topped up), domain, language, STORM
perspectives for deep runs with a bounded gap loop, and the offline fallback."""

from __future__ import annotations

import json

from contracts import PlanCreated
from services.planner.model import MAX_PERSPECTIVE_HOPS, plan_question
from shared.store import ResearchRuns
from tests.llm_server import Reply, ScriptedLlmServer
from tests.scripted_research import ScriptedResearcher
from tests.unit.engines.conftest import calls_for, script, start_run

QUESTION = ('Which Canadian rock band released a song called "Counterparts" and had a drummer who was inducted '
            'into the Modern Drummer Hall of Fame?')


def answer(**kw: object) -> Reply:
    return Reply(json.dumps(kw))


async def test_standard_plan_is_deduplicated_capped_and_carries_domain_and_language(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    model = script(server, answer(sub_queries=["Rush Counterparts song", "counterparts rush SONGS", "Neil Peart",
                                               "Modern Drummer Hall of Fame", "Rush band members", "Rush 1993 album",
                                               "Canadian rock bands"], domain="general", language="en"))
    calls = calls_for(server, runs, "planner", "planner", model=model)
    plan = await plan_question(calls, QUESTION, depth="standard")
    assert plan.sub_queries == ["Rush Counterparts song", "Neil Peart", "Modern Drummer Hall of Fame",
                                "Rush band members", "Rush 1993 album"]
    assert plan.domain == "general" and plan.language == "en"
    assert plan.engine == f"openai/{model}" and not plan.degraded


async def test_too_few_queries_are_topped_up_from_the_offline_plan(server: ScriptedLlmServer,
                                                                   runs: ResearchRuns) -> None:
    model = script(server, answer(sub_queries=["Rush Counterparts"], domain="code", language="de"))
    plan = await plan_question(calls_for(server, runs, "planner", "planner", model=model), QUESTION, depth="quick",
                               domain="shopping")
    assert len(plan.sub_queries) == 3 and plan.sub_queries[0] == "Rush Counterparts"
    assert plan.domain == "shopping"  # the request's domain wins over the model's
    assert plan.language == "en"  # the model's "de" is not taken: the question is English and names no German


async def test_a_failed_plan_is_the_offline_plan_marked_degraded(server: ScriptedLlmServer,
                                                                  runs: ResearchRuns) -> None:
    model = script(server, Reply("I cannot help with that."))
    calls = calls_for(server, runs, "planner", "planner", model=model)
    plan = await plan_question(calls, "Ban nhạc rock Canada nào đã phát hành bài hát Counterparts?")
    assert plan.engine == "offline" and plan.degraded and plan.language == "vi"
    assert 3 <= len(plan.sub_queries) <= 5
    assert runs.get_run(calls.run_id).degraded[0]["stage"] == "planner"


async def test_deep_plan_uses_storm_perspectives(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    researcher = ScriptedResearcher()
    model = script(server, Reply(respond=researcher))
    plan = await plan_question(calls_for(server, runs, "planner", "planner", model=model), QUESTION, depth="deep")
    assert len(plan.perspectives) == 3 and plan.perspectives[0].startswith("Music historian")
    assert 5 <= len(plan.sub_queries) <= 6
    assert plan.sub_queries[1].endswith("music")  # the broadest query, then each perspective's, then the rest
    assert researcher.seen == {"plan": 1, "perspectives": 1, "perspective_queries": 1}  # no gap left: one round


async def test_the_perspective_gap_loop_ends_when_the_gaps_do_not_change(server: ScriptedLlmServer,
                                                                        runs: ResearchRuns) -> None:
    perspectives = answer(perspectives=[{"name": "Historian", "focus": "the release"},
                                        {"name": "Critic", "focus": "the reception"},
                                        {"name": "Drummer", "focus": "the drumming"}])
    # every round answers for one perspective only, and always the same one: the other two stay gaps
    stuck = answer(queries=[{"perspective": "Historian", "query": "Counterparts 1993 release"}])
    model = script(server, answer(sub_queries=["Rush Counterparts"], domain="general", language="en"),
                   perspectives, stuck)
    calls = calls_for(server, runs, "planner", "planner", model=model)
    plan = await plan_question(calls, QUESTION, depth="deep")
    made = server.calls(model=model)  # (litellm sends the name without its provider prefix)
    assert made == 1 + 1 + 2 < 2 + MAX_PERSPECTIVE_HOPS  # round 2 has the same gaps as round 1: stop
    assert "Counterparts 1993 release" in plan.sub_queries and len(plan.sub_queries) >= 5


async def test_a_deep_plans_perspectives_are_recorded_in_plan_created(server: ScriptedLlmServer,
                                                                     runs: ResearchRuns) -> None:
    model = script(server, Reply(respond=ScriptedResearcher()))
    calls = calls_for(server, runs, "planner", "planner", model=model)
    plan = await plan_question(calls, QUESTION, depth="deep")
    sub_queries = [{"sub_query_id": f"q{i + 1}", "text": t} for i, t in enumerate(plan.sub_queries)]
    assert runs.record_plan(calls.run_id, sub_queries, plan.domain, plan.language, plan.engine, plan.degraded,
                            plan.perspectives)
    created, = [e for e in runs.timeline(calls.run_id) if isinstance(e, PlanCreated)]
    assert created.perspectives == tuple(plan.perspectives) and len(created.perspectives) == 3
    assert created.perspectives[0] == "Music historian: When and how the work was released"
    assert runs.get_run(calls.run_id).plan.perspectives == tuple(plan.perspectives)


def test_a_plan_without_perspectives_records_none(runs: ResearchRuns) -> None:
    run_id = start_run(runs)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "rush"}], "general", "en", "offline", False)
    created, = [e for e in runs.timeline(run_id) if isinstance(e, PlanCreated)]
    assert created.perspectives == ()
    # an event stored before the field existed (no ``perspectives`` key) still reads as a v1 PlanCreated
    body = created.model_dump(mode="json")
    del body["perspectives"]
    assert PlanCreated.model_validate(body).perspectives == ()
