"""Web pages for scraper tests and benchmarks, served by ``tests.loopback``.

- ``readability_routes()``: the real saved pages of ``shared/data/web_pages/readability_testpages`` at
  ``/rt/<name>`` (as ``text/html``, no charset: the scraper decodes them itself).
- ``js_app_routes(name, title, paragraphs)``: a client-side-rendered page: the HTML is an empty shell
  (``<div id="root">Loading…</div>``); a script fetches ``/api/<name>.json`` and builds the article.
- ``inline_js_page(...)``: the same idea with the text inside an inline script (no sub-requests).
- ``BLOCK_PAGE``: an anti-bot interstitial ("Just a moment...", "Enable JavaScript and cookies to continue").
- ``cp1251_page()``: a Russian article encoded in windows-1251 with no charset anywhere.
- ``references_page(...)``: an article whose reference list carries DOIs and URLs.
- ``pdf_bytes()``: a real PDF from ``web_pages/pdf`` (to be served at a URL without ``.pdf``).
"""

from __future__ import annotations

import html as htmllib
import json
from pathlib import Path

import lxml.html

from tests.loopback import Route
from tests.shared_data import require

REPO = Path(__file__).resolve().parents[1]
WEB_PAGES = (REPO / ".." / "shared" / "data" / "web_pages").resolve()
READABILITY = WEB_PAGES / "readability_testpages"
PDF = WEB_PAGES / "pdf" / "pypdf-011-google-doc-document.pdf"

HTML = {"Content-Type": "text/html"}
HTML_UTF8 = {"Content-Type": "text/html; charset=utf-8"}

BLOCK_PAGE = (
    b"<!DOCTYPE html><html lang=\"en-US\"><head><title>Just a moment...</title>"
    b"<meta http-equiv=\"refresh\" content=\"390\"></head><body>"
    b"<div class=\"main-wrapper\"><h1>example.org</h1><h2>Verifying you are human. This may take a few seconds.</h2>"
    b"<noscript><div>Enable JavaScript and cookies to continue</div></noscript></div>"
    b"<script>(function(){window._cf_chl_opt={cvId:'3',cType:'managed'};"
    b"var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1';"
    b"document.getElementsByTagName('head')[0].appendChild(a);}());</script></body></html>"
)

RUSSIAN_PARAGRAPHS = [
    "Москва — столица России, город федерального значения и крупнейший по численности населения город страны.",
    "Город расположен на берегах Москвы-реки, в центре Восточно-Европейской равнины, между Окой и Волгой.",
    "В Москве находятся Кремль, Красная площадь, Большой театр, Третьяковская галерея и множество библиотек.",
    "Московский метрополитен, открытый в 1935 году, перевозит несколько миллионов пассажиров в сутки.",
]


def readability_pages() -> list[str]:
    """Names of the saved readability test pages. Fails the test when the shared data is absent."""
    return sorted(d.name for d in require(READABILITY).iterdir() if (d / "source.html").exists())


def readability_routes(names: list[str] | None = None) -> dict[str, Route]:
    """``/rt/<name>`` -> that page's saved ``source.html``."""
    return {f"/rt/{n}": Route(200, (READABILITY / n / "source.html").read_bytes(), HTML)
            for n in (names or readability_pages())}


def expected_paragraphs(name: str, limit: int = 40) -> tuple[str, list[str]]:
    """(title, paragraphs) of a readability page's expected main content, for building JS versions of it."""
    root = lxml.html.fromstring((READABILITY / name / "expected.html").read_text(encoding="utf-8"))
    paras = [" ".join(p.text_content().split()) for p in root.iter("p")]
    paras = [p for p in paras if len(p) > 40][:limit]
    meta = json.loads((READABILITY / name / "expected-metadata.json").read_text(encoding="utf-8"))
    return meta.get("title") or name, paras


