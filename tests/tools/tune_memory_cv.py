"""Tuning harness (not a test): issue 12's retrieval ideas measured per claim, chosen by 5-fold CV on SciFact train.

Usage:
    python -m tests.tools.tune_memory_cv [--split train|dev] [--family NAME ...]

On ``train`` every setting of a family's grid is printed (fused recall@3 / @10, as the memory benchmark defines
them), then its 5-fold cross-validated figure: the train claims in five folds (fixed seed), each fold measured under
the setting best on the other four (by recall@3 + recall@10 summed over claims). On ``dev`` only the family's
``pick`` (the setting CV chose on train) and the store's ranking are printed: dev is read once per idea, never to
choose. The test split is never read.

The ranking is ``tune_memory_lexical``'s ``base`` (the store's): exact BM25 over the 5,183 abstracts (Snowball terms,
Lucene idf, k1 1.2, b 0.75) and the WordLlama cosine, the union of both top 50 fused as ``z(bm25) + 0.7 z(cos)``.
Train 0.889 / 0.964, dev 0.865 / 0.945. Families (figures in ``tune_memory_lexical``'s docstring):

- ``saturation``: BM25 term saturation: k1 0.9 / 1.2 / 1.6 by b 0.6 / 0.75 / 0.9, plain, BM25+ (a matched term adds
  delta 0.25 / 0.5 / 1.0) and BM25L (the length-normalised tf shifted by delta 0.25 / 0.5; Lv and Zhai 2011).
- ``numbers``: query terms weighted by the claim's structure: a word with a digit ("IL-6", "p53", "40%") times
  1, 1.25-3; an entity-like word (a capital inside it, or capitalised after the claim's first word) times 1-2.
- ``windows``: passage-level scoring: an abstract's best unit (its title, or a window of 1-3 consecutive sentences;
  BM25 over the units, the abstracts' idf) added to the whole-abstract BM25 (times 0.25-1) or fused as a third z
  (0.2, 0.4).
- ``formulations``: several query formulations fused: BM25 of the claim's Snowball terms (the store's), of its
  unstemmed words, of Porter stems, and of an RM3 expansion (the BM25 top 5, weighted by score, 20 terms, original
  weight 0.7); by z-scores (each beside the store's at 0.25-1 of the lexical half, or all together) or weighted
  reciprocal rank fusion (k 10, 60).
- ``adaptive``: a query-adaptive cosine weight: 0.3-0.5 when BM25's best z-score leads its second by more than
  0.5-1.5, else 0.7-1.0; or 0.7 times (the cosine's top gap / BM25's top gap) to the power 0.3-0.6.
- ``idf-power``: query term weights idf ** p (p 1-2) instead of idf.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from shared.memory import lexical
from shared.memory.embed import WordLlamaEmbedder
from shared.memory.lexical import _WORD
from shared.text.tokens import is_stopword
from tests.tools import tune_memory_lexical as lex

Key = tuple[object, ...]
Results = dict[Key, np.ndarray]  # setting -> per-claim (recall@3, recall@10), shape (claims, 2)


@dataclass
class Index:
    """Term index over units (abstracts or windows): ``tf`` (units x vocabulary, raw counts), ``lens`` unit lengths
    in terms, ``df`` document frequency per vocabulary term."""

    vocab: dict[str, int]
    tf: sparse.csr_matrix
    lens: np.ndarray
    df: np.ndarray


def build(term_counts: list[Counter[str]], vocab: dict[str, int] | None = None) -> Index:
    """An index of ``term_counts``; with ``vocab`` given, terms outside it are dropped (units scored with another
    index's idf)."""
    own = vocab is None
    voc: dict[str, int] = {} if vocab is None else vocab
    rows, cols, vals = [], [], []
    for i, counts in enumerate(term_counts):
        for t, tf in counts.items():
            j = voc.setdefault(t, len(voc)) if own else voc.get(t)
            if j is not None:
                rows.append(i)
                cols.append(j)
                vals.append(tf)
    tf = sparse.csr_matrix((np.array(vals, float), (rows, cols)), shape=(len(term_counts), len(voc)))
    return Index(voc, tf, np.array([sum(c.values()) for c in term_counts], float), np.asarray((tf > 0).sum(0)).ravel())


def saturate(ix: Index, k1: float = lexical.K1, b: float = lexical.B, kind: str = "bm25",
             delta: float = 0.0) -> sparse.csc_matrix:
    """Per (unit, term) BM25 term weights without idf: ``bm25``, ``bm25+`` (plus ``delta`` for a present term) or
    ``bm25l`` (tf / length norm, shifted by ``delta``)."""
    m = ix.tf.tocoo(copy=True)
    norm = 1 - b + b * ix.lens[m.row] / ix.lens.mean()
    x = m.data
    if kind == "bm25l":
        c = x / norm
        v = (k1 + 1) * (c + delta) / (k1 + c + delta)
    else:
        v = x * (k1 + 1) / (x + k1 * norm) + (delta if kind == "bm25+" else 0.0)
    return sparse.csr_matrix((v, (m.row, m.col)), shape=m.shape).tocsc()


class Bench:
    """SciFact corpus, vectors and one split's claims, loaded once; ``fused`` ranks like the store."""

    def __init__(self, split: str) -> None:
        self.ids, self.texts = lex.corpus()
        self.docs = [json.loads(line) for line in (lex.DATA / "corpus.jsonl").read_text().splitlines() if line.strip()]
        self.n = len(self.texts)
        self.claims = lex.claims(split)
        self.gold = [g for _, g in self.claims]
        qv = WordLlamaEmbedder().embed([c for c, _ in self.claims]).astype(np.float64)
        self.cos = qv @ lex.doc_vectors(self.texts).T  # claims x abstracts
        self.ix = build([lexical.term_counts(t)[0] for t in self.texts])
        self.sat = saturate(self.ix)
        self.idf = np.array([lexical.idf(int(d), self.n) for d in self.ix.df])
        self.qw = [self.query(c) for c, _ in self.claims]
        self.bm = [np.asarray(self.sat @ w).ravel() for w in self.qw]

    def query(self, claim: str, ix: Index | None = None,
              terms: Callable[[str], dict[str, float]] | None = None) -> np.ndarray:
        """The claim's BM25 query weights over ``ix``'s vocabulary: term weight (count unless ``terms``) x idf."""
        ix = ix or self.ix
        w = np.zeros(len(ix.vocab))
        tw = terms(claim) if terms else {k: float(v) for k, v in lexical.term_counts(claim)[0].items()}
        for t, x in tw.items():
            j = ix.vocab.get(t)
            if j is not None and ix.df[j]:
                w[j] += x * lexical.idf(int(ix.df[j]), self.n)
        return w

    def recall(self, q: int, order: np.ndarray) -> tuple[float, float]:
        g = self.gold[q]
        return (len(g & {self.ids[i] for i in order[:3]}) / len(g),
                len(g & {self.ids[i] for i in order[:10]}) / len(g))

    def fused(self, lexical_scores: list[np.ndarray], weights: list[float], q: int, *, cos_weight: float = 0.7,
              extra: list[tuple[float, np.ndarray]] = (), rrf_k: float | None = None,
              adaptive: Callable[[np.ndarray, np.ndarray], float] | None = None,
              candidates: int = 50) -> tuple[float, float]:
        """Claim ``q``'s recall@3/@10 when the union of every lexical score's and the cosine's top ``candidates``
        is ranked by ``sum(w z(lexical)) + cos_weight z(cos) + sum(w z(extra))`` (or weighted reciprocal ranks
        ``w / (rrf_k + rank)``; ``adaptive(z(lexical), z(cos))`` gives the cosine weight)."""
        cos = self.cos[q]
        cset = set(np.argsort(-cos, kind="stable")[:candidates].tolist())
        for s in lexical_scores:
            cset |= {int(i) for i in np.argsort(-s, kind="stable")[:candidates] if s[i] > 0}
        cand = np.array(sorted(cset))

        def norm(x: np.ndarray) -> np.ndarray:
            if rrf_k is None:
                return lex._z(x)
            return 1.0 / (rrf_k + np.argsort(np.argsort(-x, kind="stable"), kind="stable"))

        lex_part = sum((w * norm(s[cand]) for s, w in zip(lexical_scores, weights)), np.zeros(len(cand)))
        zc = norm(cos[cand])
        f = lex_part + (adaptive(lex_part, zc) if adaptive else cos_weight) * zc
        for w, arr in extra:
            f = f + w * norm(arr[cand])
        return self.recall(q, cand[np.argsort(-f, kind="stable")])

    def run(self, per_claim: Callable[[int], tuple[float, float]]) -> np.ndarray:
        return np.array([per_claim(q) for q in range(len(self.claims))])


def cross_validate(results: Results, folds: int = 5, seed: int = 0) -> tuple[np.ndarray, list[Key]]:
    """Mean (recall@3, recall@10) over the claims, each fold measured under the setting best on the others (by
    recall@3 + recall@10); also the settings picked."""
    n = len(next(iter(results.values())))
    fold = np.empty(n, int)
    fold[np.random.default_rng(seed).permutation(n)] = np.arange(n) % folds
    out = np.zeros((n, 2))
    picks: list[Key] = []
    for f in range(folds):
        rest = fold != f
        best = max(results, key=lambda k: float(results[k][rest].sum()))
        picks.append(best)
        out[~rest] = results[best][~rest]
    return out.mean(0), picks


# ---- families: (bench, settings or None for all) -> results ------------------------------------------------------
def saturation(b: Bench, only: list[Key] | None) -> Results:
    grid: list[Key] = [("bm25", k1, bb, 0.0) for k1 in (0.9, 1.2, 1.6) for bb in (0.6, 0.75, 0.9)]
    grid += [(kind, k1, bb, d) for k1 in (0.9, 1.2, 1.6) for bb in (0.6, 0.75, 0.9)
             for kind, d in (("bm25+", 0.25), ("bm25+", 0.5), ("bm25+", 1.0), ("bm25l", 0.25), ("bm25l", 0.5))]
    out: Results = {}
    for key in only or grid:
        kind, k1, bb, d = key
        s = saturate(b.ix, float(k1), float(bb), str(kind), float(d))
        out[key] = b.run(lambda q, s=s: b.fused([np.asarray(s @ b.qw[q]).ravel()], [1.0], q))
    return out


_TOKEN = re.compile(r"\S+")


def structure(claim: str) -> dict[str, set[str]]:
    """Stemmed query term -> its classes in ``claim``: ``num`` (a word with a digit), ``ent`` (a capital inside
    the word, or capitalised after the claim's first word, or a hyphenated token with a digit)."""
    stem = lexical._stemmer().stemWord
    out: dict[str, set[str]] = {}
    for i, tok in enumerate(_TOKEN.findall(claim)):
        for w in _WORD.findall(tok):
            wl = unicodedata.normalize("NFC", w).casefold()
            if (len(wl) == 1 and wl.isascii()) or is_stopword(wl):
                continue
            c = out.setdefault(stem(wl), set())
            if any(ch.isdigit() for ch in w):
                c.add("num")
            if any(ch.isupper() for ch in w[1:]) or (i > 0 and w[0].isupper()) or (
                    "-" in tok and any(ch.isdigit() for ch in tok)):
                c.add("ent")
    return out


def numbers(b: Bench, only: list[Key] | None) -> Results:
    grid: list[Key] = [(a, 1.0) for a in (1.0, 1.25, 1.5, 1.75, 2.0, 3.0)] + [
        (a, e) for a in (1.0, 1.5, 2.0) for e in (1.25, 1.5, 2.0)]
    classes = [structure(c) for c, _ in b.claims]
    out: Results = {}
    for key in only or grid:
        a_num, a_ent = float(key[0]), float(key[1])

        def weighted(q: int, a_num: float = a_num, a_ent: float = a_ent) -> np.ndarray:
            base = {k: float(v) for k, v in lexical.term_counts(b.claims[q][0])[0].items()}
            for t in base:
                c = classes[q].get(t, set())
                base[t] *= max(1.0, a_num if "num" in c else 1.0, a_ent if "ent" in c else 1.0)
            return b.query(b.claims[q][0], terms=lambda _: base)

        out[key] = b.run(lambda q: b.fused([np.asarray(b.sat @ weighted(q)).ravel()], [1.0], q))
    return out


def windows(b: Bench, only: list[Key] | None) -> Results:
    grid: list[Key] = [(m, w, a) for w in (1, 2, 3) for m, a in
                       (("sum", 0.25), ("sum", 0.5), ("sum", 1.0), ("z", 0.2), ("z", 0.4))]
    out: Results = {}
    for width in sorted({int(k[1]) for k in only or grid}):
        units, owner = [], []
        for i, d in enumerate(b.docs):
            units.append(lexical.term_counts(d["title"])[0])
            owner.append(i)
            sents = d["abstract"]
            for s in range(max(1, len(sents) - width + 1)):
                units.append(lexical.term_counts(" ".join(sents[s:s + width]))[0])
                owner.append(i)
        ux = build(units, b.ix.vocab)
        us = saturate(ux)
        starts = np.r_[0, np.flatnonzero(np.diff(np.array(owner))) + 1]
        best = [np.maximum.reduceat(np.asarray(us @ w).ravel(), starts) for w in b.qw]
        for key in only or grid:
            mode, w, a = key
            if w != width:
                continue
            aa = float(a)
            if mode == "sum":
                out[key] = b.run(lambda q, aa=aa, best=best: b.fused([b.bm[q] + aa * best[q]], [1.0], q))
            else:
                out[key] = b.run(lambda q, aa=aa, best=best: b.fused([b.bm[q]], [1.0], q, extra=[(aa, best[q])]))
    return out


def _words(text: str, stemmer: object | None = None) -> Counter[str]:
    w = [x for x in _WORD.findall(unicodedata.normalize("NFC", text).casefold())
         if not (len(x) == 1 and x.isascii()) and not is_stopword(x)]
    return Counter(stemmer.stemWords(w) if stemmer else w)


def formulations(b: Bench, only: list[Key] | None) -> Results:
    import Stemmer

    def scores(fn: Callable[[str], Counter[str]]) -> list[np.ndarray]:
        ix = build([fn(t) for t in b.texts])
        s = saturate(ix)
        return [np.asarray(s @ b.query(c, ix, lambda x: {k: float(v) for k, v in fn(x).items()})).ravel()
                for c, _ in b.claims]

    tf = b.ix.tf.tocsr()

    def rm3(q: int, k: int = 5, nt: int = 20, lam: float = 0.7) -> np.ndarray:
        top = np.argsort(-b.bm[q])[:k]
        w = b.bm[q][top] / max(float(b.bm[q][top].sum()), 1e-12)
        fb = np.asarray((sparse.diags(w / b.ix.lens[top]) @ tf[top]).sum(0)).ravel()
        keep = np.argsort(-fb)[:nt]
        qn = b.qw[q] / b.idf.clip(1e-9)
        qn = qn / max(float(qn.sum()), 1e-9)
        f = np.zeros_like(fb)
        f[keep] = fb[keep] / max(float(fb[keep].sum()), 1e-12)
        return np.asarray(b.sat @ ((lam * qn + (1 - lam) * f) * b.idf)).ravel()

    forms = {"stem": b.bm, "raw": scores(_words), "porter": scores(lambda t: _words(t, Stemmer.Stemmer("porter"))),
             "rm3": [rm3(q) for q in range(len(b.claims))]}
    grid: list[Key] = [("stem",)] + [(o, w) for o in ("raw", "porter", "rm3") for w in (0.25, 0.5, 1.0)]
    grid += [("z", "stem", "raw", "rm3"), ("z", "stem", "raw", "porter", "rm3")]
    grid += [("rrf", k, *names) for k in (10, 60) for names in (("stem", "raw", "porter", "rm3"),
                                                               ("stem", "raw", "rm3"))]
    out: Results = {}
    for key in only or grid:
        if key == ("stem",):
            out[key] = b.run(lambda q: b.fused([b.bm[q]], [1.0], q))
        elif key[0] in ("z", "rrf"):
            names = [str(x) for x in key[1:] if isinstance(x, str)]
            rk = float(key[1]) if key[0] == "rrf" else None
            ws = [1.0] * len(names) if rk else [1.0 / len(names)] * len(names)
            out[key] = b.run(lambda q, names=names, ws=ws, rk=rk: b.fused([forms[n][q] for n in names], ws, q, rrf_k=rk))
        else:
            other, w = str(key[0]), float(key[1])
            ws = [0.5, 0.5] if w >= 1 else [1 - w / 2, w / 2]
            out[key] = b.run(lambda q, other=other, ws=ws: b.fused([b.bm[q], forms[other][q]], ws, q))
    return out


def adaptive(b: Bench, only: list[Key] | None) -> Results:
    grid: list[Key] = [("fixed", 0.7)] + [("gap", t, lo, hi) for t in (0.5, 1.0, 1.5)
                                          for lo, hi in ((0.4, 0.9), (0.5, 0.8), (0.5, 1.0), (0.3, 0.7))]
    grid += [("ratio", 0.3), ("ratio", 0.6)]
    out: Results = {}
    for key in only or grid:
        def weight(zb: np.ndarray, zc: np.ndarray, key: Key = key) -> float:
            sb, sc = np.sort(zb)[::-1], np.sort(zc)[::-1]
            if key[0] == "fixed":
                return float(key[1])
            if key[0] == "gap":
                return float(key[2] if sb[0] - sb[1] > float(key[1]) else key[3])
            ratio = (sc[0] - sc[1]) / max(float(sb[0] - sb[1]), 1e-6)
            return float(np.clip(0.7 * ratio ** float(key[1]), 0.3, 1.2))

        out[key] = b.run(lambda q: b.fused([b.bm[q]], [1.0], q, adaptive=weight))
    return out


def idf_power(b: Bench, only: list[Key] | None) -> Results:
    out: Results = {}
    for key in only or [(1.0,), (1.25,), (1.5,), (2.0,)]:
        p = float(key[0])
        out[key] = b.run(lambda q, p=p: b.fused([np.asarray(b.sat @ (b.qw[q] * b.idf ** (p - 1))).ravel()], [1.0],
                                                q))
    return out


#: family -> (measure, the setting 5-fold CV picked on train (read on dev once))
FAMILIES: dict[str, tuple[Callable[[Bench, list[Key] | None], Results], Key]] = {
    "saturation": (saturation, ("bm25l", 1.2, 0.75, 0.25)),
    "numbers": (numbers, (1.5, 1.0)),
    "windows": (windows, ("sum", 2, 0.25)),
    "formulations": (formulations, ("rm3", 0.25)),
    "adaptive": (adaptive, ("gap", 1.0, 0.3, 0.7)),
    "idf-power": (idf_power, (1.5,)),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="train", choices=("train", "dev"))
    ap.add_argument("--family", nargs="*", default=sorted(FAMILIES), choices=sorted(FAMILIES))
    args = ap.parse_args(argv)
    bench = Bench(args.split)
    base = bench.run(lambda q: bench.fused([bench.bm[q]], [1.0], q)).mean(0)
    print(f"{args.split} base: {base[0]:.3f} / {base[1]:.3f}", flush=True)
    for name in args.family:
        measure, pick = FAMILIES[name]
        if args.split == "dev":
            r = measure(bench, [pick])[pick].mean(0)
            print(f"dev {name} {pick}: {r[0]:.3f} / {r[1]:.3f}", flush=True)
            continue
        results = measure(bench, None)
        for key, r in results.items():
            m = r.mean(0)
            print(f"train {name} {key}: {m[0]:.3f} / {m[1]:.3f}", flush=True)
        cvm, picks = cross_validate(results)
        print(f"train {name} 5-fold CV: {cvm[0]:.3f} / {cvm[1]:.3f}, picks {picks}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
