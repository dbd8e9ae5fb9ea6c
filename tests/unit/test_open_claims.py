"""Whether a run's claims are all verified, checked at every verdict (``ResearchRun.maybe_complete_verification``,
the store's fan-in check): the check reads about the claims still open, not the run's claims, so a run's verdicts
cost in proportion to its claims, not to their square (issue 10: run time linear in claim count)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from shared.domain import open_claims_at_most


class CountingClaims(dict[str, Mapping[str, Any]]):
    """Claims by id that count how many were read."""

    reads = 0

    def __getitem__(self, key: str) -> Mapping[str, Any]:
        self.reads += 1
        return super().__getitem__(key)


def _claims(n: int, open_ids: set[int]) -> tuple[CountingClaims, list[str]]:
    ids = [f"c{i}" for i in range(n)]
    claims = CountingClaims({cid: {"verdict": None if i in open_ids else "supported"} for i, cid in enumerate(ids)})
    return claims, ids


def test_verdicts_in_command_order_read_the_open_claims_only() -> None:
    # claims verified in the order their commands went out, a check after each: a few reads each, not n
    n = 2000
    claims, ids = _claims(n, set(range(n)))
    total = 0
    for i, cid in enumerate(ids):
        claims[cid] = {"verdict": "supported"}
        claims.reads = 0
        assert open_claims_at_most(claims, ids, 0) == (i == n - 1)
        assert open_claims_at_most(claims, ids, 3) == (i >= n - 4)
        total += claims.reads
    # a few reads a check, and a whole pass only for the last checks, once fewer claims are open than the limit
    # allows: about 10 n in all, where counting every open claim at every check reads 2 n^2 (8 million)
    assert total <= 12 * n


def test_the_same_answer_as_counting_every_open_claim() -> None:
    rng = random.Random(10)
    for _ in range(300):
        n = rng.randint(0, 40)
        claims, ids = _claims(n, {i for i in range(n) if rng.random() < rng.random()})
        ids = rng.sample(ids, len(ids))
        open_count = sum(1 for c in ids if claims[c]["verdict"] is None)
        for limit in range(-1, n + 2):
            assert open_claims_at_most(claims, ids, limit) == (open_count <= limit)
