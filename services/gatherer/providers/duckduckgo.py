"""DuckDuckGo's HTML endpoint, through the ``ddgs`` library's engine (synchronous: run in a thread)."""

from __future__ import annotations

import asyncio
from typing import Any

from services.gatherer.providers.base import (
    GuardedProvider,
    Limits,
    ProviderError,
    RateLimited,
    WebHit,
    check_status,
    flat_text,
    is_http,
    shorten_query,
)

_DDG_BLOCK_MARKERS = ("anomaly-modal", "bots use duckduckgo too", "please complete the following challenge")


class DuckDuckGoProvider(GuardedProvider):
    """DuckDuckGo's HTML endpoint (``POST {base}/html/``) through the ``ddgs`` library's ``Duckduckgo`` engine:
    its request payload and its result parsing (lxml XPath) are the library's; its ``search_url`` is pointed
    at the configured base URL. The engine's ``request`` is overridden because the library turns every
    non-200 answer into "no results": here a 202 or 429 (DuckDuckGo's rate-limit answers) or a 200 "anomaly"
    challenge page is ``RateLimited``, any other status ``http_status``. Result links wrapped in DuckDuckGo's
    redirect (``/l/?uddg=...``) are unwrapped. The library is synchronous: it runs in a worker thread.
    """

    name = "duckduckgo"
    max_query_chars = 500

    def __init__(self, base_url: str = "https://html.duckduckgo.com", *, region: str = "wt-wt",
                 limits: Limits | None = None, **kwargs: Any) -> None:
        super().__init__(limits=limits, **kwargs)
        self._search_url = base_url.rstrip("/") + "/html/"
        self._region = region

    def _engine(self) -> Any:
        from ddgs.engines.duckduckgo import Duckduckgo

        name = self.name

        class _Engine(Duckduckgo):
            def request(self, *args: Any, **kwargs: Any) -> Any:
                response = self.http_client.request(*args, **kwargs)
                raw_headers = getattr(getattr(response, "_resp", None), "headers", None) or {}
                headers = {str(k).lower(): str(v) for k, v in dict(raw_headers).items()}
                check_status(name, int(response.status_code), headers)
                text = str(response.text)
                low = text[:20000].lower()
                if any(marker in low for marker in _DDG_BLOCK_MARKERS):
                    raise RateLimited("HTTP 200 anomaly (rate-limit) page")
                return text

        engine = _Engine(timeout=max(1, round(self.limits.timeout_s)))
        engine.search_url = self._search_url
        return engine

    def _search_sync(self, query: str, limit: int) -> list[WebHit]:
        from ddgs.exceptions import DDGSException, TimeoutException

        try:
            results = self._engine().search(query, region=self._region)
        except TimeoutException as exc:
            raise ProviderError(self.name, "timeout", f"no answer within {self.limits.timeout_s:g} s") from exc
        except DDGSException as exc:
            raise ProviderError(self.name, "unreachable", str(exc)[:160]) from exc
        if results is None:
            raise ProviderError(self.name, "bad_payload", "empty page")
        hits: list[WebHit] = []
        for r in results:
            url = unwrap_ddg_link(str(r.href))
            if is_http(url) and len(hits) < limit:
                hits.append(WebHit(url, flat_text(r.title), flat_text(r.body), self.name, len(hits) + 1, 0.0))
        return hits

    async def _search_once(self, query: str, *, limit: int, language: str | None,
                           sites: tuple[str, ...]) -> list[WebHit]:
        if len(sites) == 1:
            query = f"{shorten_query(query, self.max_query_chars - len(sites[0]) - 6)} site:{sites[0]}"
        return await asyncio.to_thread(self._search_sync, query, limit)


def unwrap_ddg_link(href: str) -> str:
    """The target of a DuckDuckGo redirect link (``//duckduckgo.com/l/?uddg=TARGET&rut=...``; the library has
    already percent-decoded it); other links unchanged."""
    if "uddg=" in href and "duckduckgo.com/l/" in href:
        target = href.split("uddg=", 1)[1]
        return target.split("&rut=", 1)[0]
    if href.startswith("//"):
        return "https:" + href
    return href
