"""Web search providers: one ``SearchProvider`` per search service, all failing the same way.

Every provider answers ``await provider.search(query, limit=n)`` with up to ``n`` ``WebHit`` ranked 1..n, or
raises ``ProviderError(provider, reason, detail)``; the gatherer queries them concurrently and fuses what
comes back (``services.gatherer.fusion``), so one failing provider never starves the others. Reasons::

    ProviderError.reason
      ├ rate_limited   HTTP 429, a 202 rate-limit page, an "anomaly"/rate-limit body, or a 503 with Retry-After:
      │                retried with bounded exponential backoff (Retry-After honoured up to backoff_max_s),
      │                then given up; the provider is then skipped for ``cooldown_s`` seconds
      ├ http_status    any other non-200 answer (401 bad key, 403, 500, ...)
      ├ error_payload  HTTP 200 whose body is an error (MediaWiki ``{"error": ...}``, Tavily ``{"detail": ...}``,
      │                arXiv's error entry, SearXNG with every engine unresponsive) - never "no results"
      ├ bad_payload    HTTP 200 whose body is not the documented shape (HTML instead of JSON, no results list)
      ├ timeout        no answer within ``timeout_s``
      └ unreachable    connection refused, DNS failure, TLS error

Queries longer than a provider's ``max_query_chars`` are shortened to their key terms
(``services.planner.offline.key_terms``) before they are sent. Every base URL is a constructor argument (a
setting), so tests point the providers at stand-in servers on 127.0.0.1.

Implementations: ``TavilyProvider`` (tavily-python's ``AsyncTavilyClient``; also the ``/research`` delegate),
``SearxngProvider`` (SearXNG JSON API), ``DuckDuckGoProvider`` (the ``ddgs`` library's DuckDuckGo HTML engine),
``WikipediaProvider`` (MediaWiki ``list=search``), ``ArxivProvider`` (arXiv Atom API, parsed by feedparser).
``configured_providers(settings)`` builds the ones the settings enable, Tavily first.
"""

from __future__ import annotations

import asyncio
import html
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any, Literal, Protocol, runtime_checkable
from urllib.parse import quote

import httpx
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_after_attempt, wait_exponential

from shared.text.terms import key_terms
from shared.settings import GathererSettings

log = logging.getLogger("assay.web")

Reason = Literal["rate_limited", "http_status", "error_payload", "timeout", "bad_payload", "unreachable"]
USER_AGENT = "AssayBot/0.1 (deep-research assistant; self-hosted)"
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_TAG = re.compile(r"<[^>]+>")
_LANG = re.compile(r"^[a-z]{2,3}(?:-[a-z]{2,8})?$")


# ---- the contract ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class WebHit:
    """One search result: ``url`` http(s) (or ``doc:<sha256>`` for the local corpus), ``rank`` 1 = best within
    its list, ``score`` the provider's relevance score (higher is better; provider-specific scale, 0 if none)."""

    url: str
    title: str
    snippet: str
    provider: str
    rank: int
    score: float

    def as_dict(self) -> dict[str, Any]:
        """The hit as the ``SearchHit`` contract's fields."""
        return asdict(self)


class ProviderError(Exception):
    """A provider could not answer. ``str(err)`` is ``"name: reason (detail)"``, as recorded in
    ``SearchCompleted.providers_failed``."""

    def __init__(self, provider: str, reason: Reason, detail: str = "") -> None:
        self.provider = provider
        self.reason: Reason = reason
        self.detail = " ".join(detail.split())[:300]
        super().__init__(f"{provider}: {reason}" + (f" ({self.detail})" if self.detail else ""))


@runtime_checkable
class SearchProvider(Protocol):
    """A search service. ``search`` returns at most ``limit`` hits ranked 1..n, or raises ``ProviderError``.

    ``language`` (ISO 639-1) and ``sites`` (domains from the run's ``site_filter``) are hints a provider may
    use (Wikipedia's language edition, Tavily's ``include_domains``); fusion filters by ``sites`` anyway.
    """

    name: str
    max_query_chars: int

    async def search(self, query: str, *, limit: int, language: str | None = None,
                     sites: tuple[str, ...] = ()) -> list[WebHit]: ...


