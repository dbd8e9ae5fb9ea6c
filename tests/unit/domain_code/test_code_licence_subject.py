"""Review stop41 finding 3 (after e9190692): a licence a page states counts as the package's only when its
licensing verb has the package, "It" or "This library" as its own subject. A licence in a relative clause about a
bundled or depended-on thing ("It bundles ... from X, which is released under the GPL-3.0 licence"), in a
participle phrase on another noun ("It can read files licensed under the GPL") or stated of a part of the package
("Its documentation is licensed under CC0-1.0") is not. Invented package names and pages; registries on loopback
(tests/code_standins)."""

from __future__ import annotations

import asyncio

import pytest

from services.domain_code.licences import page_licences
from services.domain_code.pages import Page
from tests.code_standins import JSON, analysed
from tests.loopback import Reply

URL = "https://docs.example.org/pebblecount/"
#: pebblecount's registry answer: a page that is no JSON (a proxy's error page)
MALFORMED = {"/pypi/pebblecount/json": Reply(200, b"<html><body>Bad gateway</body></html>", JSON)}


def _page(sentence: str) -> Page:
    return Page("s-docs", URL, "pebblecount documentation",
                f"pebblecount tallies tokens in Python. {sentence}\n\npip install pebblecount")


@pytest.mark.parametrize(("sentence", "licence"), [
    ("It bundles a copy of the stemmer from charloom, which is released under the GPL-3.0 licence.", None),
    ("pebblecount depends on charloom, which is GPL-3.0-licensed.", None),
    ("It vendors charloom, that is distributed under the MPL-2.0.", None),
    ("It can read files licensed under the GPL and report their licence.", None),
    ("Its documentation is licensed under CC0-1.0.", None),
    ("pebblecount's logo is released under CC0-1.0.", None),
    ("It bundles a copy of charloom under the GPL licence.", None),
    ("It is released under the MIT licence.", "MIT"),
    ("pebblecount, which is released under the ISC licence, has no dependencies.", "ISC"),
    ("It is free software released under the BSD-3-Clause licence.", "BSD-3-Clause"),
    ("pebblecount's source code is licensed under the MIT licence.", "MIT"),
    ("It uses the MIT licence.", "MIT"),
    ("Note that pebblecount is licensed under the MIT licence.", "MIT"),
    ("It is MIT-licensed and bundles charloom.", "MIT"),
])
def test_a_licence_is_the_package_s_only_as_its_own_predicate(sentence: str, licence: str | None) -> None:
    found = page_licences("pebblecount", [_page(sentence)])
    assert [f.licence for f in found] == ([licence] if licence else [])


def test_a_bundled_library_s_licence_is_not_the_package_s() -> None:
    page = _page("It bundles a copy of the stemmer from charloom, which is released under the GPL-3.0 licence.")
    out, _ = asyncio.run(analysed("What licence does pebblecount use?", pages=[page], routes_added=MALFORMED,
                                  forced=True))
    body = str(out.sections[0]["body"]) if out.sections else ""
    assert body.split("\n")[0] == ("Not established: `pebblecount` could not be read from its registry (PyPI "
                                   "pebblecount did not answer JSON). No package could be recommended (see the "
                                   "table).")
    assert out.max_tier == "low"
