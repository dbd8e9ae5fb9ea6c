"""Re-score stored eval runs with the current synthesizer, gate and judge (a tuning aid, not a test).

``assay eval hotpotqa --json F --data-dir D`` leaves every run in D's event store. ``dump`` reads, for each
question of F, what the synthesizer wrote the report from (``services.synthesizer.handlers.report_inputs``: the
sources that yielded claims, the verified claims, the language, the "What is missing" items) and the written
report, into one JSON cache. ``score`` re-writes each report from that cache with the current offline synthesizer,
gates it (``finish_report``'s gate) and judges it (``assess``'s judge), and prints the figures that depend on
them: answer in the report / first 800 characters / lead, calibration AUROC, unanswered reports judged above 60
and their tiers. It is what the whole pipeline gives after verification, minutes faster than a new eval; a change
to stages before the synthesizer needs a new eval.

Usage:
  python -m tests.tools.report_cache dump --data-dir D --json F.json --out CACHE.json
  python -m tests.tools.report_cache score CACHE.json [CACHE2.json ...] [--stored] [--show N] [--out FEAT.json]

``--out`` of ``score`` writes rows like ``assay eval --json``'s details (id, in_report, in_lead, signals,
judge_total, and ``unanswerable``: the run was of ``--unanswerable``'s distractors-only corpus), so ``tests.tools.fit_calibration --from-eval`` can fit on re-scored reports. Never point it at a
held-out split's runs.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any
from uuid import UUID

from services.eval import metrics as m
from services.eval.hotpotqa import FIRST_CHARS, UNANSWERED_JUDGE_MAX
from services.judge.offline import judge
from services.synthesizer.confidence import report_gate
from services.synthesizer.handlers import note_unanswered
from services.synthesizer.offline import synthesize
from shared.evidence import Citation, Claim, Report, SourceInfo


def dump(data_dir: Path, eval_json: Path, out: Path) -> int:
    """Write the cache of the runs of ``eval_json`` found in ``data_dir``'s store. Returns the number of runs."""
    from services.cli.main import _open, _settings
    from services.synthesizer.handlers import report_inputs

    written = json.loads(eval_json.read_text(encoding="utf-8"))
    details = written["details"]
    unanswerable = (written.get("config") or {}).get("unanswerable") == "true"
    rt = _open(_settings(data_dir))
    rows: list[dict[str, Any]] = []
    try:
        for d in details:
            run = rt.runs.get_run(UUID(d["run_id"]))
            sources, claims, language, missing = report_inputs(run)
            markdown = rt.documents.get(run.report.report_sha256) if run.report is not None else ""
            rows.append({"id": d["id"], "question": d["question"], "answer": d["answer"], "unanswerable": unanswerable,
                         "stored": {k: d.get(k) for k in ("in_report", "in_first_800", "in_lead", "confidence",
                                                          "judge_total", "tier")},
                         "language": language, "missing": missing,
                         "sources": {sid: s.model_dump() for sid, s in sources.items()},
                         "claims": [c.model_dump() for c in claims],
                         "markdown": markdown,
                         "citations": [c.model_dump() for c in run.report.citations] if run.report else [],
                         "used_claim_ids": [str(c) for c in run.report.used_claim_ids] if run.report else [],
                         "max_sources": 10})
    finally:
        rt.close()
    out.write_text(json.dumps(rows), encoding="utf-8")
    return len(rows)