def shorten_query(query: str, max_chars: int) -> str:
    """``query`` itself when it fits in ``max_chars``; else its key terms (stopwords dropped, unique, in order),
    as many as fit. Text in CJK scripts (no spaces between words) is cut at ``max_chars`` instead."""
    text = " ".join(query.split())
    if len(text) <= max_chars:
        return text
    if _CJK.search(text):
        return text[:max_chars].rstrip()
    out: list[str] = []
    size = 0
    for term in key_terms(text):
        extra = len(term) + (1 if out else 0)
        if size + extra > max_chars:
            if not out:  # one term longer than the limit: cut it
                out.append(term[:max_chars])
            break
        out.append(term)
        size += extra
    return " ".join(out) or text[:max_chars].rstrip()


@dataclass(frozen=True, slots=True)
class Limits:
    """How one provider is called. Times in seconds.

    ``timeout_s``: one HTTP request. ``retries``: extra attempts after a rate-limited answer, waiting
    ``backoff_initial_s`` x 2^n (at most ``backoff_max_s``; a Retry-After header is honoured up to that cap).
    ``cooldown_s``: after the retries are spent, the provider fails fast for this long. ``min_interval_s``:
    the least time between two requests (arXiv asks for 3 s); a request that would wait longer than
    ``timeout_s`` for its slot fails fast as rate_limited.
    """

    timeout_s: float = 10.0
    retries: int = 2
    backoff_initial_s: float = 1.0
    backoff_max_s: float = 8.0
    cooldown_s: float = 60.0
    min_interval_s: float = 0.0

    @classmethod
    def from_settings(cls, cfg: GathererSettings, *, min_interval_s: float = 0.0) -> Limits:
        return cls(timeout_s=cfg.provider_timeout_s, retries=cfg.rate_limit_retries,
                   backoff_initial_s=cfg.backoff_initial_s, backoff_max_s=cfg.backoff_max_s,
                   cooldown_s=cfg.cooldown_s, min_interval_s=min_interval_s)


