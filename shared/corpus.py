"""The local corpus: ``assay ingest PATH`` stores files' text in the document store and splits it into
passages; the gatherer's local provider searches those passages with BM25 (``shared.text.bm25``).

Local sources are addressed as ``doc:<sha256>``; the scraper reads them back from the document store.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg_pool import ConnectionPool

from shared.docstore import DocumentStore, clean_text, sha256_text

DEFAULT_CORPUS = "default"
MAX_DOCUMENT_CHARS = 5_000_000
PASSAGE_CHARS = 1200

#: the documents that are current across corpora: (corpus, doc_sha256) of each document not superseded. A
#: document's address is the file it came from (``corpus_files.path``, resolved) or else its recorded ``path``;
#: when several corpora hold documents of one address (the same file ingested into two corpora, one of them before
#: the file changed), only the corpus that ingested that address last holds its current version, so the others'
#: documents of that address are history, never a second source beside the newer version. Within one corpus a
#: re-ingest already replaces a changed file's documents.
CURRENT_DOCUMENTS = """
WITH files AS (SELECT corpus, path, unnest(doc_sha256s) AS doc_sha256 FROM corpus_files),
docs AS (SELECT d.corpus, d.doc_sha256, d.ingested_at, coalesce(f.path, d.path) AS addr
         FROM corpus_documents d LEFT JOIN files f ON f.corpus = d.corpus AND f.doc_sha256 = d.doc_sha256),
latest AS (SELECT DISTINCT ON (addr) addr, corpus
           FROM (SELECT addr, corpus, max(ingested_at) AS at FROM docs GROUP BY addr, corpus) g
           ORDER BY addr, at DESC, corpus)
