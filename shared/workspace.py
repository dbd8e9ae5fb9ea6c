"""The workspace scan of a code run (``assay run --workspace PATH``): which packages the project already uses.

Shared by the planner (a run whose question names a workspace dependency is a code run) and domain-code (the
answer fits the versions and licence in use).

Reads the manifests and lock files found in the folder (and its sub-folders, at most ``max_depth`` deep,
skipping ``.git``, ``node_modules``, virtual environments and build output): ``pyproject.toml`` (PEP 621
``[project]`` and Poetry), ``requirements*.txt``, ``poetry.lock``, ``uv.lock``, ``Pipfile.lock``,
``package.json``, ``package-lock.json``, ``Cargo.toml`` and ``Cargo.lock``. Each dependency gets the spec it is
declared with and the version its lock file pins. The project's own licence is read too (for the licence fit of
the candidates). A file that does not parse is named in ``problems``; it never stops the scan.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shared.text.packages import Ecosystem

SKIP_DIRS = frozenset({".git", "node_modules", ".venv", "venv", "env", "target", "__pycache__", "dist", "build",
                       ".tox", ".mypy_cache", ".assay"})
_REQ_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(.*)$")
COPYLEFT = ("AGPL", "LGPL", "GPL", "MPL", "EUPL", "SSPL", "CDDL", "EPL")
PERMISSIVE = ("MIT", "BSD", "APACHE", "ISC", "ZLIB", "UNLICENSE", "0BSD", "PSF", "PYTHON", "CC0", "BSL-1.0")


class WorkspaceError(ValueError):
    """The workspace path cannot be scanned (it does not exist or is not a folder)."""


@dataclass(frozen=True)
class Dependency:
    """One dependency of the workspace: ``spec`` as declared (">=0.27", "^1.2", "1"), ``version`` as locked
    (None when no lock file pins it), the manifest (relative path) it was found in."""

    ecosystem: Ecosystem
    name: str
    spec: str
    version: str | None
    manifest: str


@dataclass
class Workspace:
    """The scan: manifests read (relative paths), dependencies, the project's licence, problems."""

    root: str
    manifests: list[str] = field(default_factory=list)
    dependencies: list[Dependency] = field(default_factory=list)
    licence: str | None = None
    problems: list[str] = field(default_factory=list)

    def ecosystems(self) -> list[Ecosystem]:
        """The ecosystems the project uses, most dependencies first."""
        counts: dict[Ecosystem, int] = {}
        for dep in self.dependencies:
            counts[dep.ecosystem] = counts.get(dep.ecosystem, 0) + 1
        return sorted(counts, key=lambda e: -counts[e])

    def in_use(self, ecosystem: Ecosystem, name: str) -> Dependency | None:
        """The workspace's dependency of that name (case and ``-``/``_`` folded), or None."""
        key = _norm(name)
        return next((d for d in self.dependencies if d.ecosystem == ecosystem and _norm(d.name) == key), None)

    def as_dict(self) -> dict[str, Any]:
        """The JSON-able record stored in ``PackagesSurveyed.workspace``."""
        return {"root": self.root, "manifests": list(self.manifests), "licence": self.licence,
                "problems": list(self.problems),
                "dependencies": [{"ecosystem": d.ecosystem, "name": d.name, "spec": d.spec, "version": d.version,
                                  "manifest": d.manifest} for d in self.dependencies]}


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name.lower())


def _alternatives(package: str) -> list[str]:
    """The choices of an SPDX ``OR`` expression ("MIT OR Apache-2.0", "MIT/Apache-2.0"); one item otherwise."""
    parts = [p.strip(" ()") for p in re.split(r"\s+OR\s+|\s*/\s*", package, flags=re.I)]
    return [p for p in parts if p] or [package]


def _fit_one(project: str, package: str) -> str:
    upper_pkg, upper_proj = package.upper(), project.upper()
    copyleft = next((c for c in COPYLEFT if c in upper_pkg), None)
    if copyleft and copyleft not in upper_proj:
        weak = copyleft in ("LGPL", "MPL", "EPL", "CDDL")
        return (f"copyleft: {package} in a {project} project "
                + ("(weak copyleft: fine to link, changes to it must be shared)" if weak
                   else "(the combined work must be released under it)"))
    if copyleft or any(p in upper_pkg for p in PERMISSIVE):
        return "fits"
    return f"unknown: {package} is not a licence this check knows"


def licence_fit(project: str | None, package: str | None) -> str:
    """How a package's licence fits the project's: "fits", "copyleft: ..." (a copyleft licence in a project that
    is not under it), or "unknown: ..." (either licence unknown). A package offered under a choice of licences
    (SPDX ``OR``) fits when one of them does."""
    if not package:
        return "unknown: the registry gives no licence"
    if not project:
        return "unknown: the workspace declares no licence"
    fits = [_fit_one(project, choice) for choice in _alternatives(package)]
    if "fits" in fits:
        return "fits"
    weak = [f for f in fits if f.startswith("copyleft") and "weak copyleft" in f]
    return (weak or [f for f in fits if f.startswith("copyleft")] or fits)[0] if len(fits) > 1 \
        else _fit_one(project, package)


