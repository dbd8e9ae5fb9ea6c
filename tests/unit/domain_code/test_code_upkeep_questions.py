"""Trial t54s X11 and C6/X7 (code domain).

X11: "Is numeralkit still maintained?" was answered "**No:** `numeralkit`'s latest release 2.2.0 is yanked ..." at
1.00 high: ``yes_no_answer`` said "No" for any package whose latest release is yanked, whatever the yes/no question
asked, while a release yanked weeks ago is a maintainer at work. A question about upkeep ("still maintained",
"abandoned", "still actively developed", "dead") is now answered from the release history: the newest releases and
their dates (a yank named with the release to use), "No" only when nothing was released for years; "safe to use",
"OK to use", "deprecated" and "yanked" keep their answers.

C6/X7: "numeralkit vs romanum: which should I use ...?" got no code analysis (``is_code_task`` False) while "Should
I use numeralkit or romanum ...?" did. Two identifier-like names offered as a choice at the head of a question
("A vs B:", "A versus B", "A or B?") with a verb of taking one in (use, pick, choose, install) now name packages.

C2/C4: "What is the latest version of numeralkit?" and "How do I call numeralkit to convert 1994 ...?" led with the
generic recommendation; the release (with its date, a newer yanked one named) and the checked call now come first.
Invented package names throughout."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from services.domain_code.offline import (
    Evidence,
    Snippet,
    Survey,
    asks_upkeep,
    is_code_task,
    sections,
    task_of,
    yes_no_answer,
)
from services.domain_code.registries import PackageFacts
from services.domain_code.sandbox import CheckResult
from services.domain_code.signatures import Signature
from services.planner.offline import plan
from shared.text.packages import package_names


def _ago(days: int) -> str:
    return (datetime.now(UTC).date() - timedelta(days=days)).isoformat()


def _tally(first: str = "2021-05-01") -> PackageFacts:
    """glyphtally: 3.1.0 released 12 days ago and yanked, 3.0.0 of 70 days ago the newest release not yanked."""
    return PackageFacts("pypi", "glyphtally", "http://127.0.0.1/pypi/glyphtally/json", version="3.1.0",
                        latest_release=_ago(12), releases=6, status="yanked", status_detail="to_tally(0) crashed",
                        yanked_versions=("3.1.0",), latest_good="3.0.0", latest_good_release=_ago(70),
                        newest_yanked="3.1.0", newest_yanked_release=_ago(12), first_release=first,
                        yanked_reasons=(("3.1.0", "to_tally(0) crashed"),), summary="Count tally marks")


def _answer(question: str, p: PackageFacts) -> str:
    return yes_no_answer(question, Survey([p], ["pypi"], question_named=[p.name]), Evidence({}))


def test_a_package_whose_newest_release_was_yanked_weeks_ago_is_maintained() -> None:
    said = (f"`glyphtally` has releases on {_ago(70)} (3.0.0) and {_ago(12)} (3.1.0), 6 releases since 2021-05-01 "
            "(3.1.0 is yanked: \"to_tally(0) crashed\"; use 3.0.0).")
    assert _answer("Is glyphtally still maintained?", _tally()) == "**Yes:** " + said
    assert _answer("Is glyphtally still actively developed?", _tally()) == "**Yes:** " + said
    assert _answer("Has glyphtally been abandoned?", _tally()) == "**No:** " + said  # asked the other way round


def test_a_package_without_a_release_for_years_is_not_maintained() -> None:
    old = PackageFacts("pypi", "runetally", "http://127.0.0.1/pypi/runetally/json", version="0.4.0",
                       latest_release="2017-03-01", releases=3, latest_good="0.4.0",
                       latest_good_release="2017-03-01", first_release="2015-01-10", summary="Tally runes")
    today = datetime.now(UTC).date()
    years = today.year - 2017 - ((today.month, today.day) < (3, 1))
    assert _answer("Is runetally still maintained?", old) == (
        f"**No:** `runetally` has had no release for {years} years: its last, 0.4.0, is of 2017-03-01.")
    assert _answer("Is runetally dead?", old).startswith("**Yes:** `runetally` has had no release for ")


@pytest.mark.parametrize(("question", "upkeep"), [
    ("Is glyphtally still maintained?", True),
    ("Is glyphtally abandoned?", True),
    ("Is glyphtally under active development?", True),
    ("Is glyphtally still supported?", True),
    ("Is glyphtally dead?", True),
    ("Is glyphtally safe to use?", False),  # these keep their own answers
    ("Is glyphtally still OK to use? Is it maintained?", False),
    ("Is glyphtally deprecated?", False),
    ("Has glyphtally been yanked?", False),
    ("Is glyphtally supported on Windows?", False),
    ("Does glyphtally have an active community?", False),
])
def test_which_questions_ask_about_upkeep(question: str, upkeep: bool) -> None:
    assert asks_upkeep(question) is upkeep


def test_a_yanked_release_still_answers_a_question_asking_whether_the_package_is_deprecated_as_before() -> None:
    assert _answer("Is glyphtally deprecated?", _tally()).startswith(
        "**Yes:** `glyphtally`'s latest release 3.1.0 is yanked: \"to_tally(0) crashed\"")


@pytest.mark.parametrize("question", [
    "glyphwise vs runetally: which should I use to count tally marks?",
    "glyphwise versus runetally for counting tally marks: which should I pick?",
    "glyphwise or runetally? Which one should I install to count tally marks?",
])
def test_a_leading_choice_of_two_package_names_with_a_use_verb_is_a_code_question(question: str) -> None:
    assert package_names(question) == ["glyphwise", "runetally"]
    assert is_code_task(question) and plan(question).domain == "code"
    assert task_of(question).named == ("glyphwise", "runetally")


@pytest.mark.parametrize("question", [
    "glyphwise vs runetally: which is older?",  # no verb of taking one in
    "kombucha vs kefir: which should I choose?",  # words of some language, not identifiers
    "Pumpa Volt 3 vs Inflo Q5: which should I buy?",
    "I went to the glyphwise or runetally stall and picked one.",  # not at the head of a sentence, no "?"/":"
])
def test_other_choices_name_no_package(question: str) -> None:
    assert package_names(question) == []


def test_the_latest_version_asked_of_the_recommended_package_opens_the_answer() -> None:
    """Trial t54s C2: "What is the latest version of numeralkit?" led with the generic recommendation."""
    question = "What is the latest version of glyphtally?"
    result = Survey([_tally()], ["pypi"], question_named=["glyphtally"], one_asked="glyphtally")
    body = sections(question, result, [], [], {})[0][0]["body"]
    assert body.split("\n")[0] == (f"**Latest release of `glyphtally`: 3.0.0** (PyPI, of {_ago(70)}); 3.1.0, of "
                                   f"{_ago(12)}, is newer but yanked: \"to_tally(0) crashed\".")
    assert body.split("\n")[2].startswith("**Recommended: `glyphtally` 3.0.0**")


_SIGS = [Signature("glyphtally", "3.0.0", "glyphtally", "to_tally", "function", "to_tally(number: int) -> str",
                   "Convert an integer to tally marks.", "introspected from glyphtally==3.0.0"),
         Signature("glyphtally", "3.0.0", "glyphtally", "from_tally", "function", "from_tally(marks: str) -> int",
                   "Parse tally marks into an integer.", "introspected from glyphtally==3.0.0")]
_EXAMPLE = Snippet("glyphtally-docs-example", "python",
                   "import glyphtally\n\nglyphtally.to_tally(27)  # '||||| ...'\nglyphtally.from_tally('||||')  # 4\n",
                   "the usage example of the page", "docs", ("glyphtally",))
_PASSED = CheckResult("python", "passed", "py_compile + mypy 1.0 + run", versions={"glyphtally": "3.0.0"})


@pytest.mark.parametrize(("question", "call", "declared"), [
    ("How do I call glyphtally's parse function?", "glyphtally.from_tally('||||')",
     "glyphtally.from_tally(marks: str) -> int"),
    ("How do I call glyphtally to convert 27 to tally marks? Show a snippet.", "glyphtally.to_tally(27)",
     "glyphtally.to_tally(number: int) -> str"),
])
def test_a_how_to_call_question_opens_with_the_checked_call(question: str, call: str, declared: str) -> None:
    """Trial t54s C4: "How do I call numeralkit to convert 1994 ...?" led with the recommendation, the call below."""
    result = Survey([_tally()], ["pypi"], question_named=["glyphtally"], one_asked="glyphtally")
    body = sections(question, result, _SIGS, [(_EXAMPLE, _PASSED)], {})[0][0]["body"]
    assert body.split("\n")[0] == (f"**Call `{call}`** — `glyphtally` 3.0.0 declares `{declared}`; the example it is "
                                   "from passed its check (py_compile + mypy 1.0 + run: it ran).")
    typed_only = CheckResult("python", "passed", "py_compile + mypy 1.0", versions={"glyphtally": "3.0.0"})
    failed = CheckResult("python", "failed", "py_compile + mypy 1.0 + run", stage="run", reason="exception")
    assert sections(question, result, _SIGS, [(_EXAMPLE, failed)], {})[0][0]["body"].startswith("**Recommended: ")
    assert sections(question, result, _SIGS, [(_EXAMPLE, typed_only)], {})[0][0]["body"].startswith("**Call `")
