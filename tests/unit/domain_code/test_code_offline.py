"""The offline engine: reading a code question, surveying and ranking candidates over the loopback registries,
and the report sections whose registry figures cite spans of the registries' JSON documents."""

from __future__ import annotations

from pathlib import Path

from services.domain_code.offline import question_snippets, sections, survey, task_of
from services.domain_code.sandbox import CheckResult
from shared.workspace import scan
from tests.code_standins import registries, registry_client


def test_reading_a_question() -> None:
    task = task_of("Should I use `fetchkit` or slowhttp in Python to call get() with retries?")
    assert task.ecosystems == ("pypi",)
    assert task.named[:2] == ("fetchkit", "slowhttp") and "get" in task.api_names
    # "retries" is a plain English word: read as a term of the task, never looked up as a package name
    assert "retries" in task.mentions and "retries" not in task.words and "python" not in task.words
    assert task_of("Best Rust crate for HTTP?").ecosystems == ("crates",)
    assert task_of("A node.js library for HTTP retries").ecosystems == ("npm",)
    assert task_of("Why does this fail?\n```ts\nlet x: number = 'a'\n```").ecosystems == ("npm",)


def test_survey_ranks_usable_candidates_first_and_keeps_named_failures() -> None:
    question = "Python HTTP client with retries: `reqeusts`, `oldclient`, `busyhttp`, `nothere`, slowhttp or fetchkit?"
    with registries() as server:
        client = registry_client(server.base)
        result = survey(client, task_of(question), None, max_packages=8)
    names = [p.name for p in result.packages]
    # usable first: oldclient is yanked in its latest release 3.0.0 only, so usable at 2.9.0, after the active
    # fetchkit, before slowhttp (no release for years)
    assert names[:3] == ["fetchkit", "oldclient", "slowhttp"]
    assert {p.name for p in result.usable()} == {"fetchkit", "oldclient", "slowhttp"}
    by_name = {p.name: p for p in result.packages}
    assert by_name["reqeusts"].typosquat_of == "requests" and by_name["oldclient"].status == "yanked"
    assert by_name["busyhttp"].error is not None and by_name["busyhttp"].error.startswith("rate_limited")
    assert by_name["nothere"].error is not None and by_name["nothere"].error.startswith("not_found")
    assert any(f.startswith("PyPI busyhttp: rate_limited") for f in result.failures)


def test_words_are_kept_only_when_the_registry_describes_them_in_the_question_terms() -> None:
    with registries() as server:
        client = registry_client(server.base)
        kept = survey(client, task_of("python http retries: fetchkit?"), None)
        dropped = survey(client, task_of("python yaml parsing: fetchkit?"), None)
    assert [p.name for p in kept.packages] == ["fetchkit"]
    assert dropped.packages == []


def test_npm_search_adds_candidates_with_downloads() -> None:
    with registries() as server:
        result = survey(registry_client(server.base), task_of("node.js HTTP client with retries"), None)
    assert [p.name for p in result.packages] == ["fetchit"] and result.packages[0].downloads == 123456


def test_sections_cite_the_registry_documents(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("fetchkit==2.3.0\n")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\nlicense = "MIT"\ndependencies = []\n')
    ws = scan(tmp_path)
    with registries() as server:
        client = registry_client(server.base)
        result = survey(client, task_of("Python: `slowhttp` or `fetchkit` or `reqeusts`?", ws), ws)
        documents = {url: (f"src-{i}", text) for i, (url, text) in enumerate(client.documents.items())}
    snippet = question_snippets("```python\nfrom fetchkit import nope\n```")[0]
    failed = CheckResult("python", "failed", "py_compile + mypy", "types", "type_error",
                         'snippet.py:1: error: Module "fetchkit" has no attribute "nope"', {"fetchkit": "2.4.1"})
    made, notes = sections("q", result, [], [(snippet, failed)], documents)
    by_heading = {s["heading"]: s for s in made}
    rec = by_heading["Recommendation"]
    assert rec["body"].startswith("**Recommended: `fetchkit` 2.4.1**[@e1] (PyPI)")
    assert "The workspace already uses it (==2.3.0, locked at 2.3.0)" in rec["body"]
    assert "Licence fit with the workspace (MIT): fits" in rec["body"]
    assert "`reqeusts` is two letters swapped from the popular `requests`" in rec["body"]
    for section in made:
        for ev in section["evidence"]:  # every cited span is exactly the quote in its stored document
            text = next(t for sid, t in documents.values() if sid == ev["source_id"])
            assert text[ev["start"]:ev["end"]] == ev["quote"] and f"[@{ev['ref']}]" in section["body"]
    table = by_heading["Package comparison"]["body"]
    assert "| `fetchkit` (in use: 2.3.0) | PyPI | 2.4.1[@e1] | 2026-05-04[@e2] |" in table
    assert "possible typosquat of `requests`" in table and "GPL-3.0-only" in table
    code = by_heading["Checked code"]["body"]
    assert "Check: **FAILED** at types (type_error" in code and "does not work as shown" in code
    assert by_heading["Your workspace"]["body"].startswith("Manifests read: pyproject.toml, requirements.txt.")
    assert notes == []


def test_a_question_the_planner_labels_code_without_a_code_task() -> None:
    from services.domain_code.offline import is_code_task
    assert not is_code_task("Which class of warship did the Royal Navy build after the error at Jutland?")
    assert not is_code_task("What function did the Senate serve in Rome?")
    assert is_code_task("Which library should I use to parse TOML?")
    assert is_code_task("Best crate for HTTP?") and is_code_task("Is `fetchkit` maintained?")
    assert is_code_task("Why does this fail?\n```\nx = 1 +\n```")


def test_a_library_that_is_an_institution_is_not_a_code_task() -> None:
    """Issue 9: a model planner may label "the Halloway Seed Library" code; the code domain still declines it."""
    from services.domain_code.offline import is_code_task
    assert not is_code_task("Who founded the Halloway Seed Library?")
    assert not is_code_task("Is the Halloway Seed Library open on Sundays?")
    assert not is_code_task("When did the Alder Public Library open?")
    assert is_code_task("Which version of the Alder Public Library client package supports OAuth?")
    assert is_code_task("Which library should I use to parse TOML?")
