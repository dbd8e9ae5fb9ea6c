"""What every web search provider shares: the hit (``WebHit``), the failure (``ProviderError`` and its
reasons), the provider protocol (``SearchProvider``), and ``GuardedProvider``, the base of the HTTP providers
(query shortening, pacing, backoff on rate limits, cooldown, transport errors translated). See the package
docstring for the reasons.
"""

from __future__ import annotations

import abc
import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any, Literal, Protocol, runtime_checkable

import httpx
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_after_attempt, wait_exponential

from shared.settings import GathererSettings
from shared.text.terms import key_terms

Reason = Literal["rate_limited", "http_status", "error_payload", "timeout", "bad_payload", "unreachable"]
USER_AGENT = "AssayBot/0.1 (deep-research assistant; self-hosted)"
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")


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


class GuardedProvider(abc.ABC):
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

    @abc.abstractmethod
    async def _search_once(self, query: str, *, limit: int, language: str | None,
                           sites: tuple[str, ...]) -> list[WebHit]:
        """One request to the provider: at most ``limit`` hits for ``query``. Raises ``ProviderError``."""


def rerank(hits: list[WebHit]) -> list[WebHit]:
    """The same hits ranked 1..n in list order."""
    return [WebHit(h.url, h.title, h.snippet, h.provider, i, h.score) for i, h in enumerate(hits, start=1)]


def is_http(url: str) -> bool:
    """True for an http(s) URL."""
    return url.startswith(("http://", "https://"))


def flat_text(value: object) -> str:
    """``value`` as one line of text (whitespace runs collapsed; None -> "")."""
    return " ".join(str(value or "").split())


def json_body(name: str, response: httpx.Response) -> Any:
    """The JSON body of ``response``. Raises ProviderError(name, bad_payload) when it is not JSON: "invalid JSON
    (<the parser's message>)" when the response says it is JSON but its body does not parse (truncated), "expected
    JSON, got <content type>" otherwise."""
    try:
        return response.json()
    except ValueError as exc:
        kind = response.headers.get("Content-Type", "?").split(";")[0]
        if "json" in kind.lower():  # a JSON body that does not parse (cut short, garbled): say so, not "got JSON"
            raise ProviderError(name, "bad_payload", f"invalid JSON ({exc})") from exc
        raise ProviderError(name, "bad_payload", f"expected JSON, got {kind}") from exc


def to_float(value: object) -> float:
    """``value`` as a float (a score given as a number or a numeric string); 0.0 when it is neither."""
    if isinstance(value, int | float | str):
        try:
            return float(value)
        except ValueError:
            return 0.0
    return 0.0


def hits_from_results(provider: str, results: list[Any]) -> list[WebHit]:
    """Hits from a JSON ``results`` list of {url, title, content, score} objects (Tavily and SearXNG shape);
    entries without an http(s) URL are skipped and ranks are renumbered from 1."""
    hits: list[WebHit] = []
    for r in results:
        if isinstance(r, dict) and is_http(str(r.get("url", ""))):
            hits.append(WebHit(str(r["url"]), flat_text(r.get("title")), flat_text(r.get("content")), provider,
                               len(hits) + 1, to_float(r.get("score"))))
    return hits


def new_client(limits: Limits, *, base_url: str = "", hooks: list[Callable[[httpx.Response], Awaitable[None]]]
               | None = None) -> httpx.AsyncClient:
    """The httpx client of one provider: explicit timeouts, a descriptive User-Agent, no redirects followed
    silently beyond httpx's default of none."""
    return httpx.AsyncClient(
        base_url=base_url, headers={"User-Agent": USER_AGENT},
        timeout=httpx.Timeout(limits.timeout_s, connect=min(5.0, limits.timeout_s)),
        event_hooks={"response": list(hooks or [])})
