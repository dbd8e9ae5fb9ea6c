"""A code question asking a fact of one named package (its algorithm, its weekly downloads, whether it implements
something, whether it is still maintained) is answered by that fact, from what its sources state, or "Not
established": a recommendation of the package is no answer to it (trial t75s q18, q19, q20, q28, q30, with other
invented names). "Which rate limiting algorithm does <pkg> use?" led with "**Recommended: ...**" at medium;
"How many weekly downloads does <pkg> have?" (on no page, and not in the registry record) never said "Not
established"; "Does <pkg>-async implement a token bucket?" was a "Yes" because "async" of the package's own name was
read as the asker's requirement; "Is <pkg>-async still maintained?" was a "Yes" from its releases while its page says
"Maintained: no". Loopback registry stand-ins (``tests.code_standins``), fetched pages as ``Page`` values."""

from __future__ import annotations

import asyncio
import json

from services.domain_code.analysis import Outcome
from services.domain_code.pages import Page
from services.domain_code.requirements import requirements_of
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply

PACKAGES = {
    "burstwarden": ("Token bucket rate limiting for Python", "2.1.0",
                    {"1.0.0": "2024-03-01", "2.0.0": "2025-06-01", "2.1.0": "2026-08-14"}),
    "burstwarden-async": ("asyncio sliding-window limiter (fork of burstwarden 0.x)", "0.5.2",
                          {"0.5.0": "2023-02-01", "0.5.1": "2023-05-10", "0.5.2": "2023-12-20"}),
    "pacewarden": ("Rate limiting for Python web services", "1.3.0",
                   {"1.0.0": "2024-01-10", "1.2.0": "2025-09-02", "1.3.0": "2026-09-20"}),
}
PAGES = {
    "burstwarden-async": Page(
        "p1", "https://pkgs.example/packages/burstwarden-async", "burstwarden-async: an asyncio sliding-window fork",
        "burstwarden-async is a separate fork of an early burstwarden release.\n\n"
        "| Field | burstwarden-async |\n| --- | --- |\n| Latest version | 0.5.2 |\n| Algorithm | sliding window |\n"
        "| Maintained | no |\n\n"
        "burstwarden-async only implements a sliding window counter; it has no token bucket."),
    "pacewarden": Page(
        "p2", "https://pkgs.example/packages/pacewarden", "pacewarden: rate limiting for Python",
        "pacewarden limits request rates for threads and asyncio.\n\n"
        "| Field | pacewarden |\n| --- | --- |\n| Latest version | 1.3.0 |\n| Algorithm | fixed window counter |\n"
        "| Maintained | yes |\n\npacewarden is licensed under MIT."),
}


def routes() -> dict[str, Reply]:
    return {f"/pypi/{name}/json": Reply(200, json.dumps(pypi_json(
        name, version, summary=summary, releases=releases)).encode(), JSON)
        for name, (summary, version, releases) in PACKAGES.items()}


def _run(question: str, pages: list[Page]) -> tuple[str, Outcome]:
    out, _ = asyncio.run(analysed(question, routes_added=routes(), pages=pages))
    lead = str(out.sections[0]["body"]).split("\n")[0] if out.sections else ""
    return lead, out


def test_a_token_of_the_package_s_own_name_is_no_requirement() -> None:
    question = "Does the Python package burstwarden-async implement a token bucket?"
    assert [r.text for r in requirements_of(question, ["burstwarden-async"])] == []
    assert [r.text for r in requirements_of(question)] == []
    # the same word written as the asker's own need still is one
    assert [r.text for r in requirements_of("Which Python package does async rate limiting?")] == ["async"]


def test_a_yes_no_on_a_named_package_follows_what_its_sources_state_not_its_name() -> None:
    lead, out = _run("Does the Python package burstwarden-async implement a token bucket?",
                     [PAGES["burstwarden-async"]])
    assert lead.startswith("**No:**"), lead
    assert "no token bucket" in lead
    assert "async" not in lead.split("`burstwarden-async`")[0]


def test_an_attribute_a_spec_row_gives_is_the_answer_not_a_recommendation() -> None:
    lead, out = _run("Which rate limiting algorithm does the Python package pacewarden use?", [PAGES["pacewarden"]])
    assert not lead.startswith("**Recommended"), lead
    assert "fixed window counter" in lead
    assert out.max_tier == "medium"
    assert out.pick == {"kind": "answer"}


def test_an_attribute_of_a_fork_is_answered_for_the_fork_itself() -> None:
    lead, out = _run("Which algorithm does the Python package burstwarden-async use for rate limiting?",
                     [PAGES["burstwarden-async"], PAGES["pacewarden"]])
    assert not lead.startswith("**Recommended"), lead
    assert "sliding window" in lead
    assert "fixed window" not in lead


def test_an_attribute_no_source_gives_is_not_established_at_low() -> None:
    lead, out = _run("Which rate limiting algorithm does the Python package pacewarden use?", [])
    assert lead.startswith("Not established: "), lead
    assert out.max_tier == "low"


def test_downloads_the_registry_record_does_not_give_are_not_established_at_low() -> None:
    lead, out = _run("How many weekly downloads does the Python package pacewarden have?", [PAGES["pacewarden"]])
    assert lead.startswith("Not established: "), lead
    assert "pacewarden" in lead
    assert out.max_tier == "low"


def test_a_page_saying_maintained_no_makes_the_upkeep_answer_no() -> None:
    lead, out = _run("Is the Python package burstwarden-async still maintained?", [PAGES["burstwarden-async"]])
    assert lead.startswith("**No:**"), lead
    assert "Maintained | no" in lead or "Maintained" in lead
    # a page saying it is maintained, with a recent release, keeps the yes
    lead, _ = _run("Is the Python package pacewarden still maintained?", [PAGES["pacewarden"]])
    assert lead.startswith("**Yes:**"), lead


def test_how_accurate_a_named_package_is_is_answered_by_its_figure_or_not_established() -> None:
    # trial t77s q15: "How accurate is <pkg>?" led by "**Recommended: ...**" at 0.60 medium
    page = Page("p3", "https://pkgs.example/packages/pacewarden-geo", "pacewarden: accuracy",
                "| Field | pacewarden |\n| --- | --- |\n| Latest version | 1.3.0 |\n| Accuracy | 2 ms |\n\n"
                "pacewarden is accurate to 2 ms per window.")
    lead, out = _run("How accurate is the Python package pacewarden for request timing?", [page])
    assert not lead.startswith("**Recommended"), lead
    assert "2 ms" in lead and out.pick == {"kind": "answer"}
    lead, out = _run("How accurate is the Python package pacewarden for request timing?", [])
    assert lead.startswith("Not established: "), lead
    assert out.max_tier == "low"
