"""A verifier process killed in the middle of a run: the run still completes, with no duplicate events.

The in-process stack runs every service but the verifier (relay on). Verifier process A is SIGKILLed as soon
as the run has a ``ClaimVerified`` (while most claims are still pending); process B then takes over the
shared durable consumers: the commands A never took go to B at once, and the one A held unacknowledged is
redelivered after ``ack_wait`` (5 s in the test settings), sometimes after A had already recorded its
verdict. The idempotent handlers must make that harmless: one ``ClaimVerified`` per claim, one fan-in event
each, contiguous sequence numbers, unique event ids.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from pathlib import Path
from uuid import UUID, uuid4

import nats
import pytest
from nats.js.errors import NotFoundError

from contracts import (
    ClaimsVerified,
    ClaimVerified,
    Event,
    ExtractionCompleted,
    RunCompleted,
    RunFailed,
    RunRequested,
    VerifyClaim,
)
from services.cli.research import follow, submit
from services.cli.stack import SERVICES, Stack
from shared.bus import durable_name
from shared.errors import RunNotFound
from shared.runtime import Runtime
from shared.settings import ServiceSettings
from tests.conftest import REPO
from tests.integration.children import ServiceProcess

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

PARAGRAPHS = REPO / "shared" / "samples" / "hotpotqa" / "paragraphs.json"
QUESTION = "Which American films, bands, albums and people are described, and who founded or directed them?"
MAX_SOURCES = 30  # ~100 claims: A needs over a second to verify them all, the kill comes after the first
ATTEMPTS = 3  # runs tried until A is killed with verdicts still to give


def _ingest(runtime: Runtime) -> int:
    """The 400 sample paragraphs as documents of corpus ``c``."""
    paragraphs = json.loads(PARAGRAPHS.read_text(encoding="utf-8"))
    for i, p in enumerate(paragraphs):
        runtime.corpus.add("c", path=f"hotpotqa/{i:03d}.txt", title=p["title"], text=p["text"],
                           content_type="text/plain")
    return len(paragraphs)


async def _timeline(runtime: Runtime, run_id: UUID) -> list[Event]:
    try:
        return await asyncio.to_thread(runtime.runs.timeline, run_id)
    except RunNotFound:
        return []


async def _verify_consumer(settings: ServiceSettings) -> tuple[int, int, int]:
    """(deliveries so far, unacknowledged, not yet delivered) of the verifier's shared VerifyClaim consumer;
    zeros before a verifier has created it."""
    nc = await nats.connect(settings.common.nats_url)
    try:
        try:
            info = await nc.jetstream().consumer_info(settings.common.command_stream,
                                                      durable_name("verifier", VerifyClaim))
        except NotFoundError:
            return 0, 0, 0
        return int(info.delivered.consumer_seq or 0), int(info.num_ack_pending or 0), int(info.num_pending or 0)
    finally:
        await nc.close()


async def test_verifier_killed_mid_run_still_completes_without_duplicates(
        runtime: Runtime, settings: ServiceSettings, tmp_path: Path) -> None:
    assert await asyncio.to_thread(_ingest, runtime) == 400
    a: ServiceProcess | None = None
    b: ServiceProcess | None = None
    try:
        async with Stack(runtime, [s for s in SERVICES if s != "verifier"], relay=True):
            # A verifies two claims at a time: with the default 16 and the store's group commit, a quiet machine
            # saved every verdict in A's first batch and the kill at its first verdict came after the last.
            # Even so a fast machine may verify them all before the kill lands: then that run completed without
            # a crash to recover from, and the scenario is played again with a new run (up to ATTEMPTS times)
            for attempt in range(1, ATTEMPTS + 1):
                deliveries_before, _, _ = await _verify_consumer(settings)
                a = ServiceProcess("verifier", settings, tmp_path / f"verifier-a{attempt}.log",
                                   extra_env={"ASSAY_UNIT_WORKERS": "2", "ASSAY_WORKER_THREADS": "2"})
                await a.wait_ready(timeout_s=30)

                run_id = uuid4()
                t0 = time.monotonic()
                await submit(runtime, RunRequested(run_id=run_id, question=QUESTION, scope="local", corpus="c",
                                                   max_sources=MAX_SOURCES))
                # A's first verdict, then SIGKILL at once
                deadline = time.monotonic() + 40
                while time.monotonic() < deadline:
                    events = await _timeline(runtime, run_id)
                    if any(isinstance(e, (ClaimVerified, RunCompleted, RunFailed)) for e in events):
                        break
                    await asyncio.sleep(0.01)
                a.kill()
                t_kill = time.monotonic() - t0
                # the VerifyClaim commands A had taken and not acknowledged when it died (A runs several at once)
                _, held_at_kill, _ = await _verify_consumer(settings)
                at_kill = await _timeline(runtime, run_id)  # A is dead: nothing more of its can be written
                extraction = [e for e in at_kill if isinstance(e, ExtractionCompleted)]
                assert extraction, (f"no ExtractionCompleted {t_kill:.0f} s into the run: "
                                    f"{[type(e).__name__ for e in at_kill]}\nA:\n{a.log()}")
                claim_ids = set(extraction[0].claim_ids)
                verified_at_kill = {e.claim_id for e in at_kill if isinstance(e, ClaimVerified)}
                assert verified_at_kill, f"A had verified nothing before the kill:\n{a.log()}"
                if len(verified_at_kill) < len(claim_ids):
                    break
                print(f"attempt {attempt}: A verified all {len(claim_ids)} claims before it was killed")
                await follow(runtime, run_id, timeout_s=90)  # that run ends without a verifier; the next starts clean
            assert len(verified_at_kill) < len(claim_ids), (
                f"A verified all {len(claim_ids)} claims before it was killed, {ATTEMPTS} times: the test proved "
                "nothing")

            b = ServiceProcess("verifier", settings, tmp_path / "verifier-b.log")
            await b.wait_ready(timeout_s=30)
            await follow(runtime, run_id, timeout_s=90)
            t_done = time.monotonic() - t0
            # A may have recorded a verdict without acknowledging its command: that command is redelivered
            # to B after ack_wait, possibly after the run completed. Wait until every command is acknowledged,
            # then check the final timeline (a redelivery that duplicated an event would show up there).
            drain_deadline = time.monotonic() + 2 * settings.common.ack_wait_s + 10
            while True:
                deliveries, unacked, undelivered = await _verify_consumer(settings)
                if (unacked, undelivered) == (0, 0) or time.monotonic() > drain_deadline:
                    break
                await asyncio.sleep(0.1)
            t_drained = time.monotonic() - t0
            events = await _timeline(runtime, run_id)
    finally:
        for child in (a, b):
            if child is not None:
                child.kill()

    assert isinstance(events[-1], RunCompleted), f"run ended with {events[-1]}\nB:\n{b.log() if b else ''}"
    assert events[-1].status == "complete", f"run completed {events[-1].status}: {events[-1].missing}"

    seqs = [e.seq for e in events]
    assert seqs == list(range(1, len(events) + 1)), f"seq numbers not contiguous 1..{len(events)}: {seqs}"
    assert len({e.event_id for e in events}) == len(events), "duplicate event ids"

    verdicts = Counter(e.claim_id for e in events if isinstance(e, ClaimVerified))
    assert set(verdicts) == claim_ids, (
        f"{len(claim_ids - set(verdicts))} claims without a verdict, "
        f"{len(set(verdicts) - claim_ids)} verdicts for claims not in ExtractionCompleted")
    dupes = {str(c): n for c, n in verdicts.items() if n != 1}
    assert not dupes, f"claims verified more than once: {dupes}"
    names = Counter(type(e).__name__ for e in events)
    for name in ("ExtractionCompleted", "ClaimsVerified", "ConfidenceGated", "ReportSynthesized", "ReportJudged",
                 "CitationsAudited", "RunCompleted"):
        assert names[name] == 1, f"{names[name]} {name} events, want exactly 1"
    verified = next(e for e in events if isinstance(e, ClaimsVerified))
    assert not verified.partial and verified.counts.get("pending", 0) == 0, verified

    # every VerifyClaim command was acknowledged; deliveries beyond one per claim are redeliveries
    assert (unacked, undelivered) == (0, 0), (
        f"{unacked} unacknowledged, {undelivered} undelivered VerifyClaim commands {t_drained:.0f} s into the run")
    # A died holding commands (the crash this test is about), and each of them was delivered again
    assert held_at_kill >= 1, "A held no VerifyClaim when it was killed: no redelivery was put to the test"
    redelivered = deliveries - deliveries_before - len(claim_ids)
    assert redelivered >= held_at_kill, (
        f"{deliveries} VerifyClaim deliveries for {len(claim_ids)} claims: the {held_at_kill} commands A held "
        "when it was killed were not all redelivered")
    print(f"{len(claim_ids)} claims; A killed at {t_kill:.1f} s after {len(verified_at_kill)} verdicts; "
          f"B completed the run at {t_done:.1f} s; {held_at_kill} VerifyClaim held by A, {redelivered} redelivered; "
          f"all commands acknowledged at {t_drained:.1f} s")
