"""Tuning harness (not a test): fit and cross-validate the memory re-ranker (``tests/tools/memory_rerank.py``) on SciFact.

Usage:
    python -m tests.tools.tune_memory_rerank [--split train|dev] [--folds 5] [--c 1.0] [--pairwise] [--save]

The 5,183 SciFact abstracts (title, blank line, abstract: as the memory benchmark stores them) are ranked in
process as the store ranks them: the query's exact BM25 top ``--candidates`` (the store's terms, k1, b and idf)
united with the WordLlama cosine top ``--candidates``; each candidate gets ``rerank.candidate_features``. On
``train`` (claims with evidence) the linear model is fitted by L2-regularised logistic regression (pointwise on
labels, or ``--pairwise`` on relevant-minus-irrelevant differences within a claim) and evaluated by k-fold
cross-validation over claims (recall@3 and @10 as the benchmark defines them, beside the store's fusion
``z(bm25) + 0.7 z(cos)`` on the same candidates); ``--save`` fits on all train claims and writes
``tests/tools/memory_rerank_weights.json``. ``--split dev`` only evaluates the saved model and the fusion on dev claims
(never fit on dev). The test split is never read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from scipy import sparse
from scipy.optimize import minimize

from shared.memory import lexical
from shared.memory.embed import WordLlamaEmbedder, _wordllama
from tests.tools import memory_rerank as rerank

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "scifact"
CACHE = Path(".assay/tune_memory_rerank")


def _tokens() -> rerank.TokenVectors:
    model = _wordllama()
    return rerank.TokenVectors(model.embedding, model.tokenizer)


def _claims(split: str) -> list[tuple[str, set[int]]]:
    """(claim, gold abstract ids) of ``split``'s claims with evidence; ``train_cited``: the train claims without
    evidence, with the abstracts they cite as gold (weaker labels, used only to fit)."""
    if split not in ("train", "dev", "train_cited"):
        raise SystemExit("only train, train_cited and dev (the test split is held out)")
    out = []
    for line in (DATA / f"claims_{split.removesuffix('_cited')}.jsonl").read_text().splitlines():
        c = json.loads(line)
        if split == "train_cited" and not c["evidence"] and c.get("cited_doc_ids"):
            out.append((c["claim"], {int(k) for k in c["cited_doc_ids"]}))
        elif split != "train_cited" and c["evidence"]:
            out.append((c["claim"], {int(k) for k in c["evidence"]}))
    return out


def build(split: str, candidates: int) -> dict[str, Any]:
    """Features, labels and query ids of ``split``'s claims (cached in .assay/)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    cache = CACHE / f"{split}_{candidates}_{len(rerank.FEATURES)}.npz"
    if cache.exists():
        return dict(np.load(cache))
    docs = [json.loads(line) for line in (DATA / "corpus.jsonl").read_text().splitlines() if line.strip()]
    ids = [int(d["doc_id"]) for d in docs]
    texts = [d["title"] + "\n\n" + " ".join(d["abstract"]) for d in docs]
    doc_terms = [lexical.term_counts(t) for t in texts]
    vocab: dict[str, int] = {}
    rows, cols, vals = [], [], []
    avgdl = sum(n for _, n in doc_terms) / len(doc_terms)
    for i, (counts, dl) in enumerate(doc_terms):
        for t, tf in counts.items():
            j = vocab.setdefault(t, len(vocab))
            rows.append(i)
            cols.append(j)
            vals.append(tf * (lexical.K1 + 1) / (tf + lexical.K1 * (1 - lexical.B + lexical.B * dl / avgdl)))
    sat = sparse.csr_matrix((vals, (rows, cols)), shape=(len(texts), len(vocab))).tocsc()
    df = Counter(t for counts, _ in doc_terms for t in counts)
    n = len(texts)
    embedder = WordLlamaEmbedder()
    dvec = embedder.embed(texts).astype(np.float64)
    tokens = _tokens()
    feats, labels, qids = [], [], []
    for q, (claim, gold) in enumerate(_claims(split)):
        qc = lexical.term_counts(claim)[0]
        weights = {t: c * lexical.idf(df[t], n) for t, c in qc.items() if df.get(t)}
        qw = np.zeros(len(vocab))
        for t, w in weights.items():
            qw[vocab[t]] = w
        bm = np.asarray(sat @ qw).ravel()
        qvec = embedder.embed([claim])[0].astype(np.float64)
        cos = dvec @ qvec
        top_b = [i for i in np.argsort(-bm, kind="stable")[:candidates] if bm[i] > 0]
        top_c = list(np.argsort(-cos, kind="stable")[:candidates])
        cand = sorted(set(top_b) | set(top_c))
        x = rerank.candidate_features(claim, weights, qvec, [texts[i] for i in cand], [bm[i] for i in cand],
                                      [cos[i] for i in cand], tokens)
        feats.append(x)
        labels.append(np.asarray([ids[i] in gold for i in cand], dtype=np.float64))
        qids.append(np.full(len(cand), q))
        # gold abstracts outside the candidates count as misses: remember how many each claim has
    golds = np.asarray([len(g) for _, g in _claims(split)], dtype=np.float64)
    out = {"x": np.vstack(feats), "y": np.concatenate(labels), "q": np.concatenate(qids), "gold": golds}
    np.savez(cache, **out)
    return out


