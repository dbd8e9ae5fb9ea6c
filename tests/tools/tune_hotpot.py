"""Tuning harness (not a test): run the offline pipeline on HotpotQA dev questions.

Usage: python -m tests.tools.tune_hotpot [N] [--start S] [--data PATH] [--verbose]

For questions S..S+N-1, the 10 context paragraphs are the sources. Pipeline:
plan -> BM25 paragraph selection with the sub-queries (+ one refined second hop) ->
extract_claims (focus=question) -> verify each claim against BM25-retrieved sentences of
the selected paragraphs -> synthesize -> confidence gate -> judge -> audit_citations. Prints the figures of
../shared/EVAL.md (``norm``: lower-case, runs of non-word characters as one space, substring test): answer
recall, answer in the first 800 characters of the body (heading lines removed), answer in the lead, cited-source
precision, both gold cited, calibration AUROC (confidence score against answer in the report), judged totals of
unanswered reports above 60, citation validity, and seconds per question (mean, median). Do not tune on the
held-out IRCoT file.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import string
import time
from pathlib import Path
from typing import Any

from services.claim_extractor.offline import extract_claims
from services.gatherer.queries import refine_query
from services.judge.offline import audit_citations, judge
from services.planner.offline import plan
from services.synthesizer.confidence import answer_features, report_gate
from services.synthesizer.offline import synthesize
from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.bm25 import BM25Index
from shared.text.tokens import split_sentences

DEFAULT_DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hotpotqa" / "hotpotqa_dev200_original_format.json"

PARAS_PER_QUERY = 10
MAX_SELECTED = 10
EVIDENCE_K = 5
SUBSET_FRACTION = 0.6
MAX_REPORT_CLAIMS = 12


def norm(s: str) -> str:
    """EVAL.md's ``norm``: lower-case, every run of non-word characters replaced by one space, stripped."""
    return re.sub(r"\W+", " ", s.lower()).strip()


def report_body(markdown: str) -> str:
    """The report with every Markdown heading line removed, stripped (EVAL.md's body)."""
    return "\n".join(ln for ln in markdown.splitlines() if not ln.lstrip().startswith("#")).strip()


def auroc(scores: list[float], labels: list[bool]) -> float:
    """Area under the ROC curve (Mann-Whitney; ties count half). NaN when a class is empty."""
    pos = [s for s, y in zip(scores, labels) if y]
    neg = [s for s, y in zip(scores, labels) if not y]
    if not pos or not neg:
        return float("nan")
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


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


def without_gold(item: dict[str, Any]) -> dict[str, Any]:
    """The item with its supporting (gold) paragraphs removed: a question its remaining paragraphs (the
    distractors) do not answer, for the calibration's unanswered examples."""
    gold = {t for t, _ in item["supporting_facts"]}
    return {**item, "_id": f"{item['_id']}:no-gold", "context": [c for c in item["context"] if c[0] not in gold]}


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
    t0 = time.perf_counter()
    report = synthesize(question, verified, sources, max_claims=MAX_REPORT_CLAIMS)
    gate = report_gate(question, report, sources, verified)
    used = set(report.used_claim_ids)
    j = judge(report.markdown, question=question, claims_total=len(used),
              claims_supported=sum(1 for v in verified if v.claim_id in used and v.verdict == "supported"),
              citations=report.citations, sub_queries=sub_queries,
              supported_claim_ids={v.claim_id for v in verified if v.verdict == "supported"},
              answered_probability=gate.signals.get("p_answered"), names_missing=bool(gate.signals.get("names_missing")))
    synth_s = time.perf_counter() - t0
    audit = audit_citations(report.markdown, report.citations, source_texts)

    gold_titles = {t for t, _ in item["supporting_facts"]}
    cited_titles = {sources[c.source_id].title for c in report.citations}
    ans = normalize_answer(item["answer"])
    found = bool(ans) and f" {ans} " in f" {normalize_answer(report.markdown)} "
    gold = norm(item["answer"])
    in_report = bool(gold) and gold in norm(report.markdown)
    return {
        "in_report": in_report,
        "in_800": bool(gold) and gold in norm(report_body(report.markdown)[:800]),
        "in_lead": bool(gold) and gold in norm(lead_section(report.markdown)),
        "cited_precision": len(cited_titles & gold_titles) / len(cited_titles) if cited_titles else 0.0,
        "lead": lead_section(report.markdown),
        "both_gold": gold_titles <= cited_titles,
        "confidence": gate.score,
        "features": answer_features(question, report, sources, verified),
        "tier": gate.tier,
        "judge_total": j.total,
        "synth_s": synth_s,
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
        "parts": (report, sources, verified),
    }


def main() -> None:
    """CLI entry point; prints the aggregate figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=100)
    ap.add_argument("--start", type=int, default=0, help="first question (0-based)")
    ap.add_argument("--misses", choices=["report", "lead", "800"], help="print the questions missed on this figure")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--no-gold", action="store_true", help="remove each question's gold paragraphs (unanswerable)")
    ap.add_argument("--select", type=int, default=MAX_SELECTED, help="paragraphs kept after BM25 fusion")
    ap.add_argument("--per-query", type=int, default=PARAS_PER_QUERY, help="paragraphs retrieved per sub-query")
    args = ap.parse_args()
    if "ircot" in args.data.name:
        raise SystemExit("refusing to tune on the held-out IRCoT file")
    globals().update(MAX_SELECTED=args.select, PARAS_PER_QUERY=args.per_query)
    data = json.loads(args.data.read_text(encoding="utf-8"))[args.start: args.start + args.n]
    if args.no_gold:
        data = [without_gold(item) for item in data]
    results = []
    times = []
    for k, item in enumerate(data):
        t0 = time.perf_counter()
        r = run_item(item)
        times.append(time.perf_counter() - t0)
        results.append(r)
        key = {"report": "in_report", "lead": "in_lead", "800": "in_800"}.get(args.misses or "")
        if key and not r[key]:
            print("MISS", args.start + k, item["type"], "|", item["question"], "|", item["answer"],
                  f"| conf {r['confidence']:.2f} judge {r['judge_total']}")
            if args.verbose:
                print(r["report"])
    elapsed = sum(times)
    n = len(results) or 1
    total = sum(r["total"] for r in results)
    unanswered = [r for r in results if not r["in_report"]]
    print(f"questions                 {len(results)} (dev200 {args.start}-{args.start + len(results) - 1})")
    print(f"answer in report          {sum(r['in_report'] for r in results) / n:.3f}")
    print(f"answer in first 800 chars {sum(r['in_800'] for r in results) / n:.3f}")
    print(f"answer in lead            {sum(r['in_lead'] for r in results) / n:.3f}")
    print(f"cited-source precision    {sum(r['cited_precision'] for r in results) / n:.3f}")
    print(f"both gold cited           {sum(r['both_gold'] for r in results) / n:.3f}")
    print(f"calibration AUROC         {auroc([r['confidence'] for r in results], [r['in_report'] for r in results]):.3f}")
    print(f"AUROC (answer in lead)    {auroc([r['confidence'] for r in results], [r['in_lead'] for r in results]):.3f}")
    print(f"unanswered judged > 60    {sum(1 for r in unanswered if r['judge_total'] > 60)}/{len(unanswered)}")
    print(f"unanswered tier low       {sum(1 for r in unanswered if r['tier'] == 'low')}/{len(unanswered)}")
    print(f"median s/question         {statistics.median(times):.3f} (synthesis+judge "
          f"{statistics.median(r['synth_s'] for r in results):.3f})")
    print(f"answer recall (strict)    {sum(r['answer_found'] for r in results) / n:.3f}")
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
