"""Loads without deep copies: ``get_run`` hands out the run's read-only state itself (no copy), a caller's
attempt to change it fails, and neither that nor a mutable copy can corrupt the cached run (a fresh store on the
same database, which rebuilds the run from its events, sees the same state). Commands still work on private
copies: a change whose save conflicts leaves the cache as it was."""

from __future__ import annotations

import copy
import json
from dataclasses import FrozenInstanceError, asdict
from typing import Any
from uuid import uuid4

import pytest
from pydantic import ValidationError

from contracts import RunRequested
from shared.domain import FrozenDict, FrozenList, freeze, source_id_for
from shared.store import ResearchRuns

pytestmark = [pytest.mark.postgres]


def run_with_claims(runs: ResearchRuns, n: int) -> tuple[Any, list[Any]]:
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="Who wrote the loads test?", scope="local"))
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "loads"}], "general", "en", "offline", False)
    hit = {"url": "doc:loads", "title": "loads", "snippet": "", "provider": "local", "rank": 1, "score": 1.0}
    runs.record_search(run_id, "q1", "loads", 1, [hit], True, [])
    source_id = source_id_for(run_id, "doc:loads")
    runs.record_source_fetched(run_id, source_id, url="doc:loads", final_url="loads", content_type="text/plain",
                               title="loads", text_sha256="0" * 64, chars=100, via="local")
    claim_ids = [uuid4() for _ in range(n)]
    runs.record_claims(run_id, source_id, [
        {"claim_id": str(c), "text": f"Claim {i} holds.", "start": 0, "end": 10, "numeric": False,
         "recent": False, "named_event": False} for i, c in enumerate(claim_ids)])
    return run_id, claim_ids


def test_frozen_containers_refuse_change_and_copy_to_plain() -> None:
    state = freeze({"a": [1, {"b": 2}], "c": {"d": [3]}})
    assert isinstance(state, FrozenDict) and isinstance(state["a"], FrozenList)
    for attempt in (lambda: state.__setitem__("x", 1), lambda: state.update(x=1), lambda: state.pop("a"),
                    lambda: state["a"].append(4), lambda: state["a"][1].__setitem__("b", 5),
                    lambda: state["c"]["d"].extend([6]), lambda: state.setdefault("y", 1)):
        with pytest.raises(TypeError, match="read-only"):
            attempt()
    mutable = copy.deepcopy(state)
    mutable["a"][1]["b"] = 99  # a deep copy is plain, mutable data
    assert type(mutable) is dict and type(mutable["a"]) is list and state["a"][1]["b"] == 2
    assert json.loads(json.dumps(state)) == {"a": [1, {"b": 2}], "c": {"d": [3]}}


def test_get_run_shares_read_only_state_that_callers_cannot_corrupt(endpoints: Any) -> None:
    runs = ResearchRuns(env=endpoints.eventsourcing_env(create_table=True))
    try:
        run_id, claim_ids = run_with_claims(runs, 50)
        first, second = runs.get_run(run_id), runs.get_run(run_id)
        cid = str(claim_ids[0])
        assert first.claims[cid] is second.claims[cid]  # no copy made per load: the typed values are reused
        assert first.request.budget is second.request.budget
        claim = first.claims[cid]
        with pytest.raises(ValidationError):
            claim.verdict = "supported"  # type: ignore[misc]  # (the point: it is frozen)
        with pytest.raises(TypeError):
            first.claims[cid] = claim  # type: ignore[index]  # (the point: it is read-only)
        with pytest.raises(FrozenInstanceError):
            first.sources[str(source_id_for(run_id, "doc:loads"))].status = "failed"  # type: ignore[misc]
        with pytest.raises(TypeError):
            first.request.budget["seconds"] = 1  # type: ignore[index]
        mine = claim.model_copy(update={"verdict": "supported"})  # a caller that needs a changed value copies it
        assert mine.verdict == "supported"
        assert runs.get_run(run_id).claims[str(claim_ids[0])].verdict is None

        # a verdict changes the new state only: the snapshot taken before it is unchanged
        assert runs.record_verdict(run_id, claim_ids[0], verdict="supported", stability=1.0, support_score=0.9,
                                   spans=[], corroborating_domains=["local:loads"])
        after = runs.get_run(run_id)
        assert after.claims[str(claim_ids[0])].verdict == "supported"
        assert first.claims[str(claim_ids[0])].verdict is None
        assert after.version == first.version + 1

        # a change whose save fails leaves the cache as it was (the command worked on a private copy)
        def change(run: Any) -> None:
            run.verify_claim(claim_id=claim_ids[1], verdict="contradicted", stability=1.0, support_score=0.1,
                             spans=[], corroborating_domains=[], engine="offline", degraded=False)
            raise RuntimeError("the handler failed before saving")
        with pytest.raises(RuntimeError):
            runs.update(run_id, change)
        assert runs.get_run(run_id).claims[str(claim_ids[1])].verdict is None

        fresh = ResearchRuns(env=endpoints.eventsourcing_env())  # no cache: rebuilt from the stored events
        try:
            assert json.dumps(asdict(fresh.get_run(run_id)), default=str, sort_keys=True) == \
                json.dumps(asdict(runs.get_run(run_id)), default=str, sort_keys=True)
        finally:
            fresh.close()
    finally:
        runs.close()


def test_a_handler_reads_its_events_state_from_the_cache_without_the_store(
        two: tuple[ResearchRuns, ResearchRuns]) -> None:
    """``cached_run`` (and ``shared.ports.run_after``, what the stages' event handlers call): the process that wrote
    an event reads that state from its cache, with no round trip; a process whose cache is older than the event (or
    holds no copy) loads the run, so a handler never sees a state before its event."""
    import asyncio

    from shared.ports import run_after

    writer, other = two
    run_id, claim_ids = run_with_claims(writer, 3)
    version = writer.get_run(run_id).version
    loads: list[object] = []
    store_get = writer.repository.event_store.get

    def counted(*args: Any, **kwargs: Any) -> Any:
        loads.append(args)
        return store_get(*args, **kwargs)

    writer.repository.event_store.get = counted  # type: ignore[method-assign]
    cached = writer.cached_run(run_id, version)
    assert cached is not None and cached.version == version and not loads  # no read of the store
    assert writer.cached_run(run_id, version + 1) is None  # a later event than the cache holds: not from it
    assert other.cached_run(run_id, version) is None  # no copy in the other process
    assert asyncio.run(run_after(other, run_id, version)).version == version  # loaded there
    writer.record_verdict(run_id, claim_ids[0], verdict="supported", stability=1.0, support_score=0.9, spans=[],
                          corroborating_domains=[])
    newer = writer.get_run(run_id).version
    assert other.cached_run(run_id, newer) is None  # the other process's copy is older than the verdict
    after = asyncio.run(run_after(other, run_id, newer))
    assert after.version == newer and after.claims[str(claim_ids[0])].verdict == "supported"
    assert other.cached_run(run_id, newer) is not None  # its load brought its cache up to date