def recall(scores: np.ndarray, data: dict[str, Any], queries: np.ndarray) -> tuple[float, float]:
    """Mean recall@3, @10 over ``queries`` of the ranking by ``scores``."""
    r3 = r10 = 0.0
    for q in queries:
        m = data["q"] == q
        order = np.argsort(-scores[m], kind="stable")
        y = data["y"][m][order]
        r3 += y[:3].sum() / data["gold"][q]
        r10 += y[:10].sum() / data["gold"][q]
    return r3 / len(queries), r10 / len(queries)


def fit(data: dict[str, Any], queries: np.ndarray, c: float, pairwise: bool, cols: list[int]) -> np.ndarray:
    """L2-regularised logistic regression weights over the columns ``cols`` (others 0)."""
    mask = np.isin(data["q"], queries)
    x, y, q = data["x"][mask][:, cols], data["y"][mask], data["q"][mask]
    if pairwise:
        diffs = []
        for qq in np.unique(q):
            m = q == qq
            pos, neg = x[m][y[m] > 0], x[m][y[m] == 0]
            if len(pos) and len(neg):
                diffs.append((pos[:, None, :] - neg[None, :, :]).reshape(-1, x.shape[1]))
        x = np.vstack(diffs)
        y = np.ones(len(x))
        x = np.vstack([x, -x])
        y = np.concatenate([y, np.zeros(len(y))])
        bias = False
    else:
        bias = True
    xb = np.hstack([x, np.ones((len(x), 1))]) if bias else x

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        z = xb @ w
        p = 1 / (1 + np.exp(-z))
        ll = np.sum(np.logaddexp(0, z) - y * z) / len(y)
        reg = 0.5 / (c * len(y)) * float(w[: x.shape[1]] @ w[: x.shape[1]])
        g = xb.T @ (p - y) / len(y)
        g[: x.shape[1]] += w[: x.shape[1]] / (c * len(y))
        return ll + reg, g

    res = minimize(loss, np.zeros(xb.shape[1]), jac=True, method="L-BFGS-B")
    w = np.zeros(data["x"].shape[1])
    w[cols] = res.x[: x.shape[1]]
    return w


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="train")
    ap.add_argument("--candidates", type=int, default=50)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--c", type=float, default=1.0)
    ap.add_argument("--pairwise", action="store_true")
    ap.add_argument("--features", default=",".join(rerank.FEATURES))
    ap.add_argument("--save", action="store_true")
    ap.add_argument("--cited", action="store_true",
                    help="also fit on the train claims without evidence, their cited abstracts as relevant")
    args = ap.parse_args(argv)
    data = build(args.split, args.candidates)
    nq = len(data["gold"])
    allq = np.arange(nq)
    col = {f: i for i, f in enumerate(rerank.FEATURES)}
    fusion = data["x"][:, col["bm25"]] + 0.7 * data["x"][:, col["cosine"]]
    print(f"{args.split}: {nq} claims, {len(data['y'])} candidates, gold in candidates "
          f"{data['y'].sum() / data['gold'].sum():.3f}")
    f3, f10 = recall(fusion, data, allq)
    print(f"fusion z(bm25)+0.7 z(cos): recall@3 {f3:.3f} @10 {f10:.3f}")
    if args.split == "dev":
        model = rerank.Reranker.load()
        r3, r10 = recall(model.score(data["x"]), data, allq)
        print(f"saved re-ranker: recall@3 {r3:.3f} @10 {r10:.3f}")
        return 0
    cols = [col[f] for f in args.features.split(",")]
    fitdata, extra_q = data, np.zeros(0, dtype=np.int64)
    if args.cited:
        extra = build("train_cited", args.candidates)
        fitdata = {"x": np.vstack([data["x"], extra["x"]]), "y": np.concatenate([data["y"], extra["y"]]),
                   "q": np.concatenate([data["q"], extra["q"] + nq])}
        extra_q = np.arange(len(extra["gold"])) + nq
        print(f"fitting also on {len(extra_q)} train claims without evidence (cited abstracts relevant)")
    rng = np.random.default_rng(0)
    perm = rng.permutation(nq)
    folds = np.array_split(perm, args.folds)
    scores = np.zeros(len(data["y"]))
    for k in range(args.folds):
        test = folds[k]
        train = np.concatenate([folds[j] for j in range(args.folds) if j != k])
        w = fit(fitdata, np.concatenate([train, extra_q]), args.c, args.pairwise, cols)
        m = np.isin(data["q"], test)
        scores[m] = data["x"][m] @ w
    r3, r10 = recall(scores, data, allq)
    print(f"re-ranker {args.folds}-fold CV (c {args.c}, {'pairwise' if args.pairwise else 'pointwise'}, "
          f"{len(cols)} features): recall@3 {r3:.3f} @10 {r10:.3f} (fusion {f3:.3f} / {f10:.3f})")
    w = fit(fitdata, np.concatenate([allq, extra_q]), args.c, args.pairwise, cols)
    print("weights on all train claims: " + ", ".join(f"{f} {w[col[f]]:+.3f}" for f in rerank.FEATURES))
    if args.save:
        rerank.WEIGHTS_PATH.write_text(json.dumps(
            {"features": list(rerank.FEATURES), "weights": [round(float(v), 6) for v in w],
             "fitted_on": "SciFact claims_train (claims with evidence"
                          + (", and claims without evidence with their cited abstracts)" if args.cited else ")"),
             "cv": {"folds": args.folds, "recall@3": round(r3, 4), "recall@10": round(r10, 4),
                    "c": args.c, "pairwise": args.pairwise, "cited": args.cited}}, indent=1) + "\n")
        print(f"wrote {rerank.WEIGHTS_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
