"""Experiment kit (not used by the product): re-ranking memory search candidates by a learned linear model.

Measured (``python -m tests.tools.tune_memory_rerank``, pairwise logistic regression, c 0.003, 11 features):
SciFact train 5-fold CV recall@3 0.910, @10 0.970 against the store's fusion 0.889 / 0.964 on the same
candidates; dev (measured once) 0.873 / 0.943 against the fusion's 0.865 / 0.945: no gain at @10, +0.008 at @3
(within the noise of 188 claims) for tens of milliseconds of query-time features, so the store does not use it
(see the ``shared.memory.store`` docstring). Two features added later, the lead line's (title's) idf share and a
proximity score (``window``), left CV and dev unchanged (0.910 / 0.970, dev 0.873 / 0.943;
``tests/tools/tune_memory_lexical``'s docstring); the stored weights are that 13-feature fit.

The store's candidates (BM25 top k united with vector top k) are described by ``FEATURES``: the BM25 score and
cosine the store already has, and features of the candidate's text computed at query time from its words and
sentences (the best sentence's BM25 and cosine, the share of the query's idf the text and its best sentence
cover, the query's word pairs found in order, a soft word match of the query's tokens against the text's, the
lead sentence's BM25, idf share and the text's length, and ``window``: the best sentence's idf share times its
matched query terms per term of the shortest run of terms holding them all). Score-like features are standardised
over the candidate set (z-scores), shares are kept raw; the ranking score is the dot product with ``weights`` (a
logistic model fitted on SciFact train claims by ``tests/tools/tune_memory_rerank.py``, 5-fold cross-validated
there, stored in ``memory_rerank_weights.json`` beside this file).

Nothing here is specific to one corpus: sentences are found by punctuation and line breaks, words by the memory's
own terms (``lexical.terms``), and vectors by the embedder's tokens when it exposes them (WordLlama); with an
embedder that does not (a gateway model), the sentence and token features are left at zero and the model's other
features rank.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from shared.memory import lexical

FEATURES: tuple[str, ...] = (
    "bm25", "cosine", "sent_cos", "sent_bm25", "coverage", "sent_coverage", "pairs", "soft", "lead_bm25",
    "log_length", "numbers", "lead_coverage", "window",
)
#: features standardised over the candidate set (the others are shares in [0, 1])
Z_FEATURES = frozenset({"bm25", "cosine", "sent_cos", "sent_bm25", "soft", "lead_bm25", "log_length"})
#: BM25 length normalisation of a sentence: the average sentence length in terms
SENTENCE_AVGDL = 14.0
WEIGHTS_PATH = Path(__file__).with_name("memory_rerank_weights.json")

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\s*\n\s*")
_HAS_DIGIT = re.compile(r"\d")

Matrix = npt.NDArray[np.float64]


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) character spans of ``text``'s sentences: split after ``.``, ``!`` or ``?`` followed by space and
    a capital or digit, and at line breaks; blank spans are dropped. At least one span for a non-blank text."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _SENTENCE_END.finditer(text):
        if text[pos:m.start()].strip():
            spans.append((pos, m.start()))
        pos = m.end()
    if text[pos:].strip():
        spans.append((pos, len(text)))
    return spans


@dataclass(frozen=True, slots=True)
class TokenVectors:
    """A static embedding's token access: ``encode(texts)`` gives, per text, (token ids, token start offsets);
    ``table`` is the (vocabulary, dims) float32 matrix of token vectors."""

    table: npt.NDArray[np.float32]
    tokenizer: Any
    unit: npt.NDArray[np.float32] = field(init=False)

    def __post_init__(self) -> None:
        norms = np.linalg.norm(self.table, axis=1, keepdims=True)
        object.__setattr__(self, "unit", (self.table / np.maximum(norms, 1e-12)).astype(np.float32))

    def encode(self, texts: list[str]) -> list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
        """Per text: token ids (clipped to the table) and each token's start offset in the text."""
        out = []
        for enc in self.tokenizer.encode_batch(texts, add_special_tokens=False):
            ids = np.clip(np.asarray(enc.ids, dtype=np.int64), 0, self.table.shape[0] - 1)
            starts = np.asarray([o[0] for o in enc.offsets], dtype=np.int64)
            keep = np.asarray(enc.attention_mask, dtype=bool) if len(enc.attention_mask) == len(ids) else None
            if keep is not None:
                ids, starts = ids[keep], starts[keep]
            out.append((ids, starts))
        return out


