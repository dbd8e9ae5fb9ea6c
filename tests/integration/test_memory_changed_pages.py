"""A page kept in research memory that changed on the web, over real NATS and PostgreSQL with every service
in-process and a loopback web (issue 12's new-user trial: the old memory copy and the new live page of one address
were two sources, and the report said "The sources disagree: 1887 [1]; 1889 [2]"):

- run 1 fetches the page (the bell was cast in 1887) and the indexer remembers it;
- the page changes (1889); run 2 fetches it live and memory offers its old copy: the live page supersedes the copy
  (recorded ``superseded: ... changed since ...``), one source, no disagreement, nothing from the old text;
- the page is gone (404); run 3 cites memory's copy, labelled as from memory with its fetch date.
"""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import RunRequested, SourceFailed, SourceFetched
from services.cli.research import follow, result, submit
from tests.loopback import NOT_FOUND, Route, serve
from tests.webpages import HTML_UTF8

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]


def _page(year: int) -> bytes:
    paras = [f"The great bell of Skarholm church was cast in {year} by the Olsen foundry in Nauen.",
             "The Skarholm bell weighs 1,200 kilograms and rings every Sunday before the morning service.",
             "A crack found in the Skarholm bell in 1950 was welded, and the bell still rings today."]
    body = "".join(f"<p>{p}</p>" for p in paras)
    return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>The Skarholm bell</title></head><body>"
            f"<article><h1>The Skarholm bell</h1>{body}</article></body></html>").encode()


def _wait_for_memory(rt: Any, run_id: UUID, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        with rt.pool.connection() as conn:
            row = conn.execute("SELECT count(*) FROM rm_memory_provenance WHERE run_id = %s",
                               (str(run_id),)).fetchone()
        if row and row[0]:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"run {run_id}'s page never reached memory")
        time.sleep(0.05)


async def _run(rt: Any, question: str, url: str) -> tuple[UUID, list[Any]]:
    run_id = uuid4()
    await submit(rt, RunRequested(run_id=run_id, question=question, scope="local", urls=(url,), max_sources=4))
    events = await follow(rt, run_id, timeout_s=90)
    assert type(events[-1]).__name__ == "RunCompleted", events[-1]
    return run_id, events


async def test_a_live_fetch_of_a_remembered_page_supersedes_its_memory_copy(runtime: Any, stack: Any) -> None:
    with serve({"/bell": Route(200, _page(1887), HTML_UTF8)}) as web:
        url = web.url("/bell")
        first, events1 = await _run(runtime, "When was the great bell of Skarholm church cast?", url)
        assert [e.final_url for e in events1 if isinstance(e, SourceFetched)] == [url]
        _wait_for_memory(runtime, first)

        web.server.routes["/bell"] = Route(200, _page(1889), HTML_UTF8)  # the page changed on the web
        second, events2 = await _run(runtime, "In which year was the Skarholm church bell cast?", url)
        fetched = [e for e in events2 if isinstance(e, SourceFetched)]
        assert [(e.via, e.final_url) for e in fetched] == [("http", url)], [(e.via, e.final_url) for e in fetched]
        superseded = [e for e in events2 if isinstance(e, SourceFailed) and e.url.startswith("mem:")]
        assert superseded, "memory did not offer its copy of the page: nothing was superseded"
        assert all(e.reason.startswith(f"superseded: the live page {url} was fetched in this run") for e in superseded)
        assert any("the page changed since memory's copy of" in e.reason for e in superseded)
        report = result(runtime, second)["report"]
        assert "1889" in report and "1887" not in report and "disagree" not in report.lower(), report
        assert "superseded" not in report  # not a failure to report: the page is the run's source
        _wait_for_memory(runtime, second)

        web.server.routes["/bell"] = NOT_FOUND  # the page is gone: memory's copy is the source, labelled as such
        third, events3 = await _run(runtime, "Which foundry cast the Skarholm church bell?", url)
    remembered = [e for e in events3 if isinstance(e, SourceFetched)]
    assert remembered and all(e.via == "memory" and e.final_url == url for e in remembered), remembered
    assert all("(from memory, fetched " in e.title for e in remembered)
    assert "from memory" in result(runtime, third)["report"]


async def test_a_corpus_document_with_a_web_address_never_comes_back_from_memory(runtime: Any, stack: Any) -> None:
    """A corpus record may carry a web address (the sample corpus's ``source``, HTML-escaped): research memory
    tells it by its origin, never by its address, and offers runs web pages only."""
    text = "\n\n".join([
        "The Robert W. Gordon \"Inferno\" Collection is about 200 pages of letters kept apart from the archive.",
        "The Inferno Collection was separated from the Archive of Folk Song at the Library of Congress.",
        "In January 1974 Debora Kodish prepared a 14-page index to the Inferno Collection.",
    ] * 2)
    address = "https://en.wikipedia.org/wiki/Gordon_&quot;Inferno&quot;_Collection"
    runtime.corpus.add("folk", path=address, title="Gordon &quot;Inferno&quot; Collection", text=text,
                       content_type="text/plain")
    first = uuid4()
    await submit(runtime, RunRequested(run_id=first, question="What is the Gordon Inferno Collection?", scope="local"))
    assert type((await follow(runtime, first, timeout_s=90))[-1]).__name__ == "RunCompleted"
    _wait_for_memory(runtime, first)
    with runtime.pool.connection() as conn:
        origins = {r[0] for r in conn.execute("SELECT origin FROM rm_memory_provenance WHERE run_id = %s",
                                              (str(first),)).fetchall()}
    assert origins == {"local"}
    second = uuid4()
    await submit(runtime, RunRequested(run_id=second, question="Who prepared the index to the Inferno Collection?",
                                       scope="local"))
    events = await follow(runtime, second, timeout_s=90)
    sources = [(e.via, e.final_url) for e in events if isinstance(e, SourceFetched)]
    assert sources and all(via == "local" for via, _ in sources), sources
    assert not [e for e in events if type(e).__name__ == "SourcesSelected" for s in e.sources
                if s.url.startswith("mem:")]
