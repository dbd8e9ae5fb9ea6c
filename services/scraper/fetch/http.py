"""Fetch one URL over HTTP(S) safely and turn it into clean text.

Safety: every hop (initial URL, each redirect target, each ``<meta http-equiv="refresh">`` target) is checked
against an
:class:`~services.scraper.fetch.policy.AddressPolicy`; redirects are followed manually;
bodies are streamed with a byte cap; connect/read/total timeouts apply.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from email.message import Message
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlsplit

import httpx

from services.scraper.fetch import _content as C
from services.scraper.fetch.errors import FetchError
from services.scraper.fetch.policy import AddressPolicy
from services.scraper.provenance import Provenance, classify
from services.scraper.scholarly import Identifiers, find_identifiers
from shared.text.injection import InstructionHit, find_instructions, scan_html
from shared.text.noise import wall_kind

if TYPE_CHECKING:
    from services.scraper.fetch.files import ParsedDocument

__all__ = [
    "FetchLimits",
    "FetchedDocument",
    "fetch_document",
    "DEFAULT_USER_AGENT",
    "RawResponse",
    "Built",
    "download",
    "build",
    "has_scripts",
    "parse_retry_after",
]

DEFAULT_USER_AGENT = "AssayBot/0.1 (+https://github.com/assay)"

_REDIRECT_CODES = frozenset({301, 302, 303, 307, 308})
# Error statuses whose body is inspected for an anti-bot interstitial.
_BLOCK_STATUSES = frozenset({401, 403, 429, 503})
_ERROR_BODY_CAP = 256 * 1024

_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_PDF_TYPES = frozenset({"application/pdf", "application/x-pdf"})
_TEXT_TYPES = frozenset(
    {
        "text/plain",
        "text/markdown",
        "text/x-markdown",
        "application/json",
        "application/ld+json",
        "text/csv",
        "text/xml",
        "application/xml",
        "text/x-rst",
    }
)
_BINARY_TYPE_PREFIXES = ("image/", "audio/", "video/", "font/", "model/")
_BINARY_TYPES = frozenset(
    {
        "application/zip",
        "application/gzip",
        "application/x-gzip",
        "application/x-tar",
        "application/x-7z-compressed",
        "application/x-rar-compressed",
        "application/vnd.rar",
        "application/x-bzip2",
        "application/wasm",
        "application/x-msdownload",
        "application/x-executable",
        "application/msword",
        "application/vnd.ms-excel",
        "application/vnd.ms-powerpoint",
        "application/x-shockwave-flash",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "application/epub+zip",
        "application/vnd.sqlite3",
    }
)

_SCRIPT_TAG = re.compile(r"<script\b", re.I)
_ACCEPT = "text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,application/json;q=0.8,*/*;q=0.5"
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.M)


@dataclass(frozen=True)
class FetchLimits:
    """Network limits for one :func:`fetch_document` call.

    Attributes:
        connect_timeout_s: seconds to establish a TCP/TLS connection (per hop).
        read_timeout_s: max seconds of silence while reading (per hop).
        total_timeout_s: wall-clock cap in seconds for all hops incl. redirects
            and body download (parsing time not included).
        max_bytes: max decoded body size in bytes.
        max_redirects: max number of redirects followed.
    """

    connect_timeout_s: float = 5.0
    read_timeout_s: float = 15.0
    total_timeout_s: float = 30.0
    max_bytes: int = 10_000_000
    max_redirects: int = 5


@dataclass(frozen=True)
class FetchedDocument:
    """A fetched and text-extracted document.

    Attributes:
        url: the URL that was requested.
        final_url: the URL after redirects (the one whose body was parsed).
        status: final HTTP status (2xx); 0 for ``via="local"``.
        content_type: effective MIME type after sniffing, without parameters,
            e.g. ``text/html``, ``application/pdf``, ``text/plain``.
        title: document title if known.
        text: main text, whitespace-normalised, paragraphs separated by ``"\\n\\n"``.
        via: ``"http"`` (HTML/text over HTTP), ``"pdf"`` (PDF over HTTP), ``"browser"``
            (HTML rendered in Chromium after the HTTP text was too short) or
            ``"local"`` (built from a local file).
        site: site name (from page metadata), else the host name.
        author: author/byline if known.
        published: publication date (ISO ``YYYY-MM-DD``) if known.
        modified: last-modified date (ISO ``YYYY-MM-DD``) when the page gives one later than ``published``.
        html: the decoded HTML the text was extracted from (for ``text/html``; None otherwise): structured data
            (schema.org JSON-LD, microdata, RDFa) and tables live there.
        provenance: the source's kind, publisher and canonical address from the page alone (the handler
            corrects it with the scholarly record), see :mod:`services.scraper.provenance`.
        identifiers: the scholarly identifiers found (DOI in the URL, the page's metadata or a PDF's first
            page; arXiv id), see :mod:`services.scraper.scholarly`.
        instructions: instruction-like text found in the page (its text, hidden elements, alt / title
            attributes, comments, ``<meta>``; a PDF's or text file's text): prompt-injection flags
            (:mod:`shared.text.injection`), empty when none.
    """

    url: str
    final_url: str
    status: int
    content_type: str
    title: str | None
    text: str
    via: Literal["http", "pdf", "browser", "local"]
    site: str | None
    author: str | None
    published: str | None
    modified: str | None = None
    html: str | None = None
    instructions: tuple[InstructionHit, ...] = ()
    identifiers: Identifiers = Identifiers()
    provenance: Provenance = Provenance("unknown", None, None, "not classified")

    @classmethod
    def from_parsed(cls, parsed: ParsedDocument) -> FetchedDocument:
        """Wrap a local :class:`~services.scraper.fetch.files.ParsedDocument` (``via="local"``, ``file://`` URL)."""
        base, sep, frag = parsed.path.partition("#")
        uri = Path(base).resolve().as_uri() + (sep + frag if sep else "")
        return cls(
            url=uri,
            final_url=uri,
            status=0,
            content_type=parsed.content_type,
            title=parsed.title,
            text=parsed.text,
            via="local",
            site=None,
            author=None,
            published=None,
        )


@dataclass
class RawResponse:
    """A downloaded (2xx) body before parsing: final URL after redirects, status, MIME type, charset."""

    final_url: str
    status: int
    content_type: str
    charset: str | None
    body: bytes


_Raw = RawResponse


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP-date); ``None`` if absent/invalid."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None or when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def has_scripts(html: str) -> bool:
    """True if the HTML carries at least one ``<script>`` element."""
    return _SCRIPT_TAG.search(html) is not None


