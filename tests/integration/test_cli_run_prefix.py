"""``--run`` and run-id arguments of the command line accept the 8-character prefixes the CLI prints (real
PostgreSQL read model): one run starting with it is that run; none or several are an exit-2 error naming them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest
import typer

from services.cli.main import _resolve_run, _run_id
from shared.db import migrate, open_pool
from shared.launcher import Endpoints

pytestmark = [pytest.mark.postgres]

A = UUID("abcdef12-0000-4000-8000-000000000001")
B = UUID("abcdef34-0000-4000-8000-000000000002")


class Rt:
    def __init__(self, pool: Any) -> None:
        self.pool = pool


def test_a_run_prefix_names_one_run_or_says_why_not(database_url: str, capsys: Any) -> None:
    endpoints = Endpoints(nats_url="nats://unused", database_url=database_url)
    migrate(endpoints)
    pool = open_pool(endpoints, max_size=2)
    try:
        with pool.connection() as conn:
            for run in (A, B):
                conn.execute("INSERT INTO rm_runs (run_id, question, scope, depth, status, started_at, last_seq) "
                             "VALUES (%s, 'q', 'local', 'quick', 'completed', %s, 1)", (str(run), datetime.now(UTC)))
        rt = Rt(pool)
        assert _resolve_run(rt, _run_id("ABCDEF12")) == A
        assert _resolve_run(rt, _run_id(str(B))) == B
        for ref, code in (("abcdef", 2), ("12345678", 2)):
            with pytest.raises(typer.Exit) as exc:
                _resolve_run(rt, _run_id(ref))
            assert exc.value.exit_code == code
        said = " ".join(capsys.readouterr().err.split())
        assert "'abcdef' is ambiguous" in said and str(A) in said and str(B) in said
        assert "no run id starts with '12345678'" in said
        with pytest.raises(typer.Exit):
            _run_id("not-a-run!")
    finally:
        pool.close()
