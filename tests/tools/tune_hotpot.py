"""Tuning harness (not a test): run the offline pipeline on HotpotQA dev questions.

Usage: python -m tests.tools.tune_hotpot [N] [--data PATH] [--verbose]

For each of the first N questions, the 10 context paragraphs are the sources. Pipeline:
plan -> BM25 paragraph selection with the sub-queries (+ one refined second hop) ->
extract_claims (focus=question) -> verify each claim against BM25-retrieved sentences of
the selected paragraphs -> synthesize -> audit_citations. Prints answer recall
(normalised gold answer in the report), supporting-paragraph citation recall, citation
validity and mean seconds per question. Do not tune on the held-out IRCoT file.
"""

from __future__ import annotations

import argparse
import json
import re
import string
import time
from pathlib import Path
from typing import Any

from services.claim_extractor.offline import extract_claims
from shared.evidence import EvidenceCandidate
from services.verifier.offline import verify
from services.judge.offline import audit_citations
from services.planner.offline import plan
from services.gatherer.queries import refine_query
from shared.text.bm25 import BM25Index
from shared.evidence import SourceInfo, VerifiedClaim
from services.synthesizer.offline import synthesize
from shared.text.tokens import split_sentences

DEFAULT_DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hotpotqa" / "hotpotqa_dev200_original_format.json"

PARAS_PER_QUERY = 10
MAX_SELECTED = 10
EVIDENCE_K = 5
SUBSET_FRACTION = 0.6
MAX_REPORT_CLAIMS = 12


def normalize_answer(s: str) -> str:
    """SQuAD-style normalisation: lower, drop punctuation and articles, squash spaces."""
    s = s.lower()
    s = "".join(ch for ch in s if ch not in set(string.punctuation) | {"“", "”", "’", "‘", "—", "–"})
    s = re.sub(r"\b(a|an|the)\b", " ", s)
    return " ".join(s.split())


def select_paragraphs(question: str, texts: list[str], titles: list[str]) -> tuple[list[int], list[str]]:
    """Rank paragraphs by fused BM25 over the sub-queries plus one refined hop."""
    p = plan(question, depth="standard")
    index = BM25Index([f"{t}. {x}" for t, x in zip(titles, texts)])
    fused: dict[int, float] = {}
    for qi, q in enumerate(p.sub_queries):
        weight = 1.0 if qi == 0 else 0.7
        for rank, (i, _s) in enumerate(index.search(q, PARAS_PER_QUERY)):
            fused[i] = fused.get(i, 0.0) + weight / (rank + 1)
    first = sorted(fused, key=lambda i: (-fused[i], i))
    if p.sub_queries:
        refined = refine_query(question, p.sub_queries[0], [texts[i] for i in first[:2]])
        if refined:
            for rank, (i, _s) in enumerate(index.search(refined, PARAS_PER_QUERY)):
                fused[i] = fused.get(i, 0.0) + 0.8 / (rank + 1)
    ranked = sorted(fused, key=lambda i: (-fused[i], i))
    return ranked[:MAX_SELECTED], p.sub_queries


