"""Benchmark: a model-free run's time by corpus size, cold (a new process) and warm, the single-process stack's peak
RSS, and run time by claim count (issue 10, item 7). Run with ``make bench``; sizes from the command line
(``--bench-doc-sizes``, ``--bench-claim-counts``, ``--bench-rounds``: tests/bench/conftest.py). Only sanity facts
are asserted (every run completed), never speed; figures go to ``.assay/bench/runtime.json``.

Documents: the HotpotQA dev paragraphs and SciFact abstracts of the pipeline benchmark (``load_material``), then,
past what they hold, generated documents (three paragraphs of a Zipf-like made-up vocabulary, as the corpus-index
benchmark makes them). Corpora are nested (100 in 1,000 in 10,000 ...), ingested once, each under its own name.

- **index**: after the ingest, the corpus's search index is built and saved (``index s``), as ``assay ingest`` does.
- **warm**: the in-process stack (every service and the relay); per size a first run that loads the saved index,
  then ``rounds`` + 1 runs of other questions: their p50 is the warm figure.
- every run must select sources and cite them: a run that finds nothing completes too, and faster, so a figure
  from such runs would flatter the stack.
- **cold**: then, with that stack stopped, a new Python process (``python -c``: imports, ``Runtime.open``, the whole
  stack, one run, on the index saved by the warm process): the wall time from its start to ``RunCompleted``, and
  its peak RSS (``VmHWM``, the process's own high-water mark: ``ru_maxrss`` of a forked-then-exec'd child also counts
  the parent pytest process's peak; the single-process stack, target < 400 MB at 10,000 documents). Its bytecode cache
  is warm, as an installed command's is after its first start (``child_env``; the same command, its run included, is
  started once before, so every module the run imports is cached, not only the stack's), and it builds its settings with
  ``tests.settings`` (not ``tests.conftest``, which imports pytest: an installed ``assay`` never does).
- **claims**: a run recorded up to ``ExtractionCompleted`` with N real claims (``evidence_run`` of the replica
  benchmark), the rest done by the in-process verifier, synthesizer and judge; run time = ``ExtractionCompleted``
  -> ``RunCompleted`` (store timestamps). First one unreported run of each claim count (every size measured at one
  cache state), then ``rounds`` rounds of one run of each, their order alternating; the figure is the median of
  the rounds' ratios (each round printed, with this process's CPU seconds); target 200 vs 50 claims <= 4.5x.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from contracts import Budget, ReportSynthesized, RunCompleted, RunRequested, SourcesSelected
from services.cli.research import follow, submit
from services.cli.stack import Stack
from shared.corpus_index import CorpusIndex, index_dir
from shared.runtime import Runtime
from tests.bench.conftest import BenchOptions
from tests.bench.test_bench_pipeline import Doc, corpus_docs, ingest, load_material
from tests.bench.test_bench_replicas import evidence_run, load_text, wait_for_event
from tests.conftest import REPO

pytestmark = [pytest.mark.slow, pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(3600)]

RESULTS = REPO / ".assay" / "bench" / "runtime.json"
MAX_SOURCES = 10

CHILD = """
import asyncio, json, resource, sys, time
t0 = time.perf_counter()
from pathlib import Path
from uuid import uuid4
from contracts import Budget, RunRequested
from services.cli.research import follow, submit
from services.cli.stack import Stack
from shared.launcher import Endpoints
from shared.runtime import Runtime
from tests.settings import make_settings

nats_url, database_url, data_dir, corpus, question = sys.argv[1:6]


