"""The scraper through real runs (real NATS and PostgreSQL, every service in-process) against a loopback web.

One run gets, as its URLs: a real saved page, a PDF at a URL without ``.pdf``, a page whose text is built by
JavaScript (rendered in Chromium), a block page, a redirect to a private address, a slow page, a page in
windows-1251 with no declared charset, and endpoints answering 429 and 500. Each must end as
``SourceFetched`` (``via`` http / pdf / browser) or ``SourceFailed`` with the right reason, and the run must
complete with citations only to fetched pages.

A second run proves that DOIs and URLs in a page's reference list never become sources or citations: the
page itself is the source of what it says.
"""

from __future__ import annotations

import os
import re
from typing import Any
from uuid import uuid4

import pytest

from contracts import RunRequested, SourceFailed, SourceFetched
from services.cli.research import follow, result, submit
from tests.loopback import Route, serve
from tests.shared_data import require
from tests.webpages import (
    BLOCK_PAGE,
    HTML,
    HTML_UTF8,
    READABILITY,
    RUSSIAN_PARAGRAPHS,
    cp1251_page,
    js_app_routes,
    pdf_bytes,
    references_page,
)

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

CHROMIUM = os.access("/usr/bin/chromium", os.X_OK)
KELP = [
    "Kelp forests grow along rocky coasts in cool, nutrient-rich water and can rise thirty metres from the sea floor.",
    "Sea otters keep kelp forests healthy by eating the urchins that would otherwise graze the kelp down to bare rock.",
    "Where otters vanished in the nineteenth century, urchin barrens spread over kilometres of former forest.",
]


def _need_data() -> None:
    require(READABILITY / "ars-1" / "source.html")


def _routes() -> dict[str, Route]:
    routes = {
        "/news/minecraft-exploit": Route(200, (READABILITY / "ars-1" / "source.html").read_bytes(), HTML),
        "/download": Route(200, pdf_bytes(), {"Content-Type": "application/octet-stream"}),  # served as ?id=zen
        "/check": Route(200, BLOCK_PAGE, HTML_UTF8),
        "/jump": Route(302, b"", {"Location": "http://10.1.2.3/admin"}),
        "/slow": Route(200, b"<html><body><p>late</p></body></html>", HTML_UTF8, delay_s=7.0),
        "/ru/moscow": Route(200, cp1251_page(), {"Content-Type": "text/html"}),
        "/busy": Route(429, b"Too Many Requests", {"Content-Type": "text/plain", "Retry-After": "1"}),
        "/broken": Route(500, b"<html><body><h1>Internal Server Error</h1></body></html>", HTML_UTF8),
    }
    routes.update(js_app_routes("kelp", "Kelp forests and sea otters", KELP))
    return routes


def _assert_citations_only_to_fetched(res: dict[str, Any]) -> None:
    fetched = {s["source_id"] for s in res["sources"] if s["status"] in ("fetched", "extracted")}
    assert res["citations"], "the report cites nothing"
    for c in res["citations"]:
        assert str(c["source_id"]) in fetched, f"[{c['n']}] cites a source that was not fetched"


