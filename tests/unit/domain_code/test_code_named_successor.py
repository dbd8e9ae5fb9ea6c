"""Issue 15, trial t33 fault 6 (code domain): a deprecated package's own registry text names its successor ("use
tokenpail"); that successor is surveyed whatever words its registry text uses (the relevance test dropped it:
the question says "pace", its summary "rate limiting") and is the package the answer says to use instead, over
another candidate that only shares a word with the question. Registries on loopback (tests/code_standins)."""

from __future__ import annotations

import json

import pytest

from services.domain_code.offline import successors
from services.domain_code.registries import PackageFacts
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply

QUESTION = "We still use pacerlib to pace requests in an old Python service. Is it still OK to keep using it?"


def _routes() -> dict[str, Reply]:
    docs = {
        "pacerlib": pypi_json("pacerlib", "0.8.2", summary="DEPRECATED: simple request pacing, use gatekeep-rl",
                              releases={"0.5.0": "2019-04-01", "0.8.2": "2021-06-20"},
                              classifiers=("Development Status :: 7 - Inactive",),
                              description="# pacerlib\n\n**Deprecated.** pacerlib is no longer maintained; use "
                                          "gatekeep-rl instead.\n"),
        "gatekeep-rl": pypi_json("gatekeep-rl", "2.3.1", summary="Token-bucket rate limiting for sync and async code",
                                 releases={"1.0.0": "2024-01-10", "2.3.1": "2026-09-14"},
                                 description="# gatekeep-rl\n\nA token-bucket rate limiter.\n"),
    }
    return {f"/pypi/{name}/json": Reply(200, json.dumps(doc).encode(), JSON) for name, doc in docs.items()}


def _facts(summary: str, readme: str = "", status: str = "active") -> PackageFacts:
    return PackageFacts("pypi", "oldpkg", "http://127.0.0.1:9/pypi/oldpkg/json", summary=summary, readme=readme,
                        status=status)


def test_a_deprecated_packages_own_words_name_its_successor() -> None:
    assert successors(_facts("DEPRECATED: simple request pacing, use gatekeep-rl")) == ["gatekeep-rl"]
    assert successors(_facts("Pacing", "This package is deprecated. It was replaced by `gatekeep-rl`; "
                                       "migrate to ratekeeper-ng.")) == ["gatekeep-rl", "ratekeeper-ng"]
    assert successors(_facts("Pacing", "Use the pace() function.", status="deprecated")) == []  # no package named
    # an active package's advice names no successor ("use gatekeep-rl for async code" is a companion)
    assert successors(_facts("Pacing for sync code; use gatekeep-rl for async code")) == []


async def test_the_successor_a_deprecated_package_names_is_surveyed_and_recommended_instead() -> None:
    outcome, events = await analysed(QUESTION, routes_added=_routes())
    surveyed = {p["name"] for p in events["PackagesSurveyed"]["packages"]}
    assert {"pacerlib", "gatekeep-rl"} <= surveyed, surveyed
    first = outcome.sections[0]["body"].split("\n\n")[0]
    assert first.startswith("**No:** `pacerlib` is inactive as a project"), first
    assert "; use `gatekeep-rl`" in first, first


@pytest.mark.parametrize(
    "question",
    [
        "I'm still using pacerlib to pace requests in an old Python script - is that ok or should I switch?",
        "We use pacerlib to pace requests in an old Python service; is it still fine to keep it?",
        "We still use pacerlib to pace requests in an old Python service, should we keep it?",
    ],
)
async def test_a_yes_no_clause_after_a_statement_of_use_is_answered_about_the_named_package(question: str) -> None:
    """Trial t35 c3: the yes/no question follows the asker's statement of use within one sentence (after a dash,
    semicolon or comma); it was answered with a recommendation of another package, never saying whether the
    named one is still fine."""
    outcome, _ = await analysed(question, routes_added=_routes())
    first = outcome.sections[0]["body"].split("\n\n")[0]
    # "is that ok or should I switch?" offers two courses: it is answered by the one to take, not by "No" (g50 c3)
    opening = "**Switch from `pacerlib`:**" if "or should I switch" in question else "**No:**"
    assert first.startswith(f"{opening} `pacerlib` is inactive as a project"), first
    assert "; use `gatekeep-rl`" in first, first
