"""Scraper: ``SourcesSelected`` -> one ``FetchSource`` command per source -> ``SourceFetched``/``SourceFailed``.

http(s) URLs go through one :class:`services.scraper.fetch.Scraper` per process: the address policy (private,
loopback, link-local and metadata addresses refused unless allow-listed, redirects re-checked, checked on
the resolved address), robots.txt, per-host concurrency and back-off on 429/503, deadlines and a size cap,
content type by header and magic bytes, PDF text with pypdf, main text and metadata with trafilatura, and
Chromium (Playwright) for pages whose text is built by scripts (``via="browser"``). ``doc:<sha256>`` sources
are read from the local corpus. Whatever goes wrong with one source becomes ``SourceFailed`` with the reason
(``code: message``; block pages are ``blocked_page``, a page that is only a cookie-consent or paywall notice is
``consent_wall`` / ``paywall``, never content); the worker goes on. A ``<meta http-equiv="refresh">`` page is a
redirect (its target checked by the address policy), never content. ``SourceFetched`` carries the page's
metadata: author, publication and modified dates (trafilatura and htmldate) and the text's language; an HTML
page's HTML as fetched (or rendered) is stored too (``html_sha256``), for the structured data it holds, and flags
for instruction-like text found in it (prompt injection, in its text, hidden elements, alt text, comments or
metadata: ``shared.text.injection``), and for a scholarly source (a DOI in its URL, metadata or a PDF's first page;
an arXiv id; a PMID / PMCID) its CrossRef, PubMed and arXiv records and retraction status
(``services.scraper.scholarly``; answers kept in PostgreSQL for ``registry_cache_ttl_s``; a registry unknown, down
or rate-limiting: "retraction status unknown", the source is kept).

The source recorded is always the URL that was asked for (its text, its title): links and DOIs found in the
page, its reference list included, are never followed and never become sources of their own.

The scraper's browser and HTTP client are closed when the service stops (``router.assay_closers``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import FetchSource, SourcesSelected
from services.scraper.fetch import (
    EXTRACTION_VERSION,
    AddressPolicy,
    FetchedDocument,
    FetchError,
    FetchLimits,
    ScrapeOptions,
    Scraper,
)
from services.scraper.fetch._content import byline_date, extract_html, page_dates, with_stated_update
from services.scraper.fetch.files import AUTHOR_MAX_BYTES, document_author
from services.scraper.fetch.http import check_wall, html_document
from services.scraper.provenance import classify, with_scholarly
from services.scraper.scholarly import Identifiers, Scholarly, ScholarlyLookup, find_identifiers, scholarly_lookup
from shared.bus import consumer_kwargs, publish_commands
from shared.corpus import FileRecord
from shared.docstore import clean_text, sha256_text
from shared.domain import RunView, SourceView
from shared.lookup_cache import PgLookupCache
from shared.memory import MemoryStore
from shared.memory.store import Provenance, normalise
from shared.ports import Commands, Documents, RunReader, run_after, run_holding
from shared.preload import preload
from shared.runtime import Runtime
from shared.settings import ScraperSettings
from shared.text.injection import find_instructions
from shared.text.noise import in_spans, is_reference_entry, reference_sections
from shared.text.tokens import detect_language
from shared.urls import is_web, page_key

log = logging.getLogger("assay.scraper")

#: characters of a source's text its language is judged on
LANGUAGE_SAMPLE_CHARS = 4000


def text_language(text: str) -> str:
    """ISO 639-1 language of a source's text (its first :data:`LANGUAGE_SAMPLE_CHARS` characters)."""
    return detect_language(text[:LANGUAGE_SAMPLE_CHARS])


#: a line of prose has at least this many words
PROSE_LINE_WORDS = 6
#: letters of prose a text needs for its language to be read from it (fewer: a list of names and titles, a record)
PROSE_MIN_LETTERS = 150
#: a line of structured data, no prose: a JSON line (a bracket, ``"key": value``), a table row, a Markdown heading
_STRUCTURED_LINE = re.compile(r'^\s*(?:[\[\]{}],?\s*$|"[^"\n]*"\s*:|\||#)')


