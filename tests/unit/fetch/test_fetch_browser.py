"""Chromium rendering (Playwright) of script-built pages, against a loopback server.

Needs Debian's ``chromium`` at /usr/bin/chromium (``.ci/run`` installs it); skipped with a reason otherwise.
The browser-unavailable tests run everywhere.
"""

from __future__ import annotations

import asyncio
import os
import socket

import httpx
import pytest

from services.scraper.fetch import AddressPolicy, BrowserRenderer, FetchError, FetchLimits, ScrapeOptions, Scraper
from tests.loopback import Route, serve
from tests.webpages import inline_js_page, js_app_routes

CHROMIUM = "/usr/bin/chromium"
needs_chromium = pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK),
                                    reason="Chromium not installed (apt-get install -y chromium)")
LOOPBACK = AddressPolicy(allow=("127.0.0.1",))
LIMITS = FetchLimits(connect_timeout_s=1.0, read_timeout_s=3.0, total_timeout_s=5.0)
HTML = {"Content-Type": "text/html; charset=utf-8"}
PARAS = [
    "Kelp forests grow along rocky coasts in cool, nutrient-rich water and can rise thirty metres from the sea floor.",
    "Sea otters keep kelp forests healthy by eating the urchins that would otherwise graze the kelp down to bare rock.",
    "Where otters vanished in the nineteenth century, urchin barrens spread over kilometres of former forest.",
]


def options(**kw: object) -> ScrapeOptions:
    base = dict(limits=LIMITS, respect_robots=False, render_timeout_s=15.0)
    base.update(kw)
    return ScrapeOptions(**base)  # type: ignore[arg-type]  # a dict of mixed option values


@pytest.fixture(scope="module")
def renderer() -> BrowserRenderer:
    # One browser for the module; every test's Scraper gets it (and does not close it).
    return BrowserRenderer(executable_path=CHROMIUM, max_pages=2)


@pytest.fixture(scope="module", autouse=True)
async def _close_renderer(renderer: BrowserRenderer):
    yield
    await renderer.close()


@needs_chromium
async def test_client_side_rendered_article_is_rendered_in_chromium(renderer: BrowserRenderer) -> None:
    routes = js_app_routes("kelp", "Kelp forests and sea otters", PARAS)
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(), user_agent="AssayBot/0.1 (worker 7)",
                           renderer=renderer) as s:
            doc = await s.fetch(web.url("/app/kelp"))
            assert s.stats["render_attempts"] == 1 and s.stats["via:browser"] == 1
        agents = dict(web.server.agents)
    assert doc.via == "browser" and doc.content_type == "text/html"
    assert doc.title == "Kelp forests and sea otters"
    for p in PARAS:
        assert p in doc.text
    assert "Loading" not in doc.text and "enable JavaScript" not in doc.text
    # the page's own requests went through this process, with our User-Agent
    assert agents["/static/app-kelp.js"] == agents["/api/kelp.json"] == "AssayBot/0.1 (worker 7)"


@needs_chromium
async def test_every_request_of_the_page_is_checked_against_the_address_policy(renderer: BrowserRenderer) -> None:
    extra = (
        "fetch('http://10.1.2.3/internal').catch(() => 0);\n"
        "fetch('/hop').catch(() => 0);\n"
        "const f = document.createElement('iframe'); f.src = 'http://169.254.169.254/latest/meta-data/';"
        " document.body.appendChild(f);\n"
        "const s = document.createElement('script'); s.src = 'http://[::1]:9/x.js'; document.head.appendChild(s);\n"
    )
    page = inline_js_page("Kelp", PARAS, extra_script=extra)
    routes = {"/page": Route(200, page, HTML), "/hop": Route(302, b"", {"Location": "http://192.168.0.1/admin"})}
    with serve(routes) as web:
        async with httpx.AsyncClient(trust_env=False) as client:
            rendered = await renderer.render(web.url("/page"), page.decode(), client=client, policy=LOOPBACK,
                                             limits=LIMITS, user_agent="AssayBot/0.1", timeout_s=15)
        requests = list(web.requests)
    refused = set(rendered.refused)
    assert "http://10.1.2.3/internal" in refused
    assert "http://169.254.169.254/latest/meta-data/" in refused
    assert "http://[::1]:9/x.js" in refused
    assert any(u.endswith("/hop") for u in refused), "a redirect to a private address must be refused too"
    assert "/hop" in requests and "/page" not in requests  # the document itself is served from memory
    assert PARAS[0] in rendered.html