def licence_clash(project: str | None, package: str | None) -> str | None:
    """The reason a package's licence clashes with the project's, or None: a clash is a strong copyleft licence
    (GPL, AGPL, SSPL, EUPL) with no permissive alternative in a project that is not under it (e.g. GPL-3.0 in an
    MIT project: the combined work would have to be released under the GPL). Weak copyleft (LGPL, MPL) and
    unknown licences are not clashes (:func:`licence_fit` says so)."""
    fit = licence_fit(project, package)
    if fit.startswith("copyleft") and "weak copyleft" not in fit:
        return f"{package} is a strong copyleft licence and your project is {project}: the combined work " \
               "would have to be released under it"
    return None


#: the first lines of a licence file -> its SPDX identifier (the most specific match first)
_LICENCE_TEXTS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.I | re.S), spdx) for p, spdx in (
    (r"GNU AFFERO GENERAL PUBLIC LICENSE.{0,200}Version 3", "AGPL-3.0"),
    (r"GNU LESSER GENERAL PUBLIC LICENSE.{0,200}Version 3", "LGPL-3.0"),
    (r"GNU LESSER GENERAL PUBLIC LICENSE|GNU LIBRARY GENERAL PUBLIC LICENSE", "LGPL-2.1"),
    (r"GNU GENERAL PUBLIC LICENSE.{0,200}Version 3", "GPL-3.0"),
    (r"GNU GENERAL PUBLIC LICENSE.{0,200}Version 2", "GPL-2.0"),
    (r"Mozilla Public License,? (?:Version )?2\.0", "MPL-2.0"),
    (r"Apache License.{0,100}Version 2\.0", "Apache-2.0"),
    (r"\bMIT License\b|Permission is hereby granted, free of charge", "MIT"),
    (r"\bISC License\b", "ISC"),
    (r"This is free and unencumbered software released into the public domain", "Unlicense"),
    (r"Redistribution and use in source and binary forms.{0,1200}Neither the name", "BSD-3-Clause"),
    (r"Redistribution and use in source and binary forms", "BSD-2-Clause"),
))
LICENCE_FILES = ("LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "LICENCE.md", "LICENCE.txt", "COPYING",
                 "COPYING.md", "COPYING.txt")


def licence_of_text(text: str) -> str | None:
    """The SPDX identifier of a licence file's text (its first 4,000 characters), or None when not recognised."""
    head = text[:4000]
    return next((spdx for pattern, spdx in _LICENCE_TEXTS if pattern.search(head)), None)


def scan(path: str | Path, *, max_depth: int = 3, max_files: int = 200) -> Workspace:
    """Scan the folder ``path`` (see the module). Raises WorkspaceError when it does not exist or is a file."""
    root = Path(path).expanduser()
    if not root.exists():
        raise WorkspaceError(f"workspace {str(path)!r} does not exist")
    if not root.is_dir():
        raise WorkspaceError(f"workspace {str(path)!r} is not a folder")
    ws = Workspace(str(root.resolve()))
    locked: dict[tuple[Ecosystem, str], str] = {}
    declared: list[tuple[Ecosystem, str, str, str]] = []
    seen = 0
    for folder, dirs, files in os.walk(root):
        depth = len(Path(folder).relative_to(root).parts)
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith(".") and depth < max_depth)
        for name in sorted(files):
            if seen >= max_files:
                break
            file = Path(folder) / name
            rel = str(file.relative_to(root))
            reader = _READERS.get(name) or (_requirements if re.fullmatch(r"requirements.*\.txt", name) else None)
            if reader is None:
                continue
            seen += 1
            try:
                text = file.read_text("utf-8")
                out = reader(text)
            except (OSError, UnicodeDecodeError, ValueError, tomllib.TOMLDecodeError, KeyError, TypeError,
                    AttributeError) as exc:
                ws.problems.append(f"{rel}: not read ({exc.__class__.__name__}: {str(exc)[:120]})")
                continue
            ws.manifests.append(rel)
            for eco, dep, spec_or_version, kind in out:
                if kind == "lock":
                    locked.setdefault((eco, _norm(dep)), spec_or_version)
                elif kind == "licence":
                    ws.licence = ws.licence or spec_or_version
                else:
                    declared.append((eco, dep, spec_or_version, rel))
    if ws.licence is None or ws.licence in LICENCE_FILES:  # none declared, or a manifest names its file
        for name in ([ws.licence] if ws.licence else []) + list(LICENCE_FILES):
            file = root / name
            if file.is_file():
                try:
                    found = licence_of_text(file.read_text("utf-8", "replace"))
                except OSError as exc:
                    ws.problems.append(f"{name}: not read ({exc.__class__.__name__})")
                    continue
                if found:
                    ws.licence = found
                    ws.manifests.append(name)
                    break
    seen_deps: set[tuple[str, str]] = set()
    for eco, dep, spec, rel in declared:
        if (eco, _norm(dep)) in seen_deps:
            continue
        seen_deps.add((eco, _norm(dep)))
        ws.dependencies.append(Dependency(eco, dep, spec, locked.get((eco, _norm(dep))), rel))
    return ws


