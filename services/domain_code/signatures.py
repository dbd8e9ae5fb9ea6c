"""Exact API signatures from the package itself, never from a model's memory.

``Installer.install(name, version)`` installs one PyPI distribution (wheels only by default: building an sdist
runs its code on this machine) into a throwaway folder with pip, its index a setting (tests point it at a
loopback simple index). ``introspect(folder, wanted)`` then imports the distribution's top-level modules in a
sandboxed subprocess (no network, time and memory limits, only the standard library and that folder importable)
and reads ``inspect.signature`` of its public callables: the names the question asks for first, then the
module's ``__all__`` or public names. A module that ships type stubs (``.pyi``) has its signatures marked as
coming from the stubs' package. Each signature says where it came from: ``name==version`` and how.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from services.domain_code.sandbox import Sandbox

# Imports each module named in argv[2:] (argv[1] is the package folder) and prints a JSON list of its
# public callables' signatures; a failing import is reported, not raised.
_INTROSPECT = textwrap.dedent("""\
    import importlib, inspect, json, sys
    folder, wanted = sys.argv[1], [w for w in sys.argv[2].split(",") if w]
    limit = int(sys.argv[3])
    sys.path.insert(0, folder)
    out = {"signatures": [], "errors": []}
    def sig(obj):
        try:
            return str(inspect.signature(obj))
        except (TypeError, ValueError):
            return None
    def is_async(obj):
        # a coroutine (or async generator) function, also under decorators that keep __wrapped__, or one whose
        # own source starts "async def"
        for target in (obj, inspect.unwrap(obj)):
            if inspect.iscoroutinefunction(target) or inspect.isasyncgenfunction(target):
                return True
        try:
            head = inspect.getsource(obj).lstrip()
        except (OSError, TypeError):
            return False
        while head.startswith("@"):
            head = head.split("\\n", 1)[-1].lstrip()
        return head.startswith("async def ")
    def doc(obj):
        text = inspect.getdoc(obj) or ""
        return text.strip().split("\\n")[0][:200]
    for module_name in sys.argv[4:]:
        try:
            module = importlib.import_module(module_name)
        except BaseException as exc:
            out["errors"].append(f"{module_name}: import failed ({type(exc).__name__}: {exc})"[:300])
            continue
        public = list(getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")])
        order = [n for n in wanted if hasattr(module, n)] + [n for n in public if n not in wanted]
        count = 0
        for name in order:
            obj = getattr(module, name, None)
            if obj is None or not callable(obj) or inspect.ismodule(obj):
                continue
            owner = getattr(obj, "__module__", "") or ""
            if name not in wanted and owner and not owner.startswith(module_name):
                continue  # re-exported from elsewhere (typing, the standard library)
            kind = "class" if inspect.isclass(obj) else "function"
            text = sig(obj)
            if text is None:
                continue
            prefix = "async " if kind == "function" and is_async(obj) else ""
            out["signatures"].append({"module": module_name, "name": name, "kind": kind,
                                      "signature": f"{prefix}{name}{text}", "doc": doc(obj)})
            count += 1
            if kind == "class":
                for meth_name, meth in inspect.getmembers(obj, inspect.isfunction):
                    if meth_name.startswith("_") or meth_name not in wanted and count >= limit:
                        continue
                    text = sig(meth)
                    if text is not None:
                        prefix = "async " if is_async(meth) else ""
                        out["signatures"].append({"module": module_name, "name": f"{name}.{meth_name}",
                                                  "kind": "method",
                                                  "signature": f"{prefix}{name}.{meth_name}{text}",
                                                  "doc": doc(meth)})
                        count += 1
            if count >= limit:
                break
    print(json.dumps(out))
""")


@dataclass(frozen=True)
class Installed:
    """A distribution installed into ``folder``: its ``name``, ``version``, top-level ``modules``, whether it
    ships stubs (``typed``: a ``py.typed`` marker or ``.pyi`` files) and ``how`` ("pip install name==version
    from INDEX" or "already installed")."""

    name: str
    version: str
    folder: Path
    modules: tuple[str, ...]
    typed: bool
    how: str


@dataclass(frozen=True)
class Signature:
    """One exact signature: ``signature`` as ``inspect.signature`` prints it (``name(params) -> return``; a
    coroutine function's starts ``async ``),
    ``kind`` ("function", "class", "method"), the module it is in, the first docstring line, and ``source``
    ("introspected from httpx==0.28.1 (pip install ... from INDEX, in a throwaway folder)")."""

    package: str
    version: str
    module: str
    name: str
    kind: str
    signature: str
    doc: str
    source: str

    def as_dict(self) -> dict[str, Any]:
        """The JSON-able record stored in ``ApiSignaturesExtracted``."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    @property
    def qualified(self) -> str:
        """The Python signature under its module (``async throttlex.Limiter.acquire(self, key: str = 'default') ->
        bool``: ``async`` stays first); other languages' signatures as they are."""
        if self.language != "python":
            return self.signature
        if self.signature.startswith("async "):
            return f"async {self.module}.{self.signature.removeprefix('async ')}"
        return f"{self.module}.{self.signature}"

    @property
    def language(self) -> str:
        """"typescript" for a signature read from a declaration file (``module`` ends ``.d.ts``), "rust" for one
        read from a crate's source (``.rs``), else "python"."""
        if self.module.endswith(".rs"):
            return "rust"
        return "typescript" if self.module.endswith((".d.ts", ".d.mts", ".d.cts")) else "python"


@dataclass
class Extraction:
    """What ``Installer.signatures`` found: signatures, and one line per failure (install, import); the
    crates read (``crates``: name -> (version, their ``Cargo.toml`` and Rust sources by path), checksum-verified
    downloads a Rust snippet is checked against)."""

    signatures: list[Signature] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    installed: list[Installed] = field(default_factory=list)
    crates: dict[str, tuple[str, dict[str, str]]] = field(default_factory=dict)
    #: packages that could not be installed (name -> why), so a snippet importing one is "not checked", not failed
    not_installed: dict[str, str] = field(default_factory=dict)


class InstallError(Exception):
    """pip could not install the distribution; the message says why (its last lines)."""


class Installer:
    """Installs distributions into throwaway folders under one temporary root (removed by ``close``).

    ``index_url``: pip's index (PEP 503 simple); ``only_binary``: refuse sdists (no build code runs here);
    ``timeout_s``: one pip install, seconds; ``sandbox`` runs the introspection.
    """

    def __init__(self, sandbox: Sandbox, *, index_url: str = "https://pypi.org/simple", only_binary: bool = True,
                 timeout_s: float = 120.0, python: str | None = None) -> None:
        self.sandbox = sandbox
        self.index_url = index_url
        self.only_binary = only_binary
        self.timeout_s = timeout_s
        self.python = python or sys.executable
        self._root = tempfile.TemporaryDirectory(prefix="assay-pkgs-")
        self._done: dict[tuple[str, str], Installed] = {}

    def close(self) -> None:
        """Remove every throwaway folder."""
        self._root.cleanup()

    def install(self, name: str, version: str | None) -> Installed:
        """``pip install name==version`` (with its dependencies) into a new folder.

        Raises: InstallError with pip's last lines (no such version, no wheel, index unreachable, timeout)."""
        key = (name.lower(), version or "")
        if key in self._done:
            return self._done[key]
        folder = Path(self._root.name) / re.sub(r"[^A-Za-z0-9_.-]", "_", f"{name}-{version or 'latest'}")
        folder.mkdir(parents=True, exist_ok=True)
        spec = f"{name}=={version}" if version else name
        argv = [self.python, "-m", "pip", "install", "--quiet", "--no-input", "--disable-pip-version-check",
                "--no-cache-dir", "--no-compile", "--target", str(folder), "--index-url", self.index_url]
        if self.only_binary:
            argv += ["--only-binary", ":all:"]
        try:
            done = subprocess.run([*argv, spec], capture_output=True, text=True, timeout=self.timeout_s,
                                  stdin=subprocess.DEVNULL, env={"PATH": "/usr/bin:/bin", "HOME": str(folder),
                                                                 "PIP_CONFIG_FILE": "/dev/null"})
        except subprocess.TimeoutExpired:
            raise InstallError(f"pip install {spec} took longer than {self.timeout_s:g} s") from None
        if done.returncode != 0:
            lines = [x for x in (done.stderr or done.stdout).strip().splitlines() if x.strip()]
            raise InstallError(f"pip install {spec} from {self.index_url} failed: " + " ".join(lines[-2:])[:400])
        installed = _read_installed(folder, name, f"pip install {spec} from {self.index_url}")
        self._done[key] = installed
        return installed

    def signatures(self, name: str, version: str | None, wanted: list[str], *, limit: int = 12) -> Extraction:
        """Install ``name==version`` and introspect it (see the module); failures become ``problems``."""
        result = Extraction()
        try:
            installed = self.install(name, version)
        except InstallError as exc:
            result.problems.append(str(exc))
            result.not_installed[name] = str(exc)
            return result
        result.installed.append(installed)
        found, problems = introspect(self.sandbox, installed, wanted, limit=limit)
        result.signatures.extend(found)
        result.problems.extend(problems)
        return result


def _read_installed(folder: Path, name: str, how: str) -> Installed:
    """The distribution ``name`` in ``folder``: version from its METADATA, modules from top_level.txt or
    RECORD. Raises InstallError when pip left no such distribution."""
    wanted = re.sub(r"[-_.]+", "_", name).lower()
    for info in folder.glob("*.dist-info"):
        dist, _, _ = info.name[: -len(".dist-info")].partition("-")
        if re.sub(r"[-_.]+", "_", dist).lower() != wanted:
            continue
        metadata = (info / "METADATA").read_text("utf-8", "replace") if (info / "METADATA").exists() else ""
        version = next((line.split(":", 1)[1].strip() for line in metadata.splitlines()
                        if line.startswith("Version:")), info.name.split("-")[-1].removesuffix(".dist-info"))
        modules: list[str] = []
        top = info / "top_level.txt"
        if top.exists():
            modules = [m.strip() for m in top.read_text("utf-8").splitlines() if m.strip()]
        elif (info / "RECORD").exists():
            for line in (info / "RECORD").read_text("utf-8").splitlines():
                first = line.split(",")[0].split("/")[0]
                if first.endswith((".dist-info", ".data")) or first in ("bin", "__pycache__", ".."):
                    continue
                module = first.removesuffix(".py")
                if module.isidentifier() and module not in modules:
                    modules.append(module)
        modules = [m for m in modules if not m.startswith("_")] or modules
        typed = any((folder / m / "py.typed").exists() or (folder / f"{m}.pyi").exists()
                    or any((folder / m).glob("*.pyi")) for m in modules)
        return Installed(name, version, folder, tuple(modules), typed, how)
    raise InstallError(f"{how}: no {name} distribution in the install folder")


def introspect(sandbox: Sandbox, installed: Installed, wanted: list[str], *, limit: int = 12
               ) -> tuple[list[Signature], list[str]]:
    """Signatures of ``installed``'s modules, the ``wanted`` names first, at most ``limit`` per module; and one
    problem line per module that failed to import or per introspection that the sandbox stopped."""
    if not installed.modules:
        return [], [f"{installed.name}=={installed.version}: no importable module found"]
    how = "type-annotated package" if installed.typed else "package"
    source = f"introspected from {installed.name}=={installed.version} ({how}; {installed.how}, in a throwaway folder)"
    with tempfile.TemporaryDirectory(prefix="assay-introspect-") as folder:
        work = Path(folder)
        (work / "introspect.py").write_text(_INTROSPECT, encoding="utf-8")
        ran = sandbox.execute([sandbox.python, "-I", "-S", "introspect.py", str(installed.folder), ",".join(wanted),
                               str(limit), *installed.modules], work, memory_mb=max(sandbox.memory_mb, 1024))
    if ran.code is None:
        return [], [f"{installed.name}=={installed.version}: introspection killed after {sandbox.timeout_s:g} s"]
    try:
        data = json.loads(ran.out.strip().splitlines()[-1])
    except (json.JSONDecodeError, IndexError):
        return [], [f"{installed.name}=={installed.version}: introspection failed: {ran.out.strip()[-300:]}"]
    found = [Signature(installed.name, installed.version, str(s["module"]), str(s["name"]), str(s["kind"]),
                       str(s["signature"]), str(s["doc"]), source) for s in data["signatures"]]
    return found, [f"{installed.name}=={installed.version}: {e}" for e in data["errors"]]
