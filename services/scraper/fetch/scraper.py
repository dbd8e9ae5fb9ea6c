"""The web scraper: one object per process that turns a URL into a :class:`FetchedDocument` or a
:class:`FetchError` with a reason.

Order of work for one URL:

1. the address policy (before anything is sent);
2. robots.txt of the URL's origin (and of every redirect hop's origin), cached, when ``respect_robots``;
3. a slot of the host (at most ``per_host`` requests in flight per host, after any hold-off of that host);
4. the httpx download (:func:`services.scraper.fetch.http.download`: deadlines, size cap, redirects re-checked);
   a 429 or 503 answer is retried with tenacity after ``Retry-After`` (or an exponential back-off with
   jitter when the server gave none), and the host is held off for the same time for every task of this
   process; a ``Retry-After`` longer than ``max_retry_after_s`` or the last attempt gives ``rate_limited``;
5. parsing by sniffed type: PDF (pypdf), HTML (block-page check, trafilatura), plain text;
6. an HTML page whose main text is shorter than ``render_min_chars`` and that carries ``<script>`` is
   rendered in Chromium (:class:`~services.scraper.fetch.browser.BrowserRenderer`) and extracted again
   (``via="browser"``). If the browser is missing or fails, the HTTP text is kept when it has at least
   ``MIN_FALLBACK_CHARS`` characters; otherwise the fetch fails with the browser's reason
   (``browser_unavailable``, ``render_failed`` or ``timeout``).

The whole of it runs under ``deadline_s`` (``timeout`` past it).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import Counter
from dataclasses import dataclass

import httpx
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, stop_after_attempt

from services.scraper.fetch import _content as C
from services.scraper.fetch.browser import DEFAULT_CHROMIUM, BrowserRenderer
from services.scraper.fetch.errors import FetchError
from services.scraper.fetch.hosts import HostLimiter, host_key
from services.scraper.fetch.http import (
    DEFAULT_USER_AGENT,
    FetchedDocument,
    FetchLimits,
    RawResponse,
    build,
    download,
    has_scripts,
    html_document,
)
from services.scraper.fetch.policy import AddressPolicy
from services.scraper.fetch.robots import RobotsCache

__all__ = ["ScrapeOptions", "Scraper", "THROTTLE_STATUSES", "MIN_FALLBACK_CHARS"]

log = logging.getLogger(__name__)

#: Statuses that mean "slow down": retried after a back-off, then ``rate_limited``.
THROTTLE_STATUSES = frozenset({429, 503})
#: When a page needed rendering and the browser failed, its HTTP text is kept only if at least this long;
#: shorter, it is an app shell ("Loading…", "You need to enable JavaScript"), not content.
MIN_FALLBACK_CHARS = 80


@dataclass(frozen=True)
class ScrapeOptions:
    """Knobs of :class:`Scraper` (the service fills them from ``ScraperSettings``)."""

    limits: FetchLimits = FetchLimits()
    per_host: int = 2
    respect_robots: bool = True
    robots_product: str = "AssayBot"
    robots_ttl_s: float = 3600.0
    max_retries: int = 2
    backoff_base_s: float = 0.5
    max_retry_after_s: float = 10.0
    render: bool = True
    render_min_chars: int = 200
    render_timeout_s: float = 20.0
    browser_executable: str = DEFAULT_CHROMIUM
    browser_max_pages: int = 4
    deadline_s: float = 90.0


def _is_throttle(exc: BaseException) -> bool:
    return isinstance(exc, FetchError) and exc.reason == "http_status" and exc.status in THROTTLE_STATUSES


class Scraper:
    """Fetch and extract web pages politely and safely. Use one per process; ``await aclose()`` at the end.

    Args:
        policy: the address policy (every request, redirect hop, robots.txt and browser sub-request).
        options: see :class:`ScrapeOptions`.
        user_agent: the ``User-Agent`` of every request (the robots product token is ``options.robots_product``).
        client: a shared httpx client (one is made, and closed by :meth:`aclose`, if not given).
        renderer: a shared browser renderer (one is made lazily if ``options.render``).
    """

    def __init__(self, *, policy: AddressPolicy, options: ScrapeOptions = ScrapeOptions(),
                 user_agent: str = DEFAULT_USER_AGENT, client: httpx.AsyncClient | None = None,
                 renderer: BrowserRenderer | None = None) -> None:
        self.policy = policy
        self.options = options
        self.user_agent = user_agent
        self._own_client = client is None
        self._client = client
        self.hosts = HostLimiter(options.per_host)
        self.robots = RobotsCache(product=options.robots_product, ttl_s=options.robots_ttl_s,
                                  timeout_s=min(10.0, options.limits.total_timeout_s))
        self._own_renderer = renderer is None
        self.renderer = renderer
        if renderer is None and options.render:
            self.renderer = BrowserRenderer(executable_path=options.browser_executable,
                                            max_pages=options.browser_max_pages)
        self.stats: Counter[str] = Counter()

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            lim = self.options.limits
            self._client = httpx.AsyncClient(
                follow_redirects=False, trust_env=False,
                timeout=httpx.Timeout(lim.read_timeout_s, connect=lim.connect_timeout_s),
                limits=httpx.Limits(max_connections=200, max_keepalive_connections=50))
        return self._client

    async def aclose(self) -> None:
        """Close the browser (if this scraper made it) and the httpx client (if it made it)."""
        if self.renderer is not None and self._own_renderer:
            await self.renderer.close()
        if self._client is not None and self._own_client:
            await self._client.aclose()
            self._client = None

    async def __aenter__(self) -> Scraper:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # ------------------------------------------------------------------ public

    async def fetch(self, url: str) -> FetchedDocument:
        """Fetch ``url`` and extract its text (see the module doc for the order of work).

        Raises:
            FetchError: every reason of :func:`~services.scraper.fetch.fetch_document`, plus ``robots_disallowed``,
                ``rate_limited``, ``browser_unavailable``, ``render_failed``; ``timeout`` past ``deadline_s``.
        """
        try:
            async with asyncio.timeout(self.options.deadline_s):
                doc = await self._fetch(url)
        except TimeoutError as exc:
            self.stats["failed:timeout"] += 1
            raise FetchError("timeout", f"no result within the {self.options.deadline_s:g} s deadline for {url}",
                             url=url) from exc
        except FetchError as exc:
            self.stats[f"failed:{exc.reason}"] += 1
            raise
        self.stats[f"via:{doc.via}"] += 1
        return doc

    # ------------------------------------------------------------------ steps

    async def _robots_hop(self, url: str) -> None:
        if not self.options.respect_robots:
            return
        verdict = await self.robots.check(url, client=self.client, policy=self.policy, user_agent=self.user_agent)
        if not verdict.allowed:
            raise FetchError("robots_disallowed", verdict.why, url=url)
        if verdict.crawl_delay:
            self.hosts.hold_off(host_key(url), min(verdict.crawl_delay, self.options.max_retry_after_s))

    def _wait(self, state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        after = getattr(exc, "retry_after", None)
        if after is None:
            base = self.options.backoff_base_s * (2 ** (state.attempt_number - 1))
            after = base + random.uniform(0, base / 2)
        return min(float(after), self.options.max_retry_after_s)

    def _stop(self, state: RetryCallState) -> bool:
        exc = state.outcome.exception() if state.outcome else None
        after = getattr(exc, "retry_after", None)
        if after is not None and after > self.options.max_retry_after_s:
            return True  # asks for a longer wait than we give one source
        return stop_after_attempt(1 + self.options.max_retries)(state)

    async def _download(self, url: str) -> RawResponse:
        opts = self.options
        attempts = 0

        async def hold_off_host(state: RetryCallState) -> None:
            wait = state.next_action.sleep if state.next_action else 0.0
            self.hosts.hold_off(host_key(url), wait)
            exc = state.outcome.exception() if state.outcome else None
            log.info("%s answered %s; retrying in %.2f s", url, getattr(exc, "status", "?"), wait)

        retrying = AsyncRetrying(retry=retry_if_exception(_is_throttle), wait=self._wait, stop=self._stop,
                                 before_sleep=hold_off_host, reraise=True)
        try:
            async for attempt in retrying:
                with attempt:
                    wait = self.hosts.not_before(url)
                    if wait > opts.max_retry_after_s:  # the host asked every client of ours to stay away
                        raise FetchError("rate_limited", f"{host_key(url)} asked us to wait {wait:.0f} s more "
                                         f"(more than the {opts.max_retry_after_s:g} s we wait)", url=url)
                    attempts += 1
                    async with self.hosts.slot(url):
                        return await download(url, client=self.client, policy=self.policy, limits=opts.limits,
                                              user_agent=self.user_agent, on_hop=self._robots_hop)
        except FetchError as exc:
            if not _is_throttle(exc):
                raise
            self.stats["throttled"] += 1
            if exc.retry_after is not None:
                self.hosts.hold_off(host_key(url), min(exc.retry_after, 3600.0))
            asked = f"; Retry-After {exc.retry_after:g} s" if exc.retry_after is not None else ""
            if exc.retry_after is not None and exc.retry_after > opts.max_retry_after_s:
                asked += f" (more than the {opts.max_retry_after_s:g} s we wait)"
            raise FetchError("rate_limited", f"HTTP {exc.status} from {host_key(url)} after {attempts} "
                             f"attempt{'s' if attempts != 1 else ''}{asked}", url=url, status=exc.status,
                             retry_after=exc.retry_after) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    async def _fetch(self, url: str) -> FetchedDocument:
        await self.policy.check_url(url)
        raw = await self._download(url)
        built = await asyncio.to_thread(build, url, raw)
        if built.html is None:
            assert built.doc is not None
            return built.doc
        doc = built.doc
        short = doc is None or len(doc.text) < self.options.render_min_chars
        if not (short and has_scripts(built.html)):
            if doc is None:
                raise FetchError("empty_text", f"no main text in {raw.final_url}", url=raw.final_url)
            return doc
        self.stats["render_attempts"] += 1
        try:
            rendered = await self._render(url, raw.final_url, raw.status, built.html)
        except FetchError as exc:
            if doc is not None and len(doc.text) >= MIN_FALLBACK_CHARS and exc.reason != "blocked_page":
                log.info("rendering %s failed (%s); keeping the HTTP text", url, exc)
                self.stats[f"render_fallback:{exc.reason}"] += 1
                return doc
            raise
        if rendered is None or (doc is not None and len(rendered.text) <= len(doc.text)):
            if doc is None:
                raise FetchError("empty_text", f"no main text in {raw.final_url}, even rendered", url=raw.final_url)
            return doc
        return rendered

    async def _render(self, url: str, final_url: str, status: int, html: str) -> FetchedDocument | None:
        if self.renderer is None:
            raise FetchError("browser_unavailable", "rendering in a browser is turned off", url=url)
        left = self.options.render_timeout_s
        t0 = time.monotonic()
        async with self.hosts.slot(final_url):
            page = await self.renderer.render(final_url, html, client=self.client, policy=self.policy,
                                              limits=self.options.limits, user_agent=self.user_agent,
                                              timeout_s=left, status=status)
        log.debug("rendered %s in %.2f s (%d requests, %d refused)", final_url, time.monotonic() - t0,
                  page.requests, len(page.refused))
        why = await asyncio.to_thread(C.detect_block_page, page.html)
        if why:
            raise FetchError("blocked_page", f"after rendering: {why}", url=page.final_url)
        return await asyncio.to_thread(html_document, url, page.final_url, status, page.html, via="browser")