async def main() -> dict:
    settings = make_settings(Path(data_dir), nats_url, database_url, ack_wait_s=120.0)
    rt = Runtime.open(settings, endpoints=Endpoints(nats_url=nats_url, database_url=database_url), run_migrate=False)
    try:
        async with Stack(rt):
            t1 = time.perf_counter()
            run_id = uuid4()
            await submit(rt, RunRequested(run_id=run_id, question=question, scope="local", corpus=corpus,
                                          max_sources=int(sys.argv[6]), budget=Budget(seconds=600)))
            events = await follow(rt, run_id, timeout_s=900)
            t2 = time.perf_counter()
    finally:
        rt.close()
    sources = sum(len(e.sources) for e in events if type(e).__name__ == "SourcesSelected")
    cited = sum(len(e.citations) for e in events if type(e).__name__ == "ReportSynthesized")
    return {"process_s": t2 - t0, "start_s": t1 - t0, "run_s": t2 - t1, "last": type(events[-1]).__name__,
            "sources": sources, "citations": cited,
            "peak_rss_mb": peak_rss_mb()}


def peak_rss_mb() -> float:
    # this process's own high-water mark (VmHWM): ru_maxrss of a process started by fork+exec also holds the RSS
    # of the parent it was forked from (Linux keeps the old image's peak at exec), here the benchmark's pytest process
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


print(json.dumps(asyncio.run(main())))
"""


def generated_docs(n: int, seed: int = 10) -> list[Doc]:
    """``n`` generated documents (three paragraphs of a Zipf-like made-up vocabulary each; deterministic)."""
    rng = random.Random(seed)
    syllables = ["ka", "lo", "mi", "ren", "to", "sa", "vel", "dor", "an", "qui", "bre", "ost", "ul", "fen", "ja"]
    vocab = sorted({"".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))) for _ in range(12000)})[:6000]
    # the cumulative weights once (``choices(weights=...)`` sums all 6,000 on every call; the same draws)
    cum_weights = list(itertools.accumulate(1.0 / (i + 1) for i in range(len(vocab))))
    docs = []
    for i in range(n):
        paras = [" ".join(rng.choices(vocab, cum_weights=cum_weights, k=rng.randint(40, 70))).capitalize() + "."
                 for _ in range(3)]
        docs.append(Doc(path=f"generated/doc{i:06d}", title=f"Document {i} on {vocab[i % 300]}",
                        text="\n\n".join(paras), origin="generated"))
    return docs


def nested_corpora(sizes: tuple[int, ...], questions: int) -> tuple[list[dict[str, Any]], dict[int, list[Doc]]]:
    """(HotpotQA questions, the first being the index-building one; documents per size, nested)."""
    largest = max(sizes)
    real_sizes = tuple(s for s in sizes if s <= 10_000) or (min(largest, 10_000),)
    material = load_material(questions)  # real documents for up to about 10,000
    base = corpus_docs(material, min(largest, max(real_sizes)))
    extra = generated_docs(largest - len(base)) if largest > len(base) else []
    docs = base + extra
    return material.questions, {s: docs[:s] for s in sizes}


#: the milestones of a run, in order: where a run's time goes is the time between consecutive ones
MILESTONES = ("RunStarted", "PlanCreated", "SourcesSelected", "ExtractionCompleted", "ClaimsVerified",
              "ReportSynthesized", "RunCompleted")
PHASES: dict[str, list[float]] = {}


def phases(events: list[Any]) -> dict[str, float]:
    """Seconds between consecutive milestones of a run (store timestamps), keyed "A -> B"."""
    at: dict[str, Any] = {}
    for e in events:
        at.setdefault(type(e).__name__, e.occurred_at)
    names = [m for m in MILESTONES if m in at]
    return {f"{a} -> {b}": (at[b] - at[a]).total_seconds() for a, b in zip(names, names[1:])}


def answered(events: list[Any]) -> tuple[int, int]:
    """(sources selected, citations in the report) of a run's events: a run that found nothing completes too,
    and faster, so a figure counts only runs that selected sources and cited them."""
    sources = sum(len(e.sources) for e in events if isinstance(e, SourcesSelected))
    cited = sum(len(e.citations) for e in events if isinstance(e, ReportSynthesized))
    return sources, cited


async def research(rt: Runtime, question: str, corpus: str) -> tuple[float, str]:
    """One run of ``question`` over ``corpus``: (seconds from submit to the last event, that event's type). Fails
    when the run selected no source or its report cites none."""
    run_id = uuid4()
    t0 = time.perf_counter()
    await submit(rt, RunRequested(run_id=run_id, question=question, scope="local", corpus=corpus,
                                  max_sources=MAX_SOURCES, budget=Budget(seconds=600)))
    events = await follow(rt, run_id, timeout_s=900)
    took = time.perf_counter() - t0
    sources, cited = answered(events)
    assert sources > 0 and cited > 0, f"{corpus}: {question!r} selected {sources} sources and cited {cited}"
    for key, secs in phases(events).items():
        PHASES.setdefault(f"{corpus}|{key}", []).append(secs)
    return took, type(events[-1]).__name__


def build_index(rt: Runtime, corpus: str) -> float:
    """Build and save ``corpus``'s search index, as ``assay ingest`` does after storing the files (a run's first
    search then loads it instead of building it within its time limit). Returns seconds taken."""
    t0 = time.perf_counter()
    CorpusIndex(rt.corpus, index_dir(rt.settings.common.data_dir), memory_size=1).get(corpus)
    return time.perf_counter() - t0


def child_env(data_dir: Path) -> dict[str, str]:
    """The new process's environment: this one's, with the repository first on the path and Python's bytecode
    cache on (in ``pycache`` beside ``data_dir``), as a user's installed ``assay`` has it: an environment with
    PYTHONDONTWRITEBYTECODE (as some shells and CI set) would have the child compile every module from source on
    every start, a cost no installed command pays after its first run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(REPO), "PYTHONPYCACHEPREFIX": str(data_dir.parent / "pycache")}


