"""Verdict reuse, without servers: the reuse key (normalised claim text + the texts of the evidence a verdict
rests on), when an earlier verdict still holds, and the stored
``ClaimVerified`` at class version 2 (a version 1 record, written before reuse existed, loads with
``reuse_key`` and ``reused_from`` None)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import ClaimVerified, RunRequested
from shared.domain import ResearchRun, source_id_for
from shared.memory.verdicts import CachedVerdict, claim_key, claim_of_key, pick_verdict, reuse_key, still_holds
from shared.store import ResearchRuns


def test_reuse_key_ignores_case_punctuation_and_order_but_not_evidence_changes() -> None:
    key = reuse_key("Neil Peart was Rush's drummer.", ["Peart joined Rush in 1974.", "He wrote the lyrics."])
    assert key == reuse_key("neil peart was rush s drummer", ["PEART joined Rush in 1974!", "He wrote the lyrics"])
    assert key == reuse_key("Neil Peart was Rush's drummer.", ["He wrote the lyrics.", "Peart joined Rush in 1974."])
    assert key != reuse_key("Neil Peart was Rush's drummer.", ["Peart joined Rush in 1975.", "He wrote the lyrics."])
    assert key != reuse_key("Neil Peart was Rush's drummer.", ["Peart joined Rush in 1974."])
    assert key != reuse_key("Geddy Lee was Rush's drummer.", ["Peart joined Rush in 1974.", "He wrote the lyrics."])
    assert claim_of_key(key) == claim_key("Neil Peart was Rush's drummer.") and claim_of_key("ab" * 32) is None


def test_an_earlier_verdict_holds_while_the_sentences_it_rests_on_are_unchanged() -> None:
    claim = "Neil Peart was Rush's drummer."
    quotes = (("Peart joined Rush in 1974.", "supports"),)
    cached = CachedVerdict(uuid4(), "supported", 1.0, 0.9, quotes, "offline", datetime.now(UTC),
                           key=reuse_key(claim, ["Peart joined Rush in 1974."]))
    assert still_holds(claim, cached, ["Rush formed in 1968.", "peart joined rush in 1974", "New source text."])
    assert not still_holds(claim, cached, ["Rush formed in 1968.", "Peart joined Rush in 1975."])  # changed
    assert not still_holds(claim, cached, [])
    # a verdict without spans rests on every candidate it was judged on
    bare = replace(cached, quotes=(), verdict="contradicted", key=reuse_key(claim, ["A.", "B."]))
    assert still_holds(claim, bare, ["B.", "A."]) and not still_holds(claim, bare, ["A.", "B.", "C."])
    assert pick_verdict(claim, [bare, cached], ["Peart joined Rush in 1974."]) is cached
    assert pick_verdict(claim, [bare, cached], ["Peart left Rush."]) is None


def test_an_unverified_verdict_without_evidence_is_never_reused() -> None:
    # nothing supported or contradicted the claim: no evidence settled it, so a later run judges it again (an
    # earlier engine that could not match the claim to its own sentence must not keep it unverified for good)
    claim = "The Orlen Hut's opening hours: 8:00 to 18:00."
    unverified = CachedVerdict(uuid4(), "unverified", 1.0, 0.0, (), "offline", datetime.now(UTC),
                               key=reuse_key(claim, ["Opening hours: 8:00 to 18:00.", "The hut has 40 beds."]))
    same = ["The hut has 40 beds.", "Opening hours: 8:00 to 18:00."]
    assert not still_holds(claim, unverified, same)
    assert pick_verdict(claim, [unverified], same) is None
    supported = replace(unverified, verdict="supported", quotes=(("Opening hours: 8:00 to 18:00.", "supports"),),
                        key=reuse_key(claim, ["Opening hours: 8:00 to 18:00."]))
    assert pick_verdict(claim, [unverified, supported], same) is supported


def _run_with_a_verdict(runs: ResearchRuns, reused_from: UUID | None) -> UUID:
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="Who drummed for Rush?", scope="local"))
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "rush"}], "general", "en", "offline", False)
    hit = {"url": "doc:rush", "title": "rush", "snippet": "", "provider": "local", "rank": 1, "score": 1.0}
    runs.record_search(run_id, "q1", "rush", 1, [hit], True, [])
    source_id = source_id_for(run_id, "doc:rush")
    runs.record_source_fetched(run_id, source_id, url="doc:rush", final_url="rush", content_type="text/plain",
                               title="rush", text_sha256="0" * 64, chars=100, via="local")
    claim_id = uuid4()
    runs.record_claims(run_id, source_id, [{"claim_id": str(claim_id), "text": "Peart drummed for Rush.", "start": 0,
                                            "end": 10, "numeric": False, "recent": False, "named_event": False}])
    assert runs.record_verdict(run_id, claim_id, verdict="supported", stability=1.0, support_score=0.9, spans=[],
                               corroborating_domains=[], reuse_key="k" * 64, reused_from=reused_from)
    return run_id


def test_claim_verified_is_stored_at_version_2() -> None:
    cls: Any = ResearchRun.ClaimVerified
    assert cls.class_version == 2 and callable(cls.upcast_v1_v2)
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": ""})
    earlier = uuid4()
    run_id = _run_with_a_verdict(runs, earlier)
    verified = next(e for e in runs.timeline(run_id) if isinstance(e, ClaimVerified))
    assert verified.reuse_key == "k" * 64 and verified.reused_from == earlier
    assert "reused from run" in verified.summary()


@pytest.mark.parametrize("old", ["absent", "null"])
def test_a_version_1_claim_verified_loads_upcast(old: str) -> None:
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": ""})
    run_id = _run_with_a_verdict(runs, uuid4())
    recorder: Any = runs.recorder
    rewritten = 0
    for i, stored in enumerate(recorder._stored_events):
        if stored.topic.rsplit(".", 1)[-1] != "ClaimVerified":
            continue
        state = json.loads(stored.state)
        assert state.pop("class_version") == 2
        for field in ("reuse_key", "reused_from"):
            if old == "absent":
                del state[field]
            else:
                state[field] = None
        recorder._stored_events[i] = replace(stored, state=json.dumps(state).encode())
        rewritten += 1
    assert rewritten == 1
    verified = next(e for e in runs.timeline(run_id) if isinstance(e, ClaimVerified))
    assert verified.reuse_key is None and verified.reused_from is None and verified.verdict == "supported"
    run = runs.get_run(run_id)
    assert [c.verdict for c in run.claims.values()] == ["supported"]
