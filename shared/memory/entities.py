"""Entity links across runs: the names each claim mentions (people, organisations, products, packages, places:
capitalised phrases and quoted titles, ``shared.text.terms.find_entities``), in a small node/edge pair of tables
projected by the indexer from ``ClaimsExtracted``:

- ``rm_entities``: one node per name (``entity_key``: the name case-folded, punctuation and spacing collapsed);
- ``rm_entity_mentions``: an edge from a name to each claim (and its run) that mentions it.

``claims_about(pool, "Neil Peart")`` lists every claim about him, with its verdict, source and run: claims that
name him in full, and claims of the same run that name him by his last name only ("Peart").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg import Connection
from psycopg_pool import ConnectionPool

from shared.memory.store import normalise
from shared.text.terms import find_entities

ENTITY_SCHEMA = """
CREATE TABLE IF NOT EXISTS rm_entities (
    entity_key text PRIMARY KEY,
    name text NOT NULL
);
CREATE TABLE IF NOT EXISTS rm_entity_mentions (
    entity_key text NOT NULL,
    claim_id uuid NOT NULL,
    run_id uuid NOT NULL,
    PRIMARY KEY (entity_key, claim_id)
);
CREATE INDEX IF NOT EXISTS rm_entity_mentions_run ON rm_entity_mentions (run_id, entity_key);
"""
ENTITY_TABLES = ("rm_entities", "rm_entity_mentions")


def link_claim(conn: Connection[Any], *, run_id: UUID, claim_id: UUID, text: str) -> int:
    """Record the names ``text`` mentions as edges from their nodes to the claim (idempotent). Returns how
    many names. A node keeps the spelling it was first recorded with (the smallest, so replay agrees)."""
    names = {normalise(n): n for n in find_entities(text) if len(normalise(n)) >= 2}
    for key, name in names.items():
        conn.execute("INSERT INTO rm_entities (entity_key, name) VALUES (%s, %s) ON CONFLICT (entity_key) DO UPDATE "
                     "SET name = LEAST(rm_entities.name, EXCLUDED.name)", (key, name))
        conn.execute("INSERT INTO rm_entity_mentions (entity_key, claim_id, run_id) VALUES (%s, %s, %s) "
                     "ON CONFLICT DO NOTHING", (key, str(claim_id), str(run_id)))
    return len(names)


@dataclass(frozen=True, slots=True)
class EntityClaim:
    """A claim that mentions the entity: its text and verdict (None: not verified), its source's URL and
    title, its run and when that run started."""

    claim_id: UUID
    text: str
    verdict: str | None
    url: str
    title: str
    run_id: UUID
    started_at: datetime | None


def claims_about(pool: ConnectionPool, name: str, *, limit: int = 50) -> list[EntityClaim]:
    """Every claim about ``name`` across runs, newest run first: claims naming it in full, and claims of those
    runs naming only its last word (a surname) when it has several. Raises: ValueError for an empty name."""
    key = normalise(name)
    if not key:
        raise ValueError("empty entity name")
    last = key.split()[-1] if len(key.split()) > 1 else key
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT DISTINCT ON (r.started_at, c.claim_id) c.claim_id, c.text, c.verdict, "
            "coalesce(s.final_url, s.url, ''), coalesce(s.title, ''), c.run_id, r.started_at "
            "FROM rm_entity_mentions m JOIN rm_claims c ON c.claim_id = m.claim_id "
            "LEFT JOIN rm_runs r ON r.run_id = c.run_id LEFT JOIN rm_sources s ON s.source_id = c.source_id "
            "WHERE m.entity_key = %(full)s OR (m.entity_key = %(last)s AND EXISTS (SELECT 1 FROM rm_entity_mentions "
            "f WHERE f.run_id = m.run_id AND f.entity_key = %(full)s)) "
            "ORDER BY r.started_at DESC NULLS LAST, c.claim_id LIMIT %(n)s",
            {"full": key, "last": last, "n": limit}).fetchall()
    return [EntityClaim(r[0], str(r[1]), r[2], str(r[3]), str(r[4]), r[5], r[6]) for r in rows]
