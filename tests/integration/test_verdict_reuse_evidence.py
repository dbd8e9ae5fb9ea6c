"""Verdict reuse keyed by the evidence a verdict rests on, on real PostgreSQL (the event store, the document store,
the indexer's ``rm_verdict_cache``) with the verifier's handler and the offline engine:

- a later run whose sources hold the same sentences the earlier verdict quoted reuses it, even though its other
  sources (so its candidate sentences) differ;
- a later run in which a quoted sentence changed verifies the claim again;
- a verdict reused is not recorded again for reuse, and the key is the claim's and its spans' texts.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from contracts import ClaimVerified, VerifyClaim
from services.indexer.projections import Projector
from services.verifier.handlers import EvidencePools, StoredVerdicts, Verification, on_verify
from shared.domain import claim_id_for
from shared.memory.verdicts import reuse_key
from tests.unit.handlers.fakes import FakeCommands, fetched_run

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

CLAIM = "Neil Peart was the drummer of Rush."
RUSH = "Rush is a Canadian rock band from Toronto. Neil Peart was the drummer of Rush from 1974 to 2015."
OTHER = "Neil Peart joined Rush in 1974 as the drummer. He wrote most of the lyrics of the band."
NEWS = "Rush played its last concert in 2015 in Los Angeles. The band was inducted into the Rock Hall in 2013."
RUSH_NOW = "Rush is a Canadian rock band from Toronto. Neil Peart was the drummer of the band Genesis in 1974."


async def _verified(rt: Any, texts: list[tuple[str, str]]) -> tuple[UUID, ClaimVerified]:
    """A run over ``texts`` whose one claim (CLAIM, taken from the first source) is verified by the handler, its
    events projected by the indexer; returns (run id, its ClaimVerified)."""
    run_id, sources = fetched_run(rt.runs, rt.documents, texts)
    cid = claim_id_for(run_id, CLAIM)
    rt.runs.record_claims(run_id, sources[0], [{"claim_id": str(cid), "text": CLAIM, "start": 0, "end": 42}])
    for sid in sources[1:]:
        rt.runs.record_claims(run_id, sid, [])
    deps = Verification(runs=rt.runs, documents=rt.documents, commands=FakeCommands(), llm=None,
                        verdicts=StoredVerdicts(rt.pool), pools=EvidencePools(), settings=rt.settings.verifier)
    await on_verify(VerifyClaim(run_id=run_id, claim_id=cid), deps)
    events = rt.runs.timeline(run_id)
    Projector(rt.pool, rt.documents).apply_many(events)  # what the live indexer does
    (verified,) = [e for e in events if isinstance(e, ClaimVerified)]
    return run_id, verified


async def test_unchanged_evidence_reuses_the_verdict_and_changed_evidence_verifies_again(runtime: Any) -> None:
    rt = runtime
    first, v1 = await _verified(rt, [("https://a.example/rush", RUSH), ("https://b.example/peart", OTHER)])
    assert v1.verdict == "supported" and v1.reused_from is None and v1.spans
    assert v1.reuse_key == reuse_key(CLAIM, [s.quote for s in v1.spans])
    with rt.pool.connection() as conn:
        kept = conn.execute("SELECT run_id, verdict FROM rm_verdict_cache WHERE reuse_key = %s",
                            (v1.reuse_key,)).fetchone()
    assert kept == (first, "supported")

    # the same sentences, and a new source beside them (other candidate sentences): the verdict is reused
    _, v2 = await _verified(rt, [("https://a.example/rush", RUSH), ("https://b.example/peart", OTHER),
                                 ("https://c.example/news", NEWS)])
    assert v2.reused_from == first and v2.verdict == v1.verdict and v2.reuse_key == v1.reuse_key
    assert [s.quote for s in v2.spans] == [s.quote for s in v1.spans]

    # one sentence the verdict quoted changed (the other sources are as before): verified again, not reused
    quoted = {s.quote for s in v1.spans}
    assert "Neil Peart was the drummer of Rush from 1974 to 2015." in quoted
    third, v3 = await _verified(rt, [("https://a.example/rush", RUSH_NOW), ("https://b.example/peart", OTHER)])
    assert v3.reused_from is None and v3.engine == "offline" and v3.reuse_key != v1.reuse_key
    assert "Neil Peart was the drummer of Rush from 1974 to 2015." not in {s.quote for s in v3.spans}
    with rt.pool.connection() as conn:  # the new verdict is kept for reuse under its own key; the reused one not
        rows = dict(conn.execute("SELECT reuse_key, run_id FROM rm_verdict_cache").fetchall())
    assert rows == {v1.reuse_key: first, v3.reuse_key: third}