class RateLimited(Exception):
    """Raised inside one attempt for a rate-limited answer; the retry loop backs off and tries again."""

    def __init__(self, detail: str, retry_after_s: float | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.retry_after_s = retry_after_s


def retry_after_seconds(headers: httpx.Headers | dict[str, str]) -> float | None:
    """The ``Retry-After`` header in seconds (delta-seconds form only), or None."""
    value = headers.get("Retry-After") or headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def check_status(name: str, status: int, headers: httpx.Headers | dict[str, str]) -> None:
    """Translate an HTTP status: 200 passes; 429, 202 and 503-with-Retry-After raise ``RateLimited``; any other
    status raises ``ProviderError(http_status)``."""
    if status == 200:
        return
    retry_after = retry_after_seconds(headers)
    if status in (429, 202) or (status == 503 and retry_after is not None):
        raise RateLimited(f"HTTP {status}", retry_after)
    raise ProviderError(name, "http_status", f"HTTP {status}")


class _Backoff:
    """tenacity wait: exponential from ``initial`` capped at ``cap``; a server's Retry-After wins up to ``cap``."""

    def __init__(self, initial: float, cap: float) -> None:
        self._exp = wait_exponential(multiplier=initial, min=0, max=cap) if initial > 0 else None
        self._cap = cap

    def __call__(self, state: RetryCallState) -> float:
        base = self._exp(state) if self._exp is not None else 0.0
        exc = state.outcome.exception() if state.outcome is not None else None
        if isinstance(exc, RateLimited) and exc.retry_after_s is not None:
            base = max(base, exc.retry_after_s)
        return min(base, self._cap)


class GuardedProvider:
    """Base of the HTTP providers: query shortening, pacing, backoff on rate limits, cooldown, and the
    translation of transport errors into ``ProviderError``. Subclasses implement ``_search_once``.

    ``clock`` (monotonic seconds) and ``sleep`` are injectable for tests.
    """

    name: str = "provider"
    max_query_chars: int = 400

    def __init__(self, *, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.limits = limits or Limits()
        self._clock = clock
        self._sleep = sleep
        self._cool_until = 0.0
        self._next_slot = 0.0
        self._pace_lock = asyncio.Lock()
        self._http: httpx.AsyncClient | None = None

    def http(self) -> httpx.AsyncClient:
        """This provider's httpx client, built on first use (see ``new_client``)."""
        if self._http is None:
            self._http = new_client(self.limits)
        return self._http

    async def aclose(self) -> None:
        """Close the provider's HTTP client (it is built again if the provider is used after this)."""
        client, self._http = self._http, None
        if client is not None:
            await client.aclose()

    async def search(self, query: str, *, limit: int, language: str | None = None,
                     sites: tuple[str, ...] = ()) -> list[WebHit]:
        """Search ``query`` (shortened to ``max_query_chars``); see the module docstring for the errors."""
        if self._clock() < self._cool_until:
            raise ProviderError(self.name, "rate_limited",
                                f"cooling down for {self.limits.cooldown_s:g} s after repeated rate limits")
        text = shorten_query(query, self.max_query_chars)
        if not text:
            return []
        attempts = self.limits.retries + 1
        try:
            async for attempt in AsyncRetrying(
                    stop=stop_after_attempt(attempts), retry=retry_if_exception_type(RateLimited),
                    wait=_Backoff(self.limits.backoff_initial_s, self.limits.backoff_max_s), sleep=self._sleep,
                    reraise=True):
                with attempt:
                    await self._pace()
                    hits = await self._search_once(text, limit=limit, language=language, sites=sites)
        except RateLimited as exc:
            if self.limits.cooldown_s > 0:
                self._cool_until = self._clock() + self.limits.cooldown_s
            raise ProviderError(self.name, "rate_limited", f"{exc.detail}; gave up after {attempts} attempts") from exc
        except ProviderError:
            raise
        except httpx.TimeoutException as exc:
            raise ProviderError(self.name, "timeout", f"no answer within {self.limits.timeout_s:g} s") from exc
        except httpx.TransportError as exc:
            raise ProviderError(self.name, "unreachable", f"{type(exc).__name__}: {exc}") from exc
        return rerank(hits[:limit])

    async def _pace(self) -> None:
        """Keep ``min_interval_s`` between requests; fail fast when the slot is further than ``timeout_s``."""
        if self.limits.min_interval_s <= 0:
            return
        async with self._pace_lock:
            now = self._clock()
            wait = self._next_slot - now
            if wait > self.limits.timeout_s:
                raise ProviderError(self.name, "rate_limited",
                                    f"the provider asks for {self.limits.min_interval_s:g} s between requests; "
                                    f"next slot in {wait:.1f} s")
            self._next_slot = max(now, self._next_slot) + self.limits.min_interval_s
        if wait > 0:
            await self._sleep(wait)

    async def _search_once(self, query: str, *, limit: int, language: str | None,
                           sites: tuple[str, ...]) -> list[WebHit]:
        raise NotImplementedError


def rerank(hits: list[WebHit]) -> list[WebHit]:
    """The same hits ranked 1..n in list order."""
    return [WebHit(h.url, h.title, h.snippet, h.provider, i, h.score) for i, h in enumerate(hits, start=1)]


def _is_http(url: str) -> bool:
    return url.startswith(("http://", "https://"))


def _text(value: object) -> str:
    return " ".join(str(value or "").split())


def _json(name: str, response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError as exc:
        kind = response.headers.get("Content-Type", "?").split(";")[0]
        raise ProviderError(name, "bad_payload", f"expected JSON, got {kind}") from exc


def _float(value: object) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0.0

def _hits_from_results(provider: str, results: list[Any]) -> list[WebHit]:
    """Hits from a JSON ``results`` list of {url, title, content, score} objects (Tavily and SearXNG shape);
    entries without an http(s) URL are skipped and ranks are renumbered from 1."""
    hits: list[WebHit] = []
    for r in results:
        if isinstance(r, dict) and _is_http(str(r.get("url", ""))):
            hits.append(WebHit(str(r["url"]), _text(r.get("title")), _text(r.get("content")), provider,
                               len(hits) + 1, _float(r.get("score"))))
    return hits



def new_client(limits: Limits, *, base_url: str = "", hooks: list[Callable[[httpx.Response], Awaitable[None]]]
               | None = None) -> httpx.AsyncClient:
    """The httpx client of one provider: explicit timeouts, a descriptive User-Agent, no redirects followed
    silently beyond httpx's default of none."""
    return httpx.AsyncClient(
        base_url=base_url, headers={"User-Agent": USER_AGENT},
        timeout=httpx.Timeout(limits.timeout_s, connect=min(5.0, limits.timeout_s)),
        event_hooks={"response": list(hooks or [])})


# ---- Tavily ---------------------------------------------------------------------------------------------------
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
            raise ProviderError(self.name, "error_payload", _text(data.get("error") or data.get("detail")))
        results = data.get("results")
        if not isinstance(results, list):
            raise ProviderError(self.name, "bad_payload", "no results list")
        return _hits_from_results(self.name, results)

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
                    raise ProviderError(name, "error_payload", _text(state.get("error") or "research failed"))
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
            if isinstance(s, dict) and _is_http(str(s.get("url", ""))) and len(hits) < limit:
                hits.append(WebHit(str(s["url"]), _text(s.get("title")), _text(s.get("content")), name,
                                   len(hits) + 1, 0.0))
        return hits


# ---- SearXNG --------------------------------------------------------------------------------------------------
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
        data = _json(self.name, response)
        if not isinstance(data, dict):
            raise ProviderError(self.name, "bad_payload", f"expected a JSON object, got {type(data).__name__}")
        if data.get("error"):
            raise ProviderError(self.name, "error_payload", _text(data["error"]))
        results = data.get("results")
        if not isinstance(results, list):
            raise ProviderError(self.name, "bad_payload", "no results list")
        unresponsive = data.get("unresponsive_engines") or []
        if not results and unresponsive:
            names = ", ".join(" ".join(str(x) for x in e) if isinstance(e, list) else str(e) for e in unresponsive)
            raise ProviderError(self.name, "error_payload", f"every engine failed: {names}")
        return _hits_from_results(self.name, results)


# ---- DuckDuckGo -----------------------------------------------------------------------------------------------
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
            if _is_http(url) and len(hits) < limit:
                hits.append(WebHit(url, _text(r.title), _text(r.body), self.name, len(hits) + 1, 0.0))
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


# ---- Wikipedia ------------------------------------------------------------------------------------------------
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
        data = _json(self.name, response)
        if not isinstance(data, dict):
            raise ProviderError(self.name, "bad_payload", f"expected a JSON object, got {type(data).__name__}")
        error = data.get("error")
        if error:
            code = str(error.get("code", "")) if isinstance(error, dict) else ""
            info = _text(error.get("info", "")) if isinstance(error, dict) else _text(error)
            if code in ("ratelimited", "maxlag"):
                raise RateLimited(f"MediaWiki error {code}", retry_after_seconds(response.headers))
            raise ProviderError(self.name, "error_payload", f"{code}: {info}" if code else info)
        results = (data.get("query") or {}).get("search") if isinstance(data.get("query"), dict) else None
        if not isinstance(results, list):
            raise ProviderError(self.name, "bad_payload", "no query.search list")
        hits: list[WebHit] = []
        for r in results:
            title = _text(r.get("title")) if isinstance(r, dict) else ""
            if title:
                url = f"{base}/wiki/" + quote(title.replace(" ", "_"), safe="()_,:'")
                snippet = _text(html.unescape(_TAG.sub("", str(r.get("snippet", "")))))
                hits.append(WebHit(url, title, snippet, self.name, len(hits) + 1, 0.0))
        return hits


# ---- arXiv ----------------------------------------------------------------------------------------------------
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
            raise ProviderError(self.name, "error_payload", _text(errors[0].get("summary") or errors[0].get("title")))
        check_status(self.name, response.status_code, response.headers)
        if not feed.entries and (feed.bozo or "feed" not in body[:2000].lower()):
            raise ProviderError(self.name, "bad_payload", "not an Atom feed")
        hits: list[WebHit] = []
        for e in feed.entries:
            url = str(e.get("link") or e.get("id") or "")
            if _is_http(url) and len(hits) < limit:
                hits.append(WebHit(url, _text(e.get("title")), _text(e.get("summary"))[:600], self.name,
                                   len(hits) + 1, 0.0))
        return hits


# ---- which providers --------------------------------------------------------------------------------------------
def configured_providers(cfg: GathererSettings) -> list[GuardedProvider]:
    """The web providers the settings enable, in preference order: Tavily (iff a key is set), SearXNG (iff a
    URL is set), DuckDuckGo, Wikipedia, arXiv (while their flags are on). Builds no connection yet."""
    limits = Limits.from_settings(cfg)
    out: list[GuardedProvider] = []
    key = cfg.tavily_api_key.get_secret_value().strip() if cfg.tavily_api_key is not None else ""
    if key:
        out.append(TavilyProvider(key, base_url=cfg.tavily_url, search_depth=cfg.tavily_search_depth, limits=limits))
    if cfg.searxng_url:
        out.append(SearxngProvider(cfg.searxng_url, limits=limits))
    if cfg.duckduckgo:
        out.append(DuckDuckGoProvider(cfg.duckduckgo_url, limits=limits))
    if cfg.wikipedia:
        out.append(WikipediaProvider(cfg.wikipedia_url, limits=limits))
    if cfg.arxiv:
        out.append(ArxivProvider(cfg.arxiv_url, limits=Limits.from_settings(
            cfg, min_interval_s=cfg.arxiv_min_interval_s)))
    return out
