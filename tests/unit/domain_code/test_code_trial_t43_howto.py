"""Issue 15, trial t43 fault 6: "..., and how do I load config.toml?" got only an import check of the recommended
package (the fetched docs page's `tomlbay.load("config.toml")` example unused) and confidence high 1.00; and a
label "checked against jsonl-warden 2.1.0" did not say the check was `node --check`, syntax only. A how-to code
question is answered by usage code: the docs example is shown and checked; without usage code that passed,
"What is missing" says so and the answer is not "high"; every passed check says how deep it went."""

from __future__ import annotations

from dataclasses import replace

from services.domain_code.offline import CHECK_DEPTH, _code_status, asks_for_code, docs_snippets
from services.domain_code.pages import Page
from services.domain_code.sandbox import CheckResult
from shared.text.answer import asks_how_to
from tests.code_standins import analysed
from tests.unit.domain_code.test_code_docs_example import DOCS


def test_a_how_to_question_asks_for_usage_code() -> None:
    assert asks_how_to("Should I keep using tomlette or switch, and how do I load config.toml?")
    assert asks_how_to("How do I validate a JSON Lines file with the npm package `jsonl-warden` version 2?")
    assert asks_how_to("how to stream a CSV file with quillcsv")
    assert not asks_how_to("How do I choose between tomlkit and tomli?")
    assert not asks_how_to("How many downloads does requests have?")
    assert not asks_how_to("Which Python package parses TOML?")
    assert asks_for_code("How can we parse GEDCOM files with gedkit?")
    assert not asks_for_code("Is tomlette still maintained?")


async def test_a_how_to_question_shows_the_docs_example_checked_against_the_package() -> None:
    page = Page("s1", "https://docs.example/fetchkit", "fetchkit docs", "fetchkit is an HTTP client.", html=DOCS)
    outcome, _ = await analysed("How do I fetch a web page with fetchkit?", pages=[page])
    checked = next(s["body"] for s in outcome.sections if s["heading"] == "Checked code")
    assert 'resp = fetchkit.get("https://example.org", retries=2)' in checked
    assert "fetchkit-docs-example" in outcome.sections[0]["body"]
    assert not any(n.startswith("code: the question asks how") for n in outcome.notes)


def test_a_passed_check_says_how_deep_it_went_and_import_checks_only_are_noted() -> None:
    [docs] = docs_snippets([("u", "t", "<pre>import fetchkit\nprint(fetchkit.get)</pre>")], {"fetchkit": "fetchkit"})
    syntax = CheckResult(language="javascript", status="passed", checker="node v20 --check (syntax only)", stage="",
                         reason="", error="", versions={"fetchkit": "2.4.1"}, seconds=0.1)
    typed = replace(syntax, language="python", checker="py_compile + mypy 1.0")
    ran = replace(typed, checker="py_compile + mypy 1.0 + run")
    assert f"against fetchkit 2.4.1 — {CHECK_DEPTH['syntax']})" in _code_status([(docs, syntax)])
    assert "syntax only: parsed, neither type-checked nor run" == CHECK_DEPTH[syntax.level]
    assert f"against fetchkit 2.4.1 — {CHECK_DEPTH['types']})" in _code_status([(docs, typed)])
    assert f"against fetchkit 2.4.1 — {CHECK_DEPTH['run']})" in _code_status([(docs, ran)])


async def test_a_how_to_question_with_only_an_import_check_says_so_under_what_is_missing() -> None:
    outcome, _ = await analysed("How do I fetch a web page with fetchkit?")
    if any(s["heading"] == "Checked code" and "Usage example" in s["body"] for s in outcome.sections):
        raise AssertionError("no page was given: no usage example can be shown")
    assert any(n.startswith("code: the question asks how to do it, but no usage code doing the task passed a "
                            "check beyond its syntax") for n in outcome.notes)
