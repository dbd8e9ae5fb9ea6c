"""A local corpus's HTML file is read as a fetched page is: its markup is kept beside its text
(``SourceFetched.html_sha256``), so a domain reads the structured data and tables there (a JSON-LD offer's price, a
spec table). Re-check of a shopping trial, fault s1: over a corpus of product pages, "What is the best cordless drill
under $150?" found "no price in any source" (every JSON-LD offer unread) and picked a drill over the budget. A file
changed since it was ingested, or a document of no HTML file, keeps its text alone."""

from __future__ import annotations

import json
from pathlib import Path

from contracts import SourceFetched
from services.scraper.fetch.files import parse_file
from services.scraper.handlers import corpus_html, on_fetch
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