def _parse_content_type(value: str | None) -> tuple[str, str | None]:
    if not value:
        return "", None
    msg = Message()
    msg["content-type"] = value
    mime = msg.get_content_type() if "/" in value.split(";", 1)[0] else ""
    charset = msg.get_param("charset")
    if isinstance(charset, tuple):  # RFC 2231 encoded parameter
        charset = charset[2]
    return mime.lower(), (str(charset) if charset else None)


def translate_httpx_error(exc: httpx.HTTPError, url: str) -> FetchError:
    """The ``FetchError`` for an httpx failure on ``url``: ``timeout``, ``invalid_url`` or ``connect_error``."""
    if isinstance(exc, httpx.TimeoutException):
        return FetchError("timeout", f"{type(exc).__name__} fetching {url}", url=url)
    if isinstance(exc, (httpx.InvalidURL, httpx.UnsupportedProtocol)):
        return FetchError("invalid_url", f"{url!r}: {exc}", url=url)
    if isinstance(exc, httpx.ConnectError):
        return FetchError("connect_error", f"cannot connect to {url}: {exc}", url=url)
    return FetchError("connect_error", f"{type(exc).__name__} fetching {url}: {exc}", url=url)


async def _read_capped(resp: httpx.Response, cap: int, url: str, *, strict: bool = True) -> bytes:
    """Read the (decoded) body; over ``cap`` bytes raise ``too_large`` or, if not strict, truncate."""
    declared = resp.headers.get("content-length")
    if strict and declared and declared.isdigit() and int(declared) > cap and "content-encoding" not in resp.headers:
        raise FetchError("too_large", f"Content-Length {declared} exceeds {cap} bytes", url=url)
    buf = bytearray()
    async for chunk in resp.aiter_bytes():
        buf.extend(chunk)
        if len(buf) > cap:
            if strict:
                raise FetchError("too_large", f"body exceeds {cap} bytes", url=url)
            return bytes(buf[:cap])
    return bytes(buf)


