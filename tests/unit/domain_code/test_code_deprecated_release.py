"""Trial t55s code items 1 and 5 (C1, C4, C6, C7, B4; X6): npm deprecates versions, not only packages, and has no
yank. A package whose latest npm version only is deprecated ("Broken: ... Use 2.5.0."), an earlier one not, was no
candidate at all, so a GPL package was recommended at medium in its place and a how-to got no snippet; it is now a
caution and a pin to that earlier version, as a yanked release is, unless the message names a package to use
instead or says the package is abandoned (then it is the package's deprecation). And "can I use it in this
product?" with a workspace asks about the workspace's product: its licence says the use (a proprietary one: a
closed-source product), so the package's licence answers, not its upkeep. Invented packages, registry boundary
faked (``FakeRegistry``)."""

from __future__ import annotations

from services.domain_code.offline import Survey, rank, release_deprecated, sections, survey, task_of
from services.domain_code.registries import PackageFacts
from shared.text.licences import LicenceUse, project_use
from shared.workspace import Workspace
from tests.code_standins import FakeRegistry

PICK_Q = "Which npm package should I use to count the word gap between two strings in JavaScript?"


def _npm(name: str, licence: str, versions: dict[str, str], *, deprecated: dict[str, str] | None = None,
         downloads: int = 1000) -> PackageFacts:
    dropped = deprecated or {}
    latest = max(versions, key=lambda v: tuple(int(x) for x in v.split(".")))
    good = [v for v in versions if v not in dropped]
    best_good = max(good, key=lambda v: tuple(int(x) for x in v.split("."))) if good else None
    return PackageFacts("npm", name, f"https://npm.example/{name}", version=latest, latest_release=versions[latest],
                        first_release=min(versions.values()), releases=len(versions), license=licence,
                        summary="Word gap (edit distance) between two strings", downloads=downloads,
                        downloads_period="last week",
                        status="deprecated" if latest in dropped else "active", status_detail=dropped.get(latest, ""),
                        yanked_versions=tuple(dropped), yanked_reasons=tuple(dropped.items()),
                        latest_good=best_good, latest_good_release=versions[best_good] if best_good else None)


GAP_VERSIONS = {"1.0.0": "2022-01-10", "2.0.0": "2023-05-02", "2.4.0": "2025-08-14", "2.5.0": "2026-09-30",
                "2.5.1": "2026-11-18"}
#: MIT, widely used, its latest version only deprecated for a bug, pointing back to 2.5.0
GAPCOUNT = _npm("gapcount", "MIT", GAP_VERSIONS, deprecated={"2.5.1": "Broken: gap() throws on empty input. Use 2.5.0."},
                downloads=640_000)
#: GPL, active, far fewer downloads
WORDGAPS = _npm("wordgaps", "GPL-3.0-only", {"1.0.0": "2024-03-01", "1.2.0": "2025-06-11", "1.3.0": "2026-07-20"},
                downloads=22_000)


def _survey(question: str, known: list[PackageFacts], names: list[str], workspace: Workspace | None = None
            ) -> Survey:
    return survey(FakeRegistry(known), task_of(question, workspace), workspace, search=False,  # type: ignore[arg-type]
                  extra=names)


def _with_other(question: str, workspace: Workspace) -> Survey:
    """The licence question's survey of ``wordgaps`` (the package it names), with ``gapcount`` surveyed beside it
    (as a page naming it, or a successor a workspace dependency names, would have it)."""
    result = _survey(question, [WORDGAPS], ["wordgaps"], workspace)
    result.packages = rank([*result.packages, GAPCOUNT], workspace, result)
    return result


def _body(question: str, result: Survey) -> str:
    return str(sections(question, result, [], [], {})[0][0]["body"])


