"""BM25 retrieval over small in-memory corpora (bm25s + the offline tokenizer)."""

from __future__ import annotations

import numpy as np

from shared.text.tokens import tokenize

__all__ = ["BM25Index"]


class BM25Index:
    """A BM25 (Lucene variant, k1=1.5, b=0.75) index over a list of texts.

    Texts are tokenized with :func:`shared.text.tokens.tokenize` (stopwords dropped).
    An empty corpus, or texts without any token, are allowed.

    Args:
        texts: the documents; their positions are the ids returned by :meth:`search`.
    """

    def __init__(self, texts: list[str]) -> None:
        self._n = len(texts)
        self._retriever = None
        corpus_tokens = [tokenize(t) for t in texts]
        self._vocab: set[str] = {tok for toks in corpus_tokens for tok in toks}
        if self._n and self._vocab:
            import bm25s

            retriever = bm25s.BM25(k1=1.5, b=0.75, method="lucene")
            retriever.index(corpus_tokens, show_progress=False)
            self._retriever = retriever

    def __len__(self) -> int:
        """Number of documents indexed."""
        return self._n

    def scores(self, query: str) -> list[float]:
        """BM25 score of every document for ``query`` (length ``len(texts)``; zeros if no match)."""
        if self._retriever is None:
            return [0.0] * self._n
        q = [t for t in tokenize(query) if t in self._vocab]
        if not q:
            return [0.0] * self._n
        arr = np.asarray(self._retriever.get_scores(q), dtype=float)
        return [float(x) for x in arr[: self._n]]

    def search(self, query: str, k: int) -> list[tuple[int, float]]:
        """Return up to ``k`` ``(doc_index, score)`` pairs, best first, only scores > 0.

        Ties are broken by the lower document index (deterministic). Empty corpus, empty
        query, a query without known terms or ``k <= 0`` return ``[]``; never raises for
        those inputs.
        """
        if k <= 0:
            return []
        sc = self.scores(query)
        ranked = sorted((i for i, s in enumerate(sc) if s > 0.0), key=lambda i: (-sc[i], i))
        return [(i, sc[i]) for i in ranked[:k]]
