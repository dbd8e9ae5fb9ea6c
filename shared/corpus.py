"""The local corpus: ``assay ingest PATH`` stores files' text in the document store and splits it into
passages; the gatherer's local provider searches those passages with BM25 (``shared.text.bm25``).

Local sources are addressed as ``doc:<sha256>``; the scraper reads them back from the document store.
"""

from __future__ import annotations

import re
from typing import Any

from psycopg_pool import ConnectionPool

from shared.docstore import DocumentStore, clean_text

DEFAULT_CORPUS = "default"
MAX_DOCUMENT_CHARS = 5_000_000
PASSAGE_CHARS = 1200


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


class Corpus:
    """Ingest and read the local corpus (tables ``corpus_documents`` and ``corpus_passages``)."""

    def __init__(self, pool: ConnectionPool, documents: DocumentStore) -> None:
        self._pool = pool
        self._documents = documents

    def add(self, corpus: str, *, path: str, title: str, text: str, content_type: str) -> str:
        """Store one document in ``corpus`` (idempotent). Returns its sha256."""
        text, title, path = clean_text(text), clean_text(title), clean_text(path)
        digest = self._documents.put(text, content_type)
        passages = split_passages(text)
        with self._pool.connection() as conn:
            conn.execute(
                "INSERT INTO corpus_documents (corpus, doc_sha256, path, title) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (corpus, doc_sha256) DO NOTHING",
                (corpus, digest, path, title),
            )
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO corpus_passages (corpus, doc_sha256, ord, text) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    [(corpus, digest, i, p) for i, p in enumerate(passages)],
                )
        return digest

    def version(self, corpus: str | None) -> tuple[int, str]:
        """(document count, latest ingest time) of ``corpus`` (None = all): changes when it grows."""
        with self._pool.connection() as conn:
            row = conn.execute(
                "SELECT count(*), coalesce(max(ingested_at)::text, '') FROM corpus_documents "
                "WHERE %(c)s::text IS NULL OR corpus = %(c)s",
                {"c": corpus},
            ).fetchone()
        assert row is not None
        return int(row[0]), str(row[1])

    def passages(self, corpus: str | None) -> list[dict[str, Any]]:
        """Every passage of ``corpus`` (None = all) with its document's title and path, in a stable order."""
        with self._pool.connection() as conn:
            rows = conn.execute(
                "SELECT DISTINCT ON (p.doc_sha256, p.ord) p.doc_sha256, p.ord, p.text, d.title, d.path "
                "FROM corpus_passages p JOIN corpus_documents d "
                "  ON d.corpus = p.corpus AND d.doc_sha256 = p.doc_sha256 "
                "WHERE %(c)s::text IS NULL OR p.corpus = %(c)s ORDER BY p.doc_sha256, p.ord",
                {"c": corpus},
            ).fetchall()
        return [{"doc_sha256": r[0], "ord": r[1], "text": r[2], "title": r[3], "path": r[4]} for r in rows]

    def document(self, digest: str) -> dict[str, str] | None:
        """A stored corpus document: {sha256, title, path, text}, or None."""
        with self._pool.connection() as conn:
            row = conn.execute(
                "SELECT d.title, d.path, doc.text, doc.content_type FROM corpus_documents d "
                "JOIN documents doc ON doc.sha256 = d.doc_sha256 WHERE d.doc_sha256 = %s LIMIT 1",
                (digest,),
            ).fetchone()
        if row is None:
            return None
        return {"sha256": digest, "title": row[0], "path": row[1], "text": row[2], "content_type": row[3]}

    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        """The languages of ``corpus`` (None = all): ISO 639-1 code -> how many of its documents (at most
        ``sample``, the earliest ingested) are written in it, read from each document's first passage
        (:func:`shared.text.tokens.detect_language`). {} for an empty corpus."""
        from shared.text.tokens import detect_language

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
        return out

    def corpora(self) -> list[tuple[str, int]]:
        """Corpus names with their document counts."""
        with self._pool.connection() as conn:
            rows = conn.execute(
                "SELECT corpus, count(*) FROM corpus_documents GROUP BY corpus ORDER BY corpus").fetchall()
        return [(str(r[0]), int(r[1])) for r in rows]
