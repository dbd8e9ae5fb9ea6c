"""The workspace scan: manifests and lock files of the three ecosystems, versions in use, licence fit, and a
path that does not exist refused with a clear error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shared.workspace import WorkspaceError, licence_fit, scan


def a_project(root: Path) -> Path:
    (root / "pyproject.toml").write_text(
        '[project]\nname = "demo"\nlicense = {text = "MIT"}\n'
        'dependencies = ["fetchkit>=2.0", "pydantic[email]==2.14.3 ; python_version >= \'3.10\'"]\n'
        '[project.optional-dependencies]\ntest = ["pytest"]\n')
    (root / "uv.lock").write_text('version = 1\n[[package]]\nname = "fetchkit"\nversion = "2.3.0"\n'
                                  '[[package]]\nname = "pytest"\nversion = "9.2.0"\n')
    (root / "requirements-dev.txt").write_text("# dev tools\nruff==0.17.5\n-e .\n")
    web = root / "web"
    web.mkdir()
    (web / "package.json").write_text(json.dumps({"name": "web", "license": "MIT",
                                                  "dependencies": {"fetchit": "^5.0.0"}}))
    (web / "package-lock.json").write_text(json.dumps({"lockfileVersion": 3, "packages": {
        "": {"name": "web"}, "node_modules/fetchit": {"version": "5.0.2"}}}))
    (web / "node_modules").mkdir()
    (web / "node_modules" / "package.json").write_text("{not json")  # skipped: never read
    rs = root / "rs"
    rs.mkdir()
    (rs / "Cargo.toml").write_text('[package]\nname = "x"\nlicense = "Apache-2.0"\n[dependencies]\n'
                                   'fetchrs = "0.12"\nserde = { version = "1", features = ["derive"] }\n')
    (rs / "Cargo.lock").write_text('[[package]]\nname = "fetchrs"\nversion = "0.12.2"\n')
    return root


def test_manifests_and_locks_give_the_versions_in_use(tmp_path: Path) -> None:
    ws = scan(a_project(tmp_path))
    assert set(ws.manifests) == {"pyproject.toml", "uv.lock", "requirements-dev.txt", "web/package.json",
                                 "web/package-lock.json", "rs/Cargo.toml", "rs/Cargo.lock"}
    fetchkit = ws.in_use("pypi", "FetchKit")
    assert fetchkit is not None and fetchkit.spec == ">=2.0" and fetchkit.version == "2.3.0"
    pydantic = ws.in_use("pypi", "pydantic")
    assert pydantic is not None and pydantic.spec == "==2.14.3"
    ruff = ws.in_use("pypi", "ruff")
    assert ruff is not None and ruff.version == "0.17.5" and ruff.manifest == "requirements-dev.txt"
    fetchit = ws.in_use("npm", "fetchit")
    assert fetchit is not None and fetchit.spec == "^5.0.0" and fetchit.version == "5.0.2"
    serde = ws.in_use("crates", "serde")
    assert serde is not None and serde.spec == "1" and serde.version is None
    assert ws.in_use("crates", "fetchrs") is not None and ws.licence == "MIT"
    assert ws.ecosystems()[0] == "pypi" and set(ws.ecosystems()) == {"pypi", "npm", "crates"}
    assert ws.problems == []


def test_a_broken_manifest_is_named_and_the_scan_goes_on(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text("{broken")
    (tmp_path / "requirements.txt").write_text("fetchkit==2.4.1\n")
    ws = scan(tmp_path)
    assert ws.problems and ws.problems[0].startswith("package.json: not read (JSONDecodeError")
    assert ws.in_use("pypi", "fetchkit") is not None


def test_a_path_that_does_not_exist_or_is_a_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="does not exist"):
        scan(tmp_path / "nope")
    (tmp_path / "f.txt").write_text("x")
    with pytest.raises(WorkspaceError, match="is not a folder"):
        scan(tmp_path / "f.txt")


def test_licence_fit() -> None:
    assert licence_fit("MIT", "BSD-3-Clause") == "fits"
    assert licence_fit("MIT", "GPL-3.0-only").startswith("copyleft: GPL-3.0-only in a MIT project (the combined")
    assert "weak copyleft" in licence_fit("Apache-2.0", "LGPL-2.1")
    assert licence_fit("GPL-3.0", "GPL-3.0-or-later") == "fits"
    assert licence_fit(None, "MIT").startswith("unknown") and licence_fit("MIT", None).startswith("unknown")
