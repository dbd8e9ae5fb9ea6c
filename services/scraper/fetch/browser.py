"""Render script-built pages in headless Chromium (Playwright), under the same address policy as httpx.

One :class:`BrowserRenderer` per scraper process: the browser is launched on first use and closed by
:meth:`BrowserRenderer.close`. Each render gets its own browser context (no cookies or storage shared
between fetches) and a deadline.

The browser itself never opens a connection. Every request the page makes (documents, frames, scripts,
XHR/fetch, styles) is intercepted and answered by this process with the shared httpx client: the address
policy is checked for the URL and for every redirect hop, bodies are size-capped, and refused requests are
aborted. The main document is not downloaded again: it is served from the HTML that httpx already fetched.
Images, media and fonts are not loaded (text is all we want); WebSockets are closed; service workers are
blocked; WebRTC and WebTransport, which would reach the network without passing through interception, are
removed from the page's window before its scripts run.

If Chromium (or Playwright) is missing or cannot start, :meth:`render` raises
``FetchError("browser_unavailable")``; the launch is not retried for ``retry_launch_after_s`` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx

from services.scraper.fetch.errors import FetchError
from services.scraper.fetch.http import FetchLimits, _read_capped, translate_httpx_error
from services.scraper.fetch.policy import AddressPolicy

__all__ = ["BrowserRenderer", "RenderedPage", "CHROMIUM_ARGS", "DEFAULT_CHROMIUM"]

log = logging.getLogger(__name__)

DEFAULT_CHROMIUM = "/usr/bin/chromium"

#: Flags that keep Chromium from talking to the network on its own (updates, sync, field trials, QUIC).
CHROMIUM_ARGS: tuple[str, ...] = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-default-apps",
    "--mute-audio",
    "--no-default-browser-check",
    "--disable-features=Translate,OptimizationHints,MediaRouter,NetworkPrediction,AutofillServerCommunication",
)

#: Run before any script of the page: network APIs that do not pass through request interception (WebRTC
#: sends STUN/TURN over UDP to any address the page names; WebTransport speaks HTTP/3 over UDP) are removed.
NO_BYPASS_SCRIPT = """
for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate',
                    'RTCSessionDescription', 'WebTransport']) {
  try { Object.defineProperty(window, name, {value: undefined, configurable: false, writable: false}); }
  catch (e) { try { delete window[name]; } catch (e2) {} }
}
"""

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_DROP_REQUEST_HEADERS = frozenset(
    {"host", "connection", "content-length", "transfer-encoding", "accept-encoding", "keep-alive", "upgrade",
     "proxy-connection", "te", "trailer", "cookie2"}
)
_DROP_RESPONSE_HEADERS = frozenset(
    {"content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive",
     "strict-transport-security", "alt-svc"}
)


@dataclass(frozen=True)
class RenderedPage:
    """The DOM of a rendered page, serialised, and what the page asked for while rendering."""

    url: str
    final_url: str
    html: str
    requests: int
    refused: tuple[str, ...]
    elapsed_s: float


@dataclass
class _RenderState:
    url: str
    html: str
    status: int
    deadline: float
    served_main: bool = False
    requests: int = 0
    in_flight: int = 0
    last_activity: float = 0.0
    bytes: int = 0
    refused: list[str] = field(default_factory=list)


class BrowserRenderer:
    """A lazily launched headless Chromium shared by all renders of this process.

    Args:
        executable_path: the Chromium binary (Debian's ``chromium`` package installs ``/usr/bin/chromium``).
        max_pages: renders running at once (others wait).
        launch_timeout_s: how long a launch may take.
        max_requests: sub-requests a page may make; later ones are aborted.
        max_total_bytes: bytes of sub-resources a page may load; later requests are aborted.
        settle_s: after the ``load`` event, wait up to this long for the network to go quiet.
        quiet_s: the network is quiet when no request of the page has been in flight for this long.
        block_resource_types: resource types never loaded.
        retry_launch_after_s: after a failed launch, report ``browser_unavailable`` for this long.
    """

    def __init__(
        self,
        *,
        executable_path: str = DEFAULT_CHROMIUM,
        max_pages: int = 4,
        launch_timeout_s: float = 30.0,
        max_requests: int = 200,
        max_total_bytes: int = 20_000_000,
        settle_s: float = 2.0,
        quiet_s: float = 0.25,
        block_resource_types: tuple[str, ...] = ("image", "media", "font"),
        retry_launch_after_s: float = 60.0,
        args: tuple[str, ...] = CHROMIUM_ARGS,
    ) -> None:
        self.executable_path = executable_path
        self.max_pages = max_pages
        self.launch_timeout_s = launch_timeout_s
        self.max_requests = max_requests
        self.max_total_bytes = max_total_bytes
        self.settle_s = settle_s
        self.quiet_s = quiet_s
        self.block_resource_types = frozenset(block_resource_types)
        self.retry_launch_after_s = retry_launch_after_s
        self.args = tuple(args)
        self._pw: Any = None
        self._browser: Any = None
        self._launch_lock = asyncio.Lock()
        self._pages = asyncio.Semaphore(max_pages)
        self._failed_until = 0.0
        self._failure = ""
        self._closed = False
        self.launches = 0
        self.renders = 0

    # ------------------------------------------------------------------ lifecycle

    @property
    def running(self) -> bool:
        """Whether a browser is up right now."""
        return self._browser is not None and self._browser.is_connected()

    def _resolve_executable(self) -> str | None:
        path = self.executable_path
        if os.sep in path:
            return path if os.path.isfile(path) and os.access(path, os.X_OK) else None
        return shutil.which(path)

    async def _ensure(self) -> Any:
        if self.running:
            return self._browser
        async with self._launch_lock:
            if self.running:
                return self._browser
            if self._closed:
                raise FetchError("browser_unavailable", "the renderer is closed")
            if time.monotonic() < self._failed_until:
                raise FetchError("browser_unavailable", self._failure)
            exe = self._resolve_executable()
            if exe is None:
                return self._fail(f"Chromium not found at {self.executable_path} (apt-get install chromium)")
            try:
                from playwright.async_api import async_playwright
            except ImportError as exc:  # pragma: no cover - playwright is a dependency
                return self._fail(f"playwright is not installed: {exc}")
            try:
                if self._pw is None:
                    self._pw = await async_playwright().start()
                self._browser = await self._pw.chromium.launch(
                    executable_path=exe, headless=True, args=list(self.args),
                    timeout=self.launch_timeout_s * 1000, handle_sigint=False, handle_sigterm=False,
                    handle_sighup=False)
            except Exception as exc:  # noqa: BLE001 - any launch failure means "no browser"
                await self._stop_driver()
                return self._fail(f"Chromium at {exe} failed to start: {type(exc).__name__}: {exc}")
            self.launches += 1
            log.info("Chromium %s launched from %s", self._browser.version, exe)
            return self._browser

    def _fail(self, why: str) -> Any:
        self._failure = why
        self._failed_until = time.monotonic() + self.retry_launch_after_s
        log.warning("browser unavailable: %s", why)
        raise FetchError("browser_unavailable", why)

    async def _stop_driver(self) -> None:
        pw, self._pw = self._pw, None
        if pw is not None:
            try:
                await pw.stop()
            except Exception:  # noqa: BLE001 (shutting down: logged, never raised)
                log.debug("stopping the Playwright driver failed", exc_info=True)

    async def close(self) -> None:
        """Close the browser and the Playwright driver (idempotent). Later renders fail ``browser_unavailable``."""
        self._closed = True
        async with self._launch_lock:
            browser, self._browser = self._browser, None
            if browser is not None:
                try:
                    await asyncio.wait_for(browser.close(), timeout=10)
                except Exception:  # noqa: BLE001 (shutting down: logged, never raised)
                    log.debug("closing Chromium failed", exc_info=True)
            await self._stop_driver()

    # ------------------------------------------------------------------ rendering

    async def render(
        self,
        url: str,
        html: str,
        *,
        client: httpx.AsyncClient,
        policy: AddressPolicy,
        limits: FetchLimits,
        user_agent: str,
        timeout_s: float,
        status: int = 200,
    ) -> RenderedPage:
        """Load ``url`` in a fresh context, serving ``html`` (already fetched) as its document, run its
        scripts and return the resulting DOM.

        Raises:
            FetchError: ``browser_unavailable``; ``timeout`` past ``timeout_s`` (waiting for a free page
                included); ``render_failed`` if the page cannot be loaded or the browser dies.
        """
        t0 = time.monotonic()
        state = _RenderState(url=url, html=html, status=status, deadline=t0 + timeout_s)
        try:
            async with asyncio.timeout(timeout_s):
                browser = await self._ensure()
                async with self._pages:
                    content, final_url = await self._render_in(browser, state, client, policy, limits, user_agent)
        except TimeoutError as exc:
            raise FetchError("timeout", f"rendering {url} took more than {timeout_s:g} s", url=url) from exc
        except FetchError:
            raise
        except Exception as exc:  # playwright.Error and friends
            if self._browser is not None and not self._browser.is_connected():
                self._browser = None
            raise FetchError("render_failed", f"{type(exc).__name__}: {exc}".split("\n")[0][:300], url=url) from exc
        self.renders += 1
        return RenderedPage(url=url, final_url=final_url, html=content, requests=state.requests,
                            refused=tuple(state.refused), elapsed_s=time.monotonic() - t0)

    async def _render_in(self, browser: Any, state: _RenderState, client: httpx.AsyncClient,
                         policy: AddressPolicy, limits: FetchLimits, user_agent: str) -> tuple[str, str]:
        from playwright.async_api import Error as PlaywrightError

        context = await browser.new_context(
            user_agent=user_agent, service_workers="block", accept_downloads=False, java_script_enabled=True,
            locale="en-US", viewport={"width": 1280, "height": 2000})
        try:
            async def on_route(route: Any) -> None:
                await self._answer(route, state, client, policy, limits, user_agent)

            async def on_websocket(ws: Any) -> None:
                try:
                    await ws.close(code=1008, reason="WebSockets are not loaded by the Assay renderer")
                except Exception:  # noqa: BLE001 (the socket may be gone already)
                    pass

            await context.add_init_script(NO_BYPASS_SCRIPT)
            await context.route("**/*", on_route)
            await context.route_web_socket("**/*", on_websocket)
            page = await context.new_page()
            remaining_ms = max(1.0, state.deadline - time.monotonic()) * 1000
            page.set_default_timeout(remaining_ms)
            await page.goto(state.url, wait_until="load", timeout=remaining_ms)
            # Every request of the page passes through _answer, so "the network is quiet" is known exactly:
            # wait until nothing has been in flight for quiet_s (at most settle_s), then take the DOM.
            settle_until = min(time.monotonic() + self.settle_s, state.deadline - 0.5)
            while time.monotonic() < settle_until:
                if state.in_flight == 0 and time.monotonic() - state.last_activity >= self.quiet_s:
                    break
                await asyncio.sleep(0.02)
            try:
                content = await page.content()
            except PlaywrightError:  # navigating again (a script redirect): let it finish once
                await page.wait_for_load_state("load")
                content = await page.content()
            return content, page.url
        finally:
            try:
                await context.close()
            except Exception:  # noqa: BLE001 (the page is read: logged, never raised)
                log.debug("closing a browser context failed", exc_info=True)

    async def _answer(self, route: Any, state: _RenderState, client: httpx.AsyncClient, policy: AddressPolicy,
                      limits: FetchLimits, user_agent: str) -> None:
        """Serve one intercepted request: the main document from memory, the rest through httpx + policy."""
        req = route.request
        state.in_flight += 1
        state.last_activity = time.monotonic()
        try:
            if not state.served_main and req.is_navigation_request() and req.frame.parent_frame is None:
                state.served_main = True
                await route.fulfill(status=state.status, body=state.html.encode("utf-8"),
                                    headers={"content-type": "text/html; charset=utf-8"})
                return
            scheme = urlsplit(req.url).scheme.lower()
            if scheme not in ("http", "https"):
                await route.abort("blockedbyclient")
                return
            if req.resource_type in self.block_resource_types:
                await route.abort("blockedbyclient")
                return
            state.requests += 1
            if state.requests > self.max_requests or state.bytes >= self.max_total_bytes:
                await route.abort("blockedbyclient")
                return
            try:
                status, headers, body = await self._proxy(req, state, client, policy, limits, user_agent)
            except FetchError as exc:
                if exc.reason in ("private_address", "invalid_url"):
                    state.refused.append(req.url)
                    log.info("renderer refused %s: %s", req.url, exc)
                    await route.abort("blockedbyclient")
                else:
                    await route.abort("failed")
                return
            await route.fulfill(status=status, headers=headers, body=body)
        except Exception:  # noqa: BLE001 - the page or context may be gone already
            log.debug("answering %s failed", req.url, exc_info=True)
        finally:
            state.in_flight -= 1
            state.last_activity = time.monotonic()

    async def _proxy(self, req: Any, state: _RenderState, client: httpx.AsyncClient, policy: AddressPolicy,
                     limits: FetchLimits, user_agent: str) -> tuple[int, dict[str, str], bytes]:
        method = req.method
        body = req.post_data_buffer
        headers = {k: v for k, v in (await req.all_headers()).items()
                   if not k.startswith(":") and k.lower() not in _DROP_REQUEST_HEADERS}
        headers["user-agent"] = user_agent
        current = req.url
        for _hop in range(limits.max_redirects + 1):
            await policy.check_url(current)
            left = state.deadline - time.monotonic()
            if left <= 0:
                raise FetchError("timeout", "render deadline reached", url=current)
            timeout = httpx.Timeout(connect=min(limits.connect_timeout_s, left), read=min(limits.read_timeout_s, left),
                                    write=min(limits.read_timeout_s, left), pool=min(limits.connect_timeout_s, left))
            try:
                async with client.stream(method, current, headers=headers, content=body, timeout=timeout,
                                         follow_redirects=False) as resp:
                    location = resp.headers.get("location")
                    if resp.status_code in _REDIRECTS and location:
                        current = str(resp.url.join(location.strip()))
                        if resp.status_code == 303 or (resp.status_code in (301, 302) and method == "POST"):
                            method, body = "GET", None
                        continue
                    cap = min(limits.max_bytes, self.max_total_bytes - state.bytes)
                    data = await _read_capped(resp, max(cap, 0), current, strict=False)
                    state.bytes += len(data)
                    out: dict[str, str] = {}
                    for k, v in resp.headers.multi_items():
                        k = k.lower()
                        if k in _DROP_RESPONSE_HEADERS:
                            continue
                        out[k] = f"{out[k]}\n{v}" if k in out and k == "set-cookie" else (
                            f"{out[k]}, {v}" if k in out else v)
                    return resp.status_code, out, data
            except httpx.HTTPError as exc:
                raise translate_httpx_error(exc, current) from exc
        raise FetchError("too_many_redirects", f"more than {limits.max_redirects} redirects", url=req.url)
