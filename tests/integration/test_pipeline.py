"""A research run through every stage over real NATS and PostgreSQL, with the offline engines."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any
from uuid import uuid4

import nats
import pytest

from contracts import Budget, RunRequested
from services.cli.research import follow, result, submit
from services.eval.hotpotqa import check_citations
from services.indexer.projections import Projector
from tests.loopback import Route, serve

pytestmark = [pytest.mark.nats, pytest.mark.postgres]
SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "samples" / "hotpotqa" / "paragraphs.json"
QUESTION = ('Which Canadian rock band released a song called "Counterparts" and had a drummer who was '
            'inducted into the Modern Drummer Hall of Fame?')


def ingest_sample(rt: Any, corpus: str = "sample") -> None:
    for rec in json.loads(SAMPLE.read_text(encoding="utf-8")):
        rt.corpus.add(corpus, path=rec["source"], title=rec["title"], text=rec["text"], content_type="text/plain")


def assert_citations_resolve(rt: Any, res: dict[str, Any]) -> None:
    """Every [n] in the report has a citation whose source was fetched and holds the quoted span."""
    report = res["report"] or ""
    body = report.split("## Sources")[0]
    markers = {int(n) for n in re.findall(r"\[(\d+)\]", body)}
    cited = {c["n"] for c in res["citations"]}
    assert markers, "the report cites nothing"
    assert markers <= cited, f"markers without a citation: {sorted(markers - cited)}"
    fetched = {s["source_id"]: s for s in res["sources"] if s["status"] in ("fetched", "extracted")}
    for c in res["citations"]:
        assert str(c["source_id"]) in fetched, f"[{c['n']}] cites a source that was not fetched"
    valid, total = check_citations(rt, res)
    assert (valid, total) == (total, len(res["citations"])) and total > 0


async def test_run_requested_by_plain_nats_client_runs_and_is_followed_on_the_bus(runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    run_id = uuid4()
    nc = await nats.connect(runtime.endpoints.nats_url)
    seen: list[tuple[str, dict[str, Any]]] = []
    done = asyncio.Event()

    async def on_msg(msg: Any) -> None:
        data = json.loads(msg.data)
        if data.get("run_id") == str(run_id):
            seen.append((msg.subject, data))
            if msg.subject in ("assay.evt.run-completed.v1", "assay.evt.run-failed.v1"):
                done.set()

    sub = await nc.subscribe("assay.evt.>", cb=on_msg)
    body = {"run_id": str(run_id), "question": QUESTION, "scope": "local", "max_sources": 8}
    await nc.publish("assay.cmd.run.v1", json.dumps(body).encode())  # a plain core publish, no Assay code
    await asyncio.wait_for(done.wait(), timeout=60)
    await sub.unsubscribe()
    await nc.close()

    subjects = [s for s, _ in seen]
    for expected in ("run-started", "plan-created", "search-completed", "sources-selected", "source-fetched",
                     "claims-extracted", "extraction-completed", "claim-verified", "claims-verified",
                     "confidence-gated", "report-synthesized", "report-judged", "citations-audited",
                     "run-completed"):
        assert f"assay.evt.{expected}.v1" in subjects, f"{expected} never reached the bus"
    seqs = [d["seq"] for _, d in seen]
    assert sorted(seqs) == list(range(1, len(seqs) + 1)), "events missing or duplicated on the bus"
    res = result(runtime, run_id)
    assert res["status"] == "completed"
    assert "Rush" in (res["report"] or "")
    assert_citations_resolve(runtime, res)
    assert res["citation_audit"]["valid"] == res["citation_audit"]["total"] > 0


async def test_projection_rebuild_equals_live_read_models(runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    run_ids = []
    for q in (QUESTION, "In what year did the Danish plant ecologist who assisted the chemist who introduced pH die?"):
        run_id = uuid4()
        await submit(runtime, RunRequested(run_id=run_id, question=q, scope="local", max_sources=6))
        run_ids.append(run_id)
    for run_id in run_ids:
        await follow(runtime, run_id, timeout_s=60)
    projector = Projector(runtime.pool, runtime.documents)
    expected_seq = {str(r): len(runtime.runs.timeline(r)) for r in run_ids}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the live indexer consumes the bus asynchronously: wait for it
        with runtime.pool.connection() as conn:
            rows = dict(conn.execute("SELECT run_id::text, last_seq FROM rm_runs").fetchall())
        if rows == expected_seq and projector.position() == runtime.runs.max_position():
            break
        await asyncio.sleep(0.1)
    assert rows == expected_seq
    assert projector.position() == runtime.runs.max_position() > 0  # the tracking position, with the views
    live = projector.snapshot()
    assert len(live["rm_claims"]) > 0 and len(live["rm_reports"]) == 2 and len(live["rm_chunks"]) > 0
    replayed = projector.rebuild(runtime.runs.iter_log())
    assert replayed == sum(expected_seq.values())
    assert projector.snapshot() == live
    assert projector.position() == runtime.runs.max_position()  # the replay tracked its position too
    hits = projector.search("Canadian rock band drummer")
    assert {h["kind"] for h in hits} >= {"report", "claim", "evidence"}


async def test_malformed_and_unknown_version_messages_are_rejected_and_the_worker_keeps_going(
        runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    nc = await nats.connect(runtime.endpoints.nats_url)
    js = nc.jetstream()
    bad_run = uuid4()
    payloads = {
        b"this is not json": "not UTF-8 JSON",
        b"[1, 2, 3]": "must be a JSON object",
        json.dumps({"run_id": str(uuid4()), "question": "What is pH?", "version": 7}).encode(): "unsupported contract version 7",
        json.dumps({"run_id": str(bad_run), "question": "x" * 20_000}).encode(): "limit is 2000",
        json.dumps({"run_id": str(uuid4()), "question": "   \n\t "}).encode(): "empty or whitespace",
        json.dumps({"run_id": "nope", "question": "What is pH?"}).encode(): "run_id",
        b"\xff\xfe\x00": "not UTF-8 JSON",
        b'{"a":' + b"[" * 5000 + b"]" * 5000 + b"}": "nested too deeply",
        json.dumps({"run_id": str(uuid4()), "question": "Rush \ud800 drummer?"}).encode(): "lone surrogate",
        json.dumps({"run_id": str(uuid4()), "question": "Rush\u0000drummer?"}).encode(): "control characters",
        json.dumps({"run_id": str(uuid4()), "question": "\u200b\u200b"}).encode(): "no letters or digits",
    }
    for i, body in enumerate(payloads):
        await js.publish("assay.cmd.run.v1", body, headers={"Nats-Msg-Id": f"bad-{i}-{uuid4()}"})
    await nc.close()
    deadline = time.monotonic() + 30
    rows: list[dict[str, Any]] = []
    while time.monotonic() < deadline and len(rows) < len(payloads):
        rows = runtime.rejections(50)
        await asyncio.sleep(0.1)
    reasons = [r["reason"] for r in rows]
    for expected in payloads.values():
        assert any(expected in reason for reason in reasons), f"no rejection saying {expected!r}: {reasons}"
    assert any(r["run_id"] == bad_run for r in rows), "the rejection of a run request keeps its run id"
    # the planner is still consuming: a valid run completes
    run_id = uuid4()
    await submit(runtime, RunRequested(run_id=run_id, question=QUESTION, scope="local", max_sources=5))
    events = await follow(runtime, run_id, timeout_s=60)
    assert type(events[-1]).__name__ == "RunCompleted"


async def test_stuck_source_ends_in_a_partial_report_that_says_what_is_missing(runtime: Any, stack: Any) -> None:
    page = b"<html><body><article><p>The slow page never arrives in time for this run.</p></article></body></html>"
    with serve({"/slow": Route(200, page, {"Content-Type": "text/html"}, delay_s=8.0)}) as web:
        run_id = uuid4()
        await submit(runtime, RunRequested(run_id=run_id, question="What does the slow page say?", scope="local",
                                           urls=(web.url("/slow"),), budget=Budget(seconds=2.0)))
        t0 = time.monotonic()
        events = await follow(runtime, run_id, timeout_s=30)
        elapsed = time.monotonic() - t0
    names = [type(e).__name__ for e in events]
    assert "DeadlineExpired" in names and names[-1] == "RunCompleted"
    assert events[-1].status == "partial"  # type: ignore[attr-defined]  # a RunCompleted
    assert elapsed < 8.0, f"the run waited for the stuck page ({elapsed:.1f} s)"
    res = result(runtime, run_id)
    assert res["partial"] and any("/slow" in m for m in res["missing"])
    assert "What is missing" in res["report"] and "/slow" in res["report"]
    assert res["citations"] == []


async def test_a_stuck_source_does_not_hold_up_the_other_sources_of_the_run(runtime: Any, stack: Any) -> None:
    fast = b"<html><head><title>Neil Peart</title></head><body><article>" \
           b"<p>Neil Peart was the drummer and lyricist of the Canadian band Rush.</p>" \
           b"<p>He joined the band in 1974 and wrote most of its lyrics.</p></article></body></html>"
    # /sleep drips its body a byte a second (~40 s): no read timeout (5 s in the tests' settings) ends its fetch
    # before the run's deadline, so the budget can leave /ok 6 s to be fetched and extracted on a loaded machine
    # (with 4 s and a page that stayed silent for 8 s, /ok had to make it within 4 s, and the deadline only just
    # came before the read timeout)
    routes = {"/sleep": Route(200, b"<html><body><p>late</p></body></html>", {"Content-Type": "text/html"},
                              drip_s=1.0),
              "/ok": Route(200, fast, {"Content-Type": "text/html"})}
    with serve(routes) as web:
        run_id = uuid4()
        await submit(runtime, RunRequested(run_id=run_id, question="Who was the drummer of Rush?", scope="local",
                                           urls=(web.url("/sleep"), web.url("/ok")), budget=Budget(seconds=6.0)))
        events = await follow(runtime, run_id, timeout_s=30)
    fetched = [e for e in events if type(e).__name__ == "SourceFetched"]
    assert [e.url for e in fetched] == [web.url("/ok")]  # type: ignore[attr-defined]  # SourceFetched events
    res = result(runtime, run_id)
    timeline = " ".join(f"{type(e).__name__}@{(e.occurred_at - events[0].occurred_at).total_seconds():.2f}"
                        for e in events)
    assert res["partial"] and "/sleep" in res["report"], timeline
    assert res["citations"] and {str(c["source_id"]) for c in res["citations"]} == {str(fetched[0].source_id)}, (
        timeline)
    assert "not verified" not in res["report"], timeline


async def test_redirect_to_a_private_address_is_a_source_failure(runtime: Any, stack: Any) -> None:
    routes = {"/jump": Route(302, b"", {"Location": "http://10.1.2.3/admin"}),
              "/meta": Route(302, b"", {"Location": "http://169.254.169.254/latest/meta-data"})}
    with serve(routes) as web:
        run_id = uuid4()
        await submit(runtime, RunRequested(run_id=run_id, question="What is behind the redirect?", scope="local",
                                           urls=(web.url("/jump"), web.url("/meta"))))
        events = await follow(runtime, run_id, timeout_s=30)
    failures = [e for e in events if type(e).__name__ == "SourceFailed"]
    assert len(failures) == 2
    assert all(f.reason.startswith("private_address") for f in failures), [f.reason for f in failures]
    res = result(runtime, run_id)
    assert res["status"] == "completed" and res["citations"] == []
    assert "no verified evidence" in res["report"].lower()


async def test_question_in_another_script_completes_with_its_language(runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    run_id = uuid4()
    await submit(runtime, RunRequested(run_id=run_id, question="Ban nhạc rock Canada nào đã phát hành bài hát Counterparts?",
                                       scope="local"))
    events = await follow(runtime, run_id, timeout_s=60)
    plan = next(e for e in events if type(e).__name__ == "PlanCreated")
    assert plan.language == "vi"  # type: ignore[attr-defined]  # a PlanCreated
    assert type(events[-1]).__name__ == "RunCompleted"
