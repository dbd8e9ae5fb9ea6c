"""A SearXNG instance's JSON API."""

from __future__ import annotations

from typing import Any

from services.gatherer.providers.base import (
    GuardedProvider,
    Limits,
    ProviderError,
    WebHit,
    check_status,
    flat_text,
    hits_from_results,
    json_body,
    shorten_query,
)


class SearxngProvider(GuardedProvider):
    """A SearXNG instance's JSON API: ``GET {base}/search?q=...&format=json`` (the instance must enable the
    json format, else it answers 403). An answer with no results while engines are listed as unresponsive
    is an ``error_payload`` (every engine failed), not "no results"."""

    name = "searxng"
    max_query_chars = 500

    def __init__(self, base_url: str, *, limits: Limits | None = None, **kwargs: Any) -> None:
        super().__init__(limits=limits, **kwargs)
        self._base_url = base_url.rstrip("/")

    async def _search_once(self, query: str, *, limit: int, language: str | None,
                           sites: tuple[str, ...]) -> list[WebHit]:
        if len(sites) == 1:
            query = f"{shorten_query(query, self.max_query_chars - len(sites[0]) - 6)} site:{sites[0]}"
        params = {"q": query, "format": "json", "pageno": "1", "safesearch": "1"}
        if language:
            params["language"] = language
        response = await self.http().get(f"{self._base_url}/search", params=params)
        check_status(self.name, response.status_code, response.headers)
        data = json_body(self.name, response)
        if not isinstance(data, dict):
            raise ProviderError(self.name, "bad_payload", f"expected a JSON object, got {type(data).__name__}")
        if data.get("error"):
            raise ProviderError(self.name, "error_payload", flat_text(data["error"]))
        results = data.get("results")
        if not isinstance(results, list):
            raise ProviderError(self.name, "bad_payload", "no results list")
        unresponsive = data.get("unresponsive_engines") or []
        if not results and unresponsive:
            names = ", ".join(" ".join(str(x) for x in e) if isinstance(e, list) else str(e) for e in unresponsive)
            raise ProviderError(self.name, "error_payload", f"every engine failed: {names}")
        return hits_from_results(self.name, results)
