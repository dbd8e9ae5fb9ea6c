"""arXiv's Atom API, parsed by feedparser."""

from __future__ import annotations

import re
from typing import Any

from services.gatherer.providers.base import (
    GuardedProvider,
    Limits,
    ProviderError,
    WebHit,
    check_status,
    flat_text,
    is_http,
)
from shared.text.terms import key_terms


class ArxivProvider(GuardedProvider):
    """arXiv's Atom API: ``GET {url}?search_query=all:t1 AND all:t2 ...&sortBy=relevance``, parsed by feedparser.

    The query is the first (at most 4) key terms joined with AND. arXiv reports a bad query as an Atom entry
    whose id is ``.../api/errors#...`` (an ``error_payload``, whatever the status), and asks clients to wait
    3 seconds between requests (``Limits.min_interval_s``).
    """

    name = "arxiv"
    max_query_chars = 300

    def __init__(self, url: str = "https://export.arxiv.org/api/query", *, limits: Limits | None = None,
                 **kwargs: Any) -> None:
        super().__init__(limits=limits, **kwargs)
        self._url = url

    async def _search_once(self, query: str, *, limit: int, language: str | None,
                           sites: tuple[str, ...]) -> list[WebHit]:
        import feedparser

        terms = [t for t in key_terms(query) if re.fullmatch(r"[\w.\-]+", t)][:4]
        if not terms:
            return []
        params = {"search_query": " AND ".join(f"all:{t}" for t in terms), "start": "0",
                  "max_results": str(max(1, min(limit, 50))), "sortBy": "relevance"}
        response = await self.http().get(self._url, params=params)
        body = response.text
        feed = feedparser.parse(body)
        errors = [e for e in feed.entries if "api/errors" in str(e.get("id", ""))]
        if errors:
            raise ProviderError(self.name, "error_payload", flat_text(errors[0].get("summary") or errors[0].get("title")))
        check_status(self.name, response.status_code, response.headers)
        if not feed.entries and (feed.bozo or "feed" not in body[:2000].lower()):
            raise ProviderError(self.name, "bad_payload", "not an Atom feed")
        hits: list[WebHit] = []
        for e in feed.entries:
            url = str(e.get("link") or e.get("id") or "")
            if is_http(url) and len(hits) < limit:
                hits.append(WebHit(url, flat_text(e.get("title")), flat_text(e.get("summary"))[:600], self.name,
                                   len(hits) + 1, 0.0))
        return hits