def cold_run(rt: Runtime, corpus: str, question: str) -> dict[str, Any]:
    settings = rt.settings.common
    env = child_env(settings.data_dir)
    args = [sys.executable, "-c", CHILD, str(settings.nats_url), str(settings.database_url), str(settings.data_dir),
            corpus, question, str(MAX_SOURCES)]
    # the command's first start after an install writes the bytecode cache; the measured start is a later one. The
    # first start is the same command, run and all: a start that only imported the stack's modules left every module
    # a process imports later (the gatherer's background imports of bm25s and datasketch with scipy, the scraper's
    # text extractor, each engine's lazy imports) to be compiled from source by the measured process (about 1.1 s of
    # CPU of a 10,000-document cold run), which an installed command, its site-packages compiled by pip, never does
    warm_up = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=1200, env=env)
    assert warm_up.returncode == 0, warm_up.stderr[-3000:]
    proc = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=1200, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


async def test_bench_run_time_by_documents(bench_runtime: Runtime, bench_options: BenchOptions) -> None:
    rt = bench_runtime
    sizes = bench_options.doc_sizes
    warm_runs = bench_options.rounds + 1
    questions, corpora = await asyncio.to_thread(nested_corpora, sizes, warm_runs + 1)
    ingest_s: dict[int, float] = {}
    index_s: dict[int, float] = {}
    for size, docs in corpora.items():
        ingest_s[size] = await asyncio.to_thread(ingest, rt, f"bench-{size}", docs)
        index_s[size] = await asyncio.to_thread(build_index, rt, f"bench-{size}")
    rows: dict[int, dict[str, Any]] = {}
    for size in sizes:
        corpus = f"bench-{size}"
        async with Stack(rt):
            first_s, first_last = await research(rt, questions[0]["question"], corpus)
            warm = [await research(rt, q["question"], corpus) for q in questions[1:warm_runs + 1]]
        cold = await asyncio.to_thread(cold_run, rt, corpus, questions[-1]["question"])
        assert first_last == "RunCompleted" and all(last == "RunCompleted" for _, last in warm)
        assert cold["last"] == "RunCompleted", cold
        assert cold["sources"] > 0 and cold["citations"] > 0, cold
        rows[size] = {"ingest_s": ingest_s[size], "index_s": index_s[size], "first_run_s": first_s,
                      "warm_p50_s": statistics.median(s for s, _ in warm), "warm_s": [s for s, _ in warm],
                      "cold_process_s": cold["process_s"], "cold_start_s": cold["start_s"],
                      "cold_run_s": cold["run_s"], "cold_peak_rss_mb": cold["peak_rss_mb"], "load": load_text()}
    targets = {10_000: (2.0, 1.0), 100_000: (None, 5.0)}
    lines = ["", "=" * 110, f"Model-free run time by corpus size (in-process stack warm; new process cold); "
             f"{os.cpu_count()} CPUs; max_sources={MAX_SOURCES}",
             f"{'docs':>7} {'ingest s':>8} {'index s':>7} {'1st run s':>9} {'warm p50 s':>10} {'cold proc s':>11} {'(start s':>8} "
             f"{'run s)':>7} {'peak RSS MB':>11} {'load avg':>14}  targets"]
    for size, r in rows.items():
        cold_t, warm_t = targets.get(size, (None, None))
        notes = []
        if cold_t is not None:
            notes.append(f"cold < {cold_t} s: {'met' if r['cold_process_s'] < cold_t else 'MISSED'}")
        if warm_t is not None:
            notes.append(f"warm < {warm_t} s: {'met' if r['warm_p50_s'] < warm_t else 'MISSED'}")
        if size == 10_000:
            notes.append(f"RSS < 400 MB: {'met' if r['cold_peak_rss_mb'] < 400 else 'MISSED'}")
        lines.append(f"{size:>7} {r['ingest_s']:>8.1f} {r['index_s']:>7.1f} {r['first_run_s']:>9.2f} {r['warm_p50_s']:>10.2f} "
                     f"{r['cold_process_s']:>11.2f} {r['cold_start_s']:>8.2f} {r['cold_run_s']:>7.2f} "
                     f"{r['cold_peak_rss_mb']:>11.0f} {r['load']:>14}  {'; '.join(notes)}")
    lines.append("Where a warm run's time goes (median seconds between milestones, store timestamps):")
    for size in sizes:
        keys = [k for k in PHASES if k.startswith(f"bench-{size}|")]
        cells = ", ".join(f"{k.split('|', 1)[1]} {statistics.median(PHASES[k][1:] or PHASES[k]):.2f}" for k in keys)
        lines.append(f"{size:>7}: {cells}")
    lines.append("(cold proc s: a new process from its start to RunCompleted = start s (imports, Runtime.open, the "
                 "stack's consumers) + run s; peak RSS: that process, the single-process stack)")
    lines.append("=" * 110)
    print("\n".join(lines))
    _write("documents", {str(k): v for k, v in rows.items()})


