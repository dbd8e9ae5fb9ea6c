"""Wikipedia (any MediaWiki): ``list=search`` of the action API."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import quote

from services.gatherer.providers.base import (
    GuardedProvider,
    Limits,
    ProviderError,
    RateLimited,
    WebHit,
    check_status,
    flat_text,
    json_body,
    retry_after_seconds,
)

_TAG = re.compile(r"<[^>]+>")
_LANG = re.compile(r"^[a-z]{2,3}(?:-[a-z]{2,8})?$")


class WikipediaProvider(GuardedProvider):
    """MediaWiki search: ``GET {base}/w/api.php?action=query&list=search&srsearch=...&format=json``.

    ``base_url`` may hold ``{lang}`` (default ``https://{lang}.wikipedia.org``), filled with the run's language.
    MediaWiki reports errors with HTTP 200 and ``{"error": {"code", "info"}}``: ``ratelimited``/``maxlag`` are
    rate limits, any other code an ``error_payload``. CirrusSearch refuses queries over 300 characters.
    Hits link to ``{base}/wiki/Title_With_Underscores``; snippets lose their match-highlighting markup.
    """

    name = "wikipedia"
    max_query_chars = 300

    def __init__(self, base_url: str = "https://{lang}.wikipedia.org", *, limits: Limits | None = None,
                 **kwargs: Any) -> None:
        super().__init__(limits=limits, **kwargs)
        self._base_url = base_url.rstrip("/")

    def base_for(self, language: str | None) -> str:
        lang = (language or "en").lower()
        return self._base_url.replace("{lang}", lang if _LANG.match(lang) else "en")

    async def _search_once(self, query: str, *, limit: int, language: str | None,
                           sites: tuple[str, ...]) -> list[WebHit]:
        base = self.base_for(language)
        params = {"action": "query", "list": "search", "srsearch": query, "srlimit": str(max(1, min(limit, 50))),
                  "srprop": "snippet", "format": "json", "formatversion": "2", "utf8": "1"}
        response = await self.http().get(f"{base}/w/api.php", params=params)
        check_status(self.name, response.status_code, response.headers)
        data = json_body(self.name, response)
        if not isinstance(data, dict):
            raise ProviderError(self.name, "bad_payload", f"expected a JSON object, got {type(data).__name__}")
        error = data.get("error")
        if error:
            code = str(error.get("code", "")) if isinstance(error, dict) else ""
            info = flat_text(error.get("info", "")) if isinstance(error, dict) else flat_text(error)
            if code in ("ratelimited", "maxlag"):
                raise RateLimited(f"MediaWiki error {code}", retry_after_seconds(response.headers))
            raise ProviderError(self.name, "error_payload", f"{code}: {info}" if code else info)
        results = (data.get("query") or {}).get("search") if isinstance(data.get("query"), dict) else None
        if not isinstance(results, list):
            raise ProviderError(self.name, "bad_payload", "no query.search list")
        hits: list[WebHit] = []
        for r in results:
            title = flat_text(r.get("title")) if isinstance(r, dict) else ""
            if title:
                url = f"{base}/wiki/" + quote(title.replace(" ", "_"), safe="()_,:'")
                snippet = flat_text(html.unescape(_TAG.sub("", str(r.get("snippet", "")))))
                hits.append(WebHit(url, title, snippet, self.name, len(hits) + 1, 0.0))
        return hits
