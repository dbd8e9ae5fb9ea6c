"""The scraper's handler functions without NATS, PostgreSQL or the web: the event store in memory (POPO), the
documents in a dict, commands in a list, the fetch, the corpus, research memory and the scholarly lookup stood
in by functions of fixed answers."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

from contracts import FetchSource, SourceFailed, SourceFetched, SourcesSelected
from services.scraper.fetch import FetchedDocument, FetchError
from services.scraper.handlers import Scraping, on_fetch, on_sources_selected, prose_language
from services.scraper.scholarly import Identifiers
from shared.domain import source_id_for
from shared.memory.store import Provenance
from shared.store import ResearchRuns
from shared.text.tokens import detect_language
from tests.unit.handlers.fakes import FakeCommands, FakeDocuments, counting_loads, memory_runs, started_run

PAGE = "Neil Peart was the drummer and lyricist of the Canadian rock band Rush. He joined in 1974."


class Corpus:
    def __init__(self, docs: dict[str, dict[str, Any]]) -> None:
        self.docs = docs

    def document(self, digest: str, corpus: str | None = None) -> dict[str, Any] | None:
        return self.docs.get(digest)

    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        counts: dict[str, int] = {}
        for doc in list(self.docs.values())[:sample]:
            lang = detect_language(doc["text"])
            counts[lang] = counts.get(lang, 0) + 1
        return counts


class Memory:
    def __init__(self, texts: dict[str, tuple[str, tuple[Provenance, ...]]]) -> None:
        self.texts = texts

    def get(self, key: str) -> tuple[str, tuple[Provenance, ...]] | None:
        return self.texts.get(key)


async def no_paper(ids: Identifiers, title: str | None, text: str) -> dict[str, Any] | None:
    return None


def deps(runs: ResearchRuns, docs: FakeDocuments, *, fetched: dict[str, FetchedDocument] | None = None,
         corpus: Corpus | None = None, memory: Memory | None = None,
         commands: FakeCommands | None = None) -> Scraping:
    async def fetch(url: str) -> FetchedDocument:
        if fetched is None or url not in fetched:
            raise FetchError("http_status", "404 Not Found", url=url, status=404)
        return fetched[url]

    return Scraping(runs=runs, documents=docs, commands=commands or FakeCommands(), corpus=corpus or Corpus({}),
                    memory=memory or Memory({}), fetch=fetch, scholarly=no_paper, deadline_s=5.0)


def selected_run(runs: ResearchRuns, urls: list[str], scope: str = "web") -> UUID:
    """A run whose search selected ``urls`` as its sources (all pending)."""
    run_id = started_run(runs, "Who was the drummer of Rush?", scope=scope)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "Rush drummer"}], "general", "en", "offline", False)
    hits = [{"url": u, "title": u, "snippet": "", "provider": "web", "rank": i, "score": 1.0}
            for i, u in enumerate(urls, start=1)]
    runs.record_search(run_id, "q1", "Rush drummer", 1, hits, True, [])
    return run_id


def fetch_cmd(run_id: UUID, url: str) -> FetchSource:
    return FetchSource(run_id=run_id, source_id=source_id_for(run_id, url), url=url)


async def fetched_locally(docs: dict[str, dict[str, Any]]) -> tuple[ResearchRuns, UUID]:
    """A run of scope local over the corpus ``docs`` (sha256 -> document row) with every document fetched by the
    scraper's handler (``doc:<sha256>`` each): the in-memory runs and the run's id, for its ``SourceFetched`` events."""
    runs, store = memory_runs(), FakeDocuments()
    urls = [f"doc:{d}" for d in docs]
    run_id = selected_run(runs, urls, scope="local")
    scraping = deps(runs, store, corpus=Corpus(docs))
    for url in urls:
        await on_fetch(fetch_cmd(run_id, url), scraping)
    return runs, run_id


async def test_selected_sources_become_fetch_commands() -> None:
    runs, docs, commands = memory_runs(), FakeDocuments(), FakeCommands()
    run_id = selected_run(runs, ["https://a.example/rush", "https://b.example/peart"])
    selected = next(e for e in runs.timeline(run_id) if isinstance(e, SourcesSelected))
    await on_sources_selected(selected, deps(runs, docs, commands=commands))
    assert sorted(c.url for c, _ in commands.sent if isinstance(c, FetchSource)) == [
        "https://a.example/rush", "https://b.example/peart"]


async def test_a_fetched_page_is_stored_and_recorded_once_and_a_failure_keeps_its_reason() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    url, missing = "https://a.example/rush", "https://b.example/gone"
    run_id = selected_run(runs, [url, missing])
    page = FetchedDocument(url=url, final_url=url + "?r=1", status=200, content_type="text/html", title="Rush",
                           text=PAGE, via="http", site="a.example", author="Ann", published="2020-01-02",
                           html=f"<html><body><p>{PAGE}</p></body></html>")
    scraping = deps(runs, docs, fetched={url: page})
    await on_fetch(fetch_cmd(run_id, url), scraping)
    await on_fetch(fetch_cmd(run_id, missing), scraping)
    source = runs.get_run(run_id).sources[str(source_id_for(run_id, url))]
    assert (source.status, source.address, source.title, source.author, source.language) == (
        "fetched", url + "?r=1", "Rush", "Ann", "en")
    assert docs.get(source.text_sha256 or "") == PAGE and docs.types[source.html_sha256 or ""] == "text/html"
    (failed,) = [e for e in runs.timeline(run_id) if isinstance(e, SourceFailed)]
    assert failed.url == missing and failed.reason.startswith("http_status")
    version = runs.get_run(run_id).version
    await on_fetch(fetch_cmd(run_id, url), scraping)  # redelivery: nothing more
    assert runs.get_run(run_id).version == version


async def test_corpus_and_memory_sources_are_read_not_fetched() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    digest = "d" * 64
    chunk = "mem:chunk-1"
    run_id = selected_run(runs, [f"doc:{digest}", chunk, "doc:unknown"])
    corpus = Corpus({digest: {"sha256": digest, "title": "Rush notes", "path": "notes/rush.txt", "text": PAGE,
                              "content_type": "text/plain"}})
    seen = Provenance(uuid4(), uuid4(), "https://c.example/peart", "Peart", datetime(2025, 3, 1, tzinfo=UTC), None)
    scraping = deps(runs, docs, corpus=corpus, memory=Memory({"chunk-1": (PAGE, (seen,))}))
    for url in (f"doc:{digest}", chunk, "doc:unknown"):
        await on_fetch(fetch_cmd(run_id, url), scraping)
    by_url = {e.url: e for e in runs.timeline(run_id) if isinstance(e, SourceFetched | SourceFailed)}
    local, remembered, unknown = by_url[f"doc:{digest}"], by_url[chunk], by_url["doc:unknown"]
    assert isinstance(local, SourceFetched) and (local.via, local.final_url, local.text_sha256) == (
        "local", "notes/rush.txt", digest)
    assert isinstance(remembered, SourceFetched) and remembered.via == "memory"
    assert remembered.final_url == "https://c.example/peart" and "fetched 2025-03-01" in remembered.title
    assert isinstance(unknown, SourceFailed) and unknown.reason.startswith("not_found")


async def test_memory_sources_are_read_after_the_live_fetches_and_a_live_fetch_of_their_address_supersedes_them(
        ) -> None:
    """Memory's copy of a page that changed on the web, and the live page, are one source: the live one."""
    runs, docs, commands = memory_runs(), FakeDocuments(), FakeCommands()
    url = "https://a.example/rush"
    old, new = PAGE.replace("1974", "1887"), PAGE.replace("1974", "1889")
    run_id = selected_run(runs, [url, "mem:old", "mem:elsewhere"])
    seen = Provenance(uuid4(), uuid4(), "https://www.a.example/rush/#top", "Rush", datetime(2025, 3, 1, tzinfo=UTC),
                      None)
    other = Provenance(uuid4(), uuid4(), "https://c.example/peart", "Peart", datetime(2025, 2, 1, tzinfo=UTC), None)
    page = FetchedDocument(url=url, final_url=url, status=200, content_type="text/html", title="Rush", text=new,
                           via="http", site="a.example", author=None, published=None)
    scraping = deps(runs, docs, fetched={url: page}, commands=commands,
                    memory=Memory({"old": (old, (seen,)), "elsewhere": ("Peart wrote lyrics for Rush.", (other,))}))
    selected = next(e for e in runs.timeline(run_id) if isinstance(e, SourcesSelected))
    await on_sources_selected(selected, scraping)
    assert [c.url for c, _ in commands.sent if isinstance(c, FetchSource)] == [url]  # memory waits for the live fetches
    await on_fetch(fetch_cmd(run_id, url), scraping)
    assert sorted(c.url for c, _ in commands.sent if isinstance(c, FetchSource)) == sorted([url, "mem:old", "mem:elsewhere"])
    for mem in ("mem:old", "mem:elsewhere"):
        await on_fetch(fetch_cmd(run_id, mem), scraping)
    run = runs.get_run(run_id)
    superseded = run.sources[str(source_id_for(run_id, "mem:old"))]
    assert superseded.status == "failed" and superseded.dropped
    assert superseded.reason is not None and superseded.reason.startswith("superseded: the live page " + url)
    assert "changed since memory's copy of 2025-03-01" in superseded.reason
    kept = run.sources[str(source_id_for(run_id, "mem:elsewhere"))]
    assert (kept.status, kept.via, kept.final_url) == ("fetched", "memory", "https://c.example/peart")


