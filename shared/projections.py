"""Read models projected from the event log (the indexer), and full-text search over them.

One ``apply`` per event type; every write is an upsert keyed by the aggregate's natural id, so applying an
event twice, or replaying the whole log, converges to the same rows. ``rebuild`` drops the read models and
replays the stored log through the same code (``assay projections rebuild``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from psycopg import Connection
from psycopg_pool import ConnectionPool

from contracts import (
    ClaimsExtracted, ClaimVerified, ClaimsVerified, CitationsAudited, ConfidenceGated, Event, PlanCreated,
    ReportJudged, ReportSynthesized, RunCompleted, RunFailed, RunStarted, SourceFailed, SourceFetched,
    SourcesSelected, DeadlineExpired,
)
from shared.corpus import split_passages
from shared.db import READ_MODEL_SCHEMA, READ_MODEL_TABLES
from shared.docstore import DocumentStore


class Projector:
    """Applies run events to the ``rm_*`` tables."""

    def __init__(self, pool: ConnectionPool, documents: DocumentStore) -> None:
        self._pool = pool
        self._documents = documents

    def apply(self, event: Event) -> None:
        """Project one event (idempotent). Unknown event types are ignored."""
        with self._pool.connection() as conn:
            self._apply(conn, event)

    def apply_many(self, events: Iterable[Event]) -> int:
        """Project events in one transaction. Returns how many were applied."""
        count = 0
        with self._pool.connection() as conn:
            for event in events:
                self._apply(conn, event)
                count += 1
        return count

    def _apply(self, conn: Connection[Any], e: Event) -> None:
        run = str(e.run_id)
        if isinstance(e, RunStarted):
            conn.execute(
                "INSERT INTO rm_runs (run_id, question, scope, depth, status, started_at, last_seq) "
                "VALUES (%s, %s, %s, %s, 'running', %s, %s) ON CONFLICT (run_id) DO NOTHING",
                (run, e.question, e.scope, e.depth, e.occurred_at, e.seq))
        elif isinstance(e, PlanCreated):
            conn.execute("UPDATE rm_runs SET sub_queries = %s WHERE run_id = %s",
                         (json.dumps([q.text for q in e.sub_queries]), run))
        elif isinstance(e, SourcesSelected):
            for s in e.sources:
                conn.execute(
                    "INSERT INTO rm_sources (source_id, run_id, url, title, status, fused_score) "
                    "VALUES (%s, %s, %s, %s, 'pending', %s) ON CONFLICT (source_id) DO NOTHING",
                    (str(s.source_id), run, s.url, s.title, s.fused_score))
        elif isinstance(e, SourceFetched):
            conn.execute(
                "UPDATE rm_sources SET status = 'fetched', final_url = %s, title = %s, content_type = %s, "
                "via = %s, text_sha256 = %s WHERE source_id = %s",
                (e.final_url, e.title, e.content_type, e.via, e.text_sha256, str(e.source_id)))
            text = self._documents.get(e.text_sha256) or ""
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO rm_chunks (source_id, ord, run_id, text) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    [(str(e.source_id), i, run, p) for i, p in enumerate(split_passages(text))])
        elif isinstance(e, SourceFailed):
            conn.execute("UPDATE rm_sources SET status = 'failed', reason = %s WHERE source_id = %s",
                         (e.reason, str(e.source_id)))
        elif isinstance(e, ClaimsExtracted):
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO rm_claims (claim_id, run_id, source_id, text, start_offset, end_offset, numeric, "
                    "recent, named_event) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                    [(str(c.claim_id), run, str(e.source_id), c.text, c.start, c.end, c.numeric, c.recent,
                      c.named_event) for c in e.claims])
        elif isinstance(e, ClaimVerified):
            conn.execute(
                "UPDATE rm_claims SET verdict = %s, stability = %s, support_score = %s, "
                "corroborating_domains = %s WHERE claim_id = %s",
                (e.verdict, e.stability, e.support_score, json.dumps(list(e.corroborating_domains)),
                 str(e.claim_id)))
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO rm_evidence_spans (claim_id, ord, run_id, source_id, start_offset, end_offset, "
                    "quote, label, score) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                    [(str(e.claim_id), i, run, str(s.source_id), s.start, s.end, s.quote, s.label, s.score)
                     for i, s in enumerate(e.spans)])
        elif isinstance(e, (ClaimsVerified, DeadlineExpired)):
            conn.execute("UPDATE rm_runs SET missing = %s WHERE run_id = %s",
                         (json.dumps(list(e.missing)), run))
        elif isinstance(e, ConfidenceGated):
            conn.execute("UPDATE rm_runs SET confidence = %s WHERE run_id = %s",
                         (json.dumps({"score": e.score, "tier": e.tier, "signals": e.signals}), run))
        elif isinstance(e, ReportSynthesized):
            markdown = self._documents.get(e.report_sha256) or ""
            question = conn.execute("SELECT question FROM rm_runs WHERE run_id = %s", (run,)).fetchone()
            conn.execute(
                "INSERT INTO rm_reports (run_id, report_sha256, question, markdown, partial, citations) "
                "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (run_id) DO NOTHING",
                (run, e.report_sha256, question[0] if question else "", markdown, e.partial,
                 json.dumps([c.model_dump(mode="json") for c in e.citations])))
            conn.execute("UPDATE rm_runs SET report_sha256 = %s WHERE run_id = %s", (e.report_sha256, run))
        elif isinstance(e, ReportJudged):
            conn.execute("UPDATE rm_runs SET scores = %s WHERE run_id = %s", (json.dumps({
                "factual_accuracy": e.factual_accuracy, "citation_density": e.citation_density,
                "coverage": e.coverage, "total": e.total}), run))
        elif isinstance(e, CitationsAudited):
            conn.execute("UPDATE rm_runs SET audit = %s WHERE run_id = %s",
                         (json.dumps({"total": e.total, "valid": e.valid, "invalid": list(e.invalid)}), run))
        elif isinstance(e, RunCompleted):
            conn.execute("UPDATE rm_runs SET status = %s, finished_at = %s WHERE run_id = %s",
                         (e.status, e.occurred_at, run))
        elif isinstance(e, RunFailed):
            conn.execute("UPDATE rm_runs SET status = 'failed', finished_at = %s, failure = %s WHERE run_id = %s",
                         (e.occurred_at, json.dumps({"stage": e.stage, "reason": e.reason}), run))
        conn.execute("UPDATE rm_runs SET last_seq = GREATEST(last_seq, %s) WHERE run_id = %s", (e.seq, run))

    def rebuild(self, events: Iterable[Event]) -> int:
        """Drop every read model, recreate it, and replay ``events`` into it. Returns events applied."""
        with self._pool.connection() as conn:
            for table in READ_MODEL_TABLES:
                conn.execute(f"DROP TABLE IF EXISTS {table}")
            conn.execute(READ_MODEL_SCHEMA)
        count = 0
        batch: list[Event] = []
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
                out[table] = sorted((tuple(str(v) for v in r) for r in rows))
        return out

    def search(self, text: str, *, limit: int = 10) -> list[dict[str, Any]]:
        """Full-text search (``websearch_to_tsquery``) over reports, claims and evidence chunks.

        Returns: up to ``limit`` hits per kind, each {kind, run_id, id, title, snippet, rank}, best first.
        """
        hits: list[dict[str, Any]] = []
        with self._pool.connection() as conn:
            q = "websearch_to_tsquery('english', %(q)s)"
            for kind, sql in (
                ("report", f"SELECT run_id, run_id, question, ts_headline('english', markdown, {q}, 'StartSel=«, StopSel=»'), "
                           f"ts_rank_cd(tsv, {q}) r FROM rm_reports WHERE tsv @@ {q} ORDER BY r DESC LIMIT %(n)s"),
                ("claim", f"SELECT c.run_id, c.claim_id, coalesce(c.verdict, 'unverified'), c.text, "
                          f"ts_rank_cd(c.tsv, {q}) r FROM rm_claims c WHERE c.tsv @@ {q} ORDER BY r DESC LIMIT %(n)s"),
                ("evidence", f"SELECT k.run_id, k.source_id, s.title || ' — ' || coalesce(s.final_url, s.url), "
                             f"ts_headline('english', k.text, {q}, 'StartSel=«, StopSel=»'), ts_rank_cd(k.tsv, {q}) r FROM rm_chunks k "
                             f"JOIN rm_sources s ON s.source_id = k.source_id WHERE k.tsv @@ {q} "
                             f"ORDER BY r DESC LIMIT %(n)s"),
            ):
                for row in conn.execute(sql, {"q": text, "n": limit}).fetchall():
                    hits.append({"kind": kind, "run_id": str(row[0]), "id": str(row[1]), "title": str(row[2]),
                                 "snippet": " ".join(str(row[3]).split())[:300], "rank": float(row[4])})
        return hits
