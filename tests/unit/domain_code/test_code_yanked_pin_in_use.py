"""A workspace pinning a yanked release of a package whose newest release is not yanked: the opening answer to
"keep it or switch?" says the pinned release is yanked and advises the pin to the newest release that is not, the
workspace advice says so too, and a keep-or-switch answer is backed like a pick, so with a single candidate
surveyed it is not high confidence (issue 15, trial t50s fault 3: "**Yes:** ... 2.3.1 is active: not yanked"
while the workspace pinned the yanked 2.4.0, at 1.00 high). Invented package; no registry needed."""

from __future__ import annotations

from services.domain_code.offline import Evidence, Survey, pick_backing, sections, yanked_in_use, yes_no_answer
from services.domain_code.registries import PackageFacts
from shared.workspace import Dependency, Workspace

QUESTION = "Should my project keep cronspan for parsing cron spans, or switch to another Python library?"


def survey(spec: str, *others: PackageFacts) -> Survey:
    cronspan = PackageFacts("pypi", "cronspan", "http://127.0.0.1/pypi/cronspan/json", version="3.1.2",
                            latest_release="2025-04-22", first_release="2021-01-10", releases=7, license="MIT",
                            yanked_versions=("3.2.0",), latest_good="3.1.2", latest_good_release="2025-04-22")
    ws = Workspace("/ws", ["pyproject.toml"], [Dependency("pypi", "cronspan", spec, None, "pyproject.toml")], "MIT")
    result = Survey([cronspan, *others], ["pypi"], ws)
    result.question_named = ["cronspan"]
    return result


def test_the_opening_says_the_pinned_release_is_yanked_and_advises_the_newest_one_that_is_not() -> None:
    pinned = survey("==3.2.0")
    assert yanked_in_use(pinned, pinned.packages[0]) == "3.2.0"
    answer = yes_no_answer(QUESTION, pinned, Evidence({}))
    # "keep it, or switch?" is answered by the course to take, not by "Yes" (g50 c3)
    assert answer.startswith("**Keep `cronspan`**, but not at 3.2.0: the release your workspace pins is yanked; "
                             "pin `cronspan==3.1.2`, its newest release that is not yanked")
    assert "not yanked, deprecated" not in answer
    # a yes/no question about it keeps its "Yes"
    assert yes_no_answer("Is cronspan still OK to use?", pinned, Evidence({})).startswith(
        "**Yes:** keep `cronspan`, but not at 3.2.0")
    body = sections(QUESTION, pinned, [], [], {})[0][0]["body"]
    assert "**Your workspace uses `cronspan`** (3.2.0): the version you use, 3.2.0, is yanked" in body
    fine = survey("==3.1.2")
    assert yanked_in_use(fine, fine.packages[0]) is None
    assert yes_no_answer(QUESTION, fine, Evidence({})).startswith(
        "**Keep `cronspan`:** `cronspan` 3.1.2 (PyPI) is active: not yanked, deprecated")


def test_a_keep_or_switch_answer_is_backed_like_a_pick_and_one_candidate_does_not_back_it() -> None:
    backing = pick_backing(QUESTION, survey("==3.2.0"), [], [])
    assert backing["kind"] == "recommendation" and backing["compared"] == 1 and backing["asked"] is False
    # a question about the one package alone ("Is it still OK to use?") stays an answer settled by its facts
    assert pick_backing("Is cronspan still OK to use?", survey("==3.1.2"), [], [])["kind"] == "answer"


def test_a_page_example_of_another_candidate_does_not_back_the_pick_s_check() -> None:
    # issue 15, trial t50s: the pick `isodurations` was "checked" by the page example of `durationkit`
    from services.domain_code.offline import Snippet
    from services.domain_code.sandbox import CheckResult

    other = PackageFacts("pypi", "spanlib", "http://127.0.0.1/pypi/spanlib/json", version="1.0.0",
                         latest_release="2026-06-30", first_release="2020-01-01", releases=5, license="MIT")
    result = Survey([other], ["pypi"])
    ran = CheckResult(language="python", status="passed", checker="py_compile + run", stage="run", reason="", error="",
                      versions={}, seconds=0.1)
    docs = Snippet("cronspan-docs-example", "python", "import cronspan\n", "a page's example", "docs", ("cronspan",))
    question = "Which Python library should I use to parse cron spans?"
    assert pick_backing(question, result, [], [(docs, ran)])["check"] == "none"
    own = Snippet("spanlib-docs-example", "python", "import spanlib\n", "a page's example", "docs", ("spanlib",))
    assert pick_backing(question, result, [], [(docs, ran), (own, ran)])["check"] == "run"
