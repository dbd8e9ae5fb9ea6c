"""Poison messages end in the dead letter, with their reason, and the worker keeps serving (issue 11, item 4).

On a real NATS JetStream and PostgreSQL, through the runtime's own broker and error policy:

- a malformed ``VerifyClaim`` (not JSON) is dead-lettered at once, naming what is wrong;
- a ``VerifyClaim`` whose handler always raises is redelivered ``poison_deliveries`` times, then dead-lettered with
  "gave up after 3 deliveries: RuntimeError: ...", and settled in its run: the claim is left unverified, the
  run's claims are verified (partial) with that reason among what is missing, and the run does not fail;
- every other message published between and after them is handled (the worker never stopped);
- both are in the dead-letter stream (``assay.dlq.assay.cmd.verify.v1``, headers naming the subject and the reason)
  and in the rejected-message table; ``assay rejections`` lists them (a child process), with a secret in a body
  redacted; ``assay rejections replay ID`` publishes the failed one again and the fixed handler takes it.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from uuid import UUID, uuid4

import nats
import pytest

from contracts import ClaimsVerified, ClaimVerified, RunFailed, RunRequested, UnitDeadLettered, VerifyClaim
from shared.bus import consumer_kwargs
from shared.domain import claim_id_for, source_id_for
from shared.runtime import Runtime
from shared.store import ResearchRuns
from tests.conftest import make_settings, service_env

pytestmark = [pytest.mark.nats, pytest.mark.postgres]
REPO = Path(__file__).resolve().parents[2]


async def _until(fact: Callable[[], bool], what: str, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not fact():
        if time.monotonic() > deadline:
            raise AssertionError(f"not after {timeout_s:.0f} s: {what}")
        await asyncio.sleep(0.05)


def _run_with_claims(runs: ResearchRuns, question: str) -> tuple[UUID, list[UUID]]:
    """A run brought by the store's own methods to two extracted claims awaiting verification."""
    run_id = uuid4()
    assert runs.start_run(RunRequested(run_id=run_id, question=question, scope="web", max_sources=1))
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "handler"}], "general", "en", "offline", False)
    url = "https://example.org/handler"
    runs.record_search(run_id, "q1", "handler", 1, [{"url": url, "title": "H", "snippet": "", "provider": "t",
                                                     "rank": 1, "score": 1.0}], True, [])
    source = source_id_for(run_id, url)
    runs.record_source_fetched(run_id, source, url=url, final_url=url, content_type="text/html", title="H",
                               text_sha256="0" * 64, chars=80, via="http")
    texts = ("The handler raises on this claim.", "The handler takes this claim.")
    runs.record_claims(run_id, source, [{"claim_id": str(claim_id_for(run_id, t)), "text": t, "start": 0,
                                         "end": len(t)} for t in texts])
    assert runs.get_run(run_id).claims_to_verify
    return run_id, [claim_id_for(run_id, t) for t in texts]


