"""A usage snippet that ran shows what it printed (issue 15, trial t47 fault 8: the docs example of C2b "ran", but
its output ``True DE`` was not shown, so the reader could not see the code work). The sandbox keeps the first lines
of a passed run's output; the report's "Checked code" shows them under the check of usage code (an import check's
printed signatures are what "API signatures" shows). Invented packages; registries on loopback."""

from __future__ import annotations

from dataclasses import replace

import pytest

from services.domain_code.offline import Snippet, Survey, docs_snippets, sections
from services.domain_code.pages import Page
from services.domain_code.sandbox import OUTPUT_LINES, CheckResult, Sandbox
from tests.code_standins import analysed
from tests.unit.domain_code.test_code_docs_example import DOCS
from tests.unit.domain_code.test_code_sandbox import LIMIT_S


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(timeout_s=LIMIT_S, memory_mb=256)


def test_a_passed_run_keeps_the_first_lines_of_its_output(sandbox: Sandbox) -> None:
    ran = sandbox.check("print('True', 'DE')\n", "python")
    assert ran.status == "passed" and ran.level == "run", ran.error
    assert ran.output == "True DE"
    many = sandbox.check("for i in range(50):\n    print(i)\n", "python")
    assert many.output.splitlines()[:OUTPUT_LINES] == [str(i) for i in range(OUTPUT_LINES)]
    assert many.output.endswith("\n…")
    assert sandbox.check("x = 1\n", "python").output == ""  # printed nothing
    assert sandbox.check("print(1 +)\n", "python").output == ""  # never ran


async def test_the_report_shows_what_the_docs_example_printed() -> None:
    page = Page("s1", "https://docs.example/fetchkit", "fetchkit docs", "fetchkit is an HTTP client.", html=DOCS)
    outcome, _ = await analysed("How do I fetch a web page with fetchkit?", pages=[page])
    checked = next(s["body"] for s in outcome.sections if s["heading"] == "Checked code")
    example = checked.split("Usage example from a fetched page", 1)[1].split("Imports checked", 1)[0]
    assert "+ run;" in example and "It printed:\n\n```text\n200\n```" in example, example


def _checked(snippet: Snippet, check: CheckResult) -> str:
    out, _ = sections("How do I fetch a page with fetchkit?", Survey([], ["pypi"]), [], [(snippet, check)], {})
    return next(s["body"] for s in out if s["heading"] == "Checked code")


def test_an_import_check_s_output_is_not_repeated() -> None:
    [example] = docs_snippets([("u", "t", "<pre>import fetchkit\nprint(fetchkit.get)</pre>")], {"fetchkit": "fetchkit"})
    ran = CheckResult(language="python", status="passed", checker="py_compile + mypy 1.0 + run",
                      versions={"fetchkit": "2.4.1"}, seconds=0.1, output="get (url: str) -> Response")
    assert "It printed:\n\n```text\nget (url: str) -> Response\n```" in _checked(example, ran)
    assert "It printed" not in _checked(replace(example, origin="offline"), ran)
