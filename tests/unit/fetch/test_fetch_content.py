"""Unit tests for sniffing, decoding, normalising and block-page detection helpers."""

from __future__ import annotations

from services.scraper.fetch._content import (
    decode_text,
    detect_block_page,
    extract_html,
    has_binary_magic,
    is_pdf,
    looks_like_html,
    normalize_text,
    separate_blocks,
)


def test_normalize_text() -> None:
    raw = "  Hello \t  world\u00a0 again \r\n\r\n\r\n\r\nNext\u200b  para  \nsame para line  "
    assert normalize_text(raw) == "Hello world again\n\nNext para\nsame para line"


def test_decode_prefers_header_then_meta_then_detection() -> None:
    text = "Привет, мир! Это проверка кодировки страницы." * 3
    html = f'<html><head><meta charset="windows-1251"><title>t</title></head><body><p>{text}</p></body></html>'
    data = html.encode("cp1251")
    assert text in decode_text(data, None, html=True)  # from <meta charset>
    assert text in decode_text(data, "windows-1251", html=True)  # from the header
    koi8 = f"<html><body><p>{text}</p></body></html>".encode("koi8-r")
    assert text in decode_text(koi8, "koi8-r", html=True)
    # a header that lies (utf-8) but cannot decode falls through to detection
    assert text in decode_text(f"<p>{text}</p>".encode("cp1251"), "utf-8", html=True)
    assert decode_text("naïve café".encode(), None) == "naïve café"


def test_sniffing() -> None:
    assert is_pdf(b"%PDF-1.7\n...")
    assert is_pdf(b"\r\n  junk%PDF-1.4")
    assert not is_pdf(b" " * 2000 + b"%PDF-1.4")  # header must be within the first 1024 bytes
    assert has_binary_magic(b"\x89PNG\r\n\x1a\n....")
    assert has_binary_magic(b"PK\x03\x04zipdata")
    assert has_binary_magic(b"RIFF\x00\x00\x00\x00WEBPVP8 ")
    assert not has_binary_magic(b"<!doctype html>")
    assert looks_like_html(b"\xef\xbb\xbf  <!DOCTYPE html><html>")
    assert looks_like_html(b"<!-- generated --><html lang=en>")
    assert not looks_like_html(b"# Markdown title\n\n<html> mentioned inline")


def test_block_page_markers() -> None:
    cf = '<html><head><title>Just a moment...</title></head><body><p>Checking if the site connection is secure</p></body></html>'
    assert detect_block_page(cf) is not None
    denied = "<html><head><title>Access Denied</title></head><body><h1>Access Denied</h1><p>Reference #18.2f</p></body></html>"
    assert detect_block_page(denied) is not None
    human = "<html><body><div>Please verify you are a human</div><div id='px-captcha'></div></body></html>"
    assert detect_block_page(human) is not None
    markup_only = "<html><body><p>Loading</p><script src='/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1'></script></body></html>"
    assert detect_block_page(markup_only) is not None


def test_not_block_pages() -> None:
    para = "<p>" + "Researchers studied how estuaries mix fresh and salt water over many tidal cycles. " * 8 + "</p>"
    article = f"<html><head><title>Estuaries</title></head><body><article>{para * 6}<p>Some sites use a captcha; access denied pages annoy readers.</p></article></body></html>"
    assert detect_block_page(article) is None
    # a medium-length page that mentions captcha only in passing (weak marker) is not a block page
    medium = f"<html><head><title>Form design</title></head><body>{para}<p>We removed the captcha from our form.</p></body></html>"
    assert detect_block_page(medium) is None


def test_extract_html_keeps_paragraphs_lists_and_tables() -> None:
    html = (
        "<html><head><title>Tide tables</title></head><body><article>"
        "<h2>Overview</h2><p>Tides   rise and fall twice daily in most estuaries of the region.</p>"
        "<ul><li>High water at noon</li><li>Low water at dusk</li></ul>"
        "<table><tr><th>Station</th><th>Range</th></tr><tr><td>North</td><td>2.1 m</td></tr></table>"
        "<p>Observers logged every reading from a fixed gauge on the pier.</p>"
        "</article></body></html>"
    )
    c = extract_html(html)
    assert c.title == "Tide tables"
    assert "Tides rise and fall twice daily" in c.text
    assert "- High water at noon\n- Low water at dusk" in c.text
    assert "North | 2.1 m" in c.text
    assert "\n\n\n" not in c.text


_FOUNDED = "The harbour was founded in 1810 by fishermen from the northern coast."
_LIGHT = "Its lighthouse was built in 1850 and still stands on the stone pier."


def test_a_heading_is_never_run_together_with_the_paragraph_after_it() -> None:
    """Layout tables and block quotes whose block children trafilatura joins without a separator: every
    block boundary of the page is a line break in the text (a new-user trial's claim opened with the page's h1)."""
    layouts = [
        f"<table><tr><td><h1>Drennic Harbour</h1><p>{_FOUNDED}</p><div>{_LIGHT}</div></td></tr></table>",
        f"<table><tr><td><h1>Drennic Harbour</h1>{_FOUNDED} {_LIGHT}</td></tr></table>",
        f"<blockquote><div class='title'>Drennic Harbour</div><div>{_FOUNDED}</div><div>{_LIGHT}</div></blockquote>",
        f"<article><header><h1><a href='/'>Drennic Harbour</a></h1></header><section><p>{_FOUNDED}</p>"
        f"<p>{_LIGHT}</p></section></article>",
    ]
    for body in layouts:
        text = extract_html(f"<html><head><title>Drennic Harbour</title></head><body>{body}</body></html>").text
        assert "Drennic Harbour\n" in text, text
        assert "HarbourThe" not in text and "Harbour The" not in text
        assert _FOUNDED in text and _LIGHT in text
        assert "coast.Its" not in text


