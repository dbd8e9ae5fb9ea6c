"""The content-addressed document store: texts (page text, reports) stored once under their sha256.

Events carry the hash, never the text. Writes are idempotent (same text -> same key -> no-op), so a text
written before its event and never referenced (a crash in between) is harmless.
"""

from __future__ import annotations

import hashlib

from psycopg_pool import ConnectionPool


def clean_text(text: str) -> str:
    """``text`` safe for PostgreSQL and UTF-8: NUL removed, lone surrogates replaced by U+FFFD."""
    return text.replace("\x00", "").encode("utf-8", errors="replace").decode("utf-8")


def sha256_text(text: str) -> str:
    """Hex sha256 of the UTF-8 encoding of ``text``."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class DocumentStore:
    """Immutable text store on the ``documents`` table."""

    def __init__(self, pool: ConnectionPool) -> None:
        self._pool = pool

    def put(self, text: str, content_type: str = "text/plain") -> str:
        """Store ``text`` (idempotent). Returns its sha256.

        NUL characters are removed and lone surrogates replaced (PostgreSQL text cannot hold them); the
        hash is of the stored text, so offsets into it stay exact.
        """
        text = clean_text(text)
        digest = sha256_text(text)
        with self._pool.connection() as conn:
            conn.execute(
                "INSERT INTO documents (sha256, content_type, text) VALUES (%s, %s, %s) "
                "ON CONFLICT (sha256) DO NOTHING",
                (digest, content_type, text),
            )
        return digest

    def get(self, digest: str) -> str | None:
        """The text stored under ``digest``, or None."""
        with self._pool.connection() as conn:
            row = conn.execute("SELECT text FROM documents WHERE sha256 = %s", (digest,)).fetchone()
        return None if row is None else str(row[0])

    def get_many(self, digests: list[str]) -> dict[str, str]:
        """Texts for several hashes (missing ones are absent from the result)."""
        if not digests:
            return {}
        with self._pool.connection() as conn:
            rows = conn.execute("SELECT sha256, text FROM documents WHERE sha256 = ANY(%s)",
                                (list(digests),)).fetchall()
        return {str(r[0]): str(r[1]) for r in rows}
