"""Tavily search and research (``/research``), through tavily-python's client (imported lazily)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

import httpx

from services.gatherer.providers.base import (
    GuardedProvider,
    Limits,
    ProviderError,
    RateLimited,
    Reason,
    WebHit,
    flat_text,
    hits_from_results,
    is_http,
    new_client,
    retry_after_seconds,
)


class TavilyProvider(GuardedProvider):
    """Tavily search through tavily-python's ``AsyncTavilyClient`` (``POST {base}/search``).

    The client is given our own httpx client (base URL from settings, explicit timeout) whose response hook
    turns a 429 or 202 from ``/search`` into ``RateLimited`` before the library sees it (the library would
    raise ``UsageLimitExceededError``, or fail on a 202). A 200 body with ``error``/``detail`` is an
    ``error_payload`` (the library would hand it back as an empty result list). Tavily rejects queries over
    400 characters. ``research`` delegates a whole question to ``/research`` (deep runs, when enabled).
    """

    name = "tavily"
    max_query_chars = 400

    def __init__(self, api_key: str, *, base_url: str = "https://api.tavily.com",
                 search_depth: Literal["basic", "advanced"] = "basic", limits: Limits | None = None,
                 **kwargs: Any) -> None:
        super().__init__(limits=limits, **kwargs)
        if not api_key:
            raise ValueError("TavilyProvider needs an API key (the library does not fail fast without one)")
        self._api_key = api_key
        self._base_url = base_url.rstrip("/")
        self._search_depth = search_depth
        self._client: Any = None

    def _tavily(self) -> Any:
        if self._client is None:
            from tavily import AsyncTavilyClient  # imported lazily: only runs with a key pay for it

            async def rate_limit_hook(response: httpx.Response) -> None:
                if response.request.method == "POST" and response.request.url.path.endswith("/search"):
                    if response.status_code in (429, 202):
                        raise RateLimited(f"HTTP {response.status_code}", retry_after_seconds(response.headers))

            self._http = new_client(self.limits, base_url=self._base_url, hooks=[rate_limit_hook])
            self._client = AsyncTavilyClient(api_key=self._api_key, api_base_url=self._base_url, client=self._http,
                                             client_source="assay")
        return self._client

    async def aclose(self) -> None:
        self._client = None  # the library's client does not own our httpx client: closing that is enough
        await super().aclose()

    async def _search_once(self, query: str, *, limit: int, language: str | None,
                           sites: tuple[str, ...]) -> list[WebHit]:
        data = await self._call(lambda c: c.search(
            query, search_depth=self._search_depth, max_results=max(1, min(limit, 20)),
            include_domains=list(sites) or None, timeout=self.limits.timeout_s))
        if not isinstance(data, dict):
            raise ProviderError(self.name, "bad_payload", f"expected a JSON object, got {type(data).__name__}")
        if data.get("error") or data.get("detail"):
            raise ProviderError(self.name, "error_payload", flat_text(data.get("error") or data.get("detail")))
        results = data.get("results")
        if not isinstance(results, list):
            raise ProviderError(self.name, "bad_payload", "no results list")
        return hits_from_results(self.name, results)

    async def _call(self, fn: Callable[[Any], Awaitable[Any]]) -> Any:
        """Run one library call, translating the library's exceptions."""
        from tavily import errors

        try:
            return await fn(self._tavily())
        except (RateLimited, ProviderError, httpx.TransportError):
            raise
        except errors.UsageLimitExceededError as exc:
            raise RateLimited(f"usage limit: {exc}") from exc
        except errors.InvalidAPIKeyError as exc:
            raise ProviderError(self.name, "http_status", f"HTTP 401 invalid API key {exc}") from exc
        except (errors.ForbiddenError, errors.BadRequestError) as exc:
            raise ProviderError(self.name, "http_status", f"{type(exc).__name__}: {exc}") from exc
        except errors.TimeoutError as exc:
            raise ProviderError(self.name, "timeout", str(exc)) from exc
        except httpx.HTTPStatusError as exc:
            raise ProviderError(self.name, "http_status", f"HTTP {exc.response.status_code}") from exc
        except ValueError as exc:  # JSON decoding of a 200 body
            raise ProviderError(self.name, "bad_payload", f"expected JSON: {exc}") from exc

    async def research(self, question: str, *, limit: int, timeout_s: float = 90.0,
                       poll_s: float = 2.0) -> list[WebHit]:
        """Delegate ``question`` to Tavily ``/research`` and wait (polling ``GET /research/{id}`` every ``poll_s``
        seconds, at most ``timeout_s``) for its sources. Returns its cited sources as hits of provider
        ``tavily-research``, in the order Tavily lists them. Raises ProviderError (name ``tavily-research``)."""
        name = "tavily-research"
        try:
            created = await self._call(lambda c: c.research(input=question, model="auto",
                                                            timeout=self.limits.timeout_s))
            request_id = created.get("request_id") if isinstance(created, dict) else None
            if not request_id:
                raise ProviderError(name, "bad_payload", "no request_id in the /research answer")
            deadline = self._clock() + timeout_s
            while True:
                state = await self._call(lambda c: c.get_research(request_id))
                status = str(state.get("status", "")) if isinstance(state, dict) else ""
                if status == "completed":
                    break
                if status == "failed" or (isinstance(state, dict) and state.get("error")):
                    raise ProviderError(name, "error_payload", flat_text(state.get("error") or "research failed"))
                if self._clock() + poll_s > deadline:
                    raise ProviderError(name, "timeout", f"research not completed within {timeout_s:g} s")
                await self._sleep(poll_s)
        except RateLimited as exc:
            raise ProviderError(name, "rate_limited", exc.detail) from exc
        except ProviderError as exc:
            if exc.provider != name:
                raise ProviderError(name, exc.reason, exc.detail) from exc
            raise
        except httpx.TimeoutException as exc:
            raise ProviderError(name, "timeout", str(exc)) from exc
        except httpx.TransportError as exc:
            raise ProviderError(name, "unreachable", f"{type(exc).__name__}: {exc}") from exc
        except Exception as exc:  # noqa: BLE001 - the library raises bare Exception (and TypeError on odd 2xx)
            reason: Reason = "unreachable" if str(exc).startswith("Error getting research") else "bad_payload"
            raise ProviderError(name, reason, f"{type(exc).__name__}: {exc}") from exc
        sources = state.get("sources") if isinstance(state, dict) else None
        if not isinstance(sources, list):
            raise ProviderError(name, "bad_payload", "completed research without a sources list")
        hits: list[WebHit] = []
        for s in sources:
            if isinstance(s, dict) and is_http(str(s.get("url", ""))) and len(hits) < limit:
                hits.append(WebHit(str(s["url"]), flat_text(s.get("title")), flat_text(s.get("content")), name,
                                   len(hits) + 1, 0.0))
        return hits