async def _download(
    url: str,
    client: httpx.AsyncClient,
    policy: AddressPolicy,
    limits: FetchLimits,
    user_agent: str,
    on_hop: Callable[[str], Awaitable[None]] | None = None,
) -> _Raw:
    timeout = httpx.Timeout(
        connect=limits.connect_timeout_s,
        read=limits.read_timeout_s,
        write=limits.read_timeout_s,
        pool=limits.connect_timeout_s,
    )
    headers = {"User-Agent": user_agent, "Accept": _ACCEPT, "Accept-Language": "en;q=0.9,*;q=0.5"}
    current = url
    for _hop in range(limits.max_redirects + 1):
        await policy.check_url(current)
        if on_hop is not None:
            await on_hop(current)
        try:
            async with client.stream(
                "GET", current, headers=headers, timeout=timeout, follow_redirects=False
            ) as resp:
                status = resp.status_code
                location = resp.headers.get("location")
                if status in _REDIRECT_CODES and location:
                    try:
                        current = str(resp.url.join(location.strip()))
                    except httpx.InvalidURL as exc:
                        raise FetchError("invalid_url", f"bad redirect Location {location!r}", url=current) from exc
                    continue
                mime, charset = _parse_content_type(resp.headers.get("content-type"))
                if not 200 <= status < 300:
                    retry_after = parse_retry_after(resp.headers.get("retry-after"))
                    if status in _BLOCK_STATUSES:
                        body = await _read_capped(resp, _ERROR_BODY_CAP, current, strict=False)
                        if C.looks_like_html(body) or mime in _HTML_TYPES:
                            why = C.detect_block_page(C.decode_text(body, charset, html=True))
                            if why:
                                raise FetchError("blocked_page", f"HTTP {status}: {why}", url=current, status=status)
                    raise FetchError("http_status", f"HTTP {status} for {current}", url=current, status=status,
                                     retry_after=retry_after)
                body = await _read_capped(resp, limits.max_bytes, current)
                if mime in _HTML_TYPES or (not mime.startswith(("application/pdf", "image/")) and
                                           C.looks_like_html(body)):
                    target = C.meta_refresh_target(body, str(resp.url))
                    if target is not None:  # a redirect written in the page: the next hop, checked like one
                        current = target
                        continue
                return _Raw(str(resp.url), status, mime, charset, body)
        except httpx.HTTPError as exc:
            raise translate_httpx_error(exc, current) from exc
    raise FetchError("too_many_redirects", f"more than {limits.max_redirects} redirects from {url}", url=url)


async def download(
    url: str,
    *,
    client: httpx.AsyncClient,
    policy: AddressPolicy,
    limits: FetchLimits = FetchLimits(),
    user_agent: str = DEFAULT_USER_AGENT,
    on_hop: Callable[[str], Awaitable[None]] | None = None,
) -> RawResponse:
    """Download ``url`` (manual redirects, each hop checked by ``policy`` then ``on_hop``) within ``limits``.

    Raises the same :class:`FetchError` reasons as :func:`fetch_document` up to the body (no parsing);
    ``http_status`` errors carry ``.status`` and, when the server sent ``Retry-After``, ``.retry_after``.
    """
    try:
        async with asyncio.timeout(limits.total_timeout_s):
            return await _download(url, client, policy, limits, user_agent, on_hop)
    except TimeoutError as exc:
        raise FetchError("timeout", f"total timeout {limits.total_timeout_s}s exceeded for {url}", url=url) from exc