def prose_text(text: str) -> str:
    """The prose of a source's text (its first :data:`LANGUAGE_SAMPLE_CHARS` characters), its lines joined: lines of
    at least :data:`PROSE_LINE_WORDS` words that are no reference entry or reference section
    (:func:`shared.text.noise.reference_sections`: a bibliography's titles name works in their own language), no
    JSON key-value line, table row or heading. '' for a text without prose."""
    sample = text[:LANGUAGE_SAMPLE_CHARS]
    references = reference_sections(sample)
    lines = []
    for m in re.finditer(r"[^\n]+", sample):
        line = m.group(0).strip()
        if (len(line.split()) >= PROSE_LINE_WORDS and not _STRUCTURED_LINE.match(line)
                and not in_spans(m.start(), m.end(), references) and not is_reference_entry(line)):
            lines.append(line)
    return "\n".join(lines)


def prose_language(text: str, fallback: Callable[[], str]) -> str:
    """ISO 639-1 language of a source's prose (:func:`prose_text`), not of the names and titles it lists (a
    bibliography in English citing Italian titles is English; a JSON record's keys are no language): when the prose
    has fewer than :data:`PROSE_MIN_LETTERS` letters the language is ``fallback()`` (the corpus's majority language,
    or "und")."""
    prose = prose_text(text)
    if sum(ch.isalpha() for ch in prose) < PROSE_MIN_LETTERS:
        return fallback()
    return detect_language(prose)


#: a page the process extracts once at start (:func:`warm_up`): long enough for the language detector
_WARM_UP_HTML = ("<html><head><title>Warm-up</title></head><body><article><h1>Warm-up</h1><p>"
                 + "The scraper reads this page once when its process starts, so that the first real page does "
                 "not wait for the text extractor and the language detector to load their models. " * 3
                 + "</p></article></body></html>")


#: the built-in pages' addresses (nothing is fetched): a named host, and a host with a port
_WARM_UP_URL = "http://warm-up.invalid/"
_WARM_UP_PORT_URL = "http://127.0.0.1:9/assay-warm-up"


def warm_up() -> float:
    """Load what the first fetched page would otherwise wait for: the language detector's model (py3langid, 1 s
    on a quiet machine and 4 s under load, loaded on first use) and the HTML extractor's lazy state (trafilatura,
    about 0.3 s), by extracting one built-in page and judging its language. Called once (in the background:
    :func:`warm_up_in_background`) when the scraper's subscribers are built, so a new process serves its first page
    at full speed. The public-suffix list the extractor's metadata reader loads for the first page whose host has a
    port or a single label (``http://10.0.0.5:8080/``, ``http://intranet/``: 0.35 s on a quiet machine; a named host
    with no port never needs it) is loaded by a second built-in page, in a background thread of its own.
    Returns the seconds it took (the second page not counted)."""
    t0 = time.perf_counter()
    doc = html_document(_WARM_UP_URL, _WARM_UP_URL, 200, _WARM_UP_HTML)
    text_language(doc.text if doc is not None else _WARM_UP_HTML)
    threading.Thread(target=html_document, args=(_WARM_UP_PORT_URL, _WARM_UP_PORT_URL, 200, _WARM_UP_HTML),
                     daemon=True, name="assay-scraper-warm-up").start()
    return time.perf_counter() - t0


def warm_up_in_background() -> threading.Thread:
    """Run :func:`warm_up` in a daemon thread started when the scraper's subscribers are built: the process goes on
    starting (its consumers' creation waits on the bus, which the warm-up's CPU then overlaps) instead of waiting for
    it first (its imports and first extraction: 0.05 s of CPU with a warm bytecode cache, tenths of a second
    without). A page arriving before it is done waits only for what it needs (Python's import lock for the
    extractor, the language detector's own lock). A failure is logged; the first page then loads what it needs
    itself. Returns the thread."""
    def run() -> None:
        try:
            log.info("scraper warmed up in %.2f s (text extractor, language detector)", warm_up())
        except Exception:  # noqa: BLE001 - not the process's failure: the first page loads what it needs
            log.exception("scraper warm-up failed")

    thread = threading.Thread(target=run, name="assay-scraper-warm-up-all", daemon=True)
    thread.start()
    return thread