async def test_each_kind_of_page_ends_as_the_right_event(runtime: Any, stack: Any) -> None:
    _need_data()
    with serve(_routes()) as web:
        expected: dict[str, tuple[str, str]] = {  # url -> (event, via or reason prefix)
            web.url("/news/minecraft-exploit"): ("SourceFetched", "http"),
            web.url("/download?id=zen"): ("SourceFetched", "pdf"),
            web.url("/app/kelp"): ("SourceFetched", "browser" if CHROMIUM else "browser_unavailable"),
            web.url("/check"): ("SourceFailed", "blocked_page"),
            web.url("/jump"): ("SourceFailed", "private_address"),
            web.url("/slow"): ("SourceFailed", "timeout"),
            web.url("/ru/moscow"): ("SourceFetched", "http"),
            web.url("/busy"): ("SourceFailed", "rate_limited"),
            web.url("/broken"): ("SourceFailed", "http_status"),
        }
        if not CHROMIUM:
            expected[web.url("/app/kelp")] = ("SourceFailed", "browser_unavailable")
        run_id = uuid4()
        await submit(runtime, RunRequested(
            run_id=run_id, question="How do sea otters protect kelp forests, and what did the Minecraft exploit do?",
            scope="local", urls=tuple(expected), max_sources=len(expected)))
        events = await follow(runtime, run_id, timeout_s=90)
        requests = list(web.requests)

    names = [type(e).__name__ for e in events]
    assert names[-1] == "RunCompleted", names
    outcome: dict[str, Any] = {}
    for e in events:
        if isinstance(e, (SourceFetched, SourceFailed)):
            assert e.url not in outcome, f"{e.url} has two outcomes"
            outcome[e.url] = e
    assert set(outcome) == set(expected), f"sources {sorted(outcome)} != {sorted(expected)}"
    for url, e in outcome.items():  # shown with -s
        print(f"{url.split('/', 3)[3]:<28} {type(e).__name__:<14} "
              f"{e.via if isinstance(e, SourceFetched) else e.reason[:110]}")
    for url, (kind, what) in expected.items():
        e = outcome[url]
        assert type(e).__name__ == kind, f"{url}: {type(e).__name__} {getattr(e, 'reason', '')}"
        if isinstance(e, SourceFetched):
            assert e.via == what, f"{url}: via {e.via}, want {what}"
        else:
            assert e.reason.startswith(what + ":"), f"{url}: reason {e.reason!r}, want {what}"

    # what was stored is the page's text, decoded and extracted
    def text(path: str) -> str:
        e = outcome[web.url(path)]
        return runtime.documents.get(e.text_sha256)

    assert text("/news/minecraft-exploit").startswith("A flaw in the wildly popular online game Minecraft")
    assert outcome[web.url("/news/minecraft-exploit")].title.startswith("Just-released Minecraft exploit")
    assert "Beautiful is better than ugly." in text("/download?id=zen")
    assert outcome[web.url("/download?id=zen")].content_type == "application/pdf"
    assert RUSSIAN_PARAGRAPHS[0] in text("/ru/moscow")
    if CHROMIUM:
        assert all(p in text("/app/kelp") for p in KELP)
        assert outcome[web.url("/app/kelp")].title == "Kelp forests and sea otters"
    assert "anti-bot" in outcome[web.url("/check")].reason
    assert "10.1.2.3" in outcome[web.url("/jump")].reason
    assert "HTTP 500" in outcome[web.url("/broken")].reason
    assert "HTTP 429" in outcome[web.url("/busy")].reason and "3 attempts" in outcome[web.url("/busy")].reason
    assert requests.count("/busy") == 3  # retried after Retry-After: 1, then given up
    assert not any(r.startswith("/admin") for r in requests)

    res = result(runtime, run_id)
    assert res["status"] == "completed"
    _assert_citations_only_to_fetched(res)
    report = res["report"] or ""
    sources_section = report.split("## Sources", 1)[-1]
    for path in ("/check", "/jump", "/slow", "/busy", "/broken"):
        assert web.url(path) not in sources_section, f"failed source {path} listed among the sources"


async def test_reference_list_links_never_become_sources_or_citations(runtime: Any, stack: Any) -> None:
    with serve({}) as web:
        refs = ["https://doi.org/10.1016/j.ecss.2019.106421", "doi:10.1038/ngeo1477",
                web.url("/cited-study"), "https://example.org/seagrass-report.pdf"]
        web.server.routes.update({
            "/article": Route(200, references_page(refs), HTML_UTF8),
            "/cited-study": Route(200, b"<html><body><article><p>Seagrass meadows store no carbon at all, "
                                       b"this other study claims, contradicting everyone.</p></article></body></html>",
                                  HTML_UTF8),
        })
        page = web.url("/article")
        run_id = uuid4()
        await submit(runtime, RunRequested(run_id=run_id, question="How much carbon do seagrass meadows store?",
                                           scope="local", urls=(page,)))
        events = await follow(runtime, run_id, timeout_s=60)
        requests = list(web.requests)

    assert type(events[-1]).__name__ == "RunCompleted"
    res = result(runtime, run_id)
    assert [s["url"] for s in res["sources"]] == [page], "only the page itself may be a source"
    page_id = res["sources"][0]["source_id"]
    assert res["sources"][0]["status"] in ("fetched", "extracted")
    assert "/cited-study" not in requests, "a link in the reference list was fetched"
    _assert_citations_only_to_fetched(res)
    assert {str(c["source_id"]) for c in res["citations"]} == {page_id}
    for claim in res["claims"]:
        assert claim["source_id"] == page_id
        for span in claim["evidence_spans"]:
            assert str(span.get("source_id", page_id)) == page_id
    report = res["report"] or ""
    sources_section = report.split("## Sources", 1)[-1]
    assert page in sources_section
    for ref in refs:
        assert ref not in sources_section, f"reference {ref} appears among the report's sources"
    assert re.search(r"ten percent|thirty-five times", report), "the page's own claims should be reported"
