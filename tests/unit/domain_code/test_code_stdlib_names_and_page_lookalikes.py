"""A name of Python's standard library (a module, or a common class such as ``timedelta``) the question or a page
gives is never a registry look-up; a young look-alike of a package a page names, though that package was not kept in
the survey, is compared with it and flagged as a possible typosquat (issue 15, trial t50s faults 4, 9)."""

from __future__ import annotations

from services.domain_code.offline import is_page_candidate, is_stdlib_name, survey, task_of
from services.domain_code.pages import PageNames
from services.domain_code.registries import PackageFacts
from tests.code_standins import FakeRegistry


def facts(name: str, first: str, latest: str, releases: int) -> PackageFacts:
    return PackageFacts("pypi", name, f"https://registry.test/{name}", version="1.0.0", first_release=first,
                        latest_release=latest, releases=releases, summary="parse ISO 8601 durations")



def test_standard_library_class_names_are_never_looked_up() -> None:
    question = "Which Python library parses an ISO 8601 duration like PT9H15M into a timedelta? Show an example."
    task = task_of(question)
    assert "timedelta" not in task.words
    assert not is_page_candidate("timedelta", "pypi", task) and not is_page_candidate("OrderedDict", "pypi", task)
    assert is_stdlib_name("timedelta") and is_stdlib_name("datetime.timedelta") and is_stdlib_name("Decimal")
    assert not is_stdlib_name("path") and not is_stdlib_name("spanparse")  # case kept; a stranger is a package
    registry = FakeRegistry([facts("spanparse", "2019-01-01", "2026-06-01", 25)])
    pages = PageNames({("pypi", "spanparse"): ["https://blog.test/a"], ("pypi", "timedelta"): ["https://blog.test/a"]})
    survey(registry, task, None, pages=pages)  # type: ignore[arg-type]
    assert "timedelta" not in registry.asked and "spanparse" in registry.asked
    named = task_of("Should I use `timedelta` or `spanparse` for durations in Python?")
    result = survey(FakeRegistry([]), named, None)  # type: ignore[arg-type]
    assert result.stdlib == ["timedelta"]


def test_a_young_look_alike_of_a_page_named_package_is_flagged_though_that_one_was_not_kept() -> None:
    task = task_of("Which Python library parses ISO 8601 durations? Show an example.")
    established = facts("spanparse", "2016-02-01", "2026-05-01", 30)
    squat = facts("spanpasre", "2026-11-20", "2026-11-20", 1)
    other = facts("durakit", "2018-01-01", "2026-01-01", 12)
    pages = PageNames({("pypi", "durakit"): ["https://blog.test/a"], ("pypi", "spanpasre"): ["https://blog.test/a"],
                       ("pypi", "spanparse"): ["https://blog.test/b"]})
    registry = FakeRegistry([established, squat, other])
    result = survey(registry, task, None, max_packages=2, pages=pages)  # type: ignore[arg-type]
    by_name = {p.name: p for p in result.packages}
    assert by_name["spanpasre"].typosquat_of == "spanparse"  # crowded out, yet its look-alike is compared with it
    assert by_name["durakit"].typosquat_of is None
    # ... and the package it imitates is surveyed as the alternative to it (issue 15, trial t51s fault 6)
    assert by_name["spanparse"].typosquat_of is None
    assert [p.name for p in result.recommendable()] == ["spanparse", "durakit"]
    # two established look-alikes are both kept
    twin = facts("spanpasre", "2017-01-01", "2026-01-01", 20)
    again = survey(FakeRegistry([established, twin, other]), task, None, max_packages=2, pages=pages)  # type: ignore[arg-type]
    assert all(p.typosquat_of is None for p in again.packages)
