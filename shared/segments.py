"""A stored text's sentences and instruction-like spans, computed once per text and kept in PostgreSQL.

Splitting a page into sentences (pysbd, ``shared.text.tokens.split_sentences``) and finding its instruction-like
sentences (``shared.text.injection.instruction_spans``) cost about 10 ms per page of text; the claim extractor does
both for every source, and every verifier process did them again for the whole run before its first claim (the
run's evidence pool), so a second verifier replica repeated the first one's work. The extractor now keeps its
result under the text's sha256 (``text_segments``), and a verifier process reads it (computing and keeping what is
missing).

A row is keyed by the text's sha256 and :func:`segmenter_version`: a digest of the code that computes it (the two
modules' source and pysbd's version), so a change to either gives new rows, never a stale answer. What is read
equals what :func:`segment` computes for the text.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

log = logging.getLogger("assay.segments")

SEGMENT_SCHEMA = """
CREATE TABLE IF NOT EXISTS text_segments (
    sha256 text NOT NULL,
    version text NOT NULL,
    sentences integer[] NOT NULL,
    instructions integer[] NOT NULL,
    PRIMARY KEY (sha256, version)
);
"""
SEGMENT_TABLES = ("text_segments",)


@dataclass(frozen=True, slots=True)
class Segments:
    """A text's sentences and its instruction-like sentences as (start, end) character offsets into it, in order:
    ``split_sentences(text)`` and ``instruction_spans(text)``."""

    sentences: tuple[tuple[int, int], ...]
    instructions: tuple[tuple[int, int], ...]


def segment(text: str) -> Segments:
    """The :class:`Segments` of ``text`` (computed: pysbd and the instruction patterns)."""
    from shared.text.injection import instruction_spans
    from shared.text.tokens import split_sentences

    return Segments(sentences=tuple((s.start, s.end) for s in split_sentences(text)),
                    instructions=tuple(instruction_spans(text)))


@lru_cache(maxsize=1)
def segmenter_version() -> str:
    """A digest of what computes :func:`segment`: the source of ``shared.text.tokens`` and
    ``shared.text.injection`` and pysbd's version (16 hex digits)."""
    import shared.text.injection
    import shared.text.tokens

    h = hashlib.sha256()
    for module in (shared.text.tokens, shared.text.injection):
        h.update(Path(str(module.__file__)).read_bytes())
    try:
        from importlib.metadata import version

        h.update(version("pysbd").encode())
    except Exception:  # noqa: BLE001 - pysbd missing: the fallback splitter, in the module source
        h.update(b"no pysbd")
    return h.hexdigest()[:16]


def prune_stale_segments(conn: Any) -> int:
    """Delete the ``text_segments`` rows of any segmenter version but :func:`segmenter_version` (rows no reader of
    this code can use: a change to the segmenting code or pysbd makes them unreachable). ``conn``: an open psycopg
    connection. Returns the number of rows deleted. Called by ``shared.db.migrate`` at every process start; a
    process of another code version starting beside this one only makes the other's texts be segmented again.
    Raises: psycopg errors from the DELETE."""
    cur = conn.execute("DELETE FROM text_segments WHERE version <> %s", (segmenter_version(),))
    deleted = int(cur.rowcount or 0)
    if deleted:
        log.info("text segments: %d rows of older segmenter versions pruned", deleted)
    return deleted


def _pairs(flat: list[int]) -> tuple[tuple[int, int], ...]:
    return tuple((flat[i], flat[i + 1]) for i in range(0, len(flat) - 1, 2))


class SegmentStore:
    """:class:`Segments` of stored texts on the ``text_segments`` table (``pool``: a psycopg_pool.ConnectionPool).
    Reads and writes never fail a caller: a store error is logged and the segments are computed instead."""

    def __init__(self, pool: Any) -> None:
        self._pool = pool

    def get_many(self, digests: list[str]) -> dict[str, Segments]:
        """sha256 -> the kept :class:`Segments` for each of ``digests`` that has them (others left out)."""
        if not digests:
            return {}
        try:
            with self._pool.connection() as conn:
                rows = conn.execute("SELECT sha256, sentences, instructions FROM text_segments "
                                    "WHERE version = %s AND sha256 = ANY(%s)",
                                    (segmenter_version(), list(digests))).fetchall()
        except Exception as exc:  # noqa: BLE001 - computed instead
            log.warning("text segments could not be read: %s", exc)
            return {}
        return {str(r[0]): Segments(sentences=_pairs(list(r[1])), instructions=_pairs(list(r[2]))) for r in rows}

    def put_many(self, segments: dict[str, Segments]) -> None:
        """Keep ``segments`` (sha256 -> the text's :class:`Segments`); a text kept already is left as it is."""
        if not segments:
            return
        rows = [(digest, segmenter_version(), [x for pair in seg.sentences for x in pair],
                 [x for pair in seg.instructions for x in pair]) for digest, seg in segments.items()]
        try:
            with self._pool.connection() as conn, conn.cursor() as cur:
                cur.executemany("INSERT INTO text_segments (sha256, version, sentences, instructions) "
                                "VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING", rows)
        except Exception as exc:  # noqa: BLE001 - the next reader computes them
            log.warning("text segments could not be kept: %s", exc)

    def of_texts(self, texts: dict[str, str]) -> dict[str, Segments]:
        """sha256 -> :class:`Segments` for each of ``texts`` (sha256 -> text): the kept ones read, the others
        computed and kept."""
        found = self.get_many(list(texts))
        missing = {digest: segment(text) for digest, text in texts.items() if digest not in found}
        self.put_many(missing)
        return {**found, **missing}