def rescore(row: dict[str, Any], *, stored: bool = False, max_claims: int = 12) -> dict[str, Any]:
    """One cached run re-written (or, ``stored``, as it was written), gated and judged. Returns a dict with
    in_report / in_first_800 / in_lead, confidence, tier, judge_total, signals, markdown."""
    sources = {sid: SourceInfo.model_validate(s) for sid, s in row["sources"].items()}
    claims = [Claim.model_validate(c) for c in row["claims"]]
    question = row["question"]
    if stored:
        report = Report(markdown=row["markdown"], citations=[Citation.model_validate(c) for c in row["citations"]],
                        used_claim_ids=row["used_claim_ids"])
    else:
        report = synthesize(question, claims, sources, language=row["language"], missing=row["missing"],
                            max_claims=max_claims, no_sources=not sources)
    gate = report_gate(question, report, sources, claims)
    report = note_unanswered(report, question, gate, row["language"])
    signals = {k: round(float(v), 6) for k, v in gate.signals.items()}
    markdown = report.markdown
    by_id = {c.claim_id: c for c in claims}
    used = set(report.used_claim_ids)
    p = signals.get("answered", signals.get("p_answered"))
    j = judge(markdown, question=question, claims_total=len(used),
              claims_supported=sum(1 for c in used if c in by_id and by_id[c].verdict == "supported"),
              citations=list(report.citations), sub_queries=[],
              answered_probability=None if p is None else float(p),
              names_missing=bool(signals.get("names_missing")),
              relation_missing=bool(signals.get("relation_missing")))
    body = m.report_body(markdown)
    answer = row["answer"]
    return {"id": row["id"], "question": question, "answer": answer, "unanswerable": bool(row.get("unanswerable")),
            "in_report": m.contains_answer(markdown, answer),
            "in_first_800": m.contains_answer(body[:FIRST_CHARS], answer),
            "in_lead": m.contains_answer(m.lead_section(markdown), answer),
            "confidence": gate.score, "tier": gate.tier, "judge_total": j.total, "signals": signals,
            "lead": m.lead_section(markdown)[:500], "markdown": markdown, "rationale": j.rationale}


def summary(name: str, rows: list[dict[str, Any]]) -> str:
    """One line of figures for ``rows``."""
    n = len(rows)
    un = [r for r in rows if not r["in_report"]]
    auc = m.auroc([r["confidence"] for r in rows], [r["in_report"] for r in rows])
    above = sum(1 for r in un if (r["judge_total"] or 0) > UNANSWERED_JUDGE_MAX)
    low = sum(1 for r in un if r["tier"] == "low")
    ans = [r for r in rows if r["in_report"]]
    ans_above = sum(1 for r in ans if (r["judge_total"] or 0) > UNANSWERED_JUDGE_MAX)

    def share(k: str) -> float:
        return sum(1 for r in rows if r[k]) / n if n else 0.0

    return (f"{name}: n={n} report {share('in_report'):.2f} first800 {share('in_first_800'):.2f} "
            f"lead {share('in_lead'):.2f} AUROC {auc if auc is None else round(auc, 3)} "
            f"unanswered>60 {above}/{len(un)} unanswered low {low}/{len(un)} answered>60 {ans_above}/{len(ans)}")


def main() -> None:
    """CLI entry point (see the module docstring)."""
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--data-dir", type=Path, required=True)
    d.add_argument("--json", type=Path, required=True)
    d.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("score")
    s.add_argument("caches", type=Path, nargs="+")
    s.add_argument("--stored", action="store_true", help="gate the reports as written, not re-written")
    s.add_argument("--show", type=int, default=0, help="print this many unanswered reports judged above 60")
    s.add_argument("--out", type=Path, help="write the re-scored rows (eval --json shape) here")
    args = ap.parse_args()
    if args.cmd == "dump":
        if "ircot" in args.json.name:
            raise SystemExit("refusing the held-out IRCoT file")
        print(f"{dump(args.data_dir, args.json, args.out)} runs -> {args.out}")
        return
    everything = []
    for path in args.caches:
        rows = [rescore(r, stored=args.stored) for r in json.loads(path.read_text(encoding="utf-8"))]
        everything.append((path, rows))
        print(summary(path.name, rows))
        bad = [r for r in rows if not r["in_report"] and (r["judge_total"] or 0) > UNANSWERED_JUDGE_MAX]
        for r in bad[: args.show]:
            print(f"  - {r['question']}  [gold {r['answer']}] conf {r['confidence']:.2f} judge {r['judge_total']}\n"
                  f"    lead: {r['lead'][:300]}")
    if args.out:
        args.out.write_text(json.dumps({"details": [{k: v for k, v in r.items() if k != "markdown"}
                                                    for _p, rows in everything for r in rows]}), encoding="utf-8")


if __name__ == "__main__":
    main()
