"""Issue 15, trial t31 (code domain): an inactive PyPI project was said to have a deprecated latest release and a
"newest one that is not" that was the same release. Registries on loopback (tests/code_standins)."""

from __future__ import annotations

import json

from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply


def _inactive_routes() -> dict[str, Reply]:
    """``markleaf``: a Markdown library whose project is marked Inactive (the classifier), its README saying so."""
    doc = pypi_json("markleaf", "2.1.0", summary="Render Markdown to HTML",
                    releases={"1.0.0": "2019-04-02", "2.0.0": "2020-06-11", "2.1.0": "2021-03-04"},
                    classifiers=("Development Status :: 7 - Inactive",),
                    description="# markleaf\n\nThis project is no longer maintained.\n")
    return {"/pypi/markleaf/json": Reply(200, json.dumps(doc).encode(), JSON)}


async def test_an_inactive_project_is_said_inactive_with_its_last_release_not_a_deprecated_release() -> None:
    outcome, _ = await analysed("Our Flask blog uses markleaf for Markdown. Should we keep it?",
                                routes_added=_inactive_routes())
    body = outcome.sections[0]["body"]
    first = body.split("\n\n")[0]
    assert first.startswith("**No:** `markleaf` is inactive as a project: its PyPI classifiers say "
                            "\"Development Status :: 7 - Inactive\"")
    assert "its last release was 2.1.0, of 2021-03-04" in first and "years ago" in first
    assert "no longer maintained" in first  # its README's own notice, said once
    assert first.count("2.1.0") == 1  # not again as "its last usable release, 2.1.0, ..."
    assert "newest one that is not" not in body and "latest release 2.1.0 is deprecated" not in body
    table = next(s["body"] for s in outcome.sections if s["heading"] == "Package comparison")
    row = next(line for line in table.splitlines() if line.startswith("| `markleaf`"))
    assert "inactive project: Development Status :: 7 - Inactive" in row and "2.1.0 deprecated" not in row


async def test_a_release_pulled_alone_still_names_the_newest_one_that_is_not() -> None:
    """The per-release wording stays for a yanked latest release (only that release is pulled)."""
    doc = pypi_json("markstem", "3.0.0", summary="Render Markdown to HTML",
                    releases={"2.9.0": "2025-01-10", "3.0.0": "2026-02-01"}, yanked=True)
    outcome, _ = await analysed("Is markstem still OK for rendering Markdown in Python?",
                                routes_added={"/pypi/markstem/json": Reply(200, json.dumps(doc).encode(), JSON)})
    first = outcome.sections[0]["body"].split("\n\n")[0]
    assert first.startswith("**No:** `markstem`'s latest release 3.0.0 is yanked")
    assert "the newest one that is not is 2.9.0" in first and "inactive" not in first
