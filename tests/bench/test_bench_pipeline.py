"""Benchmark: a full research (every service in one process, over real NATS and PostgreSQL) against local
corpora of 100, 1,000 and 10,000 documents, plus the bus and event-store overhead per stage hop.

Run with ``make bench`` (``pytest tests/bench -s -q``); it is not part of ``make test``. Figures are printed
and written to ``.assay/bench/pipeline.json`` (ignored by git). Only sanity facts are asserted (every run
finished with ``RunCompleted``), never speed.

What is measured
- **run time**: wall time from publishing ``RunRequested`` until ``RunCompleted`` is seen in the event store
  (``services.cli.research.follow``, polling every 50 ms), one run at a time, for the same questions at every
  corpus size, sizes interleaved (question 1 at 100, 1,000, 10,000, then question 2, ...) so that background
  load hits every size alike. First one warm-up run on a 10-document corpus (process start-up: not reported),
  then per size one "cold" run whose first search builds the gatherer's BM25 index over that corpus (reported
  separately, not in mean/p50/p95). Ingest time is reported separately too. Also ``in store``:
  ``RunCompleted.occurred_at - RunStarted.occurred_at``.
- **stage hops**: for each stage, the time from the stored event that triggers it to the first event the
  stage records (e.g. ``SourcesSelected`` -> first ``SourceFetched``): relay + bus + the stage's own work.
  The JSON file also has the plain hop of every consecutive pair of events of a run's timeline, by pair type
  (``consecutive_pairs_ms``; pairs recorded in one save are ~0).
- **store writes**: (a) the latency of every ``ResearchRuns.record_*`` call made by the services during the
  benchmark runs, and (b) a micro-benchmark of ``record_verdict`` on a run with N claims, one writer and
  four concurrent writers (optimistic-concurrency conflicts and retries included).
- **relay + bus hop**: for every event of the benchmark runs, the time from its ``occurred_at`` (set when the
  stage created it, before the store commit) to its arrival at a plain nats-py core subscriber on
  ``assay.evt.>`` - store commit, the relay's wake-up (the store's NOTIFY), JetStream publish and delivery.
- **raw floor** (measured in the same run, on the same servers, before the runs): one round = a PostgreSQL
  insert + commit on the runtime's pool, then a JetStream publish (awaiting the stream's ack) + fetch from a
  durable pull consumer + ack, as the stages' consumers do; ``FLOOR_ROUNDS`` rounds after 20 warm-up rounds.
- **hop overhead excluding the stage's own work**: every handler call of the stages is timed by a FastStream
  middleware (entry to exit), and inside it the time spent in the event store (``ResearchRuns`` loads, run
  creation and writes: a write's wait for the run's turn and lock, its load, change, save and commit) and in
  publishing commands is summed (a context variable, so the worker threads' calls count too). The
  stage's own work of a call = its time minus those. A stage hop's overhead = the stage hop above minus the own
  work of the handler calls on its chain (the stage's handler of the triggering event, and for fan-out stages
  the unit handler whose command produced the answering event: same source, claim or sub-query; of the
  fan-out handler only its work before its first command publish, as the rest overlaps; of the answering
  handler only its work before its first write, which records the answer). What remains
  is the relay, the bus, consumer dispatch, the thread pool's queue and the store. Printed as p50/p95 and as
  ratios against the floor's p50/p95 (targets of issue 10: p50 <= 3x, p95 <= 6x). Document and corpus reads
  count as the stage's work.

Documents: real paragraphs. The HotpotQA dev contexts (dev200 + first53, ~2,500 distinct paragraphs), then
SciFact abstracts (title + abstract sentences); if that is still short of the size, 3-sentence windows of the
SciFact abstracts (disjoint parts of one abstract; the output says how many were used).

Environment knobs for a quick try: ``ASSAY_BENCH_SIZES=100,1000`` and ``ASSAY_BENCH_QUESTIONS=2``.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import os
import statistics
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import nats
import pytest
from faststream._internal.middlewares import BaseMiddleware
from faststream.nats.subscriber.usecases.stream_pull_subscriber import ConcurrentPullStreamSubscriber

from contracts import Budget, Event, RunCompleted, RunRequested
from services.cli.research import follow, submit
from services.cli.stack import Stack
from shared import cpu
from shared.corpus import NewDocument
from shared.domain import source_id_for

pytestmark = [pytest.mark.slow, pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(1500)]

REPO = Path(__file__).resolve().parents[2]
DATA = (REPO / ".." / "shared" / "data").resolve()
HOTPOT_FILES = (DATA / "hotpotqa" / "hotpotqa_dev200_original_format.json",
                DATA / "hotpotqa" / "hotpotqa_dev_distractor_first53_original_format.json")
SCIFACT_CORPUS = DATA / "scifact" / "corpus.jsonl"
#: where the figures go: the ignored ``.assay/`` folder of the checkout (benchmark output is never committed)
RESULTS = REPO / ".assay" / "bench" / "pipeline.json"

SIZES = tuple(int(s) for s in os.environ.get("ASSAY_BENCH_SIZES", "100,1000,10000").split(","))
QUESTIONS = int(os.environ.get("ASSAY_BENCH_QUESTIONS", "5"))
FLOOR_ROUNDS = int(os.environ.get("ASSAY_BENCH_FLOOR_ROUNDS", "300"))
MAX_SOURCES = 10
RUN_TIMEOUT_S = 240.0
STORE_METHODS = ("start_run", "record_plan", "record_search", "record_source_fetched", "record_source_failed",
                 "record_claims", "record_verdict", "record_report", "record_judgement")
# stage: (triggering event, first event the stage records in answer)
STAGE_HOPS = {
    "planner": ("RunRequested", "PlanCreated"),  # from the client's publish (wall clock) to the stored plan
    "gatherer": ("PlanCreated", "SearchCompleted"),
    "scraper": ("SourcesSelected", "SourceFetched"),
    "claim-extractor": ("SourceFetched", "ClaimsExtracted"),
    "verifier": ("ExtractionCompleted", "ClaimVerified"),
    "synthesizer": ("ClaimsVerified", "ConfidenceGated"),
    "judge": ("ReportSynthesized", "ReportJudged"),
}

# stage: the (consumer's service, subject) of each handler on the stage's chain, trigger first
STAGE_CHAIN = {
    "planner": (("planner", "assay.cmd.run.v1"),),
    "gatherer": (("gatherer", "assay.evt.plan-created.v1"), ("gatherer", "assay.cmd.search.v1")),
    "scraper": (("scraper", "assay.evt.sources-selected.v1"), ("scraper", "assay.cmd.fetch.v1")),
    "claim-extractor": (("claim-extractor", "assay.evt.source-fetched.v1"),),
    "verifier": (("verifier", "assay.evt.extraction-completed.v1"), ("verifier", "assay.cmd.verify.v1")),
    "synthesizer": (("synthesizer", "assay.evt.claims-verified.v1"),),
    "judge": (("judge", "assay.evt.report-synthesized.v1"),),
}
UNIT_KEYS = ("sub_query_id", "source_id", "claim_id")


# ---- documents ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Doc:
    path: str
    title: str
    text: str
    origin: str  # hotpotqa | scifact | scifact-window


@dataclass
class Material:
    questions: list[dict[str, Any]]  # HotpotQA items: the first is the cold (warm-up) run
    question_docs: list[Doc]  # the context paragraphs of those questions (in every corpus)
    filler: list[Doc]  # every other document, in a fixed order


def load_material(n_questions: int) -> Material:
    items: list[dict[str, Any]] = []
    seen_ids: set[str] = set()
    for f in HOTPOT_FILES:
        for item in json.loads(f.read_text(encoding="utf-8")):
            if item["_id"] not in seen_ids:
                seen_ids.add(item["_id"])
                items.append(item)
    seen_text: set[str] = set()

    def para(item: dict[str, Any], title: str, sentences: list[str]) -> Doc | None:
        text = "".join(sentences).strip()
        if not text or text in seen_text:
            return None
        seen_text.add(text)
        return Doc(path=f"hotpotqa/{item['_id']}/{title}", title=title, text=text, origin="hotpotqa")

    questions = items[: n_questions + 1]
    question_docs = [d for it in questions for t, s in it["context"] if (d := para(it, t, s)) is not None]
    filler = [d for it in items[n_questions + 1:] for t, s in it["context"] if (d := para(it, t, s)) is not None]
    abstracts: list[tuple[int, str, list[str]]] = []
    with SCIFACT_CORPUS.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            sentences = [s.strip() for s in rec["abstract"] if s.strip()]
            text = " ".join(sentences)
            if text and text not in seen_text:
                seen_text.add(text)
                abstracts.append((rec["doc_id"], rec["title"], sentences))
                filler.append(Doc(path=f"scifact/{rec['doc_id']}", title=rec["title"], text=text,
                                  origin="scifact"))
    need = max(SIZES) - len(question_docs) - len(filler)
    for doc_id, title, sentences in abstracts:  # 3-sentence windows, only as many as needed
        if need <= 0:
            break
        if len(sentences) < 6:
            continue
        for k in range(0, len(sentences) - 2, 3):
            text = " ".join(sentences[k:k + 3])
            if need > 0 and text not in seen_text:
                seen_text.add(text)
                filler.append(Doc(path=f"scifact/{doc_id}#s{k}", title=f"{title} (sentences {k + 1}-{k + 3})",
                                  text=text, origin="scifact-window"))
                need -= 1
    return Material(questions=questions, question_docs=question_docs, filler=filler)


def corpus_docs(material: Material, size: int) -> list[Doc]:
    """The question paragraphs plus the first filler documents: corpora are nested (100 in 1,000 in 10,000)."""
    docs = material.question_docs + material.filler[: max(0, size - len(material.question_docs))]
    assert len(docs) == size, f"only {len(docs)} documents for a corpus of {size}"
    return docs


def ingest(rt: Any, corpus: str, docs: list[Doc], *, batch: int = 500, workers: int = 2) -> float:
    """Add ``docs`` with ``rt.corpus.add_many`` (one transaction per batch of ``batch`` documents) on a few threads.
    Returns seconds taken."""
    def add_batch(part: list[Doc]) -> None:
        rt.corpus.add_many(corpus, [NewDocument(path=d.path, title=d.title, text=d.text) for d in part])

    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(add_batch, [docs[i:i + batch] for i in range(0, len(docs), batch)]))
    return time.perf_counter() - t0


# ---- statistics -----------------------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    """Percentile by nearest rank (q in 0-100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered), int(-(-q * len(ordered) // 100))) - 1)]


def summary_ms(values_s: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values_s]
    return {"n": len(ms), "p50_ms": round(pct(ms, 50), 2), "p95_ms": round(pct(ms, 95), 2),
            "mean_ms": round(statistics.fmean(ms), 2) if ms else float("nan"),
            "max_ms": round(max(ms), 2) if ms else float("nan")}


# ---- probes ---------------------------------------------------------------------------------------------
class StoreTimer:
    """Wraps the ``ResearchRuns.record_*`` methods of one runtime to time every call the services make."""

    def __init__(self, runs: Any) -> None:
        self.calls: dict[str, list[float]] = {m: [] for m in STORE_METHODS}
        self._lock = threading.Lock()
        self._runs = runs
        for name in STORE_METHODS:
            setattr(runs, name, self._wrap(name, getattr(runs, name)))

    def _wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                with self._lock:
                    self.calls[name].append(time.perf_counter() - t0)
        return timed

    def remove(self) -> None:
        for name in STORE_METHODS:
            self._runs.__dict__.pop(name, None)


class BusProbe:
    """A plain nats-py core subscriber on ``assay.evt.>``: first arrival time of every event id."""

    def __init__(self) -> None:
        self.arrivals: dict[str, tuple[float, str, str]] = {}  # event_id -> (arrival epoch s, run_id, type)
        self._nc: Any = None

    async def start(self, url: str) -> None:
        self._nc = await nats.connect(url)

        async def on_msg(msg: Any) -> None:
            now = time.time()
            try:
                data = json.loads(msg.data)
            except ValueError:
                return
            eid = data.get("event_id")
            if eid and "occurred_at" in data and eid not in self.arrivals:
                occurred = datetime.fromisoformat(data["occurred_at"]).timestamp()
                self.arrivals[eid] = (now - occurred, str(data.get("run_id")), msg.subject)

        await self._nc.subscribe("assay.evt.>", cb=on_msg)

    async def stop(self) -> None:
        await self._nc.drain()


class LoopLag:
    """How late the process's event loop wakes up while the runs go on: a task that sleeps ``interval_s`` again and
    again and records how much later than asked it ran (seconds). Every step of a hop (the relay's wake-up and read,
    the consumers' fetch and hand-over, a handler's resumption after its store call) is one or more such wake-ups, in
    the process whose one interpreter lock the stages' CPU-bound work holds too, on a machine other processes share."""

    def __init__(self, interval_s: float = 0.001) -> None:
        self.interval_s = interval_s
        self.late: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        async def sample() -> None:
            while True:
                t0 = time.perf_counter()
                await asyncio.sleep(self.interval_s)
                self.late.append(time.perf_counter() - t0 - self.interval_s)
        self._task = asyncio.create_task(sample())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)


@dataclass
class CallTrace:
    """What one handler call spent where (set by :class:`HandlerProbe`; epoch seconds are ``time.time()``)."""

    entered: float  # perf_counter at the middleware's entry
    entered_at: float  # epoch at the middleware's entry
    excluded: float = 0.0  # seconds in the event store and in publishing commands
    before_publish: float = -1.0  # own work before the call's first command publish (-1 until then)
    before_save: float = -1.0  # own work before the call's first event-store write (-1 until then)
    store_before_publish: float = -1.0  # store seconds before the first command publish (-1 until then)
    store_before_save: float = -1.0  # store seconds before the first write (-1 until then)
    publish_at: float = 0.0  # epoch of the first command publish (0: none)
    write_at: float = 0.0  # epoch of the first write's entry (0: none)
    depth: int = 0  # timed store calls in progress (a nested one is not counted twice)
    gate_wait: float = 0.0  # seconds waiting for the CPU gate (shared.cpu: behind other units' engine calls)
    gate_before_save: float = -1.0  # of which before the first write (-1 until then)


#: the trace of the handler call in progress (a context variable, so the worker threads' calls count too)
_CALL: contextvars.ContextVar[CallTrace | None] = contextvars.ContextVar("bench_call", default=None)


@dataclass
class HandlerCall:
    service: str
    subject: str
    run_id: str
    body: dict[str, Any]
    seconds: float  # entry to exit
    excluded: float  # of which in the event store and publishing
    before_publish: float | None  # own work before the call's first command publish (None: it published none)
    before_save: float | None  # own work before the call's first event-store write (None: it wrote nothing)
    entered_at: float = 0.0  # epoch of the middleware's entry
    stored_at: float = 0.0  # epoch at which JetStream stored the message (its metadata; 0: unknown)
    store_before_publish: float = 0.0  # store seconds before its first command publish
    store_before_save: float = 0.0  # store seconds before its first write
    publish_at: float = 0.0  # epoch of its first command publish (0: none)
    write_at: float = 0.0  # epoch of its first write's entry (0: none)
    received_at: float = 0.0  # epoch at which the consumer handed the message to a handler task (0: unknown)
    gate_before_save: float = 0.0  # own work before its first write spent waiting for the CPU gate

    @property
    def own_work(self) -> float:
        return max(0.0, self.seconds - self.excluded)


def _stream_seq(raw: Any) -> int:
    try:
        return int(raw.metadata.sequence.stream)
    except Exception:  # noqa: BLE001 (no JetStream metadata)
        return -1


class _TimedGate:
    """An ``asyncio.Semaphore`` (the CPU gate) whose waits are added to the handler call's trace (``gate_wait``)."""

    def __init__(self, gate: asyncio.Semaphore) -> None:
        self._gate = gate

    async def __aenter__(self) -> None:
        t0 = time.perf_counter()
        await self._gate.acquire()
        trace = _CALL.get()
        if trace is not None:
            trace.gate_wait += time.perf_counter() - t0

    async def __aexit__(self, *exc: object) -> None:
        self._gate.release()


class HandlerProbe:
    """Times every handler call (a broker middleware) and what part of it was event store and publishing."""

    def __init__(self, rt: Any) -> None:
        self.calls: list[HandlerCall] = []
        self._rt = rt
        probe = self

        class Timing(BaseMiddleware):
            async def consume_scope(self, call_next: Any, msg: Any) -> Any:
                trace = CallTrace(entered=time.perf_counter(), entered_at=time.time())
                token = _CALL.set(trace)
                try:
                    return await call_next(msg)
                finally:
                    elapsed = time.perf_counter() - trace.entered
                    _CALL.reset(token)
                    probe.record(msg, elapsed, trace)

        self.middleware = Timing
        runs = rt.runs
        # the event store: its loads (``_load``: get_run, exists), the creation of a run (``start_run``) and every
        # write (``_mutate``: the run's queue and lock, the load, the change, the save and commit); the first
        # write marks the end of the call's own work (the answer's event is created in it)
        self._wrapped = ("_load", "start_run", "_mutate")
        for name in self._wrapped:
            setattr(runs, name, self._timed_sync(getattr(runs, name), first_save=name == "_mutate"))
        publisher = rt.publisher
        publisher.command = self._timed_async(publisher.command)
        publisher.commands = self._timed_async(publisher.commands)  # (a fan-out's, all at once)
        # the consumers of several messages at once: when each message was handed to a handler task (after the fetch
        # and a free slot; FastStream's middlewares, decoding and dispatch follow); keyed by (durable consumer,
        # stream sequence)
        self.received: dict[tuple[str, int], float] = {}
        self._consume = ConcurrentPullStreamSubscriber.consume
        original, received = self._consume, self.received

        async def consume(sub: Any, msg: Any) -> Any:
            try:
                received[(str(msg.metadata.consumer), int(msg.metadata.sequence.stream))] = time.time()
            except Exception:  # noqa: BLE001 (no JetStream metadata)
                pass
            return await original(sub, msg)

        ConcurrentPullStreamSubscriber.consume = consume  # type: ignore[method-assign]

    def time_cpu_gate(self) -> None:
        """Count every handler call's wait for the running loop's CPU gate (``shared.cpu``: CPU-bound engine calls
        on threads, ``cpu_threads`` at once) in its trace: own work of the stage (the unit waits behind its siblings'
        engine calls), reported apart. Call once the stack started (its ``use_cpu``)."""
        plan = cpu._PLANS.get(asyncio.get_running_loop())
        if plan is not None and not isinstance(plan.gate, _TimedGate):
            plan.gate = _TimedGate(plan.gate)  # type: ignore[assignment]

    def record(self, msg: Any, elapsed: float, trace: CallTrace) -> None:
        raw = msg.raw_message
        try:
            service = str(raw.metadata.consumer).split("--")[0]
            body = json.loads(msg.body)
        except Exception:  # noqa: BLE001 (not a stage's JetStream message)
            return
        try:
            stored_at = raw.metadata.timestamp.timestamp()
        except Exception:  # noqa: BLE001 (no stream timestamp)
            stored_at = 0.0
        self.calls.append(HandlerCall(
            service, str(raw.subject), str(body.get("run_id")), body, elapsed, trace.excluded,
            None if trace.before_publish < 0 else trace.before_publish,
            None if trace.before_save < 0 else trace.before_save,
            entered_at=trace.entered_at, stored_at=stored_at,
            store_before_publish=trace.excluded if trace.store_before_publish < 0 else trace.store_before_publish,
            store_before_save=trace.excluded if trace.store_before_save < 0 else trace.store_before_save,
            publish_at=trace.publish_at, write_at=trace.write_at,
            received_at=self.received.get((str(raw.metadata.consumer), _stream_seq(raw)), 0.0),
            gate_before_save=trace.gate_wait if trace.gate_before_save < 0 else trace.gate_before_save))

    @staticmethod
    def _timed_sync(fn: Callable[..., Any], *, first_save: bool = False) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            trace = _CALL.get()
            if trace is None or trace.depth > 0:  # not in a handler, or inside another timed store call
                return fn(*args, **kwargs)
            t0 = time.perf_counter()
            if first_save and trace.before_save < 0:  # the call's first write: its own work so far
                trace.before_save = max(0.0, t0 - trace.entered - trace.excluded)
                trace.store_before_save = trace.excluded
                trace.gate_before_save = trace.gate_wait
                trace.write_at = time.time()
            trace.depth += 1
            try:
                return fn(*args, **kwargs)
            finally:
                trace.depth -= 1
                trace.excluded += time.perf_counter() - t0
        return timed

    @staticmethod
    def _timed_async(fn: Callable[..., Any]) -> Callable[..., Any]:
        async def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            trace = _CALL.get()
            if trace is not None and trace.before_publish < 0:  # the call's first publish: its own work so far
                trace.before_publish = max(0.0, t0 - trace.entered - trace.excluded)
                trace.store_before_publish = trace.excluded
                trace.publish_at = time.time()
            try:
                return await fn(*args, **kwargs)
            finally:
                trace = _CALL.get()
                if trace is not None:
                    trace.excluded += time.perf_counter() - t0
        return timed

    def remove(self) -> None:
        for name in self._wrapped:
            self._rt.runs.__dict__.pop(name, None)
        self._rt.publisher.__dict__.pop("command", None)
        self._rt.publisher.__dict__.pop("commands", None)
        ConcurrentPullStreamSubscriber.consume = self._consume  # type: ignore[method-assign]

    def chain(self, stage: str, run_id: str, answer: Event) -> list[HandlerCall] | None:
        """The handler calls on ``stage``'s chain that led to ``answer``, trigger first (None when a call on the
        chain was not seen)."""
        calls: list[HandlerCall] = []
        for service, subject in STAGE_CHAIN[stage]:
            keyed = [c for c in self.calls if c.service == service and c.subject == subject and c.run_id == run_id
                     and all(str(c.body[k]) == str(getattr(answer, k)) for k in UNIT_KEYS
                             if k in c.body and hasattr(answer, k))]
            if not keyed:
                return None
            calls.append(keyed[0])
        return calls

    def own_work(self, stage: str, run_id: str, answer: Event) -> float | None:
        """Seconds of own work of the handler calls on ``stage``'s chain that led to ``answer`` (None when a
        call on the chain was not seen)."""
        calls = self.chain(stage, run_id, answer)
        if calls is None:
            return None
        total = 0.0
        for i, call in enumerate(calls):
            if i < len(calls) - 1:  # a fan-out handler: its work after its first publish overlaps the units'
                work = call.before_publish
            else:  # the handler that records the answer: its work before that save (later hops, publishes: not)
                work = call.before_save
            total += call.own_work if work is None else work
        return total


# ---- where a hop's time goes --------------------------------------------------------------------------------
class RelayTrace:
    """Timestamps (epoch seconds) of every stored event on its way to the bus: its commit (the store's ``save``
    returned), the relay's read of the page that holds it (start, end; for an event handed over by the store after
    its commit, ``EventRelay._handed_page``, the relay's taking it, start = end) and that page's publish (start,
    every acknowledgement in)."""

    def __init__(self, runs: Any, relay: Any, publisher: Any) -> None:
        self.committed: dict[tuple[str, int], float] = {}
        self.read: dict[tuple[str, int], tuple[float, float]] = {}
        self.acked: dict[tuple[str, int], tuple[float, float]] = {}
        self._runs, self._relay, self._publisher = runs, relay, publisher
        save, read, events, handed_page = runs.save, relay._read, publisher.events, relay._handed_page
        trace = self

        def timed_save(*objs: Any, **kwargs: Any) -> Any:
            keys = [(str(e.originator_id), int(e.originator_version))
                    for o in objs for e in o.__dict__.get("_pending_events", ())]
            out = save(*objs, **kwargs)
            now = time.time()
            for k in keys:  # (a store that hands its commits over has recorded them exactly: see committed_now)
                trace.committed.setdefault(k, now)
            return out

        def committed_now(events: Any) -> None:
            """The store's commit listener (``ResearchRuns.on_commit``): each event's commit time under the version
            it was stored at (an appended unit result's may differ from the one its save was made with)."""
            now = time.time()
            for e in events:
                trace.committed[(str(e.domain_event.originator_id), int(e.seq))] = now

        self._remove_listener = runs.on_commit(committed_now) if hasattr(runs, "on_commit") else None

        async def timed_read(reader: Any, start: int, limit: int) -> Any:
            t0 = time.time()
            page = await read(reader, start, limit)
            t1 = time.time()
            for s in page:
                trace.read[(str(s.event.run_id), int(s.event.seq))] = (t0, t1)
            return page

        def timed_handed_page(position: int) -> Any:
            page = handed_page(position)
            now = time.time()
            for s in page:
                trace.read[(str(s.event.run_id), int(s.event.seq))] = (now, now)
            return page

        async def timed_events(items: Any) -> None:
            t0 = time.time()
            await events(items)
            t1 = time.time()
            for evt, _, _ in items:
                if hasattr(evt, "seq"):
                    trace.acked[(str(evt.run_id), int(evt.seq))] = (t0, t1)

        runs.save, relay._read, publisher.events = timed_save, timed_read, timed_events
        relay._handed_page = timed_handed_page

    def remove(self) -> None:
        if self._remove_listener is not None:
            self._remove_listener()
        self._runs.__dict__.pop("save", None)
        self._relay.__dict__.pop("_read", None)
        self._relay.__dict__.pop("_handed_page", None)
        self._publisher.__dict__.pop("events", None)


#: the steps of a hop, in order (see ``hop_steps``)
HOP_STEPS = ("commit", "relay wait", "relay read", "publish>stored", "stored>fetched", "fetched>handler",
             "command>unit", "store reads", "write")
#: own work of the stage shown beside the steps (not overhead, not in their sum; see ``hop_steps``)
OWN_STEPS = ("cpu gate wait",)


def hop_steps(stage: str, trigger: Event, answer: Event, hop_overhead: float, calls: list[HandlerCall],
              trace: RelayTrace) -> dict[str, float] | None:
    """Seconds of each step of one hop's overhead, which add up to it (None when a timestamp is missing):

    - commit: the trigger created (``occurred_at``) -> its commit (the store's commit listener, under the version it
      was stored at; else its save returned), or the relay's read of it started if that was earlier (the rest of
      the trigger's save);
    - relay wait: -> the relay's read of it starts (the NOTIFY wake-up, or the relay busy with a page);
    - relay read: the read of the page (the query and decoding);
    - publish>stored: the read's end -> JetStream stored the event (the message's timestamp);
    - stored>fetched: stored -> the consumer handed it to a handler task (the fetch round trips, delivery, a free
      slot of the consumer's in-flight limit; when unknown, as for a consumer of one message at a time, up to the
      handler's entry);
    - fetched>handler: -> the stage's handler entered (FastStream's middlewares, decoding and dispatch);
    - command>unit: for a fan-out stage, the fan-out handler's first command publish -> the unit handler entered
      (the publish, JetStream, delivery, dispatch);
    - store reads: event-store time of the handlers before the answer's write (loads; a fan-out handler's
      before its first publish);
    - write: the answering handler's first write entered -> the answer created (the run's turn, lock and load).
    The stage's own work (the rest of the hop, not overhead) includes its waits for a worker thread and the GIL,
    and its wait for the CPU gate (``shared.cpu``: the unit's engine call waits while other units of the run, its
    siblings, compute): that wait is returned beside the steps as "cpu gate wait", not in their sum.
    """
    key = (str(trigger.run_id), int(trigger.seq))
    if key not in trace.committed or key not in trace.read or not calls[0].stored_at:
        return None
    read0, read1 = trace.read[key]
    committed = min(trace.committed[key], read0)
    first, last = calls[0], calls[-1]
    fan_out = len(calls) > 1
    steps = {
        "commit": committed - trigger.occurred_at.timestamp(),
        "relay wait": read0 - committed,
        "relay read": read1 - read0,
        "publish>stored": first.stored_at - read1,
        "stored>fetched": (first.received_at or first.entered_at) - first.stored_at,
        "fetched>handler": (first.entered_at - first.received_at) if first.received_at else 0.0,
        "command>unit": (last.entered_at - first.publish_at) if fan_out and first.publish_at else 0.0,
        "store reads": (first.store_before_publish if fan_out else 0.0) + last.store_before_save,
        "write": (answer.occurred_at.timestamp() - last.write_at) if last.write_at else 0.0,
    }
    unexplained = hop_overhead - sum(steps.values())
    if abs(unexplained) > 0.002:  # (a fan-out handler's own work after its first publish, when it overlaps)
        steps["command>unit"] += unexplained
    steps["cpu gate wait"] = last.gate_before_save
    return steps


# ---- the raw floor ----------------------------------------------------------------------------------------
async def raw_floor(rt: Any, rounds: int) -> dict[str, list[float]]:
    """Seconds per round of a PostgreSQL insert + commit, of a JetStream publish (acked) + fetch + ack, and of both
    (see the module docstring)."""
    def pg_insert() -> float:
        t0 = time.perf_counter()
        with rt.pool.connection() as conn:
            conn.execute("INSERT INTO bench_floor (payload) VALUES (%s)", ("x" * 200,))
        return time.perf_counter() - t0

    with rt.pool.connection() as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_floor (id bigserial PRIMARY KEY, payload text NOT NULL)")
    nc = await nats.connect(rt.endpoints.nats_url)
    js = nc.jetstream()
    await js.add_stream(name="BENCH_FLOOR", subjects=["bench.floor"])
    sub = await js.pull_subscribe("bench.floor", durable="bench-floor", stream="BENCH_FLOOR")
    out: dict[str, list[float]] = {"postgres": [], "jetstream": [], "floor": []}
    try:
        for i in range(rounds + 20):
            pg = pg_insert()  # on the loop's thread: no thread hand-off in the floor
            t0 = time.perf_counter()
            await js.publish("bench.floor", b"{\"n\": %d}" % i, headers={"Nats-Msg-Id": f"floor-{i}"})
            (msg,) = await sub.fetch(1, timeout=5)
            await msg.ack()
            bus = time.perf_counter() - t0
            if i >= 20:
                out["postgres"].append(pg)
                out["jetstream"].append(bus)
                out["floor"].append(pg + bus)
    finally:
        await js.delete_stream("BENCH_FLOOR")
        await nc.close()
        with rt.pool.connection() as conn:
            conn.execute("DROP TABLE IF EXISTS bench_floor")
    return out


# ---- one run ----------------------------------------------------------------------------------------------
@dataclass
class Run:
    run_id: UUID
    size: int
    kind: str  # warm-up | cold | measured
    submitted_at: float  # epoch seconds, when RunRequested was published
    seconds: float  # publish -> RunCompleted seen in the store
    events: list[Event]


async def research(rt: Any, question: str, corpus: str, size: int, kind: str) -> Run:
    run_id = uuid4()
    request = RunRequested(run_id=run_id, question=question, scope="local", corpus=corpus,
                           max_sources=MAX_SOURCES, budget=Budget(seconds=RUN_TIMEOUT_S - 30))
    submitted_at = time.time()
    t0 = time.perf_counter()
    await submit(rt, request)
    events = await follow(rt, run_id, timeout_s=RUN_TIMEOUT_S)
    return Run(run_id, size, kind, submitted_at, time.perf_counter() - t0, events)


def overhead_hops(run: Run, handlers: HandlerProbe, trace: RelayTrace | None = None
                  ) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """Seconds of each stage hop of one run that are not the stage's own work (see the module docstring): the
    hop from the trigger to the first answer (per source for the claim-extractor: the median) minus the own work
    of the handler calls that produced that answer; and, with ``trace``, the steps of each such hop
    (``hop_steps``; the claim-extractor's: each step's median over the run's sources)."""
    events = run.events
    first: dict[str, Event] = {}
    for e in events:
        first.setdefault(type(e).__name__, e)
    out: dict[str, float] = {}
    steps: dict[str, dict[str, float]] = {}
    run_id = str(run.run_id)

    def steps_of(stage: str, trigger: Event, answer: Event, overhead: float) -> dict[str, float] | None:
        calls = handlers.chain(stage, run_id, answer)
        return None if trace is None or calls is None else hop_steps(stage, trigger, answer, overhead, calls, trace)

    for stage, (trigger, answer) in STAGE_HOPS.items():
        if stage == "claim-extractor":
            fetched = {str(e.source_id): e for e in events  # type: ignore[attr-defined]  # SourceFetched events
                       if type(e).__name__ == "SourceFetched"}
            per_source = []
            source_steps: list[dict[str, float]] = []
            for e in events:
                if type(e).__name__ == "ClaimsExtracted" and str(e.source_id) in fetched:  # type: ignore[attr-defined]  # ClaimsExtracted events
                    work = handlers.own_work(stage, run_id, e)
                    if work is not None:
                        cause = fetched[str(e.source_id)]  # type: ignore[attr-defined]  # ClaimsExtracted events
                        hop = (e.occurred_at - cause.occurred_at).total_seconds()
                        per_source.append(hop - work)
                        if (st := steps_of(stage, cause, e, hop - work)) is not None:
                            source_steps.append(st)
            if per_source:
                out[stage] = statistics.median(per_source)
            if source_steps:
                steps[stage] = {k: statistics.median(st[k] for st in source_steps) for k in HOP_STEPS + OWN_STEPS}
            continue
        if answer not in first:
            continue
        if trigger == "RunRequested":
            hop = first[answer].occurred_at.timestamp() - run.submitted_at
        elif trigger in first:
            hop = (first[answer].occurred_at - first[trigger].occurred_at).total_seconds()
        else:
            continue
        work = handlers.own_work(stage, run_id, first[answer])
        if work is not None:
            out[stage] = hop - work
            if trigger in first and (st := steps_of(stage, first[trigger], first[answer], hop - work)) is not None:
                steps[stage] = st
    return out, steps


def stage_hops(run: Run) -> dict[str, float]:
    """Seconds from each stage's triggering event to the first event the stage recorded, for one run."""
    events = run.events
    first: dict[str, Event] = {}
    for e in events:
        first.setdefault(type(e).__name__, e)
    out: dict[str, float] = {}
    for stage, (trigger, answer) in STAGE_HOPS.items():
        if trigger == "RunRequested":
            if answer in first:
                out[stage] = first[answer].occurred_at.timestamp() - run.submitted_at
        elif stage == "claim-extractor":  # pair by source: SourceFetched(x) -> ClaimsExtracted(x)
            fetched = {e.source_id: e.occurred_at for e in events if type(e).__name__ == "SourceFetched"}  # type: ignore[attr-defined]  # SourceFetched events
            hops = [(e.occurred_at - fetched[e.source_id]).total_seconds() for e in events  # type: ignore[attr-defined]  # ClaimsExtracted events
                    if type(e).__name__ == "ClaimsExtracted" and e.source_id in fetched]  # type: ignore[attr-defined]  # ClaimsExtracted events
            if hops:
                out[stage] = statistics.median(hops)
        elif trigger in first and answer in first:
            out[stage] = (first[answer].occurred_at - first[trigger].occurred_at).total_seconds()
    return out


# ---- store micro-benchmark -------------------------------------------------------------------------------
def run_with_claims(runs: Any, n_claims: int) -> tuple[UUID, list[UUID], UUID]:
    """A run recorded straight into the store up to ``ExtractionCompleted`` with ``n_claims`` claims."""
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="store micro-benchmark", scope="local"))
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "store"}], "general", "en", "offline", False)
    hit = {"url": "doc:bench", "title": "bench", "snippet": "", "provider": "local", "rank": 1, "score": 1.0}
    runs.record_search(run_id, "q1", "store", 1, [hit], True, [])
    source_id = source_id_for(run_id, "doc:bench")
    runs.record_source_fetched(run_id, source_id, url="doc:bench", final_url="bench", content_type="text/plain",
                               title="bench", text_sha256="0" * 64, chars=1000, via="local")
    claim_ids = [uuid4() for _ in range(n_claims)]
    claims = [{"claim_id": str(c), "text": f"Claim number {i} says something.", "start": 0, "end": 30,
               "numeric": False, "recent": False, "named_event": False} for i, c in enumerate(claim_ids)]
    runs.record_claims(run_id, source_id, claims)
    return run_id, claim_ids, source_id


