"""A requirement phrased "including X", "with support for X" or ", handles X" is read like "that supports X"
(issue 15, trial t50s fault 5: "... durations in TypeScript, including negative durations like -PT5M?" stated no
requirement, so a package that cannot parse them was recommended by downloads)."""

from __future__ import annotations

from services.domain_code.requirements import requirements_of


def texts(question: str) -> list[str]:
    return [r.text for r in requirements_of(question)]


def test_including_with_support_for_and_handles_state_requirements_like_that_supports() -> None:
    asked = "Which npm package should I use to read cron spans in TypeScript{} leap seconds like 23:59:60?"
    assert texts(asked.format(" that supports")) == ["supports leap seconds"]
    for phrasing in (", including", " including", " with support for", ", handles", ", supports"):
        got = texts(asked.format(phrasing))
        assert [t.removeprefix("supports ") for t in got] == ["leap seconds"], (phrasing, got)
    assert texts("Which crate reads INI files, including the sections?") == ["reads INI files", "sections"]
    assert texts("Which Python library parses cron strings, handles time zones and leap seconds?") == \
        ["parses cron strings", "time zones", "leap seconds"]


def test_a_question_without_such_a_phrase_states_no_requirement() -> None:
    assert texts("Which npm package should I use to read cron spans in TypeScript? Show an example.") == []