def js_app_routes(name: str, title: str, paragraphs: list[str], *, byline: str = "Staff writer") -> dict[str, Route]:
    """A client-side-rendered article: shell HTML at ``/app/<name>``, its script and its JSON API."""
    shell = (
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Loading…</title>"
        f"<script src=\"/static/app-{name}.js\" defer></script></head><body>"
        "<div id=\"root\"><p class=\"spinner\">Loading…</p></div>"
        "<noscript>You need to enable JavaScript to run this app.</noscript></body></html>"
    ).encode()
    script = (
        "(async function () {\n"
        f"  const res = await fetch('/api/{name}.json');\n"
        "  const doc = await res.json();\n"
        "  document.title = doc.title;\n"
        "  const art = document.createElement('article');\n"
        "  const h1 = document.createElement('h1'); h1.textContent = doc.title; art.appendChild(h1);\n"
        "  const by = document.createElement('p'); by.className = 'byline'; by.textContent = 'By ' + doc.byline;\n"
        "  art.appendChild(by);\n"
        "  for (const text of doc.paragraphs) {\n"
        "    const p = document.createElement('p'); p.textContent = text; art.appendChild(p);\n"
        "  }\n"
        "  const root = document.getElementById('root'); root.innerHTML = ''; root.appendChild(art);\n"
        "})();\n"
    ).encode()
    api = json.dumps({"title": title, "byline": byline, "paragraphs": paragraphs}).encode()
    return {
        f"/app/{name}": Route(200, shell, HTML_UTF8),
        f"/static/app-{name}.js": Route(200, script, {"Content-Type": "application/javascript"}),
        f"/api/{name}.json": Route(200, api, {"Content-Type": "application/json"}),
    }


def inline_js_page(title: str, paragraphs: list[str], *, extra_script: str = "") -> bytes:
    """A page whose whole article is written into the DOM by an inline script."""
    data = json.dumps({"title": title, "paragraphs": paragraphs})
    return (
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>App</title></head><body>"
        "<main id=\"app\"></main><script>\n"
        f"const d = {data};\n"
        "document.title = d.title;\n"
        "document.getElementById('app').innerHTML = '<article><h1>' + d.title + '</h1>' +\n"
        "  d.paragraphs.map(p => '<p>' + p + '</p>').join('') + '</article>';\n"
        f"{extra_script}\n"
        "</script></body></html>"
    ).encode()


def cp1251_page() -> bytes:
    """A Russian article in windows-1251, with no charset in the header or the markup."""
    body = "".join(f"<p>{p}</p>" for p in RUSSIAN_PARAGRAPHS)
    page = (f"<html><head><title>Москва — столица России</title></head><body><article><h1>Москва</h1>{body}"
            "</article></body></html>")
    return page.encode("cp1251")


def references_page(reference_urls: list[str]) -> bytes:
    """An article (its own claims in its own words) followed by a reference list of DOIs and URLs."""
    refs = "".join(
        f"<li>Study {i + 1}. Coastal Ecology Letters (2019). <a href=\"{htmllib.escape(u)}\">{htmllib.escape(u)}</a></li>"
        for i, u in enumerate(reference_urls))
    return (
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Seagrass meadows store carbon</title>"
        "<meta name=\"author\" content=\"Ana Ruiz\"></head><body><article><h1>Seagrass meadows store carbon</h1>"
        "<p>Seagrass meadows cover less than one percent of the ocean floor, yet they hold about ten percent of "
        "the carbon buried in ocean sediments each year.</p>"
        "<p>A hectare of healthy seagrass can capture carbon up to thirty-five times faster than a hectare of "
        "tropical rainforest, according to the survey described here.</p>"
        "<p>Meadows in the Mediterranean, made of Posidonia oceanica, have kept carbon in their mats for "
        "thousands of years.</p>"
        f"<h2>References</h2><ol class=\"references\">{refs}</ol></article></body></html>"
    ).encode()


def pdf_bytes() -> bytes:
    return PDF.read_bytes()


# ---- pages for "evidence worth citing": charsets, meta refresh, consent and paywall walls, dated pages