async def test_malformed_and_always_failing_messages_end_in_the_dead_letter_and_the_worker_goes_on(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    settings = make_settings(tmp_path / "data", nats_url, database_url, poison_deliveries=3, poison_delay_s=0.05)
    rt = Runtime.open(settings)
    handled: list[UUID] = []
    attempts: dict[UUID, int] = {}
    fixed = asyncio.Event()
    try:
        run_id, (poison_claim, other_claim) = _run_with_claims(rt.runs, "Is the handler broken?")
        rt.runs.record_verdict(run_id, other_claim, verdict="supported", stability=1.0, support_score=0.9,
                               spans=[], corroborating_domains=[])

        @rt.broker.subscriber(VerifyClaim.SUBJECT, **consumer_kwargs(settings.common, "verifier", VerifyClaim))
        async def on_verify(body: VerifyClaim) -> None:
            attempts[body.claim_id] = attempts.get(body.claim_id, 0) + 1
            if body.claim_id == poison_claim and not fixed.is_set():
                raise RuntimeError("the verifier cannot handle this claim")
            handled.append(body.claim_id)

        await rt.broker.start()
        good = [uuid4() for _ in range(6)]
        nc = await nats.connect(nats_url)
        js = nc.jetstream()
        await js.publish(VerifyClaim.SUBJECT, b"this is not json token=abc123secret",
                         headers={"Nats-Msg-Id": "malformed-1"})
        for claim in good[:3]:
            await rt.publisher.command(VerifyClaim(run_id=uuid4(), claim_id=claim), str(claim))
        await rt.publisher.command(VerifyClaim(run_id=run_id, claim_id=poison_claim), str(poison_claim))
        for claim in good[3:]:
            await rt.publisher.command(VerifyClaim(run_id=uuid4(), claim_id=claim), str(claim))

        await _until(lambda: len(rt.rejections()) == 2 and all(r["dead_letter_seq"] for r in rt.rejections()),
                     "two dead letters, on the dead-letter stream")
        await _until(lambda: set(good) <= set(handled), "the good messages handled")
        assert attempts[poison_claim] == 3, "redelivered up to the budget, then given up on"
        rows = {r["subject"] + ("/json" if "not UTF-8 JSON" in r["reason"] else ""): r for r in rt.rejections()}
        malformed = rows["assay.cmd.verify.v1/json"]
        failing = rows["assay.cmd.verify.v1"]
        assert "not UTF-8 JSON" in malformed["reason"] and malformed["run_id"] is None
        assert "abc123secret" not in malformed["preview"] and "[redacted]" in malformed["preview"]
        assert failing["reason"] == ("gave up after 3 deliveries: RuntimeError: the verifier cannot handle this "
                                     "claim")
        assert failing["run_id"] == run_id and str(poison_claim) in failing["preview"]
        # settled in its run: the claim unverified, the claims verified (partial) with the reason; no RunFailed
        await _until(lambda: isinstance(rt.runs.timeline(run_id)[-1], ClaimsVerified), "the claims verified")
        timeline = rt.runs.timeline(run_id)
        verified = timeline[-1]
        assert isinstance(verified, ClaimsVerified) and verified.counts["unverified"] == 1
        assert any(failing["reason"] in line for line in rt.runs.get_run(run_id).missing)  # (its report's)
        (dead,) = [e for e in timeline if isinstance(e, UnitDeadLettered)]
        assert dead.kind == "verify" and dead.stage == "verifier" and dead.reason == failing["reason"]
        assert [e.verdict for e in timeline if isinstance(e, ClaimVerified) and e.claim_id == poison_claim] == [
            "unverified"]
        assert not any(isinstance(e, RunFailed) for e in timeline) and rt.runs.get_run(run_id).partial

        # the dead-letter stream holds both bodies with their subject and reason
        for row in (malformed, failing):
            assert row["dead_letter_seq"]
            msg = await js.get_msg(settings.common.dead_letter_stream, row["dead_letter_seq"])
            assert msg.subject == "assay.dlq.assay.cmd.verify.v1"
            assert msg.headers is not None and msg.headers["Assay-Reason"] == row["reason"]
            assert msg.headers["Assay-Subject"] == "assay.cmd.verify.v1"
            assert msg.headers["Assay-Rejection-Id"] == str(row["rejection_id"])
        assert b"abc123secret" not in (await js.get_msg(settings.common.dead_letter_stream,
                                                        malformed["dead_letter_seq"])).data
        await nc.close()

        # the operator's view: assay rejections (a child process on the same servers)
        env = service_env(settings)
        listing = subprocess.run([sys.executable, "-m", "services.cli.main", "rejections"], env=env, cwd=REPO,
                                 capture_output=True, text=True, timeout=120)
        assert listing.returncode == 0, listing.stderr
        assert "gave up after 3 deliveries: RuntimeError" in listing.stdout
        assert f"run={run_id}" in listing.stdout and "not UTF-8 JSON" in listing.stdout
        assert str(failing["rejection_id"])[:8] in listing.stdout
        assert "abc123secret" not in listing.stdout

        # after the fix, a replay of the failed message is handled
        fixed.set()
        replay = subprocess.run(
            [sys.executable, "-m", "services.cli.main", "rejections", "replay", str(failing["rejection_id"])[:8]],
            env=env, cwd=REPO, capture_output=True, text=True, timeout=120)
        assert replay.returncode == 0, replay.stderr
        assert "replay 1" in replay.stdout
        await _until(lambda: poison_claim in handled, "the replayed message handled")
        assert [r["replays"] for r in rt.rejections() if r["rejection_id"] == failing["rejection_id"]] == [1]
        unknown = subprocess.run([sys.executable, "-m", "services.cli.main", "rejections", "replay", "ffffffff"],
                                 env=env, cwd=REPO, capture_output=True, text=True, timeout=120)
        assert unknown.returncode == 2 and "no rejection" in unknown.stderr
    finally:
        await rt.broker.stop()
        rt.close()



async def test_a_message_whose_handler_never_finishes_is_dead_lettered_from_the_max_deliveries_advisory(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    """No handler sees an error (it outlives ``ack_wait`` on each of the ``max_deliver`` deliveries): JetStream's
    max-deliveries advisory makes it a dead letter all the same, settled in its run naming the consumer: the claim
    is left unverified and the run goes on."""
    from shared.deadletters import MaxDeliveriesWatcher

    settings = make_settings(tmp_path / "data", nats_url, database_url, ack_wait_s=1.0, max_deliver=2)
    rt = Runtime.open(settings)
    release = asyncio.Event()
    deliveries: list[UUID] = []
    watcher = MaxDeliveriesWatcher(rt)
    try:
        run_id, (claim, other_claim) = _run_with_claims(rt.runs, "Does the handler ever finish?")

        @rt.broker.subscriber(VerifyClaim.SUBJECT, **consumer_kwargs(settings.common, "verifier", VerifyClaim))
        async def on_verify(body: VerifyClaim) -> None:
            deliveries.append(body.claim_id)
            await release.wait()  # never, while the test looks

        await rt.broker.start()
        await watcher.start()
        await rt.publisher.command(VerifyClaim(run_id=run_id, claim_id=claim), str(claim))
        await _until(lambda: len(rt.rejections()) == 1, "a dead letter from the advisory", timeout_s=60)
        (row,) = rt.rejections()
        assert row["subject"] == VerifyClaim.SUBJECT and row["run_id"] == run_id
        assert row["reason"].startswith("gave up after 2 deliveries without an acknowledgement (consumer "
                                        "verifier--assay-cmd-verify-v1")
        assert str(claim) in row["preview"] and deliveries == [claim, claim]
        await _until(lambda: any(isinstance(e, UnitDeadLettered) for e in rt.runs.timeline(run_id)),
                     "the unit settled in its run")
        (dead,) = [e for e in rt.runs.timeline(run_id) if isinstance(e, UnitDeadLettered)]
        assert dead.kind == "verify" and dead.reason == row["reason"] and dead.stage == "verifier"
        view = rt.runs.get_run(run_id)
        assert view.claims[str(claim)].verdict == "unverified" and not view.finished
        assert view.claims[str(other_claim)].verdict is None  # the run goes on with its other claims
        # counted once _handle returns (after the best-effort MessageRejected notice, which may retry for seconds)
        await _until(lambda: watcher.recorded == 1, "the watcher counted its dead letter")
    finally:
        release.set()
        await watcher.stop()
        await rt.broker.stop()
        rt.close()


async def test_a_max_deliveries_notice_sent_while_no_watcher_ran_is_handled_when_one_starts(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    """The advisory comes while no watcher runs (the indexer down): the advisory stream every service makes at
    start keeps it, and the first watcher to start dead-letters the message and settles it in its run. A watcher
    started after that finds nothing left to do (the notice was acknowledged once recorded)."""
    from shared.deadletters import (
        WATCHER_DURABLE,
        MaxDeliveriesWatcher,
        advisory_stream_name,
        ensure_advisory_stream,
    )

    settings = make_settings(tmp_path / "data", nats_url, database_url, ack_wait_s=1.0, max_deliver=2)
    rt = Runtime.open(settings)
    release = asyncio.Event()
    deliveries: list[UUID] = []
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    stream = advisory_stream_name(settings.common)
    watchers: list[MaxDeliveriesWatcher] = []
    try:
        run_id, (claim, _other) = _run_with_claims(rt.runs, "Is a notice kept while nobody listens?")

        @rt.broker.subscriber(VerifyClaim.SUBJECT, **consumer_kwargs(settings.common, "verifier", VerifyClaim))
        async def on_verify(body: VerifyClaim) -> None:
            deliveries.append(body.claim_id)
            await release.wait()  # never, while the test looks

        await rt.broker.start()
        await ensure_advisory_stream(rt.broker.connection.jetstream(), settings.common)  # as every service does
        await rt.publisher.command(VerifyClaim(run_id=run_id, claim_id=claim), str(claim))

        async def kept() -> int:
            return int((await js.stream_info(stream)).state.messages)

        deadline = time.monotonic() + 60
        while await kept() < 1:
            assert time.monotonic() < deadline, "no max-deliveries advisory kept after 60 s"
            await asyncio.sleep(0.1)
        assert deliveries == [claim, claim] and rt.rejections() == []  # nobody has handled it yet

        first = MaxDeliveriesWatcher(rt)
        watchers.append(first)
        await first.start()
        await _until(lambda: len(rt.rejections()) == 1, "the kept notice dead-lettered", timeout_s=60)
        (row,) = rt.rejections()
        assert row["subject"] == VerifyClaim.SUBJECT and row["run_id"] == run_id and row["times"] == 1
        assert row["reason"].startswith("gave up after 2 deliveries without an acknowledgement (consumer "
                                        "verifier--assay-cmd-verify-v1")
        await _until(lambda: rt.runs.get_run(run_id).claims[str(claim)].verdict == "unverified",
                     "the claim settled as unverified")
        assert [e.kind for e in rt.runs.timeline(run_id) if isinstance(e, UnitDeadLettered)] == ["verify"]

        async def settled() -> bool:
            info = await js.consumer_info(stream, WATCHER_DURABLE)
            return int(info.num_ack_pending or 0) == 0 and int(info.num_pending or 0) == 0

        deadline = time.monotonic() + 30
        while not await settled():
            assert time.monotonic() < deadline, "the notice was never acknowledged"
            await asyncio.sleep(0.1)
        assert first.recorded == 1
        await first.stop()

        second = MaxDeliveriesWatcher(rt)  # a later start: the notice is not handled again
        watchers.append(second)
        await second.start()
        assert second.bound.is_set() and await settled()
        assert second.recorded == 0 and [r["times"] for r in rt.rejections()] == [1]
        assert second.heartbeat.restarts == 0
    finally:
        release.set()
        for w in watchers:
            await w.stop()
        await nc.close()
        await rt.broker.stop()
        rt.close()
