"""Scraper mechanisms against a loopback server: robots.txt, per-host concurrency, back-off on 429/503."""

from __future__ import annotations

import asyncio
import pickle
import time
from email.utils import formatdate
from types import SimpleNamespace

import pytest

from services.scraper.fetch import (
    AddressPolicy,
    FetchError,
    FetchLimits,
    HostLimiter,
    ScrapeOptions,
    Scraper,
    host_key,
    robots,
)
from services.scraper.fetch.http import parse_retry_after
from tests.loopback import Route, serve
from tests.webpages import BLOCK_PAGE, RUSSIAN_PARAGRAPHS, cp1251_page, pdf_bytes

LOOPBACK = AddressPolicy(allow=("127.0.0.1",))
FAST = FetchLimits(connect_timeout_s=1.0, read_timeout_s=2.0, total_timeout_s=5.0, max_bytes=2_000_000)
HTML = {"Content-Type": "text/html; charset=utf-8"}
ARTICLE = (b"<html><head><title>Tides</title></head><body><article><h1>Tides</h1>"
           b"<p>Tides are the rise and fall of sea levels caused by the gravitational pull of the Moon and the Sun "
           b"acting on the rotating Earth, with two high tides a day on most coasts.</p></article></body></html>")


def options(**kw: object) -> ScrapeOptions:
    base = dict(limits=FAST, render=False, max_retries=2, backoff_base_s=0.05, max_retry_after_s=5.0)
    base.update(kw)
    return ScrapeOptions(**base)  # type: ignore[arg-type]  # a dict of mixed option values


class Sequence(dict):
    """Routes whose answer changes per request: ``{path: [Route, Route, ...]}``; the last one repeats."""

    def get(self, key, default=None):  # noqa: ANN001, ANN201 - dict API
        seq = super().get(key)
        if seq is None:
            return default
        return seq.pop(0) if len(seq) > 1 else seq[0]


async def _fail(scraper: Scraper, url: str) -> FetchError:
    with pytest.raises(FetchError) as info:
        await scraper.fetch(url)
    return info.value


# --------------------------------------------------------------------------- robots.txt

ROBOTS = b"User-agent: AssayBot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n"