async def test_bench_run_time_by_claims(bench_runtime: Runtime, bench_options: BenchOptions) -> None:
    rt = bench_runtime
    counts = bench_options.claim_counts
    small, large = min(counts), max(counts)
    seconds: dict[int, list[float]] = {n: [] for n in counts}
    cpu: dict[int, list[float]] = {n: [] for n in counts}
    loads: list[str] = []
    async with Stack(rt, ["verifier", "synthesizer", "judge"]):
        # warm-up, not reported: one run of every size, so that each size is measured at one cache state (the
        # imports, consumers, regex and LRU caches a run of that size fills); a warm-up of the smallest only left
        # the largest's first round colder than the rest
        for n in counts:
            await _claims_run(rt, n)
        for r in order_rounds(counts, bench_options.rounds):
            for n in r:
                wall_s, cpu_s = await _claims_run(rt, n)
                seconds[n].append(wall_s)
                cpu[n].append(cpu_s)
                loads.append(load_text())
    ratios = [b / a for a, b in zip(seconds[small], seconds[large], strict=True)]
    cpu_ratios = [b / a for a, b in zip(cpu[small], cpu[large], strict=True)]
    ratio = statistics.median(ratios)
    lines = ["", "=" * 100, "Run time by claim count: ExtractionCompleted -> RunCompleted (verifier, synthesizer, "
             "judge in process; offline engines; one warm-up run of each size, sizes interleaved, their order "
             "alternating by round)",
             *(f"{n:>5} claims: {statistics.median(v):7.2f} s (runs {', '.join(f'{x:.2f}' for x in v)}); "
               f"CPU of this process {statistics.median(cpu[n]):.2f} s (runs {', '.join(f'{x:.2f}' for x in cpu[n])})"
               for n, v in seconds.items()),
             f"{large} vs {small} claims by round: {', '.join(f'{x:.2f}x' for x in ratios)}; "
             f"CPU {', '.join(f'{x:.2f}x' for x in cpu_ratios)}",
             f"{large} vs {small} claims: median {ratio:.2f}x, CPU {statistics.median(cpu_ratios):.2f}x "
             f"(target <= {1.125 * large / small:.2f}x: 4.5x for 200 vs 50, 1.125 times linear); "
             f"load avg {', '.join(loads)}", "=" * 100]
    print("\n".join(lines))
    _write("claims", {"seconds": {str(k): v for k, v in seconds.items()},
                      "cpu_seconds": {str(k): v for k, v in cpu.items()}, "ratios": ratios, "ratio": ratio,
                      "cpu_ratios": cpu_ratios, "cpu_ratio": statistics.median(cpu_ratios), "loads": loads})