async def test_a_failed_live_fetch_leaves_memorys_copy_labelled_with_its_fetch_date() -> None:
    runs, docs, commands = memory_runs(), FakeDocuments(), FakeCommands()
    url = "https://a.example/rush"
    run_id = selected_run(runs, [url, "mem:old"])
    seen = Provenance(uuid4(), uuid4(), url, "Rush", datetime(2025, 3, 1, tzinfo=UTC), None)
    scraping = deps(runs, docs, commands=commands, memory=Memory({"old": (PAGE, (seen,))}))  # the web answers 404
    await on_fetch(fetch_cmd(run_id, url), scraping)
    await on_fetch(fetch_cmd(run_id, "mem:old"), scraping)
    run = runs.get_run(run_id)
    assert run.sources[str(source_id_for(run_id, url))].status == "failed"
    remembered = run.sources[str(source_id_for(run_id, "mem:old"))]
    assert (remembered.status, remembered.via, remembered.final_url) == ("fetched", "memory", url)
    assert remembered.title == "Rush (from memory, fetched 2025-03-01)"


async def test_memorys_copy_of_a_text_the_run_already_has_is_no_second_source() -> None:
    runs, docs, commands = memory_runs(), FakeDocuments(), FakeCommands()
    url = "https://mirror.example/rush"
    run_id = selected_run(runs, [url, "mem:same"])
    seen = Provenance(uuid4(), uuid4(), "https://origin.example/rush", "Rush", datetime(2025, 3, 1, tzinfo=UTC),
                      None)
    page = FetchedDocument(url=url, final_url=url, status=200, content_type="text/plain", title="Rush", text=PAGE,
                           via="http", site="mirror.example", author=None, published=None)
    scraping = deps(runs, docs, fetched={url: page}, commands=commands, memory=Memory({"same": (PAGE, (seen,))}))
    await on_fetch(fetch_cmd(run_id, url), scraping)
    await on_fetch(fetch_cmd(run_id, "mem:same"), scraping)
    run = runs.get_run(run_id)
    dup = run.sources[str(source_id_for(run_id, "mem:same"))]
    assert dup.dropped and (dup.reason or "").startswith("duplicate:") and url in (dup.reason or "")
    assert [s.url for s in run.sources.values() if s.text_sha256] == [url]