def _z(x: Matrix) -> Matrix:
    sd = float(x.std())
    return (x - x.mean()) / sd if sd > 1e-12 else np.zeros_like(x)


def _pairs(terms: Sequence[str]) -> set[tuple[str, str]]:
    return set(zip(terms, terms[1:]))


def _smallest_window(terms: Sequence[str], wanted: set[str]) -> int:
    """Length in terms of the shortest run of ``terms`` holding every term of ``wanted`` that ``terms`` has
    (0 when it has none)."""
    present = wanted & set(terms)
    if not present:
        return 0
    need, have, best, lo = len(present), Counter[str](), len(terms), 0
    covered = 0
    for hi, t in enumerate(terms):
        if t in present:
            have[t] += 1
            covered += have[t] == 1
        while covered == need:
            best = min(best, hi - lo + 1)
            u = terms[lo]
            if u in present:
                have[u] -= 1
                covered -= have[u] == 0
            lo += 1
    return best


def candidate_features(query: str, weights: dict[str, float], qvec: npt.NDArray[Any] | None, texts: Sequence[str],
                       bm25: Sequence[float], cosine: Sequence[float | None],
                       tokens: TokenVectors | None) -> Matrix:
    """The (len(texts), len(FEATURES)) feature matrix of one query's candidates, standardised as the module
    docstring says.

    Args:
        query: the query text.
        weights: the query's BM25 term weights (term -> query count x idf), as the store computes them.
        qvec: the query's unit vector (None: no vector; the vector features are zero).
        texts: the candidates' texts.
        bm25: their BM25 scores (0 for a candidate without the query's terms).
        cosine: their cosines to ``qvec`` (None where unknown: taken as the candidates' lowest).
        tokens: the embedding's token vectors (None: the sentence-vector and soft-match features are zero)."""
    n = len(texts)
    out = np.zeros((n, len(FEATURES)), dtype=np.float64)
    if n == 0:
        return out
    col = {name: i for i, name in enumerate(FEATURES)}
    qterms = lexical.terms(query)
    total_w = sum(weights.values()) or 1.0
    qpairs = _pairs(qterms)
    qnums = {w for w in qterms if _HAS_DIGIT.search(w)}
    k1, b = lexical.K1, lexical.B
    known = [c for c in cosine if c is not None]
    floor = min(known) if known else 0.0
    out[:, col["bm25"]] = np.asarray(bm25, dtype=np.float64)
    out[:, col["cosine"]] = np.asarray([floor if c is None else c for c in cosine], dtype=np.float64)
    spans = [sentence_spans(t) or [(0, len(t))] for t in texts]
    for i, text in enumerate(texts):
        sentence_terms = [lexical.terms(text[s:e]) for s, e in spans[i]]
        dterms = [t for st in sentence_terms for t in st]
        dset = set(dterms)
        out[i, col["coverage"]] = sum(w for t, w in weights.items() if t in dset) / total_w
        out[i, col["pairs"]] = len(qpairs & _pairs(dterms)) / len(qpairs) if qpairs else 0.0
        out[i, col["numbers"]] = len(qnums & dset) / len(qnums) if qnums else 0.0
        out[i, col["log_length"]] = np.log1p(len(dterms))
        best_bm, best_cov, lead, best_window = 0.0, 0.0, 0.0, 0.0
        for j, st in enumerate(sentence_terms):
            counts = Counter(st)
            length = len(st)
            score = sum(w * counts[t] * (k1 + 1) / (counts[t] + k1 * (1 - b + b * length / SENTENCE_AVGDL))
                        for t, w in weights.items() if t in counts)
            share = sum(w for t, w in weights.items() if t in counts) / total_w
            if j == 0:
                lead = score
                out[i, col["lead_coverage"]] = share
            best_bm = max(best_bm, score)
            best_cov = max(best_cov, share)
            span = _smallest_window(st, set(weights))
            if span:
                matched = len(set(weights) & counts.keys())
                best_window = max(best_window, share * matched / span)
        out[i, col["sent_bm25"]] = best_bm
        out[i, col["sent_coverage"]] = best_cov
        out[i, col["lead_bm25"]] = lead
        out[i, col["window"]] = best_window
    if tokens is not None and qvec is not None and query.strip():
        _token_features(out, col, tokens, query, np.asarray(qvec, dtype=np.float32), spans, texts)
    for name in Z_FEATURES:
        out[:, col[name]] = _z(out[:, col[name]])
    return out


