"""A service process started while PostgreSQL restarts waits for it instead of exiting at start (the fault suite
found a relay process restarted during a PostgreSQL restart exit, leaving its runs unpublished: hung runs)."""
from __future__ import annotations

import logging
import time

import psycopg
import pytest

from shared.launcher import Endpoints
from shared.runtime import migrate_when_ready
from tests.loopback import refused_port


def test_a_database_that_does_not_answer_is_retried_until_the_wait_runs_out(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="assay.runtime")
    with refused_port() as port:
        down = Endpoints(nats_url="nats://127.0.0.1:4222",
                         database_url=f"postgresql://postgres@127.0.0.1:{port}/assay?connect_timeout=1")
        started = time.monotonic()
        with pytest.raises(psycopg.OperationalError):
            migrate_when_ready(down, wait_s=2.0)
    assert time.monotonic() - started >= 1.0  # waited, not failed at the first refusal
    assert any("PostgreSQL is not ready at start" in r.getMessage() for r in caplog.records)


def test_a_database_that_answers_is_migrated_at_once(endpoints: Endpoints) -> None:
    migrate_when_ready(endpoints, wait_s=10.0)
    with psycopg.connect(endpoints.database_url) as conn:
        assert conn.execute("SELECT to_regclass('public.rejected_messages')").fetchone() != (None,)
