"""Read models projected from the event log (the indexer), and full-text search over them.

One handler per event type (``Projector.project``, a ``functools.singledispatchmethod``; an event type without a
handler changes no view), each writing in the transaction that also records the tracking position. Every write
is an upsert keyed by the aggregate's natural id, so applying an event twice, or replaying the whole log,
converges to the same rows. ``rebuild`` drops the read models and
replays the stored log through the same code (``assay projections rebuild``).

Research memory: each ``SourceFetched`` (not one read back from memory) also puts the page's passages into
research memory (``shared.memory``: ``rm_memory_*``, BM25 postings and embeddings) with its provenance (run,
URL, fetch time = the event's time, publication date), in the same transaction; rebuilt by replay like the rest.

Model usage: each ``LlmCallRecorded`` is one row of ``rm_llm_calls`` keyed by its natural id (run id, seq),
inserted with ``ON CONFLICT DO NOTHING``; the running sums in ``rm_llm_usage`` (per run, role and model) are
added to only when that insert actually created the row, in the same transaction. A redelivered or replayed
call is therefore counted once, whatever order events arrive in (a "seq <= last_seq" guard would not do: a
redelivery may come after later events of its run). ``llm_usage`` reads the sums.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from decimal import Decimal
from functools import singledispatchmethod
from typing import Any, get_args
from uuid import UUID

from psycopg import Connection
from psycopg_pool import ConnectionPool

from contracts import (
    CitationsAudited,
    ClaimsExtracted,
    ClaimsVerified,
    ClaimVerified,
    ConfidenceGated,
    DeadlineExpired,
    Event,
    LlmCallRecorded,
    PlanCreated,
    ReportJudged,
    ReportSynthesized,
    RunCancelled,
    RunCompleted,
    RunFailed,
    RunStarted,
    SourceFailed,
    SourceFetched,
    SourcesSelected,
)
from contracts.events import LlmCallOutcome
from contracts.plan_review import PlanRevised
from contracts.recheck import RecheckPlanned
from shared import fulltext
from shared.corpus import split_passages
from shared.db import READ_MODEL_SCHEMA, READ_MODEL_TABLES
from shared.docstore import DocumentStore
from shared.memory import MemoryChunk, MemoryStore, WordLlamaEmbedder
from shared.memory.entities import link_claim
from shared.memory.questions import project_recheck
from shared.memory.verdicts import remember_verdict
from shared.store import StoredEvent

#: every outcome of a model call, in the contract's order (the keys of ``rm_llm_usage.outcomes``)
LLM_OUTCOMES: tuple[str, ...] = get_args(LlmCallOutcome)


def _date(value: str | None) -> datetime | None:
    """An ISO date (``YYYY-MM-DD``, as ``SourceFetched.published`` has it) as midnight UTC, or None."""
    if not value:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


class Projector:
    """Applies run events to the ``rm_*`` tables: one handler per event type, registered on :meth:`project`.

    ``project`` is a ``functools.singledispatchmethod``: each event contract has its handler registered by type
    (``@project.register``), and an event type without one (a new event no read model needs yet) changes no
    view. Every applied event also advances its run's ``rm_runs.last_seq`` and, when its global log position is
    known, the tracking position (``rm_position``, name ``indexer``), in the same transaction as the view.
    """

    #: the row of ``rm_position`` that tracks how far this projector has applied the event log
    TRACKING_NAME = "indexer"

    def __init__(self, pool: ConnectionPool, documents: DocumentStore, memory: MemoryStore | None = None) -> None:
        self._pool = pool
        self._documents = documents
        # research memory: every fetched page's chunks (embedded by WordLlama unless another store is given)
        self._memory = memory if memory is not None else MemoryStore(pool, WordLlamaEmbedder())

    def apply(self, event: Event, position: int | None = None) -> None:
        """Project one event (idempotent) in one transaction; ``position`` (the event's global position in the
        event log, when known) is recorded as the tracking position in that same transaction."""
        with self._pool.connection() as conn, conn.transaction():
            self._apply(conn, event, position)

    def apply_many(self, events: Iterable[Event | StoredEvent]) -> int:
        """Project events in one transaction (a ``StoredEvent`` also advances the tracking position).
        Returns how many were applied."""
        count = 0
        with self._pool.connection() as conn, conn.transaction():
            for item in events:
                if isinstance(item, StoredEvent):
                    self._apply(conn, item.event, item.position)
                else:
                    self._apply(conn, item, None)
                count += 1
        return count

    def position(self) -> int:
        """The tracking position: the highest global log position applied with its position known (0: none).

        Events reach the live indexer over NATS at least once and not always in log order, so an event below
        this position may still arrive (again); every handler is an idempotent upsert, so that is harmless.
        """
        with self._pool.connection() as conn:
            row = conn.execute("SELECT position FROM rm_position WHERE name = %s", (self.TRACKING_NAME,)).fetchone()
        return int(row[0]) if row else 0

    def _apply(self, conn: Connection[Any], event: Event, position: int | None) -> None:
        self.project(event, conn)
        conn.execute("UPDATE rm_runs SET last_seq = GREATEST(last_seq, %s) WHERE run_id = %s",
                     (event.seq, str(event.run_id)))
        if position is not None:
            conn.execute(
                "INSERT INTO rm_position (name, position) VALUES (%s, %s) ON CONFLICT (name) "
                "DO UPDATE SET position = GREATEST(rm_position.position, EXCLUDED.position)",
                (self.TRACKING_NAME, position))

    # ---- one handler per event type ----------------------------------------------------------------
    @singledispatchmethod
    def project(self, event: Event, conn: Connection[Any]) -> None:
        """Write ``event`` into the read models on ``conn`` (the caller's transaction). This default is for
        event types without a handler: no view changes."""

    @project.register
    def _run_started(self, e: RunStarted, conn: Connection[Any]) -> None:
        conn.execute(
            "INSERT INTO rm_runs (run_id, question, scope, depth, status, started_at, last_seq) "
            "VALUES (%s, %s, %s, %s, 'running', %s, %s) ON CONFLICT (run_id) DO NOTHING",
            (str(e.run_id), e.question, e.scope, e.depth, e.occurred_at, e.seq))

    @project.register
    def _plan_created(self, e: PlanCreated, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_runs SET sub_queries = %s, perspectives = %s WHERE run_id = %s",
                     (json.dumps([q.text for q in e.sub_queries]), json.dumps(list(e.perspectives)),
                      str(e.run_id)))

    @project.register  # plan review: a reviewer's revision replaces the projected sub-queries
    def _plan_revised(self, e: PlanRevised, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_runs SET sub_queries = %s WHERE run_id = %s",
                     (json.dumps([q.text for q in e.sub_queries]), str(e.run_id)))

    @project.register
    def _sources_selected(self, e: SourcesSelected, conn: Connection[Any]) -> None:
        for s in e.sources:
            conn.execute(
                "INSERT INTO rm_sources (source_id, run_id, url, title, status, fused_score) "
                "VALUES (%s, %s, %s, %s, 'pending', %s) ON CONFLICT (source_id) DO NOTHING",
                (str(s.source_id), str(e.run_id), s.url, s.title, s.fused_score))

    @project.register
    def _source_fetched(self, e: SourceFetched, conn: Connection[Any]) -> None:
        conn.execute(
            "UPDATE rm_sources SET status = 'fetched', final_url = %s, title = %s, content_type = %s, "
            "via = %s, text_sha256 = %s WHERE source_id = %s",
            (e.final_url, e.title, e.content_type, e.via, e.text_sha256, str(e.source_id)))
        text = self._documents.get(e.text_sha256) or ""
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO rm_chunks (source_id, ord, run_id, text) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                [(str(e.source_id), i, str(e.run_id), p) for i, p in enumerate(split_passages(text))])
        if e.via != "memory":  # a page read back from memory is remembered already, with its first fetch
            self._memory.add_on(conn, [
                MemoryChunk(text=p, source_id=e.source_id, ord=i, url=e.final_url or e.url, fetched_at=e.occurred_at,
                            run_id=e.run_id, title=e.title, published_at=_date(e.published),
                            origin="local" if e.via == "local" or e.url.startswith("doc:") else "web")
                for i, p in enumerate(split_passages(text))])

    @project.register
    def _recheck_planned(self, e: RecheckPlanned, conn: Connection[Any]) -> None:
        project_recheck(conn, e)  # the question cache's re-checks (shared.memory.questions)

    @project.register
    def _source_failed(self, e: SourceFailed, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_sources SET status = 'failed', reason = %s WHERE source_id = %s",
                     (e.reason, str(e.source_id)))

    @project.register
    def _claims_extracted(self, e: ClaimsExtracted, conn: Connection[Any]) -> None:
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO rm_claims (claim_id, run_id, source_id, text, start_offset, end_offset, numeric, "
                "recent, named_event) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                [(str(c.claim_id), str(e.run_id), str(e.source_id), c.text, c.start, c.end, c.numeric, c.recent,
                  c.named_event) for c in e.claims])
        for c in e.claims:  # entity links across runs (shared.memory.entities)
            link_claim(conn, run_id=e.run_id, claim_id=c.claim_id, text=c.text)

    @project.register
    def _claim_verified(self, e: ClaimVerified, conn: Connection[Any]) -> None:
        conn.execute(
            "UPDATE rm_claims SET verdict = %s, stability = %s, support_score = %s, "
            "corroborating_domains = %s WHERE claim_id = %s",
            (e.verdict, e.stability, e.support_score, json.dumps(list(e.corroborating_domains)),
             str(e.claim_id)))
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO rm_evidence_spans (claim_id, ord, run_id, source_id, start_offset, end_offset, "
                "quote, label, score) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                [(str(e.claim_id), i, str(e.run_id), str(s.source_id), s.start, s.end, s.quote, s.label, s.score)
                 for i, s in enumerate(e.spans)])
        if e.reuse_key and e.reused_from is None and not e.degraded:  # a verdict made now can be reused later
            remember_verdict(conn, e.reuse_key, run_id=e.run_id, claim_id=e.claim_id, verdict=e.verdict,
                             stability=e.stability, support_score=e.support_score,
                             quotes=[(s.quote, s.label) for s in e.spans], engine=e.engine, verified_at=e.occurred_at)

    @project.register(ClaimsVerified)
    @project.register(DeadlineExpired)
    def _missing(self, e: ClaimsVerified | DeadlineExpired, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_runs SET missing = %s WHERE run_id = %s",
                     (json.dumps(list(e.missing)), str(e.run_id)))

    @project.register
    def _confidence_gated(self, e: ConfidenceGated, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_runs SET confidence = %s WHERE run_id = %s",
                     (json.dumps({"score": e.score, "tier": e.tier, "signals": e.signals}), str(e.run_id)))

    @project.register
    def _report_synthesized(self, e: ReportSynthesized, conn: Connection[Any]) -> None:
        run = str(e.run_id)
        markdown = self._documents.get(e.report_sha256) or ""
        question = conn.execute("SELECT question FROM rm_runs WHERE run_id = %s", (run,)).fetchone()
        conn.execute(
            "INSERT INTO rm_reports (run_id, report_sha256, question, markdown, partial, citations) "
            "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (run_id) DO NOTHING",
            (run, e.report_sha256, question[0] if question else "", markdown, e.partial,
             json.dumps([c.model_dump(mode="json") for c in e.citations])))
        conn.execute("UPDATE rm_runs SET report_sha256 = %s WHERE run_id = %s", (e.report_sha256, run))

    @project.register
    def _report_judged(self, e: ReportJudged, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_runs SET scores = %s WHERE run_id = %s", (json.dumps({
            "factual_accuracy": e.factual_accuracy, "citation_density": e.citation_density,
            "coverage": e.coverage, "total": e.total}), str(e.run_id)))

    @project.register
    def _citations_audited(self, e: CitationsAudited, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_runs SET audit = %s WHERE run_id = %s",
                     (json.dumps({"total": e.total, "valid": e.valid, "invalid": list(e.invalid)}), str(e.run_id)))

    @project.register
    def _run_completed(self, e: RunCompleted, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_runs SET status = %s, finished_at = %s WHERE run_id = %s",
                     (e.status, e.occurred_at, str(e.run_id)))

    @project.register
    def _run_failed(self, e: RunFailed, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_runs SET status = 'failed', finished_at = %s, failure = %s WHERE run_id = %s",
                     (e.occurred_at, json.dumps({"stage": e.stage, "reason": e.reason}), str(e.run_id)))

    @project.register
    def _run_cancelled(self, e: RunCancelled, conn: Connection[Any]) -> None:
        conn.execute("UPDATE rm_runs SET status = 'cancelled', finished_at = %s, failure = %s WHERE run_id = %s",
                     (e.occurred_at, json.dumps({"stage": "cancelled", "reason": e.reason}), str(e.run_id)))

    @project.register
    def _llm_call_recorded(self, e: LlmCallRecorded, conn: Connection[Any]) -> None:
        self._apply_llm_call(conn, e)

    @staticmethod
    def _apply_llm_call(conn: Connection[Any], e: LlmCallRecorded) -> None:
        """One call: its ``rm_llm_calls`` row, and, only if that row is new, its share of ``rm_llm_usage``."""
        cost = Decimal(repr(e.cost_usd))  # exact decimal sums: live and replayed totals agree in any order
        new = conn.execute(
            "INSERT INTO rm_llm_calls (run_id, seq, role, model, tokens_in, tokens_out, cost_usd, latency_ms, "
            "outcome, detail, occurred_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) "
            "ON CONFLICT (run_id, seq) DO NOTHING RETURNING seq",
            (str(e.run_id), e.seq, e.role, e.model, e.tokens_in, e.tokens_out, cost, e.latency_ms, e.outcome,
             e.detail, e.occurred_at)).fetchone()
        if new is None:
            return  # applied before (redelivery, or a replay over live rows): already counted
        made = int(e.outcome != "budget_exhausted")  # budget_exhausted: recorded, but no call was made
        conn.execute(
            "INSERT INTO rm_llm_usage (run_id, role, model, calls, tokens_in, tokens_out, cost_usd, latency_ms, "
            "outcomes) VALUES (%(run)s, %(role)s, %(model)s, %(made)s, %(tin)s, %(tout)s, %(cost)s, %(ms)s, "
            "%(outcomes)s) ON CONFLICT (run_id, role, model) DO UPDATE SET "
            "calls = rm_llm_usage.calls + EXCLUDED.calls, "
            "tokens_in = rm_llm_usage.tokens_in + EXCLUDED.tokens_in, "
            "tokens_out = rm_llm_usage.tokens_out + EXCLUDED.tokens_out, "
            "cost_usd = rm_llm_usage.cost_usd + EXCLUDED.cost_usd, "
            "latency_ms = rm_llm_usage.latency_ms + EXCLUDED.latency_ms, "
            "outcomes = jsonb_set(rm_llm_usage.outcomes, ARRAY[%(outcome)s::text], "
            "to_jsonb(coalesce((rm_llm_usage.outcomes ->> %(outcome)s::text)::int, 0) + 1))",
            {"run": str(e.run_id), "role": e.role, "model": e.model, "made": made, "tin": e.tokens_in,
             "tout": e.tokens_out, "cost": cost, "ms": e.latency_ms, "outcome": e.outcome,
             "outcomes": json.dumps({o: int(o == e.outcome) for o in LLM_OUTCOMES})})

    def llm_usage(self, run_id: UUID | str) -> list[dict[str, Any]]:
        """The run's model usage per role and model (see :func:`llm_usage`)."""
        return llm_usage(self._pool, run_id)

    def rebuild(self, events: Iterable[Event | StoredEvent]) -> int:
        """Drop every read model, recreate it, and replay ``events`` into it (``StoredEvent`` items, as
        ``ResearchRuns.iter_log`` yields them, also advance the tracking position). Returns events applied."""
        with self._pool.connection() as conn:
            for table in READ_MODEL_TABLES:
                conn.execute(f"DROP TABLE IF EXISTS {table}")
            conn.execute(READ_MODEL_SCHEMA)
        # the OpenSearch memory index is a read model too (its module, with opensearch-py, loads only when configured:
        # a memory that is a ProjectedMemory has loaded it)
        opensearch = sys.modules.get("shared.memory.opensearch")
        if opensearch is not None and isinstance(self._memory, opensearch.ProjectedMemory):
            self._memory.reset()
        count = 0
        batch: list[Event | StoredEvent] = []
        for event in events:
            batch.append(event)
            if len(batch) >= 500:
                count += self.apply_many(batch)
                batch = []
        count += self.apply_many(batch)
        return count

    def snapshot(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every read-model row, sorted, per table (to compare live and rebuilt projections)."""
        out: dict[str, list[tuple[Any, ...]]] = {}
        with self._pool.connection() as conn:
            for table in READ_MODEL_TABLES:
                if table == "rm_position":
                    continue
                rows = conn.execute(f"SELECT * FROM {table}").fetchall()
                out[table] = sorted(tuple(str(v) for v in r) for r in rows)
        return out

    def search(self, text: str, *, limit: int = 10) -> list[dict[str, Any]]:
        """Full-text search over reports, claims and evidence chunks (see :func:`shared.fulltext.search`)."""
        return fulltext.search(self._pool, text, limit=limit)

def llm_usage(db: ConnectionPool | Connection[Any], run_id: UUID | str) -> list[dict[str, Any]]:
    """Model usage of run ``run_id`` from the ``rm_llm_usage`` read model, one dict per (role, model).

    ``db``: a connection pool or an open connection (read only; nothing is committed).
    Returns: rows sorted by role then model, each {"role": str, "model": str (litellm model string),
    "calls": int (calls made: every outcome but budget_exhausted), "tokens_in": int, "tokens_out": int,
    "cost_usd": float (US dollars), "latency_ms": int (summed over the calls), "outcomes": {outcome: count}
    with every outcome of ``LLM_OUTCOMES``}; [] for a run without model calls or an unknown run.
    The read model is filled by the indexer asynchronously, so it may lag the event store by a moment.
    Raises: psycopg.Error when PostgreSQL cannot be queried.
    """
    sql = ("SELECT role, model, calls, tokens_in, tokens_out, cost_usd, latency_ms, outcomes FROM rm_llm_usage "
           "WHERE run_id = %s ORDER BY role, model")
    if isinstance(db, ConnectionPool):
        with db.connection() as conn:
            rows = conn.execute(sql, (str(run_id),)).fetchall()
    else:
        rows = db.execute(sql, (str(run_id),)).fetchall()
    return [{"role": role, "model": model, "calls": int(calls), "tokens_in": int(tin), "tokens_out": int(tout),
             "cost_usd": float(cost), "latency_ms": int(ms),
             "outcomes": {o: int((outcomes or {}).get(o, 0)) for o in LLM_OUTCOMES}}
            for role, model, calls, tin, tout, cost, ms, outcomes in rows]
