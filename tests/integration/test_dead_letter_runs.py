"""A run whose units are dead-lettered finishes partial with the reasons (issue 11, item 4).

Every service runs in-process on real NATS JetStream and PostgreSQL (the ``stack`` fixture), on the sample corpus.
One unit of each fan-out kind keeps raising in its stage's handler, every delivery: the second sub-query's search
(gatherer), the first source's fetch (scraper), the first fetched source's claim extraction (claim-extractor) and
the first claim's verification (verifier). Each is dead-lettered after ``poison_deliveries`` deliveries by the
bus's error policy and settled in its run as that unit's failure, so the fan-ins complete and the run ends
``RunCompleted`` partial (not ``RunFailed``) with a report whose "What is missing" names each unit and its reason.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import ClaimVerified, RunCompleted, RunRequested, SourceFailed, UnitDeadLettered
from services.cli.research import follow, submit
from shared.report import missing_items
from shared.results import result

pytestmark = [pytest.mark.nats, pytest.mark.postgres]
SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "samples" / "hotpotqa" / "paragraphs.json"
QUESTION = ('Which Canadian rock band released a song called "Counterparts" and had a drummer who was '
            'inducted into the Modern Drummer Hall of Fame?')


def _poison(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, key: Callable[[Any], str],
            chosen: Callable[[Any], bool], poisoned: dict[str, str]) -> None:
    """Wrap ``module.name`` (a stage's handler function, looked up by its subscriber on every message) so that it
    raises on every delivery of the first message ``chosen`` accepts (its ``key`` kept in ``poisoned[name]``)."""
    original: Callable[..., Awaitable[None]] = getattr(module, name)

    async def handler(msg: Any, deps: Any) -> None:
        if name not in poisoned and chosen(msg):
            poisoned[name] = key(msg)
        if poisoned.get(name) == key(msg):
            raise RuntimeError(f"poisoned {name} {key(msg)}")
        await original(msg, deps)

    monkeypatch.setattr(module, name, handler)


async def test_a_run_with_a_dead_lettered_unit_of_each_kind_completes_partial_with_the_reasons(
        runtime: Any, stack: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from services.claim_extractor import handlers as extractor
    from services.gatherer import handlers as gatherer
    from services.scraper import handlers as scraper
    from services.verifier import handlers as verifier

    for rec in json.loads(SAMPLE.read_text(encoding="utf-8")):
        runtime.corpus.add("sample", path=rec["source"], title=rec["title"], text=rec["text"],
                           content_type="text/plain")
    poisoned: dict[str, str] = {}
    _poison(monkeypatch, gatherer, "on_search", lambda c: c.sub_query_id, lambda c: c.sub_query_id == "q2", poisoned)
    _poison(monkeypatch, scraper, "on_fetch", lambda c: str(c.source_id), lambda c: True, poisoned)
    _poison(monkeypatch, extractor, "on_source_fetched", lambda e: str(e.source_id), lambda e: True, poisoned)
    _poison(monkeypatch, verifier, "on_verify", lambda c: str(c.claim_id), lambda c: True, poisoned)

    run_id = uuid4()
    await submit(runtime, RunRequested(run_id=run_id, question=QUESTION, scope="local", max_sources=8))
    events = await follow(runtime, run_id, timeout_s=180)

    assert set(poisoned) == {"on_search", "on_fetch", "on_source_fetched", "on_verify"}, poisoned
    last = events[-1]
    assert isinstance(last, RunCompleted) and last.status == "partial", type(last).__name__
    dead = {e.kind: e for e in events if isinstance(e, UnitDeadLettered)}
    assert set(dead) == {"search", "fetch", "extract", "verify"}
    for kind, name, stage in (("search", "on_search", "gatherer"), ("fetch", "on_fetch", "scraper"),
                              ("extract", "on_source_fetched", "claim-extractor"), ("verify", "on_verify", "verifier")):
        assert dead[kind].stage == stage
        assert dead[kind].reason == f"gave up after 3 deliveries: RuntimeError: poisoned {name} {poisoned[name]}"
    # each unit recorded as its own failure
    failed = {str(e.source_id): e.reason for e in events if isinstance(e, SourceFailed)}
    assert failed[poisoned["on_fetch"]].startswith("dead-lettered: gave up after 3 deliveries")
    assert failed[poisoned["on_source_fetched"]].startswith("dead-lettered: gave up after 3 deliveries")
    verdicts = {str(e.claim_id): e.verdict for e in events if isinstance(e, ClaimVerified)}
    assert verdicts[poisoned["on_verify"]] == "unverified"
    assert any(v != "unverified" for v in verdicts.values()), "the other claims were verified"

    # the report says what is missing and why; the run's record too
    res = result(runtime, run_id)
    assert res["status"] == "partial" and res["report"]
    items = " ".join(missing_items(res["report"]))
    for name in poisoned:
        assert f"RuntimeError: poisoned {name} {poisoned[name]}" in items, name
    assert all(any(e.reason in m for m in res["missing"]) for e in dead.values())
    assert UUID(res["run_id"]) == run_id and res["failure"] is None