def order_rounds(counts: tuple[int, ...], rounds: int) -> list[tuple[int, ...]]:
    """The claim counts of each measured round: every count once a round, in ascending order in even rounds and
    descending in odd ones (a drift of the machine's load or of the process's state within a round then weighs
    on the smaller and the larger run alike over two rounds)."""
    up = tuple(sorted(counts))
    return [up if r % 2 == 0 else up[::-1] for r in range(rounds)]


async def _claims_run(rt: Runtime, n: int) -> tuple[float, float]:
    """Record a run extracted with ``n`` claims and wait for it to complete: (seconds from its
    ``ExtractionCompleted`` to its ``RunCompleted``, store timestamps; CPU seconds of this process, the in-process
    verifier, synthesizer and judge, while it waited)."""
    run_id, _ = await asyncio.to_thread(evidence_run, rt, n)
    cpu0 = time.process_time()
    done = await wait_for_event(rt, run_id, "RunCompleted", timeout_s=900)
    cpu_s = time.process_time() - cpu0
    events = await asyncio.to_thread(rt.runs.timeline, run_id)
    assert isinstance(events[-1], RunCompleted)
    extracted = next(e for e in events if type(e).__name__ == "ExtractionCompleted")
    assert sum(1 for e in events if type(e).__name__ == "ClaimVerified") == n
    return float((done.occurred_at - extracted.occurred_at).total_seconds()), cpu_s


def _write(key: str, figures: dict[str, Any]) -> None:
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    out = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    out[key] = figures
    RESULTS.write_text(json.dumps(out, indent=2), encoding="utf-8")


def test_nested_corpora_hold_distinct_documents_past_the_real_ones() -> None:
    """Past the real documents (about 10,000) the corpora go on with generated ones: every corpus holds exactly its
    size of distinct texts and paths, each smaller corpus is the start of the larger, and generation is
    deterministic (the cold process and a rerun search the same corpus)."""
    sizes = (100, 1000, 15_000)
    _, corpora = nested_corpora(sizes, 3)
    for size in sizes:
        docs = corpora[size]
        assert len(docs) == size == len({d.text for d in docs}) == len({d.path for d in docs})
    assert corpora[1000][:100] == corpora[100] and corpora[15_000][:1000] == corpora[1000]
    generated = [d for d in corpora[15_000] if d.origin == "generated"]
    assert 0 < len(generated) < 15_000 and generated == generated_docs(len(generated))


def test_claim_rounds_measure_every_count_once_a_round_in_alternating_order() -> None:
    """Each round runs every claim count once; the order alternates, so neither size always runs first."""
    assert order_rounds((200, 50), 4) == [(50, 200), (200, 50), (50, 200), (200, 50)]
    assert order_rounds((50, 100, 200), 1) == [(50, 100, 200)]
