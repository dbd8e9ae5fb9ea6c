"""The workspace's own code that uses a package, and whether a registry's reason for yanking a release bears on it.

:func:`package_lines` reads the source files of the scanned workspace (``assay run --workspace PATH``: Python for a
PyPI package, JavaScript and TypeScript for an npm one, Rust for a crate) and returns the lines that use the package
after the file imports it ("durationkit.parse(iso, allow_negative=True)" after "import durationkit"). Only read,
never run. :func:`touched_lines` says which of them name what a registry's reason names ("Negative durations lose
their sign; use 2.3.1" and ``allow_negative=True`` share "negative"): the reason then bears on the project's own
use, and the report says so.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from shared.text.packages import Ecosystem
from shared.text.tokens import is_stopword, tokenize
from shared.workspace import SKIP_DIRS

__all__ = ["CodeLine", "SourceFile", "source_files", "package_lines", "touched_lines", "reason_terms"]

#: the source files read per ecosystem
SUFFIXES: dict[Ecosystem, tuple[str, ...]] = {
    "pypi": (".py",),
    "npm": (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"),
    "crates": (".rs",),
}
#: the most source files read, the largest file read (bytes) and the most lines returned per package
MAX_FILES = 300
MAX_FILE_BYTES = 200_000
MAX_LINES = 20
#: the deepest folder read below the workspace root
MAX_DEPTH = 5


@dataclass(frozen=True)
class CodeLine:
    """One line of the workspace's code using a package: ``path`` relative to the workspace root, ``line``
    (1-based), ``text`` the line without its indentation."""

    path: str
    line: int
    text: str


def _module(name: str) -> str:
    """The name a package is imported by in code: "durationkit", "python_dateutil" for "python-dateutil"."""
    return re.sub(r"[-.]", "_", name.lower())


def _python_names(text: str, module: str) -> tuple[set[str], set[str]]:
    """The names ``text`` imports the module as (``import m``, ``import m as x``) and the names it imports from it
    (``from m import a, b as c``; ``from m.sub import d``)."""
    aliases: set[str] = set()
    names: set[str] = set()
    for m in re.finditer(r"(?m)^\s*import\s+(.+)$", text):
        for part in m.group(1).split(","):
            bits = part.split()
            if bits and bits[0].lower() == module:
                aliases.add(bits[2] if len(bits) == 3 and bits[1] == "as" else bits[0])
    for m in re.finditer(rf"(?m)^\s*from\s+{re.escape(module)}(?:\.\w+)*\s+import\s+\(?([^)\n]+)\)?", text,
                         re.IGNORECASE):
        for part in m.group(1).split(","):
            bits = part.split()
            if bits:
                names.add(bits[2] if len(bits) == 3 and bits[1] == "as" else bits[0])
    return aliases, names


def _js_names(text: str, package: str) -> tuple[set[str], set[str]]:
    """The names ``text`` binds the npm package to (a default or namespace import, ``require``) and the names it
    imports from it (``import { a, b as c } from "pkg"``, ``const { a } = require("pkg")``)."""
    quoted = rf"""["']{re.escape(package)}(?:/[^"']*)?["']"""
    aliases: set[str] = set()
    names: set[str] = set()
    for m in re.finditer(rf"import\s+(?:type\s+)?(?:\*\s+as\s+)?(\w+)?\s*,?\s*(?:\{{([^}}]*)\}})?\s*from\s*{quoted}",
                         text):
        if m.group(1):
            aliases.add(m.group(1))
        for part in (m.group(2) or "").split(","):
            bits = part.split()
            if bits:
                names.add(bits[2] if len(bits) == 3 and bits[1] == "as" else bits[0])
    for m in re.finditer(rf"(?:const|let|var)\s+(?:(\w+)|\{{([^}}]*)\}})\s*=\s*require\(\s*{quoted}\s*\)", text):
        if m.group(1):
            aliases.add(m.group(1))
        for part in (m.group(2) or "").split(","):
            bits = [b.strip() for b in part.split(":")]
            if bits and bits[-1]:
                names.add(bits[-1])
    return aliases, names


def _rust_names(text: str, crate: str) -> tuple[set[str], set[str]]:
    """The crate's path (``crate::``) and the names ``use crate::{a, b}`` / ``use crate::a`` brings in."""
    names: set[str] = set()
    for m in re.finditer(rf"\buse\s+{re.escape(crate)}::(?:\{{([^}}]*)\}}|(\w+))", text):
        for part in (m.group(1) or m.group(2) or "").split(","):
            bits = part.split()
            if bits and bits[-1] != "self":
                names.add(bits[2] if len(bits) == 3 and bits[1] == "as" else bits[0].split("::")[-1])
    return {crate}, names


_IMPORT_LINE_RE = re.compile(r"^\s*(?:import\b|from\s+\S+\s+import\b|use\s+\w+::|export\s+\*?\s*\{?.*\bfrom\b|"
                             r"(?:const|let|var)\s+.*=\s*require\()")


