"""BM25 retrieval over small in-memory corpora (bm25s + the offline tokenizer); an index can be saved to a
folder and loaded back without tokenising the texts again (:meth:`BM25Index.save`, :meth:`BM25Index.load`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from shared.text.tokens import tokenize

__all__ = ["BM25Index", "preload"]

def preload() -> None:
    """Start importing bm25s (with scipy.sparse: about 0.3 s of CPU) in a background thread, once per process, so a
    service's first index or search does not pay for it: a service that searches calls this while it starts
    (connecting to the bus and the store meanwhile). See :func:`shared.preload.preload`."""
    from shared.preload import preload as preload_modules

    preload_modules("bm25s")


class BM25Index:
    """A BM25 (Lucene variant, k1=1.5, b=0.75) index over a list of texts.

    Texts are tokenized with :func:`shared.text.tokens.tokenize` (stopwords dropped).
    An empty corpus, or texts without any token, are allowed.

    Args:
        texts: the documents; their positions are the ids returned by :meth:`search`.
    """

    #: the index's file format; an index saved by another format is not loaded (``load`` raises ValueError)
    FORMAT = "assay-bm25-1"

    def __init__(self, texts: list[str]) -> None:
        self._n = len(texts)
        self._retriever: Any = None
        corpus_tokens = [tokenize(t) for t in texts]
        self._vocab: set[str] = {tok for toks in corpus_tokens for tok in toks}
        if self._n and self._vocab:
            import bm25s

            retriever = bm25s.BM25(k1=1.5, b=0.75, method="lucene")
            retriever.index(corpus_tokens, show_progress=False)
            self._retriever = retriever

    def save(self, folder: Path) -> None:
        """Write the index into ``folder`` (created if missing; bm25s's arrays and vocabulary, plus
        ``assay.json`` with the document count and format, written last so that its presence means complete).
        Raises: OSError when the folder cannot be written."""
        folder.mkdir(parents=True, exist_ok=True)
        if self._retriever is not None:
            self._retriever.save(str(folder / "bm25s"), show_progress=False)
        (folder / "assay.json").write_text(json.dumps({"format": self.FORMAT, "n": self._n,
                                                       "empty": self._retriever is None}))

    @classmethod
    def load(cls, folder: Path) -> BM25Index:
        """The index saved in ``folder`` by :meth:`save`: scores equal to the saved one's. Raises: OSError
        (FileNotFoundError) when nothing complete is saved there, ValueError when the saved files are of
        another format or unreadable."""
        meta = json.loads((folder / "assay.json").read_text())
        if not isinstance(meta, dict) or meta.get("format") != cls.FORMAT:
            raise ValueError(f"{folder}: not a saved index of format {cls.FORMAT}")
        index = cls.__new__(cls)
        index._n = int(meta["n"])
        index._retriever = None
        index._vocab = set()
        if not meta.get("empty"):
            import bm25s

            # memory-mapped: a search reads only its terms' postings, so a large index costs little resident memory
            retriever = bm25s.BM25.load(str(folder / "bm25s"), show_progress=False, mmap=True)
            index._retriever = retriever
            index._vocab = {tok for tok in retriever.vocab_dict if tok}
        return index

    def __len__(self) -> int:
        """Number of documents indexed."""
        return self._n

    def scores(self, query: str) -> list[float]:
        """BM25 score of every document for ``query`` (length ``len(texts)``; zeros if no match)."""
        arr = self._score_array(query)
        return [0.0] * self._n if arr is None else [float(x) for x in arr]

    def _score_array(self, query: str) -> np.ndarray | None:
        """The scores as a float64 array of length ``len(texts)``, None when no document can match."""
        if self._retriever is None:
            return None
        q = [t for t in tokenize(query) if t in self._vocab]
        if not q:
            return None
        return np.asarray(self._retriever.get_scores(q), dtype=float)[: self._n]

    def search(self, query: str, k: int) -> list[tuple[int, float]]:
        """Return up to ``k`` ``(doc_index, score)`` pairs, best first, only scores > 0.

        Ties are broken by the lower document index (deterministic). Empty corpus, empty
        query, a query without known terms or ``k <= 0`` return ``[]``; never raises for
        those inputs.
        """
        if k <= 0:
            return []
        sc = self._score_array(query)
        if sc is None:
            return []
        hits = np.flatnonzero(sc > 0.0)  # ascending document index
        if len(hits) > k:  # only the k best need ordering: the k-th best score and everything above it
            kth = np.partition(sc[hits], len(hits) - k)[len(hits) - k]
            hits = hits[sc[hits] >= kth]
        ranked = hits[np.lexsort((hits, -sc[hits]))][:k]  # score descending, then the lower index
        return [(int(i), float(sc[i])) for i in ranked]
