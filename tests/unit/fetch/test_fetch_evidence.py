"""Pages decoded by their content (no declared charset, or a header that contradicts the body), meta-refresh
pages followed through the address policy, consent and paywall pages refused, page dates read."""

from __future__ import annotations

import httpx
import pytest

from services.scraper.fetch import AddressPolicy, FetchError, FetchLimits, fetch_document
from services.scraper.fetch._content import decode_text, meta_refresh_target
from tests.loopback import Route, serve
from tests.webpages import (
    CONSENT_PAGE,
    CZECH_PARAGRAPHS,
    FRENCH_PARAGRAPHS,
    PAYWALL_PAGE,
    dated_page,
    legacy_page,
    refresh_page,
)

LOOPBACK = AddressPolicy(allow=("127.0.0.1",))
FAST = FetchLimits(connect_timeout_s=5.0, read_timeout_s=5.0, total_timeout_s=15.0)


def _routes() -> dict[str, Route]:
    fr = legacy_page("La crème brûlée", FRENCH_PARAGRAPHS, "cp1252")
    cz = legacy_page("Praha", CZECH_PARAGRAPHS, "cp1250")
    return {
        "/fr/none": Route(200, fr, {"Content-Type": "text/html"}),
        "/fr/wrong": Route(200, fr, {"Content-Type": "text/html; charset=windows-1250"}),
        "/fr/utf8-lie": Route(200, fr, {"Content-Type": "text/html; charset=utf-8"}),
        "/fr/latin1-but-utf8": Route(200, legacy_page("La crème brûlée", FRENCH_PARAGRAPHS, "utf-8"),
                                     {"Content-Type": "text/html; charset=iso-8859-1"}),
        "/cz/none": Route(200, cz, {"Content-Type": "text/html"}),
        "/cz/wrong": Route(200, cz, {"Content-Type": "text/html; charset=windows-1252"}),
        "/moved": Route(200, refresh_page("/fr/none"), {"Content-Type": "text/html"}),
        "/moved-private": Route(200, refresh_page("http://10.1.2.3/admin"), {"Content-Type": "text/html"}),
        "/consent": Route(200, CONSENT_PAGE, {"Content-Type": "text/html; charset=utf-8"}),
        "/paywall": Route(200, PAYWALL_PAGE, {"Content-Type": "text/html; charset=utf-8"}),
        "/dated": Route(200, dated_page("Release notes", ["Version 4.2 of the toolkit was released with a new "
                                                          "parser and faster start-up on every platform."],
                                        "2024-03-05", modified="2024-06-01", author="Ada Byron"),
                        {"Content-Type": "text/html"}),
    }


async def _fetch(path: str) -> object:
    with serve(_routes()) as web:
        async with httpx.AsyncClient(trust_env=False) as client:
            return await fetch_document(web.url(path), client=client, policy=LOOPBACK, limits=FAST)


@pytest.mark.parametrize("path,paragraphs", [
    ("/fr/none", FRENCH_PARAGRAPHS), ("/fr/wrong", FRENCH_PARAGRAPHS), ("/fr/utf8-lie", FRENCH_PARAGRAPHS),
    ("/fr/latin1-but-utf8", FRENCH_PARAGRAPHS), ("/cz/none", CZECH_PARAGRAPHS), ("/cz/wrong", CZECH_PARAGRAPHS),
])
async def test_legacy_pages_are_decoded_by_their_content(path: str, paragraphs: list[str]) -> None:
    doc = await _fetch(path)
    for p in paragraphs:
        assert p in doc.text, doc.text[:300]
    assert "crčme" not in doc.text and "brűlée" not in doc.text and "Ã" not in doc.text


def test_decoding_judges_the_declared_charset_against_the_body() -> None:
    fr = "La crème brûlée est un dessert composé d'une crème à base de jaunes d'œufs, de sucre et de lait."
    assert decode_text(fr.encode("cp1252"), "windows-1250") == fr
    assert decode_text(fr.encode("cp1252"), None) == fr
    assert decode_text(fr.encode("utf-8"), "windows-1252") == fr
    cz = "Praha je hlavní a současně největší město České republiky a Evropské unie."
    assert decode_text(cz.encode("cp1250"), "windows-1252") == cz
    assert decode_text(cz.encode("cp1250"), "windows-1250") == cz


async def test_a_meta_refresh_is_followed_and_the_target_is_the_document() -> None:
    doc = await _fetch("/moved")
    assert doc.final_url.endswith("/fr/none") and doc.url.endswith("/moved")
    assert FRENCH_PARAGRAPHS[0] in doc.text and "This page has moved" not in doc.text


