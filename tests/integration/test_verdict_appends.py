"""Verdicts appended without a load under the run's lock (``ResearchRuns._append_verdicts``, issue 10): a verdict
made on a process's cached copy of the run is stored only when every event stored since that copy is another
claim's verdict; anything else (a cancel, the same claim's verdict from another process) sends it down the locked
path, which decides it on the latest version. Two stores on one database stand for two processes."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from shared.store import ResearchRuns
from tests.integration.test_store_loads import run_with_claims

pytestmark = [pytest.mark.postgres]


def verdict(runs: ResearchRuns, run_id: UUID, claim_id: UUID, label: str = "supported") -> bool:
    return runs.record_verdict(run_id, claim_id, verdict=label, stability=1.0, support_score=0.9, spans=[],
                               corroborating_domains=["local:appends"])


def counted_appends(runs: ResearchRuns) -> list[bool]:
    """Instrument ``runs.save``: one entry per append of verdicts, whether it was stored."""
    outcomes: list[bool] = []
    save = runs.save

    def counted(*objs: Any, **kwargs: Any) -> Any:
        out = save(*objs, **kwargs)
        if kwargs.get("appending") is not None:
            outcomes.append(out.ok)
        return out
    runs.save = counted  # type: ignore[method-assign]  # instrumented
    return outcomes


def test_verdicts_of_two_processes_interleave_without_loads_and_fan_in_once(
        two: tuple[ResearchRuns, ResearchRuns]) -> None:
    first, second = two
    run_id, claims = run_with_claims(first, 6)
    second.get_run(run_id)  # both processes hold the run at the same version
    appends = counted_appends(first), counted_appends(second)
    for i, claim in enumerate(claims):  # alternating: each append comes after the other process's verdict
        assert verdict(first if i % 2 else second, run_id, claim)
    assert appends[0] == [True] * 3 and appends[1] == [True] * 3  # all appended on the cached copies
    for runs in two:
        events = runs.timeline(run_id)
        names = [type(e).__name__ for e in events]
        assert names.count("ClaimVerified") == 6 and names.count("ClaimsVerified") == 1
        assert names[-1] == "ClaimsVerified"
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        assert {str(e.claim_id) for e in events if type(e).__name__ == "ClaimVerified"} == {str(c) for c in claims}
        view = runs.get_run(run_id)
        assert view.claims_verified and all(c.verdict == "supported" for c in view.claims.values())


def test_a_verdict_of_a_claim_verified_meanwhile_elsewhere_is_not_recorded_again(
        two: tuple[ResearchRuns, ResearchRuns]) -> None:
    first, second = two
    run_id, claims = run_with_claims(first, 3)
    second.get_run(run_id)
    appends = counted_appends(second)
    assert verdict(first, run_id, claims[0])
    # the second process's copy predates that verdict: its append is refused, the locked path sees the verdict
    assert not verdict(second, run_id, claims[0], "contradicted")
    assert appends == [False]
    events = second.timeline(run_id)
    assert [str(e.claim_id) for e in events if type(e).__name__ == "ClaimVerified"] == [str(claims[0])]
    assert second.get_run(run_id).claim(claims[0]).verdict == "supported"  # type: ignore[union-attr]


def test_a_verdict_after_the_run_was_cancelled_elsewhere_is_not_recorded(
        two: tuple[ResearchRuns, ResearchRuns]) -> None:
    first, second = two
    run_id, claims = run_with_claims(first, 2)
    second.get_run(run_id)
    assert first.cancel_run(run_id, "test: cancelled while a verdict was being made")
    assert not verdict(second, run_id, claims[0])  # its cached copy is still running: the append is refused
    names = [type(e).__name__ for e in second.timeline(run_id)]
    assert names[-1] == "RunCancelled" and "ClaimVerified" not in names


def test_the_last_verdict_fans_in_when_its_copy_missed_the_others(two: tuple[ResearchRuns, ResearchRuns]) -> None:
    """A process whose copy still shows other claims unverified records the last verdict: the verdicts stored since
    its copy make the fan-in due, and it is decided under the lock on the latest version."""
    first, second = two
    run_id, claims = run_with_claims(first, 4)
    second.get_run(run_id)  # the second copy: no verdicts
    appends = counted_appends(second)
    for claim in claims[:3]:
        assert verdict(first, run_id, claim)
    assert not first.get_run(run_id).claims_verified
    assert verdict(second, run_id, claims[3])
    assert appends == [True]  # appended on its stale copy, after the three verdicts stored since
    names = [type(e).__name__ for e in first.timeline(run_id)]
    assert names.count("ClaimVerified") == 4 and names.count("ClaimsVerified") == 1
    assert names[-1] == "ClaimsVerified"
    assert second.get_run(run_id).claims_verified
