"""Plan review and per-run search engines in the ``ResearchRun`` aggregate (the in-memory store): a run requested
with ``review_plan`` waits after ``PlanCreated``; approving (as it is, or revised) records ``PlanApproved`` (after
``PlanRevised``); a deadline while it waits fails the run at stage "plan review"; ``RunStarted`` is stored at
class version 2 (``review_plan``, ``providers``) and a version 1 record loads upcast."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, get_args
from uuid import UUID, uuid4

import pytest
from pydantic import ValidationError

from contracts import PlanApproved, PlanRevised, RunRequested, RunStarted
from contracts.commands import SEARCH_PROVIDERS, SearchProviderName
from shared.domain import ResearchRun
from shared.errors import PlanReviewRefused
from shared.store import ResearchRuns


def store() -> ResearchRuns:
    return ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": ""})


def planned(runs: ResearchRuns, **request: Any) -> UUID:
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="Which band recorded Counterparts?", **request))
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "counterparts album"},
                              {"sub_query_id": "q2", "text": "rush band 1993"}], "general", "en", "offline", False)
    return run_id


def test_a_reviewed_run_waits_after_its_plan_and_goes_on_once_approved() -> None:
    runs = store()
    run_id = planned(runs, review_plan=True, urls=("https://example.org/a",))
    run = runs.get_run(run_id)
    # even with a URL to fetch (which selects sources at once for an unreviewed run) nothing is selected
    assert run.plan_review == "awaiting" and dict(run.sources) == {} and run.status == "running"
    done = runs.review_plan(run_id, by="cli")
    assert done == {"status": "approved", "revised": False, "sub_queries": [
        {"sub_query_id": "q1", "text": "counterparts album"}, {"sub_query_id": "q2", "text": "rush band 1993"}]}
    approved = runs.timeline(run_id)[-1]
    assert isinstance(approved, PlanApproved) and approved.by == "cli" and not approved.revised
    assert runs.get_run(run_id).plan_review == "approved"
    with pytest.raises(PlanReviewRefused, match="approved already") as again:
        runs.review_plan(run_id)
    assert again.value.conflict and again.value.field == "run_id"


def test_a_revision_replaces_the_sub_queries_and_is_searched() -> None:
    runs = store()
    run_id = planned(runs, review_plan=True)
    done = runs.review_plan(run_id, ["  counterparts   album ", "", "Neil Peart drums", "COUNTERPARTS ALBUM"], by="web")
    assert done["revised"] and [q["text"] for q in done["sub_queries"]] == ["counterparts album", "Neil Peart drums"]
    *_, revised, approved = runs.timeline(run_id)
    assert isinstance(revised, PlanRevised) and revised.previous == ("counterparts album", "rush band 1993")
    assert isinstance(approved, PlanApproved) and approved.revised and approved.sub_queries == revised.sub_queries
    run = runs.get_run(run_id)
    assert run.plan is not None and [q.text for q in run.plan.sub_queries] == ["counterparts album", "Neil Peart drums"]
    # the revised sub-queries are the ones searched: their results fan in
    assert runs.record_search(run_id, "q2", "Neil Peart drums", 1, [], True, [])
    assert not runs.record_search(run_id, "q9", "not in the plan", 1, [], True, [])


@pytest.mark.parametrize(("texts", "says"), [([], "empty"), (["  ", ""], "empty"), (["x" * 501], "limit is 500"),
                                             ([f"q {i}" for i in range(13)], "limit is 12"),
                                             (["bad\x00text"], "control characters"),
                                             (["???", "..."], "no letters or digits")])
def test_unusable_revisions_are_refused_naming_sub_queries(texts: list[str], says: str) -> None:
    runs = store()
    run_id = planned(runs, review_plan=True)
    with pytest.raises(PlanReviewRefused, match=says) as refused:
        runs.review_plan(run_id, texts)
    assert refused.value.field == "sub_queries" and not refused.value.conflict
    assert runs.get_run(run_id).plan_review == "awaiting"  # nothing lost: the plan still waits


def test_an_unreviewed_run_or_an_ended_one_takes_no_review() -> None:
    runs = store()
    plain = planned(runs)
    assert runs.get_run(plain).plan_review is None
    with pytest.raises(PlanReviewRefused, match="not requested with review_plan"):
        runs.review_plan(plain)
    waiting = planned(runs, review_plan=True)
    runs.cancel_run(waiting, "cancelled while the plan waited")
    with pytest.raises(PlanReviewRefused, match="has ended"):
        runs.review_plan(waiting)


def test_a_deadline_while_the_plan_waits_fails_the_run_saying_so() -> None:
    runs = store()
    run_id = planned(runs, review_plan=True, budget={"seconds": 30})
    assert runs.expire(run_id) == "done"
    run = runs.get_run(run_id)
    assert run.status == "failed" and run.failure is not None and run.failure["stage"] == "plan review"
    assert "not approved within the run's time budget (30 s)" in run.failure["reason"]
    assert run.plan_review == "not approved"  # it waits no more


def test_providers_are_checked_and_recorded() -> None:
    assert set(get_args(SearchProviderName)) == set(SEARCH_PROVIDERS)
    with pytest.raises(ValidationError, match="providers"):
        RunRequested(run_id=uuid4(), question="q?", providers=("bing",))  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="providers"):
        RunRequested(run_id=uuid4(), question="q?", providers=())
    with pytest.raises(ValidationError, match="scope web needs a web provider"):
        RunRequested(run_id=uuid4(), question="q?", scope="web", providers=("local", "memory"))
    with pytest.raises(ValidationError, match="scope local needs local or memory"):
        RunRequested(run_id=uuid4(), question="q?", scope="local", providers=("arxiv",))
    assert RunRequested(run_id=uuid4(), question="q?", scope="local", providers=("arxiv",),
                        urls=("https://example.org/a",)).providers == ("arxiv",)  # the named page is the source
    runs = store()
    run_id = planned(runs, providers=("wikipedia", "local", "wikipedia"))
    started = runs.timeline(run_id)[0]
    assert isinstance(started, RunStarted) and started.providers == ("wikipedia", "local")
    assert runs.get_run(run_id).request.providers == ("wikipedia", "local")
    assert "providers wikipedia+local" in started.summary()


def test_run_started_is_version_2_and_a_version_1_record_loads_upcast() -> None:
    assert ResearchRun.RunStarted.class_version == 2 and callable(ResearchRun.RunStarted.upcast_v1_v2)
    runs = store()
    run_id = planned(runs, review_plan=True, providers=("arxiv",))
    recorder: Any = runs.recorder
    for i, stored in enumerate(recorder._stored_events):
        if stored.topic.endswith("RunStarted"):
            state = json.loads(stored.state)
            assert state.pop("class_version") == 2 and state["providers"] == ["arxiv"] and state["review_plan"]
            del state["providers"], state["review_plan"]  # as the code before them wrote it
            recorder._stored_events[i] = replace(stored, state=json.dumps(state).encode())
    started = runs.timeline(run_id)[0]
    assert isinstance(started, RunStarted) and started.providers is None and started.review_plan is False
    run = runs.get_run(run_id)
    assert run.request.providers is None and run.request.review_plan is False
    assert run.plan_review is None  # an old run never waited for a review


@pytest.mark.parametrize("language", ["klingon!!", "e n", "english language", "1234"])
def test_a_report_language_that_is_no_language_code_is_refused(language: str) -> None:
    """The report language is a code ('en', 'pt-BR'); anything else is refused naming the field (a trial's
    'klingon!!' was stored as the plan's language)."""
    with pytest.raises(ValidationError, match="language"):
        RunRequested(run_id=uuid4(), question="Who drummed for Rush?", language=language)
    assert RunRequested(run_id=uuid4(), question="Who drummed for Rush?", language="pt-BR").language == "pt-BR"
