"""Issue 15, trial t27 (code domain): a question naming only a package ("example code to load a TOML file with
tomlfast", "Is pytomly deprecated?", "Is pytomly still OK to use ...?") was planned general and gave no code
sections even with ``--domain code``. Registries on loopback (tests/code_standins)."""

from __future__ import annotations

import pytest

from services.domain_code.offline import is_code_task, task_of
from services.planner.offline import plan
from shared.text.packages import names_package, package_names
from tests.code_standins import analysed


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("Can you show me example code to load a TOML file with tomlfast?", "tomlfast"),
        ("Is pytomly still OK to use for reading TOML files?", "pytomly"),
        ("Is pytomly deprecated?", "pytomly"),
        ("Is datefmtr still maintained?", "datefmtr"),
        ("Any code snippet for retrying requests with backoff-kit?", "backoff-kit"),
        ("Is httpx safe to use in production?", "httpx"),
        ("How do I load a TOML file with tomlfast in Python?", "tomlfast"),  # a how-to's tool
        ("How can I retry fetch calls via backoff-kit?", "backoff-kit"),
    ],
)
def test_a_package_name_in_a_question_asking_for_code_or_upkeep_makes_a_code_question(question: str,
                                                                                      name: str) -> None:
    assert names_package(question) and package_names(question) == [name]
    assert plan(question).domain == "code"
    assert is_code_task(question)
    assert name in task_of(question).named  # surveyed as named, whatever the registry's summary says


@pytest.mark.parametrize(
    "question",
    [
        "Is the A1 road still maintained by the county?",
        "Which chapel was deprecated by the bishop in 1820?",
        "Can you show me example code for sorting a list?",  # code, but no package named: not this rule's
        "Is kombucha still OK to drink after a month?",
        "Was the Hollow Mill abandoned in 1902?",
        "How do I make bread with kombucha?",
        "How did the Romans build roads with concrete?",
    ],
)
def test_upkeep_and_code_words_without_a_package_like_name_name_no_package(question: str) -> None:
    assert package_names(question) == []


async def test_example_code_for_a_named_package_surveys_it_and_answers_no_yes_or_no() -> None:
    outcome, events = await analysed("Can you show me example code to fetch a web page with fetchkit?")
    surveyed = [p["name"] for p in events["PackagesSurveyed"]["packages"]]
    assert "fetchkit" in surveyed and outcome.sections
    body = outcome.sections[0]["body"]
    assert "**Recommended: `fetchkit` 2.4.1**" in body
    assert "**Yes:**" not in body and "**No:**" not in body  # a request for code is no yes/no question


async def test_a_forced_code_run_that_cannot_act_says_why_and_caps_the_tier() -> None:
    """Trial t27 fault 9: a shopping question with ``--domain code`` gave a general report, no note, tier medium."""
    from services.domain_code.analysis import NOT_A_CODE_TASK
    question = "What's the best travel kettle under $60?"
    forced, events = await analysed(question, forced=True)
    assert forced.sections == [] and forced.notes == [NOT_A_CODE_TASK] and forced.max_tier == "low"
    assert events == {}  # nothing surveyed
    # the planner's own label, declined: silent and uncapped (the general report stands as it is)
    auto, _ = await analysed("What function did the Senate serve in Rome?")
    assert auto.sections == [] and auto.notes == [] and auto.max_tier == "high"


def test_the_packages_the_asker_s_code_imports_are_named_candidates() -> None:
    """Trial t27 fault 3: ``import tomlfast`` in the question's own code was never surveyed."""
    task = task_of("Why does this not work?\n```python\nimport tomlfast\nimport json, os\nfrom config import settings\n"
                   "from ruamel.yaml import YAML\ncfg = tomlfast.parse_file('a.toml')\n```")
    assert task.named == ("tomlfast",)  # not the standard library's, nor a local-looking module ("config")
    ts = task_of("Why is this a type error?\n```ts\nimport { fetchWithRetry } from \"fetch-retryer\";\n"
                 "import fs from \"fs\";\n```")
    assert ts.ecosystems[0] == "npm" and ts.named == ("fetch-retryer",)


