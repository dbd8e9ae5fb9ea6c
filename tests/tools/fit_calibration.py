"""Fit the confidence gate's calibration (not a test): a logistic regression of "the gold answer is in the lead".

Usage: python -m tests.tools.fit_calibration [--fit-start 0] [--fit-n 100] [--val-start 100] [--val-n 100]
[--l2 1.0] [--data PATH]

``--from-eval FIT.json ... --validate VAL.json ...`` fits on the per-question outcomes that ``assay eval hotpotqa
--json F`` wrote instead (the whole pipeline over the bus: each question's gate signals ``f_<name>`` are the
features, "answer in the report" or "in the lead" the label), e.g. the tuning slice and its unanswerable variants
(``--start 100 --limit 100`` with and without ``--unanswerable``), and validates on other slices' files.

Otherwise it runs the offline pipeline of :mod:`tests.tools.tune_hotpot` on HotpotQA dev200 questions ``fit-start`` ..
``fit-start + fit-n - 1`` (default 0-99), computes each report's
:func:`services.synthesizer.confidence.answer_features`, and fits P(answer in lead) by L2-penalised logistic
regression (Newton's method, numpy; the intercept is not penalised). Then it scores the validation questions
(default 100-199) with the fitted coefficients and prints the AUROC of the probability against "answer in the
lead" and against "answer in the report" on both ranges, a reliability table, and the coefficients as Python
constants to paste into ``services/synthesizer/confidence.py`` (CALIBRATION, CALIBRATION_INTERCEPT). It also
prints, for judge thresholds 0.3-0.7, how many validation reports would be judged above 60 without answering
and how many answered ones at or below 60. Never run it on the held-out IRCoT file.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np

from services.synthesizer.confidence import FEATURES
from tests.tools.tune_hotpot import DEFAULT_DATA, auroc, run_item, without_gold


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, iters: int = 50) -> tuple[np.ndarray, float]:
    """L2-penalised logistic regression by Newton's method. ``x``: (n, d) features; ``y``: (n,) 0/1.
    Returns (weights (d,), intercept); the intercept is not penalised."""
    n, d = x.shape
    xb = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(d + 1)
    pen = np.full(d + 1, l2)
    pen[-1] = 0.0
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-np.clip(xb @ w, -50, 50)))
        grad = xb.T @ (p - y) + pen * w
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(pen) + 1e-9 * np.eye(d + 1)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w[:-1], float(w[-1])


def collect(data: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Run the pipeline per item: features, answer in lead, answer in report, judged total."""
    out = []
    for item in data:
        r = run_item(item)
        out.append({"id": item["_id"], "features": r["features"], "in_lead": r["in_lead"],
                    "in_report": r["in_report"], "judge_total": r["judge_total"]})
    return out


def matrix(rows: list[dict[str, Any]]) -> np.ndarray:
    """The (n, len(FEATURES)) feature matrix of collected rows."""
    return np.array([[float(r["features"].get(f, 0.0)) for f in FEATURES] for r in rows])


def by_chance(row: dict[str, Any], unanswerable: bool) -> bool:
    """Whether the gold answer of an eval row is in its report by chance: a yes/no question asked over its
    distractors alone (``unanswerable``: ``assay eval hotpotqa --unanswerable``, or the row's own
    ``"unanswerable"`` flag from ``tests.tools.report_cache score --out``). With its gold paragraphs left out the
    report's "yes" or "no" matches the gold one about half the time whatever the evidence; it is no answer, and
    fitting it as one taught the calibration that yes/no leads are answered more often than they are."""
    return bool(unanswerable or row.get("unanswerable")) and float((row.get("signals") or {}).get("f_yes_no", 0.0)) > 0


