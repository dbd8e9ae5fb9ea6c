"""What a verifier replica reads per claim stays constant on long runs (issue 10, replica scaling):

- a run's view builds a claim's or a source's typed value only when it is read, and reuses it in later views
  while the entry is unchanged (``shared.domain.TypedEntries``): reading one claim of a 200-claim run builds one;
- earlier runs' verdicts on a run's claims are read in one query for every claim (``find_verdicts_many``), with
  the same answer per claim as the one-claim query (``find_verdicts``): TTL, excluded run, newest first, limit.
"""

from __future__ import annotations

import copy
import pickle
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

import pytest

import shared.domain as domain
from services.verifier.handlers import EarlierVerdicts, StoredVerdicts
from shared.memory.verdicts import CachedVerdict, claim_key, find_verdicts, find_verdicts_many, remember_verdict
from shared.store import ResearchRuns
from tests.integration.test_store_loads import run_with_claims

pytestmark = [pytest.mark.postgres]


def test_a_view_builds_only_the_entries_read_and_reuses_them(endpoints: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    real = domain._claim_of

    def counted(raw: Any) -> Any:
        built.append(str(raw["claim_id"]))
        return real(raw)

    monkeypatch.setattr(domain, "_claim_of", counted)
    runs = ResearchRuns(env=endpoints.eventsourcing_env(create_table=True))
    try:
        run_id, claim_ids = run_with_claims(runs, 200)
        first = runs.get_run(run_id)
        assert built == [] and len(first.claims) == 200 and str(claim_ids[5]) in first.claims
        one = first.claims[str(claim_ids[5])]
        assert built == [str(claim_ids[5])] and one.text == "Claim 5 holds."
        assert runs.get_run(run_id).claims[str(claim_ids[5])] is one and len(built) == 1  # reused, not rebuilt
        assert first.claim(uuid4()) is None and "nope" not in first.claims and len(built) == 1
        with pytest.raises(TypeError):
            first.claims[str(claim_ids[5])] = one  # type: ignore[index]  # (the point: it is read-only)

        assert runs.record_verdict(run_id, claim_ids[5], verdict="supported", stability=1.0, support_score=0.9,
                                   spans=[], corroborating_domains=[])
        after = runs.get_run(run_id)
        assert after.claims[str(claim_ids[5])].verdict == "supported" and len(built) == 2  # the changed entry
        assert first.claims[str(claim_ids[5])].verdict is None  # the older view keeps its state
        assert after.claims[str(claim_ids[6])] is runs.get_run(run_id).claims[str(claim_ids[6])]

        plain = dict(after.claims)  # a plain copy of every typed value, as copy and pickle give
        assert list(plain) == [str(c) for c in claim_ids] and plain[str(claim_ids[5])].verdict == "supported"
        assert copy.deepcopy(after.claims) == plain == pickle.loads(pickle.dumps(after.claims))
        assert after.claims == plain and len(after.sources) == 1
    finally:
        runs.close()


def _verdict(pool: Any, claim: str, run_id: UUID, at: datetime, n: int) -> None:
    key = f"{claim_key(claim)}.{n:064x}"
    with pool.connection() as conn:
        remember_verdict(conn, key, run_id=run_id, claim_id=uuid4(), verdict="supported", stability=1.0,
                         support_score=0.5, quotes=[(f"quote {n}", "supports")], engine="offline", verified_at=at)


def test_earlier_verdicts_of_many_claims_in_one_query_equal_the_one_claim_query(runtime: Any) -> None:
    pool = runtime.pool
    now = datetime.now(UTC)
    this_run, other = uuid4(), uuid4()
    claims = [f"Claim {uuid4().hex} is stated." for _ in range(3)]
    for n in range(25):  # more than the limit (20) for the first claim, newest first
        _verdict(pool, claims[0], other, now - timedelta(seconds=n + 1), n)
    _verdict(pool, claims[1], other, now - timedelta(days=30), 100)  # outside the TTL
    _verdict(pool, claims[1], this_run, now - timedelta(seconds=5), 101)  # the run's own: excluded
    _verdict(pool, claims[1], other, now - timedelta(seconds=7), 102)
    many = find_verdicts_many(pool, claims + [claims[0]], ttl_s=86_400.0, now=now, exclude_run=this_run)
    assert set(many) == {claim_key(c) for c in claims}
    for claim in claims:
        assert many[claim_key(claim)] == find_verdicts(pool, claim, ttl_s=86_400.0, now=now, exclude_run=this_run)
    assert len(many[claim_key(claims[0])]) == 20 and many[claim_key(claims[2])] == []
    assert [v.quotes[0][0] for v in many[claim_key(claims[1])]] == ["quote 102"]
    assert find_verdicts_many(pool, claims, ttl_s=0, now=now) == {claim_key(c): [] for c in claims}


class CountingMemory(StoredVerdicts):
    """The stored verdicts, counting the reads."""

    def __init__(self, pool: Any) -> None:
        object.__setattr__(self, "pool", pool)
        object.__setattr__(self, "reads", [])

    def find(self, claim: str, **kw: Any) -> list[CachedVerdict]:
        self.reads.append(("one", claim))  # type: ignore[attr-defined]
        return super().find(claim, **kw)

    def find_many(self, claims: Any, **kw: Any) -> dict[str, list[CachedVerdict]]:
        claims = list(claims)
        self.reads.append(("many", len(claims)))  # type: ignore[attr-defined]
        return super().find_many(claims, **kw)


def test_a_runs_earlier_verdicts_are_read_once_for_all_its_claims(runtime: Any) -> None:
    rt = runtime
    run_id, claim_ids = run_with_claims(rt.runs, 30)
    run = rt.runs.get_run(run_id)
    other = uuid4()
    _verdict(rt.pool, "Claim 3 holds.", other, datetime.now(UTC) - timedelta(seconds=2), 7)
    memory, earlier = CountingMemory(rt.pool), EarlierVerdicts()
    found = {c.text: earlier.find(memory, run, c.text, ttl_s=3600.0) for c in run.claims.values()}
    assert memory.reads == [("many", 30)]  # type: ignore[attr-defined]
    assert [v.run_id for v in found["Claim 3 holds."]] == [other] and found["Claim 4 holds."] == []
    assert earlier.find(memory, run, "A claim the run gained later.", ttl_s=3600.0) == []
    assert memory.reads[-1] == ("one", "A claim the run gained later.")  # type: ignore[attr-defined]
