"""PostgreSQL tables besides the event store, and the migrate step that creates everything once.

Tables:
- ``documents``: the content-addressed document store (sha256 of the UTF-8 text -> text), immutable.
- ``corpus_documents`` / ``corpus_passages``: the ingested local corpus and its full-text passages.
- ``rejected_messages``: messages refused by a consumer (dead letters), with the reason and the redacted body.
- ``run_deadlines``: when each running run's time budget ends (swept by the synthesizer service).
- ``relay_position``: how far the event relay has published the stored log to NATS.
- ``gateway_api_keys`` / ``gateway_runs``: the HTTP API's keys (hashed) and which key started which run.
- ``rm_*``: read models projected from the event log by the indexer (dropped and rebuilt by replay), among
  them ``rm_llm_calls`` (one row per ``LlmCallRecorded``, keyed by run id and seq) and ``rm_llm_usage`` (model
  usage summed per run, role and model).

Schema changes are idempotent statements in the schema texts (``CREATE ... IF NOT EXISTS``, ``ALTER TABLE ...
ADD COLUMN IF NOT EXISTS``), so ``migrate`` brings an existing database up to date as well as creating a new one.

``migrate`` is run once at start-up by the launcher process (workers then start with CREATE_TABLE off,
which avoids the concurrent-DDL race of several processes creating the same tables).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
from eventsourcing.persistence import InterfaceError as EsInterfaceError
from eventsourcing.persistence import OperationalError as EsOperationalError
from psycopg_pool import ConnectionPool

from shared.errors import StoreUnavailable
from shared.launcher import Endpoints
from shared.lookup_cache import LOOKUP_SCHEMA
from shared.memory.entities import ENTITY_SCHEMA, ENTITY_TABLES
from shared.memory.questions import RECHECK_SCHEMA, RECHECK_TABLES
from shared.memory.store import MEMORY_SCHEMA, MEMORY_TABLES
from shared.memory.verdicts import VERDICT_SCHEMA, VERDICT_TABLES
from shared.segments import SEGMENT_SCHEMA, prune_stale_segments

log = logging.getLogger("assay.db")
T = TypeVar("T")
#: errors a later attempt may not meet: the connection was reset or refused, the server is restarting or shutting
#: down, a serialization failure or deadlock (psycopg's OperationalError covers them all), and the event store's
#: wrappers of the same
TRANSIENT_DB_ERRORS: tuple[type[Exception], ...] = (psycopg.OperationalError, psycopg.InterfaceError,
                                                    EsOperationalError, EsInterfaceError)


def first_line(exc: BaseException) -> str:
    """The first non-empty line of ``exc``'s message (PostgreSQL errors run over several lines)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else exc.__class__.__name__


def retry_transient(fn: Callable[[], T], *, attempts: int = 5, backoff_s: float = 0.1,
                    what: str = "PostgreSQL") -> T:
    """Call ``fn`` until it returns, retrying on ``TRANSIENT_DB_ERRORS`` up to ``attempts`` times in all,
    waiting ``backoff_s`` seconds at first and doubling (at most 5 s). ``fn`` must be safe to repeat (one
    transaction, or idempotent).

    Raises: StoreUnavailable naming ``what``, the attempts, the time and the last error, when every attempt
    failed; any other error of ``fn`` at once.
    """
    started = time.monotonic()
    delay = backoff_s
    for attempt in range(1, attempts + 1):
        try:
            return fn()
        except TRANSIENT_DB_ERRORS as exc:
            if attempt == attempts:
                raise StoreUnavailable(
                    f"{what} stayed unavailable: {attempts} attempts over {time.monotonic() - started:.1f} s, "
                    f"last error: {exc.__class__.__name__}: {first_line(exc)}") from exc
            log.warning("%s: transient error (attempt %d of %d), retrying in %.2f s: %s", what, attempt, attempts,
                        delay, first_line(exc))
            time.sleep(delay)
            delay = min(delay * 2, 5.0)
    raise AssertionError("unreachable")


