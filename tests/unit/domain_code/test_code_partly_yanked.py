"""Issue 15, trial t49 fault 1: a package whose latest release is yanked while an older release is not was never
recommended ("No candidate package could be recommended: ... yanked in its latest release 4.2.0 only (4.1.0 is
not)"), so nothing was installed, introspected or checked. The README: yanked releases are skipped and the newest
installable release is used. Now such a package is usable at that older release: recommended and pinned at it (the
yanked one named, with the registry's reason), installed at it for introspection. A package every release of which
is yanked stays unusable. Registries and the pip index on loopback (tests/code_standins)."""

from __future__ import annotations

import json

from services.domain_code.offline import Survey, rank
from services.domain_code.registries import PackageFacts
from tests.code_standins import JSON, pypi_json, wheel
from tests.code_standins import analysed as analysed_with
from tests.loopback import Reply

OLD = {"tomlpeel/__init__.py": '"""TOML reading."""\n\n\ndef load(path: str) -> dict[str, object]:\n'
       '    """Read the TOML file at ``path``."""\n    return {}\n'}
NEW = {"tomlpeel/__init__.py": '"""TOML reading."""\n\n\ndef load_broken(path: str) -> None:\n'
       '    """Broken."""\n'}


def _facts(name: str, version: str, yanked: tuple[str, ...], good: str | None) -> PackageFacts:
    return PackageFacts("pypi", name, f"http://127.0.0.1/pypi/{name}/json", version=version,
                        latest_release="2026-06-01", status="yanked" if version in yanked else "active",
                        status_detail="broken" if version in yanked else "", yanked_versions=yanked,
                        latest_good=good, latest_good_release="2025-06-01" if good else None, releases=3)


def test_a_package_yanked_in_its_latest_release_only_is_usable_at_the_older_release() -> None:
    partly = _facts("partly", "3.0.0", ("3.0.0",), "2.9.0")
    wholly = _facts("wholly", "3.0.0", ("2.9.0", "3.0.0"), None)
    active = _facts("active", "1.2.0", (), "1.2.0")
    assert partly.installable == "2.9.0" and wholly.installable == "3.0.0" and active.installable == "1.2.0"
    survey = Survey(rank([wholly, partly, active], None), ["pypi"])
    assert [p.name for p in survey.usable()] == ["active", "partly"]  # the fully active one first on a tie
    assert "wholly" not in [p.name for p in survey.recommendable()]


def _routes() -> dict[str, Reply]:
    doc = pypi_json("tomlpeel", "1.5.0", summary="TOML reader for Python", yanked=True,
                    releases={"1.3.0": "2025-01-10", "1.4.0": "2025-06-01", "1.5.0": "2026-06-01"})
    for file in doc["releases"]["1.5.0"]:
        file["yanked_reason"] = "load() returns None"
    old_whl, old_bytes = wheel("tomlpeel", "1.4.0", OLD, summary="TOML reader for Python")
    new_whl, new_bytes = wheel("tomlpeel", "1.5.0", NEW, summary="TOML reader for Python")
    links = "".join(f'<a href="/files/{w}">{w}</a>' for w in (old_whl, new_whl))  # unpinned, pip would take 1.5.0
    return {"/pypi/tomlpeel/json": Reply(200, json.dumps(doc).encode(), JSON),
            "/simple/tomlpeel/": Reply(200, f"<html><body>{links}</body></html>".encode(), {"Content-Type": "text/html"}),
            f"/files/{old_whl}": Reply(200, old_bytes, {"Content-Type": "application/octet-stream"}),
            f"/files/{new_whl}": Reply(200, new_bytes, {"Content-Type": "application/octet-stream"})}


async def test_it_is_recommended_pinned_and_installed_at_its_newest_release_not_yanked() -> None:
    asked: list[str] = []
    outcome, events = await analysed_with("How do I load a TOML file with tomlpeel in Python?",
                                          routes_added=_routes(), asked=asked)
    body = outcome.sections[0]["body"]
    assert "No candidate package could be recommended" not in body
    assert "**Recommended: `tomlpeel` 1.4.0**" in body
    assert "pinned (`tomlpeel==1.4.0`) because its latest release 1.5.0 is yanked (load() returns None)" in body
    extracted = events["ApiSignaturesExtracted"]
    assert extracted["packages"] == ["tomlpeel==1.4.0"]
    names = [s["name"] for s in extracted["signatures"]]
    assert "load" in names and "load_broken" not in names  # read from the 1.4.0 wheel, not the yanked one
    assert any(path.endswith("tomlpeel-1.4.0-py3-none-any.whl") for path in asked)
    assert not any(path.endswith("tomlpeel-1.5.0-py3-none-any.whl") for path in asked)