async def test_the_asker_s_code_is_checked_against_the_package_it_imports() -> None:
    outcome, events = await analysed("Why does this not work?\n```python\nimport fetchkit\n"
                                     "r = fetchkit.get_all(\"https://example.org\")\n```")
    assert [p["name"] for p in events["PackagesSurveyed"]["packages"]] == ["fetchkit"]
    code = next(s["body"] for s in outcome.sections if s["heading"] == "Checked code")
    assert "Check: **FAILED** at types" in code and 'Module has no attribute "get_all"' in code


def test_a_registry_s_own_notice_that_a_package_is_unmaintained_is_read() -> None:
    """Trial t27 fault 13: the status read only the yanked flags; PyPI's summary said "(unmaintained)"."""
    from services.domain_code.registries import unmaintained_said
    assert unmaintained_said("pytomly", "Simple TOML parser (unmaintained)", "") == "Simple TOML parser (unmaintained)"
    assert unmaintained_said("pytomly", "Simple TOML parser", "pytomly reads TOML. This project is no longer "
                             "maintained. Use tomlfast.") == "This project is no longer maintained."
    assert unmaintained_said("x", "", "# x\n\n**Unmaintained**: use y instead.") == "Unmaintained: use y instead."
    # another package's notice, or a maintained one, is not this package's
    assert unmaintained_said("newtoml", "TOML parser", "newtoml is a fork of oldtoml, which is no longer "
                             "maintained.") == ""
    assert unmaintained_said("x", "Actively maintained TOML parser", "x is maintained by the TOML team.") == ""


def test_years_since_counts_whole_years() -> None:
    from datetime import date

    from services.domain_code.offline import years_since
    assert years_since("2020-02-11", date(2026, 12, 3)) == 6
    assert years_since("2020-12-04", date(2026, 12, 3)) == 5
    assert years_since(None) is None


def _pytomly() -> dict[str, object]:
    import json

    from tests.code_standins import JSON, pypi_json
    from tests.loopback import Reply
    doc = pypi_json("pytomly", "0.9.0", summary="Simple TOML parser (unmaintained)", licence="BSD-3-Clause",
                    releases={"0.8.0": "2019-05-01", "0.9.0": "2020-02-11"},
                    description="pytomly reads TOML files. This project is no longer maintained.")
    return {"/pypi/pytomly/json": Reply(200, json.dumps(doc).encode(), JSON)}


async def test_an_unmaintained_package_is_said_so_in_the_answer_and_the_table() -> None:
    outcome, events = await analysed("Is pytomly still OK to use for reading TOML files?", routes_added=_pytomly())
    by_name = {p["name"]: p for p in events["PackagesSurveyed"]["packages"]}
    assert by_name["pytomly"]["unmaintained"] == "Simple TOML parser (unmaintained)"
    body = outcome.sections[0]["body"]
    assert body.startswith("**No:** for `pytomly`, its registry summary says it is no longer maintained: "
                           "\"Simple TOML parser (unmaintained)\"")
    assert "its last usable release, 0.9.0, is of 2020-02-11" in body
    table = next(s["body"] for s in outcome.sections if s["heading"] == "Package comparison")
    row = next(line for line in table.splitlines() if line.startswith("| `pytomly`"))
    assert "no longer maintained (registry summary" in row and "no release in" in row


async def test_of_two_named_packages_the_unmaintained_one_loses_and_why_is_said() -> None:
    outcome, _ = await analysed("Should I use pytomly or tomlkit for reading TOML in Python?",
                                routes_added=_pytomly())
    body = outcome.sections[0]["body"]
    assert "**Recommended: `tomlkit`" in body
    assert ("`tomlkit` is the better choice of the two: `pytomly` is no longer maintained, its registry summary "
            "says: \"Simple TOML parser (unmaintained)\"") in body


