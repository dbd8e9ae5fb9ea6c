"""A code report opens its answer as a general report does (issue 15, trial t53s "Code answers with no ## Answer
heading", C2/B3/B6/C8): its first section, the code analysis' answer, is headed "Answer" in the report's language,
and its first sentence answers: the recommended package at its version, "X is no package on PyPI", or "Not
established: X could not be read from its registry (... answered 503)". The general answer below the code
sections becomes findings. Invented packages; fake registry."""

from __future__ import annotations

from typing import Any

from services.domain_code.offline import sections, survey, task_of
from services.domain_code.registries import PackageFacts
from services.synthesizer.domain import code_answer_first, one_code_pick, place_domain_sections
from tests.unit.test_code_pick_lead import a_report, a_run, sources


class FailingRegistry:
    """The registry boundary: every look-up answers with ``error``."""

    def __init__(self, error: str) -> None:
        self.error = error
        self.documents: dict[str, Any] = {}

    def survey(self, ecosystem: str, name: str) -> PackageFacts:
        return PackageFacts(ecosystem, name, "", error=self.error)  # type: ignore[arg-type]

    def search(self, ecosystem: str, query: str) -> list[str]:
        return []


def _lead(question: str, error: str) -> str:
    result = survey(FailingRegistry(error), task_of(question), None)  # type: ignore[arg-type]
    return str(sections(question, result, [], [], {})[0][0]["body"]).split("\n")[0]


def test_a_registry_that_failed_leaves_the_answer_not_established_and_says_what_it_did() -> None:
    assert _lead("What is the latest version of `plinthcase`?", "http_status: PyPI plinthcase answered 503") == (
        "Not established: `plinthcase` could not be read from its registry (PyPI plinthcase answered 503). No package "
        "could be recommended (see the table).")
    assert _lead("What is the latest version of the Python package plinthcase?",
                 "bad_payload: PyPI plinthcase did not answer JSON") == (
        "Not established: `plinthcase` could not be read from its registry (PyPI plinthcase did not answer JSON). No "
        "package could be recommended (see the table).")


def test_a_name_no_registry_has_opens_the_answer() -> None:
    assert _lead("What is the latest version of the Python package plinthcase?",
                 "not_found: PyPI plinthcase answered 404 (no such package)") == (
        "`plinthcase` is no package on PyPI. No package could be recommended (see the table).")


def test_the_code_answer_is_headed_answer_and_the_general_answer_becomes_findings() -> None:
    run = a_run()
    out = code_answer_first(one_code_pick(place_domain_sections(a_report(), run, sources()), run), run).markdown
    headings = [line for line in out.split("\n") if line.startswith("## ")]
    assert headings == ["## Answer", "## Findings", "## Sources"]
    assert out.split("## Answer\n\n", 1)[1].split("\n", 1)[0] == "**Recommended: `tomlfast` 2.3.1**[1] (PyPI), licence MIT."
    findings = out.split("## Findings\n\n", 1)[1].split("\n## ", 1)[0]
    assert findings.split("\n")[0] == ("A reference work says that for TOML use tomlfast or pytomly [2]; the registries "
                                       "say: `pytomly` 1.0.0 yanked, no longer maintained.")
    assert "as the recommendation above explains" not in out and "### TOML" in findings


def test_a_general_answer_holding_only_the_pick_goes_and_other_languages_use_their_words() -> None:
    run = a_run()
    only = a_report("Tomlfast is fast [1].").model_copy(update={"markdown": (
        "# Q\n\n## Answer\n\nRecommended: **`tomlfast`** [1], as the recommendation above explains.\n\n## Sources\n\n"
        "- [1] Parsing TOML — https://w.example/toml\n")})
    out = code_answer_first(place_domain_sections(only, run, sources()), run).markdown
    assert [line for line in out.split("\n") if line.startswith("## ")] == ["## Answer", "## Sources"]
    german = a_run(language="de")
    out = code_answer_first(place_domain_sections(a_report("Für TOML nimm tomlfast [1]."), german, sources()),
                            german).markdown
    assert out.split("\n## ", 1)[1].startswith("Antwort\n\n**Recommended: `tomlfast` 2.3.1**")


def test_the_release_asked_of_a_named_package_is_the_domain_s_cited_answer() -> None:
    from services.synthesizer.domain import domain_pick

    run = a_run(first="**Latest release of `pytomly`: 0.9.0**[@a] (PyPI); `pytomly` is yanked in 1.0.0.",
                question="What is the latest version of pytomly?")
    markdown = place_domain_sections(a_report(), run, sources()).markdown
    assert domain_pick(markdown, run) == "**Latest release of `pytomly`: 0.9.0**[1] (PyPI); `pytomly` is yanked in 1.0.0."


def test_a_shopping_verdict_s_wording_in_another_domain_is_no_pick() -> None:
    """Review of stop 38, item 5: the shopping verdicts' answer openings ("**The cheapest is the X:**", "**Avoid the
    X:**", shared.text.buying.SHOPPING_ANSWER_PATTERN) are a pick only of a shopping analysis; a code section opening
    with the same words is no verdict the report's confidence may be read from."""
    from services.synthesizer.domain import domain_pick

    for first in ("**The cheapest is the hosted tier of `tomlfast`:** 4 USD a month[@a], billed yearly.",
                  "**Avoid the 1.x line of `tomlfast`:** it is yanked[@a] on PyPI."):
        run = a_run(first=first, question="Which TOML parser for Python should I use?")
        markdown = place_domain_sections(a_report(), run, sources()).markdown
        assert domain_pick(markdown, run) == "", first
    run = a_run(first="**Recommended: `tomlfast` 2.3.1**[@a] (PyPI), licence MIT.")
    markdown = place_domain_sections(a_report(), run, sources()).markdown
    assert domain_pick(markdown, run) == "**Recommended: `tomlfast` 2.3.1**[1] (PyPI), licence MIT."
