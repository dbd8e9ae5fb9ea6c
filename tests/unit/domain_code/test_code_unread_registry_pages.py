"""Trial t61s F2 and F3 (code domain, no model): when the registry cannot give what a code question asks, the fetched
pages' own statements still answer it, marked as such.

- F2: "What licence does x use?" with x's registry answering no JSON was led "Not established: `x` could not be
  read from its registry (...)" at low, though x's own documentation page said "It is released under the MIT
  licence." The licence a page states for the package (its own page first) now answers, cited to that sentence,
  saying the registry could not confirm it, at "medium" at most ("low" when pages disagree).
- F3: "How do I ... with x? Show a Python snippet." with x not installable showed no code at all, though its docs
  page gave a usage example: the example is now shown as the page gives it, checked as far as the sandbox can
  without x (a name it never defines still fails), and said "not run" otherwise.

Invented package names and pages; registries on loopback (tests/code_standins)."""

from __future__ import annotations

import asyncio
import json

import pytest

from services.domain_code.licences import own_page, page_licences
from services.domain_code.pages import Page
from shared.text.licences import stated_licence
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply

DOCS_URL = "https://docs.example.org/quillcount/"
BLOG_URL = "https://blog.example.net/posts/word-counters.html"
DOCS = Page("s-docs", DOCS_URL, "quillcount documentation",
            "quillcount counts words and sentences in Python. It is released under the ISC licence.\n\n"
            "pip install quillcount")
BLOG = Page("s-blog", BLOG_URL, "Counting words in Python",
            "For counting words, use quillcount: it is fast, is ISC-licensed and has no dependencies. "
            "tallyword is slower.")
#: the registry's answer to quillcount: a page that is no JSON (a proxy's error page)
MALFORMED = {"/pypi/quillcount/json": Reply(200, b"<html><body>Bad gateway</body></html>", JSON)}


def _analysed(question: str, pages: list[Page], routes: dict[str, Reply]) -> tuple[str, str]:
    out, _ = asyncio.run(analysed(question, pages=pages, routes_added=routes, forced=True))
    return (str(out.sections[0]["body"]) if out.sections else "", out.max_tier)


@pytest.mark.parametrize(("sentence", "licence"), [
    ("It is released under the MIT licence.", "MIT"),
    ("use quillcount: it is fast, is ISC-licensed and has no dependencies.", "ISC"),
    ("tallyword is licensed under the GNU General Public License v3.0 or later.",
     "GNU General Public License v3.0 or later"),
    ("Licensed under the Apache License, Version 2.0.", "Apache License, Version 2.0"),
    ("License: BSD-3-Clause", "BSD-3-Clause"),
    ("It was GPL-licensed until 2.0; now it is released under the MPL-2.0 licence.", "MPL-2.0"),
    ("It is not MIT-licensed.", None),          # negated
    ("It was released under the GPL.", None),    # no longer so
    ("tallyword is GPL-3.0, so avoid it.", None),  # no word of licensing: a guess, not a statement
    ("The MIT Press published the guide.", None),
])
def test_a_sentence_states_a_licence_only_as_one(sentence: str, licence: str | None) -> None:
    found = stated_licence(sentence)
    assert (found[2] if found else None) == licence
    if found:
        assert sentence[found[0]:found[1]] == licence


def test_the_package_s_own_page_comes_first_and_a_sentence_about_two_packages_counts_for_neither() -> None:
    assert own_page("quillcount", DOCS) and not own_page("quillcount", BLOG)
    assert own_page("quillcount", Page("s", "https://quillcount.example.io/", "Home", ""))
    found = page_licences("quillcount", [BLOG, DOCS], ["tallyword"])
    assert [(f.url, f.licence, f.own) for f in found] == [(DOCS_URL, "ISC", True), (BLOG_URL, "ISC", False)]
    assert found[0].sentence == "It is released under the ISC licence."
    both = Page("s-both", "https://x.example/cmp", "Compared", "quillcount is ISC-licensed, unlike tallyword.")
    assert page_licences("quillcount", [both], ["tallyword"]) == []
    # "It ..." on another package's page is not about quillcount
    other = Page("s-other", "https://docs.example.org/tallyword/", "tallyword docs", "It is licensed under the MIT "
                 "licence.")
    assert page_licences("quillcount", [other], ["tallyword"]) == []