@pytest.mark.parametrize(
    ("question", "named", "required"),
    [
        ("How do I load a TOML file with tomlfast in Python? Please show me example code.", ("tomlfast",), []),
        ("Why is this a type error with fetch-retryer?\n```ts\nimport { fetchWithRetry } from \"fetch-retryer\";\n"
         "fetchWithRetry(\"u\", { retries: \"3\" });\n```", ("fetch-retryer",), []),
        # a technology the package must work with stays a requirement; so does a feature beside a named package
        ("Which Python ORM with asyncio and Redis?", (), ["asyncio", "Redis"]),
        ("Should I use `tomlkit` with comment preservation?", ("tomlkit",), ["comment preservation"]),
    ],
)
def test_a_package_the_question_names_is_no_requirement(question: str, named: tuple[str, ...],
                                                        required: list[str]) -> None:
    """Trial t27 fault 10: "with tomlfast" made a "tomlfast" requirement that `tomlfast` "meets"."""
    task = task_of(question)
    assert task.named == named and [r.text for r in task.requirements] == required


async def test_example_code_with_a_named_package_has_no_requirement_of_its_name() -> None:
    outcome, _ = await analysed("How do I fetch a web page with fetchkit in Python? Please show me example code.")
    body = outcome.sections[0]["body"]
    assert "**Recommended: `fetchkit`" in body and "Your requirement" not in body
    table = next(s["body"] for s in outcome.sections if s["heading"] == "Package comparison")
    assert "“fetchkit”" not in table.splitlines()[0]


async def test_is_it_deprecated_is_answered_yes_for_an_unmaintained_package_and_no_for_an_active_one() -> None:
    outcome, _ = await analysed("Is pytomly deprecated?", routes_added=_pytomly())
    assert outcome.sections[0]["body"].startswith("**Yes:** for `pytomly`, its registry summary says it is no "
                                                  "longer maintained")
    outcome, _ = await analysed("Is fetchkit deprecated?")
    assert outcome.sections[0]["body"].startswith("**No:** `fetchkit` 2.4.1")


async def test_an_active_package_without_a_release_for_years_is_said_so() -> None:
    outcome, _ = await analysed("Is slowhttp still maintained?")
    body = outcome.sections[0]["body"]
    # trial t54s X11: a question about upkeep is answered from the release history; none for years is a "No"
    assert body.startswith("**No:** `slowhttp` has had no release for ")
    assert "years: its last, 0.9.0, is of 2021-06-30" in body.split("\n")[0]
    outcome, _ = await analysed("Is slowhttp still OK to use?")  # a question of fitness keeps its answer
    body = outcome.sections[0]["body"]
    assert body.startswith("**Yes:** `slowhttp` 0.9.0")
    assert "; but its last usable release, 0.9.0, is of 2021-06-30" in body and "years ago" in body


async def test_a_yanked_package_s_last_usable_release_is_dated_once_with_its_age() -> None:
    import json

    from tests.code_standins import JSON, pypi_json
    from tests.loopback import Reply
    doc = pypi_json("tomlrdr", "1.0.0", summary="TOML reader", releases={"0.9.0": "2020-02-11", "1.0.0": "2021-01-05"},
                    yanked=True)
    outcome, _ = await analysed("Is tomlrdr still OK to use for reading TOML files?",
                                routes_added={"/pypi/tomlrdr/json": Reply(200, json.dumps(doc).encode(), JSON)})
    body = outcome.sections[0]["body"]
    assert body.startswith("**No:** `tomlrdr`'s latest release 1.0.0 is yanked: \"broken\"")
    assert "(the newest one that is not is 0.9.0, of 2020-02-11" in body and "years ago)" in body
    assert body.split("\n\n")[0].count("0.9.0") == 1  # not said again as "its last usable release, 0.9.0, ..."