def scrape_options(cfg: ScraperSettings) -> ScrapeOptions:
    """The :class:`ScrapeOptions` described by the scraper's settings."""
    limits = FetchLimits(connect_timeout_s=cfg.connect_timeout_s, read_timeout_s=cfg.read_timeout_s,
                         total_timeout_s=cfg.total_timeout_s, max_bytes=cfg.max_bytes,
                         max_redirects=cfg.max_redirects)
    return ScrapeOptions(
        limits=limits, per_host=cfg.per_host_concurrency, respect_robots=cfg.respect_robots,
        robots_ttl_s=cfg.robots_ttl_s, max_retries=cfg.max_retries, backoff_base_s=cfg.backoff_base_s,
        max_retry_after_s=cfg.max_retry_after_s, render=cfg.render, render_min_chars=cfg.render_min_chars,
        render_timeout_s=cfg.render_timeout_s, browser_executable=cfg.browser_executable,
        browser_max_pages=cfg.browser_max_pages, deadline_s=cfg.deadline_s)


# ---- collaborators ---------------------------------------------------------------------------------------------
class ScraperRuns(RunReader, Protocol):
    """What the scraper reads and records in the event store (``shared.store.ResearchRuns``)."""

    def record_source_fetched(self, run_id: UUID, source_id: UUID, *, url: str, final_url: str,
                              content_type: str, title: str, text_sha256: str, chars: int, via: str,
                              instructions: Sequence[Mapping[str, str]] = (),
                              scholarly: Mapping[str, Any] | None = None,
                              provenance: Mapping[str, Any] | None = None, **metadata: str | None) -> bool:
        """Record ``SourceFetched`` (once per source)."""
        ...

    def record_source_failed(self, run_id: UUID, source_id: UUID, *, url: str, reason: str) -> bool:
        """Record ``SourceFailed`` (once per source)."""
        ...


class CorpusDocuments(Protocol):
    """The local corpus' documents (``shared.corpus.Corpus``)."""

    def document(self, digest: str, corpus: str | None = None) -> dict[str, Any] | None:
        """A stored corpus document: {sha256, title, path, text, content_type, files (ingest's records of the files
        that gave it: ``shared.corpus.FileRecord``; may be missing)}, or None; its title and path as ``corpus``
        holds it when it does (the run's corpus)."""
        ...

    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        """ISO 639-1 code -> how many of ``corpus``'s documents (at most ``sample``) are written in it."""
        ...


class MemoryTexts(Protocol):
    """Research memory's remembered texts (``shared.memory.MemoryStore``)."""

    def get(self, key: str) -> tuple[str, tuple[Provenance, ...]] | None:
        """A remembered text and its sightings (earliest fetch first), or None for an unknown key."""
        ...


@dataclass(frozen=True, kw_only=True)
class Scraping:
    """The scraper handlers' collaborators: the event store, the document store (texts and HTML are stored there),
    the bus (``FetchSource`` commands), the local corpus, research memory's texts, the fetch of an http(s) URL
    (:meth:`Scraper.fetch`, bounded by ``deadline_s`` seconds plus 5) and the scholarly lookup of a text (its
    ``ScholarlyRecord`` fields, None when it names no identifier)."""

    runs: ScraperRuns
    documents: Documents
    commands: Commands
    corpus: CorpusDocuments
    memory: MemoryTexts
    fetch: Callable[[str], Awaitable[FetchedDocument]]
    scholarly: Callable[[Identifiers, str | None, str], Awaitable[dict[str, Any] | None]]
    deadline_s: float
    #: look up identifiers of local documents in a run of scope ``local`` too (``ScraperSettings.local_lookups``)
    local_lookups: bool = False


def _is_memory(src: SourceView) -> bool:
    return src.url.startswith("mem:")


def _superseded_by(run: RunView, sightings: Sequence[Provenance]) -> tuple[SourceView, Provenance] | None:
    """The run's live source (fetched, not from memory) at an address where research memory saw its text (the
    source's URL or final URL and a sighting's URL are one page, ``shared.urls.page_key``), with that sighting;
    None when no live fetch of this run read one of those addresses."""
    seen = {page_key(p.url): p for p in reversed(sightings) if p.origin == "web" and is_web(p.url)}
    if not seen:
        return None
    for src in run.sources.values():
        if _is_memory(src) or src.status not in ("fetched", "extracted"):
            continue
        for address in (src.url, src.final_url or ""):
            if address and page_key(address) in seen:
                return src, seen[page_key(address)]
    return None


