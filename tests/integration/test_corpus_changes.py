"""A file that changed after it was ingested, on real PostgreSQL (a new-user trial: after vaskor.md was edited and
ingested again, the question cache still answered "founded in 2009" citing it, and a search of every corpus cited
the old and the new version of vaskor.md as two sources that "disagree"):

- searching every corpus, a file's older version held by another corpus (ingested before the file changed) is
  history, not a second source: only the corpus that ingested the file last gives its documents;
- ``changes_since`` names the documents a past run read that are gone or superseded, and counts new texts;
- the question cache does not serve a past run's answer when a local document it read changed since, nor when the
  corpus gained documents; it serves it when nothing changed (a re-ingest of unchanged files changes nothing).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from contracts import RunRequested
from services.cli.ingest import ingest_path
from shared.corpus import Corpus, changes_since
from shared.corpus_index import CorpusIndex
from shared.docstore import DocumentStore
from shared.memory.questions import consult

pytestmark = [pytest.mark.postgres]
QUESTION = "Who founded Brantel Works?"


def _write(folder: Path, name: str, text: str, mtime_s: int) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    os.utime(path, (mtime_s, mtime_s))  # a changed file gets a later mtime even within the same second
    return path


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    _write(folder, "brantel.md", "# Brantel Works\n\nBrantel Works is a rope maker founded in 1921 by Ada Voss.\n",
           1_700_000_000)
    _write(folder, "harbour.md", "# Ostby harbour\n\nOstby harbour was dredged in 1956 for larger ships.\n",
           1_700_000_000)
    return folder


def _edit(folder: Path) -> None:
    _write(folder, "brantel.md", "# Brantel Works\n\nBrantel Works is a rope maker founded in 1933 by Lena Roth.\n",
           1_700_000_100)


def test_a_superseded_version_of_a_file_in_another_corpus_is_not_searched(pool: Any, tmp_path: Path) -> None:
    corpus = Corpus(pool, DocumentStore(pool))
    folder = _folder(tmp_path)
    ingest_path(corpus, folder, "first")  # the old version stays in corpus "first"
    _edit(folder)
    ingest_path(corpus, folder, "second")  # the new one in "second", ingested later
    texts = [p["text"] for p in corpus.passages(None)]
    assert sum("Brantel Works is a rope maker" in t for t in texts) == 1
    assert any("1933 by Lena Roth" in t for t in texts) and not any("1921 by Ada Voss" in t for t in texts)
    assert sum("Ostby harbour" in t for t in texts) == 1  # the unchanged file: one document, kept
    hits = CorpusIndex(corpus, None).documents(None, "Brantel Works founded rope maker", 5)
    assert [h.path for h in hits].count(str(folder / "brantel.md")) == 1
    # one corpus alone still holds what it ingested
    assert any("1921 by Ada Voss" in p["text"] for p in corpus.passages("first"))
    # "first" ingests the file again: now it holds the newest version, and still one document is searched
    ingest_path(corpus, folder, "first")
    brantel = [p for p in corpus.passages(None) if "Brantel Works is a rope maker" in p["text"]]
    assert len(brantel) == 1 and "1933" in brantel[0]["text"]


def _past_run(pool: Any, corpus: Corpus, read: list[str], corpus_name: str | None) -> Any:
    """A completed past run of QUESTION (read model rows) that read the documents ``read`` (digests)."""
    run_id = uuid4()
    started = datetime.now(UTC)
    with pool.connection() as conn:
        conn.execute("INSERT INTO rm_runs (run_id, question, scope, depth, status, started_at, report_sha256, "
                     "last_seq) VALUES (%s, %s, 'local', 'standard', 'complete', %s, %s, 1)",
                     (run_id, QUESTION, started, "ab" * 32))
        for digest in read:
            doc = corpus.document(digest)
            assert doc is not None
            conn.execute("INSERT INTO rm_sources (source_id, run_id, url, final_url, title, via, status, "
                         "text_sha256) VALUES (%s, %s, %s, %s, %s, 'local', 'extracted', %s)",
                         (uuid4(), run_id, f"doc:{digest}", doc["path"], doc["title"], digest))
    return run_id, started


def _consult(pool: Any, corpus_name: str | None, past: Any) -> Any:
    request = RunRequested(run_id=uuid4(), question=QUESTION, scope="local", corpus=corpus_name)
    same = request.model_dump(mode="json")
    return consult(pool, request, request_of=lambda rid: same if rid == past else None, sources_of=lambda rid: [],
                   embedder=None, min_similarity=0.9, ttl_s=86400)


@pytest.mark.parametrize("corpus_name", ["docs", None])
def test_the_cache_answers_only_while_the_documents_a_run_read_are_unchanged(pool: Any, tmp_path: Path,
                                                                               corpus_name: str | None) -> None:
    corpus = Corpus(pool, DocumentStore(pool))
    folder = _folder(tmp_path)
    stored = ingest_path(corpus, folder, corpus_name or "docs").stored
    read = [digest for _path, digest in stored]
    past, started = _past_run(pool, corpus, read, corpus_name)
    assert changes_since(pool, corpus_name, started, read) == {"gone": [], "added": 0}
    # an ingest of unchanged files changes nothing: the cache answers
    assert ingest_path(corpus, folder, corpus_name or "docs").unchanged
    decision = _consult(pool, corpus_name, past)
    assert decision.answer is not None and decision.answer.run_id == past and not decision.stale
    # the file the run read changed and was ingested again: not served, and the reason names it
    _edit(folder)
    report = ingest_path(corpus, folder, corpus_name or "docs")
    old = next(d for p, d in report.removed)
    changed = changes_since(pool, corpus_name, started, read)
    assert changed["gone"] == [old] and changed["added"] == 1
    decision = _consult(pool, corpus_name, past)
    assert decision.answer is None and decision.stale_of is not None and decision.stale_of.run_id == past
    assert "1 document(s) it read changed or were removed since" in decision.stale
    assert str(folder / "brantel.md") in decision.stale and "1 new or changed document(s) in the corpus since" in decision.stale


def test_a_document_added_since_keeps_the_cache_from_answering(pool: Any, tmp_path: Path) -> None:
    corpus = Corpus(pool, DocumentStore(pool))
    folder = _folder(tmp_path)
    read = [d for _p, d in ingest_path(corpus, folder, "docs").stored]
    past, started = _past_run(pool, corpus, read, "docs")
    _write(folder, "voss.md", "# Ada Voss\n\nAda Voss founded a rope works in Ostby.\n", 1_700_000_200)
    ingest_path(corpus, folder, "docs")
    decision = _consult(pool, "docs", past)
    assert decision.answer is None and decision.stale == "1 new or changed document(s) in the corpus since"
    # the same text ingested into another corpus later is not a new text
    ingest_path(corpus, folder, "copy")
    assert changes_since(pool, None, datetime.now(UTC), read) == {"gone": [], "added": 0}


def test_a_copy_of_a_file_in_another_folder_is_read_at_the_run_corpus_address(pool: Any, tmp_path: Path) -> None:
    # trial t50: a run restricted to one folder cited a file of another folder whose text was the same
    corpus = Corpus(pool, DocumentStore(pool))
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    text = "# Ferrow Mill\n\nThe Ferrow Mill was built in 1801 by Jon Hale.\n"
    _write(first, "mill.md", text, 1_700_000_000)
    _write(second, "copy-of-mill.md", text, 1_700_000_000)
    stored = [d for _p, d in ingest_path(corpus, first, "a").stored]
    assert len(stored) == 1
    digest = stored[0]
    assert [d for _p, d in ingest_path(corpus, second, "b").stored] == [digest]  # one text, one document
    in_b, in_a, anywhere = (corpus.document(digest, "b"), corpus.document(digest, "a"), corpus.document(digest))
    assert in_b is not None and in_b["path"].endswith("b/copy-of-mill.md")
    assert in_a is not None and in_a["path"].endswith("a/mill.md")
    assert anywhere is not None and anywhere["path"].endswith("a/mill.md")  # no corpus: the first ingested
    assert corpus.document(digest, "elsewhere") == anywhere