def test_a_deprecation_of_the_latest_version_only_is_a_release_s_unless_it_names_a_successor_or_abandons() -> None:
    assert release_deprecated(GAPCOUNT) and GAPCOUNT.installable == "2.5.0"
    moved = _npm("gapcount", "MIT", GAP_VERSIONS, deprecated={"2.5.1": "Moved to wordgaps; install that instead."})
    dropped = _npm("gapcount", "MIT", GAP_VERSIONS, deprecated={"2.5.1": "This package is no longer maintained."})
    every = _npm("gapcount", "MIT", GAP_VERSIONS, deprecated={v: "Broken." for v in GAP_VERSIONS})
    assert not release_deprecated(moved) and not release_deprecated(dropped)
    assert not release_deprecated(every) and not release_deprecated(WORDGAPS)
    result = Survey([GAPCOUNT, moved, every, WORDGAPS], ["npm"])
    assert [p.name for p in result.usable()] == ["gapcount", "wordgaps"]
    assert result.usable()[0] is GAPCOUNT


def test_the_package_is_recommended_pinned_at_its_newest_version_not_deprecated() -> None:
    result = _survey(PICK_Q, [GAPCOUNT, WORDGAPS], ["gapcount", "wordgaps"])
    assert [p.name for p in result.packages] == ["gapcount", "wordgaps"]
    body = _body(PICK_Q, result)
    assert body.startswith("**Recommended: `gapcount` 2.5.0** (npm), released 2026-09-30, pinned "
                           "(`\"gapcount\": \"2.5.0\"`) because its latest release 2.5.1 is deprecated "
                           "(Broken: gap() throws on empty input. Use 2.5.0.)")
    assert "usable at 2.5.0 (only its latest release is deprecated; not a possible typosquat)" in body
    abandoned = _npm("gapcount", "MIT", GAP_VERSIONS, downloads=640_000,
                     deprecated={"2.5.1": "gapcount is abandoned: use wordgaps."})
    body = _body(PICK_Q, _survey(PICK_Q, [abandoned, WORDGAPS], ["gapcount", "wordgaps"]))
    assert body.startswith("**Recommended: `wordgaps` 1.3.0**")


LICENCE_Q = "What licence does wordgaps use, and can I use it in this product?"


def test_this_product_with_a_workspace_is_the_workspace_s_and_its_licence_says_the_use() -> None:
    assert project_use(LICENCE_Q, "UNLICENSED") == LicenceUse("closed", project="UNLICENSED")
    assert project_use(LICENCE_Q, "MIT") == LicenceUse("compatible", "MIT", project="MIT")
    assert project_use(LICENCE_Q, "Unlicense") == LicenceUse("compatible", "Unlicense", project="Unlicense")
    assert project_use("Which npm package should this project use for word gaps?", "UNLICENSED") is None
    assert project_use("Can I ship wordgaps with our app?", "Proprietary") == LicenceUse("closed",
                                                                                         project="Proprietary")
    assert project_use(LICENCE_Q, None) is None
    ws = Workspace("/ws", ["package.json"], [], "UNLICENSED")
    body = _body(LICENCE_Q, _with_other(LICENCE_Q, ws))
    assert body.startswith("**No:** `wordgaps` is licensed GPL-3.0-only, a strong copyleft licence: ")
    first = body.split("\n")[0]
    assert "; your workspace is proprietary (its licence: UNLICENSED). `gapcount` 2.5.0 is licensed MIT instead." \
        in first
    mit = Workspace("/ws", ["package.json"], [], "MIT")
    body = _body(LICENCE_Q, _with_other(LICENCE_Q, mit))
    assert body.startswith("**No:** `wordgaps` is licensed GPL-3.0-only, a strong copyleft licence: a project under "
                           "MIT that uses it must")
    assert "; your workspace is under MIT." in body.split("\n")[0]


def test_the_latest_release_asked_of_a_package_pinned_before_its_deprecated_latest_is_the_pinned_one() -> None:
    question = "What is the latest version of gapcount?"
    body = _body(question, _survey(question, [GAPCOUNT], ["gapcount"]))
    assert body.startswith("**Latest release of `gapcount`: 2.5.0** (npm, of 2026-09-30); 2.5.1, of 2026-11-18, is "
                           "newer but deprecated: \"Broken: gap() throws on empty input. Use 2.5.0.\".\n\n"
                           "**Recommended: `gapcount` 2.5.0** (npm)")
