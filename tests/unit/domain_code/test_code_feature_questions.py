"""A feature question ("Which Python HTTP client supports async, timeouts and retries with interceptors?") over
loopback registries and a fetched page (issue 15, new-user trial): every feature phrase is a requirement, none of
the question's plain words is looked up as a package, a negation in a README reaches only the requirement of its
own clause, and a report without checked code says so and why."""

from __future__ import annotations

import json

from services.domain_code.offline import Snippet, is_page_candidate, no_code_text, task_of
from services.domain_code.pages import Page, page_candidates
from services.domain_code.requirements import negates, requirements_of, stems
from services.domain_code.sandbox import CheckResult
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply

QUESTION = ("Which Python HTTP client supports async, timeouts and retries with interceptors? Should I wait for the "
            "next release or switch?")
READMES = {
    "hookhttp": ("# hookhttp\n\nhookhttp provides sync and async APIs.\n\nTimeouts are enforced everywhere.\n\n"
                 "Retries are built into the transport.\n\nEvent hooks act as interceptors for every request.\n"),
    "syncfetch": ("# syncfetch\n\nThere is no async support in syncfetch; timeouts are supported per request.\n\n"
                  "syncfetch has no async API, but retries can be set on every call.\n"),
}
PAGE = Page("s1", "https://blog.example/python-http-clients", "Python HTTP clients",
            "For a Python HTTP client with hooks, pip install hookhttp. The older syncfetch is still around: "
            "pip install syncfetch.\n\nShould you wait for the next release or switch? Most teams switch.")


def routes() -> dict[str, Reply]:
    return {f"/pypi/{name}/json": Reply(200, json.dumps(pypi_json(
        name, "1.4.0", summary="HTTP client for Python", releases={"1.0.0": "2024-02-01", "1.4.0": "2026-06-01"},
        description=readme)).encode(), JSON) for name, readme in READMES.items()}


def test_every_feature_phrase_of_the_question_is_a_requirement() -> None:
    assert [r.text for r in requirements_of(QUESTION)] == ["supports async", "timeouts", "retries", "interceptors"]
    assert [r.text for r in requirements_of("Which Node HTTP client has timeouts, retries and interceptors?")] == [
        "has timeouts", "retries", "interceptors"]
    assert [r.text for r in requirements_of("A Python HTTP client that can retry failed requests, with HTTP/2")] == [
        "retry failed requests", "HTTP/2"]
    assert [r.text for r in requirements_of("A Rust HTTP client that can do async requests with timeouts")] == [
        "do async requests", "timeouts"]
    assert [r.text for r in requirements_of("Which JavaScript HTTP client supports interceptors, cancellation and "
                                            "timeouts in Node.js?")] == ["supports interceptors", "cancellation",
                                                                         "timeouts"]
    assert [r.text for r in requirements_of("Which TypeScript ORM supports migrations and transactions?")] == [
        "supports migrations", "transactions"]
    assert requirements_of("How do I parse TOML with Python?") == []  # a language is no feature


def test_a_negation_reaches_only_the_requirement_of_its_own_clause() -> None:
    def said(sentence: str, requirement: str) -> bool:
        return negates(sentence, tuple(stems(requirement)))
    no_async = "The library has no async support, but timeouts can be set on every call with the timeout argument."
    assert said(no_async, "async") and not said(no_async, "timeouts")
    assert not said("There is no async support; timeouts are supported per request.", "timeouts")
    assert not said("It does not support async and timeouts are set per request.", "timeouts")
    assert said("Comments are not preserved.", "preserves comments")  # the negation after the subject
    assert said("Tomli does not preserve comments.", "preserves comments")
    assert said("It has no async support, no timeouts and no retries.", "retries")
    assert not said("It supports async without blocking the event loop.", "async")
    block = ("Axios supports interceptors. Timeouts are set with the timeout option. There is no built-in retry; use "
             "axios-retry for retries.")  # a README block of sentences: each negation stays in its own
    assert said(block, "retries") and not said(block, "timeouts") and not said(block, "interceptors")
    assert said("Async is not supported.", "async") and not said("There is no retry, and async is supported.", "async")
    assert not said("It not only supports async but also retries.", "async")