async def release_memory_sources(deps: Scraping, run_id: UUID) -> None:
    """Send the ``FetchSource`` commands of the run's research-memory sources (``mem:``) once none of its other
    sources is pending: memory's copy of a page is read only after every live fetch of the run has ended, so a
    live fetch of the same address supersedes it (:func:`_fetch_from_memory`). Idempotent (the command's message
    id is the source id; a source no longer pending is not fetched twice)."""
    run = await asyncio.to_thread(deps.runs.get_run, run_id)
    if run.closed or any(not _is_memory(s) and s.status == "pending" for s in run.sources.values()):
        return
    for src in run.sources.values():
        if _is_memory(src) and src.status == "pending":
            await deps.commands.command(FetchSource(run_id=run_id, source_id=UUID(src.source_id), url=src.url),
                                        src.source_id)


async def _fetch_from_memory(deps: Scraping, body: FetchSource) -> None:
    """A ``mem:<chunk key>`` source: research memory's stored text, recorded as fetched ``via="memory"`` with
    the web address it was first fetched from, its title saying when, and its publication date.

    Within a run a live fetch of the same address supersedes the memory copy: when one of the run's fetched
    sources has a URL or final URL that is one page with an address where memory saw the text, the memory source
    is recorded failed with reason ``superseded: ...`` (saying whether the page's text changed since memory's
    copy, and its date), never a second source beside the live page. A memory copy whose text is already another
    source of the run is dropped by the event store (``duplicate: ...``, ``shared.store``)."""
    found = await asyncio.to_thread(deps.memory.get, body.url[4:])
    if found is None:
        await asyncio.to_thread(deps.runs.record_source_failed, body.run_id, body.source_id, url=body.url,
                                reason="not_found: no such text in research memory")
        return
    text, sightings = found
    run = await asyncio.to_thread(deps.runs.get_run, body.run_id)
    live = _superseded_by(run, sightings)
    if live is not None:
        src, sighting = live
        page = await asyncio.to_thread(deps.documents.get, src.text_sha256) if src.text_sha256 else None
        kept = page is not None and normalise(text) in normalise(page)
        when = f"{sighting.fetched_at:%Y-%m-%d}"
        await asyncio.to_thread(
            deps.runs.record_source_failed, body.run_id, body.source_id, url=body.url,
            reason=(f"superseded: the live page {src.address} was fetched in this run; "
                    + (f"memory's copy of {when} is unchanged in it" if kept
                       else f"the page changed since memory's copy of {when}")))
        return
    web = [p for p in sightings if p.origin == "web" and is_web(p.url)]
    first = web[0] if web else (sightings[0] if sightings else None)
    url = first.url if first else body.url
    fetched = f"{first.fetched_at:%Y-%m-%d}" if first else "earlier"
    title = f"{(first.title if first and first.title else url)} (from memory, fetched {fetched})"
    digest = await asyncio.to_thread(deps.documents.put, text, "text/plain")
    language = await asyncio.to_thread(text_language, text)  # (CPU: never on the event loop)
    await asyncio.to_thread(
        deps.runs.record_source_fetched, body.run_id, body.source_id, url=body.url, final_url=url,
        content_type="text/plain", title=title, text_sha256=digest, chars=len(text), via="memory",
        published=f"{first.published_at:%Y-%m-%d}" if first and first.published_at else None,
        language=language)


#: why a local document's identifiers were not looked up (``ScholarlyRecord.reason``; the report shows it after
#: "retraction status unknown")
LOCAL_NOT_CHECKED = ("not checked: a run of scope local reaches no server; ASSAY_SCRAPER_LOCAL_LOOKUPS=true looks "
                     "local documents' DOIs up in CrossRef")


def not_checked(ids: Identifiers) -> dict[str, Any] | None:
    """The scholarly record of a local document whose identifiers ``ids`` were not looked up (a run of scope
    ``local``: :data:`LOCAL_NOT_CHECKED`), status unknown; None when it names no DOI, PubMed or arXiv id."""
    if not (ids.doi or ids.arxiv or ids.pmid or ids.pmcid):
        return None
    return Scholarly(doi=ids.doi, found_in=ids.found_in, arxiv_id=ids.arxiv, pmid=ids.pmid, pmcid=ids.pmcid,
                     reason=LOCAL_NOT_CHECKED).record()