def _classify(mime: str, body: bytes) -> Literal["html", "pdf", "text", "unsupported"]:
    """Decide how to parse ``body`` from the declared MIME type and its magic bytes."""
    if C.is_pdf(body):
        return "pdf"
    if C.has_binary_magic(body):
        return "unsupported"
    if mime.startswith(_BINARY_TYPE_PREFIXES) or mime in _BINARY_TYPES:
        return "unsupported"
    if mime in _PDF_TYPES:
        return "pdf"  # declared PDF without magic: let pypdf try (it tolerates leading junk)
    if C.looks_binary(body):
        return "unsupported"
    if mime in _HTML_TYPES:
        return "html"
    if mime in _TEXT_TYPES or mime.endswith(("+json", "+xml")) or mime.startswith("text/"):
        return "html" if C.looks_like_html(body) else "text"
    # Missing, application/octet-stream or unknown type: sniff.
    if C.looks_like_html(body):
        return "html"
    return "text"


def _host(url: str) -> str | None:
    try:
        return urlsplit(url).hostname
    except ValueError:
        return None


@dataclass(frozen=True)
class Built:
    """Result of :func:`build`: the document (``None`` for HTML without main text) and, for HTML, the
    decoded page (so a caller can decide to render it in a browser)."""

    doc: FetchedDocument | None
    html: str | None = None


def build(url: str, raw: RawResponse) -> Built:
    """Parse a downloaded body by its sniffed type. Like :func:`fetch_document`'s parsing, except that an
    HTML page with no main text gives ``Built(doc=None, html=...)`` instead of raising ``empty_text``.

    Raises:
        FetchError: ``unsupported_content``, ``blocked_page``, ``empty_text`` (PDF or plain text only).
    """
    if _classify(raw.content_type, raw.body) != "html":
        return Built(_build(url, raw))
    html = C.decode_text(raw.body, raw.charset, html=True)
    why = C.detect_block_page(html)
    if why:
        raise FetchError("blocked_page", why, url=raw.final_url)
    return Built(html_document(url, raw.final_url, raw.status, html), html)


def check_wall(text: str, url: str) -> None:
    """Raise ``consent_wall`` or ``paywall`` when a page's text is only a cookie-consent or paywall notice
    (:func:`shared.text.noise.wall_kind`): such a page is a failed source, never content."""
    kind = wall_kind(text)
    if kind == "consent":
        raise FetchError("consent_wall", f"{url} shows only a cookie-consent notice, no content", url=url)
    if kind == "paywall":
        raise FetchError("paywall", f"{url} shows only a paywall / subscription notice, no content", url=url)


def html_document(url: str, final_url: str, status: int, html: str, *,
                  via: Literal["http", "browser"] = "http") -> FetchedDocument | None:
    """Main text and metadata of a decoded HTML page as a :class:`FetchedDocument` (``None`` if no text).

    Raises:
        FetchError: ``consent_wall`` / ``paywall`` for a page that is only such a notice (:func:`check_wall`).
    """
    content = C.extract_html(html, final_url)
    if not content.text:
        return None
    check_wall(content.text, final_url)
    return FetchedDocument(
        url=url,
        final_url=final_url,
        status=status,
        content_type="text/html",
        title=content.title,
        text=content.text,
        via=via,
        site=content.site or _host(final_url),
        author=content.author,
        published=content.published,
        modified=content.modified,
        html=html,
        instructions=tuple(scan_html(html, main_text=content.text)),
        identifiers=find_identifiers(final_url, html=html, text=content.text),
        provenance=classify(final_url, html=html, text=content.text, site=content.site),
    )


