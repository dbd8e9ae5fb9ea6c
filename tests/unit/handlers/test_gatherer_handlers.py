"""The gatherer's handler functions without NATS and PostgreSQL: the event store in memory (POPO), commands in a
list, a corpus index and research memory stood in by providers of fixed hits."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from contracts import Contract, PlanCreated, SearchCompleted, SearchSubQuery, SourcesSelected
from services.gatherer.gathering import Gatherer
from services.gatherer.handlers import (
    NO_WEB_PROVIDER,
    Gathering,
    RememberedPages,
    on_plan_created,
    on_search,
    results_per_query,
)
from services.gatherer.providers import SearchProvider, WebHit
from shared.settings import GathererSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeCommands, counting_loads, memory_runs, started_run


class FixedHits:
    """A provider answering every query with the same hits (``name`` their provider)."""

    max_query_chars = 10_000

    def __init__(self, name: str, urls: list[str], fallback_reason: str = "") -> None:
        self.name = name
        self.urls = urls
        self.queries: list[str] = []
        self.fallback_reason = fallback_reason

    async def search(self, query: str, *, limit: int, language: str | None = None,
                     sites: tuple[str, ...] = ()) -> list[WebHit]:
        self.queries.append(query)
        return [WebHit(url, url, f"about {query}", self.name, rank, 1.0 / rank)
                for rank, url in enumerate(self.urls[:limit], start=1)]


def planned_run(runs: ResearchRuns, **request: object) -> UUID:
    run_id = started_run(runs, "Who was the drummer of Rush?", **request)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "Rush drummer"}], "general", "en", "offline", False)
    return run_id


def deps(runs: ResearchRuns, commands: FakeCommands, local: SearchProvider,
         memory: RememberedPages | None = None) -> Gathering:
    return Gathering(runs=runs, commands=commands, gatherer=Gatherer(max_hops=1), web=[],
                     local=lambda corpus: local, memory=(lambda run_id: memory) if memory is not None else None,
                     settings=GathererSettings(_env_file=None))


async def test_a_plan_becomes_one_search_command_per_sub_query() -> None:
    runs, commands = memory_runs(), FakeCommands()
    run_id = planned_run(runs, corpus="notes", memory=False)
    plan = next(e for e in runs.timeline(run_id) if isinstance(e, PlanCreated))
    await on_plan_created(plan, deps(runs, commands, FixedHits("local", [])))
    ((cmd, msg_id),) = commands.sent
    assert isinstance(cmd, SearchSubQuery) and msg_id == f"{run_id}:q1"
    assert (cmd.text, cmd.scope, cmd.corpus, cmd.memory) == ("Rush drummer", "local", "notes", False)


async def test_a_run_asking_for_more_sources_asks_each_query_for_more_hits() -> None:
    settings = GathererSettings(_env_file=None)
    for max_sources, expected in ((10, settings.results_per_query), (5, settings.results_per_query),
                                  (15, -(-settings.results_per_query * 15 // 10))):
        runs, commands = memory_runs(), FakeCommands()
        run_id = planned_run(runs, memory=False, max_sources=max_sources)
        plan = next(e for e in runs.timeline(run_id) if isinstance(e, PlanCreated))
        await on_plan_created(plan, deps(runs, commands, FixedHits("local", [])))
        ((cmd, _),) = commands.sent
        assert isinstance(cmd, SearchSubQuery)
        assert cmd.max_results == expected, (max_sources, cmd.max_results)
    assert results_per_query(8, 15) == 12 and results_per_query(8, 50) == 40 and results_per_query(30, 50) == 100


async def test_a_local_search_records_its_hop_and_selects_the_sources() -> None:
    runs, commands = memory_runs(), FakeCommands()
    run_id = planned_run(runs)
    local = FixedHits("local", ["doc:a", "doc:b"])
    memory = FixedHits("memory", ["mem:1"], fallback_reason="no embedding model")
    cmd = SearchSubQuery(run_id=run_id, sub_query_id="q1", text="Rush drummer", scope="local", max_results=5)
    await on_search(cmd, deps(runs, commands, local, memory))
    assert local.queries[0] == "Rush drummer" and memory.queries[0] == "Rush drummer"
    (hop,) = [e for e in runs.timeline(run_id) if isinstance(e, SearchCompleted)]
    assert {h.url for h in hop.hits} == {"doc:a", "doc:b", "mem:1"} and hop.final
    assert any("lexical_only" in f and "no embedding model" in f for f in hop.providers_failed)
    assert any(isinstance(e, SourcesSelected) for e in runs.timeline(run_id))
    assert {s.url for s in runs.get_run(run_id).sources.values()} == {"doc:a", "doc:b", "mem:1"}


async def test_a_web_search_without_web_providers_says_so_and_an_ended_run_is_not_searched() -> None:
    runs, commands = memory_runs(), FakeCommands()
    run_id = planned_run(runs, scope="web")
    cmd = SearchSubQuery(run_id=run_id, sub_query_id="q1", text="Rush drummer", scope="web", max_results=5)
    await on_search(cmd, deps(runs, commands, FixedHits("local", ["doc:a"])))
    (hop,) = [e for e in runs.timeline(run_id) if isinstance(e, SearchCompleted)]
    assert list(hop.hits) == [] and NO_WEB_PROVIDER in hop.providers_failed
    ended = planned_run(runs)
    runs.cancel_run(ended, "stop")
    local = FixedHits("local", ["doc:a"])
    await on_search(SearchSubQuery(run_id=ended, sub_query_id="q1", text="x", scope="local", max_results=5),
                    deps(runs, commands, local))
    assert local.queries == [] and not any(isinstance(e, SearchCompleted) for e in runs.timeline(ended))


async def test_a_local_search_starts_on_the_cached_run_when_it_holds_the_final_plan() -> None:
    """``SearchSubQuery`` names no version of the run: a search of the local corpus alone starts on the process's
    cached run when that holds the run's final plan (``shared.ports.run_holding``: no store read before the hop);
    a plan still awaiting review, or a search that asks research memory too, loads first."""
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": "100"})
    commands = FakeCommands()
    plain, reviewed, remembered = planned_run(runs), planned_run(runs, review_plan=True), planned_run(runs)
    for run_id in (plain, reviewed, remembered):
        runs.get_run(run_id)  # (on POPO the cache follows the loads only: now it holds each run's plan)
    loads, _ = counting_loads(runs)
    before_hop: list[int] = []  # the loads made before each hop's write
    record_search = runs.record_search

    def recorded(*args: Any, **kwargs: Any) -> bool:
        before_hop.append(len(loads))
        return record_search(*args, **kwargs)

    runs.record_search = recorded  # type: ignore[method-assign]
    local = FixedHits("local", ["doc:a"])
    for run_id, memory in ((plain, False), (reviewed, False), (remembered, True)):
        cmd = SearchSubQuery(run_id=run_id, sub_query_id="q1", text="Rush drummer", scope="local", max_results=5,
                             memory=memory)
        await on_search(cmd, deps(runs, commands, local, FixedHits("memory", ["mem:1"])))
    # the plain run: no load before its hop (one after it: whether the run ended meanwhile); the others: one each
    assert before_hop == [0, 2, 4] and loads == [plain, reviewed, reviewed, remembered, remembered]


async def test_a_plans_search_commands_are_published_together() -> None:
    """The sub-queries' commands leave in one batch, their acknowledgements awaited at once
    (``shared.bus.publish_commands``), not each after the one before's acknowledgement."""

    class BatchCommands(FakeCommands):
        def __init__(self) -> None:
            super().__init__()
            self.batches: list[list[tuple[Contract, str]]] = []

        async def commands(self, items: list[tuple[Contract, str]], *, in_flight: int) -> None:
            self.batches.append(list(items))
            self.sent.extend(items)

    runs, commands = memory_runs(), BatchCommands()
    run_id = started_run(runs, "Who was the drummer of Rush?", memory=False)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "Rush drummer"},
                              {"sub_query_id": "q2", "text": "Neil Peart band"}], "general", "en", "offline", False)
    plan = next(e for e in runs.timeline(run_id) if isinstance(e, PlanCreated))
    await on_plan_created(plan, deps(runs, commands, FixedHits("local", [])))
    (batch,) = commands.batches
    assert [(c.text, msg_id) for c, msg_id in batch if isinstance(c, SearchSubQuery)] == [
        ("Rush drummer", f"{run_id}:q1"), ("Neil Peart band", f"{run_id}:q2")]
