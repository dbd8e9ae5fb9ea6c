"""Benchmark options (``pytest tests/bench --bench-claims 60 ...``): every new benchmark of issue 10 reads its
sizes from these command-line options, never from the environment, so it can run small on a busy machine.

``bench_options`` gives them as a :class:`BenchOptions` (defaults: the issue's full sizes)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("assay-bench", "Assay benchmark sizes (issue 10)")
    group.addoption("--bench-claims", type=int, default=240, help="claims of the verifier replica run (>= 200)")
    group.addoption("--bench-pages", type=int, default=40, help="slow loopback pages of the scraper replica run")
    group.addoption("--bench-page-delay", type=float, default=0.5, help="seconds each loopback page waits")
    group.addoption("--bench-rounds", type=int, default=1, help="rounds of each replica comparison (1, 2, 1, 2...)")
    group.addoption("--bench-doc-sizes", default="100,1000,10000,100000",
                    help="comma-separated corpus sizes of the run-time benchmark")
    group.addoption("--bench-claim-counts", default="50,200", help="claim counts of the run-time-by-claims benchmark")


@dataclass(frozen=True)
class BenchOptions:
    """The benchmark sizes given on the command line (see ``pytest_addoption``)."""

    claims: int
    pages: int
    page_delay_s: float
    rounds: int
    doc_sizes: tuple[int, ...]
    claim_counts: tuple[int, ...]


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in str(text).split(",") if x.strip())


@pytest.fixture
def bench_options(request: pytest.FixtureRequest) -> BenchOptions:
    opt = request.config.getoption
    return BenchOptions(claims=int(opt("--bench-claims", 240)), pages=int(opt("--bench-pages", 40)),
                        page_delay_s=float(opt("--bench-page-delay", 0.5)), rounds=int(opt("--bench-rounds", 1)),
                        doc_sizes=_ints(opt("--bench-doc-sizes", "100,1000,10000,100000")),
                        claim_counts=_ints(opt("--bench-claim-counts", "50,200")))