def test_an_unreadable_registry_leaves_the_licence_to_the_package_s_own_page_at_medium() -> None:
    body, tier = _analysed("What licence does quillcount use?", [BLOG, DOCS], MALFORMED)
    assert body.split("\n")[0] == (
        "**Licence of `quillcount`: ISC**[@e1], as its own page states it (“It is released under the ISC licence.”), "
        "as does another fetched page[@e2] — not confirmed by its registry, whose record could not be read (PyPI "
        "quillcount did not answer JSON).")
    assert body.split("\n\n")[1] == "No package could be recommended (see the table)."  # its failure said once
    assert "Not established" not in body
    assert tier == "medium"


def test_pages_stating_different_licences_are_both_said_and_held_low() -> None:
    gpl = Page("s-forum", "https://forum.example.com/t/9", "Which word counter?",
               "Careful: quillcount is licensed under the GPL-3.0 licence.")
    body, tier = _analysed("What licence does quillcount use?", [DOCS, gpl], MALFORMED)
    assert body.split("\n")[0] == (
        "**Licence of `quillcount`: ISC**[@e1], as its own page states it (“It is released under the ISC licence.”); "
        "but another fetched page says GPL-3.0[@e2] — not confirmed by its registry, whose record could not be read "
        "(PyPI quillcount did not answer JSON).")
    assert tier == "low"


def test_with_no_page_stating_a_licence_the_registry_failure_still_answers() -> None:
    quiet = Page("s-docs", DOCS_URL, "quillcount documentation", "quillcount counts words and sentences in Python.")
    body, tier = _analysed("What licence does quillcount use?", [quiet], MALFORMED)
    assert body.split("\n")[0] == ("Not established: `quillcount` could not be read from its registry (PyPI "
                                   "quillcount did not answer JSON). No package could be recommended (see the table).")
    assert tier == "low"


#: quillcount's registry record, read; no wheel is served, so pip cannot install it
READABLE = {"/pypi/quillcount/json": Reply(200, json.dumps(pypi_json(
    "quillcount", "1.4.0", summary="Count words and sentences in Python text", licence="ISC",
    releases={"1.2.0": "2025-01-10", "1.3.0": "2025-06-02", "1.4.0": "2025-11-20"})).encode(), JSON)}
HOW = "How do I count the words in a text with quillcount? Show a Python snippet."


def _docs_page(example: str) -> Page:
    html = (f"<html><body><h1>quillcount</h1><p>quillcount counts words.</p><pre><code>pip install quillcount"
            f"</code></pre><h2>Usage</h2><pre><code>{example}</code></pre></body></html>")
    return Page("s-docs", DOCS_URL, "quillcount documentation", "quillcount counts words.", html=html)


def test_an_uninstallable_package_s_docs_example_is_shown_as_given_not_run() -> None:
    example = "from quillcount import Counter\n\nprint(Counter(\"one two three\").words())"
    out, _ = asyncio.run(analysed(HOW, pages=[_docs_page(example)], routes_added=READABLE, forced=True))
    body, tier = str(out.sections[0]["body"]), out.max_tier
    checked = next(str(s["body"]) for s in out.sections if s["heading"] == "Checked code")
    assert checked.startswith(f"Usage example from a fetched page: the usage example of the page \"quillcount "
                              f"documentation\" ({DOCS_URL}), as the page gives it.\n\n```python\n{example}\n```")
    assert "Check: **not checked** (not run: the type check is incomplete: quillcount not installed (pip install " \
           "quillcount==1.4.0 from" in checked
    assert "\n\nThe usage example `quillcount-docs-example` is shown as its page gives it, not run (quillcount not " \
           "installed (pip install quillcount==1.4.0 from" in body
    assert "`quillcount-docs-example` was not run: quillcount not installed" in body
    assert "none was proposed" not in body
    assert tier == "medium"


def test_an_uninstallable_package_s_docs_example_using_a_name_it_never_defines_still_fails() -> None:
    example = "from quillcount import Counter\n\nprint(quillcount.total(\"one two\"))"
    out, _ = asyncio.run(analysed(HOW, pages=[_docs_page(example)], routes_added=READABLE, forced=True))
    checked = next(str(s["body"]) for s in out.sections if s["heading"] == "Checked code")
    assert "Check: **FAILED** at types (type_error; py_compile + mypy" in checked
    assert "(incomplete: quillcount not installed)" in checked
    assert 'snippet.py:3: error: Name "quillcount" is not defined  [name-defined]' in checked
    assert "import-not-found" not in checked  # the sandbox's lack is said in the checker, not as the code's error
    assert out.max_tier == "medium"
