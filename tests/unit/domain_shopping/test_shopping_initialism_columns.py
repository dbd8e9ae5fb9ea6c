"""A spec label that is the initials of another's words names the same attribute (task h77, trial t61): the spec
matrix of air purifiers showed "cadr" (most products) and "clean air delivery rate" (one product) as two columns,
so the products could not be compared on it. Now the initialism's column merges into the spelled-out one; a short
label that is a plain English word is never read as initials. Pages served as on loopback; invented products and
figures."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.attributes import initialism_of
from services.domain_shopping.offline import Analysis, SourcePage, analyse


def _page(name: str, rows: str, price: str) -> str:
    return (f"<html lang='en'><head><title>{name}</title></head><body><h1>{name}</h1>"
            f"<table>{rows}</table><p>Price: {price}</p></body></html>")


_PAGES = {
    "/vendral/mistral-7.html": _page("Vendral Mistral 7", "<tr><th>CADR</th><td>410 m³/h</td></tr>"
                                     "<tr><th>Noise level</th><td>25 dB</td></tr>", "$179.00"),
    "/quillon/aura-3.html": _page("Quillon Aura 3", "<tr><th>CADR</th><td>290 m³/h</td></tr>"
                                  "<tr><th>Noise level</th><td>27 dB</td></tr>", "$149.00"),
    "/tessaro/zephyr-s.html": _page("Tessaro Zephyr S", "<tr><th>Clean air delivery rate</th><td>205 cfm</td></tr>"
                                    "<tr><th>Noise level</th><td>31 dB</td></tr>", "$189.00"),
}


def run(question: str) -> Analysis:
    pages = [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                        html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in _PAGES.items()]
    return analyse(question, pages, uuid4(), today=date(2026, 12, 3))


@pytest.mark.parametrize(("short", "long", "same"), [
    ("CADR", "Clean air delivery rate", True),
    ("tdp", "thermal design power", True),
    ("ANC", "active noise cancellation", True),
    ("SNR", "signal-to-noise ratio", True),  # "to" may be skipped
    ("fps", "frames per second", True),  # or kept
    ("cat", "cable attachment type", False),  # an English word
    ("led", "light emitting diode", False),
    ("cadr", "clean air rate", False),  # initials differ
    ("hx", "heat", False),  # one word is no phrase to stand for
    ("c4dr", "clean air delivery rate", False),  # letters only
    ("abcdefg", "a b c d e f g", False),  # 7 letters
])
def test_a_short_label_is_another_labels_initials_only_when_no_english_word(short: str, long: str,
                                                                             same: bool) -> None:
    assert initialism_of(short, long) is same


def test_the_initialism_and_the_spelled_out_label_are_one_matrix_column() -> None:
    result = run("What is the best air purifier under $200?")
    matrix = next(s["body"] for s in result.sections if s["heading"] == "Spec matrix").splitlines()
    assert matrix == ["| Product | clean air delivery rate | noise level |", "| --- | --- | --- |",
                      "| Vendral Mistral 7 | 410 m³/h [@s1] | 25 dB [@s2] |",
                      "| Quillon Aura 3 | 290 m³/h [@s3] | 27 dB [@s4] |",
                      "| Tessaro Zephyr S | 205 cfm (≈ 348 m³/h) [@s5] | 31 dB [@s6] |"]