FRENCH_PARAGRAPHS = [
    "La crème brûlée est un dessert composé d'une crème à base de jaunes d'œufs, de sucre et de lait.",
    "Elle est recouverte d'une fine couche de sucre caramélisé juste avant d'être servie à table.",
    "Déjà au XVIIe siècle, François Massialot en décrit une préparation très proche dans son livre.",
]
CZECH_PARAGRAPHS = [
    "Praha je hlavní a současně největší město České republiky a čtrnácté největší město Evropské unie.",
    "Leží mírně na sever od středu Čech na řece Vltavě, uvnitř Pražské plotiny, v nadmořské výšce 235 metrů.",
    "Historické centrum Prahy bylo v roce 1992 zapsáno na seznam světového dědictví UNESCO.",
]


def legacy_page(title: str, paragraphs: list[str], encoding: str) -> bytes:
    """An article in a legacy single-byte ``encoding`` (windows-1252, windows-1250, ...) with no charset anywhere."""
    body = "".join(f"<p>{htmllib.escape(p)}</p>" for p in paragraphs)
    return (f"<!DOCTYPE html><html><head><title>{htmllib.escape(title)}</title></head><body><article>"
            f"<h1>{htmllib.escape(title)}</h1>{body}</article></body></html>").encode(encoding)


def refresh_page(target: str, delay: int = 0) -> bytes:
    """An interstitial that sends the reader on with ``<meta http-equiv="refresh">`` (and says so in its text)."""
    return (f'<!DOCTYPE html><html><head><title>Redirecting</title><meta http-equiv="refresh" '
            f'content="{delay}; url={htmllib.escape(target)}"></head><body><p>This page has moved. If you are not '
            f'redirected within a few seconds, please follow the link to the new address of this article, which '
            f'is where all of its content now lives.</p><a href="{htmllib.escape(target)}">Continue</a></body>'
            f'</html>').encode()


CONSENT_PAGE = (
    b"<!DOCTYPE html><html lang=\"en\"><head><title>Before you continue</title></head><body>"
    b"<div class=\"consent\"><h1>Before you continue to Example News</h1>"
    b"<p>We use cookies and data to deliver and maintain our services, measure audience engagement and site "
    b"statistics.</p><p>If you choose to Accept all, we and our partners will also use cookies and data to develop "
    b"and improve new services and show personalised ads and content.</p>"
    b"<p>Select More options to manage your privacy settings. You can also visit our cookie policy at any time.</p>"
    b"<button>Reject all</button><button>Accept all</button><a href=\"/more\">More options</a></div></body></html>"
)

PAYWALL_PAGE = (
    b"<!DOCTYPE html><html><head><title>Ocean heat hits record | The Daily Planet</title></head><body><article>"
    b"<h1>Ocean heat hits record</h1><div class=\"paywall\"><p>This article is available to subscribers only.</p>"
    b"<p>Subscribe now to continue reading and get unlimited digital access for just $1 a week.</p>"
    b"<p>Already a subscriber? Log in to read.</p></div></article></body></html>"
)


def dated_page(title: str, paragraphs: list[str], published: str, modified: str | None = None,
               author: str | None = None) -> bytes:
    """A UTF-8 article carrying its dates the way news sites do (``article:published_time`` /
    ``article:modified_time`` meta tags and a ``<time>`` element) and optionally an author."""
    metas = f'<meta property="article:published_time" content="{published}T09:00:00Z">'
    if modified:
        metas += f'<meta property="article:modified_time" content="{modified}T10:00:00Z">'
    if author:
        metas += f'<meta name="author" content="{htmllib.escape(author)}">'
    body = "".join(f"<p>{htmllib.escape(p)}</p>" for p in paragraphs)
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{htmllib.escape(title)}</title>{metas}'
            f'</head><body><article><h1>{htmllib.escape(title)}</h1><time datetime="{published}">{published}</time>'
            f'{body}</article></body></html>').encode()
