"""Tuning harness (not a test): the memory's lexical side and its fusion with WordLlama, measured in process on SciFact.

Usage:
    python -m tests.tools.tune_memory_lexical [--split train|dev] [--variant NAME ...] [--failures]

Measured (fused recall@3 / @10, BM25 alone in brackets; the store's ranking is ``base``, and this harness gives the
benchmark's figures for it: train 0.889 / 0.964, dev 0.865 / 0.945), none adopted (no dev gain):

| variant | train | dev |
| --- | --- | --- |
| base | 0.889 / 0.964 (0.857 / 0.942) | 0.865 / 0.945 (0.846 / 0.938) |
| porter (PyStemmer's Porter instead of Snowball english) | 0.885 / 0.962 (0.856 / 0.944) | 0.865 / 0.939 (0.834 / 0.933) |
| abbrev-doc (an abstract's own "long form (SF)" definitions: each later SF also counts the long form's terms) | 0.900 / 0.969 (0.863 / 0.945) | 0.860 / 0.946 (0.842 / 0.934) |
| abbrev-query (corpus-wide definitions: a query's SF adds its long form's terms at 0.3, its long form the SF) | 0.890 / 0.964 (0.857 / 0.943) | 0.860 / 0.947 (0.846 / 0.941) |
| typo (a query word no abstract has, 6+ letters, replaced by the corpus word 1 edit away, 2 from 9 letters, in 3+ abstracts) | 0.889 / 0.964 (0.855 / 0.942) | 0.871 / 0.945 (0.841 / 0.943) |
| bigram (adjacent term pairs indexed, query pairs at 0.1) | 0.889 / 0.964 (0.853 / 0.942) | 0.865 / 0.938 (0.840 / 0.937) |
| minmax (min-max instead of z-scores over the candidates) | 0.886 / 0.964 | 0.865 / 0.946 |
| rrf (weighted reciprocal rank fusion, k 5, cosine weight 0.7; k 5-60, weight 0.5-0.7: 0.850-0.880 / 0.944-0.960) | 0.880 / 0.959 | 0.867 / 0.945 |
| regularise (plus 0.1 z of a candidate's cosine to the fused top 3, softmax-weighted; 0.1-0.5, top 3-10: 0.876-0.887 / 0.963-0.969) | 0.887 / 0.965 | 0.865 / 0.946 |

Also measured with one-off scripts on the same candidates: BM25F (title and abstract as fields, each length-normalised,
title weight 1.5-3): train 0.887-0.889 / 0.964, dev 0.861 / 0.945-0.946; k1 / b 0.9-1.5 / 0.85-1.0: train 0.879-0.886
/ 0.962-0.964; the title's WordLlama cosine as an extra z (0.2-0.4): 0.881-0.883 / 0.958-0.962; abbreviation long
forms added to the embedded text as well: train 0.880-0.885 / 0.964-0.968, dev 0.851 / 0.942-0.943; z-scores over all
abstracts instead of the candidates: 0.877-0.886 / 0.953-0.962; 20-100 candidates a side: 0.882-0.885 / 0.964.
Then, on train only (none beat base beyond the noise, so dev was not read): the query vector from the claim without
stopwords 0.883 / 0.962, or that vector added to the plain one (0.5-1.0) 0.886 / 0.964; "all-but-the-top" (vectors less
the mean and the top 1-8 principal directions, of the corpus's or of WordLlama's token table) 0.880-0.888 /
0.959-0.965; BM25 divided by the query's largest possible score plus the raw cosine (cosine weight 1-3) 0.849-0.885 /
0.939-0.962; the document vector as the mean of its title's and sentences' unit vectors 0.876-0.885 / 0.959-0.963 (with
the whole-text vector 0.888 / 0.963); the abstract's vector plus 0.5-1.5 times the title's 0.880-0.896 / 0.956-0.960
(recall@10 always lower; as a second cosine z beside the plain one 0.882-0.889 / 0.960-0.963); query terms seen often in
claims but rarely in their evidence down-weighted (learned on one half of the train claims, measured on the other)
0.889-0.891 / 0.964; feedback from the fused top 2-5 (RM3-style terms, 10-20, original weight 0.7-0.85, and the
feedback vectors' mean added to the query vector at 0-0.3) 0.870-0.889 / 0.960-0.968; BM25 transformed before its
z-score (square root, log(1 + x), square; cosine weight 0.5-0.9) 0.867-0.884 / 0.948-0.964, the cosine as
exp((cos - max) / 0.05-0.1) 0.872-0.875 / 0.953-0.961.
The learned re-ranker (``tests/tools/tune_memory_rerank.py``, pairwise logistic regression over the fused candidates,
5-fold CV over train claims) with two more features: the share of the claim's idf the text's lead line (the title)
holds, and proximity (the best sentence's idf share times its matched query terms per term of the shortest run of
terms holding them all). With the 11 earlier features at c 0.003, CV 0.910 / 0.970 with or without them (weights
+0.059 and -0.008); at c 0.001-1 CV 0.897-0.903 / 0.961-0.967 with them and without; a
7-feature model (BM25, cosine, idf share of the text and of the title, proximity, best sentence's cosine, numbers)
CV 0.893-0.901 / 0.958-0.959. Dev, once (13 features, c 0.003): 0.873 / 0.943 (the 11-feature model's 0.873 / 0.943;
fusion 0.865 / 0.945): @10 lower, not adopted. Its query-time features for 85 candidates took p50 272 / p95 786 ms at
load 9 on 2 cores, beyond the 100 ms search budget even unloaded.
Then six families cross-validated on train (``python -m tests.tools.tune_memory_cv``: 5 folds of the train claims,
each measured under the setting best on the other four; base 0.889 / 0.964), and dev read once at the setting CV
picked (base 0.865 / 0.945); none adopted (no dev gain at both @3 and @10):

| family | train grid | train 5-fold CV | dev, CV's pick |
| --- | --- | --- | --- |
| saturation: k1 0.9-1.6 by b 0.6-0.9; plain, BM25+ (delta 0.25-1), BM25L (delta 0.25-0.5) | 0.877-0.891 / 0.962-0.965 | 0.885 / 0.964 | BM25L k1 1.2 b 0.75 delta 0.25: 0.865 / 0.945 |
| numbers: query words with a digit weighted 1.25-3, entity-like words (inner or non-initial capital) 1-2 | 0.884-0.893 / 0.960-0.964 | 0.891 / 0.964 | digits 1.5: 0.865 / 0.945 |
| windows: the best unit's BM25 (title, or 1-3 consecutive sentences) added at 0.25-1 or fused as a z at 0.2-0.4 | 0.883-0.890 / 0.955-0.963 | 0.887 / 0.958 | 2 sentences, added at 0.25: 0.860 / 0.939 |
| formulations: BM25 of unstemmed words, Porter stems or an RM3 expansion fused beside the store's (z, RRF k 10-60) | 0.858-0.889 / 0.953-0.965 | 0.885 / 0.964 | RM3 at a quarter of the lexical half: 0.865 / 0.945 |
| adaptive: cosine weight 0.3-0.5 when BM25's top z leads its second by 0.5-1.5, else 0.7-1.0; or by the gaps' ratio | 0.884-0.893 / 0.956-0.964 | 0.890 / 0.964 | gap 1.0, 0.3 / 0.7: 0.862 / 0.945 |
| idf-power: query term weights idf ** 1.25-2 | 0.884-0.890 / 0.958-0.964 | 0.884 / 0.964 | 1.5: 0.857 / 0.945 |

Every CV figure lies within about 0.005 of base (the noise of 505 claims); on dev the picks tie base or lose. Rocchio
on the WordLlama query vector and RM3 on its own were measured before (above), so not again.

The 5,183 SciFact abstracts (title, blank line, abstract: as the memory benchmark stores them) are ranked as the
store ranks them: exact BM25 over every abstract (Lucene idf, ``lexical.K1``/``lexical.B`` unless a variant says
otherwise), the WordLlama cosine, the union of both top ``--candidates`` fused as ``z(bm25) + 0.7 z(cos)`` over
that union. Printed per variant: recall@3 and @10 (the benchmark's definition) of BM25 alone and of the fusion.
A variant changes the terms (stemmer, abbreviation expansion) or the BM25 weighting; see ``VARIANTS``. The test
split is never read; tune on ``train``, report ``dev``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy import sparse

from shared.memory import lexical
from shared.memory.embed import WordLlamaEmbedder
from shared.memory.lexical import _WORD
from shared.text.tokens import is_stopword

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "scifact"
CACHE = Path(".assay/tune_memory_lexical")


def claims(split: str) -> list[tuple[str, set[int]]]:
    """(claim, gold abstract ids) of ``split``'s claims with evidence (train or dev only)."""
    if split not in ("train", "dev"):
        raise SystemExit("only train and dev (the test split is held out)")
    out = []
    for line in (DATA / f"claims_{split}.jsonl").read_text().splitlines():
        c = json.loads(line)
        if c["evidence"]:
            out.append((c["claim"], {int(k) for k in c["evidence"]}))
    return out


