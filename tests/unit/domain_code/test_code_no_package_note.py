"""A code analysis that found no package says what happened: the registry look-ups that failed, or that no registry
was asked, never "no registry knows a package for this task" when none answered or none was asked (issue 15, trial
t51s fault 11, b5: no registry asked; b6: four time-outs listed above that line). Invented packages; fake registry."""

from __future__ import annotations

from typing import Any

from services.domain_code.offline import no_package_note, survey, task_of
from services.domain_code.pages import PageNames
from services.domain_code.registries import PackageFacts


class FakeRegistry:
    """The registry boundary: every look-up answers with ``error`` (or not found), every name asked recorded."""

    def __init__(self, error: str) -> None:
        self.error = error
        self.asked: list[str] = []
        self.documents: dict[str, Any] = {}

    def survey(self, ecosystem: str, name: str) -> PackageFacts:
        self.asked.append(name)
        return PackageFacts(ecosystem, name, "", error=self.error)  # type: ignore[arg-type]

    def search(self, ecosystem: str, query: str) -> list[str]:
        return []


QUESTION = "Which Python library should I use to validate account numbers with the Verhoef algorithm?"
PAGES = PageNames({("pypi", "verhoefkit"): ["https://blog.test/a"]})


def test_timed_out_look_ups_are_said_to_have_failed() -> None:
    result = survey(FakeRegistry("unreachable: ReadTimeout"), task_of(QUESTION), None, pages=PAGES)  # type: ignore[arg-type]
    note = no_package_note(result, 1)
    assert note.startswith("code analysis: no package could be surveyed: the registry look-ups failed")
    assert "PyPI verhoefkit: unreachable: ReadTimeout" in note and "no registry knows" not in note


def test_no_look_up_at_all_is_said_so() -> None:
    result = survey(FakeRegistry("not_found: 404"), task_of(QUESTION), None, pages=PageNames())  # type: ignore[arg-type]
    assert result.looked_up == []
    assert no_package_note(result, 0) == ("code analysis: no registry was asked: neither the question nor a fetched "
                                          "page (no page was fetched) names a package to look up")


def test_only_names_every_registry_answered_unknown_are_no_package_for_the_task() -> None:
    registry = FakeRegistry("not_found: 404")
    result = survey(registry, task_of(QUESTION), None, pages=PAGES)  # type: ignore[arg-type]
    assert registry.asked == ["verhoefkit"] and result.looked_up == ["PyPI verhoefkit"]
    assert no_package_note(result, 1) == ("code analysis: no registry knows a package for this task (looked up: "
                                          "PyPI verhoefkit)")


def test_several_failures_are_counted_and_no_check_run_is_not_called_an_import_check() -> None:
    from services.domain_code.offline import Survey, sections

    result = Survey([], ["pypi"], failures=["PyPI verhoefkit: unreachable: ReadTimeout",
                                            "PyPI verhoef-lite: unreachable: ReadTimeout"])
    assert no_package_note(result, 2) == ("code analysis: no package could be surveyed: the registry look-ups failed "
                                          "(PyPI verhoefkit: unreachable: ReadTimeout, and 1 more)")
    _, notes = sections("How do I validate account numbers with the Verhoef algorithm in Python?", result, [], [], {})
    said = [n for n in notes if n.startswith("code:")]
    assert said == ["code: the question asks how to do it, but no code was checked: no package could be "
                    "introspected or shown"]
