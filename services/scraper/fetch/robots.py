"""robots.txt: fetched under the address policy, parsed with Protego, cached per origin with a TTL.

Rules follow RFC 9309:

- 2xx: the file is parsed (first 500 KiB) and its groups for our product token apply.
- 4xx other than 429 ("unavailable"): no rules, everything is allowed.
- 429, 5xx, a timeout or a broken connection ("unreachable"): everything is disallowed for a short while
  (``error_ttl_s``), then asked again.
- A host that cannot be reached at all (DNS failure, connection refused) is not a robots question: the
  check raises that ``connect_error``, as fetching the page itself would.
- Redirects are followed (up to five hops), every hop checked against the same address policy.

A robots.txt that points at a refused address (a redirect to a private network, say) counts as
unreachable. Concurrent checks for one origin share a single download.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
from protego import Protego

from services.scraper.fetch import _content as C
from services.scraper.fetch.errors import FetchError
from services.scraper.fetch.http import FetchLimits, download
from services.scraper.fetch.policy import AddressPolicy

__all__ = ["RobotsCache", "RobotsVerdict", "ROBOTS_MAX_BYTES"]

log = logging.getLogger(__name__)

#: RFC 9309: crawlers must parse at least the first 500 KiB.
ROBOTS_MAX_BYTES = 500 * 1024


@dataclass(frozen=True)
class RobotsVerdict:
    """Whether one URL may be fetched, and why (for logs and failure reasons)."""

    allowed: bool
    why: str
    crawl_delay: float | None = None


@dataclass
class _Entry:
    parser: Protego | None  # None: no rules (allow all) or unreachable (disallow all), see ``allow_all``
    allow_all: bool
    why: str
    expires: float
    error: FetchError | None = None  # raised for every URL of the origin while the entry lives


def _origin(url: str) -> tuple[str, str]:
    """(``scheme://host[:port]``, robots.txt URL) for ``url``."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    default = {"http": 80, "https": 443}.get(scheme)
    netloc = host if port in (None, default) else f"{host}:{port}"
    origin = f"{scheme}://{netloc}"
    return origin, origin + "/robots.txt"


class RobotsCache:
    """Per-origin robots.txt rules with a TTL.

    Args:
        product: the product token matched against ``User-agent:`` lines (``AssayBot``).
        ttl_s: how long fetched rules (or their absence) are trusted.
        error_ttl_s: how long an unreachable robots.txt keeps the origin disallowed.
        timeout_s: connect/read/total cap for one robots.txt download.
        max_origins: cache size (least recently used origins are dropped).
    """

    def __init__(self, *, product: str = "AssayBot", ttl_s: float = 3600.0, error_ttl_s: float = 60.0,
                 timeout_s: float = 10.0, max_origins: int = 4096) -> None:
        self.product = product
        self.ttl_s = ttl_s
        self.error_ttl_s = error_ttl_s
        self.timeout_s = timeout_s
        self.max_origins = max_origins
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}
        self.downloads = 0  # robots.txt downloads made (for tests and stats)

    async def check(self, url: str, *, client: httpx.AsyncClient, policy: AddressPolicy,
                    user_agent: str) -> RobotsVerdict:
        """The verdict for ``url`` (fetching its origin's robots.txt if not cached)."""
        origin, robots_url = _origin(url)
        entry = self._fresh(origin)
        if entry is None:
            lock = self._locks.setdefault(origin, asyncio.Lock())
            async with lock:
                entry = self._fresh(origin)
                if entry is None:
                    entry = await self._load(robots_url, client=client, policy=policy, user_agent=user_agent)
                    self._store(origin, entry)
            if not lock.locked():
                self._locks.pop(origin, None)
        if entry.error is not None:
            raise FetchError(entry.error.reason, entry.error.message, url=url)
        if entry.parser is None:
            return RobotsVerdict(entry.allow_all, entry.why)
        allowed = entry.parser.can_fetch(url, self.product)
        delay = entry.parser.crawl_delay(self.product)
        why = entry.why if allowed else f"{robots_url} disallows {urlsplit(url).path or '/'} for {self.product}"
        return RobotsVerdict(bool(allowed), why, float(delay) if delay else None)

    def _fresh(self, origin: str) -> _Entry | None:
        entry = self._entries.get(origin)
        if entry is None:
            return None
        if entry.expires <= time.monotonic():
            self._entries.pop(origin, None)
            return None
        self._entries.move_to_end(origin)
        return entry

    def _store(self, origin: str, entry: _Entry) -> None:
        self._entries[origin] = entry
        self._entries.move_to_end(origin)
        while len(self._entries) > self.max_origins:
            self._entries.popitem(last=False)

    async def _load(self, robots_url: str, *, client: httpx.AsyncClient, policy: AddressPolicy,
                    user_agent: str) -> _Entry:
        now = time.monotonic()
        limits = FetchLimits(connect_timeout_s=self.timeout_s, read_timeout_s=self.timeout_s,
                             total_timeout_s=self.timeout_s, max_bytes=ROBOTS_MAX_BYTES, max_redirects=5)
        self.downloads += 1
        try:
            raw = await download(robots_url, client=client, policy=policy, limits=limits, user_agent=user_agent)
        except FetchError as exc:
            status = exc.status or 0
            if exc.reason in ("http_status", "blocked_page") and 400 <= status < 500 and status != 429:
                return _Entry(None, True, f"{robots_url}: HTTP {status}, no rules", now + self.ttl_s)
            if exc.reason == "connect_error":
                return _Entry(None, False, str(exc), now + self.error_ttl_s, error=exc)
            if exc.reason == "too_large":  # RFC 9309: parse what fits; re-fetch without the cap is not worth it
                return _Entry(None, True, f"{robots_url}: over {ROBOTS_MAX_BYTES} bytes, ignored",
                              now + self.error_ttl_s)
            log.info("robots.txt unreachable: %s", exc)
            return _Entry(None, False, f"{robots_url} unreachable ({exc}), so every path is disallowed",
                          now + self.error_ttl_s)
        text = C.decode_text(raw.body[:ROBOTS_MAX_BYTES], raw.charset)
        if C.looks_like_html(raw.body):  # a soft 404 / landing page served at /robots.txt: no rules
            return _Entry(None, True, f"{robots_url}: HTML, not robots rules", now + self.ttl_s)
        try:
            parser = Protego.parse(text)
        except Exception as exc:  # noqa: BLE001 - a broken file means no usable rules
            return _Entry(None, True, f"{robots_url}: unparsable ({exc}), ignored", now + self.ttl_s)
        return _Entry(parser, True, f"{robots_url} allows it", now + self.ttl_s)
