"""One writer per run in a process: eight worker threads recording the verdicts of one run's 120 claims take
turns instead of conflicting (no save is refused for a stale version), and the fan-in ``ClaimsVerified`` is
recorded exactly once, after the last verdict."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from eventsourcing.persistence import IntegrityError

from shared.store import ResearchRuns
from tests.integration.test_store_loads import run_with_claims

pytestmark = [pytest.mark.postgres]


def test_writers_of_one_run_take_turns_and_fan_in_once(endpoints: Any) -> None:
    runs = ResearchRuns(env=endpoints.eventsourcing_env(create_table=True))
    try:
        run_id, claim_ids = run_with_claims(runs, 120)
        conflicts: list[int] = []
        save = runs.save

        def counted_save(*args: Any, **kwargs: Any) -> Any:
            try:
                return save(*args, **kwargs)
            except IntegrityError:
                conflicts.append(1)
                raise
        runs.save = counted_save  # type: ignore[method-assign]  # instrumented: counts refused saves

        def verify(i: int) -> bool:
            return runs.record_verdict(run_id, claim_ids[i], verdict="supported", stability=1.0,
                                       support_score=0.9, spans=[], corroborating_domains=["local:writers"])
        with ThreadPoolExecutor(max_workers=8) as pool:
            recorded = list(pool.map(verify, range(len(claim_ids))))
        assert all(recorded) and conflicts == []
        names = [type(e).__name__ for e in runs.timeline(run_id)]
        assert names.count("ClaimVerified") == 120 and names.count("ClaimsVerified") == 1
        assert names[-1] == "ClaimsVerified"
    finally:
        runs.close()
