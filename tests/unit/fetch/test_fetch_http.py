"""fetch_document against a loopback server on 127.0.0.1."""

from __future__ import annotations

import httpx
import pytest

from services.scraper.fetch import AddressPolicy, FetchedDocument, FetchError, FetchLimits, fetch_document, parse_file

LOOPBACK = AddressPolicy(allow=("127.0.0.1",))
FAST = FetchLimits(connect_timeout_s=0.5, read_timeout_s=0.5, total_timeout_s=5.0, max_bytes=100_000)
pytestmark = pytest.mark.asyncio


async def _fetch(client: httpx.AsyncClient, url: str, limits: FetchLimits = FAST, policy: AddressPolicy = LOOPBACK) -> FetchedDocument:
    return await fetch_document(url, client=client, policy=policy, limits=limits)


async def _fail(client: httpx.AsyncClient, url: str, limits: FetchLimits = FAST, policy: AddressPolicy = LOOPBACK) -> FetchError:
    with pytest.raises(FetchError) as info:
        await _fetch(client, url, limits, policy)
    return info.value


async def test_real_article_text_and_metadata(page_server, client) -> None:
    doc = await _fetch(client, page_server.url("/article"), FetchLimits())
    assert doc.status == 200
    assert doc.via == "http"
    assert doc.content_type == "text/html"
    assert doc.final_url == doc.url == page_server.url("/article")
    assert doc.title == "Just-released Minecraft exploit makes it easy to crash game servers"
    assert doc.site == "Ars Technica"
    assert doc.author == "Dan Goodin"
    assert doc.published == "2015-04-16"
    assert doc.text.startswith("A flaw in the wildly popular online game Minecraft")
    assert "Named Binary Tag (NBT)" in doc.text
    # paragraph breaks are kept as blank lines; no runs of spaces, no 3+ newlines
    assert "exploits the vulnerability.\n\n\"I thought a lot" in doc.text
    assert doc.text.count("\n\n") >= 5
    assert "  " not in doc.text and "\n\n\n" not in doc.text
    # navigation / scripts are not part of the main text
    assert "function(" not in doc.text


async def test_small_page_title_site_author(page_server, client) -> None:
    doc = await _fetch(client, page_server.url("/page"))
    assert doc.title and doc.title.startswith("Oyster Reef Restoration")
    assert doc.site == "Coastal Lab"
    assert doc.author == "Maria Lopez"
    assert "monitoring showed live oyster density tripled" in doc.text
    assert "Copyright Coastal Lab" not in doc.text


async def test_follow_relative_redirects_even_if_client_follows(page_server) -> None:
    async with httpx.AsyncClient(trust_env=False, follow_redirects=True) as c:
        doc = await _fetch(c, page_server.url("/redirect-ok"))
    assert doc.url == page_server.url("/redirect-ok")
    assert doc.final_url == page_server.url("/article")
    assert "Minecraft" in doc.text


async def test_pdf_without_pdf_suffix_octet_stream(page_server, client) -> None:
    doc = await _fetch(client, page_server.url("/doc/report"))
    assert doc.via == "pdf"
    assert doc.content_type == "application/pdf"
    assert "Beautiful is better than ugly." in doc.text
    assert "Readability counts." in doc.text


async def test_pdf_with_wrong_html_header(page_server, client) -> None:
    doc = await _fetch(client, page_server.url("/doc/report-mislabelled"))
    assert doc.via == "pdf"
    assert doc.content_type == "application/pdf"
    assert "Explicit is better than implicit." in doc.text


async def test_windows_1251_without_charset_header(page_server, client, fetch_data) -> None:
    doc = await _fetch(client, page_server.url("/cp1251"))
    assert doc.title == "Москва"
    for para in fetch_data.russian_paragraphs:
        assert para in doc.text
    assert "\n\n" in doc.text


async def test_block_page_detected(page_server, client) -> None:
    err = await _fail(client, page_server.url("/blocked"))
    assert err.reason == "blocked_page"


async def test_cloudflare_403_is_blocked_page(page_server, client) -> None:
    err = await _fail(client, page_server.url("/blocked-403"))
    assert err.reason == "blocked_page"
    assert err.status == 403


async def test_long_article_mentioning_captcha_is_not_blocked(page_server, client) -> None:
    doc = await _fetch(client, page_server.url("/article-captcha"), FetchLimits())
    assert "solve a CAPTCHA" in doc.text
    assert "Minecraft" in doc.text