#: the largest local HTML file whose markup is read again for its dates, bytes
LOCAL_HTML_MAX_BYTES = 5_000_000


def local_page_dates(path: str, content_type: str | None, text: str,
                     data: bytes | None = None) -> tuple[str | None, str | None]:
    """(publication date, last-modified date), ISO ``YYYY-MM-DD`` or None, of a local corpus document stored from
    ``path``: for an HTML file still on disk (at most :data:`LOCAL_HTML_MAX_BYTES`), its markup's dates as a fetched
    page's are read (:func:`~services.scraper.fetch._content.page_dates`: ``<meta name="date">``,
    ``article:published_time``, JSON-LD, ``<time datetime>``), the publication date falling back to the byline its
    text ``text`` shows (:func:`~services.scraper.fetch._content.byline_date`); any other file has only the byline
    date. A file gone or unreadable since it was ingested gives the byline date too. The last-modified date falls
    back to the date the text says the page is current as of ("Stand: März 2024", "Last updated: 12 May 2023":
    :func:`~services.scraper.fetch._content.with_stated_update`). ``data`` is the file's content when the caller has
    already read it (then not read again; :func:`_local_file`), else the file is read here."""
    published = modified = None
    if (content_type or "").split(";")[0].strip() == "text/html":
        if data is not None:
            if len(data) <= LOCAL_HTML_MAX_BYTES:
                # as read_text reads it: line ends made "\n" (universal newlines)
                markup = data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
                published, modified = page_dates(markup, None)
        else:
            try:
                file = Path(path)
                if file.is_file() and file.stat().st_size <= LOCAL_HTML_MAX_BYTES:
                    published, modified = page_dates(file.read_text(encoding="utf-8", errors="replace"), None)
            except OSError as exc:
                log.debug("local page %s not read for its dates: %s", path, exc)
    published = published or byline_date(text)
    return published, with_stated_update(published, modified, text)


@dataclass(frozen=True)
class LocalFile:
    """A local corpus file as the scraper reads it again: its bytes (``data``), and its size (bytes) and modification
    time (nanoseconds) as the open file gives them right after the read, to compare with what ingest recorded
    (``shared.corpus.FileRecord``)."""

    data: bytes
    size: int
    mtime_ns: int


def _local_file(path: str) -> LocalFile | None:
    """The local file at ``path`` as stored, read once for its dates (:func:`local_page_dates`), its author
    (:func:`~services.scraper.fetch.files.document_author`) and its markup (:func:`corpus_html`); None when it is
    gone, unreadable or larger than the first two's limits (each then finds that out itself)."""
    try:
        file = Path(path)
        if file.is_file() and file.stat().st_size <= max(LOCAL_HTML_MAX_BYTES, AUTHOR_MAX_BYTES):
            with file.open("rb") as f:
                data = f.read()
                st = os.fstat(f.fileno())  # after the read: a write during it shows as another size or time
            return LocalFile(data, st.st_size, st.st_mtime_ns)
    except OSError as exc:
        log.debug("local file %s not read again: %s", path, exc)
    return None


def as_ingested(doc: Mapping[str, Any], file: LocalFile | None) -> bool:
    """Whether ``file`` (the corpus document ``doc``'s file as read again: :func:`_local_file`) is still the file
    ingest read ``doc`` from, decided as ingest decides a file is unchanged (``services.cli.ingest.ingest_path``): the
    record of the file at ``doc``'s path among ``doc["files"]`` (ingest's records: ``shared.corpus.FileRecord``, as
    ``Corpus.document`` gives them) names ``doc`` (its sha256) among the documents the file gave, ``file``'s size and
    modification time, and the current extractor (:data:`~services.scraper.fetch.files.EXTRACTION_VERSION`). False
    for a file gone, or one no record says so of (changed since it was ingested, read by another extractor version,
    or recorded under another path)."""
    if file is None or len(file.data) != file.size:
        return False
    path = str(Path(doc["path"]).resolve())
    records: Iterable[FileRecord] = doc.get("files") or ()
    return any(r.path == path and doc.get("sha256") in r.digests and r.size == file.size
               and r.mtime_ns == file.mtime_ns and r.extraction_version == EXTRACTION_VERSION for r in records)