SELECT DISTINCT d.corpus, d.doc_sha256 FROM docs d JOIN latest l ON l.addr = d.addr AND l.corpus = d.corpus
"""


def split_passages(text: str, *, target_chars: int = PASSAGE_CHARS) -> list[str]:
    """Split ``text`` on blank lines into passages of about ``target_chars`` characters (paragraphs are
    merged up to the target; a longer paragraph stays whole). Returns non-empty passages in order."""
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    passages: list[str] = []
    current = ""
    for para in paragraphs:
        if current and len(current) + len(para) + 2 > target_chars:
            passages.append(current)
            current = para
        else:
            current = f"{current}\n\n{para}" if current else para
    if current:
        passages.append(current)
    return passages


@dataclass(frozen=True)
class FileRecord:
    """One ingested file of a corpus: its path (as ingested, resolved), size in bytes, modification time in
    nanoseconds, the sha256 of each document it gave (a JSON file of records gives several), and the version of the
    extractor that read it (``services.scraper.fetch.files.EXTRACTION_VERSION``; 0: recorded before versions were,
    an older extractor)."""

    path: str
    size: int
    mtime_ns: int
    digests: tuple[str, ...]
    extraction_version: int = 0


@dataclass(frozen=True)
class NewDocument:
    """One document to store with :meth:`Corpus.add_many`: where it came from (``path``), its title, its text and
    the content type its text was read from."""

    path: str
    title: str
    text: str
    content_type: str = "text/plain"


class Corpus:
    """Ingest and read the local corpus (tables ``corpus_documents`` and ``corpus_passages``)."""

    def __init__(self, pool: ConnectionPool, documents: DocumentStore) -> None:
        self._pool = pool
        self._documents = documents
        # (corpus, version, sample) -> languages: a corpus's sample only changes with its version
        self._languages: dict[tuple[str | None, tuple[int, str], int], dict[str, int]] = {}
        self._languages_lock = threading.Lock()

    def add(self, corpus: str, *, path: str, title: str, text: str, content_type: str) -> str:
        """Store one document in ``corpus`` (idempotent). Returns its sha256."""
        text, title, path = clean_text(text), clean_text(title), clean_text(path)
        digest = self._documents.put(text, content_type)
        passages = split_passages(text)
        with self._pool.connection() as conn:
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO corpus_passages (corpus, doc_sha256, ord, text) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    [(corpus, digest, i, p) for i, p in enumerate(passages)],
                )
            # last: its trigger updates the corpus's version row, locked from here to the commit
            conn.execute(
                "INSERT INTO corpus_documents (corpus, doc_sha256, path, title) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (corpus, doc_sha256) DO NOTHING",
                (corpus, digest, path, title),
            )
        return digest

    def add_many(self, corpus: str, docs: Sequence[NewDocument]) -> list[str]:
        """Store ``docs`` in ``corpus`` as :meth:`add` stores each (idempotent; the same texts, passages, titles and
        paths), in one transaction and a few round trips: a batch is stored whole or not at all, and a large
        ingest does not pay one commit per document. Returns each document's sha256, in order."""
        rows = []
        for doc in docs:
            text = clean_text(doc.text)
            rows.append((sha256_text(text), text, clean_text(doc.title), clean_text(doc.path), doc.content_type))
        if not rows:
            return []
        with self._pool.connection() as conn:
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO documents (sha256, content_type, text) VALUES (%s, %s, %s) "
                    "ON CONFLICT (sha256) DO NOTHING",
                    [(digest, ctype, text) for digest, text, _, _, ctype in rows])
                cur.executemany(
                    "INSERT INTO corpus_passages (corpus, doc_sha256, ord, text) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    [(corpus, digest, i, p) for digest, text, _, _, _ in rows
                     for i, p in enumerate(split_passages(text))])
                # last: their trigger updates the corpus's version row, locked from here to the commit
                cur.executemany(
                    "INSERT INTO corpus_documents (corpus, doc_sha256, path, title) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT (corpus, doc_sha256) DO NOTHING",
                    [(corpus, digest, path, title) for digest, _, title, path, _ in rows])
        return [digest for digest, *_ in rows]

    def version(self, corpus: str | None) -> tuple[int, str]:
        """(document count, content hash) of ``corpus`` (None = all); the hash (32 hex digits, '' for no
        documents) covers every document's corpus, sha256, title and path, so it changes whenever a document is
        added, removed or renamed, and is the same in every process for the same content (the key of the saved
        search index). Read from ``corpus_versions``, which a trigger keeps up to date as documents are written
        (``shared.db.CORPUS_VERSION_SCHEMA``): one row per corpus, whatever the corpus's size."""
        with self._pool.connection() as conn:
            row = conn.execute(
                "SELECT coalesce(sum(documents), 0), coalesce(bit_xor(h1), 0), coalesce(bit_xor(h2), 0) "
                "FROM corpus_versions WHERE %(c)s::text IS NULL OR corpus = %(c)s",
                {"c": corpus},
            ).fetchone()
        assert row is not None
        count = int(row[0])
        mask = (1 << 64) - 1
        return count, (f"{int(row[1]) & mask:016x}{int(row[2]) & mask:016x}" if count else "")

    def remove(self, corpus: str, digests: list[str]) -> int:
        """Remove the documents ``digests`` (and their passages) from ``corpus``; the document store keeps their
        text (earlier runs cite it). Returns how many documents were removed."""
        if not digests:
            return 0
        with self._pool.connection() as conn:
            conn.execute("DELETE FROM corpus_passages WHERE corpus = %s AND doc_sha256 = ANY(%s)",
                         (corpus, list(digests)))
            cur = conn.execute("DELETE FROM corpus_documents WHERE corpus = %s AND doc_sha256 = ANY(%s)",
                               (corpus, list(digests)))
            return cur.rowcount

    def files(self, corpus: str) -> dict[str, FileRecord]:
        """The files ingested into ``corpus`` (:meth:`record_file`): path -> its record."""
        with self._pool.connection() as conn:
            rows = conn.execute("SELECT path, size, mtime_ns, doc_sha256s, extraction_version FROM corpus_files "
                                "WHERE corpus = %s", (corpus,)).fetchall()
        return {str(r[0]): FileRecord(str(r[0]), int(r[1]), int(r[2]), tuple(r[3]), int(r[4])) for r in rows}

    def record_file(self, corpus: str, record: FileRecord) -> list[str]:
        """Record that file ``record.path`` (of ``record.size`` bytes, modified at ``record.mtime_ns``, read by
        extractor version ``record.extraction_version``) gave the documents ``record.digests`` in ``corpus``; the documents it gave before and no other recorded file of
        ``corpus`` gives are removed (:meth:`remove`). Returns the removed digests."""
        return self._replace_file(corpus, record.path, record)

    def forget_file(self, corpus: str, path: str) -> list[str]:
        """The file ``path`` is gone: drop its record and remove the documents only it gave. Returns them."""
        return self._replace_file(corpus, path, None)

    def _replace_file(self, corpus: str, path: str, record: FileRecord | None) -> list[str]:
        with self._pool.connection() as conn:
            row = conn.execute("SELECT doc_sha256s FROM corpus_files WHERE corpus = %s AND path = %s FOR UPDATE",
                               (corpus, path)).fetchone()
            before = set(row[0]) if row else set()
            if record is None:
                conn.execute("DELETE FROM corpus_files WHERE corpus = %s AND path = %s", (corpus, path))
            else:
                conn.execute(
                    "INSERT INTO corpus_files (corpus, path, size, mtime_ns, doc_sha256s, extraction_version) "
                    "VALUES (%s, %s, %s, %s, %s, %s) "
                    "ON CONFLICT (corpus, path) DO UPDATE SET size = EXCLUDED.size, mtime_ns = EXCLUDED.mtime_ns, "
                    "doc_sha256s = EXCLUDED.doc_sha256s, extraction_version = EXCLUDED.extraction_version",
                    (corpus, path, record.size, record.mtime_ns, list(record.digests), record.extraction_version))
            gone = before - set(record.digests if record else ())
            if gone:
                still = conn.execute(
                    "SELECT DISTINCT unnest(doc_sha256s) FROM corpus_files WHERE corpus = %s", (corpus,)).fetchall()
                gone -= {str(r[0]) for r in still}
        removed = sorted(gone)
        self.remove(corpus, removed)
        return removed

    def passages(self, corpus: str | None) -> list[dict[str, Any]]:
        """Every passage of ``corpus`` (None = all: a document in several corpora counts once, with the title and
        path it has in the first corpus by name, and a document superseded by a newer version of its file in
        another corpus is left out: :data:`CURRENT_DOCUMENTS`) with its corpus and its document's title and path,
        in a stable order: {corpus, doc_sha256, ord, text, title, path}."""
        current = "" if corpus is not None else (
            f"JOIN ({CURRENT_DOCUMENTS}) cur ON cur.corpus = p.corpus AND cur.doc_sha256 = p.doc_sha256 ")
        with self._pool.connection() as conn:
            rows = conn.execute(
                "SELECT DISTINCT ON (p.doc_sha256, p.ord) p.doc_sha256, p.ord, p.text, d.title, d.path, p.corpus "
                "FROM corpus_passages p JOIN corpus_documents d "
                "  ON d.corpus = p.corpus AND d.doc_sha256 = p.doc_sha256 " + current +
                "WHERE %(c)s::text IS NULL OR p.corpus = %(c)s ORDER BY p.doc_sha256, p.ord, p.corpus",
                {"c": corpus},
            ).fetchall()
        return [{"doc_sha256": r[0], "ord": r[1], "text": r[2], "title": r[3], "path": r[4], "corpus": r[5]}
                for r in rows]

    def passage_heads(self, keys: list[tuple[str, str, int]], *, snippet_chars: int = 300
                      ) -> dict[tuple[str, str, int], dict[str, str]]:
        """The passages ``keys`` ((corpus, document sha256, order) each): key -> {title, path (its document's),
        snippet (the passage's first ``snippet_chars`` characters)}; a key no longer stored is left out."""
        if not keys:
            return {}
        with self._pool.connection() as conn:
            rows = conn.execute(
                "SELECT p.corpus, p.doc_sha256, p.ord, left(p.text, %(n)s), d.title, d.path "
                "FROM unnest(%(c)s::text[], %(d)s::text[], %(o)s::int[]) AS k(corpus, doc_sha256, ord) "
                "JOIN corpus_passages p ON p.corpus = k.corpus AND p.doc_sha256 = k.doc_sha256 AND p.ord = k.ord "
                "JOIN corpus_documents d ON d.corpus = p.corpus AND d.doc_sha256 = p.doc_sha256",
                {"n": int(snippet_chars), "c": [k[0] for k in keys], "d": [k[1] for k in keys],
                 "o": [int(k[2]) for k in keys]},
            ).fetchall()
        return {(str(r[0]), str(r[1]), int(r[2])): {"snippet": str(r[3]), "title": str(r[4]), "path": str(r[5])}
                for r in rows}

    def document(self, digest: str, corpus: str | None = None) -> dict[str, Any] | None:
        """A stored corpus document: {sha256, title, path, text, content_type, files}, or None. The same text ingested
        from several files (one in each of two corpora, or two copies) is one document with one address per corpus:
        ``corpus`` names the corpus whose title and path are given (a run restricted to a corpus cites the file it
        read there, never a copy in another folder), else, and when ``corpus`` lacks it, the first ingested.
        ``files``: that corpus's records (:class:`FileRecord`, by path) of the files that gave the document, read in
        the same query: the scraper compares them with the file as it reads it again (a file unchanged since ingest
        is not extracted again)."""
        with self._pool.connection() as conn:
            row = conn.execute(
                "SELECT d.title, d.path, doc.text, doc.content_type, "
                "  (SELECT coalesce(json_agg(json_build_array(f.path, f.size, f.mtime_ns, f.doc_sha256s, "
                "                                             f.extraction_version) ORDER BY f.path), '[]') "
                "   FROM corpus_files f WHERE f.corpus = d.corpus AND f.doc_sha256s @> ARRAY[d.doc_sha256]) "
                "FROM corpus_documents d "
                "JOIN documents doc ON doc.sha256 = d.doc_sha256 WHERE d.doc_sha256 = %s "
                "ORDER BY (d.corpus IS NOT DISTINCT FROM %s) DESC, d.ingested_at, d.corpus LIMIT 1",
                (digest, corpus),
            ).fetchone()
        if row is None:
            return None
        files = [FileRecord(str(f[0]), int(f[1]), int(f[2]), tuple(f[3]), int(f[4])) for f in row[4]]
        return {"sha256": digest, "title": row[0], "path": row[1], "text": row[2], "content_type": row[3],
                "files": files}

    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        """The languages of ``corpus`` (None = all): ISO 639-1 code -> how many of its documents (at most
        ``sample``, the earliest ingested) are written in it, read from each document's first passage
        (:func:`shared.text.tokens.detect_language`). {} for an empty corpus. Kept per corpus version (the
        same version has the same earliest documents): a later call reads one row."""
        from shared.text.tokens import detect_language

        key = (corpus, self.version(corpus), max(1, int(sample)))
        with self._languages_lock:
            known = self._languages.get(key)
        if known is not None:
            return dict(known)
        with self._pool.connection() as conn:
            rows = conn.execute(
                "SELECT p.text FROM corpus_passages p JOIN corpus_documents d "
                "  ON d.corpus = p.corpus AND d.doc_sha256 = p.doc_sha256 "
                "WHERE p.ord = 0 AND (%(c)s::text IS NULL OR p.corpus = %(c)s) "
                "ORDER BY d.ingested_at, d.doc_sha256 LIMIT %(n)s",
                {"c": corpus, "n": max(1, int(sample))},
            ).fetchall()
        out: dict[str, int] = {}
        for (text,) in rows:
            lang = detect_language(str(text))
            out[lang] = out.get(lang, 0) + 1
        with self._languages_lock:
            while len(self._languages) >= 16:
                self._languages.pop(next(iter(self._languages)))
            self._languages[key] = dict(out)
        return out

    def page_kinds(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        """What ``corpus``'s documents (None = all corpora's; at most ``sample``, the earliest ingested) are as a
        whole: page kind (:func:`shared.text.noise.page_kind`: ``"consent"``, ``"paywall"``, ``"reference"``; ``""``
        for a document with content of its own) -> how many of them are that, each read from its first
        :data:`shared.text.noise.KIND_CHARS` characters. {} for an empty corpus; the counts add up to fewer than
        ``sample`` only when every document was read. Asked when a search of the corpus found nothing (the report
        says why)."""
        from shared.text.noise import KIND_CHARS, page_kind

        with self._pool.connection() as conn:
            rows = conn.execute(
                "SELECT left(doc.text, %(k)s) FROM corpus_documents d JOIN documents doc ON doc.sha256 = d.doc_sha256 "
                "WHERE (%(c)s::text IS NULL OR d.corpus = %(c)s) "
                "ORDER BY d.ingested_at, d.doc_sha256 LIMIT %(n)s",
                {"c": corpus, "n": max(1, int(sample)), "k": KIND_CHARS},
            ).fetchall()
        out: dict[str, int] = {}
        for (text,) in rows:
            kind = page_kind(str(text or "")) or ""
            out[kind] = out.get(kind, 0) + 1
        return out

    def corpora(self) -> list[tuple[str, int]]:
        """Corpus names with their document counts."""
        with self._pool.connection() as conn:
            rows = conn.execute(
                "SELECT corpus, count(*) FROM corpus_documents GROUP BY corpus ORDER BY corpus").fetchall()
        return [(str(r[0]), int(r[1])) for r in rows]


def changes_since(pool: ConnectionPool, corpus: str | None, since: datetime, read: Iterable[str]) -> dict[str, Any]:
    """What changed in ``corpus`` (None = every corpus) since ``since`` for a run that read the documents ``read``
    (sha256 digests) at that time: ``{"gone": [digests of ``read`` no longer current], "added": n}``. A document
    is gone when ``corpus`` no longer holds it (its file changed or was deleted and ingested again), or, across
    every corpus, when no corpus holds it or a newer version of its file supersedes it (:data:`CURRENT_DOCUMENTS`);
    ``added`` counts the current documents whose text no corpus held at ``since`` (new files, changed files' new
    versions; a text ingested again, or into another corpus, is not new)."""
    wanted = sorted(set(read))
    with pool.connection() as conn:
        if corpus is not None:
            have = {str(r[0]) for r in conn.execute(
                "SELECT doc_sha256 FROM corpus_documents WHERE corpus = %s AND doc_sha256 = ANY(%s)",
                (corpus, wanted)).fetchall()} if wanted else set()
            row = conn.execute(
                "SELECT count(*) FROM corpus_documents d WHERE d.corpus = %s AND d.ingested_at > %s AND NOT EXISTS "
                "(SELECT 1 FROM corpus_documents o WHERE o.doc_sha256 = d.doc_sha256 AND o.ingested_at <= %s)",
                (corpus, since, since)).fetchone()
        else:
            have = {str(r[0]) for r in conn.execute(
                f"SELECT doc_sha256 FROM ({CURRENT_DOCUMENTS}) cur WHERE doc_sha256 = ANY(%s)",
                (wanted,)).fetchall()} if wanted else set()
            row = conn.execute(
                f"SELECT count(DISTINCT cur.doc_sha256) FROM ({CURRENT_DOCUMENTS}) cur WHERE NOT EXISTS "
                "(SELECT 1 FROM corpus_documents o WHERE o.doc_sha256 = cur.doc_sha256 AND o.ingested_at <= %s)",
                (since,)).fetchone()
    return {"gone": [d for d in wanted if d not in have], "added": int(row[0]) if row else 0}
