"""A loopback internet for the web providers: answers in the response shapes of Tavily, SearXNG, DuckDuckGo's
HTML endpoint, MediaWiki and arXiv, plus article pages to fetch.

The server is ``tests.loopback``'s: ``Reply`` and ``Seen`` come from there, ``StandIn`` is its ``PageServer`` and
``Route`` here is its ``Answer``; ``serve`` runs it with a Content-Length on every answer. A route is a ``Reply``
(always the same answer), a list of replies (one per request, the last one repeats: "429, 429, then 200"), or a
function of the ``Seen`` request. Every request is recorded in ``server.seen``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from contextlib import AbstractContextManager
from html import escape
from typing import Any

from tests.loopback import Answer as Route
from tests.loopback import PageServer as StandIn
from tests.loopback import Reply  # re-exported for the tests
from tests.loopback import Seen as Seen
from tests.loopback import serve as serve_loopback


def serve(routes: Mapping[str, Route]) -> AbstractContextManager[StandIn]:
    """Serve ``routes`` on 127.0.0.1 until the block exits, every answer with a Content-Length."""
    return serve_loopback(routes, content_length=True)


# ---- response shapes ------------------------------------------------------------------------------------------
Result = tuple[str, str, str]  # (url, title, snippet)


def json_reply(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
    return Reply(status, json.dumps(data).encode(), {"Content-Type": "application/json", **(headers or {})})


def html_reply(text: str, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
    return Reply(status, text.encode(), {"Content-Type": "text/html; charset=utf-8", **(headers or {})})


def tavily_search(results: list[Result], query: str = "q") -> Reply:
    """``POST /search`` of the Tavily API."""
    return json_reply({
        "query": query, "follow_up_questions": None, "answer": None, "images": [],
        "results": [{"title": t, "url": u, "content": s, "score": round(0.9 - i * 0.1, 3), "raw_content": None}
                    for i, (u, t, s) in enumerate(results)],
        "response_time": 0.42, "request_id": "req-1"})


def searxng_search(results: list[Result], unresponsive: list[list[str]] | None = None) -> Reply:
    """``GET /search?format=json`` of SearXNG."""
    return json_reply({
        "query": "q", "number_of_results": len(results),
        "results": [{"url": u, "title": t, "content": s, "engine": "bing", "engines": ["bing"],
                     "score": 1.0 / (i + 1), "category": "general", "positions": [i + 1]}
                    for i, (u, t, s) in enumerate(results)],
        "answers": [], "corrections": [], "infoboxes": [], "suggestions": [],
        "unresponsive_engines": unresponsive or []})


def ddg_html(results: list[Result]) -> Reply:
    """``POST /html/`` of DuckDuckGo: result blocks with redirect-wrapped links, as the real page has them."""
    from urllib.parse import quote

    blocks = []
    for u, t, s in results:
        link = f"//duckduckgo.com/l/?uddg={quote(u, safe='')}&amp;rut=abc123"
        blocks.append(
            f'<div class="result results_links results_links_deep web-result ">'
            f'<div class="links_main links_deep result__body">'
            f'<h2 class="result__title"><a rel="nofollow" class="result__a" href="{link}">{escape(t)}</a></h2>'
            f'<div class="result__extras"><div class="result__extras__url">'
            f'<a class="result__url" href="{link}">{escape(u)}</a></div></div>'
            f'<a class="result__snippet" href="{link}">{escape(s)}</a>'
            f'<div class="clear"></div></div></div>')
    if not blocks:
        blocks.append('<div class="no-results">No results.</div>')
    page = ('<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body><div id="links" class="results">'
            + "".join(blocks) + "</div></body></html>")
    return html_reply(page)


DDG_ANOMALY = ('<html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>'
               '<div class="anomaly-modal__description">Please complete the following challenge.</div></body></html>')


def mediawiki_search(titles: list[tuple[str, str]]) -> Reply:
    """``GET /w/api.php?action=query&list=search&format=json&formatversion=2`` of MediaWiki."""
    return json_reply({
        "batchcomplete": True, "continue": {"sroffset": len(titles), "continue": "-||"},
        "query": {"searchinfo": {"totalhits": len(titles)},
                  "search": [{"ns": 0, "title": t, "pageid": 1000 + i, "size": 5000, "wordcount": 800,
                              "snippet": s, "timestamp": "2024-01-01T00:00:00Z"}
                             for i, (t, s) in enumerate(titles)]}})


def mediawiki_error(code: str, info: str) -> Reply:
    """MediaWiki's error: HTTP 200 with an ``error`` object."""
    return json_reply({"error": {"code": code, "info": info, "*": "See https://en.wikipedia.org/w/api.php"},
                       "servedby": "mw-api-ext"})


def arxiv_feed(entries: list[Result]) -> Reply:
    """The arXiv API's Atom feed."""
    items = "".join(
        f"<entry><id>{escape(u)}</id><updated>2024-01-01T00:00:00Z</updated><title>{escape(t)}</title>"
        f"<summary>{escape(s)}</summary><author><name>A. Author</name></author>"
        f'<link href="{escape(u)}" rel="alternate" type="text/html"/></entry>'
        for u, t, s in entries)
    feed = ('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" '
            'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"><title>ArXiv Query</title>'
            f"<id>http://arxiv.org/api/x</id><opensearch:totalResults>{len(entries)}</opensearch:totalResults>"
            f"{items}</feed>")
    return Reply(200, feed.encode(), {"Content-Type": "application/atom+xml; charset=utf-8"})


def arxiv_error(message: str, status: int = 400) -> Reply:
    """arXiv's error feed: one entry whose id is ``.../api/errors#...``."""
    feed = ('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>ArXiv Query'
            '</title><id>http://arxiv.org/api/x</id><entry><id>http://arxiv.org/api/errors#incorrect_id_format'
            f"</id><title>Error</title><summary>{escape(message)}</summary></entry></feed>")
    return Reply(status, feed.encode(), {"Content-Type": "application/atom+xml; charset=utf-8"})


def article(title: str, paragraphs: list[str]) -> Reply:
    """A plain article page for the scraper."""
    body = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
    return html_reply(f"<!DOCTYPE html><html><head><title>{escape(title)}</title></head><body><article>"
                      f"<h1>{escape(title)}</h1>{body}</article></body></html>")
