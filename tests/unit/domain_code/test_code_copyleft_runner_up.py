"""With no project licence to fit (no workspace, or none declared), a candidate under a strong copyleft licence
ranks after one under a permissive licence that stands as well otherwise, before downloads and recency: the
runner-up is the one any project may use (issue 15, g50 c1: GPL-3.0 `isodurations`, one dated release, was named
runner-up over BSD `isodate` on its newer release alone). A project whose licence is known is fitted as before
(a clash leaves the candidate out; a GPL project may use a GPL package). Invented packages."""

from __future__ import annotations

from services.domain_code.offline import Survey, rank, sections
from services.domain_code.registries import PackageFacts
from shared.workspace import Workspace

QUESTION = "Which Python library should I use to parse ISO 8601 spans into a timedelta?"


def facts(name: str, first: str, latest: str, releases: int, licence: str) -> PackageFacts:
    return PackageFacts("pypi", name, f"https://pypi.example/{name}", version="1.0.0", first_release=first,
                        latest_release=latest, releases=releases, license=licence)


PICK = facts("spankit", "2021-03-01", "2025-04-22", 8, "MIT")  # established: several releases over years
COPYLEFT = facts("spanparse", "2026-06-30", "2026-06-30", 4, "GPL-3.0-or-later")  # one dated release, newer
PERMISSIVE = facts("isospan", "2024-10-08", "2024-10-08", 5, "BSD-3-Clause")  # one dated release, older


def names(workspace: Workspace | None) -> list[str]:
    packages = [COPYLEFT, PERMISSIVE, PICK]
    return [p.name for p in rank(packages, workspace, Survey(packages, ["pypi"], workspace))]


def test_a_strong_copyleft_candidate_ranks_after_a_permissive_one_when_no_project_licence_is_known() -> None:
    assert names(None) == ["spankit", "isospan", "spanparse"]
    assert names(Workspace("/ws", ["pyproject.toml"], [], None)) == ["spankit", "isospan", "spanparse"]
    # a GPL project may use it: then only recency tells the two apart
    assert names(Workspace("/ws", ["pyproject.toml"], [], "GPL-3.0-or-later")) == ["spankit", "spanparse", "isospan"]
    # a weak copyleft licence binds no program using the package
    weak = facts("spanparse", "2026-06-30", "2026-06-30", 4, "MPL-2.0")
    assert [p.name for p in rank([weak, PERMISSIVE], None)] == ["spanparse", "isospan"]


def test_the_runner_up_is_the_permissive_candidate() -> None:
    packages = [COPYLEFT, PERMISSIVE, PICK]
    result = Survey(rank(packages, None, Survey(packages, ["pypi"])), ["pypi"])
    body = sections(QUESTION, result, [], [], {})[0][0]["body"]
    assert "**Recommended: `spankit` 1.0.0**" in body
    assert "Runner-up: `isospan` 1.0.0" in body and "Runner-up: `spanparse`" not in body
