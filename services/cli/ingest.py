"""``assay ingest``: files and folders into the local corpus, parsed by the scraper's file readers."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from services.scraper.fetch import FetchError, iter_corpus_files, parse_file, parse_json_records
from shared.corpus import DEFAULT_CORPUS, MAX_DOCUMENT_CHARS, Corpus


@dataclass
class IngestReport:
    """What ``ingest`` did: documents stored, and the files refused with their reasons."""

    stored: list[tuple[str, str]] = field(default_factory=list)  # (path, sha256)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)


def ingest_path(store: Corpus, root: Path, corpus: str = DEFAULT_CORPUS) -> IngestReport:
    """Ingest a file or a folder (recursively: .txt .md .html .htm .json .pdf).

    Refused files (binary, empty, not UTF-8, no text, over ``MAX_DOCUMENT_CHARS`` characters) are listed
    in ``failed`` with the reason; the others are stored. Raises: FileNotFoundError when ``root`` does not exist.
    """
    if not root.exists():
        raise FileNotFoundError(f"no such file or folder: {root}")
    files = [root] if root.is_file() else iter_corpus_files(root)
    report = IngestReport()
    for path in files:
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
        for doc in docs:
            digest = store.add(corpus, path=doc.path, title=doc.title, text=doc.text,
                              content_type=doc.content_type)
            report.stored.append((doc.path, digest))
    return report