def corpus() -> tuple[list[int], list[str]]:
    """(doc ids, texts: title, blank line, abstract) of the SciFact corpus."""
    docs = [json.loads(line) for line in (DATA / "corpus.jsonl").read_text().splitlines() if line.strip()]
    return [int(d["doc_id"]) for d in docs], [d["title"] + "\n\n" + " ".join(d["abstract"]) for d in docs]


def doc_vectors(texts: list[str]) -> np.ndarray:
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / "docvec.npy"
    if path.exists():
        return np.load(path)
    vec = WordLlamaEmbedder().embed(texts).astype(np.float64)
    np.save(path, vec)
    return vec


@dataclass
class Variant:
    """How documents and queries become weighted terms.

    ``doc_terms(text)`` -> Counter of index terms; ``query_terms(text)`` -> term -> query weight (before idf);
    ``k1``, ``b`` BM25 parameters; ``weight`` the cosine's fusion weight."""

    name: str
    doc_terms: Callable[[str], Counter[str]] = field(default=lambda t: lexical.term_counts(t)[0])
    query_terms: Callable[[str], dict[str, float]] = field(
        default=lambda t: {k: float(v) for k, v in lexical.term_counts(t)[0].items()})
    k1: float = lexical.K1
    b: float = lexical.B
    weight: float = 0.7
    prepare: Callable[[list[str]], None] | None = None
    #: (BM25, cosine, candidate indices, all document vectors) -> fused scores of the candidates; None: z-scores
    fuse: Callable[[np.ndarray, np.ndarray, np.ndarray, np.ndarray], np.ndarray] | None = None


