"""Issue 15, trial t31 (code domain): an inactive PyPI project was said to have a deprecated latest release and a
"newest one that is not" that was the same release. Registries on loopback (tests/code_standins)."""

from __future__ import annotations

import json

from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply


def _inactive_routes() -> dict[str, Reply]:
    """``markleaf``: a Markdown library whose project is marked Inactive (the classifier), its README saying so."""
    doc = pypi_json("markleaf", "2.1.0", summary="Render Markdown to HTML",
                    releases={"1.0.0": "2019-04-02", "2.0.0": "2020-06-11", "2.1.0": "2021-03-04"},
                    classifiers=("Development Status :: 7 - Inactive",),
                    description="# markleaf\n\nThis project is no longer maintained.\n")
    return {"/pypi/markleaf/json": Reply(200, json.dumps(doc).encode(), JSON)}


async def test_an_inactive_project_is_said_inactive_with_its_last_release_not_a_deprecated_release() -> None:
    outcome, _ = await analysed("Our Flask blog uses markleaf for Markdown. Should we keep it?",
                                routes_added=_inactive_routes())
    body = outcome.sections[0]["body"]
    first = body.split("\n\n")[0]
    assert first.startswith("**No:** `markleaf` is inactive as a project: its PyPI classifiers say "
                            "\"Development Status :: 7 - Inactive\"")
    assert "its last release was 2.1.0, of 2021-03-04" in first and "years ago" in first
    assert "no longer maintained" in first  # its README's own notice, said once
    assert first.count("2.1.0") == 1  # not again as "its last usable release, 2.1.0, ..."
    assert "newest one that is not" not in body and "latest release 2.1.0 is deprecated" not in body
    table = next(s["body"] for s in outcome.sections if s["heading"] == "Package comparison")
    row = next(line for line in table.splitlines() if line.startswith("| `markleaf`"))
    assert "inactive project: Development Status :: 7 - Inactive" in row and "2.1.0 deprecated" not in row


async def test_a_release_pulled_alone_still_names_the_newest_one_that_is_not() -> None:
    """The per-release wording stays for a yanked latest release (only that release is pulled)."""
    doc = pypi_json("markstem", "3.0.0", summary="Render Markdown to HTML",
                    releases={"2.9.0": "2025-01-10", "3.0.0": "2026-02-01"}, yanked=True)
    outcome, _ = await analysed("Is markstem still OK for rendering Markdown in Python?",
                                routes_added={"/pypi/markstem/json": Reply(200, json.dumps(doc).encode(), JSON)})
    first = outcome.sections[0]["body"].split("\n\n")[0]
    assert first.startswith("**No:** `markstem`'s latest release 3.0.0 is yanked")
    assert "the newest one that is not is 2.9.0" in first and "inactive" not in first


def test_a_package_named_for_its_job_is_relevant_but_one_only_repeating_its_name_is_not() -> None:
    """Trial t31 fault 12: "Tiny IBAN validator" minus the words of "iban-validator-lite" left nothing, so a
    package the page named and the registry returned was dropped."""
    from services.domain_code.offline import _relevant
    from services.domain_code.registries import PackageFacts

    def facts(name: str, summary: str) -> PackageFacts:
        return PackageFacts("npm", name, f"https://registry.example/{name}", version="1.0.0", summary=summary)
    asked = frozenset({"parse", "csv", "files", "node"})
    assert _relevant(facts("csv-parse-mini", "Small CSV parser"), asked)  # named for its job, said again
    assert _relevant(facts("quillcsv", "Parse CSV files"), asked)  # the summary's own words
    assert not _relevant(facts("csv", "csv"), asked)  # only its name, repeated
    assert not _relevant(facts("csv-parse", "csv-parse"), asked)  # nothing said besides its name
    assert not _relevant(facts("csv-paint", "Paint pictures"), asked)  # one word of the name only
    assert not _relevant(facts("csv-parse-mini", "Small pictures"), asked)  # the job not said again