async def test_one_page_asked_for_under_two_urls_is_one_source_but_a_mirror_elsewhere_stays() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    first, variant, mirror = ("https://a.example/rush", "https://a.example/rush?ref=feed",
                              "https://mirror.example/rush")
    run_id = selected_run(runs, [first, variant, mirror])

    def page(url: str, final: str) -> FetchedDocument:
        return FetchedDocument(url=url, final_url=final, status=200, content_type="text/plain", title="Rush",
                               text=PAGE, via="http", site="a.example", author=None, published=None)

    scraping = deps(runs, docs, fetched={first: page(first, first), variant: page(variant, first),
                                         mirror: page(mirror, mirror)})
    for url in (first, variant, mirror):
        await on_fetch(fetch_cmd(run_id, url), scraping)
    run = runs.get_run(run_id)
    again = run.sources[str(source_id_for(run_id, variant))]
    assert again.dropped and (again.reason or "").startswith(f"duplicate: the page {first} is the same text")
    assert sorted(s.url for s in run.sources.values() if s.text_sha256) == sorted([first, mirror])


async def test_a_local_run_looks_no_identifier_of_a_local_document_up_unless_the_setting_says_so() -> None:
    """A run of scope local reaches no server: a DOI found in a local document is named with its retraction status
    "not checked" (and why); scope both, or ``local_lookups``, looks it up (the registries' stand-in records it)."""
    from services.scraper.handlers import LOCAL_NOT_CHECKED

    digest = "e" * 64
    text = "References\n\n1. Sel, A. (1988). The Sel Viaduct. Annals of Norrmark. doi:10.1000/an.1988.1\n"
    corpus = Corpus({digest: {"sha256": digest, "title": "References", "path": "refs.md", "text": text,
                              "content_type": "text/markdown"}})
    asked: list[str | None] = []

    async def registries(ids: Identifiers, title: str | None, text: str) -> dict[str, Any] | None:
        asked.append(ids.doi)
        return None

    async def fetched(scope: str, **kw: Any) -> SourceFetched:
        runs, docs = memory_runs(), FakeDocuments()
        run_id = selected_run(runs, [f"doc:{digest}"], scope=scope)
        scraping = replace(deps(runs, docs, corpus=corpus), scholarly=registries, **kw)
        await on_fetch(fetch_cmd(run_id, f"doc:{digest}"), scraping)
        return next(e for e in runs.timeline(run_id) if isinstance(e, SourceFetched))

    local = await fetched("local")
    assert asked == []  # nothing was asked of CrossRef
    assert local.scholarly is not None and local.scholarly.doi == "10.1000/an.1988.1"
    assert local.scholarly.status == "unknown" and local.scholarly.reason == LOCAL_NOT_CHECKED
    assert local.scholarly.note().startswith("retraction status unknown (not checked: a run of scope local")
    await fetched("both")
    await fetched("local", local_lookups=True)
    assert asked == ["10.1000/an.1988.1", "10.1000/an.1988.1"]