def _z(x: np.ndarray) -> np.ndarray:
    sd = float(x.std())
    return (x - x.mean()) / sd if sd > 1e-12 else np.zeros_like(x)


def evaluate(v: Variant, split: str, candidates: int = 50, failures: bool = False) -> dict[str, float]:
    """Recall@3/@10 of BM25 alone and of the fusion under variant ``v``."""
    ids, texts = corpus()
    if v.prepare is not None:
        v.prepare(texts)
    dt = [v.doc_terms(t) for t in texts]
    vocab: dict[str, int] = {}
    rows, cols, vals = [], [], []
    lens = np.array([sum(c.values()) for c in dt], dtype=np.float64)
    avgdl = lens.mean()
    for i, counts in enumerate(dt):
        for t, tf in counts.items():
            rows.append(i)
            cols.append(vocab.setdefault(t, len(vocab)))
            vals.append(tf * (v.k1 + 1) / (tf + v.k1 * (1 - v.b + v.b * lens[i] / avgdl)))
    sat = sparse.csr_matrix((vals, (rows, cols)), shape=(len(texts), len(vocab))).tocsc()
    df = Counter(t for c in dt for t in c)
    n = len(texts)
    dvec = doc_vectors(texts)
    emb = WordLlamaEmbedder()
    cl = claims(split)
    qv = emb.embed([c for c, _ in cl]).astype(np.float64)
    res = {"bm25@3": 0.0, "bm25@10": 0.0, "fused@3": 0.0, "fused@10": 0.0}
    for q, (claim, gold) in enumerate(cl):
        qw = np.zeros(len(vocab))
        for t, w in v.query_terms(claim).items():
            if df.get(t):
                qw[vocab[t]] += w * lexical.idf(df[t], n)
        bm = np.asarray(sat @ qw).ravel()
        cos = dvec @ qv[q]
        order_b = np.argsort(-bm, kind="stable")
        top_b = [i for i in order_b[:candidates] if bm[i] > 0]
        top_c = list(np.argsort(-cos, kind="stable")[:candidates])
        cand = np.array(sorted(set(top_b) | set(top_c)))
        fused = (v.fuse(bm[cand], cos[cand], cand, dvec) if v.fuse is not None
                 else _z(bm[cand]) + v.weight * _z(cos[cand]))
        order_f = cand[np.argsort(-fused, kind="stable")]
        lb = [ids[i] for i in top_b[:10]]
        lf = [ids[i] for i in order_f[:10]]
        res["bm25@3"] += len(gold & set(lb[:3])) / len(gold)
        res["bm25@10"] += len(gold & set(lb)) / len(gold)
        res["fused@3"] += len(gold & set(lf[:3])) / len(gold)
        res["fused@10"] += len(gold & set(lf)) / len(gold)
        if failures and not gold <= set(lf[:3]):
            pos = {g: (int(np.where(np.array(ids)[order_f] == g)[0][0]) if g in {ids[i] for i in cand} else None)
                   for g in gold}
            print(f"MISS {claim!r} gold ranks {pos}")
    return {k: val / len(cl) for k, val in res.items()}