def connection_alive(conn: psycopg.Connection[Any]) -> None:
    """The pool's check of a connection it is about to hand out, without a round trip: read what the server
    sent meanwhile (a terminated backend's goodbye, end of file); raises psycopg.OperationalError when the
    connection is dead, and the pool then opens another."""
    pgconn = conn.pgconn
    # raises OperationalError when the server closed the socket; a terminated backend first sends its goodbye
    # (an error message, read by the first call) and then closes (the end of file, seen by the second)
    pgconn.consume_input()
    pgconn.consume_input()
    if conn.closed or pgconn.status != psycopg.pq.ConnStatus.OK:
        raise psycopg.OperationalError("the connection was closed by the server")

BASE_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    sha256 text PRIMARY KEY,
    content_type text NOT NULL,
    text text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS corpus_documents (
    corpus text NOT NULL,
    doc_sha256 text NOT NULL REFERENCES documents(sha256),
    path text NOT NULL,
    title text NOT NULL,
    ingested_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (corpus, doc_sha256)
);
CREATE TABLE IF NOT EXISTS corpus_passages (
    corpus text NOT NULL,
    doc_sha256 text NOT NULL,
    ord int NOT NULL,
    text text NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
    PRIMARY KEY (corpus, doc_sha256, ord)
);
CREATE INDEX IF NOT EXISTS corpus_passages_tsv ON corpus_passages USING gin (tsv);
-- the files ingested into each corpus (shared.corpus.Corpus.files): size and mtime to skip unchanged files on
-- re-ingest, and the documents each file gave, to remove them when the file changes or is deleted
CREATE TABLE IF NOT EXISTS corpus_files (
    corpus text NOT NULL,
    path text NOT NULL,
    size bigint NOT NULL,
    mtime_ns bigint NOT NULL,
    doc_sha256s text[] NOT NULL,
    PRIMARY KEY (corpus, path)
);
-- the version of the extractor that read each file (services.scraper.fetch.files.EXTRACTION_VERSION): a file read by
-- another version is read again on re-ingest; files recorded before the column existed read 0 (an older extractor)
ALTER TABLE corpus_files ADD COLUMN IF NOT EXISTS extraction_version integer NOT NULL DEFAULT 0;
-- the files that gave a document (shared.corpus.Corpus.document: is a corpus file still as ingest read it?)
CREATE INDEX IF NOT EXISTS corpus_files_docs ON corpus_files USING gin (doc_sha256s);
CREATE TABLE IF NOT EXISTS rejected_messages (
    rejection_id uuid PRIMARY KEY,
    subject text NOT NULL,
    reason text NOT NULL,
    body_sha256 text NOT NULL,
    body_preview text NOT NULL,
    run_id uuid,
    received_at timestamptz NOT NULL DEFAULT now()
);
-- dead letters (issue 11): the (redacted) body kept for ``assay rejections replay``, how often it was refused
-- and replayed, and its sequence number in the dead-letter stream (ASSAY_DLQ, assay.dlq.<subject>)
ALTER TABLE rejected_messages ADD COLUMN IF NOT EXISTS body bytea;
ALTER TABLE rejected_messages ADD COLUMN IF NOT EXISTS times integer NOT NULL DEFAULT 1;
ALTER TABLE rejected_messages ADD COLUMN IF NOT EXISTS dead_letter_seq bigint;
ALTER TABLE rejected_messages ADD COLUMN IF NOT EXISTS replays integer NOT NULL DEFAULT 0;
ALTER TABLE rejected_messages ADD COLUMN IF NOT EXISTS replayed_at timestamptz;
CREATE TABLE IF NOT EXISTS run_deadlines (
    run_id uuid PRIMARY KEY,
    deadline_at timestamptz NOT NULL,
    done boolean NOT NULL DEFAULT false
);
CREATE INDEX IF NOT EXISTS run_deadlines_due ON run_deadlines (deadline_at) WHERE NOT done;
CREATE TABLE IF NOT EXISTS relay_position (
    name text PRIMARY KEY,
    position bigint NOT NULL
);
"""

#: each corpus's version (``shared.corpus.Corpus.version``), kept by a trigger on ``corpus_documents`` as every
#: document is added, removed or renamed, so reading it costs one row instead of hashing every document: the
#: document count and two 64-bit halves of an order-free hash (XOR of each document's md5 over its corpus, digest,
#: title and path). The first migrate that creates the trigger fills the table from the documents already stored
#: (under a lock that holds off writers meanwhile).
#: indexes on ``corpus_documents``, each created in its own transaction (inside a larger one, waiting for a
#: concurrent ingest's lock while holding others could deadlock with it): a document read back by its digest alone
#: (the scraper's doc:<sha256> sources), a corpus's earliest documents (``Corpus.languages``)
CORPUS_INDEXES = (
    "CREATE INDEX IF NOT EXISTS corpus_documents_sha ON corpus_documents (doc_sha256)",
    "CREATE INDEX IF NOT EXISTS corpus_documents_ingested ON corpus_documents (corpus, ingested_at, doc_sha256)",
)
CORPUS_VERSION_SCHEMA = """
CREATE TABLE IF NOT EXISTS corpus_versions (
    corpus text PRIMARY KEY,
    documents bigint NOT NULL,
    h1 bigint NOT NULL,
    h2 bigint NOT NULL
);
CREATE OR REPLACE FUNCTION corpus_document_hash(corpus text, doc_sha256 text, title text, path text,
                                                half int) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
    SELECT ('x' || substr(md5(corpus || chr(31) || doc_sha256 || chr(31) || title || chr(31) || path),
                          1 + 16 * half, 16))::bit(64)::bigint
