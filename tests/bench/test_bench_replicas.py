"""Benchmark: replica scaling (issue 10, item 7) - 1 against 2 verifier processes on one run's claims, and 1 against
2 scraper processes on slow loopback pages. Run with ``make bench``; sizes from the command line
(``--bench-claims``, ``--bench-pages``, ``--bench-page-delay``, ``--bench-rounds``: tests/bench/conftest.py).
Only sanity facts are asserted (every claim verified once, every page fetched once), never speed.

Verifier: a run of ``--bench-claims`` claims (default 1,000) is recorded directly in the event store: real sources
(three HotpotQA sample paragraphs each, more for more than 900 claims, texts in the document store, their sentences kept as the claim extractor
keeps them: ``shared.segments``) and real claims (their sentences). Then one
``VerifyClaim`` per claim is published on JetStream and ``assay serve verifier`` children (1, then 2, on a fresh
run each; children started and ready before the clock starts) verify them. claims/s = claims / (first publish ->
``ClaimsVerified`` stored). Also measured: the children's CPU seconds per claim (/proc), the claims each child
handled (its metrics endpoint), and, before the replicas, where one claim's time goes when verified alone in this
process (load, evidence search and verdict-reuse lookup, the offline engine, the verdict write; wall and CPU).

Scraper: ``--bench-pages`` pages (default 40) on a loopback server that answers each after
``--bench-page-delay`` seconds (default 0.5); a run naming them all (``urls``) is planned and its sources selected in this
process (planner, gatherer and relay only: the stages after the scraper would compete for the CPUs; the run is
cancelled once every page is in), and ``assay serve scraper`` children (1, then 2; started and warmed up before) fetch them, each
``--bench-fetch-in-flight`` pages at once (default 4: the consumer's in-flight limit and the per-host concurrency,
the same in both runs, so the per-process limit bounds throughput and no process holds pages it cannot start).
pages/s = pages / (first page request at the loopback server -> the last ``SourceFetched`` stored); the time from
``SourcesSelected`` to that first request (one hop: relay, fan-out, dispatch) and the end-to-end pages/s are printed
too, with the pages each process fetched.

On a 2-core machine shared with other work the load average is printed with every figure: a ratio is only
meaningful within one run of this file.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import statistics
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import nats
import pytest

from contracts import RunRequested, VerifyClaim
from services.verifier.handlers import EvidencePools, Verification, reuse, verdict_key, verify_offline
from shared.bus import FAN_OUT_IN_FLIGHT
from shared.domain import claim_id_for, source_id_for
from shared.runtime import Runtime
from shared.segments import SegmentStore
from shared.settings import ServiceSettings
from shared.text.tokens import split_sentences
from tests.bench.conftest import BenchOptions
from tests.conftest import REPO
from tests.integration.children import ServiceProcess

pytestmark = [pytest.mark.slow, pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(1800)]

PARAGRAPHS = REPO / "shared" / "samples" / "hotpotqa" / "paragraphs.json"
RESULTS = REPO / ".assay" / "bench" / "replicas.json"
#: children import this checkout's code (not the editable install's)
CHILD_ENV = {"PYTHONPATH": str(REPO)}


def load_text() -> str:
    """The load average now, as printed with every figure ("1-min 5-min 15-min")."""
    a, b, c = os.getloadavg()
    return f"{a:.1f} {b:.1f} {c:.1f}"


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (0.0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class OtherParties:
    """The CPU seconds the other parties of a measurement use: the PostgreSQL server (its postmaster and every
    backend), the NATS server, and this process (the publisher, the pollers, the in-process stages and the loopback
    server). On a 2-core machine they run beside the replicas, so their share bounds the replicas' throughput."""

    def __init__(self, settings: ServiceSettings) -> None:
        import psycopg

        with psycopg.connect(str(settings.common.database_url)) as conn:
            row = conn.execute("SHOW data_directory").fetchone()
        assert row is not None
        self.postmaster = int((Path(str(row[0])) / "postmaster.pid").read_text().split()[0])
        self.nats_port = str(settings.common.nats_url).rsplit(":", 1)[1].strip("/")

    def pids(self) -> dict[str, list[int]]:
        """The processes of each party now (backends come and go with the pools' connections)."""
        found: dict[str, list[int]] = {"PostgreSQL": [self.postmaster], "NATS": [], "this process": [os.getpid()]}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                cmd = (entry / "cmdline").read_bytes().split(b"\0")
            except (OSError, IndexError, ValueError):
                continue
            if ppid == self.postmaster:
                found["PostgreSQL"].append(int(entry.name))
            elif cmd and cmd[0].endswith(b"nats-server") and self.nats_port.encode() in cmd:
                found["NATS"].append(int(entry.name))
        return found

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far of each party's current processes."""
        return {party: sum(cpu_seconds(p) for p in pids) for party, pids in self.pids().items()}