def test_plain_words_of_the_question_are_never_looked_up_as_packages() -> None:
    task = task_of(QUESTION)
    assert task.named == () and task.words == ()  # "release or switch", "async", "HTTP" name no package
    assert task_of("How do I make async HTTP requests in Python with retries?").words == ("requests",)
    assert task_of("Should I use requests or httpx?").named == ("requests", "httpx")
    assert task_of("Is tomlkit or tomli better for TOML in Python?").named == ("tomlkit", "tomli")
    assert task_of("Is https://pypi.org/project/fetchkit/ a good Python HTTP client?").named == ("fetchkit",)


def test_a_plain_word_is_a_candidate_only_where_a_page_gives_it_as_a_package() -> None:
    task = task_of("Which Python library handles dates and time zones?")
    page = Page("s1", "https://blog.example/dates", "Dates in Python",
                "For time zones, pip install arrow. The arrow of time points forward; pendulum or arrow, use either.")
    named = page_candidates([page], task.ecosystems, stated=task.stated,
                            is_candidate=lambda n, e: is_page_candidate(n, e, task),
                            is_package=lambda n, e: is_page_candidate(n, e, task, as_package=True))
    assert ("pypi", "arrow") in named.candidates  # an install command gives it as a package
    assert ("pypi", "pendulum") not in named.candidates  # prose only: a plain English word stays a word
    assert ("pypi", "time") not in named.candidates


async def test_the_trial_question_surveys_the_pages_packages_and_says_why_no_code_is_shown() -> None:
    asked: list[str] = []
    outcome, events = await analysed(QUESTION, pages=[PAGE], routes_added=routes(), asked=asked)
    looked_up = {path.split("/")[2] for path in asked if path.startswith("/pypi/")}
    assert looked_up == {"hookhttp", "syncfetch"}  # never /pypi/timeouts, /pypi/async, /pypi/release ...
    surveyed = {p["name"]: p for p in events["PackagesSurveyed"]["packages"]}
    verdicts = {a["requirement"]: a["verdict"] for a in surveyed["syncfetch"]["requirements"]}
    assert verdicts == {"supports async": "contradicted", "timeouts": "met", "retries": "met",
                        "interceptors": "not shown"}
    assert all(a["verdict"] == "met" for a in surveyed["hookhttp"]["requirements"])
    by_heading = {s["heading"]: s["body"] for s in outcome.sections}
    assert by_heading["Recommendation"].startswith("**Recommended: `hookhttp` 1.4.0**")
    assert "**No code is shown:** none was proposed (see Checked code)." in by_heading["Recommendation"]
    # the stand-in index has no wheel of either: nothing could be introspected, so no code was written
    assert by_heading["Checked code"].startswith("**No code is shown:** none was proposed — no API signature could "
                                                 "be read from the candidates themselves (pip install hookhttp==1.4.0")
    assert by_heading["Checked code"].endswith("and code is written only from signatures read from the package "
                                               "itself.")


def test_no_passing_snippet_is_said_with_the_error_or_the_missing_checker() -> None:
    snippet = Snippet("hookhttp-usage", "python", "import hookhttp\n", "a GET", "model", ("hookhttp",))
    failed = CheckResult("python", "failed", "py_compile + mypy", "types", "type_error", "no attribute", {})
    unchecked = CheckResult("rust", "unavailable", "cargo check", "", "checker_unavailable", "cargo is missing")
    assert no_code_text([(snippet, failed)], "") == ("**No proposed code passed its check**, so none is shown as "
                                                     "working: `hookhttp-usage` failed its check (type_error at "
                                                     "types).")
    assert no_code_text([(snippet, unchecked)], "").endswith("could not be checked: checker unavailable (cargo is "
                                                             "missing).")
    passed = CheckResult("python", "passed", "py_compile + mypy", "", "", "", {"hookhttp": "1.4.0"})
    assert no_code_text([(snippet, passed)], "") == ""
    question = Snippet("question-1", "python", "x = 1\n", "the code in the question", "question")
    # the asker's own code is shown: never "no code is shown", only that none was proposed besides it
    assert no_code_text([(question, passed)], "no model") == ("**No code was proposed besides yours** (yours is under "
                                                              "Checked code): no model.")
