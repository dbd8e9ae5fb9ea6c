"""``assay eval``: the whole pipeline (over the bus, through the event store) on labelled questions.

HotpotQA (distractor, dev): each question is researched over its own 10 context paragraphs, ingested as
corpus ``hotpotqa:<id>``. Figures:

- answer recall: share of reports containing the gold answer (case, punctuation and articles folded);
- supporting-fact citation recall: share of gold supporting paragraphs among the cited sources;
- citation validity: share of ``[n]`` citations whose source's stored text holds the quoted evidence span
  at the cited offsets (checked here, independently of the judge's audit);
- mean and p95 wall time per run, seconds.
"""

from __future__ import annotations

import json
import re
import statistics
import string
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import uuid4

from contracts import RunRequested
from shared.runtime import Runtime

HOTPOT_DEV = Path(__file__).resolve().parents[3] / "shared" / "data" / "hotpotqa" / "hotpotqa_dev200_original_format.json"


def normalize_answer(text: str) -> str:
    """SQuAD-style answer normalisation: lower case, no punctuation, no articles, single spaces."""
    text = text.lower()
    text = "".join(ch for ch in text if ch not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def check_citations(rt: Runtime, res: dict[str, Any]) -> tuple[int, int]:
    """(valid, total) citations of a run result: the quote must sit at [start:end] of the source's stored text
    and the report must carry the citation's ``[n]`` marker."""
    sources = {s["source_id"]: s for s in res["sources"]}
    valid = 0
    report = res["report"] or ""
    for c in res["citations"]:
        src = sources.get(str(c["source_id"]))
        text = rt.documents.get(src["text_sha256"]) if src and src.get("text_sha256") else None
        if text is not None and text[c["start"]:c["end"]] == c["quote"] and f"[{c['n']}]" in report:
            valid += 1
    return valid, len(res["citations"])


def p95(values: list[float]) -> float:
    """95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, int(round(0.95 * len(ordered) + 0.5)) - 1)] if ordered else 0.0


async def run_hotpotqa(rt: Runtime, *, limit: int, progress: Callable[[str], None],
                       path: Path = HOTPOT_DEV) -> dict[str, Any]:
    """Run the first ``limit`` HotpotQA dev questions end to end. Returns the figures (see module docstring)."""
    import asyncio

    from services.cli.stack import Stack
    from services.cli.research import follow, result, submit

    if not path.exists():
        raise FileNotFoundError(f"HotpotQA data not found at {path} (expected ../shared/data next to the repo)")
    items = json.loads(path.read_text(encoding="utf-8"))[:limit]
    answer_hits = 0
    sf_found = sf_total = 0
    cit_valid = cit_total = 0
    times: list[float] = []
    statuses: dict[str, int] = {}
    async with Stack(rt):
        for i, item in enumerate(items, start=1):
            corpus = f"hotpotqa:{item['_id']}"
            for title, sentences in item["context"]:
                await asyncio.to_thread(rt.corpus.add, corpus, path=f"hotpotqa/{item['_id']}/{title}", title=title,
                                        text="".join(sentences).strip(), content_type="text/plain")
            run_id = uuid4()
            request = RunRequested(run_id=run_id, question=item["question"], scope="local", corpus=corpus,
                                   max_sources=10)
            t0 = time.monotonic()
            await submit(rt, request)
            await follow(rt, run_id, timeout_s=180)
            times.append(time.monotonic() - t0)
            res = await asyncio.to_thread(result, rt, run_id)
            statuses[res["status"]] = statuses.get(res["status"], 0) + 1
            found = normalize_answer(item["answer"]) in normalize_answer(res["report"] or "")
            answer_hits += found
            cited_titles = {s["title"] for s in res["sources"]
                            if s["source_id"] in {str(c["source_id"]) for c in res["citations"]}}
            gold = {t for t, _ in item["supporting_facts"]}
            sf_found += len(gold & cited_titles)
            sf_total += len(gold)
            v, t = await asyncio.to_thread(check_citations, rt, res)
            cit_valid += v
            cit_total += t
            progress(f"{i:3d}/{len(items)} {'hit ' if found else 'miss'} {times[-1]:5.2f}s "
                     f"sf {len(gold & cited_titles)}/{len(gold)} cit {v}/{t}  {item['question'][:70]}")
    return {
        "dataset": "hotpotqa dev (distractor), first questions of hotpotqa_dev200_original_format.json",
        "questions": len(items),
        "answer_recall": round(answer_hits / len(items), 4),
        "supporting_fact_citation_recall": round(sf_found / sf_total, 4) if sf_total else 0.0,
        "citation_validity": round(cit_valid / cit_total, 4) if cit_total else 1.0,
        "citations": cit_total,
        "run_time_mean_s": round(statistics.fmean(times), 3),
        "run_time_p95_s": round(p95(times), 3),
        "statuses": statuses,
    }
