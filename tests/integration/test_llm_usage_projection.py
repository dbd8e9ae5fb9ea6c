"""Read models of a run with models, over real NATS and PostgreSQL, against the scripted OpenAI-compatible server:

- a deep run's ``PlanCreated`` carries the STORM perspectives the planner model gave, and ``rm_runs`` has them;
- ``rm_llm_usage`` holds, per role and model, the sums of the run's ``LlmCallRecorded`` events; applying those
  events again (a redelivery) counts nothing twice, and ``rebuild`` gives the same rows;
- ``migrate`` brings a read-model schema from before these changes up to date.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest

from contracts import LlmCallRecorded, PlanCreated, RunRequested
from services.cli.research import follow, submit
from services.cli.stack import Stack
from services.indexer.projections import LLM_OUTCOMES, Projector, llm_usage
from shared.db import migrate
from shared.launcher import Endpoints
from shared.llm.config import LlmSettings
from shared.runtime import Runtime
from tests.conftest import make_settings, service_env
from tests.llm_server import Reply, ScriptedLlmServer
from tests.scripted_research import ROLES, ScriptedResearcher, routing_file

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "samples" / "hotpotqa" / "paragraphs.json"
QUESTION = ('Which Canadian rock band released a song called "Counterparts" and had a drummer who was '
            'inducted into the Modern Drummer Hall of Fame?')
CLOUD = "openai/scripted-cloud"


def expected_usage(events: list[LlmCallRecorded]) -> list[dict[str, Any]]:
    """What ``llm_usage`` must return, summed straight from the events."""
    groups: dict[tuple[str, str], list[LlmCallRecorded]] = {}
    for e in events:
        groups.setdefault((e.role, e.model), []).append(e)
    rows = []
    for (role, model), calls in sorted(groups.items()):
        outcomes = Counter(e.outcome for e in calls)
        rows.append({
            "role": role, "model": model, "calls": sum(e.outcome != "budget_exhausted" for e in calls),
            "tokens_in": sum(e.tokens_in for e in calls), "tokens_out": sum(e.tokens_out for e in calls),
            "cost_usd": float(sum((Decimal(repr(e.cost_usd)) for e in calls), Decimal(0))),
            "latency_ms": sum(e.latency_ms for e in calls),
            "outcomes": {o: outcomes.get(o, 0) for o in LLM_OUTCOMES}})
    return rows


async def wait_for_indexer(rt: Runtime, run_id: UUID, *, timeout_s: float = 30) -> None:
    """Until the live indexer has projected every event of the run, LLM calls included."""
    events = rt.runs.timeline(run_id)
    calls = sum(isinstance(e, LlmCallRecorded) for e in events)
    deadline = time.monotonic() + timeout_s
    state: tuple[Any, ...] = ()
    while time.monotonic() < deadline:
        with rt.pool.connection() as conn:
            seq = conn.execute("SELECT last_seq FROM rm_runs WHERE run_id = %s", (run_id,)).fetchone()
            n = conn.execute("SELECT count(*) FROM rm_llm_calls WHERE run_id = %s", (run_id,)).fetchone()
        state = (seq[0] if seq else None, n[0] if n else 0)
        if state == (len(events), calls):
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"the indexer did not catch up: (last_seq, calls) {state} != {(len(events), calls)}")


async def test_a_deep_runs_perspectives_and_model_usage_are_projected_and_rebuilt(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    with ScriptedLlmServer() as cloud:
        cloud.add("default", Reply(respond=ScriptedResearcher()))
        model = {"model": CLOUD, "api_base": cloud.base_url}
        routing = routing_file(tmp_path / "routing.toml", {role: [model] for role in ROLES},
                               prices={CLOUD: (0.15, 0.60)})
        settings = make_settings(tmp_path / "data", nats_url, database_url)
        settings = settings.model_copy(update={"llm": LlmSettings(
            _env_file=None, config=routing, openrouter_api_key=None, ollama_api_base=None, local_base_url=None)})
        rt = Runtime.open(settings)
        try:
            for rec in json.loads(SAMPLE.read_text(encoding="utf-8")):
                rt.corpus.add("sample", path=rec["source"], title=rec["title"], text=rec["text"],
                              content_type="text/plain")
            run_id = uuid4()
            async with Stack(rt):
                await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local", depth="deep",
                                              max_sources=4))
                await follow(rt, run_id, timeout_s=180)
                await wait_for_indexer(rt, run_id)
            events = rt.runs.timeline(run_id)

            # the plan's STORM perspectives are in the event and in rm_runs
            plan, = [e for e in events if isinstance(e, PlanCreated)]
            assert plan.engine == CLOUD and len(plan.perspectives) == 3, plan
            assert plan.perspectives[0] == "Music historian: When and how the work was released"
            with rt.pool.connection() as conn:
                row = conn.execute("SELECT perspectives FROM rm_runs WHERE run_id = %s", (run_id,)).fetchone()
            assert row is not None and row[0] == list(plan.perspectives)

            # rm_llm_usage: the sums of the run's LlmCallRecorded events per role and model
            calls = [e for e in events if isinstance(e, LlmCallRecorded)]
            assert {"planner", "extractor", "verifier", "synthesizer", "judge"} <= {e.role for e in calls}
            live = llm_usage(rt.pool, run_id)
            assert live == expected_usage(calls)
            assert sum(r["calls"] for r in live) == len(calls) and all(r["cost_usd"] > 0 for r in live)
            assert llm_usage(rt.pool, uuid4()) == []

            # a redelivery (one by one, and in a batch) counts nothing twice
            projector = Projector(rt.pool, rt.documents)
            snapshot = projector.snapshot()
            projector.apply(calls[0])
            projector.apply_many(calls)
            assert projector.llm_usage(run_id) == live
            assert projector.snapshot() == snapshot

            # replaying the whole log gives the same rows, LLM usage included
            replayed = projector.rebuild(e.event for e in rt.runs.iter_log())
            assert replayed == len(events)
            assert projector.snapshot() == snapshot
            assert len(snapshot["rm_llm_usage"]) == len(live) and len(snapshot["rm_llm_calls"]) == len(calls)
            assert llm_usage(rt.pool, run_id) == live

            # `assay usage RUN_ID` prints those rows: a line per role and model, and the total
            proc = subprocess.run([sys.executable, "-m", "services.cli.main", "usage", str(run_id)],
                                  env=service_env(settings), capture_output=True, text=True, timeout=60,
                                  cwd=Path(__file__).resolve().parents[2])
            assert proc.returncode == 0, proc.stderr
            lines = proc.stdout.splitlines()
            for r in live:
                line = next(ln for ln in lines if ln.split()[:2] == [r["role"], r["model"]])
                assert line.split()[2:5] == [str(r["calls"]), str(r["tokens_in"]), str(r["tokens_out"])], line
            total = next(ln for ln in lines if ln.startswith("total")).split()
            assert total[1] == str(len(calls)) and float(total[4]) == pytest.approx(
                sum(r["cost_usd"] for r in live), abs=1e-6)
        finally:
            rt.close()


def test_migrate_brings_an_older_read_model_schema_up_to_date(database_url: str) -> None:
    run_id = uuid4()
    with psycopg.connect(database_url, autocommit=True) as conn:
        # rm_runs as it was before the perspectives column, with a projected run; no LLM usage tables
        conn.execute("""CREATE TABLE rm_runs (
            run_id uuid PRIMARY KEY, question text NOT NULL, scope text NOT NULL, depth text NOT NULL,
            status text NOT NULL, started_at timestamptz NOT NULL, finished_at timestamptz,
            sub_queries jsonb NOT NULL DEFAULT '[]', report_sha256 text, confidence jsonb, scores jsonb,
            audit jsonb, failure jsonb, missing jsonb NOT NULL DEFAULT '[]', last_seq int NOT NULL)""")
        conn.execute("INSERT INTO rm_runs (run_id, question, scope, depth, status, started_at, last_seq) "
                     "VALUES (%s, 'q', 'local', 'deep', 'running', now(), 2)", (run_id,))
    endpoints = Endpoints(nats_url="nats://127.0.0.1:4222", database_url=database_url)  # migrate uses no NATS
    migrate(endpoints)
    migrate(endpoints)  # idempotent
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT perspectives FROM rm_runs WHERE run_id = %s", (run_id,)).fetchone() == ([],)
        assert llm_usage(conn, run_id) == []
        columns = [r[0] for r in conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'rm_llm_usage' "
            "ORDER BY ordinal_position").fetchall()]
    assert columns == ["run_id", "role", "model", "calls", "tokens_in", "tokens_out", "cost_usd", "latency_ms",
                       "outcomes"]