$$;
CREATE OR REPLACE FUNCTION corpus_versions_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE corpus_versions SET documents = documents - 1,
            h1 = h1 # corpus_document_hash(OLD.corpus, OLD.doc_sha256, OLD.title, OLD.path, 0),
            h2 = h2 # corpus_document_hash(OLD.corpus, OLD.doc_sha256, OLD.title, OLD.path, 1)
        WHERE corpus = OLD.corpus;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO corpus_versions AS v (corpus, documents, h1, h2)
        VALUES (NEW.corpus, 1, corpus_document_hash(NEW.corpus, NEW.doc_sha256, NEW.title, NEW.path, 0),
                corpus_document_hash(NEW.corpus, NEW.doc_sha256, NEW.title, NEW.path, 1))
        ON CONFLICT (corpus) DO UPDATE SET documents = v.documents + 1, h1 = v.h1 # EXCLUDED.h1,
                                           h2 = v.h2 # EXCLUDED.h2;
    END IF;
    RETURN NULL;
END
$$;
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'corpus_documents_version'
                   AND tgrelid = 'corpus_documents'::regclass) THEN
        LOCK TABLE corpus_documents IN SHARE ROW EXCLUSIVE MODE;
        CREATE TRIGGER corpus_documents_version AFTER INSERT OR UPDATE OR DELETE ON corpus_documents
            FOR EACH ROW EXECUTE FUNCTION corpus_versions_track();
        DELETE FROM corpus_versions;
        INSERT INTO corpus_versions (corpus, documents, h1, h2)
        SELECT corpus, count(*), bit_xor(corpus_document_hash(corpus, doc_sha256, title, path, 0)),
               bit_xor(corpus_document_hash(corpus, doc_sha256, title, path, 1))
        FROM corpus_documents GROUP BY corpus;
    END IF;
END
$$;
"""

#: the gateway's own tables (services/gateway): API keys, stored as the SHA-256 of the key (never the key), and
#: which key started each run through the HTTP API (``key_id`` NULL: the local user of a gateway that allows
#: requests without a key), with the request as sent on the bus (to cancel a run the planner has not started yet).
#: Neither is a read model: neither can be rebuilt from the event log (keys never appear in events).
GATEWAY_SCHEMA = """
CREATE TABLE IF NOT EXISTS gateway_api_keys (
    key_id uuid PRIMARY KEY,
    name text NOT NULL,
    key_sha256 text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);