async def test_robots_group_for_our_token_is_honoured_and_cached() -> None:
    routes = {"/robots.txt": Route(200, ROBOTS, {"Content-Type": "text/plain"}),
              "/public": Route(200, ARTICLE, HTML), "/private/x": Route(200, ARTICLE, HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(), user_agent="AssayBot/0.1 (worker 1)") as s:
            doc = await s.fetch(web.url("/public"))  # the AssayBot group applies, not the "*" group
            assert doc.title == "Tides"
            err = await _fail(s, web.url("/private/x"))
            await s.fetch(web.url("/public?again=1"))
        requests = list(web.requests)
    assert err.reason == "robots_disallowed" and "/private/x" in err.message
    assert "/private/x" not in requests, "a disallowed page must not be requested"
    assert requests.count("/robots.txt") == 1, requests


async def test_robots_cache_expires_after_its_ttl(monkeypatch: pytest.MonkeyPatch) -> None:
    # the robots cache's clock is the test's (a loaded machine may take longer than a short TTL between two fetches)
    now = [1000.0]
    monkeypatch.setattr(robots, "time", SimpleNamespace(monotonic=lambda: now[0]))
    routes = {"/robots.txt": Route(200, b"User-agent: *\nAllow: /\n", {"Content-Type": "text/plain"}),
              "/a": Route(200, ARTICLE, HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(robots_ttl_s=0.3)) as s:
            await s.fetch(web.url("/a"))
            now[0] += 0.29
            await s.fetch(web.url("/a"))
            assert web.requests.count("/robots.txt") == 1  # still within the TTL
            now[0] += 0.02
            await s.fetch(web.url("/a"))
        assert web.requests.count("/robots.txt") == 2


async def test_missing_robots_allows_everything_and_server_error_disallows() -> None:
    with serve({"/a": Route(200, ARTICLE, HTML)}) as web:  # /robots.txt is a 404
        async with Scraper(policy=LOOPBACK, options=options()) as s:
            assert (await s.fetch(web.url("/a"))).title == "Tides"
    routes = {"/robots.txt": Route(500, b"oops", {"Content-Type": "text/plain"}), "/a": Route(200, ARTICLE, HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options()) as s:
            err = await _fail(s, web.url("/a"))
        assert "/a" not in web.requests
    assert err.reason == "robots_disallowed" and "unreachable" in err.message


async def test_a_host_that_cannot_be_reached_fails_connect_error_not_robots() -> None:
    with serve({}) as web:
        dead = web.url("/a")  # the port is closed once the server stops
    async with Scraper(policy=LOOPBACK, options=options()) as s:
        err = await _fail(s, dead)
        again = await _fail(s, dead)  # the cached robots entry gives the same reason
    assert err.reason == again.reason == "connect_error"


async def test_robots_redirect_to_a_private_address_is_unreachable_so_disallowed() -> None:
    routes = {"/robots.txt": Route(302, b"", {"Location": "http://169.254.169.254/robots.txt"}),
              "/a": Route(200, ARTICLE, HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options()) as s:
            err = await _fail(s, web.url("/a"))
        assert "/a" not in web.requests
    assert err.reason == "robots_disallowed" and "private_address" in err.message


async def test_redirect_hop_into_a_disallowed_path_is_refused() -> None:
    routes = {"/robots.txt": Route(200, b"User-agent: *\nDisallow: /private\n", {"Content-Type": "text/plain"}),
              "/go": Route(302, b"", {"Location": "/private/y"}), "/private/y": Route(200, ARTICLE, HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options()) as s:
            err = await _fail(s, web.url("/go"))
        assert "/private/y" not in web.requests
    assert err.reason == "robots_disallowed"


async def test_robots_crawl_delay_spaces_requests_to_the_host() -> None:
    routes = {"/robots.txt": Route(200, b"User-agent: *\nCrawl-delay: 1\n", {"Content-Type": "text/plain"}),
              "/a": Route(200, ARTICLE, HTML), "/b": Route(200, ARTICLE, HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options()) as s:
            t0 = time.monotonic()
            await s.fetch(web.url("/a"))
            await s.fetch(web.url("/b"))
            elapsed = time.monotonic() - t0
    assert elapsed >= 0.9, f"Crawl-delay: 1 was not honoured ({elapsed:.2f} s for two pages)"


async def test_robots_can_be_turned_off() -> None:
    routes = {"/robots.txt": Route(200, b"User-agent: *\nDisallow: /\n", {"Content-Type": "text/plain"}),
              "/a": Route(200, ARTICLE, HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(respect_robots=False)) as s:
            assert (await s.fetch(web.url("/a"))).title == "Tides"
        assert "/robots.txt" not in web.requests


async def test_private_address_is_refused_before_any_request() -> None:
    with serve({"/a": Route(200, ARTICLE, HTML)}) as web:
        async with Scraper(policy=AddressPolicy(), options=options()) as s:
            err = await _fail(s, web.url("/a"))
        assert web.requests == []
    assert err.reason == "private_address"


# --------------------------------------------------------------------------- per-host concurrency


async def test_per_host_concurrency_is_capped() -> None:
    routes = {f"/p{i}": Route(200, ARTICLE, HTML, delay_s=0.3) for i in range(6)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(per_host=2, respect_robots=False)) as s:
            t0 = time.monotonic()
            docs = await asyncio.gather(*(s.fetch(web.url(f"/p{i}")) for i in range(6)))
            elapsed = time.monotonic() - t0
            assert s.hosts.max_in_flight.get("127.0.0.1") == 2
        assert len(docs) == 6
        assert elapsed >= 0.85, f"6 pages of 0.3 s two at a time take 0.9 s, not {elapsed:.2f}"
        async with Scraper(policy=LOOPBACK, options=options(per_host=6, respect_robots=False)) as s:
            await asyncio.gather(*(s.fetch(web.url(f"/p{i}")) for i in range(6)))
            assert s.hosts.max_in_flight.get("127.0.0.1") == 6


async def test_host_limiter_keys_and_hold_off() -> None:
    assert host_key("https://WWW.Example.org:8443/x") == "example.org"
    limiter = HostLimiter(per_host=1)
    limiter.hold_off("https://example.org/a", 0.2)
    assert 0 < limiter.not_before("https://example.org/b") <= 0.2
    t0 = time.monotonic()
    async with limiter.slot("https://example.org/b"):
        waited = time.monotonic() - t0
    assert waited >= 0.18
    async with limiter.slot("https://other.example/"):  # other hosts are not held off
        pass
    with pytest.raises(ValueError):
        HostLimiter(per_host=0)


# --------------------------------------------------------------------------- back-off on 429 / 503


async def test_429_is_retried_after_retry_after_then_rate_limited() -> None:
    routes = {"/busy": Route(429, b"Too many requests", {"Content-Type": "text/plain", "Retry-After": "1"})}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(respect_robots=False)) as s:
            t0 = time.monotonic()
            err = await _fail(s, web.url("/busy"))
            elapsed = time.monotonic() - t0
        assert web.requests.count("/busy") == 3
    assert err.reason == "rate_limited" and err.status == 429 and "3 attempts" in err.message
    assert elapsed >= 1.9, f"Retry-After: 1 was not honoured ({elapsed:.2f} s for 3 attempts)"


async def test_503_then_success_with_an_http_date_retry_after() -> None:
    when = formatdate(time.time() + 1, usegmt=True)
    routes = Sequence({"/flaky": [Route(503, b"busy", {"Retry-After": when}), Route(200, ARTICLE, HTML)]})
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(respect_robots=False)) as s:
            doc = await s.fetch(web.url("/flaky"))
        assert web.requests.count("/flaky") == 2
    assert doc.title == "Tides"


async def test_exponential_backoff_without_retry_after() -> None:
    with serve({"/busy": Route(503, b"busy", {"Content-Type": "text/plain"})}) as web:
        async with Scraper(policy=LOOPBACK, options=options(respect_robots=False, backoff_base_s=0.1)) as s:
            t0 = time.monotonic()
            err = await _fail(s, web.url("/busy"))
            elapsed = time.monotonic() - t0
    assert err.reason == "rate_limited" and err.status == 503
    assert elapsed >= 0.3  # 0.1 + 0.2 (plus jitter)


async def test_a_retry_after_longer_than_allowed_fails_at_once_and_holds_the_host_off() -> None:
    routes = {"/busy": Route(429, b"later", {"Retry-After": "3600"}), "/a": Route(200, ARTICLE, HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(respect_robots=False, max_retry_after_s=20)) as s:
            t0 = time.monotonic()
            err = await _fail(s, web.url("/busy"))
            assert time.monotonic() - t0 < 10.0  # not the 20 s it may wait at most (nor the 3600 s asked for)
            assert s.hosts.not_before(web.url("/a")) > 3000
            other = await _fail(s, web.url("/a"))  # the host's wish holds for its other pages: no request
        assert web.requests.count("/busy") == 1 and "/a" not in web.requests
    assert err.reason == "rate_limited" and err.retry_after == 3600 and "more than the 20 s" in err.message
    assert other.reason == "rate_limited" and "asked us to wait" in other.message


async def test_a_429_holds_off_the_whole_host() -> None:
    routes = {"/busy": Route(429, b"wait", {"Retry-After": "1"}), "/a": Route(200, ARTICLE, HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(respect_robots=False, max_retries=0)) as s:
            err = await _fail(s, web.url("/busy"))
            t0 = time.monotonic()
            await s.fetch(web.url("/a"))
            waited = time.monotonic() - t0
    assert err.reason == "rate_limited"
    assert waited >= 0.8, f"another page of the throttled host was fetched after {waited:.2f} s"


def test_parse_retry_after() -> None:
    assert parse_retry_after("120") == 120.0
    assert parse_retry_after(None) is None and parse_retry_after("soon") is None
    later = parse_retry_after(formatdate(time.time() + 30, usegmt=True))
    assert later is not None and 25 <= later <= 31
    assert parse_retry_after(formatdate(time.time() - 30, usegmt=True)) == 0.0


def test_fetch_error_with_retry_after_pickles() -> None:
    err = pickle.loads(pickle.dumps(FetchError("rate_limited", "slow down", url="http://x/", status=429,
                                               retry_after=7.0)))
    assert (err.reason, err.status, err.retry_after) == ("rate_limited", 429, 7.0)


# --------------------------------------------------------------------------- content through the scraper


async def test_scraper_content_kinds() -> None:
    routes = {"/report": Route(200, pdf_bytes(), {"Content-Type": "application/octet-stream"}),
              "/ru": Route(200, cp1251_page(), {"Content-Type": "text/html"}),
              "/check": Route(200, BLOCK_PAGE, HTML),
              "/error": Route(500, b"<html><body>oops</body></html>", HTML)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options()) as s:
            pdf = await s.fetch(web.url("/report"))
            ru = await s.fetch(web.url("/ru"))
            blocked = await _fail(s, web.url("/check"))
            error = await _fail(s, web.url("/error"))
            assert s.stats["via:pdf"] == 1 and s.stats["failed:blocked_page"] == 1
    assert pdf.via == "pdf" and pdf.content_type == "application/pdf" and "Beautiful is better than ugly." in pdf.text
    assert ru.via == "http" and RUSSIAN_PARAGRAPHS[0] in ru.text
    assert blocked.reason == "blocked_page"
    assert error.reason == "http_status" and error.status == 500


async def test_whole_source_deadline() -> None:
    with serve({"/slow": Route(200, ARTICLE, HTML, delay_s=30.0)}) as web:
        limits = FetchLimits(connect_timeout_s=1, read_timeout_s=60, total_timeout_s=60)
        async with Scraper(policy=LOOPBACK, options=options(limits=limits, deadline_s=0.5)) as s:
            t0 = time.monotonic()
            err = await _fail(s, web.url("/slow"))
            assert time.monotonic() - t0 < 10.0  # cut at the 0.5 s deadline, not after the page's 30 s
    assert err.reason == "timeout" and "deadline" in err.message