def eval_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """Rows (features, in_lead, in_report, judge_total) from ``assay eval hotpotqa --json`` files: each
    question's gate signals ``f_<name>`` are its features; a yes/no question of an unanswerable run is labelled
    unanswered (:func:`by_chance`). Raises ValueError naming a file whose details carry no signals (written before
    the eval recorded them)."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        if "ircot" in path.name:
            raise SystemExit("refusing to fit on the held-out IRCoT file")
        written = json.loads(path.read_text(encoding="utf-8"))
        unanswerable = (written.get("config") or {}).get("unanswerable") == "true"
        for d in written["details"]:
            signals = d.get("signals") or {}
            if not signals:
                raise ValueError(f"{path}: question {d.get('id')} has no gate signals (re-run assay eval --json)")
            chance = by_chance(d, unanswerable)
            rows.append({"id": d["id"], "in_lead": bool(d["in_lead"]) and not chance,
                         "in_report": bool(d["in_report"]) and not chance,
                         "judge_total": d.get("judge_total"),
                         "features": {"retrieval": float(signals.get("retrieval", 0.0)),  # before f_retrieval
                                      **{k.removeprefix("f_"): float(v) for k, v in signals.items()
                                         if k.startswith("f_")}}})
    return rows


def main() -> None:
    """CLI entry point: fit, validate, print."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--fit-start", type=int, default=0)
    ap.add_argument("--fit-n", type=int, default=100)
    ap.add_argument("--val-start", type=int, default=100)
    ap.add_argument("--val-n", type=int, default=100)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--dump", type=Path, help="write the collected rows (features, labels) to this JSON file")
    ap.add_argument("--no-gold", action="store_true",
                    help="add each question once more without its gold paragraphs (an unanswerable question)")
    ap.add_argument("--label", choices=["in_lead", "in_report"], default="in_lead", help="what is fitted")
    ap.add_argument("--from-eval", type=Path, nargs="+", help="fit on these assay eval --json files")
    ap.add_argument("--validate", type=Path, nargs="*", default=[], help="validate on these assay eval --json files")
    args = ap.parse_args()
    if args.from_eval:
        report(eval_rows(args.from_eval), eval_rows(args.validate) if args.validate else [], args.label, args.l2)
        return
    if "ircot" in args.data.name:
        raise SystemExit("refusing to fit on the held-out IRCoT file")
    data = json.loads(args.data.read_text(encoding="utf-8"))
    fit_items = data[args.fit_start: args.fit_start + args.fit_n]
    val_items = data[args.val_start: args.val_start + args.val_n]
    if args.no_gold:
        fit_items += [without_gold(item) for item in fit_items]
        val_items += [without_gold(item) for item in val_items]
    fit_rows = collect(fit_items)
    val_rows = collect(val_items)
    if args.dump:
        args.dump.write_text(json.dumps({"fit": fit_rows, "validation": val_rows}), encoding="utf-8")
    report(fit_rows, val_rows, args.label, args.l2)


def report(fit_rows: list[dict[str, Any]], val_rows: list[dict[str, Any]], label: str, l2: float) -> None:
    """Fit on ``fit_rows`` (label ``label``), print the fit's and the validation's figures and the constants."""
    w, b = fit_logistic(matrix(fit_rows), np.array([float(r[label]) for r in fit_rows]), l2=l2)
    for name, rows in (("fit", fit_rows), ("validation", val_rows)):
        if not rows:
            continue
        p = 1.0 / (1.0 + np.exp(-(matrix(rows) @ w + b)))
        print(f"{name}: AUROC vs answer in lead {auroc(list(p), [r['in_lead'] for r in rows]):.3f}, "
              f"vs answer in report {auroc(list(p), [r['in_report'] for r in rows]):.3f} ({len(rows)} questions)")
        for lo in (0.0, 0.2, 0.4, 0.6, 0.8):
            sel = [r for r, q in zip(rows, p) if lo <= q < lo + 0.2 or (lo == 0.8 and q >= 1.0)]
            if sel:
                print(f"  p {lo:.1f}-{lo + 0.2:.1f}: {len(sel):3d} reports, answer in lead "
                      f"{sum(r['in_lead'] for r in sel) / len(sel):.2f}")
        for t in (0.3, 0.4, 0.5, 0.6, 0.7):
            bad = sum(1 for r, q in zip(rows, p) if not r["in_report"] and q >= t)
            lost = sum(1 for r, q in zip(rows, p) if r["in_report"] and q < t)
            print(f"  threshold {t:.1f}: unanswered at or above {bad}/{sum(not r['in_report'] for r in rows)}, "
                  f"answered below {lost}/{sum(r['in_report'] for r in rows)}")
    print(f"CALIBRATION: dict[str, float] = {{{', '.join(f'{n!r}: {v:.4f}' for n, v in zip(FEATURES, w))}}}")
    print(f"CALIBRATION_INTERCEPT = {b:.4f}")


if __name__ == "__main__":
    main()