def verdict_latencies(runs: Any, n_claims: int, writers: int) -> tuple[list[float], int]:
    """Time ``record_verdict`` for every claim of a fresh run with ``writers`` threads. Returns (latencies, version)."""
    run_id, claim_ids, source_id = run_with_claims(runs, n_claims)
    span = [{"source_id": str(source_id), "start": 0, "end": 30, "quote": "Claim number", "label": "supports",
             "score": 1.0}]
    latencies: list[float] = []
    lock = threading.Lock()

    def one(cid: UUID) -> None:
        t0 = time.perf_counter()
        runs.record_verdict(run_id, cid, verdict="supported", stability=1.0, support_score=0.9, spans=span,
                            corroborating_domains=["local:bench"])
        with lock:
            latencies.append(time.perf_counter() - t0)

    with ThreadPoolExecutor(max_workers=writers) as pool:
        list(pool.map(one, claim_ids))
    run = runs.get_run(run_id)
    assert run.claims_verified, "the fan-in ClaimsVerified was not recorded"
    return latencies, int(run.version)


# ---- the benchmark ---------------------------------------------------------------------------------------
def _pct_ms(values_s: list[float], q: float) -> float:
    return pct([v * 1000 for v in values_s], q)


def _fmt(v: float) -> str:
    return f"{v:8.1f}" if v == v else "       -"


