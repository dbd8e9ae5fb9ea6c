"""The local corpus's saved search index and incremental ingest, on real PostgreSQL.

- A fresh ``CorpusIndex`` (and a new process) loads the index saved by the first one instead of rebuilding it,
  with the same results; a changed corpus rebuilds it and the older version is deleted.
- ``ingest_path`` stores only new or changed files, and removes the documents of changed and deleted files; a file
  an older extractor read (another ``EXTRACTION_VERSION``) is read again.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from services.cli.ingest import ingest_path
from services.scraper.fetch import EXTRACTION_VERSION
from shared.corpus import Corpus, FileRecord, NewDocument
from shared.corpus_index import CorpusIndex
from shared.db import migrate, open_pool
from shared.docstore import DocumentStore, sha256_text
from shared.launcher import Endpoints

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def corpus(database_url: str) -> Iterator[Corpus]:
    endpoints = Endpoints(nats_url="nats://unused", database_url=database_url)
    migrate(endpoints)
    pool = open_pool(endpoints, max_size=2)
    try:
        yield Corpus(pool, DocumentStore(pool))
    finally:
        pool.close()


def _folder(root: Path) -> Path:
    docs = root / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "rush.txt").write_text("Rush\n\nRush is a Canadian rock band formed in Toronto in 1968.")
    (docs / "beatles.md").write_text("# The Beatles\n\nThe Beatles were an English rock band from Liverpool.")
    (docs / "sub" / "peart.txt").write_text("Neil Peart\n\nNeil Peart was the drummer and lyricist of Rush.")
    return docs


def _search(index: CorpusIndex, name: str, query: str) -> list[tuple[str, float]]:
    return [(h.title, round(h.score, 6)) for h in index.documents(name, query, 5)]


def test_a_fresh_index_object_and_a_new_process_load_the_saved_index(corpus: Corpus, tmp_path: Path,
                                                                      database_url: str) -> None:
    docs = _folder(tmp_path)
    assert len(ingest_path(corpus, docs, "c1").stored) == 3
    cache = tmp_path / "cache"
    first = CorpusIndex(corpus, cache)
    built = _search(first, "c1", "Canadian rock band drummer")
    assert first.last_source == "built" and built and built[0][0] == "Rush"
    _search(first, "c1", "anything")
    assert first.last_source == "memory"

    second = CorpusIndex(corpus, cache)
    assert _search(second, "c1", "Canadian rock band drummer") == built
    assert second.last_source == "loaded"

    script = (
        "import json, sys\n"
        "from shared.corpus import Corpus\nfrom shared.corpus_index import CorpusIndex\n"
        "from shared.db import open_pool\nfrom shared.docstore import DocumentStore\n"
        "from shared.launcher import Endpoints\n"
        "pool = open_pool(Endpoints(nats_url='nats://unused', database_url=sys.argv[1]), max_size=1)\n"
        "ix = CorpusIndex(Corpus(pool, DocumentStore(pool)), __import__('pathlib').Path(sys.argv[2]))\n"
        "hits = [(h.title, round(h.score, 6)) for h in ix.documents('c1', sys.argv[3], 5)]\n"
        "print(json.dumps({'source': ix.last_source, 'hits': hits}))\n"
    )
    proc = subprocess.run([sys.executable, "-c", script, database_url, str(cache), "Canadian rock band drummer"],
                          cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.returncode == 0, proc.stderr
    child: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    assert child["source"] == "loaded"
    assert [tuple(h) for h in child["hits"]] == built


def test_a_changed_corpus_rebuilds_the_index_and_drops_the_old_one(corpus: Corpus, tmp_path: Path) -> None:
    docs = _folder(tmp_path)
    ingest_path(corpus, docs, "c2")
    cache = tmp_path / "cache"
    index = CorpusIndex(corpus, cache)
    assert _search(index, "c2", "Liverpool")[0][0] == "The Beatles"
    old = index.folder("c2", corpus.version("c2"))
    assert old is not None and old.is_dir()

    (docs / "queen.txt").write_text("Queen\n\nQueen were a British rock band from London, Liverpool fans aside.")
    ingest_path(corpus, docs, "c2")
    fresh = CorpusIndex(corpus, cache)
    titles = [t for t, _ in _search(fresh, "c2", "London")]
    assert fresh.last_source == "built" and titles == ["Queen"]
    assert not old.exists()
    again = CorpusIndex(corpus, cache)
    again.get("c2")
    assert again.last_source == "loaded"


def test_an_unreadable_saved_index_is_rebuilt(corpus: Corpus, tmp_path: Path) -> None:
    docs = _folder(tmp_path)
    ingest_path(corpus, docs, "c3")
    cache = tmp_path / "cache"
    CorpusIndex(corpus, cache).get("c3")
    folder = CorpusIndex(corpus, cache).folder("c3", corpus.version("c3"))
    assert folder is not None
    (folder / "keys.npz").write_bytes(b"not an npz archive")
    index = CorpusIndex(corpus, cache)
    assert _search(index, "c3", "Liverpool")[0][0] == "The Beatles"
    assert index.last_source == "built"


def test_ingest_stores_only_new_or_changed_files_and_removes_deleted_ones(corpus: Corpus, tmp_path: Path) -> None:
    docs = _folder(tmp_path)
    first = ingest_path(corpus, docs, "c4")
    assert len(first.stored) == 3 and not first.unchanged and not first.removed

    again = ingest_path(corpus, docs, "c4")
    assert again.stored == [] and len(again.unchanged) == 3 and again.removed == []

    rush_digest = next(d for p, d in first.stored if p.endswith("rush.txt"))
    (docs / "rush.txt").write_text("Rush\n\nRush is a Canadian rock trio; Geddy Lee sings and plays bass.")
    (docs / "new.txt").write_text("Alex Lifeson\n\nAlex Lifeson is the guitarist of Rush.")
    (docs / "sub" / "peart.txt").unlink()
    peart_digest = next(d for p, d in first.stored if p.endswith("peart.txt"))
    changed = ingest_path(corpus, docs, "c4")
    assert sorted(Path(p).name for p, _ in changed.stored) == ["new.txt", "rush.txt"]
    assert [Path(p).name for p in changed.unchanged] == ["beatles.md"]
    assert sorted(d for _, d in changed.removed) == sorted([rush_digest, peart_digest])

    texts = " ".join(p["text"] for p in corpus.passages("c4"))
    assert "Geddy Lee" in texts and "Alex Lifeson" in texts and "Liverpool" in texts
    assert "formed in Toronto" not in texts and "Neil Peart" not in texts
    assert corpus.version("c4")[0] == 3
    assert corpus.document(peart_digest) is None  # no longer in the corpus
    assert "Neil Peart" in (DocumentStore(corpus._pool).get(peart_digest) or "")  # its text stays stored


def test_the_stored_version_follows_every_change_and_a_migrate_rebuilds_it(corpus: Corpus, database_url: str) -> None:
    """``Corpus.version`` is kept at write time (a trigger): it changes when a document is added, renamed or
    removed, comes back to the same value for the same content, covers all corpora for None, and the first
    migrate on a database that had documents before the trigger existed computes the same values."""
    empty = corpus.version("v1")
    assert empty == (0, "")
    a = corpus.add("v1", path="a.txt", title="A", text="Alpha text.", content_type="text/plain")
    one = corpus.version("v1")
    corpus.add("v1", path="a.txt", title="A", text="Alpha text.", content_type="text/plain")  # the same again
    assert corpus.version("v1") == one and one[0] == 1 and len(one[1]) == 32
    assert corpus.languages("v1") == {"en": 1} == corpus.languages("v1")  # the second from the kept answer
    b = corpus.add("v1", path="b.txt", title="B", text="Beta text.", content_type="text/plain")
    assert corpus.languages("v1") == {"en": 2}  # a new version: read again
    two = corpus.version("v1")
    assert two[0] == 2 and two[1] not in (one[1], "")
    corpus.add("v2", path="a.txt", title="A", text="Alpha text.", content_type="text/plain")
    assert corpus.version("v2")[0] == 1 and corpus.version("v2")[1] != one[1]  # the corpus name counts
    assert corpus.version(None)[0] == 3 and corpus.version(None)[1] not in (two[1], corpus.version("v2")[1])
    with corpus._pool.connection() as conn:
        conn.execute("UPDATE corpus_documents SET title = 'B renamed' WHERE corpus = 'v1' AND doc_sha256 = %s", (b,))
    renamed = corpus.version("v1")
    assert renamed[0] == 2 and renamed[1] != two[1]
    with corpus._pool.connection() as conn:
        conn.execute("UPDATE corpus_documents SET title = 'B' WHERE corpus = 'v1' AND doc_sha256 = %s", (b,))
    assert corpus.version("v1") == two
    assert corpus.remove("v1", [b]) == 1 and corpus.version("v1") == one
    before = {name: corpus.version(name) for name in ("v1", "v2", None)}
    with corpus._pool.connection() as conn:  # a database from before the trigger: no table, no trigger
        conn.execute("DROP TRIGGER corpus_documents_version ON corpus_documents")
        conn.execute("DROP TABLE corpus_versions")
    migrate(Endpoints(nats_url="nats://unused", database_url=database_url))
    assert {name: corpus.version(name) for name in ("v1", "v2", None)} == before
    migrate(Endpoints(nats_url="nats://unused", database_url=database_url))  # idempotent
    corpus.remove("v1", [a])
    assert corpus.version("v1") == empty


def test_page_kinds_tells_what_a_corpus_s_documents_are(corpus: Corpus) -> None:
    """``Corpus.page_kinds`` reads each document of the corpus asked (at most ``sample``) and counts them by what
    they are as a whole: a reference list, a cookie-consent wall, content (``""``); another corpus is not read."""
    assert corpus.page_kinds("k1") == {}
    corpus.add("k1", path="refs.md", title="References", content_type="text/markdown",
               text="# References\n\n1. Marrow, T. (1931). The rope walks of Tessaly. Lindham: Harbour Press.\n"
                    "2. Quell, A. (1978). \"Hemp and tar\". Journal of Maritime Crafts 4 (2): 17-29.\n")
    corpus.add("k1", path="wall.html", title="Your privacy choices", content_type="text/html",
               text="We value your privacy. Tessaly Today and our 212 partners use cookies and similar technologies "
                    "to store and access information on your device. Accept all Reject all Manage preferences")
    corpus.add("k2", path="works.txt", title="Rope Works", content_type="text/plain",
               text="The Tessaly Rope Works was founded in 1788 by Ada Morrow. Its ropewalk is 310 metres long.")
    assert corpus.page_kinds("k1") == {"reference": 1, "consent": 1}
    assert corpus.page_kinds("k2") == {"": 1}
    assert sum(corpus.page_kinds(None, sample=2).values()) == 2  # the earliest ``sample`` documents only


def test_add_many_stores_what_add_stores_in_one_transaction(corpus: Corpus, tmp_path: Path) -> None:
    """``Corpus.add_many`` gives each document the digest, passages, title, path and corpus version that ``add``
    gives it (the same index and search results), is idempotent, keeps a repeated text's first path as ``add`` does,
    and a batch that fails stores nothing of itself."""
    long_text = "\n\n".join(f"Paragraph {i} about the Rush drummer Neil Peart and rock music. " * 4 for i in range(9))
    docs = [NewDocument(path="rush.txt", title="Rush", text="Rush is a Canadian rock band formed in Toronto."),
            NewDocument(path="peart.txt", title="Neil Peart", text=long_text),
            NewDocument(path="nul.txt", title="Odd\x00title", text="A text with a NUL\x00 inside.", content_type="text/html"),
            NewDocument(path="copy.txt", title="Rush again", text="Rush is a Canadian rock band formed in Toronto.")]
    one_by_one = [corpus.add("single", path=d.path, title=d.title, text=d.text, content_type=d.content_type)
                  for d in docs]
    batch = corpus.add_many("batch", docs)
    assert batch == one_by_one and len(set(batch)) == 3
    assert corpus.add_many("batch", docs) == batch and corpus.add_many("batch", []) == []  # idempotent
    assert corpus.version("batch")[0] == corpus.version("single")[0] == 3

    def rows(name: str) -> list[tuple[Any, ...]]:
        return [(p["doc_sha256"], p["ord"], p["text"], p["title"], p["path"]) for p in corpus.passages(name)]

    assert rows("batch") == rows("single") and len(rows("batch")) > 3  # the long text gave several passages
    assert {p["path"] for p in corpus.passages("batch")} == {"rush.txt", "peart.txt", "nul.txt"}
    indexes = CorpusIndex(corpus, tmp_path / "idx")
    assert _search(indexes, "batch", "Neil Peart drummer") == _search(indexes, "single", "Neil Peart drummer") != []
    fresh = NewDocument(path="new.txt", title="New", text="A text stored by no batch that succeeded.")
    with pytest.raises(psycopg.Error):  # a corpus name too long for an index row: the batch fails
        corpus.add_many(os.urandom(8000).hex(), [NewDocument(path="other.txt", title="Other", text="Another new text."), fresh])
    assert corpus._documents.get(sha256_text(fresh.text)) is None  # its documents were rolled back with it
    assert corpus.add_many("batch", [fresh])[0] == sha256_text(fresh.text) and corpus.version("batch")[0] == 4


def test_a_file_an_older_extractor_read_is_read_again_and_its_old_text_removed(corpus: Corpus, tmp_path: Path) -> None:
    """A corpus ingested before an extraction change (here: hard-wrapped lines kept as line breaks) keeps no old
    text: the file's record names the extractor version that read it, and a re-ingest reads an unchanged file again
    when that version is not :data:`EXTRACTION_VERSION`, replacing the old document; a record written before the
    version was recorded (no ``extraction_version`` given: 0) is read again too; after that the file is skipped."""
    mill = tmp_path / "mill.md"
    mill.write_text("# Vellmoor Mill\n\nThe Vellmoor Mill was built in 1788 by\nthe miller Oswin Tarrant. It ground\n"
                    "grain until 1931.\n", encoding="utf-8")
    st = mill.stat()
    # what an older extractor left: the text with its hard line breaks, recorded with that extractor's version
    old_text = "# Vellmoor Mill\n\nThe Vellmoor Mill was built in 1788 by\nthe miller Oswin Tarrant. It ground\ngrain until 1931."
    old = corpus.add_many("c7", [NewDocument(path=str(mill), title="Vellmoor Mill", text=old_text,
                                             content_type="text/markdown")])
    corpus.record_file("c7", FileRecord(str(mill.resolve()), st.st_size, st.st_mtime_ns, tuple(old),
                                        EXTRACTION_VERSION - 1))
    report = ingest_path(corpus, mill, "c7")
    assert report.unchanged == [] and report.reread == [str(mill)]
    assert [d for _p, d in report.removed] == old  # the old text is no longer in the corpus
    texts = [p["text"] for p in corpus.passages("c7")]
    assert len(texts) == 1 and "built in 1788 by the miller Oswin Tarrant" in texts[0]
    assert corpus.files("c7")[str(mill.resolve())].extraction_version == EXTRACTION_VERSION
    again = ingest_path(corpus, mill, "c7")  # read by this extractor: skipped now
    assert again.unchanged == [str(mill)] and again.stored == [] and again.reread == []
    # a row recorded before the column existed reads version 0: an older extractor's, read again
    with corpus._pool.connection() as conn:
        conn.execute("DELETE FROM corpus_files WHERE corpus = 'c7'")
        conn.execute("INSERT INTO corpus_files (corpus, path, size, mtime_ns, doc_sha256s) VALUES ('c7', %s, %s, %s, %s)",
                     (str(mill.resolve()), st.st_size, st.st_mtime_ns, list(old)))
    assert corpus.files("c7")[str(mill.resolve())].extraction_version == 0
    assert ingest_path(corpus, mill, "c7").reread == [str(mill)]


def test_a_file_refused_after_a_change_keeps_nothing_stale_and_other_corpora_are_untouched(
        corpus: Corpus, tmp_path: Path) -> None:
    docs = _folder(tmp_path)
    ingest_path(corpus, docs, "c5")
    ingest_path(corpus, docs, "c6")
    (docs / "beatles.md").unlink()
    report = ingest_path(corpus, docs, "c5")
    assert [Path(p).name for p, _ in report.removed] == ["beatles.md"]
    assert corpus.version("c5")[0] == 2 and corpus.version("c6")[0] == 3
    single = ingest_path(corpus, docs / "rush.txt", "c5")  # a single file: nothing else is removed
    assert single.removed == [] and [Path(p).name for p in single.unchanged] == ["rush.txt"]
    assert corpus.version("c5")[0] == 2


def test_watch_keeps_a_real_folder_in_sync(corpus: Corpus, tmp_path: Path) -> None:
    import queue
    import threading
    import time

    from services.cli.ingest import IngestReport, watch_path

    folder = tmp_path / "notes"
    (folder / "sub").mkdir(parents=True)
    (folder / "first.md").write_text("# Tides\n\nSpring tides follow the new and full moon.\n")
    passes: queue.Queue[IngestReport] = queue.Queue()
    stop = threading.Event()
    watcher = threading.Thread(target=watch_path, args=(corpus, folder), daemon=True,
                               kwargs={"on_pass": passes.put, "stop": stop, "debounce_ms": 100})
    watcher.start()

    def until(fact: Any, what: str, timeout_s: float = 30.0) -> IngestReport:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                report = passes.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no ingest pass with {what} within {timeout_s} s") from None
            if fact(report):
                return report

    def names(pairs: list[tuple[str, str]]) -> list[str]:
        return sorted(Path(p).name for p, _ in pairs)

    try:
        first = until(lambda r: r.stored, "the first file")
        assert names(first.stored) == ["first.md"]
        added = folder / "sub" / "second.txt"
        added.write_text("Neap tides come at the quarter moons, when the sun and moon pull at right angles.")
        until(lambda r: "second.txt" in names(r.stored), "the added file")
        assert "quarter moons" in " ".join(p["text"] for p in corpus.passages("default"))
        added.write_text("Neap tides have the smallest range between high and low water.")
        changed = until(lambda r: "second.txt" in names(r.stored) and r.removed, "the changed file")
        assert names(changed.removed) == ["second.txt"]
        (folder / "first.md").unlink()
        until(lambda r: "first.md" in names(r.removed), "the deleted file")
        texts = " ".join(p["text"] for p in corpus.passages("default"))
        assert "smallest range" in texts and "quarter moons" not in texts and "Spring tides" not in texts
    finally:
        stop.set()
        watcher.join(timeout=30)
    assert not watcher.is_alive()


def test_a_document_names_its_files_records_so_the_scraper_knows_it_is_as_ingested(corpus: Corpus,
                                                                                 tmp_path: Path) -> None:
    """``Corpus.document`` gives, in its one query, the records of the files of its corpus that gave it, and the
    scraper takes an HTML file as ingested (its markup kept without extracting its text again) only while its size
    and time are the recorded ones."""
    from services.scraper.handlers import _local_file, as_ingested

    page = tmp_path / "brannock.html"
    page.write_text("<html><head><title>Brannock Weir</title></head><body><h1>Brannock Weir</h1><p>The Brannock Weir "
                    "was raised in 1874 to feed the mill leat of the Orrin valley below it.</p></body></html>",
                    encoding="utf-8")
    ((_, digest),) = ingest_path(corpus, page, "c8").stored
    ingest_path(corpus, page, "c9")  # another corpus's record of the same file
    doc = corpus.document(digest, "c8")
    assert doc is not None and [f.path for f in doc["files"]] == [str(page.resolve())]
    assert doc["files"] == [corpus.files("c8")[str(page.resolve())]]
    assert as_ingested(doc, _local_file(doc["path"]))
    page.write_text(page.read_text(encoding="utf-8").replace("1874", "1876"), encoding="utf-8")
    st = page.stat()
    os.utime(page, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    assert not as_ingested(doc, _local_file(doc["path"]))
