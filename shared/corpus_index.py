"""The local corpus's BM25 search index, saved on disk so that a new process loads it instead of tokenising the
whole corpus again.

An index is keyed by the corpus's content version (:meth:`shared.corpus.Corpus.version`: document count and a hash
of every document's sha256, title and path, kept up to date in PostgreSQL as documents are written) and the index
format (:attr:`shared.text.bm25.BM25Index.FORMAT`, :data:`KEYS_FORMAT`); it lives in
``<cache_dir>/<corpus name hash>/<version>/`` (bm25s's arrays, memory-mapped when loaded, and ``keys.npz``: each
passage's corpus, document digest and order, as arrays). A search holds no passage text in memory: the title, path
and snippet of the few documents it returns are read from PostgreSQL (:meth:`shared.corpus.Corpus.passage_heads`).
When the corpus changes its version changes: the next search builds the new index, saves it and deletes the older
versions of that corpus. Saving is atomic (a temporary folder renamed into place), so a process never loads a
half-written index; an unreadable saved index is rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import threading
import uuid
import zipfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from shared.corpus import Corpus
from shared.text.bm25 import BM25Index

log = logging.getLogger("assay.corpus_index")
SNIPPET_CHARS = 300
#: the format of ``keys.npz`` (part of a saved index's folder name, with the BM25 format)
KEYS_FORMAT = "keys-1"


@dataclass(frozen=True)
class PassageKeys:
    """Which passage each index position is: ``corpora[corpus_ids[i]]``, ``digests[i]`` (sha256 hex, ASCII bytes)
    and ``ords[i]`` (its order in the document). Arrays of equal length, one entry per indexed passage."""

    corpora: tuple[str, ...]
    corpus_ids: np.ndarray
    digests: np.ndarray
    ords: np.ndarray

    def __len__(self) -> int:
        return len(self.ords)

    def key(self, i: int) -> tuple[str, str, int]:
        """(corpus, document sha256, order) of index position ``i``."""
        return self.corpora[int(self.corpus_ids[i])], self.digests[i].decode("ascii"), int(self.ords[i])

    @classmethod
    def of(cls, rows: list[dict[str, Any]]) -> PassageKeys:
        """The keys of ``rows`` ({corpus, doc_sha256, ord}, in index order)."""
        corpora = tuple(sorted({str(r["corpus"]) for r in rows}))
        ids = {c: i for i, c in enumerate(corpora)}
        return cls(corpora, np.array([ids[str(r["corpus"])] for r in rows], dtype=np.int32),
                   np.array([str(r["doc_sha256"]).encode("ascii") for r in rows], dtype="S64"),
                   np.array([int(r["ord"]) for r in rows], dtype=np.int32))

    def save(self, path: Path) -> None:
        """Write the arrays to ``path`` (an uncompressed ``.npz``). Raises: OSError."""
        with path.open("wb") as fh:
            np.savez(fh, corpora=np.array(self.corpora, dtype=str), corpus_ids=self.corpus_ids,
                     digests=self.digests, ords=self.ords)

    @classmethod
    def load(cls, path: Path) -> PassageKeys:
        """The keys saved in ``path`` by :meth:`save`. Raises: OSError, ValueError (unreadable or inconsistent)."""
        try:
            with np.load(path, allow_pickle=False) as data:
                keys = cls(tuple(str(c) for c in data["corpora"]), data["corpus_ids"], data["digests"], data["ords"])
        except (KeyError, zipfile.BadZipFile, EOFError) as exc:
            raise ValueError(f"{path}: {exc}") from exc
        if not len(keys.corpus_ids) == len(keys.digests) == len(keys.ords):
            raise ValueError(f"{path}: arrays of different lengths")
        if len(keys) and (int(keys.corpus_ids.min()) < 0 or int(keys.corpus_ids.max()) >= len(keys.corpora)):
            raise ValueError(f"{path}: a corpus id out of range")
        return keys


@dataclass(frozen=True)
class DocumentHit:
    """One document found by :meth:`CorpusIndex.documents`: its sha256, title, path, the first 300 characters of
    its best passage (``snippet``) and that passage's BM25 score."""

    doc_sha256: str
    title: str
    path: str
    snippet: str
    score: float


def index_dir(data_dir: Path) -> Path:
    """Where a data directory keeps its saved corpus indexes: ``<data_dir>/cache/corpus-index``."""
    return data_dir / "cache" / "corpus-index"


