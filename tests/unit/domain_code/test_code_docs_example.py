"""A request for code, answered without a model: the fetched documentation's usage example is shown and checked as
the page gives it, and when only import checks passed the report says that no code doing the task was written and
why (issue 15, trial t29 fault 7: 'Can you show me some Python code that prints the next 5 run times ... using
cronwise?' got only an import check that 'passed'). Registries on loopback (tests/code_standins); invented pages."""

from __future__ import annotations

from dataclasses import replace

from services.domain_code.offline import _code_status, docs_snippets
from services.domain_code.pages import Page
from services.domain_code.sandbox import CheckResult
from tests.code_standins import analysed

DOCS = ("<html><body><h1>fetchkit</h1><pre><code>pip install fetchkit</code></pre>"
        "<pre><code>import fetchkit\nresp = fetchkit.get(&quot;https://example.org&quot;, retries=2)\n"
        "print(resp.status)</code></pre><pre>from fetchkit import Client</pre></body></html>")


def test_a_page_s_example_importing_a_checked_package_is_taken_as_given() -> None:
    [snippet] = docs_snippets([("https://docs.example/fetchkit", "fetchkit docs", DOCS)], {"fetchkit": "fetchkit"})
    assert snippet.origin == "docs" and snippet.packages == ("fetchkit",)
    assert snippet.code == ('import fetchkit\nresp = fetchkit.get("https://example.org", retries=2)\n'
                            "print(resp.status)\n")  # unescaped; the install line and the bare import are no example
    assert "https://docs.example/fetchkit" in snippet.purpose
    assert docs_snippets([("https://docs.example/fetchkit", "fetchkit docs", DOCS)], {"otherpkg": "otherpkg"}) == []


def test_only_import_checks_passing_under_a_request_for_code_says_no_usage_code_was_written() -> None:
    [imports] = docs_snippets([("u", "t", "<pre>import fetchkit\nprint(fetchkit.get)</pre>")], {"fetchkit": "fetchkit"})
    imports = replace(imports, origin="offline")
    passed = CheckResult(language="python", status="passed", checker="py_compile", stage="run", reason="",
                         error="", versions={"fetchkit": "2.4.1"}, seconds=0.1)
    why = "no model is configured to write usage code"
    said = _code_status([(imports, passed)], why, asks_code=True)
    assert "**No usage code is shown:** the question asks for code, but none doing the task was written — no model " \
           "is configured to write usage code" in said
    assert "No usage code" not in _code_status([(imports, passed)], why, asks_code=False)
    docs = replace(imports, origin="docs")
    assert "No usage code" not in _code_status([(docs, passed)], why, asks_code=True)


async def test_a_request_for_code_shows_the_docs_example_checked_against_the_package() -> None:
    page = Page("s1", "https://docs.example/fetchkit", "fetchkit docs", "fetchkit is an HTTP client.", html=DOCS)
    outcome, events = await analysed("Can you show me example code to fetch a web page with fetchkit?", pages=[page])
    checked = next(s["body"] for s in outcome.sections if s["heading"] == "Checked code")
    assert checked.startswith("Usage example from a fetched page: the usage example of the page \"fetchkit docs\" "
                              "(https://docs.example/fetchkit)")
    assert 'resp = fetchkit.get("https://example.org", retries=2)' in checked
    assert "fetchkit-docs-example" in outcome.sections[0]["body"]  # among the code that passed its check
    assert "No usage code is shown" not in outcome.sections[0]["body"]


def test_a_docs_example_stopped_only_by_a_missing_input_file_is_type_checked_not_failed() -> None:
    # issue 15, trial t35 fault 6: the example reads 'photo.jpg', which the sandbox lacks; py_compile and mypy passed
    [docs] = docs_snippets([("u", "t", "<pre>import fetchkit\nprint(fetchkit.get('in.txt'))</pre>")],
                           {"fetchkit": "fetchkit"})
    stopped = CheckResult(language="python", status="passed", checker="py_compile + mypy 1.0", stage="run",
                          reason="input_missing", error="type-checked, but not run to the end: it reads `in.txt`, an "
                          "input file that the sandbox does not have", versions={"fetchkit": "2.4.1"}, seconds=0.1)
    said = _code_status([(docs, stopped)], "", asks_code=True)
    assert "FAILED" not in said and "does not work" not in said
    assert "Code that passed its check: `fetchkit-docs-example` (py_compile + mypy 1.0; against fetchkit 2.4.1; " \
           "type-checked, but not run to the end: it reads `in.txt`, an input file that the sandbox does not " \
           "have, so it needs that file to run)." in said


def test_a_page_whose_install_command_names_a_flagged_look_alike_is_never_plainly_passed() -> None:
    # issue 15, trial t50s fault 4: a blog said "pip install <look-alike>" above an example importing the genuine one
    from services.domain_code.offline import Survey, _squat_installs
    from services.domain_code.registries import PackageFacts

    page = ("<p>Install it with <code>pip install cronwize</code> and then:</p>"
            "<pre>import cronwise\nprint(cronwise.next_runs('*/5 * * * *', 5))</pre>")
    [docs] = docs_snippets([("https://blog.example/cron", "cron blog", page)], {"cronwise": "cronwise"})
    assert docs.installs == ("cronwize",)
    squat = PackageFacts("pypi", "cronwize", "https://pypi.example/cronwize", typosquat_of="cronwise")
    genuine = PackageFacts("pypi", "cronwise", "https://pypi.example/cronwise")
    [warning] = _squat_installs(docs, Survey([genuine, squat], ["pypi"]))
    assert "`cronwize`, a possible typosquat of `cronwise`; install `cronwise` instead" in warning
    assert _squat_installs(docs, Survey([genuine, replace(squat, typosquat_of=None)], ["pypi"])) == []
    passed = CheckResult(language="python", status="passed", checker="py_compile", stage="run", reason="",
                         error="", versions={"cronwise": "2.4.1"}, seconds=0.1)
    said = _code_status([(docs, passed)], "", asks_code=True, squats={"cronwize": "cronwise"})
    assert "only with `cronwise` installed, not `cronwize` as its page says" in said
    assert "not `cronwize`" not in _code_status([(docs, passed)], "", asks_code=True)
