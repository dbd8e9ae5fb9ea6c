"""Issue 15, trial t22 code fault 13: "Should I use <misspelt name> or <name> to stream CSV files in Node.js?" was
planned as a general question (two package-like names, a language ecosystem named, no programming word); with the
code domain, the misspelt name "could not be read from its registry" without being named a typo of the surveyed
package one letter away; a package whose latest release alone is deprecated was called deprecated; and the
timeline said the signatures came "from no package". Registries on loopback (tests/code_standins)."""

from __future__ import annotations

from uuid import uuid4

from contracts.domain_code import ApiSignaturesExtracted
from services.domain_code.pages import Page
from services.planner.offline import plan
from shared.text.packages import names_package
from tests.code_standins import analysed

PAGE = Page("p1", "https://blog.example/node-retries", "Retries in Node.js",
            "For HTTP requests with retries in Node.js, npm install retryfetch or npm install fetchit.")


def test_two_package_names_offered_as_a_choice_in_an_ecosystem_make_a_code_question() -> None:
    assert names_package("Should I use tabrowz or rowkite to stream TSV files in Node.js?")
    assert names_package("Is tabrowz or rowkite better for reading TSV files in Node.js?")
    assert names_package("tomlkite vs tomlqx for pip users?")
    assert plan("Is tabrowz or rowkite better for reading TSV files in Node.js?").domain == "code"
    # a choice of plain words, or of names with no ecosystem, is no package question
    assert not names_package("Is tea or coffee better for Python programmers?")
    assert not names_package("Is tabrowz or rowkite the older village?")
    assert plan("Is tabrowz or rowkite the older village?").domain == "general"


async def test_a_name_missing_from_its_registry_is_named_a_typo_of_the_surveyed_one() -> None:
    outcome, events = await analysed("Should I use retryfech or fetchit to make HTTP requests with retries in "
                                     "Node.js?", pages=[PAGE])
    by_name = {p["name"]: p for p in events["PackagesSurveyed"]["packages"]}
    assert by_name["retryfech"]["error"].startswith("not_found") and "retryfetch" in by_name
    body = outcome.sections[0]["body"]
    assert "`retryfech` is no package on npm: probably a typo of `retryfetch`" in body
    table = next(s["body"] for s in outcome.sections if s["heading"] == "Package comparison")
    row = next(line for line in table.splitlines() if line.startswith("| `retryfech`"))
    assert "probably a typo of `retryfetch`" in row


async def test_deprecated_is_said_of_the_latest_release_when_an_earlier_one_is_not() -> None:
    outcome, events = await analysed("Should I use retryfetch or fetchit to make HTTP requests with retries in "
                                     "Node.js?")
    body = outcome.sections[0]["body"]
    # npm deprecates a release as other registries yank one: the package is pinned at 2.4.0 (trial t55s C1)
    assert ("**Recommended: `retryfetch` 2.4.0**[@e1] (npm), released 2025-05-05[@e2], pinned (`\"retryfetch\": "
            "\"2.4.0\"`) because its latest release 3.0.0 is deprecated (3.0.0 leaks sockets on retries: use "
            "2.4.0)") in body
    assert "`retryfetch` is deprecated." not in body and "`retryfetch` is deprecated;" not in body
    # the timeline names the package the signatures were read from (npm: its TypeScript declarations)
    extracted = events["ApiSignaturesExtracted"]
    assert extracted["signatures"] and extracted["packages"] == ["fetchit==5.1.0"]
    summary = ApiSignaturesExtracted.model_validate(
        {"run_id": str(uuid4()), "event_id": str(uuid4()), "seq": 1, "occurred_at": "2026-12-02T10:00:00+00:00",
         "signatures": extracted["signatures"], "problems": []}).summary()
    assert "from fetchit==5.1.0" in summary and "no package" not in summary