Found = list[tuple[Ecosystem, str, str, str]]  # (ecosystem, name, spec or version or licence, kind)


def _req_line(line: str) -> tuple[str, str] | None:
    line = line.split("#", 1)[0].strip()
    if not line or line.startswith(("-", "git+", "http:", "https:", "file:")):
        return None
    match = _REQ_NAME.match(line)
    if not match:
        return None
    spec = match.group(3).split(";", 1)[0].strip()
    return match.group(1), spec


def _requirements(text: str) -> Found:
    out: Found = []
    for line in text.splitlines():
        parsed = _req_line(line)
        if parsed:
            kind = "lock" if parsed[1].startswith("==") and "*" not in parsed[1] else "declared"
            out.append(("pypi", parsed[0], parsed[1], "declared"))
            if kind == "lock":
                out.append(("pypi", parsed[0], parsed[1][2:].strip(), "lock"))
    return out


def _pyproject(text: str) -> Found:
    data = tomllib.loads(text)
    out: Found = []
    project = data.get("project") or {}
    requirements = list(project.get("dependencies") or [])
    for extra in (project.get("optional-dependencies") or {}).values():
        requirements.extend(extra)
    for requirement in requirements:
        parsed = _req_line(str(requirement))
        if parsed:
            out.append(("pypi", parsed[0], parsed[1], "declared"))
    poetry = (data.get("tool") or {}).get("poetry") or {}
    for name, spec in (poetry.get("dependencies") or {}).items():
        if name.lower() != "python":
            out.append(("pypi", name, str(spec.get("version", "")) if isinstance(spec, dict) else str(spec),
                        "declared"))
    licence = project.get("license") or poetry.get("license")
    if isinstance(licence, dict):
        licence = licence.get("text") or licence.get("file")
    if not licence:  # a trove classifier ("License :: OSI Approved :: MIT License")
        named = [str(c).split("::")[-1].strip() for c in (project.get("classifiers") or poetry.get("classifiers") or [])
                 if str(c).startswith("License ::")]
        licence = named[0] if named else None
    if licence:
        out.append(("pypi", "", str(licence), "licence"))
    return out


def _toml_lock(ecosystem: Ecosystem) -> Any:
    def read(text: str) -> Found:
        data = tomllib.loads(text)
        return [(ecosystem, str(p["name"]), str(p["version"]), "lock") for p in data.get("package") or []
                if "name" in p and "version" in p]
    return read


def _pipfile_lock(text: str) -> Found:
    data = json.loads(text)
    out: Found = []
    for section in ("default", "develop"):
        for name, info in (data.get(section) or {}).items():
            version = str(info.get("version", "")).lstrip("=")
            if version:
                out.append(("pypi", name, version, "lock"))
    return out


def _package_json(text: str) -> Found:
    data = json.loads(text)
    out: Found = []
    for section in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"):
        for name, spec in (data.get(section) or {}).items():
            out.append(("npm", name, str(spec), "declared"))
    if data.get("license"):
        out.append(("npm", "", str(data["license"]), "licence"))
    return out


def _package_lock(text: str) -> Found:
    data = json.loads(text)
    out: Found = []
    for key, info in (data.get("packages") or {}).items():
        if key.startswith("node_modules/") and isinstance(info, dict) and info.get("version"):
            out.append(("npm", key.rsplit("node_modules/", 1)[1], str(info["version"]), "lock"))
    for name, info in (data.get("dependencies") or {}).items():  # lockfileVersion 1
        if isinstance(info, dict) and info.get("version"):
            out.append(("npm", name, str(info["version"]), "lock"))
    return out


def _cargo_toml(text: str) -> Found:
    data = tomllib.loads(text)
    out: Found = []
    for section in ("dependencies", "dev-dependencies", "build-dependencies"):
        for name, spec in (data.get(section) or {}).items():
            out.append(("crates", name, str(spec.get("version", "")) if isinstance(spec, dict) else str(spec),
                        "declared"))
    licence = (data.get("package") or {}).get("license")
    if licence:
        out.append(("crates", "", str(licence), "licence"))
    return out


_READERS: dict[str, Any] = {
    "pyproject.toml": _pyproject, "poetry.lock": _toml_lock("pypi"), "uv.lock": _toml_lock("pypi"),
    "Pipfile.lock": _pipfile_lock, "package.json": _package_json, "package-lock.json": _package_lock,
    "Cargo.toml": _cargo_toml, "Cargo.lock": _toml_lock("crates"),
}