async def test_a_local_html_document_is_dated_by_its_markup_and_a_text_file_by_its_byline(tmp_path: Path) -> None:
    """A local HTML file's ``<meta name="date">`` / ``<time datetime>`` / ``article:published_time`` dates it as a
    fetched page's would be; a plain-text file only by the byline it shows; a file gone since ingest by its
    byline (issue 9, trial t32 fault 9)."""
    pages = {
        "meta.html": ('<html><head><title>Ferry</title><meta name="date" content="2023-06-14"></head><body>'
                      "<p>The Velmar ferry carried 41,000 passengers in 2022.</p></body></html>"),
        "time.html": ('<html><head><title>Pier</title></head><body><p><time datetime="2021-09-02">2 September'
                      " 2021</time></p><p>The pier was rebuilt in 2020.</p></body></html>"),
        "og.html": ('<html><head><title>Quay</title><meta property="article:published_time" '
                    'content="2019-04-30T08:00:00Z"></head><body><p>The quay opened in 1910.</p></body></html>'),
        "plain.html": "<html><head><title>Dock</title></head><body><p>The dock is 200 metres long.</p></body></html>",
    }
    docs: dict[str, dict[str, str]] = {}
    for i, (name, html) in enumerate(pages.items()):
        (tmp_path / name).write_text(html, encoding="utf-8")
        docs[str(i) * 64] = {"sha256": str(i) * 64, "title": name, "path": str(tmp_path / name),
                             "text": "The Velmar ferry carried 41,000 passengers in 2022.", "content_type": "text/html"}
    byline = "Published 3 March 2018\n\nThe Velmar harbour was dredged in 2017."
    docs["t" * 64] = {"sha256": "t" * 64, "title": "notes", "path": str(tmp_path / "notes.txt"), "text": byline,
                      "content_type": "text/plain"}
    docs["g" * 64] = {"sha256": "g" * 64, "title": "gone", "path": str(tmp_path / "gone.html"), "text": byline,
                      "content_type": "text/html"}
    runs, run_id = await fetched_locally(docs)
    dated = {e.title: e.published for e in runs.timeline(run_id) if isinstance(e, SourceFetched)}
    assert dated == {"meta.html": "2023-06-14", "time.html": "2021-09-02", "og.html": "2019-04-30",
                     "plain.html": None, "notes": "2018-03-03", "gone": "2018-03-03"}


async def test_a_local_runs_corpus_document_is_read_on_the_cached_run_when_it_holds_the_source() -> None:
    """``FetchSource`` names no version of the run: a corpus document of a run of scope local (read on this machine
    alone) starts on the process's cached run when that holds the source (``shared.ports.run_holding``: no store
    read per source); a run of another scope, or a cache without the source, loads."""
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": "100"})
    docs = FakeDocuments()
    digest = "f" * 64
    corpus = Corpus({digest: {"sha256": digest, "title": "Rush notes", "path": "notes/rush.txt", "text": PAGE,
                              "content_type": "text/plain"}})
    local, both = selected_run(runs, [f"doc:{digest}"], scope="local"), selected_run(runs, [f"doc:{digest}"],
                                                                                      scope="both")
    for run_id in (local, both):
        runs.get_run(run_id)  # (on POPO the cache follows the loads only: now it holds the selected sources)
    loads, get_run = counting_loads(runs)
    scraping = deps(runs, docs, corpus=corpus)
    await on_fetch(fetch_cmd(local, f"doc:{digest}"), scraping)
    assert loads == [] and get_run(local).sources[str(source_id_for(local, f"doc:{digest}"))].status == "fetched"
    await on_fetch(FetchSource(run_id=local, source_id=uuid4(), url="doc:" + "0" * 64), scraping)  # not in it
    assert loads == [local]
    await on_fetch(fetch_cmd(both, f"doc:{digest}"), scraping)  # scope both: its ids may be looked up
    assert loads == [local, both]
    assert get_run(both).sources[str(source_id_for(both, f"doc:{digest}"))].status == "fetched"


