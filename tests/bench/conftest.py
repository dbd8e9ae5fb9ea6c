"""Benchmark options (``pytest tests/bench --bench-claims 60 ...``): every new benchmark of issue 10 reads its
sizes from these command-line options, never from the environment, so it can run small on a busy machine.

``bench_options`` gives them as a :class:`BenchOptions` (defaults: the issue's full sizes)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from shared.launcher import Endpoints
from shared.runtime import Runtime
from shared.settings import ServiceSettings
from tests.conftest import make_settings


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("assay-bench", "Assay benchmark sizes (issue 10)")
    group.addoption("--bench-claims", type=int, default=1000,
                    help="claims of the verifier replica run (>= 200; 1,000: long enough that the fixed costs, each "
                         "process's first load and evidence pool, do not decide the ratio)")
    group.addoption("--bench-pages", type=int, default=40, help="slow loopback pages of the scraper replica run")
    group.addoption("--bench-page-delay", type=float, default=0.5, help="seconds each loopback page waits")
    group.addoption("--bench-fetch-in-flight", type=int, default=4,
                    help="pages each scraper process fetches at once in the replica run (its consumer's in-flight "
                         "limit and its per-host concurrency, the same in every run)")
    group.addoption("--bench-rounds", type=int, default=1, help="rounds of each replica comparison (1, 2, 1, 2...)")
    group.addoption("--bench-doc-sizes", default="100,1000,10000,100000",
                    help="comma-separated corpus sizes of the run-time benchmark")
    group.addoption("--bench-concurrency", default="8:6,8:16,16:16,32:32",
                    help="unit_workers:worker_threads pairs tried by the verifier concurrency benchmark")
    group.addoption("--bench-claim-counts", default="50,200", help="claim counts of the run-time-by-claims benchmark")


@dataclass(frozen=True)
class BenchOptions:
    """The benchmark sizes given on the command line (see ``pytest_addoption``)."""

    claims: int
    pages: int
    page_delay_s: float
    fetch_in_flight: int
    rounds: int
    doc_sizes: tuple[int, ...]
    claim_counts: tuple[int, ...]
    concurrency: tuple[tuple[int, int], ...]


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in str(text).split(",") if x.strip())


@pytest.fixture
def bench_options(request: pytest.FixtureRequest) -> BenchOptions:
    opt = request.config.getoption
    return BenchOptions(claims=int(opt("--bench-claims", 1000)), pages=int(opt("--bench-pages", 40)),
                        page_delay_s=float(opt("--bench-page-delay", 0.5)),
                        fetch_in_flight=int(opt("--bench-fetch-in-flight", 4)), rounds=int(opt("--bench-rounds", 1)),
                        doc_sizes=_ints(opt("--bench-doc-sizes", "100,1000,10000,100000")),
                        claim_counts=_ints(opt("--bench-claim-counts", "50,200")),
                        concurrency=tuple((int(a), int(b)) for a, b in (
                            pair.split(":") for pair in str(opt("--bench-concurrency", "8:6,8:16,16:16,32:32"))
                            .split(",") if pair.strip())))


@pytest.fixture
def bench_settings(tmp_path: Path, nats_url: str, database_url: str) -> ServiceSettings:
    """The test servers' settings with a redelivery delay (120 s) longer than a handler takes on a loaded machine
    (the tests' 5 s would redeliver a slow first run's commands)."""
    return make_settings(tmp_path / "data", nats_url, database_url, ack_wait_s=120.0)


@pytest.fixture
def bench_runtime(bench_settings: ServiceSettings, endpoints: Endpoints) -> Iterator[Runtime]:
    """A runtime on ``bench_settings``."""
    rt = Runtime.open(bench_settings, endpoints=endpoints)
    try:
        yield rt
    finally:
        rt.close()