def _build(url: str, raw: _Raw) -> FetchedDocument:
    kind = _classify(raw.content_type, raw.body)
    site = _host(raw.final_url)
    if kind == "unsupported":
        raise FetchError(
            "unsupported_content",
            f"cannot extract text from {raw.content_type or 'unknown type'} at {raw.final_url}",
            url=raw.final_url,
        )
    if kind == "pdf":
        pdf = C.extract_pdf(raw.body, raw.final_url)
        if not pdf.text:
            raise FetchError("empty_text", f"no extractable text in PDF {raw.final_url}", url=raw.final_url)
        return FetchedDocument(
            url=url,
            final_url=raw.final_url,
            status=raw.status,
            content_type="application/pdf",
            title=pdf.title,
            text=pdf.text,
            via="pdf",
            site=site,
            author=pdf.author,
            published=pdf.published,
            instructions=tuple(find_instructions(pdf.text)),
            identifiers=find_identifiers(raw.final_url, text=pdf.text, pdf=True),
            provenance=classify(raw.final_url, text=pdf.text),
        )
    if kind == "html":
        html = C.decode_text(raw.body, raw.charset, html=True)
        why = C.detect_block_page(html)
        if why:
            raise FetchError("blocked_page", why, url=raw.final_url)
        content = C.extract_html(html, raw.final_url)
        if not content.text:
            raise FetchError("empty_text", f"no main text in {raw.final_url}", url=raw.final_url)
        check_wall(content.text, raw.final_url)
        return FetchedDocument(
            url=url,
            final_url=raw.final_url,
            status=raw.status,
            content_type="text/html",
            title=content.title,
            text=content.text,
            via="http",
            site=content.site or site,
            author=content.author,
            published=content.published,
            modified=content.modified,
            html=html,
            instructions=tuple(scan_html(html, main_text=content.text)),
            identifiers=find_identifiers(raw.final_url, html=html, text=content.text),
            provenance=classify(raw.final_url, html=html, text=content.text, site=content.site),
        )
    text = C.normalize_text(C.decode_text(raw.body, raw.charset))
    if not text:
        raise FetchError("empty_text", f"empty body at {raw.final_url}", url=raw.final_url)
    mime = raw.content_type if raw.content_type and raw.content_type != "application/octet-stream" else "text/plain"
    title = None
    if mime in ("text/markdown", "text/x-markdown") or raw.final_url.lower().endswith((".md", ".markdown")):
        m = _MD_HEADING.search(text)
        title = m.group(1) if m else None
    return FetchedDocument(
        url=url,
        final_url=raw.final_url,
        status=raw.status,
        content_type=mime,
        title=title,
        text=text,
        via="http",
        site=site,
        author=None,
        published=None,
        instructions=tuple(find_instructions(text)),
        identifiers=find_identifiers(raw.final_url, text=text, pdf=True),
        provenance=classify(raw.final_url, text=text),
    )


async def fetch_document(
    url: str,
    *,
    client: httpx.AsyncClient,
    policy: AddressPolicy,
    limits: FetchLimits = FetchLimits(),
    user_agent: str = DEFAULT_USER_AGENT,
) -> FetchedDocument:
    """Fetch ``url`` and extract its text.

    Args:
        url: absolute http(s) URL.
        client: shared ``httpx.AsyncClient``; redirects are always handled here
            (requests are sent with ``follow_redirects=False``).
        policy: address policy checked before every request (each redirect hop).
        limits: timeouts (seconds), byte cap and redirect cap.
        user_agent: ``User-Agent`` header value.

    Returns:
        A :class:`FetchedDocument` (``via="pdf"`` for PDFs, else ``"http"``).

    Raises:
        FetchError: ``invalid_url``, ``private_address``, ``connect_error``,
            ``timeout``, ``too_many_redirects``, ``http_status`` (``.status`` set),
            ``too_large``, ``unsupported_content``, ``blocked_page``, ``consent_wall``, ``paywall``, ``empty_text``.

    HTML and PDF parsing run in a worker thread so the event loop is not blocked.
    """
    try:
        async with asyncio.timeout(limits.total_timeout_s):
            raw = await _download(url, client, policy, limits, user_agent)
    except TimeoutError as exc:
        raise FetchError("timeout", f"total timeout {limits.total_timeout_s}s exceeded for {url}", url=url) from exc
    return await asyncio.to_thread(_build, url, raw)
