"""A local corpus's HTML file is read as a fetched page is: its markup is kept beside its text
(``SourceFetched.html_sha256``), so a domain reads the structured data and tables there (a JSON-LD offer's price, a
spec table). Re-check of a shopping trial, fault s1: over a corpus of product pages, "What is the best cordless drill
under $150?" found "no price in any source" (every JSON-LD offer unread) and picked a drill over the budget. A file
changed since it was ingested, or a document of no HTML file, keeps its text alone."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from contracts import SourceFetched
from services.scraper import handlers
from services.scraper.fetch._content import extract_html
from services.scraper.fetch.files import EXTRACTION_VERSION, parse_file
from services.scraper.handlers import _local_file, as_ingested, corpus_html, on_fetch
from shared.corpus import FileRecord
from shared.docstore import clean_text, sha256_text
from tests.unit.handlers.fakes import FakeDocuments, memory_runs
from tests.unit.handlers.test_scraper_handlers import Corpus, deps, fetch_cmd, selected_run

#: an invented shop page: its price only in its JSON-LD offer, never in its text
OFFER = {"@context": "https://schema.org", "@type": "Product", "name": "Halvik R9",
         "offers": {"@type": "Offer", "price": "84.50", "priceCurrency": "USD"}}
HTML = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Halvik R9 rivet gun - Halvik</title>'
        f'<script type="application/ld+json">{json.dumps(OFFER)}</script></head><body><h1>Halvik R9</h1>'
        "<p>The Halvik R9 is a cordless rivet gun for 4.8 mm rivets, with a quick-change nose piece.</p>"
        "<table><tr><th>Weight</th><td>1.6 kg</td></tr><tr><th>Pull force</th><td>10 kN</td></tr></table>"
        "</body></html>")


def ingested(path: Path) -> dict[str, str]:
    """The corpus row of ``path`` as ``assay ingest`` stores it: its parsed text and that text's sha256."""
    doc = parse_file(path)
    text = clean_text(doc.text)
    return {"sha256": sha256_text(text), "title": doc.title, "path": str(path), "text": text,
            "content_type": doc.content_type}


async def test_a_corpus_html_files_markup_is_kept_beside_its_text(tmp_path: Path) -> None:
    page = tmp_path / "halvik-r9.html"
    page.write_text(HTML, encoding="utf-8")
    row = ingested(page)
    runs, docs = memory_runs(), FakeDocuments()
    run_id = selected_run(runs, [f"doc:{row['sha256']}"], scope="local")
    await on_fetch(fetch_cmd(run_id, f"doc:{row['sha256']}"), deps(runs, docs, corpus=Corpus({row["sha256"]: row})))
    (fetched,) = [e for e in runs.timeline(run_id) if isinstance(e, SourceFetched)]
    assert fetched.text_sha256 == row["sha256"] and fetched.html_sha256 is not None
    assert docs.get(fetched.html_sha256) == HTML and docs.types[fetched.html_sha256] == "text/html"
    assert "84.50" in HTML and "84.50" not in row["text"]  # the price is in the markup alone


def test_a_changed_file_or_a_text_file_gives_no_markup(tmp_path: Path) -> None:
    page = tmp_path / "halvik-r9.html"
    page.write_text(HTML, encoding="utf-8")
    row = ingested(page)
    assert corpus_html(row, page.read_bytes()) == HTML
    changed = HTML.replace("4.8 mm rivets", "6.4 mm rivets")  # edited after the ingest: another page's markup
    assert corpus_html(row, changed.encode("utf-8")) is None
    assert corpus_html(row, None) is None  # the file is gone
    assert corpus_html({**row, "content_type": "text/markdown"}, page.read_bytes()) is None
    assert corpus_html(row, b"\xff\xfe not utf-8") is None


def recorded(page: Path, row: dict[str, Any], **changed: Any) -> dict[str, Any]:
    """``row`` as ``Corpus.document`` gives it, with ingest's record of the file ``page`` having given it
    (``services.cli.ingest.ingest_path``): the file's size and time now, read by the current extractor, but for the
    fields ``changed``."""
    st = page.stat()
    record = FileRecord(str(page.resolve()), st.st_size, st.st_mtime_ns, (row["sha256"],), EXTRACTION_VERSION)
    return {**row, "files": [replace(record, **changed)]}


async def fetched_markup(row: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> tuple[str | None, int]:
    """(the markup kept for the corpus document ``row`` fetched in a local run, how many times the scraper extracted
    a page's text to get it)."""
    calls: list[str] = []

    def counting(html: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(html)
        return extract_html(html, *args, **kwargs)

    monkeypatch.setattr(handlers, "extract_html", counting)
    runs, docs = memory_runs(), FakeDocuments()
    run_id = selected_run(runs, [f"doc:{row['sha256']}"], scope="local")
    await on_fetch(fetch_cmd(run_id, f"doc:{row['sha256']}"), deps(runs, docs, corpus=Corpus({row["sha256"]: row})))
    (fetched,) = [e for e in runs.timeline(run_id) if isinstance(e, SourceFetched)]
    return (docs.get(fetched.html_sha256) if fetched.html_sha256 else None), len(calls)


async def test_an_unchanged_file_is_not_read_again_and_an_edited_one_is(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "halvik-r9.html"
    page.write_text(HTML, encoding="utf-8")
    row = ingested(page)
    as_recorded = recorded(page, row)
    # as ingest recorded it: its markup kept with no extraction
    assert await fetched_markup(as_recorded, monkeypatch) == (HTML, 0)
    # read by another extractor version, recorded under another path, or no record: extracted again, and it still
    # gives the text stored
    assert await fetched_markup(recorded(page, row, extraction_version=EXTRACTION_VERSION - 1), monkeypatch) \
        == (HTML, 1)
    assert await fetched_markup(recorded(page, row, path=str(tmp_path / "copy.html")), monkeypatch) == (HTML, 1)
    assert await fetched_markup(row, monkeypatch) == (HTML, 1)
    # edited since (another size, a new time): read again, and its markup is another page's
    mtime = as_recorded["files"][0].mtime_ns
    page.write_text(HTML.replace("4.8 mm rivets", "4.88 mm rivets"), encoding="utf-8")
    os.utime(page, ns=(mtime + 10**9, mtime + 10**9))
    assert await fetched_markup(as_recorded, monkeypatch) == (None, 1)
    # edited so that its text is the same (a comment in its markup, a new time): read again, its markup kept
    commented = HTML.replace("<h1>", "<!-- checked --><h1>")
    page.write_text(commented, encoding="utf-8")
    os.utime(page, ns=(mtime + 2 * 10**9, mtime + 2 * 10**9))
    assert await fetched_markup(as_recorded, monkeypatch) == (commented, 1)


def test_a_file_is_as_ingested_only_with_its_recorded_path_size_time_document_and_extractor(tmp_path: Path) -> None:
    page = tmp_path / "orrin.html"
    page.write_text(HTML, encoding="utf-8")
    row = ingested(page)
    file = _local_file(str(page))
    assert file is not None and file.data == HTML.encode("utf-8")
    assert as_ingested(recorded(page, row), file)
    assert not as_ingested(row, file)  # no record
    assert not as_ingested(recorded(page, row), None)  # gone
    size, mtime = file.size, file.mtime_ns
    for changed in ({"size": size + 1}, {"mtime_ns": mtime - 1}, {"digests": ("0" * 64,)},
                    {"extraction_version": EXTRACTION_VERSION + 1}, {"path": str(tmp_path / "other.html")}):
        assert not as_ingested(recorded(page, row, **changed), file), changed