def run_item(item: dict[str, Any]) -> dict[str, Any]:
    """Run the pipeline on one HotpotQA item and return metrics and the report."""
    question: str = item["question"]
    titles = [c[0] for c in item["context"]]
    texts = ["".join(c[1]) for c in item["context"]]
    sids = [f"p{i}" for i in range(len(texts))]
    source_texts = dict(zip(sids, texts))
    sources = {
        sid: SourceInfo(source_id=sid, title=t, url_or_path=f"hotpot://{t}", domain=t)
        for sid, t in zip(sids, titles)
    }
    selected, sub_queries = select_paragraphs(question, texts, titles)

    sentences: list[EvidenceCandidate] = []
    for i in selected:
        for s in split_sentences(texts[i]):
            sentences.append(
                EvidenceCandidate(source_id=sids[i], domain=titles[i], start=s.start, end=s.end, text=s.text, retrieval_score=0.0)
            )
    sent_index = BM25Index([s.text for s in sentences])

    verified: list[VerifiedClaim] = []
    for i in selected:
        for k, c in enumerate(extract_claims(texts[i], title=titles[i], focus=question)):
            hits = sent_index.search(c.text, EVIDENCE_K)
            cands = [sentences[j].model_copy(update={"retrieval_score": sc}) for j, sc in hits]
            cid = f"{sids[i]}-c{k}"
            v = verify(c.text, cands, subset_fraction=SUBSET_FRACTION, seed_key=f"{item['_id']}:{cid}")
            verified.append(
                VerifiedClaim(claim_id=cid, source_id=sids[i], text=c.text, verdict=v.verdict, stability=v.stability, spans=v.spans)
            )
    report = synthesize(question, verified, sources, max_claims=MAX_REPORT_CLAIMS)
    audit = audit_citations(report.markdown, report.citations, source_texts)

    gold_titles = {t for t, _ in item["supporting_facts"]}
    cited_titles = {sources[c.source_id].title for c in report.citations}
    ans = normalize_answer(item["answer"])
    found = bool(ans) and f" {ans} " in f" {normalize_answer(report.markdown)} "
    return {
        "answer_found": found,
        "sp_recall": len(gold_titles & cited_titles) / len(gold_titles) if gold_titles else 0.0,
        "selected_recall": len(gold_titles & {titles[i] for i in selected}) / len(gold_titles),
        "ans_in_selected": bool(ans) and any(f" {ans} " in f" {normalize_answer(texts[i])} " for i in selected),
        "ans_in_supported": bool(ans) and any(f" {ans} " in f" {normalize_answer(v.text)} " for v in verified if v.verdict == "supported"),
        "valid": audit.valid,
        "total": audit.total,
        "orphans": len(audit.orphan_markers),
        "n_supported": sum(1 for v in verified if v.verdict == "supported"),
        "n_claims": len(verified),
        "report": report.markdown,
    }


def main() -> None:
    """CLI entry point; prints the aggregate figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=100)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--select", type=int, default=MAX_SELECTED, help="paragraphs kept after BM25 fusion")
    ap.add_argument("--per-query", type=int, default=PARAS_PER_QUERY, help="paragraphs retrieved per sub-query")
    args = ap.parse_args()
    if "ircot" in args.data.name:
        raise SystemExit("refusing to tune on the held-out IRCoT file")
    globals().update(MAX_SELECTED=args.select, PARAS_PER_QUERY=args.per_query)
    data = json.loads(args.data.read_text(encoding="utf-8"))[: args.n]
    results = []
    t0 = time.perf_counter()
    for item in data:
        r = run_item(item)
        results.append(r)
        if args.verbose and not r["answer_found"]:
            print("MISS", item["type"], "|", item["question"], "|", item["answer"])
            print(r["report"])
    elapsed = time.perf_counter() - t0
    n = len(results) or 1
    total = sum(r["total"] for r in results)
    print(f"questions                 {len(results)}")
    print(f"answer recall             {sum(r['answer_found'] for r in results) / n:.3f}")
    print(f"supporting-para cite rec. {sum(r['sp_recall'] for r in results) / n:.3f}")
    print(f"selected-para recall      {sum(r['selected_recall'] for r in results) / n:.3f}")
    print(f"answer in selected paras  {sum(r['ans_in_selected'] for r in results) / n:.3f}")
    print(f"answer in supported claims{sum(r['ans_in_supported'] for r in results) / n:.3f}")
    print(f"citation validity         {sum(r['valid'] for r in results)}/{total}")
    print(f"orphan markers            {sum(r['orphans'] for r in results)}")
    print(f"claims supported/total    {sum(r['n_supported'] for r in results)}/{sum(r['n_claims'] for r in results)}")
    print(f"mean seconds/question     {elapsed / n:.3f}")


if __name__ == "__main__":
    main()