class CorpusIndex:
    """BM25 over the passages of one corpus (or all), kept in memory (the ``memory_size`` most recent corpus
    versions) and saved under ``cache_dir`` (None: memory only). Thread-safe: each index is built once.

    Args:
        corpus: the corpus store.
        cache_dir: where saved indexes live (e.g. ``<data_dir>/cache/corpus-index``); created when needed.
    """

    def __init__(self, corpus: Corpus, cache_dir: Path | None, *, memory_size: int = 16) -> None:
        self._corpus = corpus
        self._cache_dir = cache_dir
        self._memory: OrderedDict[tuple[str | None, tuple[int, str]], tuple[BM25Index, PassageKeys]] = OrderedDict()
        self._memory_size = memory_size
        self._lock = threading.Lock()
        #: how the last index was obtained: "memory", "loaded" (from disk) or "built" (for tests and benchmarks)
        self.last_source = ""

    def folder(self, name: str | None, version: tuple[int, str]) -> Path | None:
        """Where the index of corpus ``name`` (None = all corpora) at ``version`` is saved (None: no cache)."""
        if self._cache_dir is None:
            return None
        key = hashlib.sha256(repr(name).encode()).hexdigest()[:24]
        return self._cache_dir / key / f"{BM25Index.FORMAT}-{KEYS_FORMAT}-{version[0]}-{version[1] or 'empty'}"

    def get(self, name: str | None) -> tuple[BM25Index, PassageKeys]:
        """The index of corpus ``name`` (None = all) as it stands, and which passage each of its positions is."""
        version = self._corpus.version(name)
        key = (name, version)
        with self._lock:
            if key in self._memory:
                self._memory.move_to_end(key)
                self.last_source = "memory"
                return self._memory[key]
            folder = self.folder(name, version)
            entry = self._load(folder) if folder is not None else None
            if entry is not None:
                self.last_source = "loaded"
            else:
                entry = self._build(name)
                self.last_source = "built"
                if folder is not None:
                    self._save(folder, entry)
            self._memory[key] = entry
            while len(self._memory) > self._memory_size:
                self._memory.popitem(last=False)
            return entry

    def documents(self, name: str | None, query: str, limit: int, *, passages: int | None = None) -> list[DocumentHit]:
        """The ``limit`` best documents of corpus ``name`` (None = all) for ``query``: the best ``passages`` (default
        ``4 * limit``) passages by BM25 score, each document ranked by its best one (score descending, then digest).
        Only these documents' titles, paths and snippets are read from the store. [] for no match."""
        if limit <= 0:
            return []
        index, keys = self.get(name)
        best: dict[str, tuple[float, tuple[str, str, int]]] = {}
        for i, score in index.search(query, k=passages if passages is not None else limit * 4):
            key = keys.key(i)
            if key[1] not in best or score > best[key[1]][0]:
                best[key[1]] = (score, key)
        ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))[:limit]
        heads = self._corpus.passage_heads([key for _, (_, key) in ranked], snippet_chars=SNIPPET_CHARS)
        return [DocumentHit(sha, h["title"], h["path"], h["snippet"], score)
                for sha, (score, key) in ranked if (h := heads.get(key)) is not None]

    def _build(self, name: str | None) -> tuple[BM25Index, PassageKeys]:
        rows = self._corpus.passages(name)
        index = BM25Index([f"{p['title']}\n{p['text']}" for p in rows])
        keys = PassageKeys.of(rows)
        del rows
        return index, keys

    @staticmethod
    def _load(folder: Path) -> tuple[BM25Index, PassageKeys] | None:
        if not folder.is_dir():
            return None
        try:
            index = BM25Index.load(folder)
            keys = PassageKeys.load(folder / "keys.npz")
            if len(keys) != len(index):
                raise ValueError("keys.npz does not match the index")
            return index, keys
        except (OSError, ValueError, KeyError, json.JSONDecodeError) as exc:
            log.warning("saved corpus index %s is unreadable, rebuilding it: %s", folder, exc)
            return None

    @staticmethod
    def _save(folder: Path, entry: tuple[BM25Index, PassageKeys]) -> None:
        """Write into a temporary sibling, rename it into place, then delete the corpus's older versions. A
        failure to write is logged and the index stays in memory only."""
        tmp = folder.parent / f".tmp-{uuid.uuid4().hex}"
        try:
            index, keys = entry
            tmp.mkdir(parents=True, exist_ok=True)
            keys.save(tmp / "keys.npz")
            index.save(tmp)  # writes assay.json last: a complete folder
            try:
                os.rename(tmp, folder)
            except OSError:  # another process saved the same version first
                shutil.rmtree(tmp, ignore_errors=True)
            for old in folder.parent.iterdir():
                if old.name != folder.name and not old.name.startswith(".tmp-"):
                    shutil.rmtree(old, ignore_errors=True)
        except OSError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            log.warning("could not save the corpus index in %s: %s", folder, exc)