async def test_a_local_document_keeps_the_author_its_file_names(tmp_path: Path) -> None:
    """A local HTML file's ``<meta name="author">`` is its source's author, as a fetched page's is (issue 9, trial
    t51 F9: a blog and a news page had ``author: null``); a text file has none."""
    page = tmp_path / "blog.html"
    page.write_text('<html><head><title>A weekend</title><meta name="author" content="Holly Brandt"></head><body>'
                    "<p>The weaving hall has fourteen working looms.</p></body></html>", encoding="utf-8")
    docs = {"a" * 64: {"sha256": "a" * 64, "title": "A weekend", "path": str(page), "content_type": "text/html",
                       "text": "The weaving hall has fourteen working looms."},
            "b" * 64: {"sha256": "b" * 64, "title": "notes", "path": str(tmp_path / "notes.txt"),
                       "content_type": "text/plain", "text": "The weaving hall has fourteen working looms."}}
    runs, run_id = await fetched_locally(docs)
    authors = {e.title: e.author for e in runs.timeline(run_id) if isinstance(e, SourceFetched)}
    assert authors == {"A weekend": "Holly Brandt", "notes": None}


BIBLIOGRAPHY = """# Bibliography: silk in the Val Serra

- Ferrante-Moro, A. (1978). *Gelsi e bachi: la seta in Val Serra*. Sondrio: Tipografia Valtellinese.
- Ferrante-Moro, A. (1986). *La filanda Ferrante 1871-1969*. Castelbruna: Fondazione Ferrante-Moro.
- Bessi, C. (1796). *Descrizione della nuova filanda di Castelbruna*. Milano: Stamperia Reale.
- Lanzi, T. (1990). "Reusing an industrial shell: the Castelbruna silk mill". *Casabella* 54(3): 22-31.
"""
RECORD = """{
  "record_id": "LOM-MUS-04417",
  "name_local": "Museo della Tessitura Serica di Castelbruna",
  "municipality": "Castelbruna",
  "operator": "Fondazione Ferrante-Moro",
  "collection_items": 4300
}"""
ENGLISH = ("The Castelbruna Silk-Weaving Museum reopened on Saturday after a fourteen-month restoration of its roof. "
           "The works cost 1.8 million euros, of which the region paid two thirds and the foundation the rest. ")
ITALIAN = ("Ogni primavera il museo alleva circa cinquemila bachi da seta nella vecchia bigattiera, nutrendoli con "
           "le foglie dei gelsi del cortile. I visitatori possono vedere i bozzoli da maggio fino a giugno. ")


async def test_a_local_documents_language_is_read_from_its_prose() -> None:
    """A bibliography in English listing Italian titles and a JSON record with English keys are not Italian (issue
    9, trial t51 F9: both were "it"): the language is read from a document's prose, and a document with too little
    prose has the corpus's majority language; an Italian page stays Italian."""
    texts = {"bibliography": (BIBLIOGRAPHY, "text/markdown"), "record": (RECORD, "application/json"),
             "news": (ENGLISH * 2, "text/html"), "blog": (ENGLISH, "text/html"), "faq": (ENGLISH, "text/plain"),
             "report": (ENGLISH * 3, "application/pdf"), "museo": (ITALIAN * 2, "text/html")}
    docs = {str(i) * 64: {"sha256": str(i) * 64, "title": name, "path": f"/nowhere/{name}", "text": text,
                          "content_type": ctype} for i, (name, (text, ctype)) in enumerate(texts.items())}
    runs, run_id = await fetched_locally(docs)
    languages = {e.title: e.language for e in runs.timeline(run_id) if isinstance(e, SourceFetched)}
    assert languages == {"bibliography": "en", "record": "en", "news": "en", "blog": "en", "faq": "en", "report": "en",
                         "museo": "it"}


def test_a_text_without_prose_falls_back() -> None:
    assert prose_language(RECORD, lambda: "und") == "und"
    assert prose_language(BIBLIOGRAPHY, lambda: "und") == "und"
    assert prose_language(ITALIAN * 2, lambda: "und") == "it"