async def test_a_deprecated_package_a_page_names_is_listed_as_deprecated_and_counted() -> None:
    from services.domain_code.pages import Page
    from tests.code_standins import npm_json

    page = Page("s9", "https://blog.example/csv-in-node", "Parsing CSV in Node",
                "Use csvquill: npm i csvquill. The older csv-parse-mini package is deprecated.\n\n```js\n"
                "const csvquill = require('csvquill');\n```",
                html="<p>Use <code>csvquill</code>: <code>npm i csvquill</code>. The older <code>csv-parse-mini</code>"
                     " package is deprecated.</p>")
    routes = {
        "/csvquill": Reply(200, json.dumps(npm_json(
            "csvquill", "4.2.0", description="Parse CSV files in Node.js",
            times={"4.0.0": "2025-02-01T00:00:00.000Z", "4.2.0": "2026-06-01T00:00:00.000Z"})).encode(), JSON),
        "/csv-parse-mini": Reply(200, json.dumps(npm_json(
            "csv-parse-mini", "0.4.0", description="Small CSV parser", deprecated="No longer maintained; use csvquill",
            times={"0.3.0": "2019-01-01T00:00:00.000Z", "0.4.0": "2020-01-01T00:00:00.000Z"})).encode(), JSON),
    }
    outcome, events = await analysed("Which npm package should I use to parse CSV files in Node?", pages=[page],
                                     routes_added=routes)
    surveyed = [p["name"] for p in events["PackagesSurveyed"]["packages"]]
    assert "csv-parse-mini" in surveyed and "csvquill" in surveyed
    body = outcome.sections[0]["body"]
    assert f"It ranks first of {len(surveyed)} candidate(s) surveyed" in body
    table = next(s["body"] for s in outcome.sections if s["heading"] == "Package comparison")
    row = next(line for line in table.splitlines() if line.startswith("| `csv-parse-mini`"))
    assert "deprecated" in row and "No longer maintained; use csvquill" in row


#: a fetched page about an invented npm CSV package: an install line, a JavaScript example and a TypeScript one
CSV_DOCS = ("<h1>csvquill</h1><pre><code>npm i csvquill</code></pre>"
            "<pre><code class=\"language-js\">import { parseRows } from &quot;csvquill&quot;;\n"
            "console.log(parseRows(&quot;a,b\\n1,2&quot;));</code></pre>")
TS_DOCS = ("<pre><code>import { parseRows } from 'csvquill/strict';\n"
           "const rows: string[][] = parseRows('a,b');\nconsole.log(rows.length);</code></pre>")


def test_a_page_s_javascript_or_typescript_example_is_taken_in_its_language() -> None:
    """Trial t31 fault 14: only Python examples were read from a fetched page."""
    from services.domain_code.offline import docs_snippets, js_language

    [js] = docs_snippets([("https://docs.example/csvquill", "csvquill", CSV_DOCS)], {},
                         js_packages={"csvquill": "csvquill"})
    assert js.language == "javascript" and js.origin == "docs" and js.packages == ("csvquill",)
    assert js.code.startswith('import { parseRows } from "csvquill";\nconsole.log(parseRows(')
    [ts] = docs_snippets([("https://docs.example/strict", "strict", TS_DOCS)], {}, js_packages={"csvquill": "csvquill"})
    assert ts.language == "typescript"  # its typed declaration; the subpath import names the package
    assert docs_snippets([("u", "t", CSV_DOCS)], {}, js_packages={"other": "other"}) == []
    assert docs_snippets([("u", "t", "<pre>const q = require('csvquill');</pre>")], {},
                         js_packages={"csvquill": "csvquill"}) == []  # an import alone is no example
    assert js_language('<pre class="lang-typescript">', "let a = 1;") == "typescript"
    assert js_language("<pre>", "function f(a, b) { return a + b; }") == "javascript"


async def test_an_npm_recommendation_shows_the_page_s_example_checked_by_node() -> None:
    import shutil

    from services.domain_code.pages import Page
    from tests.code_standins import npm_json

    page = Page("s7", "https://docs.example/csvquill", "csvquill", "npm i csvquill", html=CSV_DOCS)
    routes = {"/csvquill": Reply(200, json.dumps(npm_json(
        "csvquill", "4.2.0", description="Parse CSV files in Node.js",
        times={"4.0.0": "2025-02-01T00:00:00.000Z", "4.2.0": "2026-06-01T00:00:00.000Z"})).encode(), JSON)}
    outcome, events = await analysed("Which npm package parses CSV files in Node?", pages=[page],
                                     routes_added=routes)
    checked = [v for k, v in events.items() if k.startswith("SnippetChecked:csvquill-docs-example")]
    assert checked and checked[0]["language"] == "javascript" and checked[0]["origin"] == "docs"
    code = next(s["body"] for s in outcome.sections if s["heading"] == "Checked code")
    assert "Usage example from a fetched page" in code and "```javascript\nimport { parseRows }" in code
    if shutil.which("node"):
        assert checked[0]["status"] == "passed" and checked[0]["versions"].get("csvquill") == "4.2.0"
    else:
        assert checked[0]["status"] == "unavailable" and "not checked" in code