def test_separate_blocks_leaves_inline_text_and_unknown_joins_alone() -> None:
    html = "<html><body><p><b>Note</b>: the <span>harbour</span>master keeps the log.</p></body></html>"
    assert separate_blocks("Note: the harbourmaster keeps the log.", html) == "Note: the harbourmaster keeps the log."
    # two short cells (under the key length) are not looked for; a cell row keeps its " | "
    table = "<html><body><table><tr><td>North</td><td>2.1 m</td></tr></table></body></html>"
    assert separate_blocks("North | 2.1 m", table) == "North | 2.1 m"
    assert separate_blocks("", table) == ""
    assert separate_blocks("Some text.", "") == "Some text."


def test_an_infobox_row_never_cuts_the_same_words_in_a_paragraph() -> None:
    """An infobox's label and value cells ("Keeper" / "Odile Fenwarren") give a join key that a sentence of the
    prose also holds: the page writes it there inside one line, so the sentence stays whole (trial t63w fault 2:
    "... under Captain" + a name cut off on the next line)."""
    html = ("<html><head><title>Tavelmor Light</title></head><body><article><h1>Tavelmor Light</h1>"
            "<p>The Tavelmor Light is a stone lighthouse on the western cape of the island of Quessel.</p>"
            "<table class='infobox'><tr><th colspan=2>Tavelmor Light</th></tr>"
            "<tr><th>Built</th><td>1898</td></tr><tr><th>Keeper</th><td>Odile Fenwarren</td></tr>"
            "<tr><th>Height</th><td>31 m</td></tr></table>"
            "<p>On 2 May 1902 the lamp was lit for the first time by Keeper Odile Fenwarren.</p>"
            "<p>The tower was automated in 1971 and its keeper's cottage now houses a small museum.</p>"
            "</article></body></html>")
    sentence = "On 2 May 1902 the lamp was lit for the first time by Keeper Odile Fenwarren."
    assert sentence in extract_html(html, "https://lights.example/tavelmor").text
    prose = f"Tavelmor Light\n\n{sentence}"
    assert separate_blocks(prose, html) == prose
    # a real join of the same page is still cut: the heading run into the paragraph after it
    joined = "Tavelmor LightThe Tavelmor Light is a stone lighthouse on the western cape of the island of Quessel."
    assert separate_blocks(joined, html).startswith("Tavelmor Light\nThe Tavelmor Light is")


def test_inline_code_stays_in_its_sentence_and_a_code_block_stays_a_block() -> None:
    # trafilatura writes inline and block code alike as <code>: a one-line one inside a paragraph is inline, so
    # "; a package by that name exists" keeps its subject (issue 15 trial: a clause cut off its sentence)
    filler = "<p>A second paragraph with enough words in it to count as the main content of this page.</p>"
    html = ("<html><head><title>Clients</title></head><body><article><p>Timeouts are a feature: do not run "
            "<code>pip install timeouts</code>; a package by that name exists on PyPI but it is unrelated.</p>"
            f"{filler}<pre><code>import httpx\nclient = httpx.Client(timeout=5)\n</code></pre>{filler}"
            "</article></body></html>")
    text = extract_html(html, "https://blog.example/clients").text
    assert ("Timeouts are a feature: do not run pip install timeouts; a package by that name exists on PyPI but it "
            "is unrelated.") in text
    assert "\n\nimport httpx\nclient = httpx.Client(timeout=5)" in text


def test_a_paragraph_with_inline_code_wrapped_in_the_source_is_one_run_of_text() -> None:
    """Trial t52s F10 (c2, c3b, c3): the source's line breaks around inline ``<code>`` stayed in the text, so the
    claims were cut there ("npm install geohash-ts, then [5].", "which matters if you [2].")."""
    html = ("<html><head><title>Which library?</title></head><body><article><h1>Which library?</h1>"
            "<p>Use geohashkit (MIT): <code>pip install geohashkit</code>, then\n<code>geohashkit.encode(lat, lon, "
            "precision=9)</code>. geohashx does the same job but is GPL-3.0, which matters if you\nship "
            "closed-source code.<br>A new line.</p>"
            "<pre><code>import geohashkit\nprint(geohashkit.encode(1.0, 2.0))</code></pre></article></body></html>")
    text = extract_html(html).text
    assert ("Use geohashkit (MIT): pip install geohashkit, then geohashkit.encode(lat, lon, precision=9). geohashx "
            "does the same job but is GPL-3.0, which matters if you ship closed-source code.\nA new line.") in text
    assert "import geohashkit\nprint(geohashkit.encode(1.0, 2.0))" in text  # a code block keeps its lines