def corpus_html(doc: Mapping[str, Any], data: bytes | None, *, ingested: bool = False) -> str | None:
    """The HTML of the corpus document ``doc`` ({sha256, path, text, content_type}, as ``Corpus.document`` gives
    it) as its file holds it (``data``: the file's bytes, :func:`_local_file`), kept beside its text as a fetched
    page's is (``SourceFetched.html_sha256``): the structured data and tables a domain reads there (a JSON-LD
    offer's price, a spec table) are in the markup, not the text. None for a document read from no HTML file, a
    file gone or not UTF-8, or one that no longer gives the text stored (changed since it was ingested, or read
    by another extractor: its markup would be another page's). ``ingested``: the file is as ingest read it
    (:func:`as_ingested`), so its markup is the document's as it is; else the text is extracted from the markup
    again (trafilatura, some 15 ms a small page) and must give ``doc``'s sha256."""
    if doc.get("content_type") != "text/html" or data is None:
        return None
    try:
        html = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if ingested:
        return html
    return html if sha256_text(clean_text(extract_html(html).text)) == doc.get("sha256") else None


async def _fetch_from_corpus(deps: Scraping, body: FetchSource, run: RunView) -> None:
    """A ``doc:<sha256>`` source: the local corpus' stored document (its scholarly record looked up too, except in a
    run of scope ``local`` unless ``local_lookups``: :func:`not_checked`), dated as :func:`local_page_dates` reads it
    (an HTML file's markup dates, else the byline its text shows: "Published 14 November 2023"). A document whose
    text is only a cookie-consent or paywall notice (a page saved from behind a consent banner) fails as
    ``consent_wall`` / ``paywall``, as a fetched page does (:func:`~services.scraper.fetch.http.check_wall`). Its
    author is the one its file's metadata names (:func:`~services.scraper.fetch.files.document_author`: an HTML
    file's ``<meta name="author">``, a PDF's or Word document's author property)."""
    # the run's corpus names the file cited: the same text in another folder is another corpus's copy
    doc = await asyncio.to_thread(deps.corpus.document, body.url[4:], run.request.corpus)
    if doc is None:
        await asyncio.to_thread(deps.runs.record_source_failed, body.run_id, body.source_id,
                                url=body.url, reason="not_found: no such document in the local corpus")
        return
    text = doc["text"]
    try:
        await asyncio.to_thread(check_wall, text, doc["path"])
    except FetchError as exc:
        await asyncio.to_thread(deps.runs.record_source_failed, body.run_id, body.source_id, url=body.url,
                                reason=str(exc))
        return
    # the text's scans (identifiers, language, instruction-like text, provenance) are CPU work: in a worker thread,
    # never on the event loop, where they would hold up every other handler of the process
    ids = await asyncio.to_thread(find_identifiers, doc["path"], text=text, pdf=True)
    scope = run.request.scope
    if scope == "local" and not deps.local_lookups:  # a local run reaches no server: the ids are named, not checked
        paper = not_checked(ids)
    else:
        paper = await deps.scholarly(ids, doc["title"], text)

    def facts() -> dict[str, Any]:
        # a local file's dates: an HTML file's markup, else the byline it shows ("Published 14 November 2023")
        file = _local_file(doc["path"])  # read once, for its markup dates, its author and its markup
        data = file.data if file is not None else None
        published, modified = local_page_dates(doc["path"], doc.get("content_type"), text, data)
        def majority() -> str:
            counts = deps.corpus.languages(run.request.corpus)
            return max(sorted(counts), key=lambda code: counts[code]) if counts else "und"

        # an HTML file's markup too, as a fetched page's: its offers and tables (its text extracted again only when
        # the file is not as ingest recorded it)
        html = corpus_html(doc, data, ingested=as_ingested(doc, file))
        return {"language": prose_language(text, majority), "author": document_author(Path(doc["path"]), data), "instructions": [h.record() for h in find_instructions(text)],
                "provenance": with_scholarly(classify(doc["path"], text=text), paper).record(),
                "published": published, "modified": modified,
                "html_sha256": deps.documents.put(html, "text/html") if html is not None else None}

    await asyncio.to_thread(
        deps.runs.record_source_fetched, body.run_id, body.source_id, url=body.url, final_url=doc["path"],
        content_type=doc["content_type"], title=doc["title"], text_sha256=doc["sha256"],
        chars=len(text), via="local", scholarly=paper, **(await asyncio.to_thread(facts)))