def _token_features(out: Matrix, col: dict[str, int], tokens: TokenVectors, query: str,
                    qvec: npt.NDArray[np.float32], spans: list[list[tuple[int, int]]], texts: Sequence[str]) -> None:
    """Fill the best sentence's cosine (a sentence's vector is the mean of its tokens' vectors, WordLlama's own
    pooling) and the soft match (each query token's best cosine to a token of the text, averaged over the query's
    tokens), with one matrix product for all candidates."""
    encoded = tokens.encode([query, *texts])
    qids = encoded[0][0]
    doc_ids, sent_of, doc_start = [], [], []
    offset_sent = 0
    total = 0
    for i, (ids, starts) in enumerate(encoded[1:]):
        doc_start.append(total)
        ends = np.asarray([e for _, e in spans[i]])
        which = np.minimum(np.searchsorted(ends, starts, side="right"), len(ends) - 1)
        doc_ids.append(ids)
        sent_of.append(which + offset_sent)
        offset_sent += len(ends)
        total += len(ids)
    if total == 0:
        return
    ids_all = np.concatenate(doc_ids)
    sent_all = np.concatenate(sent_of)
    vecs = tokens.table[ids_all]
    # sentences in order, tokens in order: each sentence's tokens are one run
    runs = np.flatnonzero(np.r_[True, sent_all[1:] != sent_all[:-1]])
    sums = np.add.reduceat(vecs, runs, axis=0)
    norms = np.linalg.norm(sums, axis=1)
    cos = np.where(norms > 1e-12, (sums @ qvec) / np.maximum(norms, 1e-12), -1.0)
    run_doc = np.searchsorted(np.asarray(doc_start), runs, side="right") - 1
    best = np.full(len(texts), -1.0)
    np.maximum.at(best, run_doc, cos)
    out[:, col["sent_cos"]] = np.where(best > -1.0, best, 0.0)
    if len(qids):
        unit = tokens.unit[ids_all]
        sims = tokens.unit[qids] @ unit.T  # (query tokens, all tokens)
        nonempty = np.asarray([len(d) > 0 for d in doc_ids])
        starts = np.asarray(doc_start)[nonempty]
        per_doc = np.maximum.reduceat(sims, starts, axis=1).mean(axis=0)
        out[nonempty, col["soft"]] = per_doc


@dataclass(frozen=True, slots=True)
class Reranker:
    """A linear ranking model over ``FEATURES``: ``score(x) = x @ weights`` (higher is better)."""

    weights: npt.NDArray[np.float64]

    def score(self, features: Matrix) -> Matrix:
        """(n,) scores of an (n, len(FEATURES)) feature matrix."""
        return features @ self.weights

    @classmethod
    def load(cls, path: Path = WEIGHTS_PATH) -> Reranker:
        """The model stored at ``path`` (JSON: ``{"features": [...], "weights": [...]}``).

        Raises: ValueError when the file's features are not ``FEATURES`` (a model fitted for other features)."""
        data = json.loads(path.read_text())
        if tuple(data["features"]) != FEATURES:
            raise ValueError(f"{path}: the model's features {data['features']} are not {list(FEATURES)}")
        return cls(np.asarray(data["weights"], dtype=np.float64))
