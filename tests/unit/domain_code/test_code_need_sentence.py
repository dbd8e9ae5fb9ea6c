"""A requirement stated as the asker's need in a sentence of its own (issue 15, trial t40 fault 5): "Which library
should I use for parsing cron expressions in Python? I need time zone support." read no requirement, so tickcron,
whose README says "It does not support time zones", became runner-up; "with time zone support" worked."""

from __future__ import annotations

import pytest

from services.domain_code.registries import PackageFacts
from services.domain_code.requirements import assess, requirements_of


@pytest.mark.parametrize(("question", "wanted"), [
    ("Which library should I use for parsing cron expressions in Python? I need time zone support.",
     ["time zone support"]),
    ("Which npm package should I use? I need TypeScript types.", ["TypeScript types"]),
    ("We need async support and retries. Which HTTP client?", ["async support", "retries"]),
    ("We require streaming. What is the best CSV parser for Node?", ["streaming"]),
    ("I need time zone support for my cron library.", ["time zone support"]),
])
def test_the_asker_s_need_is_a_requirement(question: str, wanted: list[str]) -> None:
    assert [r.text for r in requirements_of(question)] == wanted


@pytest.mark.parametrize(("question", "wanted"), [
    ("I need a YAML library that preserves comments.", ["preserves comments"]),  # the thing asked for is none
    ("I need a good Python HTTP client library that supports HTTP/2", ["supports HTTP/2"]),
    ("I need a Python library for parsing dates", []),
    ("I need help choosing a Python HTTP client.", []),
    ("Is pycronlite OK? I want something maintained.", []),
    ("I need to parse cron expressions in Python, which library?", ["parse cron expressions"]),  # "need to" as before
])
def test_a_need_for_the_package_itself_or_for_help_is_no_requirement(question: str, wanted: list[str]) -> None:
    assert [r.text for r in requirements_of(question)] == wanted


def test_a_readme_saying_it_lacks_the_need_contradicts_it() -> None:
    need = requirements_of("Which cron library for Python? I need time zone support.")[0]
    tickcron = PackageFacts("pypi", "tickcron", "http://127.0.0.1:9/pypi/tickcron/json",
                            summary="A tiny cron expression parser",
                            readme="# tickcron\n\nParses cron expressions. It does not support time zones.")
    cronspan = PackageFacts("pypi", "cronspan", "http://127.0.0.1:9/pypi/cronspan/json",
                            summary="Time-zone aware cron schedules",
                            readme="# cronspan\n\nCron expressions with full time zone support (IANA names).")
    assert assess(need, tickcron).verdict == "contradicted"
    assert assess(need, cronspan).verdict == "met"