def cpu_since(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """CPU seconds each party used between two :meth:`OtherParties.cpu` readings (a backend that ended between
    them is not counted: the readings are taken while the replicas' connections are open)."""
    return {party: round(max(0.0, after[party] - before.get(party, 0.0)), 3) for party in after}


# ---- a run with many claims, recorded directly -------------------------------------------------------------
def evidence_run(rt: Runtime, n_claims: int) -> tuple[UUID, list[UUID]]:
    """Record a run whose extraction completed with ``n_claims`` real claims over real sources (see the module
    docstring). Returns (run id, claim ids in the order their commands are published)."""
    paragraphs = json.loads(PARAGRAPHS.read_text(encoding="utf-8"))
    n_sources = max(1, min(50, n_claims // 6, len(paragraphs) // 3))
    # three paragraphs a source, more past 150 claims a source could give (1,000 claims: 50 sources of 7)
    per = max(3, min(len(paragraphs) // n_sources, -(-n_claims // (3 * n_sources))))
    run_id = uuid4()
    texts: list[str] = []
    for i in range(n_sources):
        part = paragraphs[per * i:per * i + per]
        texts.append("\n\n".join(f"{p['title']}. {p['text']}" for p in part))
    runs = rt.runs
    segments = SegmentStore(rt.pool)
    runs.start_run(RunRequested(run_id=run_id, question="Who and what do these paragraphs describe?", scope="local",
                                max_sources=n_sources))
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "paragraphs"}], "general", "en", "offline", False)
    hits = [{"url": f"doc:bench/{i}", "title": f"source {i}", "snippet": "", "provider": "local", "rank": i + 1,
             "score": 1.0 / (i + 1)} for i in range(n_sources)]
    runs.record_search(run_id, "q1", "paragraphs", 1, hits, True, [])
    per_source: list[list[dict[str, Any]]] = [[] for _ in range(n_sources)]
    sentences = [[s for s in split_sentences(t) if len(s.text.split()) >= 5] for t in texts]
    seen: set[str] = set()
    order: list[UUID] = []
    depth = 0
    while len(order) < n_claims:
        added = False
        for i, sents in enumerate(sentences):
            if depth < len(sents) and len(order) < n_claims and sents[depth].text not in seen:
                s = sents[depth]
                seen.add(s.text)
                cid = claim_id_for(run_id, s.text)
                per_source[i].append({"claim_id": str(cid), "text": s.text, "start": s.start, "end": s.end,
                                      "numeric": any(ch.isdigit() for ch in s.text), "recent": False,
                                      "named_event": False})
                order.append(cid)
                added = True
        depth += 1
        if not added and depth > 200:
            raise AssertionError(f"only {len(order)} distinct sentences for {n_claims} claims")
    for i, text in enumerate(texts):
        sid = source_id_for(run_id, f"doc:bench/{i}")
        digest = rt.documents.put(text)
        segments.of_texts({digest: text})  # as the claim extractor keeps them (shared.segments) before its claims
        runs.record_source_fetched(run_id, sid, url=f"doc:bench/{i}", final_url=f"doc:bench/{i}",
                                   content_type="text/plain", title=f"source {i}", text_sha256=digest,
                                   chars=len(text), via="local")
    for i in range(n_sources):
        runs.record_claims(run_id, source_id_for(run_id, f"doc:bench/{i}"), per_source[i])
    assert rt.runs.get_run(run_id).status == "running"
    return run_id, order


def claim_breakdown(rt: Runtime, n_claims: int) -> dict[str, dict[str, float]]:
    """Where one claim's verification time goes, claims verified one at a time in this process: ms of wall and
    of this thread's CPU per step (mean over ``n_claims`` claims of a fresh run; the evidence pool is built
    before, as a replica builds it once per run)."""
    run_id, claim_ids = evidence_run(rt, n_claims)
    deps = Verification.of(rt, EvidencePools())
    deps.pool(rt.runs.get_run(run_id))
    steps: dict[str, list[tuple[float, float]]] = {"load (get_run)": [], "evidence search + reuse lookup": [],
                                                    "offline engine": [], "verdict write (record_verdict)": []}

    def timed(step: str, fn: Any, *args: Any, **kwargs: Any) -> Any:
        w0, c0 = time.perf_counter(), time.thread_time()
        out = fn(*args, **kwargs)
        steps[step].append((time.perf_counter() - w0, time.thread_time() - c0))
        return out

    for cid in claim_ids:
        run = timed("load (get_run)", rt.runs.get_run, run_id)
        claim = run.claim(cid)
        assert claim is not None
        texts, _ = timed("evidence search + reuse lookup", reuse, deps, run, claim)
        outcome = timed("offline engine", verify_offline, deps, run, claim)
        timed("verdict write (record_verdict)", rt.runs.record_verdict, run_id, cid,
              **outcome.claim.verdict_record(), engine=outcome.engine,
              reuse_key=verdict_key(outcome.claim, texts))
    return {step: {"wall_ms": round(statistics.fmean(w for w, _ in v) * 1000, 3),
                   "cpu_ms": round(statistics.fmean(c for _, c in v) * 1000, 3)} for step, v in steps.items()}


async def publish_verify(nats_url: str, run_id: UUID, claim_ids: list[UUID]) -> None:
    """One ``VerifyClaim`` per claim on JetStream, de-duplicated as the verifier's fan-out publishes them, and as
    it does, many in flight at once (``shared.bus.publish_commands``): the publisher is never what limits the
    replicas' throughput."""
    nc = await nats.connect(nats_url)
    gate = asyncio.Semaphore(FAN_OUT_IN_FLIGHT)

    async def one(cid: UUID) -> None:
        cmd = VerifyClaim(run_id=run_id, claim_id=cid)
        async with gate:
            await js.publish(VerifyClaim.SUBJECT, cmd.model_dump_json().encode(),
                             headers={"Nats-Msg-Id": f"{VerifyClaim.SUBJECT}:{cid}"})

    try:
        js = nc.jetstream()
        await asyncio.gather(*(one(cid) for cid in claim_ids))
    finally:
        await nc.close()


async def wait_for_event(rt: Runtime, run_id: UUID, name: str, timeout_s: float) -> Any:
    """Poll the store until run ``run_id`` has an event of type ``name``; returns it. A poll reads the event table's
    topics only (one indexed query, nothing decoded), so that this process takes little of the CPUs the measured
    processes share with it."""
    from psycopg import sql

    recorder: Any = rt.runs.recorder
    query = sql.SQL("SELECT originator_version FROM {}.{} WHERE originator_id = %s AND topic LIKE %s "
                    "ORDER BY originator_version LIMIT 1").format(
        sql.Identifier(recorder.datastore.schema), sql.Identifier(recorder.events_table_name))

    def find() -> Any:
        with rt.pool.connection() as conn:
            row = conn.execute(query, (run_id, f"%.{name}")).fetchone()
        return None if row is None else rt.runs.events_after(run_id, int(row[0]) - 1, limit=1)[0]

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = await asyncio.to_thread(find)
        if found is not None:
            assert type(found).__name__ == name
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {name} for run {run_id} after {timeout_s:.0f} s")


async def wait_for_pulls(nats_url: str, stream: str, durable: str, want: int, timeout_s: float = 60) -> None:
    """Until ``want`` pull requests wait on consumer ``durable`` (every replica is pulling)."""
    from nats.js.errors import NotFoundError

    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                if ((await js.consumer_info(stream, durable)).num_waiting or 0) >= want:
                    return
            except NotFoundError:
                pass
            await asyncio.sleep(0.05)
        raise AssertionError(f"{durable}: fewer than {want} waiting pulls after {timeout_s:.0f} s")
    finally:
        await nc.close()


@dataclass
class Measured:
    processes: int
    units: int
    seconds: float
    cpu_s: float
    load: str
    detail: dict[str, Any] = field(default_factory=dict)  # per-round diagnostics, printed below the table

    @property
    def per_s(self) -> float:
        return self.units / self.seconds

    def ceiling(self) -> float:
        """Units per second the machine's CPUs allow with every party's CPU per unit (the replicas' and the
        others' together): reached only with every CPU busy."""
        others = self.detail.get("others_cpu_s", {})
        total = (self.cpu_s + sum(others.values())) / self.units
        return (os.cpu_count() or 1) / total if total else float("inf")

    def cpu_lines(self, unit: str) -> list[str]:
        """The CPU each party used per unit, and the throughput the machine's CPUs allow with every party's share
        (:meth:`ceiling`)."""
        others = self.detail.get("others_cpu_s", {})
        per = {"replicas": self.cpu_s / self.units, **{k: v / self.units for k, v in others.items()}}
        total = sum(per.values())
        ceiling = self.ceiling()
        parts = ", ".join(f"{k} {1000 * v:.2f}" for k, v in per.items())
        return [f"{self.processes:>5} procs: CPU ms per {unit}: {parts}; total {1000 * total:.2f} -> at most "
                f"{ceiling:.0f} {unit}s/s on {os.cpu_count()} CPUs (measured {self.per_s:.1f}: "
                f"{self.per_s / ceiling:.0%} of it)"]


async def start_children(service: str, settings: ServiceSettings, n: int, logs: Path, durable: str,
                         stream: str, env: dict[str, str] | None = None) -> list[ServiceProcess]:
    children = [ServiceProcess(service, settings, logs / f"{service}-{n}-{i}-{uuid4().hex[:6]}.log",
                               extra_env={**CHILD_ENV, **(env or {})}) for i in range(n)]
    try:
        for child in children:
            await child.wait_ready(timeout_s=120)
        await wait_for_pulls(str(settings.common.nats_url), stream, durable, want=n)
    except BaseException:
        for child in children:
            child.kill()
        raise
    return children


async def verifier_round(rt: Runtime, settings: ServiceSettings, n_proc: int, n_claims: int, logs: Path,
                         env: dict[str, str] | None = None) -> Measured:
    run_id, claim_ids = await asyncio.to_thread(evidence_run, rt, n_claims)
    # each child serves its metrics (any free port): the messages it handled are counted there
    children = await start_children("verifier", settings, n_proc, logs, "verifier--assay-cmd-verify-v1",
                                     settings.common.command_stream, {"ASSAY_METRICS_PORT": "0", **(env or {})})
    parties = OtherParties(settings)
    try:
        cpu0 = sum(cpu_seconds(c.pid) for c in children)
        others0 = parties.cpu()
        t0 = time.time()
        await publish_verify(str(settings.common.nats_url), run_id, claim_ids)
        done = await wait_for_event(rt, run_id, "ClaimsVerified", timeout_s=900)
        seconds = done.occurred_at.timestamp() - t0
        cpu = sum(cpu_seconds(c.pid) for c in children) - cpu0
        others = cpu_since(others0, parties.cpu())
        cpu_each = [round(cpu_seconds(c.pid), 2) for c in children]
        handled = sorted([await asyncio.to_thread(handled_messages, c, VerifyClaim.SUBJECT) for c in children],
                         reverse=True)
    finally:
        for child in children:
            child.kill()
    names = [type(e).__name__ for e in rt.runs.timeline(run_id)]
    assert names.count("ClaimVerified") == n_claims and names.count("ClaimsVerified") == 1, names[-5:]
    assert sum(handled) >= n_claims, handled
    return Measured(n_proc, n_claims, seconds, cpu, load_text(),
                    {"claims_per_process": handled, "cpu_s_per_process": cpu_each, "others_cpu_s": others})


def handled_messages(child: ServiceProcess, subject: str) -> int:
    """The messages on ``subject`` a child's handlers finished (``assay_messages_handled_total`` on the metrics
    endpoint it logged at start: ``ASSAY_METRICS_PORT=0``)."""
    import re
    import urllib.request

    found = re.search(r"metrics: (http://\S+/metrics)", child.log(tail=1_000_000))
    assert found, f"no metrics endpoint in the log of child {child.pid}"
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # (loopback: never through a proxy)
    with direct.open(found.group(1), timeout=10) as reply:
        text = reply.read().decode()
    return int(sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
                   if line.startswith("assay_messages_handled_total{") and f'subject="{subject}"' in line))


def ratio_lines(title: str, unit: str, measured: list[Measured], target: float, *, cpu_bound: bool = False) -> list[str]:
    lines = [title, f"{'procs':>5} {unit + '/s':>10} {'seconds':>8} {'CPU s/unit':>10} {'load avg':>14}"]
    for m in measured:
        lines.append(f"{m.processes:>5} {m.per_s:>10.2f} {m.seconds:>8.2f} {m.cpu_s / m.units:>10.4f} {m.load:>14}")
    one = statistics.fmean(m.per_s for m in measured if m.processes == 1)
    two = statistics.fmean(m.per_s for m in measured if m.processes == 2)
    lines.append(f"2 vs 1 processes: {two / one:.2f}x {unit}/s (target >= {target}x)")
    if cpu_bound:
        # the most 2 vs 1 can be on these CPUs when one process keeps one CPU busy (its rate then is 1 / its CPU per
        # unit) while the other parties (PostgreSQL, NATS, this process) use the second: two replicas share both
        # CPUs with them, so the ratio cannot pass the two-process ceiling (every party's CPU per unit) over that
        ceiling = statistics.fmean(m.ceiling() for m in measured if m.processes == 2)
        alone = statistics.fmean(m.units / m.cpu_s for m in measured if m.processes == 1)
        lines.append(f"the CPUs allow 2 vs 1 at most {ceiling / alone:.2f}x (the two-process ceiling below, "
                     f"{ceiling:.0f}/s, over one process keeping one CPU busy, {alone:.0f}/s)")
    return lines


async def test_bench_verifier_replicas(bench_runtime: Runtime, bench_settings: ServiceSettings, tmp_path: Path,
                                       bench_options: BenchOptions) -> None:
    rt = bench_runtime
    settings = bench_settings
    n = bench_options.claims
    breakdown = await asyncio.to_thread(claim_breakdown, rt, min(n, 60))
    breakdown_load = load_text()
    measured: list[Measured] = []
    for _ in range(bench_options.rounds):
        for procs in (1, 2):
            measured.append(await verifier_round(rt, settings, procs, n, tmp_path))
    total_wall = sum(v["wall_ms"] for v in breakdown.values())
    total_cpu = sum(v["cpu_ms"] for v in breakdown.values())
    lines = ["", "=" * 100, f"Verifier replicas: one run of {n} claims per measurement, `assay serve verifier` "
             f"children; {os.cpu_count()} CPUs",
             f"Where one claim's time goes (verified one at a time in the test process, offline engine; load avg "
             f"{breakdown_load}):"]
    for step, v in breakdown.items():
        lines.append(f"  {step:<32} wall {v['wall_ms']:>8.2f} ms   CPU {v['cpu_ms']:>8.2f} ms")
    lines.append(f"  {'total':<32} wall {total_wall:>8.2f} ms   CPU {total_cpu:>8.2f} ms   "
                 f"(CPU share {total_cpu / total_wall:.0%}: the rest is waiting, on PostgreSQL and, "
                 "under load, for a CPU)")
    lines += ratio_lines("claims/s (first VerifyClaim published -> ClaimsVerified stored)", "claims", measured, 1.7,
                         cpu_bound=True)
    for m in measured:
        lines.append(f"{m.processes:>5} procs: claims handled by each process {m.detail['claims_per_process']}, "
                     f"CPU s of each process since its start {m.detail['cpu_s_per_process']}")
    lines.append("CPU of every party while measuring (replicas; PostgreSQL server and backends; NATS server; this "
                 "process: the publisher and the poller), all on the same machine:")
    for m in measured:
        lines += m.cpu_lines("claim")
    lines.append("=" * 100)
    print("\n".join(lines))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    out = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    out["verifier"] = {"claims": n, "breakdown_ms": breakdown, "breakdown_load": breakdown_load,
                       "measured": [{**m.__dict__, "per_s": m.per_s} for m in measured]}
    RESULTS.write_text(json.dumps(out, indent=2), encoding="utf-8")


async def test_bench_verifier_concurrency(bench_runtime: Runtime, bench_settings: ServiceSettings, tmp_path: Path,
                                          bench_options: BenchOptions) -> None:
    """One verifier process at each (unit_workers, worker_threads) of ``--bench-concurrency``: the measurement
    behind the defaults of ``ASSAY_UNIT_WORKERS`` and ``ASSAY_WORKER_THREADS`` (shared/settings.py)."""
    rows = []
    for _ in range(bench_options.rounds):
        for units, threads in bench_options.concurrency:
            env = {"ASSAY_UNIT_WORKERS": str(units), "ASSAY_WORKER_THREADS": str(threads)}
            m = await verifier_round(bench_runtime, bench_settings, 1, bench_options.claims, tmp_path, env)
            rows.append((units, threads, m))
    lines = ["", "=" * 100, f"Verifier concurrency: one `assay serve verifier` process, a run of {bench_options.claims} "
             f"claims per line; {os.cpu_count()} CPUs",
             f"{'unit_workers':>12} {'worker_threads':>14} {'claims/s':>9} {'seconds':>8} {'CPU s/claim':>11} "
             f"{'load avg':>14}"]
    for units, threads, m in rows:
        lines.append(f"{units:>12} {threads:>14} {m.per_s:>9.2f} {m.seconds:>8.2f} {m.cpu_s / m.units:>11.4f} "
                     f"{m.load:>14}")
    lines.append("=" * 100)
    print("\n".join(lines))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    out = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    out["verifier_concurrency"] = [{"unit_workers": u, "worker_threads": t, **m.__dict__, "per_s": m.per_s}
                                   for u, t, m in rows]
    RESULTS.write_text(json.dumps(out, indent=2), encoding="utf-8")


# ---- scraper replicas ----------------------------------------------------------------------------------------
class PageLog:
    """What the loopback server saw of the pages: per request, the wall-clock time it arrived (epoch seconds) and
    the fetching process (the pid in the scraper's User-Agent, ``AssayBot/0.1 (worker PID)``)."""

    def __init__(self) -> None:
        self.arrivals: list[tuple[float, str]] = []
        self._lock = threading.Lock()

    def note(self, seen: Any) -> None:
        agent = str(seen.headers.get("user-agent", ""))
        worker = agent.rsplit("worker", 1)[-1].strip(" ()") if "worker" in agent else agent
        with self._lock:
            self.arrivals.append((time.time(), worker))

    def per_process(self) -> list[int]:
        """Pages requested by each process, most first."""
        counts: dict[str, int] = {}
        for _, worker in self.arrivals:
            counts[worker] = counts.get(worker, 0) + 1
        return sorted(counts.values(), reverse=True)


def slow_pages(n: int, delay_s: float, tag: str, log: PageLog | None = None) -> dict[str, Any]:
    """``n`` article pages (two sample paragraphs each: long enough that none is rendered in a browser), each
    answered after ``delay_s`` seconds; paths carry ``tag`` so that every measurement fetches new URLs; every
    request noted in ``log`` when given."""
    from tests.loopback import Route

    def noted(reply: Any) -> Any:
        def answer(seen: Any) -> Any:
            if log is not None:
                log.note(seen)
            return reply
        return answer

    paragraphs = json.loads(PARAGRAPHS.read_text(encoding="utf-8"))
    routes: dict[str, Any] = {}
    for i in range(n):
        first, second = paragraphs[(2 * i) % len(paragraphs)], paragraphs[(2 * i + 1) % len(paragraphs)]
        body = (f"<html><head><title>{html.escape(first['title'])} {i}</title></head><body><article>"
                f"<h1>{html.escape(first['title'])} {i}</h1><p>{html.escape(first['text'])}</p>"
                f"<p>{html.escape(second['text'])}</p></article></body></html>")
        routes[f"/{tag}/page-{i:03d}.html"] = noted(Route(200, body.encode("utf-8"),
                                                          {"Content-Type": "text/html; charset=utf-8"},
                                                          delay_s=delay_s))
    return routes


async def wait_for_fetches(rt: Runtime, run_id: UUID, pages: int, timeout_s: float) -> list[Any]:
    """Poll the store until run ``run_id`` has a ``SourceFetched`` or ``SourceFailed`` for ``pages`` sources;
    returns its events so far."""
    deadline = time.monotonic() + timeout_s
    events: list[Any] = []
    while time.monotonic() < deadline:
        events += await asyncio.to_thread(rt.runs.events_after, run_id, events[-1].seq if events else 0)
        if sum(1 for e in events if type(e).__name__ in ("SourceFetched", "SourceFailed")) >= pages:
            return events
        await asyncio.sleep(0.05)
    raise AssertionError(f"run {run_id}: not every page fetched after {timeout_s:.0f} s")


async def scraper_round(rt: Runtime, settings: ServiceSettings, n_proc: int, opts: BenchOptions,
                        logs: Path) -> Measured:
    from services.cli.research import submit
    from services.cli.stack import Stack
    from tests.loopback import serve

    tag = uuid4().hex[:8]
    pages = PageLog()
    with serve(slow_pages(opts.pages, opts.page_delay_s, tag, pages)) as web:
        # only the stages before the scraper run in this process (and the relay): the claim extractor and the
        # stages after it would compete with the scrapers for the two CPUs, more with two scrapers than with one;
        # the run is cancelled once every page is in
        async with Stack(rt, ["planner", "gatherer"], relay=True):
            # every process fetches ``fetch_in_flight`` pages at once and holds no more: its consumer's in-flight
            # limit and its per-host concurrency (all pages are on one host) are both that, in every run, so the
            # per-process limit is what bounds throughput and the bus hands the pages out evenly
            in_flight = str(opts.fetch_in_flight)
            children = await start_children("scraper", settings, n_proc, logs, "scraper--assay-cmd-fetch-v1",
                                             settings.common.command_stream,
                                             {"ASSAY_UNIT_WORKERS": in_flight,
                                              "ASSAY_SCRAPER_PER_HOST_CONCURRENCY": in_flight})
            run_id = uuid4()
            parties = OtherParties(settings)
            try:
                cpu0 = sum(cpu_seconds(c.pid) for c in children)
                others0 = parties.cpu()
                urls = tuple(web.url(p) for p in sorted(web.server.routes))
                await submit(rt, RunRequested(run_id=run_id, question="Who were these people and places?",
                                              scope="local", max_sources=opts.pages, urls=urls))
                events = await wait_for_fetches(rt, run_id, opts.pages, timeout_s=900)
                cpu = sum(cpu_seconds(c.pid) for c in children) - cpu0
                others = cpu_since(others0, parties.cpu())
            finally:
                for child in children:
                    child.kill()
                await asyncio.to_thread(rt.runs.cancel_run, run_id, "replica benchmark: every page is in")
    fetched = [e for e in events if type(e).__name__ == "SourceFetched"]
    assert len(fetched) == opts.pages, [(type(e).__name__, getattr(e, "reason", "")) for e in events
                                        if type(e).__name__ == "SourceFailed"][:5]
    assert len(pages.arrivals) == opts.pages, f"{len(pages.arrivals)} page requests for {opts.pages} pages"
    selected = next(e for e in events if type(e).__name__ == "SourcesSelected")
    last = max(e.occurred_at for e in fetched).timestamp()
    first_request = min(t for t, _ in pages.arrivals)
    waves = -(-opts.pages // (n_proc * opts.fetch_in_flight))
    detail = {"end_to_end_s": round(last - selected.occurred_at.timestamp(), 3),
              "to_first_request_s": round(first_request - selected.occurred_at.timestamp(), 3),
              "ideal_s": round(waves * opts.page_delay_s, 3), "pages_per_process": pages.per_process(),
              "others_cpu_s": others}
    return Measured(n_proc, opts.pages, last - first_request, cpu, load_text(), detail)


async def test_bench_scraper_replicas(bench_runtime: Runtime, bench_settings: ServiceSettings, tmp_path: Path,
                                      bench_options: BenchOptions) -> None:
    settings = bench_settings
    measured: list[Measured] = []
    for _ in range(bench_options.rounds):
        for procs in (1, 2):
            measured.append(await scraper_round(bench_runtime, settings, procs, bench_options, tmp_path))
    lines = ["", "=" * 100, f"Scraper replicas: {bench_options.pages} loopback pages (one host) answering after "
             f"{bench_options.page_delay_s} s each, one run per measurement, `assay serve scraper` children started "
             f"and warmed up before, each fetching {bench_options.fetch_in_flight} pages at once (its in-flight "
             f"limit and per-host concurrency); {os.cpu_count()} CPUs",
             *ratio_lines("pages/s (first page request at the server -> last SourceFetched stored)", "pages",
                          measured, 1.8),
             "seconds: fetching (as above; ideal = waves of processes x in-flight pages x the page delay); "
             "SourcesSelected -> first page request (relay, fan-out, dispatch: one hop, not throughput); end to end "
             "(SourcesSelected -> last SourceFetched); pages fetched by each process"]
    for m in measured:
        d = m.detail
        lines.append(f"{m.processes:>5} procs: fetching {m.seconds:.2f} (ideal {d['ideal_s']:.2f}); to first "
                     f"request {d['to_first_request_s']:.2f}; end to end {d['end_to_end_s']:.2f} "
                     f"({m.units / d['end_to_end_s']:.2f} pages/s); pages per process {d['pages_per_process']}")
    lines.append("CPU of every party while measuring (replicas; PostgreSQL; NATS; this process: planner, gatherer, relay, "
                 "the loopback server and the poller), all on the same machine:")
    for m in measured:
        lines += m.cpu_lines("page")
    lines.append("=" * 100)
    print("\n".join(lines))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    out = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    out["scraper"] = {"pages": bench_options.pages, "delay_s": bench_options.page_delay_s,
                      "measured": [{**m.__dict__, "per_s": m.per_s} for m in measured]}
    RESULTS.write_text(json.dumps(out, indent=2), encoding="utf-8")
