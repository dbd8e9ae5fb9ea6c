"""Issue 15, trial t43 fault 5: "How do I validate a JSON Lines file with the npm package `jsonl-warden` version 2?"
read "npm package version 2" as a feature requirement ("no candidate is shown to meet it") while recommending
2.1.0, and dropped the finding "Version 2 replaced the strictMode option ..." as not bearing on the question. A
version in the question is a constraint on the release (2.x: 2.1.0 meets it), and facts about that release stay."""

from __future__ import annotations

from services.domain_code.offline import Evidence, Survey, task_of, version_text
from services.domain_code.registries import PackageFacts
from services.domain_code.requirements import requirements_of
from services.synthesizer.domain import drop_unrelated_general
from shared.domain import RunView
from shared.text.packages import version_asked, version_meets
from tests.domain_runs import cited_report, domain_run, fetched_pages

QUESTION = "How do I validate a JSON Lines file with the npm package `jsonl-warden` version 2?"
NPM_URL = "http://127.0.0.1:18953/jsonl-warden"


def test_a_version_in_the_question_is_no_feature_requirement() -> None:
    assert requirements_of(QUESTION) == []
    assert requirements_of(QUESTION, ["jsonl-warden"]) == []
    assert task_of(QUESTION).requirements == ()
    assert [r.text for r in requirements_of("a YAML library for npm v3 that preserves comments")] == \
        ["preserves comments"]


def test_the_version_asked_is_read_and_matched_by_series() -> None:
    assert version_asked(QUESTION) == "2"
    assert version_asked("Is pydantic v2.5.x fine for settings?") == "2.5"
    assert version_asked("Which lodash 4.x function deep-merges objects?") == "4"
    assert version_asked("A TOML parser for Python 3.x") is None  # the language's version, not the package's
    assert version_asked("How do I parse TOML in Python?") is None
    assert version_meets("2.1.0", "2") and version_meets("2.10.3", "2.10") and version_meets("3.0.0-beta.1", "3")
    assert not version_meets("1.9.9", "2") and not version_meets("20.1.0", "2") and not version_meets("2.1", "2.1.4")
    assert not version_meets(None, "2")


def _facts(version: str) -> PackageFacts:
    return PackageFacts(ecosystem="npm", name="jsonl-warden", url=NPM_URL, version=version, license="Apache-2.0")


def test_the_recommendation_says_whether_the_release_is_of_the_version_asked() -> None:
    document = '{"name":"jsonl-warden","dist-tags":{"latest":"2.1.0"},"version":"2.1.0"}'
    ev = Evidence({NPM_URL: ("s1", document)})
    text = version_text(QUESTION, Survey([_facts("2.1.0")], ["npm"]), ev)
    assert "**The version you asked for (2.x):** `jsonl-warden` 2.1.0[@e1], its newest release, is a 2.x release " \
           "and meets it." in text
    assert ev.spans[0]["quote"] == '"version":"2.1.0"'
    older = version_text(QUESTION, Survey([_facts("1.4.2")], ["npm"]), Evidence({}))
    assert "`jsonl-warden`'s newest release is 1.4.2, not a 2.x release" in older and "pin a 2.x release" in older
    assert version_text("How do I validate JSON Lines with jsonl-warden?", Survey([_facts("2.1.0")], ["npm"]),
                        Evidence({})) == ""


def _run() -> RunView:
    sections = [{"heading": "Recommendation", "body": "**Recommended: `jsonl-warden` 2.1.0**[@a] (npm).",
                 "evidence": [{"ref": "a", "source_id": "own", "start": 0, "end": 5, "quote": "2.1.0"}]}]
    own = [{"source_id": "own", "url": NPM_URL, "title": "jsonl-warden on npm", "document_sha256": "c" * 64}]
    pages = fetched_pages({"v2": "v2", "v1": "v1"}, url="https://w.example/{sid}")
    return domain_run(QUESTION, "code", sections, pages, topic="jsonl-warden", own=own)


def test_a_finding_about_the_version_asked_bears_on_the_question() -> None:
    markdown = ("# Q\n\n## Recommendation\n\n**Recommended: `jsonl-warden` 2.1.0** (npm).\n\n## Findings\n\n"
                "- Version 2 replaced the strictMode option with strict and made it return a Promise [1].\n"
                "- Version 1 shipped a synchronous API for older runtimes [2].\n\n"
                "## Sources\n\n- [1] v2 — https://w.example/v2\n- [2] v1 — https://w.example/v1\n")
    out = drop_unrelated_general(cited_report(markdown, ((1, "v2"), (2, "v1"))), _run()).markdown
    assert "Version 2 replaced the strictMode option with strict" in out
    assert "Version 1 shipped" not in out and "1 finding(s) of the general search" in out