def _uses(text: str, ecosystem: Ecosystem, name: str) -> re.Pattern[str] | None:
    """A pattern matching a line of ``text`` that uses the package (a name it is bound to, then ``.`` or ``::``,
    or a name imported from it called or used as a path), or None when ``text`` does not import it."""
    if ecosystem == "pypi":
        aliases, names = _python_names(text, _module(name))
    elif ecosystem == "npm":
        aliases, names = _js_names(text, name)
    else:
        aliases, names = _rust_names(text, _module(name))
    if not aliases and not names:
        return None
    parts = [rf"\b{re.escape(a)}\s*(?:\.|::)\s*\w" for a in aliases]
    parts += [rf"(?<![\w.]){re.escape(n)}\s*(?:\(|::|\.|!)" for n in names if n.isidentifier()]
    return re.compile("|".join(parts)) if parts else None


@dataclass(frozen=True)
class SourceFile:
    """One source file of the workspace: ``path`` relative to the workspace root, ``text`` its content."""

    path: str
    text: str


def source_files(root: str | Path, ecosystem: Ecosystem, *, max_files: int = MAX_FILES) -> list[SourceFile]:
    """The source files of ``ecosystem`` (:data:`SUFFIXES`) of the workspace at ``root``, read once, in path order:
    folders of :data:`shared.workspace.SKIP_DIRS`, hidden ones and those deeper than :data:`MAX_DEPTH` are skipped;
    at most ``max_files`` files of the ecosystem are looked at, those larger than :data:`MAX_FILE_BYTES` or
    unreadable left out. [] when the root is no folder. Never raises."""
    base = Path(root)
    if not base.is_dir():
        return []
    suffixes = SUFFIXES.get(ecosystem, ())
    out: list[SourceFile] = []
    seen = 0
    for folder, dirs, files in os.walk(base):
        depth = len(Path(folder).relative_to(base).parts)
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith(".") and depth < MAX_DEPTH)
        for file in sorted(files):
            if not file.endswith(suffixes) or seen >= max_files:
                continue
            seen += 1
            path = Path(folder) / file
            try:
                if path.stat().st_size > MAX_FILE_BYTES:
                    continue
                text = path.read_text("utf-8", "replace")
            except OSError:
                continue
            out.append(SourceFile(str(path.relative_to(base)), text))
    return out


def package_lines(root: str | Path, ecosystem: Ecosystem, name: str, *, max_files: int = MAX_FILES,
                  limit: int = MAX_LINES, files: list[SourceFile] | None = None) -> list[CodeLine]:
    """The lines of the workspace at ``root`` that use the package ``name`` of ``ecosystem`` (see the module),
    in path order, at most ``limit``; import lines themselves are not counted. The files read are
    :func:`source_files` (``max_files`` at most), or ``files`` when given (that list read once for several
    packages of one ecosystem). [] when the root is no folder or nothing uses the package. Never raises."""
    if files is None:
        files = source_files(root, ecosystem, max_files=max_files)
    out: list[CodeLine] = []
    for source in files:
        uses = _uses(source.text, ecosystem, name)
        if uses is None:
            continue
        for n, line in enumerate(source.text.splitlines(), 1):
            if uses.search(line) and not _IMPORT_LINE_RE.match(line):
                out.append(CodeLine(source.path, n, line.strip()))
                if len(out) >= limit:
                    return out
    return out


#: words of a yank reason that say nothing of what the release breaks ("yanked by mistake; use 2.3.1")
_GENERIC = frozenset(
    "use used using release released releases version versions yanked yank deprecated deprecate bug bugs fix fixed "
    "broken break breaks instead please upgrade downgrade mistake mistakenly accidentally accident published publish "
    "error errors issue issues wrong package install installed latest newer older new old works work working "
    "affected affects see details regression critical serious problem problems".split())


def _code_terms(text: str) -> set[str]:
    """The words of a text or a code line as tokens, identifiers split at underscores and case changes
    (``allow_negative`` -> allow, negative; ``totalSeconds`` -> total, seconds)."""
    words = re.sub(r"([a-z])([A-Z])", r"\1 \2", text).replace("_", " ")
    return set(tokenize(words))


def reason_terms(reason: str, package: str, summary: str = "") -> set[str]:
    """The words (tokens) of a registry's yank reason that name what the release breaks ("Negative durations lose
    their sign; use 2.3.1" -> negative, lose, sign): no function word, version, package name, word of
    :data:`_GENERIC` ("use", "broken", "mistake") or word of the package's own ``summary`` ("Parse ISO 8601
    durations": every use of the package is about durations, so that word tells no use from another)."""
    common = _code_terms(package) | _code_terms(_module(package)) | _code_terms(summary)
    common |= {t for w in _GENERIC for t in tokenize(w)}
    words = [w for w in re.findall(r"[^\W\d_]{3,}", reason) if not is_stopword(w.lower()) and w.lower() not in _GENERIC]
    return _code_terms(" ".join(words)) - common


def touched_lines(reason: str, package: str, lines: list[CodeLine], summary: str = "") -> list[CodeLine]:
    """The lines of ``lines`` (the workspace's uses of ``package``) that name a word the yank ``reason`` names
    (:func:`reason_terms`, ``summary`` the package's own): ``durationkit.parse(iso, allow_negative=True)`` for
    "Negative durations lose their sign". [] when none does, or the reason names nothing but generic words."""
    terms = reason_terms(reason, package, summary)
    return [c for c in lines if terms & _code_terms(c.text)] if terms else []
