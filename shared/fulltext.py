"""Full-text search over the read models (``rm_reports``, ``rm_claims``, ``rm_chunks``): past reports, claims and
evidence passages, with PostgreSQL's ``websearch_to_tsquery`` (English configuration).

Shared by ``assay search`` (through the indexer's ``Projector.search``) and the gateway's ``GET /v1/search``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any
from uuid import UUID

from psycopg_pool import ConnectionPool


def search(pool: ConnectionPool, text: str, *, limit: int = 10, runs: Collection[UUID | str] | None = None,
           exclude: Collection[UUID | str] = ()) -> list[dict[str, Any]]:
    """Full-text search (``websearch_to_tsquery``) over reports, claims and evidence chunks.

    ``runs``: when given, only hits of these runs (an empty collection finds nothing); ``exclude``: no hits of
    these runs.
    Returns: up to ``limit`` hits per kind (report, claim, evidence, in that order), each {kind, run_id, id, title,
    snippet (at most 300 characters, matches between « and »), rank}, best first within a kind.
    Raises: psycopg.Error when PostgreSQL cannot be queried.
    """
    if runs is not None and not runs:
        return []
    hits: list[dict[str, Any]] = []
    q = "websearch_to_tsquery('english', %(q)s)"
    only = " AND {col} = ANY(%(runs)s::uuid[])" if runs is not None else ""
    if exclude:
        only += " AND NOT ({col} = ANY(%(exclude)s::uuid[]))"
    with pool.connection() as conn:
        for kind, sql in (
            ("report", f"SELECT run_id, run_id, question, ts_headline('english', markdown, {q}, 'StartSel=«, StopSel=»'), "
                       f"ts_rank_cd(tsv, {q}) r FROM rm_reports WHERE tsv @@ {q}{only.format(col='run_id')} "
                       f"ORDER BY r DESC LIMIT %(n)s"),
            ("claim", f"SELECT c.run_id, c.claim_id, coalesce(c.verdict, 'unverified'), c.text, "
                      f"ts_rank_cd(c.tsv, {q}) r FROM rm_claims c WHERE c.tsv @@ {q}{only.format(col='c.run_id')} "
                      f"ORDER BY r DESC LIMIT %(n)s"),
            ("evidence", f"SELECT k.run_id, k.source_id, s.title || ' — ' || coalesce(s.final_url, s.url), "
                         f"ts_headline('english', k.text, {q}, 'StartSel=«, StopSel=»'), ts_rank_cd(k.tsv, {q}) r "
                         f"FROM rm_chunks k JOIN rm_sources s ON s.source_id = k.source_id "
                         f"WHERE k.tsv @@ {q}{only.format(col='k.run_id')} ORDER BY r DESC LIMIT %(n)s"),
        ):
            params: dict[str, Any] = {"q": text, "n": limit}
            if runs is not None:
                params["runs"] = [str(r) for r in runs]
            if exclude:
                params["exclude"] = [str(r) for r in exclude]
            for row in conn.execute(sql, params).fetchall():
                hits.append({"kind": kind, "run_id": str(row[0]), "id": str(row[1]), "title": str(row[2]),
                             "snippet": " ".join(str(row[3]).split())[:300], "rank": float(row[4])})
    return hits
