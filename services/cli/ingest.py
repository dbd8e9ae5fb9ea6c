"""``assay ingest``: files and folders into the local corpus, parsed by the scraper's file readers.

Ingest is incremental: each file's size and modification time, and the version of the extractor that read it
(``services.scraper.fetch.files.EXTRACTION_VERSION``), are recorded with the documents it gave (``corpus_files``); a
file seen before with the same size and time, read by the same extractor version, is skipped; a changed file, or one
an older extractor read (so a change to extraction reaches a corpus ingested before it), replaces its documents, and a file that was ingested from under a folder and is gone from it is removed from the corpus.
``watch_path`` (``assay ingest --watch``) keeps a folder in sync: it ingests, then ingests again after every batch
of file-system changes (watchfiles: inotify on Linux), so added, changed and deleted files reach the corpus."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from services.scraper.fetch import EXTRACTION_VERSION, FetchError, iter_corpus_files, parse_file, parse_json_records
from shared.corpus import DEFAULT_CORPUS, MAX_DOCUMENT_CHARS, Corpus, FileRecord, NewDocument


@dataclass
class IngestReport:
    """What ``ingest`` did: documents stored, and the files refused with their reasons."""

    stored: list[tuple[str, str]] = field(default_factory=list)  # (path, sha256)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    unchanged: list[str] = field(default_factory=list)  # files skipped: same size, mtime and extractor as last ingest
    #: unchanged files read again because another extractor version read them (EXTRACTION_VERSION changed)
    reread: list[str] = field(default_factory=list)
    removed: list[tuple[str, str]] = field(default_factory=list)  # (file path, sha256) no longer in the corpus


def ingest_path(store: Corpus, root: Path, corpus: str = DEFAULT_CORPUS) -> IngestReport:
    """Ingest a file or a folder (recursively: .txt .md .html .htm .json .pdf).

    Refused files (binary, empty, not UTF-8, no text, over ``MAX_DOCUMENT_CHARS`` characters) are listed
    in ``failed`` with the reason; the others are stored. A file ingested before with the same size and
    modification time by the same extractor version (:data:`EXTRACTION_VERSION`) is skipped (``unchanged``); one
    that another version read is read again (``reread``) and replaces its documents; a changed one replaces the documents it gave; a refused file
    that was ingested before keeps its earlier documents; files recorded under folder ``root`` that are gone
    from it are removed (``removed``). Raises: FileNotFoundError when ``root`` does not exist.
    """
    if not root.exists():
        raise FileNotFoundError(f"no such file or folder: {root}")
    files = [root] if root.is_file() else iter_corpus_files(root)
    report = IngestReport()
    known = store.files(corpus)
    seen: set[str] = set()
    for path in files:
        key = str(path.resolve())
        seen.add(key)
        try:
            st = path.stat()
        except OSError as exc:
            report.failed.append((str(path), f"unreadable: {exc.__class__.__name__}: {exc}"))
            continue
        before = known.get(key)
        same_file = before is not None and before.size == st.st_size and before.mtime_ns == st.st_mtime_ns
        if same_file and before is not None and before.extraction_version == EXTRACTION_VERSION:
            report.unchanged.append(str(path))
            continue
        if same_file:  # the file is as it was, but another extractor read it: its text may differ now
            report.reread.append(str(path))
        try:
            if path.stat().st_size > 4 * MAX_DOCUMENT_CHARS:
                raise FetchError("too_large", f"{path} is {path.stat().st_size} bytes; the limit is "
                                              f"{4 * MAX_DOCUMENT_CHARS}")
            if path.suffix.lower() in (".json", ".jsonl"):
                docs = parse_json_records(path)
            else:
                docs = [parse_file(path)]
            for doc in docs:
                if len(doc.text) > MAX_DOCUMENT_CHARS:
                    raise FetchError("too_large", f"{doc.path} has {len(doc.text)} characters of text; "
                                                  f"the limit is {MAX_DOCUMENT_CHARS}")
        except FetchError as exc:
            report.failed.append((str(path), str(exc)))
            continue
        except (OSError, ValueError, RecursionError) as exc:  # unreadable file, odd content
            report.failed.append((str(path), f"unreadable: {exc.__class__.__name__}: {exc}"))
            continue
        # a file's documents (a JSON file of records gives many) in one transaction: stored whole or not at all
        digests = store.add_many(corpus, [NewDocument(path=doc.path, title=doc.title, text=doc.text,
                                                      content_type=doc.content_type) for doc in docs])
        report.stored.extend((doc.path, digest) for doc, digest in zip(docs, digests))
        record = FileRecord(key, st.st_size, st.st_mtime_ns, tuple(digests), EXTRACTION_VERSION)
        for digest in store.record_file(corpus, record):
            report.removed.append((str(path), digest))
    if root.is_dir():
        prefix = str(root.resolve()).rstrip("/") + "/"
        for gone in sorted(p for p in known if p.startswith(prefix) and p not in seen):
            for digest in store.forget_file(corpus, gone):
                report.removed.append((gone, digest))
    return report



def watch_path(store: Corpus, root: Path, corpus: str = DEFAULT_CORPUS, *,
               on_pass: Callable[[IngestReport], None] | None = None,
               stop: threading.Event | None = None, debounce_ms: int = 300) -> int:
    """Ingest ``root`` (see :func:`ingest_path`), then again after each batch of changes under it until ``stop`` is
    set (or the process is interrupted); ``on_pass`` gets every pass's report, the first one included. Changes
    within ``debounce_ms`` of each other are one batch. Returns how many passes ran.

    Raises: FileNotFoundError when ``root`` does not exist at the start."""
    from watchfiles import watch

    if not root.exists():
        raise FileNotFoundError(f"no such file or folder: {root}")
    passes = 0
    target = root if root.is_dir() else root.parent
    # the watcher runs before the first pass (its first, empty, yield after ``rust_timeout`` ms says so), so a
    # change made right after the first pass is reported is never missed; later empty yields are skipped
    for changes in watch(target, stop_event=stop, debounce=debounce_ms, raise_interrupt=False,
                         yield_on_timeout=True, rust_timeout=200):
        if passes and not changes:
            continue
        if root.is_file() or root.is_dir():
            report = ingest_path(store, root, corpus)
        else:  # the watched file itself was deleted: forget it
            report = IngestReport()
            for digest in store.forget_file(corpus, str(root.resolve())):
                report.removed.append((str(root), digest))
        passes += 1
        if on_pass is not None:
            on_pass(report)
    return passes