async def test_a_meta_refresh_to_a_private_address_is_refused() -> None:
    with pytest.raises(FetchError) as info:
        await _fetch("/moved-private")
    assert info.value.reason == "private_address"


def test_which_meta_refreshes_are_redirects() -> None:
    base = "http://a.test/x/page"
    assert meta_refresh_target(refresh_page("/new"), base) == "http://a.test/new"
    assert meta_refresh_target(b'<meta content="0;URL=\'http://b.test/y\'" http-equiv="Refresh">', base) == \
        "http://b.test/y"
    assert meta_refresh_target(b'<meta http-equiv="refresh" content="390">', base) is None  # a block page's timer
    assert meta_refresh_target(refresh_page("http://a.test/x/page", delay=0), base) is None  # itself
    assert meta_refresh_target(refresh_page("/other", delay=300), base) is None  # a live page's reload
    assert meta_refresh_target(b'<noscript><meta http-equiv="refresh" content="0;url=/nojs"></noscript>',
                               base) is None


@pytest.mark.parametrize("path,reason", [("/consent", "consent_wall"), ("/paywall", "paywall")])
async def test_consent_and_paywall_pages_are_refused_with_their_reason(path: str, reason: str) -> None:
    with pytest.raises(FetchError) as info:
        await _fetch(path)
    assert info.value.reason == reason


async def test_page_dates_and_author_are_read() -> None:
    doc = await _fetch("/dated")
    assert doc.published == "2024-03-05" and doc.modified == "2024-06-01"
    assert doc.author == "Ada Byron" and doc.title == "Release notes"


def test_a_year_in_the_body_is_not_a_publication_date() -> None:
    """A page without date markup has no publication date: "since 2019" in its text is not one."""
    from services.scraper.fetch._content import extract_html

    html = (
        "<html><head><title>MV Sula</title></head><body><article><h1>MV Sula</h1>"
        "<p>Since 2019 the ferry MV Sula has carried passengers on the Tarn Island route. It was launched in 2018 "
        "at a yard in the north and can carry 300 passengers and 40 cars.</p>"
        "<p>More text about the ferry and its route across the sound to the island.</p></article></body></html>"
    )
    doc = extract_html(html, url="http://127.0.0.1/sula.html")
    assert doc.published is None and doc.modified is None
    dated = html.replace("<title>", '<meta property="article:published_time" content="2024-03-05"><title>')
    assert extract_html(dated, url="http://127.0.0.1/sula.html").published == "2024-03-05"


#: an English page about invented French places and people, as a Latin-1 page without a charset writes it
YARD = ("<html><head><title>The Vérancy yard and its tugs</title></head><body><h1>The Vérancy yard and its tugs</h1>"
        "<p>The yard at Saint-Mérèze on the Sèvre built the tug Kestrelle in 1931.</p>"
        "<p>Her engineer, Étienne Maréchaux, had trained at the École navale.</p>"
        "<p>The crews called her « la Reine de Mérèze ».</p></body></html>")
#: pages in the language of their accents (invented places)
ACCENTED = [
    "Le pont de Vérancy, construit en 1902 par l'ingénieur Étienne Maréchaux, franchit la Sèvre près de l'écluse "
    "« du Moulin » ; il a coûté 40 000 francs à la ville.",
    "Der Bürgermeister von Kälberbach ließ die Brücke über die Weiß im Frühjahr 1911 erneuern; sie ist 48 Meter lang.",
    "El puente de Peñascosa, sobre el río Albúñez, se construyó en 1887; mide 112 metros y tiene tres arcos.",
    "A ponte de São Brás, construída em 1890, atravessa o rio Ávila perto da estação; mede 85 metros e não tem "
    "portagem.",
]


def test_a_page_with_no_declared_charset_is_decoded_by_its_accented_words() -> None:
    """Candidate decodings tied on mess are judged by rare symbols (box drawing is no text) and by how much the
    words holding accents read as a language: a Latin-1 page is not read as cp775 ("╔tienne", "VÕrancy") nor
    cp1250 ("Sčvre"), and a header that contradicts the body (utf-8, windows-1250) does not decide (trial t63w
    fault 5)."""
    for header in (None, "utf-8", "windows-1250"):
        assert decode_text(YARD.encode("latin-1"), header, html=True) == YARD
    for text in ACCENTED:
        page = f"<html><body><p>{text}</p></body></html>"
        for encoding in ("latin-1", "cp1252", "utf-8"):
            for header in (None, "utf-8", "windows-1250"):
                assert decode_text(page.encode(encoding), header, html=True) == page, (encoding, header, text)