_PAREN = re.compile(r"\(([^()]{1,40})\)")
_SF_TOKEN = re.compile(r"[^\s()\[\],;:]+")


def _long_form(short: str, before: str) -> str | None:
    """Schwartz and Hearst's best long form of ``short`` at the end of ``before``: the shortest tail whose words
    hold the short form's letters and digits in order, the first one starting a word."""
    s, i = len(short) - 1, len(before) - 1
    while s >= 0:
        ch = short[s].lower()
        if not ch.isalnum():
            s -= 1
            continue
        while (i >= 0 and before[i].lower() != ch) or (s == 0 and i > 0 and before[i - 1].isalnum()):
            i -= 1
        if i < 0:
            return None
        i -= 1
        s -= 1
    return before[before.rfind(" ", 0, i + 1) + 1:]


def definitions(text: str) -> list[tuple[str, str]]:
    """(short form, long form) pairs ``text`` defines as "long form (SF)" (Schwartz-Hearst): the short form one
    token of 2-10 characters with a capital, the long form 2+ words among the ``min(len+5, 2 len)`` words before."""
    out = []
    for m in _PAREN.finditer(text):
        short = re.split(r"[;,]\s", m.group(1).strip())[0].strip()
        if not 2 <= len(short) <= 10 or " " in short or not short[0].isalnum() or not any(c.isupper() for c in short):
            continue
        before = text[:m.start()].rstrip()
        cut = max(before.rfind(". "), before.rfind("; "), before.rfind("\n"))
        words = before[cut + 1:].split()
        cand = " ".join(words[-min(len(short) + 5, 2 * len(short)):])
        long = _long_form(short, cand) if words else None
        if long and len(long.split()) > 1 and not long.startswith("(") and short.lower() not in long.lower().split():
            out.append((short, long))
    return out


def _sf_key(token: str) -> str:
    token = token.rstrip(".'\"?!").lstrip("'\"")
    return token[:-1] if len(token) > 2 and token.endswith("s") and token[-2].isupper() else token


def _abbrev_doc(text: str) -> Counter[str]:
    counts = lexical.term_counts(text)[0]
    seen = Counter(_sf_key(t) for t in _SF_TOKEN.findall(text))
    for short, long in definitions(text):
        for t in lexical.terms(long):
            counts[t] += max(0, seen[_sf_key(short)] - 1)
    return counts


class _AbbrevQuery:
    """Query expansion by the corpus's definitions (``prepare`` reads them)."""

    def __init__(self, alpha: float = 0.3, share: float = 0.5) -> None:
        self.alpha, self.share = alpha, share
        self.longs: dict[str, Counter[tuple[str, ...]]] = {}
        self.shorts: dict[tuple[str, ...], Counter[str]] = {}

    def prepare(self, texts: list[str]) -> None:
        if self.longs:
            return
        for text in texts:
            for short, long in definitions(text):
                lt = tuple(lexical.terms(long))
                if lt:
                    self.longs.setdefault(_sf_key(short), Counter())[lt] += 1
                    self.shorts.setdefault(lt, Counter())[short] += 1

    def __call__(self, text: str) -> dict[str, float]:
        base = lexical.term_counts(text)[0]
        extra: set[str] = set()
        for tok in {_sf_key(t) for t in _SF_TOKEN.findall(text)}:
            c = self.longs.get(tok)
            if c and c.most_common(1)[0][1] / sum(c.values()) >= self.share:
                extra.update(c.most_common(1)[0][0])
        ts = lexical.terms(text)
        for i in range(len(ts)):
            for j in range(i + 2, len(ts) + 1):
                if tuple(ts[i:j]) in self.shorts:
                    extra.update(lexical.terms(self.shorts[tuple(ts[i:j])].most_common(1)[0][0]))
        w = {k: float(v) for k, v in base.items()}
        for t in extra - set(base):
            w[t] = self.alpha
        return w


