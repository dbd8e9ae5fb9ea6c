"""A version 1 record in the PostgreSQL event store (rewritten in its table as the code before the later fields
wrote it) loads upcast: the run, its timeline and a projection rebuild read it as version 2."""

from __future__ import annotations

import json
from typing import Any

import pytest

from services.indexer.projections import Projector
from shared.store import ResearchRuns
from tests.unit.test_event_upcasting import ADDED_IN_V2, ADDED_LATER, CURRENT, a_finished_run

pytestmark = [pytest.mark.postgres]


def test_a_version_1_record_in_postgres_loads_upcast(runtime: Any, endpoints: Any) -> None:
    run_id = a_finished_run(runtime.runs)
    table = runtime.runs.recorder.events_table_name
    with runtime.pool.connection() as conn:
        rows = conn.execute(f"SELECT originator_version, topic, state FROM {table} WHERE originator_id = %s",
                            (run_id,)).fetchall()
        rewritten = 0
        for version, topic, state in rows:
            name = topic.rsplit(".", 1)[-1]
            if name in ADDED_IN_V2:
                body = json.loads(bytes(state))
                assert body.pop("class_version") == CURRENT[name]
                for field in [f for later in ADDED_LATER.get(name, {}).values() for f in later] + list(ADDED_IN_V2[name]):
                    del body[field]
                conn.execute(f"UPDATE {table} SET state = %s WHERE originator_id = %s AND originator_version = %s",
                             (json.dumps(body).encode(), run_id, version))
                rewritten += 1
    assert rewritten == 5
    runs = ResearchRuns(env={**endpoints.eventsourcing_env(), "AGGREGATE_CACHE_MAXSIZE": ""})
    try:
        run = runs.get_run(run_id)
        timeline = runs.timeline(run_id)
        events = {type(e).__name__: e for e in timeline}
        assert run.plan is not None and run.plan.perspectives == () and run.report is not None and run.report.degraded is False
        assert run.judgement["degraded"] is False and run.hits["q1"][0]["url"] == "https://example.org/rush"
        assert events["PlanCreated"].perspectives == ()  # type: ignore[attr-defined]
        assert events["SearchCompleted"].diagnostics == {}  # type: ignore[attr-defined]
        assert events["SourceFetched"].author is None  # type: ignore[attr-defined]
        assert events["SourceFetched"].instructions == ()  # type: ignore[attr-defined]
        projector = Projector(runtime.pool, runtime.documents)
        assert projector.rebuild(runs.iter_log()) == len(timeline)
        with runtime.pool.connection() as conn:
            perspectives, last_seq = conn.execute("SELECT perspectives, last_seq FROM rm_runs WHERE run_id = %s",
                                                  (run_id,)).fetchone()
        assert perspectives == [] and last_seq == len(timeline)
    finally:
        runs.close()