async def test_redirect_to_metadata_address_refused(page_server, client) -> None:
    err = await _fail(client, page_server.url("/redirect-metadata"))
    assert err.reason == "private_address"
    assert "169.254.169.254" in err.message


async def test_redirect_to_private_network_refused(page_server, client) -> None:
    err = await _fail(client, page_server.url("/redirect-private"))
    assert err.reason == "private_address"
    assert "10.1.2.3" in err.message


async def test_redirect_to_other_scheme_refused(page_server, client) -> None:
    assert (await _fail(client, page_server.url("/redirect-ftp"))).reason == "invalid_url"


async def test_redirect_loop(page_server, client) -> None:
    err = await _fail(client, page_server.url("/loop"), FetchLimits(max_redirects=3))
    assert err.reason == "too_many_redirects"
    assert page_server.requests.count("/loop") >= 4


async def test_loopback_refused_without_allow_list_and_no_request_made(page_server, client) -> None:
    before = list(page_server.requests)
    err = await _fail(client, page_server.url("/article?unique-marker"), policy=AddressPolicy())
    assert err.reason == "private_address"
    assert "/article?unique-marker" not in page_server.requests
    assert len(page_server.requests) == len(before)


async def test_too_large_streamed(page_server, client) -> None:
    err = await _fail(client, page_server.url("/big"))
    assert err.reason == "too_large"
    # the same page is fine under a bigger cap
    doc = await _fetch(client, page_server.url("/big"), FetchLimits(max_bytes=1_000_000))
    assert doc.text.startswith("lorem ipsum lorem ipsum")


async def test_too_large_declared_length(page_server, client) -> None:
    assert (await _fail(client, page_server.url("/big-declared"))).reason == "too_large"


async def test_read_timeout(page_server, client) -> None:
    err = await _fail(client, page_server.url("/slow"))
    assert err.reason == "timeout"


async def test_total_timeout_on_dripping_body(page_server, client) -> None:
    # each byte arrives well within the read timeout, but the whole body takes ~4 s
    limits = FetchLimits(connect_timeout_s=0.5, read_timeout_s=0.5, total_timeout_s=1.0)
    err = await _fail(client, page_server.url("/drip"), limits)
    assert err.reason == "timeout"


async def test_http_500(page_server, client) -> None:
    err = await _fail(client, page_server.url("/error500"))
    assert err.reason == "http_status"
    assert err.status == 500
    assert "500" in str(err)


async def test_http_404(page_server, client) -> None:
    err = await _fail(client, page_server.url("/no/such/page"))
    assert err.reason == "http_status"
    assert err.status == 404


async def test_image_unsupported(page_server, client) -> None:
    assert (await _fail(client, page_server.url("/image.png"))).reason == "unsupported_content"


async def test_image_with_html_header_unsupported(page_server, client) -> None:
    assert (await _fail(client, page_server.url("/image-mislabelled"))).reason == "unsupported_content"


async def test_empty_html_is_empty_text(page_server, client) -> None:
    assert (await _fail(client, page_server.url("/empty"))).reason == "empty_text"


async def test_plain_text(page_server, client) -> None:
    doc = await _fetch(client, page_server.url("/notes.txt"))
    assert doc.content_type == "text/plain"
    assert doc.text == "Plain notes.\n\nSecond paragraph."


async def test_markdown_and_json(page_server, client) -> None:
    md = await _fetch(client, page_server.url("/readme.md"))
    assert md.content_type == "text/markdown"
    assert md.title == "Field Notes on Estuary Salinity"
    assert "Salinity in the upper estuary drops sharply" in md.text
    js = await _fetch(client, page_server.url("/data.json"))
    assert js.content_type == "application/json"
    assert '"answer": 42' in js.text


async def test_connection_refused(client) -> None:
    # Port 9 on loopback (discard) is essentially never listening.
    err = await _fail(client, "http://127.0.0.1:9/")
    assert err.reason in ("connect_error", "timeout")


async def test_from_parsed_local(fixtures_dir) -> None:
    doc = FetchedDocument.from_parsed(parse_file(fixtures_dir / "notes.md"))
    assert doc.via == "local"
    assert doc.url.startswith("file://") and doc.url.endswith("notes.md")
    assert doc.title == "Field Notes on Estuary Salinity"