# ---- the handlers ----------------------------------------------------------------------------------------------
async def on_sources_selected(event: SourcesSelected, deps: Scraping) -> None:
    """``SourcesSelected`` -> one ``FetchSource`` command per source (none when the run has ended or was closed
    at its deadline); research memory's sources (``mem:``) only once the others have been fetched or failed
    (:func:`release_memory_sources`, called again after each fetch)."""
    if (await run_after(deps.runs, event.run_id, event.seq)).closed:
        return  # the run ended (completed, failed, cancelled) or was closed at its deadline: no fetch for it
    live = [src for src in event.sources if not src.url.startswith("mem:")]
    await publish_commands(deps.commands, ((FetchSource(run_id=event.run_id, source_id=src.source_id, url=src.url),
                                            str(src.source_id)) for src in live))
    if len(live) < len(event.sources):
        await release_memory_sources(deps, event.run_id)  # now when nothing else is out, else after the last


async def on_fetch(cmd: FetchSource, deps: Scraping) -> None:
    """``FetchSource`` -> ``SourceFetched`` or ``SourceFailed`` (with the reason); nothing for a redelivery, an
    unknown source or an ended run. ``mem:`` sources are read from research memory, ``doc:`` ones from the
    local corpus, the others fetched."""
    if cmd.url.startswith("doc:") and not deps.local_lookups:  # a corpus document, which a local run reads on
        # this machine alone: the process's cached run when it holds the source of a run of scope local (no store
        # read per source; a stale state costs at most a read the write refuses), else a load
        run = await run_holding(deps.runs, cmd.run_id,
                                lambda r: r.request.scope == "local" and r.source(cmd.source_id) is not None)
    else:  # a fetch from a server (or research memory's turn) is decided on the latest state
        run = await asyncio.to_thread(deps.runs.get_run, cmd.run_id)
    src = run.source(cmd.source_id)
    if src is None or src.status != "pending" or run.closed or run.extraction_completed:
        if src is not None and not run.closed and not run.extraction_completed and not cmd.url.startswith("mem:"):
            await release_memory_sources(deps, cmd.run_id)  # a redelivery after a crash: memory's turn may be due
        return  # redelivery, unknown source, an ended run, one closed at its deadline or whose extraction was
        # closed (at its deadline: a page fetched now would give no claims): nothing to do
    if cmd.url.startswith("mem:"):
        await _fetch_from_memory(deps, cmd)
        return
    await _fetch_live(deps, cmd, run)
    if any(_is_memory(s) for s in run.sources.values()):  # (a run's sources are all selected at once)
        await release_memory_sources(deps, cmd.run_id)


