"""Issue 15 leftovers, item 5: a package the recommended package's README names for the job (pydantic's README
points to pydantic-settings for settings) is surveyed as a candidate, over loopback registries; a name the README
gives that does not bear on the question (its test runner) is looked up but never kept, and plain prose is no
package name."""

from __future__ import annotations

import json

from services.domain_code.pages import readme_names
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply

QUESTION = "Should I use confmodel to load settings from environment variables in Python?"
CONFMODEL_README = (
    "# confmodel\n\nData validation with type hints.\n\n"
    "For loading settings from environment variables, use "
    "[confmodel-settings](https://example.org/confmodel-settings): `pip install confmodel-settings`.\n\n"
    "Contributing: we run the tests with `testbench`.\n")


def routes() -> dict[str, Reply]:
    docs = {
        "confmodel": pypi_json("confmodel", "2.9.0", summary="Data validation using Python type hints",
                               releases={"2.0.0": "2024-01-10", "2.9.0": "2026-09-01"}, description=CONFMODEL_README),
        "confmodel-settings": pypi_json("confmodel-settings", "2.5.0",
                                        summary="Settings management from environment variables using confmodel",
                                        releases={"2.0.0": "2024-03-01", "2.5.0": "2026-08-01"},
                                        description="# confmodel-settings\n\nLoad settings from environment "
                                                    "variables and dotenv files.\n"),
        "testbench": pypi_json("testbench", "1.0.0", summary="A benchmark runner for test suites",
                               releases={"1.0.0": "2025-01-01"}),
    }
    return {f"/pypi/{name}/json": Reply(200, json.dumps(doc).encode(), JSON) for name, doc in docs.items()}


def test_a_readme_names_packages_by_install_command_code_span_or_link() -> None:
    assert readme_names(CONFMODEL_README, "pypi") == ["confmodel-settings", "testbench"]
    assert readme_names("Settings are loaded from the environment. See the docs.", "pypi") == []


async def test_a_package_the_candidates_readme_names_for_the_job_is_surveyed() -> None:
    asked: list[str] = []
    _outcome, events = await analysed(QUESTION, routes_added=routes(), asked=asked)
    surveyed = {p["name"] for p in events["PackagesSurveyed"]["packages"]}
    assert {"confmodel", "confmodel-settings"} <= surveyed, surveyed
    assert "/pypi/testbench/json" in asked and "testbench" not in surveyed  # looked up, bears on nothing asked