CREATE TABLE IF NOT EXISTS gateway_runs (
    run_id uuid PRIMARY KEY,
    key_id uuid REFERENCES gateway_api_keys(key_id),
    request jsonb NOT NULL,
    requested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS gateway_runs_key ON gateway_runs (key_id, requested_at DESC);
-- the rate limit's token buckets, shared by every gateway process on this database (services/gateway/keys.py)
CREATE TABLE IF NOT EXISTS gateway_rate_buckets (
    bucket text PRIMARY KEY,
    tokens double precision NOT NULL,
    at timestamptz NOT NULL,
    allowed boolean NOT NULL
);
"""

READ_MODEL_SCHEMA = """
CREATE TABLE IF NOT EXISTS rm_position (name text PRIMARY KEY, position bigint NOT NULL);
CREATE TABLE IF NOT EXISTS rm_runs (
    run_id uuid PRIMARY KEY,
    question text NOT NULL,
    scope text NOT NULL,
    depth text NOT NULL,
    status text NOT NULL,
    started_at timestamptz NOT NULL,
    finished_at timestamptz,
    sub_queries jsonb NOT NULL DEFAULT '[]',
    report_sha256 text,
    confidence jsonb,
    scores jsonb,
    audit jsonb,
    failure jsonb,
    missing jsonb NOT NULL DEFAULT '[]',
    last_seq int NOT NULL
);
-- Columns added after a table's first release are added here, never in its CREATE TABLE, so an existing
-- database and a fresh one get the same column order (``Projector.snapshot`` compares rows column by column).
ALTER TABLE rm_runs ADD COLUMN IF NOT EXISTS perspectives jsonb NOT NULL DEFAULT '[]';
CREATE TABLE IF NOT EXISTS rm_sources (
    source_id uuid PRIMARY KEY,
    run_id uuid NOT NULL,
    url text NOT NULL,
    final_url text,
    title text NOT NULL DEFAULT '',
    content_type text,
    via text,
    status text NOT NULL,
    reason text,
    text_sha256 text,
    fused_score double precision
);
CREATE INDEX IF NOT EXISTS rm_sources_run ON rm_sources (run_id);
CREATE TABLE IF NOT EXISTS rm_chunks (
    source_id uuid NOT NULL,
    ord int NOT NULL,
    run_id uuid NOT NULL,
    text text NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
    PRIMARY KEY (source_id, ord)
);
CREATE INDEX IF NOT EXISTS rm_chunks_tsv ON rm_chunks USING gin (tsv);
CREATE TABLE IF NOT EXISTS rm_claims (
    claim_id uuid PRIMARY KEY,
    run_id uuid NOT NULL,
    source_id uuid NOT NULL,
    text text NOT NULL,
    start_offset int NOT NULL,
    end_offset int NOT NULL,
    numeric boolean NOT NULL,
    recent boolean NOT NULL,
    named_event boolean NOT NULL,
    verdict text,
    stability double precision,
    support_score double precision,
    corroborating_domains jsonb,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED
);
CREATE INDEX IF NOT EXISTS rm_claims_tsv ON rm_claims USING gin (tsv);
CREATE INDEX IF NOT EXISTS rm_claims_run ON rm_claims (run_id);
CREATE TABLE IF NOT EXISTS rm_evidence_spans (
    claim_id uuid NOT NULL,
    ord int NOT NULL,
    run_id uuid NOT NULL,
    source_id uuid NOT NULL,
    start_offset int NOT NULL,
    end_offset int NOT NULL,
    quote text NOT NULL,
    label text NOT NULL,
    score double precision NOT NULL,
    PRIMARY KEY (claim_id, ord)
);
CREATE TABLE IF NOT EXISTS rm_reports (
    run_id uuid PRIMARY KEY,
    report_sha256 text NOT NULL,
    question text NOT NULL,
    markdown text NOT NULL,
    partial boolean NOT NULL,
    citations jsonb NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', question || ' ' || markdown)) STORED
);
CREATE INDEX IF NOT EXISTS rm_reports_tsv ON rm_reports USING gin (tsv);
CREATE TABLE IF NOT EXISTS rm_llm_calls (
    run_id uuid NOT NULL,
    seq int NOT NULL,
    role text NOT NULL,
    model text NOT NULL,
    tokens_in int NOT NULL,
    tokens_out int NOT NULL,
    cost_usd numeric NOT NULL,
    latency_ms int NOT NULL,
    outcome text NOT NULL,
    detail text NOT NULL,
    occurred_at timestamptz NOT NULL,
    PRIMARY KEY (run_id, seq)
);
CREATE TABLE IF NOT EXISTS rm_llm_usage (
    run_id uuid NOT NULL,
    role text NOT NULL,
    model text NOT NULL,
    calls int NOT NULL,
    tokens_in bigint NOT NULL,
    tokens_out bigint NOT NULL,
    cost_usd numeric NOT NULL,
    latency_ms bigint NOT NULL,
    outcomes jsonb NOT NULL,
    PRIMARY KEY (run_id, role, model)
);
"""

READ_MODEL_TABLES: tuple[str, ...] = ("rm_position", "rm_runs", "rm_sources", "rm_chunks", "rm_claims", "rm_evidence_spans",
                     "rm_reports", "rm_llm_calls", "rm_llm_usage")

# ---- research memory (shared/memory/store.py): BM25 postings and pgvector vectors, projected by the indexer
READ_MODEL_SCHEMA += MEMORY_SCHEMA + VERDICT_SCHEMA + ENTITY_SCHEMA
READ_MODEL_TABLES += MEMORY_TABLES + VERDICT_TABLES + ENTITY_TABLES

# ---- registry answers (shared/lookup_cache.py: CrossRef, PubMed, arXiv lookups with a TTL): not a read model
BASE_SCHEMA += LOOKUP_SCHEMA

# ---- the question cache's re-checks (shared/memory/questions.py): RecheckPlanned, projected by the indexer
READ_MODEL_SCHEMA += RECHECK_SCHEMA
READ_MODEL_TABLES += RECHECK_TABLES

# ---- stored texts' sentences and instruction spans (shared/segments.py): computed once per text, not a read model
BASE_SCHEMA += SEGMENT_SCHEMA


def open_pool(endpoints: Endpoints, *, max_size: int = 8) -> ConnectionPool:
    """A psycopg connection pool to the Assay database (autocommit off; use ``with pool.connection()``).

    A connection the server closed meanwhile (a restart, ``pg_terminate_backend``, a network reset) is noticed
    when it is taken from the pool, without a round trip, and replaced by a new one."""
    pool = ConnectionPool(endpoints.database_url, min_size=1, max_size=max_size, open=True,
                          kwargs={"autocommit": False}, check=connection_alive)
    pool.wait(timeout=30)
    return pool


def migrate(endpoints: Endpoints) -> None:
    """Create every table Assay needs, or bring an existing database's tables up to date (idempotent): the
    event store's, the document store's, the read models. Serialised across processes by advisory lock 4242.

    Raises: psycopg.OperationalError when PostgreSQL cannot be reached.
    """
    import psycopg

    from shared.store import ResearchRuns

    with psycopg.connect(endpoints.database_url, autocommit=True) as conn:
        # One migrator at a time: several processes (containers) starting together would otherwise race on
        # the event store's CREATE TABLE ("tuple concurrently updated", duplicate pg_type key).
        conn.execute("SELECT pg_advisory_lock(4242)")
        try:
            ResearchRuns(env=endpoints.eventsourcing_env(create_table=True)).close()
            conn.execute(BASE_SCHEMA)
            for statement in CORPUS_INDEXES:
                conn.execute(statement)
            conn.execute(CORPUS_VERSION_SCHEMA)
            conn.execute(READ_MODEL_SCHEMA)
            conn.execute(GATEWAY_SCHEMA)
            prune_stale_segments(conn)  # rows of another segmenting code are never read again
        finally:
            conn.execute("SELECT pg_advisory_unlock(4242)")
