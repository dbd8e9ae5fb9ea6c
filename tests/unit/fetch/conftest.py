"""Fixtures for services.scraper.fetch tests: a loopback HTTP server on 127.0.0.1 (free port)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from tests.loopback import PageServer, Route, serve
from tests.shared_data import require

REPO_ROOT = Path(__file__).resolve().parents[3]
DATA_DIR = (REPO_ROOT / ".." / "shared" / "data" / "web_pages").resolve()
FIXTURES = REPO_ROOT / "tests" / "fixtures" / "fetch"

ARTICLE_HTML = DATA_DIR / "readability_testpages" / "ars-1" / "source.html"
REPORT_PDF = DATA_DIR / "pdf" / "pypdf-011-google-doc-document.pdf"

# A tiny 1x1 PNG.
PNG_BYTES = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)

RUSSIAN_PARAGRAPHS = [
    "Москва — столица России и крупнейший по численности населения город страны.",
    "Город расположен на берегах Москвы-реки, в центре Восточно-Европейской равнины.",
    "В Москве находятся Кремль, Красная площадь и множество музеев, театров и библиотек.",
]

BLOCK_PAGE = (
    "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
    "<div><h1>Just a moment...</h1><p>Enable JavaScript and cookies to continue</p></div>"
    "<script>window._cf_chl_opt={cType:'managed'};</script></body></html>"
)

CLOUDFLARE_403 = (
    "<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body>"
    "<h1>Sorry, you have been blocked</h1><p>You are unable to access example.com</p></body></html>"
)


def _need(path: Path) -> Path:
    return require(path)


def cp1251_page() -> bytes:
    body = "".join(f"<p>{p}</p>" for p in RUSSIAN_PARAGRAPHS)
    html = f"<html><head><title>Москва</title></head><body><article><h1>Москва</h1>{body}</article></body></html>"
    return html.encode("cp1251")


def _routes() -> dict[str, Route]:
    article = _need(ARTICLE_HTML).read_bytes()
    pdf = _need(REPORT_PDF).read_bytes()
    html_utf8 = {"Content-Type": "text/html; charset=utf-8"}
    # The same long article with a passing mention of captcha / access denied.
    marker = b"A flaw in the wildly popular"
    assert marker in article
    captcha_article = article.replace(
        marker,
        b"Some forums now ask posters to solve a CAPTCHA; others show Access denied to bots. " + marker,
        1,
    )
    routes = {
        "/article": Route(200, article, html_utf8),
        "/article-captcha": Route(200, captcha_article, html_utf8),
        "/doc/report": Route(200, pdf, {"Content-Type": "application/octet-stream"}),
        "/doc/report-mislabelled": Route(200, pdf, {"Content-Type": "text/html; charset=utf-8"}),
        "/cp1251": Route(200, cp1251_page(), {"Content-Type": "text/html"}),
        "/blocked": Route(200, BLOCK_PAGE.encode(), html_utf8),
        "/blocked-403": Route(403, CLOUDFLARE_403.encode(), html_utf8),
        "/redirect-metadata": Route(302, b"", {"Location": "http://169.254.169.254/latest/meta-data"}),
        "/redirect-private": Route(302, b"", {"Location": "http://10.1.2.3/"}),
        "/redirect-ok": Route(301, b"", {"Location": "/hop2"}),
        "/hop2": Route(307, b"", {"Location": "article"}),
        "/loop": Route(302, b"", {"Location": "/loop"}),
        "/redirect-ftp": Route(302, b"", {"Location": "ftp://127.0.0.1/file"}),
        "/big": Route(200, b"<html><body><p>" + b"lorem ipsum " * 20_000 + b"</p></body></html>", html_utf8),
        "/big-declared": Route(
            200, b"x" * 300_000, {"Content-Type": "text/plain", "Content-Length": "300000"}
        ),
        "/slow": Route(200, b"<html><body><p>late</p></body></html>", html_utf8, delay_s=2.0),
        "/drip": Route(200, b"<html><body><p>" + b"z" * 60 + b"</p></body></html>", html_utf8, drip_s=0.05),
        "/error500": Route(500, b"<html><body>Internal error</body></html>", html_utf8),
        "/image.png": Route(200, PNG_BYTES, {"Content-Type": "image/png"}),
        "/image-mislabelled": Route(200, PNG_BYTES, {"Content-Type": "text/html"}),
        "/empty": Route(200, b"<html><head></head><body><script>var a=1;</script></body></html>", html_utf8),
        "/notes.txt": Route(200, b"Plain   notes.\r\n\r\n\r\nSecond  paragraph.\n", {"Content-Type": "text/plain; charset=utf-8"}),
        "/readme.md": Route(200, (FIXTURES / "notes.md").read_bytes(), {"Content-Type": "text/markdown"}),
        "/data.json": Route(200, b'{"answer": 42, "name": "deep thought"}', {"Content-Type": "application/json"}),
        "/page": Route(200, (FIXTURES / "page.html").read_bytes(), {"Content-Type": "text/html"}),
    }
    return routes


@pytest.fixture(scope="session")
def page_server() -> Iterator[PageServer]:
    with serve(_routes()) as server:
        yield server


@pytest_asyncio.fixture
async def client() -> httpx.AsyncClient:
    # trust_env=False: never route test traffic through a proxy from the environment.
    async with httpx.AsyncClient(trust_env=False) as c:
        yield c


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture
def need_data() -> Callable[[Path], Path]:
    return _need


@dataclass(frozen=True)
class FetchTestData:
    """Paths and constants shared by the fetch tests (a fixture, so no conftest imports)."""

    article_html: Path
    report_pdf: Path
    multicolumn_pdf: Path
    png_bytes: bytes
    russian_paragraphs: list[str]


@pytest.fixture(scope="session")
def fetch_data() -> FetchTestData:
    return FetchTestData(
        article_html=_need(ARTICLE_HTML),
        report_pdf=_need(REPORT_PDF),
        multicolumn_pdf=_need(DATA_DIR / "pdf" / "pypdf-026-latex-multicolumn.pdf"),
        png_bytes=PNG_BYTES,
        russian_paragraphs=list(RUSSIAN_PARAGRAPHS),
    )