class _Typo:
    """A query word that no document has (6+ letters) replaced by the document word 1 edit away (2 from 9
    letters) found in the most documents, if in 3 or more."""

    def __init__(self) -> None:
        self.words: Counter[str] = Counter()

    def prepare(self, texts: list[str]) -> None:
        if not self.words:
            for text in texts:
                self.words.update({w for w in _WORD.findall(unicodedata.normalize("NFC", text).casefold())
                                   if len(w) > 1 and not is_stopword(w)})

    def __call__(self, text: str) -> dict[str, float]:
        from rapidfuzz import distance, process

        stem = lexical._stemmer().stemWord
        out: Counter[str] = Counter()
        known = [w for w, c in self.words.items() if c >= 2]
        for w in _WORD.findall(unicodedata.normalize("NFC", text).casefold()):
            if (len(w) == 1 and w.isascii()) or is_stopword(w):
                continue
            if w in self.words or len(w) < 6 or not w.isalpha():
                out[stem(w)] += 1
                continue
            near = process.extract(w, known, scorer=distance.Levenshtein.distance, limit=20,
                                   score_cutoff=1 if len(w) < 9 else 2)
            near.sort(key=lambda m: (m[1], -self.words[m[0]]))
            out[stem(near[0][0]) if near and self.words[near[0][0]] >= 3 else stem(w)] += 1
        return {k: float(v) for k, v in out.items()}


def _porter(text: str) -> list[str]:
    import Stemmer

    words = [w for w in _WORD.findall(unicodedata.normalize("NFC", text).casefold())
             if not (len(w) == 1 and w.isascii()) and not is_stopword(w)]
    return Stemmer.Stemmer("porter").stemWords(words)  # type: ignore[no-any-return]


def _bigrams(text: str) -> Counter[str]:
    t = lexical.terms(text)
    return Counter(t) + Counter(f"{a}_{b}" for a, b in zip(t, t[1:]))


def _bigram_query(text: str) -> dict[str, float]:
    t = lexical.terms(text)
    w = {k: float(v) for k, v in Counter(t).items()}
    for a, b in zip(t, t[1:]):
        w[f"{a}_{b}"] = w.get(f"{a}_{b}", 0.0) + 0.1
    return w


def _minmax(bm: np.ndarray, cos: np.ndarray, cand: np.ndarray, dvec: np.ndarray) -> np.ndarray:
    def mm(x: np.ndarray) -> np.ndarray:
        return (x - x.min()) / (x.max() - x.min() + 1e-12)
    return mm(bm) + 0.7 * mm(cos)


def _rrf(bm: np.ndarray, cos: np.ndarray, cand: np.ndarray, dvec: np.ndarray) -> np.ndarray:
    rb = np.argsort(np.argsort(-bm, kind="stable"), kind="stable")
    rc = np.argsort(np.argsort(-cos, kind="stable"), kind="stable")
    return 1 / (5 + rb) + 0.7 / (5 + rc)


def _regularise(bm: np.ndarray, cos: np.ndarray, cand: np.ndarray, dvec: np.ndarray) -> np.ndarray:
    v = _z(bm) + 0.7 * _z(cos)
    top = np.argsort(-v)[:3]
    wt = np.exp(v[top] - v[top].max())
    return v + 0.1 * _z((dvec[cand] @ dvec[cand[top]].T) @ (wt / wt.sum()))


_abbrev_query = _AbbrevQuery()
_typo = _Typo()
VARIANTS: dict[str, Variant] = {
    "base": Variant("base"),
    "porter": Variant("porter", doc_terms=lambda t: Counter(_porter(t)),
                      query_terms=lambda t: {k: float(v) for k, v in Counter(_porter(t)).items()}),
    "abbrev-doc": Variant("abbrev-doc", doc_terms=_abbrev_doc),
    "abbrev-query": Variant("abbrev-query", query_terms=_abbrev_query, prepare=_abbrev_query.prepare),
    "typo": Variant("typo", query_terms=_typo, prepare=_typo.prepare),
    "bigram": Variant("bigram", doc_terms=_bigrams, query_terms=_bigram_query),
    "minmax": Variant("minmax", fuse=_minmax),
    "rrf": Variant("rrf", fuse=_rrf),
    "regularise": Variant("regularise", fuse=_regularise),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="train")
    ap.add_argument("--variant", nargs="*", default=["base"], choices=sorted(VARIANTS))
    ap.add_argument("--candidates", type=int, default=50)
    ap.add_argument("--failures", action="store_true")
    args = ap.parse_args(argv)
    for name in args.variant:
        r = evaluate(VARIANTS[name], args.split, args.candidates, args.failures)
        print(f"{args.split} {name}: BM25 {r['bm25@3']:.3f} / {r['bm25@10']:.3f}  fused {r['fused@3']:.3f} / "
              f"{r['fused@10']:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