@needs_chromium
async def test_webrtc_cannot_reach_the_network_around_the_policy(renderer: BrowserRenderer) -> None:
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    udp.settimeout(0.1)
    port = udp.getsockname()[1]
    extra = (f"try {{ const pc = new RTCPeerConnection({{iceServers: [{{urls: 'stun:127.0.0.1:{port}'}}]}});"
             " pc.createDataChannel('x'); pc.createOffer().then(o => pc.setLocalDescription(o)); }"
             " catch (e) { document.title = 'no WebRTC'; }")
    page = inline_js_page("Kelp", PARAS, extra_script=extra)
    try:
        with serve({"/page": Route(200, page, HTML)}) as web:
            async with httpx.AsyncClient(trust_env=False) as client:
                rendered = await renderer.render(web.url("/page"), page.decode(), client=client, policy=LOOPBACK,
                                                 limits=LIMITS, user_agent="AssayBot/0.1", timeout_s=15)
        await asyncio.sleep(0.5)
        datagrams = 0
        while True:
            try:
                udp.recvfrom(2048)
                datagrams += 1
            except TimeoutError:
                break
    finally:
        udp.close()
    assert PARAS[0] in rendered.html
    assert datagrams == 0, "the page sent STUN packets past the address policy"


@needs_chromium
async def test_page_with_enough_text_is_not_rendered(renderer: BrowserRenderer) -> None:
    body = ("<html><head><title>Kelp</title><script>var x = 1;</script></head><body><article>"
            + "".join(f"<p>{p}</p>" for p in PARAS) + "</article></body></html>").encode()
    with serve({"/static": Route(200, body, HTML)}) as web:
        async with Scraper(policy=LOOPBACK, options=options(), renderer=renderer) as s:
            doc = await s.fetch(web.url("/static"))
            assert s.stats["render_attempts"] == 0
    assert doc.via == "http"


@needs_chromium
async def test_render_deadline(renderer: BrowserRenderer) -> None:
    shell = b"<html><head><script src='/slow.js'></script></head><body><div id=app></div></body></html>"
    routes = {"/app": Route(200, shell, HTML),
              "/slow.js": Route(200, b"document.body.innerHTML='x';", {"Content-Type": "text/javascript"},
                                delay_s=4.0)}
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(render_timeout_s=1.0), renderer=renderer) as s:
            with pytest.raises(FetchError) as info:
                await s.fetch(web.url("/app"))
    assert info.value.reason == "timeout" and "rendering" in info.value.message


async def test_missing_browser_is_browser_unavailable_not_a_crash() -> None:
    missing = BrowserRenderer(executable_path="/nonexistent/chromium")
    routes = js_app_routes("kelp", "Kelp", PARAS)
    short_but_real = ("<html><head><title>Note</title><script>track()</script></head><body><article><p>"
                      + PARAS[0] + "</p></article></body></html>").encode()
    routes["/note"] = Route(200, short_but_real, HTML)
    with serve(routes) as web:
        async with Scraper(policy=LOOPBACK, options=options(), renderer=missing) as s:
            with pytest.raises(FetchError) as info:
                await s.fetch(web.url("/app/kelp"))  # an app shell: nothing worth keeping without a browser
            note = await s.fetch(web.url("/note"))  # real text, just short: kept as fetched over HTTP
            assert s.stats["render_fallback:browser_unavailable"] == 1
        await missing.close()
    assert info.value.reason == "browser_unavailable" and "/nonexistent/chromium" in info.value.message
    assert note.via == "http" and PARAS[0] in note.text


async def test_rendering_turned_off() -> None:
    with serve(js_app_routes("kelp", "Kelp", PARAS)) as web:
        async with Scraper(policy=LOOPBACK, options=options(render=False)) as s:
            assert s.renderer is None
            with pytest.raises(FetchError) as info:
                await s.fetch(web.url("/app/kelp"))
    assert info.value.reason == "browser_unavailable" and "turned off" in info.value.message


@needs_chromium
async def test_renderer_launches_lazily_once_and_closes() -> None:
    r = BrowserRenderer(executable_path=CHROMIUM)
    assert not r.running and r.launches == 0
    page = inline_js_page("Kelp", PARAS)
    with serve({"/p": Route(200, page, HTML)}) as web:
        async with Scraper(policy=LOOPBACK, options=options(), renderer=r) as s:
            for _ in range(2):
                assert (await s.fetch(web.url("/p"))).via == "browser"
    assert r.launches == 1 and r.running
    await r.close()
    await r.close()  # idempotent
    assert not r.running
    with pytest.raises(FetchError) as info:
        async with httpx.AsyncClient(trust_env=False) as client:
            await r.render("http://127.0.0.1/", "<p>x</p>", client=client, policy=LOOPBACK, limits=LIMITS,
                           user_agent="x", timeout_s=5)
    assert info.value.reason == "browser_unavailable"
