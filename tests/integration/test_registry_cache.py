"""Registry answers (CrossRef, PubMed, arXiv) are kept in PostgreSQL (``registry_lookups``) with a TTL: another
client instance and a new process on the same database read them instead of asking again; an expired answer is
asked for again; failures are never kept. Loopback stand-ins for the registries, a real PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from psycopg_pool import ConnectionPool

from services.scraper.scholarly import find_identifiers, scholarly_lookup
from shared.lookup_cache import PgLookupCache
from tests.crossref_server import RETRACTED, crossref
from tests.registry_servers import AX_WITHDRAWN, PM_RETRACTED, registries

pytestmark = [pytest.mark.postgres]
REPO = Path(__file__).resolve().parents[2]
URLS = (f"https://doi.org/{RETRACTED}", f"https://pubmed.ncbi.nlm.nih.gov/{PM_RETRACTED}/",
        f"https://arxiv.org/abs/{AX_WITHDRAWN}", "https://doi.org/10.5555/trust.unknown")

CHILD = """
import asyncio, json, sys
from services.scraper.scholarly import find_identifiers, scholarly_lookup
from shared.db import open_pool
from shared.launcher import Endpoints
from shared.lookup_cache import PgLookupCache

async def main() -> None:
    pool = open_pool(Endpoints(nats_url="nats://unused", database_url=sys.argv[1]), max_size=1)
    crossref_url, eutils_url, arxiv_url = sys.argv[2:5]
    lookup = scholarly_lookup(crossref_on=True, crossref_url=crossref_url, crossref_mailto=None, pubmed_on=True,
                              pubmed_url=eutils_url, pubmed_email=None, arxiv_on=True, arxiv_url=arxiv_url,
                              timeout_s=5, ttl_s=3600, cache=PgLookupCache(pool))
    out = {}
    for url in sys.argv[5:]:
        got = await lookup.lookup(find_identifiers(url), title=None, text="")
        out[url] = [got.status, got.status_date]
    await lookup.aclose()
    pool.close()
    print(json.dumps(out))

asyncio.run(main())
"""


async def _statuses(pool: ConnectionPool, cr: str, eutils: str, arxiv: str, ttl_s: float = 3600,
                    ) -> dict[str, list[str | None]]:
    lookup = scholarly_lookup(crossref_on=True, crossref_url=cr, crossref_mailto=None, pubmed_on=True,
                              pubmed_url=eutils, pubmed_email=None, arxiv_on=True, arxiv_url=arxiv, timeout_s=5,
                              ttl_s=ttl_s, cache=PgLookupCache(pool))
    try:
        out: dict[str, list[str | None]] = {}
        for url in URLS:
            got = await lookup.lookup(find_identifiers(url), title=None, text="")
            assert got is not None
            out[url] = [got.status, got.status_date]
        return out
    finally:
        await lookup.aclose()


def _asked(cr_api: object, reg_api: object) -> int:
    return len(cr_api.requests) + len(reg_api.requests)  # type: ignore[attr-defined]


async def test_answers_outlive_the_client_and_the_process_until_they_expire(pool: ConnectionPool,
                                                                           database_url: str) -> None:
    with crossref() as cr, registries() as reg:
        eutils, arxiv = reg.url("/eutils"), reg.url("/api/query")
        first = await _statuses(pool, cr.base, eutils, arxiv)
        assert first == {URLS[0]: ["retracted", "2021-06-02"], URLS[1]: ["retracted", "2021-06-02"],
                         URLS[2]: ["withdrawn", "2021-03-15"], URLS[3]: ["unknown", None]}
        asked = _asked(cr, reg)
        assert asked == 4  # one request per identifier
        with pool.connection() as conn:
            rows = conn.execute("SELECT registry, key, found FROM registry_lookups ORDER BY registry").fetchall()
        assert sorted(rows) == [("arxiv", AX_WITHDRAWN, True), ("crossref", RETRACTED, True),
                                ("crossref", "10.5555/trust.unknown", False), ("pubmed", PM_RETRACTED, True)]

        # another instance in this process: every answer (the 404 too) comes from PostgreSQL
        assert await _statuses(pool, cr.base, eutils, arxiv) == first
        assert _asked(cr, reg) == asked

        # a new process on the same database asks nothing either
        proc = subprocess.run([sys.executable, "-c", CHILD, database_url, cr.base, eutils, arxiv, *URLS],
                              cwd=REPO, capture_output=True, text=True, timeout=120,
                              env={**os.environ, "PYTHONPATH": str(REPO)})
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout.strip().splitlines()[-1]) == first
        assert _asked(cr, reg) == asked

        # an expired answer is asked for again, and the fresh answer replaces it
        with pool.connection() as conn:
            conn.execute("UPDATE registry_lookups SET expires_at = now() - interval '1 second' "
                         "WHERE registry = 'pubmed'")
            conn.commit()
        assert await _statuses(pool, cr.base, eutils, arxiv) == first
        assert _asked(cr, reg) == asked + 1 and len(reg.requests_to("/eutils/efetch.fcgi")) == 2


async def test_failures_are_never_kept(pool: ConnectionPool) -> None:
    with crossref(down=(RETRACTED,)) as cr, registries(busy=True) as reg:
        eutils, arxiv = reg.url("/eutils"), reg.url("/api/query")
        got = await _statuses(pool, cr.base, eutils, arxiv)
        assert [got[u][0] for u in URLS] == ["unknown"] * 4
        with pool.connection() as conn:
            rows = conn.execute("SELECT registry, key FROM registry_lookups").fetchall()
        assert rows == [("crossref", "10.5555/trust.unknown")]  # the only answer: "not in CrossRef"
    with crossref() as cr, registries() as reg:  # the registries are back: asked again, answered
        got = await _statuses(pool, cr.base, reg.url("/eutils"), reg.url("/api/query"))
        assert got[URLS[0]] == ["retracted", "2021-06-02"] and got[URLS[2]] == ["withdrawn", "2021-03-15"]


async def test_ttl_zero_reuses_no_stored_answer_and_a_lowered_ttl_applies_to_old_answers(pool: ConnectionPool) -> None:
    with crossref() as cr, registries() as reg:
        eutils, arxiv = reg.url("/eutils"), reg.url("/api/query")
        first = await _statuses(pool, cr.base, eutils, arxiv)  # kept for an hour
        asked = _asked(cr, reg)
        # ASSAY_SCRAPER_REGISTRY_CACHE_TTL_S=0: the stored answers are not reused (every identifier asked again)
        # and nothing new is kept
        with pool.connection() as conn:
            before = conn.execute("SELECT registry, key, fetched_at FROM registry_lookups ORDER BY 1, 2").fetchall()
        assert await _statuses(pool, cr.base, eutils, arxiv, ttl_s=0) == first
        assert _asked(cr, reg) == 2 * asked
        with pool.connection() as conn:
            after = conn.execute("SELECT registry, key, fetched_at FROM registry_lookups ORDER BY 1, 2").fetchall()
        assert after == before
        # a TTL lowered below an answer's age: that answer is asked again, a younger one is reused
        with pool.connection() as conn:
            conn.execute("UPDATE registry_lookups SET fetched_at = now() - interval '10 minutes' "
                         "WHERE registry = 'pubmed'")
            conn.commit()
        assert await _statuses(pool, cr.base, eutils, arxiv, ttl_s=300) == first
        assert _asked(cr, reg) == 2 * asked + 1 and len(reg.requests_to("/eutils/efetch.fcgi")) == 3