def _ts_question(code: str) -> str:
    return f"Is this the right way to fetch a page with retries using fetchit in TypeScript?\n```ts\n{code}\n```"


def test_a_yes_no_question_about_the_asker_s_code_is_answered_about_the_code() -> None:
    """Trial t31 fault 13: "Is this the right way ...?" with the user's code was answered "Yes: <package> is active"."""
    from services.domain_code.offline import Snippet, snippet_answer
    from services.domain_code.sandbox import CheckResult
    from services.domain_code.signatures import Signature

    sigs = [Signature("fetchit", "5.1.0", "dist/index.d.ts", "fetchWithRetry", "function",
                      "fetchWithRetry(url: string, options?: RetryOptions): Promise<Response>", "", "tarball")]
    code = 'import { fetchWithRetry as get } from "fetchit";\nconst r = await get("https://a.example/", {retries: 2});\n'
    mine = Snippet("question-1", "typescript", code, "the code in the question", "question")
    missing = CheckResult("typescript", "unavailable", "tsc", "", "checker_unavailable", "tsc is not installed here")
    said = snippet_answer(_ts_question(code), [(mine, missing)], sigs)
    assert said.startswith("**Yes, by its calls:** your code calls `fetchWithRetry` as `fetchit` 5.1.0 declares it: "
                           "`fetchWithRetry(url: string, options?: RetryOptions): Promise<Response>`")
    assert "could not be checked (tsc is not installed here)" in said and "untested" in said
    wrong = Snippet("question-1", "typescript", 'import { fetchRetry } from "fetchit";\nfetchRetry("u");\n', "q",
                    "question")
    assert snippet_answer(_ts_question(wrong.code), [(wrong, missing)], sigs).startswith(
        "**No:** your code calls `fetchRetry`, which `fetchit` 5.1.0 does not declare (its names: `fetchWithRetry`)")
    bare = Snippet("question-1", "typescript", 'import { fetchWithRetry } from "fetchit";\nfetchWithRetry();\n', "q",
                   "question")
    assert snippet_answer(_ts_question(bare.code), [(bare, missing)], sigs).startswith(
        "**No:** your code calls `fetchWithRetry` with 0 arguments")
    assert snippet_answer(_ts_question(code), [(mine, missing)], []).startswith("**Not checked:**")
    failed = CheckResult("typescript", "failed", "tsc --noEmit", "types", "type_error", "TS2345", {"fetchit": "5.1.0"})
    assert snippet_answer(_ts_question(code), [(mine, failed)], sigs).startswith(
        "**No:** your code fails its check at types (type_error; tsc --noEmit; against fetchit 5.1.0)")
    passed = CheckResult("python", "passed", "py_compile + mypy + run", "", "", "", {"fetchit": "5.1.0"})
    assert snippet_answer(_ts_question(code), [(mine, passed)], sigs).startswith("**Yes:** your code passed its check")
    # not a yes/no question, or one about the package, or no code of the asker's: no answer about code
    assert snippet_answer(f"Why does this fail?\n```ts\n{code}\n```", [(mine, failed)], sigs) == ""
    assert snippet_answer(f"Is fetchit deprecated?\n```ts\n{code}\n```", [(mine, failed)], sigs) == ""
    assert snippet_answer("Is fetchit a good choice?", [], sigs) == ""


async def test_a_snippet_question_says_yes_or_no_about_the_code_and_never_that_no_code_is_shown() -> None:
    import shutil

    code = 'import { fetchWithRetry } from "fetchit";\nconst res = await fetchWithRetry("https://a.example/");\n'
    outcome, _ = await analysed(_ts_question(code))
    body = outcome.sections[0]["body"]
    assert "No code is shown" not in body and "is active" not in body.split("\n\n")[0]
    assert "**No code was proposed besides yours** (yours is under Checked code)" in body
    if shutil.which("tsc") is None:  # no checker: the calls are compared with fetchit's own declarations
        assert body.startswith("**Yes, by its calls:** your code calls `fetchWithRetry` as `fetchit` 5.1.0 declares")
