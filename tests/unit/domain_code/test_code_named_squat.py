"""A typosquat (one edit from an established package's name, one new release, a copied description) is flagged
whenever the survey reaches it: named by the question in any package slot ("Is bytewlse safe to use?"), used by the
workspace, or returned by a registry search, and the caution says how far its name is from the one it imitates
(task h4, trial t53s: the typosquat was never surveyed, and "Is X safe to use?" named no package). Invented
packages; the registry is a fake."""

from __future__ import annotations

from services.domain_code.offline import Evidence, sections, squat_distance, survey, task_of, yes_no_answer
from services.domain_code.pages import PageNames
from services.domain_code.registries import PackageFacts
from shared.text.packages import slot_names
from shared.workspace import Dependency, Workspace
from tests.code_standins import FakeRegistry


def facts(name: str, first: str, latest: str, releases: int, eco: str = "pypi") -> PackageFacts:
    return PackageFacts(eco, name, f"https://registry.test/{name}", version="3.0.1", first_release=first,  # type: ignore[arg-type]
                        latest_release=latest, releases=releases,
                        summary="Convert temperatures between Celsius, Fahrenheit and kelvin")


ORIGINAL = facts("thermconv", "2016-04-02", "2026-08-30", 31)
SQUAT = facts("thermcomv", "2026-11-27", "2026-11-27", 1)
PAGES = PageNames({("pypi", "thermconv"): ["https://blog.test/temps"]},
                  mentioned={("pypi", "thermconv"): ["https://blog.test/temps"]})


class SearchingRegistry(FakeRegistry):
    """A fake registry whose search returns ``found`` for any query."""

    def __init__(self, known: list[PackageFacts], found: list[str]) -> None:
        super().__init__(known)
        self.found = found

    def search(self, ecosystem: str, query: str) -> list[str]:
        """``found``, whatever the query."""
        return list(self.found)


def test_safety_words_put_a_name_in_the_slot_of_a_package() -> None:
    assert slot_names("Is thermcomv safe to use?") == ["thermcomv"]
    assert slot_names("Is thermcomv legit, or a typosquat?") == ["thermcomv"]
    assert slot_names("Should I install thermcomv?") == ["thermcomv"]
    assert slot_names("Is coffee safe to drink?") == []  # a plain word names no package


def test_a_squat_the_question_names_as_unsafe_to_use_is_answered_no_with_the_original() -> None:
    question = "Is thermcomv safe to use?"
    result = survey(FakeRegistry([SQUAT, ORIGINAL]), task_of(question), None, pages=PAGES)  # type: ignore[arg-type]
    assert {p.name: p.typosquat_of for p in result.packages}["thermcomv"] == "thermconv"
    answer = yes_no_answer(question, result, Evidence({}))
    assert answer.startswith("**No:** `thermcomv` is a probable typo of `thermconv`"), answer


def test_a_squat_a_registry_search_returns_is_flagged_and_the_caution_counts_its_letters() -> None:
    question = "Which npm package converts temperatures between Celsius and Fahrenheit?"
    original, squat = (facts(p.name, str(p.first_release), str(p.latest_release), p.releases, "npm")
                       for p in (ORIGINAL, SQUAT))
    registry = SearchingRegistry([squat, original], ["thermcomv", "thermconv"])
    result = survey(registry, task_of(question), None)  # type: ignore[arg-type]
    assert {p.name: p.typosquat_of for p in result.packages} == {"thermconv": None, "thermcomv": "thermconv"}
    body = sections(question, result, [], [], {})[0][0]["body"]
    assert ("**Caution:** `thermcomv` is one letter from the longer-established `thermconv`: it is likely a "
            "typosquat; check the name before installing it.") in body, body
    assert squat_distance("reqeusts", "requests") == "two letters swapped from"
    assert squat_distance("pyhton-barcode", "python-barcodex") == "two letters from"


def test_a_squat_the_workspace_depends_on_is_flagged_with_what_to_replace_it_by() -> None:
    question = "Which Python package converts temperatures between Celsius and Fahrenheit?"
    ws = Workspace("/ws", ["pyproject.toml"], [Dependency("pypi", "thermcomv", "==3.0.1", "3.0.1", "pyproject.toml")],
                   "MIT")
    result = survey(FakeRegistry([SQUAT, ORIGINAL]), task_of(question), ws, pages=PAGES)  # type: ignore[arg-type]
    assert {p.name: p.typosquat_of for p in result.packages} == {"thermcomv": "thermconv", "thermconv": None}
    body = sections(question, result, [], [], {})[0][0]["body"]
    assert body.startswith("**Recommended: `thermconv` 3.0.1** (PyPI)"), body
    assert ("**Caution:** `thermcomv` is one letter from the longer-established `thermconv`: it is likely a typosquat; "
            "check the name before installing it. Your project depends on `thermcomv`: replace it with "
            "`thermconv`.") in body, body