async def test_bench_pipeline(runtime: Any) -> None:  # noqa: C901 (one linear script)
    rt = runtime
    t_all = time.perf_counter()
    load_before = os.getloadavg()
    material = await asyncio.to_thread(load_material, QUESTIONS)
    cold_q, measured_q = material.questions[0], material.questions[1:]
    origins: dict[int, dict[str, int]] = {}
    ingest_s: dict[int, float] = {}
    warmup_docs = [d for d in material.question_docs if d.path.startswith(f"hotpotqa/{cold_q['_id']}/")]
    await asyncio.to_thread(ingest, rt, "bench-warmup", warmup_docs)
    for size in SIZES:
        docs = corpus_docs(material, size)
        origins[size] = {o: sum(1 for d in docs if d.origin == o) for o in ("hotpotqa", "scifact", "scifact-window")}
        ingest_s[size] = await asyncio.to_thread(ingest, rt, f"bench-{size}", docs)
        assert dict(rt.corpus.corpora())[f"bench-{size}"] == size

    floor = await raw_floor(rt, FLOOR_ROUNDS)
    handlers = HandlerProbe(rt)
    rt.broker.add_middleware(handlers.middleware)
    timer = StoreTimer(rt.runs)
    probe = BusProbe()
    await probe.start(rt.endpoints.nats_url)
    runs: list[Run] = []
    trace: RelayTrace | None = None
    lag = LoopLag()
    try:
        async with Stack(rt) as stack:
            trace = RelayTrace(rt.runs, stack._relay, rt.publisher)
            handlers.time_cpu_gate()
            lag.start()
            # one warm-up run on a 10-document corpus (imports, consumers, caches of the process): not reported
            runs.append(await research(rt, cold_q["question"], "bench-warmup", 0, "warm-up"))
            # a cold run per size: its first search builds the gatherer's BM25 index over that corpus
            for size in SIZES:
                runs.append(await research(rt, cold_q["question"], f"bench-{size}", size, "cold"))
            # measured runs, sizes interleaved so that background load affects every size alike
            for item in measured_q:
                for size in SIZES:
                    runs.append(await research(rt, item["question"], f"bench-{size}", size, "measured"))
            await asyncio.sleep(0.5)  # let the relay publish the last events to the probe
            relay_published = stack._relay.published if stack._relay is not None else 0
            relay_handed = getattr(stack._relay, "handed_published", 0)
    finally:
        await lag.stop()
        await probe.stop()
        timer.remove()
        handlers.remove()
        if trace is not None:
            trace.remove()
    load_after = os.getloadavg()

    # ---- sanity: every run finished with RunCompleted -------------------------------------------------
    for r in runs:
        assert isinstance(r.events[-1], RunCompleted), f"{r.kind} run {r.run_id} ({r.size} docs) ended with {r.events[-1]!r}"

    per_size: dict[int, dict[str, Any]] = {}
    for size in SIZES:
        measured = [r for r in runs if r.size == size and r.kind == "measured"]
        cold = next(r for r in runs if r.size == size and r.kind == "cold")
        times = [r.seconds for r in measured]
        in_store = [(r.events[-1].occurred_at - r.events[0].occurred_at).total_seconds() for r in measured]
        per_size[size] = {
            "documents": size, "origins": origins[size], "ingest_s": round(ingest_s[size], 2),
            "cold_run_s": round(cold.seconds, 3), "runs": len(times), "run_s": [round(t, 3) for t in times],
            "mean_s": round(statistics.fmean(times), 3), "p50_s": round(pct(times, 50), 3),
            "p95_s": round(pct(times, 95), 3), "in_store_mean_s": round(statistics.fmean(in_store), 3),
            "statuses": [r.events[-1].status for r in measured],  # type: ignore[attr-defined]  # RunCompleted events
            "claims_verified_mean": round(statistics.fmean(
                sum(1 for e in r.events if type(e).__name__ == "ClaimVerified") for r in measured), 1),
            "events_mean": round(statistics.fmean(len(r.events) for r in measured), 1),
        }

    # ---- stage hops, relay + bus, store writes ------------------------------------------------------------
    hops: dict[str, dict[int, list[float]]] = {s: {size: [] for size in SIZES} for s in STAGE_HOPS}
    overhead: dict[str, list[float]] = {s: [] for s in STAGE_HOPS}  # all sizes together
    steps: dict[str, list[dict[str, float]]] = {s: [] for s in STAGE_HOPS}
    for r in runs:
        if r.kind != "warm-up":
            for stage, secs in stage_hops(r).items():
                hops[stage][r.size].append(secs)
            run_overhead, run_steps = overhead_hops(r, handlers, trace)
            for stage, secs in run_overhead.items():
                overhead[stage].append(secs)
            for stage, st in run_steps.items():
                steps[stage].append(st)
    bench_events = {str(e.event_id) for r in runs if r.kind != "warm-up" for e in r.events}
    pairs: dict[str, list[float]] = {}
    for r in runs:
        if r.kind != "warm-up":
            for a, b in zip(r.events, r.events[1:]):
                key = f"{type(a).__name__} -> {type(b).__name__}"
                pairs.setdefault(key, []).append((b.occurred_at - a.occurred_at).total_seconds())
    relay = [lat for eid, (lat, _, _) in probe.arrivals.items() if eid in bench_events]
    relay_missing = len(bench_events - set(probe.arrivals))
    store_calls = {m: summary_ms(v) for m, v in timer.calls.items() if v}

    micro: list[dict[str, Any]] = []
    for n_claims, writers in ((10, 1), (100, 1), (500, 1), (100, 4)):
        lat, version = await asyncio.to_thread(verdict_latencies, rt.runs, n_claims, writers)
        micro.append({"claims": n_claims, "writers": writers, "stream_version_at_end": version, **summary_ms(lat)})

    # ---- print ----------------------------------------------------------------------------------------
    small = min(SIZES)
    ratios = {f"{size}/{small}": round(per_size[size]["mean_s"] / per_size[small]["mean_s"], 2)
              for size in SIZES if size != small}
    ratios_p50 = {f"{size}/{small}": round(per_size[size]["p50_s"] / per_size[small]["p50_s"], 2)
                  for size in SIZES if size != small}
    windows = max(origins[size]["scifact-window"] for size in SIZES)
    lines = ["", "=" * 110,
             "Assay pipeline benchmark: in-process Stack (all 8 services + event relay), embedded PostgreSQL, "
             "nats-server (JetStream); offline engines",
             f"{len(measured_q)} measured questions per size (HotpotQA dev, their paragraphs in every corpus; sizes "
             f"interleaved) + 1 cold run per size; max_sources={MAX_SOURCES}; {os.cpu_count()} CPUs; load average "
             f"{load_before[0]:.2f} before, {load_after[0]:.2f} after",
             f"Concurrency: worker threads {rt.settings.common.worker_threads}, unit in-flight "
             f"{rt.settings.common.unit_workers}, fetch batch {rt.settings.common.fetch_batch}, CPU-bound engine calls "
             + (f"in {rt.settings.common.cpu_processes} worker processes (nice +{rt.settings.common.cpu_nice})"
                if rt.settings.common.cpu_processes else f"on threads, {rt.settings.common.cpu_threads} at once")
             + f", GIL switch interval {rt.settings.common.switch_interval_ms:g} ms; runs one at a time",
             "Documents: HotpotQA dev context paragraphs, then SciFact abstracts"
             + (f", then {windows} 3-sentence windows of SciFact abstracts (not enough distinct real documents)"
                if windows else ""),
             "Run time = publish RunRequested -> RunCompleted seen in the store; ingest and the cold run "
             "(first search builds the BM25 index) are not in mean/p50/p95",
             "",
             f"{'docs':>6} {'hotpot':>6} {'scifact':>7} {'windows':>7} {'ingest s':>8} {'cold s':>7} "
             f"{'mean s':>7} {'p50 s':>7} {'p95 s':>7} {'in-store mean s':>15} {'claims/run':>10}  statuses"]
    for size in SIZES:
        p = per_size[size]
        o = p["origins"]
        lines.append(f"{size:>6} {o['hotpotqa']:>6} {o['scifact']:>7} {o['scifact-window']:>7} {p['ingest_s']:>8.1f} "
                     f"{p['cold_run_s']:>7.2f} {p['mean_s']:>7.2f} {p['p50_s']:>7.2f} {p['p95_s']:>7.2f} "
                     f"{p['in_store_mean_s']:>15.2f} {p['claims_verified_mean']:>10.1f}  "
                     f"{', '.join(sorted(set(p['statuses'])))}")
    lines.append("ratio of mean run time: " + ", ".join(f"{k} = {v:.2f}x" for k, v in ratios.items())
                 + "   (of p50: " + ", ".join(f"{k} = {v:.2f}x" for k, v in ratios_p50.items()) + ")")
    lines += ["", "Stage hop: triggering event stored -> first event the stage records (relay + bus + the stage's "
              "work), ms; cold runs included",
              f"{'stage':<16} {'trigger -> answer':<40}" + "".join(f" {f'p50@{n}':>9} {f'p95@{n}':>9}" for n in SIZES)]
    for stage, (trigger, answer) in STAGE_HOPS.items():
        cells = "".join(f" {_fmt(pct([v * 1000 for v in hops[stage][n]], 50)):>9} "
                        f"{_fmt(pct([v * 1000 for v in hops[stage][n]], 95)):>9}" for n in SIZES)
        lines.append(f"{stage:<16} {trigger + ' -> ' + answer:<40}{cells}")
    lines.append("(planner: from the client's publish of RunRequested; claim-extractor: per source, median per run)")
    fl = {k: summary_ms(v) for k, v in floor.items()}
    f50, f95 = fl["floor"]["p50_ms"], fl["floor"]["p95_ms"]
    lines += ["", f"Raw floor ({FLOOR_ROUNDS} rounds, this run, same servers): PostgreSQL insert+commit p50 "
              f"{fl['postgres']['p50_ms']:.2f} ms p95 {fl['postgres']['p95_ms']:.2f} ms; JetStream publish+ack+fetch+ack "
              f"p50 {fl['jetstream']['p50_ms']:.2f} ms p95 {fl['jetstream']['p95_ms']:.2f} ms; both: p50 {f50:.2f} ms "
              f"p95 {f95:.2f} ms",
              "Hop overhead excluding the stage's own work (stage hop minus the own work of the handler calls that "
              "produced the answer), all sizes, cold runs included; ratio = overhead / floor (target p50 <= 3x, "
              "p95 <= 6x)",
              f"{'stage':<16} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'p50/floor':>10} {'p95/floor':>10}"]
    overhead_ms = {stage: summary_ms(v) for stage, v in overhead.items()}
    overhead_ms["all stages"] = summary_ms([v for values in overhead.values() for v in values])
    for stage, st in overhead_ms.items():
        lines.append(f"{stage:<16} {st['n']:>4} {_fmt(st['p50_ms'])} {_fmt(st['p95_ms'])} "
                     f"{st['p50_ms'] / f50:>9.1f}x {st['p95_ms'] / f95:>9.1f}x")
    shown = HOP_STEPS + OWN_STEPS
    step_means = {stage: {k: statistics.fmean(st[k] for st in values) * 1000 for k in shown}
                  for stage, values in steps.items() if values}
    every = [st for values in steps.values() for st in values]
    if every:
        step_means["all stages"] = {k: statistics.fmean(st[k] for st in every) * 1000 for k in shown}
    lines += ["", "Where a hop's overhead goes: mean ms per step (see hop_steps: commit = the trigger's save after its "
              "event was created; relay wait = commit -> relay read; stored>fetched = JetStream stored -> the "
              "consumer handed it to a handler task (fetch, free slot); fetched>handler = -> handler entered (decoding, "
              "dispatch); "
              "command>unit = fan-out publish -> unit handler entered; store reads = handler loads; write = the "
              "answer's write until its event is created)",
              "| cpu gate wait: NOT overhead, own work of the stage left out of the figures above: the unit's engine "
              "call waiting for the process's CPU gate while other units of the same run compute (ASSAY_CPU_THREADS)",
              f"{'stage':<16} {'n':>4}" + "".join(f" {k:>15}" for k in HOP_STEPS) + " |"
              + "".join(f" {k:>13}" for k in OWN_STEPS)]
    for stage, means in step_means.items():
        n = len(every) if stage == "all stages" else len(steps[stage])
        lines.append(f"{stage:<16} {n:>4}" + "".join(f" {means[k]:>15.2f}" for k in HOP_STEPS) + " |"
                     + "".join(f" {means[k]:>13.2f}" for k in OWN_STEPS))
    lagged = summary_ms(lag.late)
    lines += ["", f"Event loop wake-up lateness during the runs (a {lag.interval_s * 1000:g} ms sleep, again and again; "
              f"every step above is one or more wake-ups): n {lagged['n']}  p50 {lagged['p50_ms']:.2f} ms  "
              f"p95 {lagged['p95_ms']:.2f} ms  p99 {_pct_ms(lag.late, 99):.2f} ms  max {lagged['max_ms']:.1f} ms"]
    r = summary_ms(relay)
    lines += ["", f"Relay + bus hop: ratio to the floor p50 {r['p50_ms'] / f50:.1f}x, p95 {r['p95_ms'] / f95:.1f}x",
              "Relay + bus hop: event occurred_at (created by the stage, before its commit) -> arrival at a plain "
              "nats-py core subscriber on assay.evt.>",
              "(= store commit + the relay's wake-up (the store's hand-over after the commit, or its NOTIFY) + JetStream "
              "publish + delivery)",
              f"  relay: {relay_published} events published, {relay_handed} of them as handed over by the store "
              "(no read of the log)",
              f"  events {r['n']} (not seen: {relay_missing})   p50 {r['p50_ms']:.1f} ms   p95 {r['p95_ms']:.1f} ms   "
              f"max {r['max_ms']:.1f} ms",
              "", "Store writes during the benchmark runs (ResearchRuns.record_* as called by the services: load, "
              "check, append, commit; conflict retries included), ms",
              f"{'method':<24} {'calls':>6} {'p50':>8} {'p95':>8} {'max':>8}"]
    for name, st in store_calls.items():
        lines.append(f"{name:<24} {st['n']:>6} {st['p50_ms']:>8.1f} {st['p95_ms']:>8.1f} {st['max_ms']:>8.1f}")
    lines += ["", "record_verdict micro-benchmark (one run with N claims, one call per claim; the last call also "
              "records ClaimsVerified; stack stopped), ms",
              f"{'claims':>6} {'writers':>7} {'p50':>8} {'p95':>8} {'max':>8} {'mean':>8}"]
    for m in micro:
        lines.append(f"{m['claims']:>6} {m['writers']:>7} {m['p50_ms']:>8.1f} {m['p95_ms']:>8.1f} {m['max_ms']:>8.1f} "
                     f"{m['mean_ms']:>8.1f}")
    total_s = time.perf_counter() - t_all
    lines += ["", f"benchmark wall time {total_s:.0f} s; figures also in {RESULTS.relative_to(REPO)}", "=" * 110]
    print("\n".join(lines))

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "when": datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "load_average_before": load_before[0], "load_average_after": load_after[0]},
        "questions": {"cold": cold_q["question"], "measured": [q["question"] for q in measured_q]},
        "sizes": {str(k): v for k, v in per_size.items()},
        "ratios_mean_run_time": ratios, "ratios_p50_run_time": ratios_p50,
        "stage_hops_ms": {stage: {str(n): summary_ms(hops[stage][n]) for n in SIZES} for stage in STAGE_HOPS},
        "consecutive_pairs_ms": {k: summary_ms(v) for k, v in sorted(pairs.items())},
        "relay_bus_hop_ms": {**r, "not_seen": relay_missing},
        "raw_floor_ms": fl, "hop_overhead_ms": overhead_ms, "hop_steps_mean_ms": step_means,
        "loop_lateness_ms": {**lagged, "p99_ms": round(_pct_ms(lag.late, 99), 2)},
        "hop_overhead_ratio_to_floor": {stage: {"p50": round(st["p50_ms"] / f50, 2), "p95": round(st["p95_ms"] / f95, 2)}
                                        for stage, st in overhead_ms.items()},
        "store_calls_ms": store_calls, "record_verdict_micro_ms": micro,
        "wall_time_s": round(total_s, 1),
    }, indent=2), encoding="utf-8")


def test_documents_are_real_and_distinct() -> None:
    """The corpus builder yields exactly the requested number of distinct documents per size."""
    material = load_material(QUESTIONS)
    for size in SIZES:
        docs = corpus_docs(material, size)
        assert len({d.text for d in docs}) == size
        assert len({d.path for d in docs}) == size
