"""The local corpus's BM25 search index, saved on disk so that a new process loads it instead of tokenising the
whole corpus again.

An index is keyed by the corpus's content version (:meth:`shared.corpus.Corpus.version`: document count and a hash
of every document's sha256, title and path) and the index format (:attr:`shared.text.bm25.BM25Index.FORMAT`); it
lives in ``<cache_dir>/<corpus name hash>/<version>/`` (bm25s's arrays, ``passages.json`` with each passage's
document, order, title, path and snippet). When the corpus changes its version changes: the next search builds the
new index, saves it and deletes the older versions of that corpus. Saving is atomic (a temporary folder renamed into
place), so a process never loads a half-written index; an unreadable saved index is rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import threading
import uuid
from collections import OrderedDict
from pathlib import Path
from typing import Any

from shared.corpus import Corpus
from shared.text.bm25 import BM25Index

log = logging.getLogger("assay.corpus_index")
SNIPPET_CHARS = 300


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
        self._memory: OrderedDict[tuple[str | None, tuple[int, str]], tuple[BM25Index, list[dict[str, Any]]]] = (
            OrderedDict())
        self._memory_size = memory_size
        self._lock = threading.Lock()
        #: how the last index was obtained: "memory", "loaded" (from disk) or "built" (for tests and benchmarks)
        self.last_source = ""

    def folder(self, name: str | None, version: tuple[int, str]) -> Path | None:
        """Where the index of corpus ``name`` (None = all corpora) at ``version`` is saved (None: no cache)."""
        if self._cache_dir is None:
            return None
        key = hashlib.sha256(repr(name).encode()).hexdigest()[:24]
        return self._cache_dir / key / f"{BM25Index.FORMAT}-{version[0]}-{version[1] or 'empty'}"

    def get(self, name: str | None) -> tuple[BM25Index, list[dict[str, Any]]]:
        """The index of corpus ``name`` (None = all) as it stands, and its passages in index order:
        {doc_sha256, ord, title, path, snippet (the passage's first 300 characters)}."""
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

    def _build(self, name: str | None) -> tuple[BM25Index, list[dict[str, Any]]]:
        rows = self._corpus.passages(name)
        index = BM25Index([f"{p['title']}\n{p['text']}" for p in rows])
        passages = [{"doc_sha256": p["doc_sha256"], "ord": p["ord"], "title": p["title"], "path": p["path"],
                     "snippet": p["text"][:SNIPPET_CHARS]} for p in rows]
        return index, passages

    @staticmethod
    def _load(folder: Path) -> tuple[BM25Index, list[dict[str, Any]]] | None:
        if not folder.is_dir():
            return None
        try:
            index = BM25Index.load(folder)
            passages = json.loads((folder / "passages.json").read_text(encoding="utf-8"))
            if not isinstance(passages, list) or len(passages) != len(index):
                raise ValueError("passages.json does not match the index")
            return index, passages
        except (OSError, ValueError, KeyError) as exc:
            log.warning("saved corpus index %s is unreadable, rebuilding it: %s", folder, exc)
            return None

    @staticmethod
    def _save(folder: Path, entry: tuple[BM25Index, list[dict[str, Any]]]) -> None:
        """Write into a temporary sibling, rename it into place, then delete the corpus's older versions. A
        failure to write is logged and the index stays in memory only."""
        tmp = folder.parent / f".tmp-{uuid.uuid4().hex}"
        try:
            index, passages = entry
            (tmp / "x").parent.mkdir(parents=True, exist_ok=True)
            (tmp / "passages.json").write_text(json.dumps(passages, ensure_ascii=False), encoding="utf-8")
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
