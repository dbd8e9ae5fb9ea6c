"""One writer per run, in a process and across processes: eight worker threads recording the verdicts of one run's 120 claims take
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


def test_writers_in_two_processes_take_turns_in_batches_and_fan_in_once(endpoints: Any) -> None:
    """Two stores on the same database (two processes' worth: each its own connections, cache and locks), four
    writer threads each, record the verdicts of one run's 120 claims: no save is refused for a stale version (the
    run's advisory lock makes them take turns), some saves carry several verdicts (group commit), every verdict is
    recorded once and ``ClaimsVerified`` once, last."""
    first = ResearchRuns(env=endpoints.eventsourcing_env(create_table=True))
    second = ResearchRuns(env=endpoints.eventsourcing_env())
    try:
        run_id, claim_ids = run_with_claims(first, 120)
        conflicts: list[int] = []
        batch_sizes: list[int] = []

        def counting(runs: ResearchRuns) -> None:
            save = runs.save

            def counted_save(*objs: Any, **kwargs: Any) -> Any:
                pending = sum(len(o.__dict__.get("_pending_events", [])) for o in objs)
                try:
                    out = save(*objs, **kwargs)
                except IntegrityError:
                    conflicts.append(1)
                    raise
                batch_sizes.append(pending)
                return out
            runs.save = counted_save  # type: ignore[method-assign]  # instrumented: counts refused saves
        counting(first)
        counting(second)

        def verify(i: int) -> bool:
            runs = first if i % 2 else second
            return runs.record_verdict(run_id, claim_ids[i], verdict="supported", stability=1.0,
                                       support_score=0.9, spans=[], corroborating_domains=["local:writers"])
        with ThreadPoolExecutor(max_workers=8) as pool:
            recorded = list(pool.map(verify, range(len(claim_ids))))
        assert all(recorded) and conflicts == []
        assert len(batch_sizes) < 120 and max(batch_sizes) > 1, batch_sizes
        for runs in (first, second):
            names = [type(e).__name__ for e in runs.timeline(run_id)]
            assert names.count("ClaimVerified") == 120 and names.count("ClaimsVerified") == 1
            assert names[-1] == "ClaimsVerified"
            assert runs.get_run(run_id).claims_verified
        # a redelivered verdict changes nothing, in either process
        assert not second.record_verdict(run_id, claim_ids[0], verdict="contradicted", stability=1.0,
                                         support_score=0.1, spans=[], corroborating_domains=[])
    finally:
        first.close()
        second.close()


def test_a_change_that_raises_fails_only_its_caller(endpoints: Any) -> None:
    """In a write batch, a change that raises gets its error; the others of the batch are recorded."""
    runs = ResearchRuns(env=endpoints.eventsourcing_env(create_table=True))
    try:
        run_id, claim_ids = run_with_claims(runs, 40)

        def verify(i: int) -> bool:
            if i % 10 == 3:
                return runs.update(run_id, lambda run: 1 / 0)  # type: ignore[no-any-return]  # raises
            return runs.record_verdict(run_id, claim_ids[i], verdict="supported", stability=1.0,
                                       support_score=0.9, spans=[], corroborating_domains=[])
        outcomes: list[object] = []
        with ThreadPoolExecutor(max_workers=8) as pool:
            for fut in [pool.submit(verify, i) for i in range(40)]:
                try:
                    outcomes.append(fut.result())
                except ZeroDivisionError as exc:
                    outcomes.append(exc)
        assert sum(isinstance(o, ZeroDivisionError) for o in outcomes) == 4
        assert sum(o is True for o in outcomes) == 36
        view = runs.get_run(run_id)
        assert sum(1 for c in view.claims.values() if c.verdict == "supported") == 36
    finally:
        runs.close()
