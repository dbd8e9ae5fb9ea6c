"""Fixtures shared by the integration tests that talk to PostgreSQL directly (no services)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from shared.db import migrate, open_pool
from shared.launcher import Endpoints
from shared.store import ResearchRuns


@pytest.fixture
def pool(database_url: str) -> Iterator[Any]:
    """A psycopg connection pool (at most 2 connections) on the session's migrated PostgreSQL database;
    closed after the test."""
    endpoints = Endpoints(nats_url="nats://unused", database_url=database_url)
    migrate(endpoints)
    p = open_pool(endpoints, max_size=2)
    yield p
    p.close()


@pytest.fixture
def two(endpoints: Any) -> Iterator[tuple[ResearchRuns, ResearchRuns]]:
    """Two event stores on the session's database, standing for two processes (the first creates the table);
    closed after the test."""
    first = ResearchRuns(env=endpoints.eventsourcing_env(create_table=True))
    second = ResearchRuns(env=endpoints.eventsourcing_env())
    try:
        yield first, second
    finally:
        first.close()
        second.close()