async def _fetch_live(deps: Scraping, cmd: FetchSource, run: RunView) -> None:
    """A ``doc:`` source read from the local corpus, any other fetched (recorded fetched or failed); ``run``: the
    run's state read by the handler."""
    if cmd.url.startswith("doc:"):
        await _fetch_from_corpus(deps, cmd, run)
        return
    try:
        fetched = await asyncio.wait_for(deps.fetch(cmd.url), timeout=deps.deadline_s + 5)
    except FetchError as exc:
        await asyncio.to_thread(deps.runs.record_source_failed, cmd.run_id, cmd.source_id, url=cmd.url,
                                reason=str(exc))
        return
    except TimeoutError:
        await asyncio.to_thread(deps.runs.record_source_failed, cmd.run_id, cmd.source_id, url=cmd.url,
                                reason=f"timeout: no complete answer within {deps.deadline_s:g} s")
        return
    except Exception as exc:  # noqa: BLE001 (one bad page must not stop the worker)
        log.exception("fetching %s failed", cmd.url)
        await asyncio.to_thread(deps.runs.record_source_failed, cmd.run_id, cmd.source_id, url=cmd.url,
                                reason=f"internal: {exc.__class__.__name__}: {exc}")
        return
    digest = await asyncio.to_thread(deps.documents.put, fetched.text, fetched.content_type)
    html_digest = None  # the page's HTML too: structured data (JSON-LD, microdata) and tables live there
    if fetched.html is not None:
        html_digest = await asyncio.to_thread(deps.documents.put, fetched.html, "text/html")
    paper = await deps.scholarly(fetched.identifiers, fetched.title, fetched.text)
    language = await asyncio.to_thread(text_language, fetched.text)  # (CPU: never on the event loop)
    await asyncio.to_thread(
        deps.runs.record_source_fetched, cmd.run_id, cmd.source_id, url=cmd.url,
        final_url=fetched.final_url, content_type=fetched.content_type,
        title=fetched.title or fetched.final_url, text_sha256=digest, chars=len(fetched.text), via=fetched.via,
        author=fetched.author, published=fetched.published, modified=fetched.modified,
        language=language, html_sha256=html_digest,
        instructions=[h.record() for h in fetched.instructions],
        scholarly=paper, provenance=with_scholarly(fetched.provenance, paper).record())


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the scraper service (one shared :class:`Scraper`, so one browser, per process): each calls
    its handler function with this process' collaborators."""
    router = NatsRouter()
    common = rt.settings.common
    cfg = rt.settings.scraper
    warm_up_in_background()
    # the HTTP client's transport (httpcore, h2: 0.1-0.2 s), imported when the first page's client is made, on the
    # event loop: imported in the background while the process starts
    preload("httpcore")
    policy = AddressPolicy(allow=tuple(cfg.allow_hosts))
    options = scrape_options(cfg)
    user_agent = f"AssayBot/0.1 (worker {os.getpid()})"
    holder: dict[str, Scraper] = {}

    def scraper() -> Scraper:
        if "scraper" not in holder:
            holder["scraper"] = Scraper(policy=policy, options=options, user_agent=user_agent)
        return holder["scraper"]

    lookups: dict[str, ScholarlyLookup] = {}

    def registries() -> ScholarlyLookup:
        if "registries" not in lookups:  # answers kept in PostgreSQL: a new process does not ask again
            lookups["registries"] = scholarly_lookup(
                crossref_on=cfg.crossref, crossref_url=cfg.crossref_url, crossref_mailto=cfg.crossref_mailto,
                pubmed_on=cfg.pubmed, pubmed_url=cfg.pubmed_url, pubmed_email=cfg.pubmed_email,
                arxiv_on=cfg.arxiv_lookup, arxiv_url=cfg.arxiv_url, timeout_s=cfg.crossref_timeout_s,
                ttl_s=cfg.registry_cache_ttl_s, cache=PgLookupCache(rt.pool))
        return lookups["registries"]

    async def scholarly(ids: Identifiers, title: str | None, text: str) -> dict[str, Any] | None:
        """The source's scholarly record (CrossRef, PubMed, arXiv), None when it names no identifier."""
        try:
            found = await registries().lookup(ids, title=title, text=text)
        except Exception as exc:  # noqa: BLE001 (a lookup must never lose the source)
            log.exception("scholarly lookup of %s failed", ids)
            found = Scholarly(doi=ids.doi, found_in=ids.found_in, arxiv_id=ids.arxiv,
                              reason=f"lookup failed ({type(exc).__name__})")
        return found.record() if found is not None else None

    async def fetch(url: str) -> FetchedDocument:
        return await scraper().fetch(url)

    async def close() -> None:
        s = holder.pop("scraper", None)
        if s is not None:
            await s.aclose()
        c = lookups.pop("registries", None)
        if c is not None:
            await c.aclose()

    router.assay_closers = [close]  # type: ignore[attr-defined]  # awaited by services.cli.stack.Stack.stop

    def deps() -> Scraping:
        return Scraping(runs=rt.runs, documents=rt.documents, commands=rt.publisher, corpus=rt.corpus,
                        memory=MemoryStore(rt.pool, None), fetch=fetch, scholarly=scholarly,
                        deadline_s=options.deadline_s, local_lookups=cfg.local_lookups)

    @router.subscriber(SourcesSelected.SUBJECT, **consumer_kwargs(common, "scraper", SourcesSelected))
    async def on_sources_selected_msg(body: SourcesSelected) -> None:
        await on_sources_selected(body, deps())

    @router.subscriber(FetchSource.SUBJECT, **consumer_kwargs(common, "scraper", FetchSource,
                                                             ack_wait_s=cfg.total_timeout_s + 30))
    async def on_fetch_msg(body: FetchSource) -> None:
        await on_fetch(body, deps())

    return router
