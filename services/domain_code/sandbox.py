"""The snippet sandbox: every code snippet a code report proposes is checked here before it is shown.

A check runs in subprocesses only, each in a fresh temporary folder, with a wall-clock limit (the process
group is killed when it runs out), CPU-time, address-space (memory), file-size and core limits (set by util-linux
``prlimit`` at exec, else in the child before exec), and no network:
inside a network namespace of its own with no interface (``unshare -rn``) when the kernel allows it, and, for a
Python run, an audit hook that refuses every socket connection, name lookup and process spawn whatever the
kernel allows (the snippet is killed with "network" or "process_spawn" as the reason; C functions reached through
``ctypes`` as well), and every file access outside its folders:
it writes only in its own temporary folder and reads only there, in the surveyed packages' folders and in
Python's own library (killed with "filesystem" as the reason).

- Python: ``py_compile`` (syntax), then mypy against the surveyed versions (the packages installed into the
  throwaway folder given as ``site_dirs``, nothing from Assay's own environment), then a run of the snippet
  with only the standard library and those folders importable.
- JavaScript: ``node --check`` (syntax only) when node is on the PATH; TypeScript: ``tsc --noEmit`` when present.
- Rust: ``cargo check --offline`` in a throwaway crate when cargo is present.

A checker that is missing gives ``status="unavailable"`` with the reason, never "passed".
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

Status = Literal["passed", "failed", "unavailable"]
#: how deep a passed check went, shallowest first: nothing passed, parsed only (``py_compile``, ``node --check``),
#: type-checked (mypy, ``tsc``, ``cargo check``), run in the sandbox
CheckLevel = Literal["none", "syntax", "types", "run"]
CHECK_LEVELS: tuple[CheckLevel, ...] = ("none", "syntax", "types", "run")
_TYPE_CHECKERS = ("mypy", "pyright", "tsc", "cargo check")

#: exit status of a run the audit hook stopped (network or process spawn)
BLOCKED_EXIT = 86
_BLOCK_MARK = "ASSAY-SANDBOX-BLOCKED:"

# The Python runner: puts the throwaway package folders on sys.path, installs an audit hook that cannot be
# removed and that ends the process on any network or process-spawning call and on any file access outside its
# folders (writes only in the snippet's own folder; reads there, in the package folders and in Python's own
# library), then runs the snippet as __main__. A snippet may come from a model that read a hostile page: it must
# not read the service's files (their text would reach the report through the error output) nor change them.
_RUNNER = textwrap.dedent(f"""\
    import os, sys
    _BLOCKED = {{"socket.connect", "socket.connect_ex", "socket.getaddrinfo", "socket.gethostbyname",
                "socket.gethostbyname_ex", "socket.gethostbyaddr", "socket.sendto", "socket.sendmsg",
                "socket.bind", "subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
                "os.fork", "os.forkpty", "pty.spawn"}}
    _CHANGES = {{"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.truncate",
                "os.symlink", "os.link", "os.utime", "shutil.rmtree", "shutil.copyfile", "shutil.copytree"}}
    _LISTS = {{"os.listdir", "os.scandir", "glob.glob", "os.walk"}}
    _WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    _HERE = os.path.realpath(os.getcwd())
    _WRITABLE = (_HERE, "/dev/null")
    _READABLE = tuple(os.path.realpath(p) for p in (
        [_HERE, sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
         "/usr/share/zoneinfo", "/dev/null", "/dev/urandom"] + sys.argv[2:]))
    def _stop(kind, event, args):
        os.write(2, ("\\n{_BLOCK_MARK} " + kind + " refused (" + event + " " + repr(args)[:120] + ")\\n").encode())
        os._exit({BLOCKED_EXIT})
    def _inside(path, roots):
        if isinstance(path, int) or path is None:
            return True  # an open file descriptor: the file was allowed when it was opened
        real = os.path.realpath(os.fsdecode(path))
        return any(real == r or real.startswith(r.rstrip("/") + "/") for r in roots)
    _NET_SYMBOLS = {{"socket", "connect", "sendto", "sendmsg", "getaddrinfo", "gethostbyname", "gethostbyname_r",
                    "gethostbyaddr", "bind"}}
    _SPAWN_SYMBOLS = {{"fork", "vfork", "execve", "execv", "execvp", "system", "posix_spawn", "posix_spawnp", "popen"}}
    def _hook(event, args):
        if event == "ctypes.dlsym" and len(args) > 1 and str(args[1]) in _NET_SYMBOLS | _SPAWN_SYMBOLS:
            # a C function reached through ctypes (libc.connect): refused like Python's own socket module
            name = str(args[1])
            _stop("network access" if name in _NET_SYMBOLS else "process spawn", "ctypes " + name, args)
        if event in _BLOCKED:
            _stop("process spawn" if event.startswith(("subprocess", "os.", "pty")) else "network access", event, args)
        elif event == "open":
            path, mode, flags = (tuple(args) + (None, None, None))[:3]
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                mode is None and isinstance(flags, int) and flags & _WRITE_FLAGS)
            if not _inside(path, _WRITABLE if writes else _READABLE):
                _stop("file access outside the sandbox", event, args)
        elif event in _CHANGES:
            paths = [a for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
            if not all(_inside(p, _WRITABLE) for p in paths):
                _stop("file access outside the sandbox", event, args)
        elif event in _LISTS and args and not _inside(args[0] if args[0] is not None else ".", _READABLE):
            _stop("file access outside the sandbox", event, args)
    snippet = sys.argv[1]
    sys.path[:0] = sys.argv[2:]
    sys.argv = [snippet]
    import runpy
    sys.addaudithook(_hook)
    runpy.run_path(snippet, run_name="__main__")
""")


@dataclass(frozen=True)
class CheckResult:
    """The outcome of checking one snippet.

    ``status``: "passed" (every available step passed; or, at stage "run" with reason "input_missing", the
    checks passed and the run stopped only because the snippet reads a file named in it that the sandbox does not
    have: ``error`` says which, ``checker`` leaves out the run), "failed" (``stage`` and ``reason`` say where and why,
    ``error`` holds the checker's first lines), "unavailable" (no checker for the language here: ``reason``
    says which is missing; or, at stage "run" with reason "not_installed", the snippet imports a library that
    is not installed in the sandbox). ``stage``: "compile", "types", "run" or "" ; ``reason``: "syntax_error",
    "type_error", "runtime_error", "timeout", "memory", "network", "process_spawn", "filesystem",
    "checker_unavailable", "not_installed", "input_missing" or "".
    A type check that could not see a library's types (mypy: no stubs installed for it, none found offline) is not
    a failure: ``checker`` says "mypy X (incomplete: no stubs for requests)" and the run goes on.
    ``checker`` names the steps run ("py_compile + mypy 2.4.1 + run"); ``versions`` what it was checked against;
    ``seconds`` the wall-clock time of the whole check; ``output``: what a snippet that ran and passed printed
    (stdout and stderr together, its first :data:`OUTPUT_LINES` lines and :data:`OUTPUT_CHARS` characters, "…"
    when cut), "" when it did not run or printed nothing. The report shows it; ``SnippetChecked`` does not hold it.
    """

    language: str
    status: Status
    checker: str
    stage: str = ""
    reason: str = ""
    error: str = ""
    versions: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    output: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The JSON-able record stored in ``SnippetChecked``."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    @property
    def level(self) -> CheckLevel:
        """How deep the check went when it passed (:data:`CHECK_LEVELS`), from the steps ``checker`` names: "run"
        when the snippet ran, "types" when a type checker read it, "syntax" when it was only parsed
        (``py_compile``, ``node --check (syntax only)``); "none" when it did not pass."""
        if self.status != "passed":
            return "none"
        steps = [step.strip() for step in self.checker.split(" + ")]
        if "run" in steps:
            return "run"
        if "syntax only" not in self.checker and any(step.startswith(_TYPE_CHECKERS) for step in steps):
            return "types"
        return "syntax"


@dataclass(frozen=True)
class Ran:
    """A finished subprocess: exit ``code`` (None: killed at the wall-clock limit), output, seconds."""

    code: int | None
    out: str
    seconds: float


@cache
def network_namespace_available() -> bool:
    """Whether ``unshare -rn`` works here (an unprivileged user+network namespace), probed once."""
    path = shutil.which("unshare")
    if not path:
        return False
    try:
        return subprocess.run([path, "-rn", "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _find_cargo() -> str | None:
    return shutil.which("cargo") or next((str(p) for p in [Path.home() / ".cargo/bin/cargo"] if p.exists()), None)


@cache
def _mypy_version(python: str) -> str | None:
    try:
        done = subprocess.run([python, "-m", "mypy", "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.split()[1] if done.returncode == 0 and len(done.stdout.split()) > 1 else None


#: the most lines and characters of a passed run's output a report shows (:attr:`CheckResult.output`)
OUTPUT_LINES = 10
OUTPUT_CHARS = 800


def _output_head(text: str) -> str:
    """The first :data:`OUTPUT_LINES` lines (:data:`OUTPUT_CHARS` characters) of a run's ``text``, "…" when cut;
    the throwaway folder's name left out."""
    text = re.sub(r"/\S*?assay-snippet-[^/\s]+/", "", text).strip("\n")
    lines = text.splitlines()
    head = "\n".join(lines[:OUTPUT_LINES])
    cut = len(lines) > OUTPUT_LINES or len(head) > OUTPUT_CHARS
    return head[:OUTPUT_CHARS].rstrip() + ("\n…" if cut else "")


def _first_lines(text: str, limit: int = 12, chars: int = 1500) -> str:
    text = re.sub(r"/\S*?assay-snippet-[^/\s]+/", "", text)  # the throwaway folder's name says nothing
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return "\n".join(lines[-limit:] if len(lines) > limit else lines)[:chars]


class Sandbox:
    """Checks snippets (see the module). ``timeout_s`` is the wall-clock limit of each step (seconds);
    ``memory_mb`` the address-space limit of a snippet's run (MiB; the type checker gets ``checker_memory_mb``);
    ``run_python`` runs Python snippets after their checks; ``cache_dir`` keeps mypy's cache between checks
    (a temporary folder of the sandbox's own by default)."""

    def __init__(self, *, timeout_s: float = 10.0, memory_mb: int = 512, checker_memory_mb: int = 2048,
                 run_python: bool = True, python: str | None = None, cache_dir: Path | None = None,
                 cargo: str | None = "auto", compile_timeout_s: float = 120.0) -> None:
        self.timeout_s = timeout_s
        self.memory_mb = memory_mb
        self.checker_memory_mb = checker_memory_mb
        self.run_python = run_python
        self.python = python or sys.executable
        self._cargo = cargo
        #: the wall-clock limit of a compile step (cargo check builds the crates it depends on), seconds
        self.compile_timeout_s = compile_timeout_s
        self._own_cache = None if cache_dir else tempfile.TemporaryDirectory(prefix="assay-mypy-cache-")
        self.cache_dir = cache_dir or Path(self._own_cache.name if self._own_cache else ".")

    @property
    def cargo(self) -> str | None:
        """cargo's path (None: Rust snippets are "checker unavailable"); the constructor's "auto" finds it on the
        PATH or in ``~/.cargo/bin`` at each use."""
        return _find_cargo() if self._cargo == "auto" else self._cargo

    def close(self) -> None:
        """Remove the sandbox's own mypy cache."""
        if self._own_cache is not None:
            self._own_cache.cleanup()

    # ---- the subprocess ------------------------------------------------------------------------------
    def _limits(self, memory_mb: int, cpu_s: float) -> Any:
        def apply() -> None:
            memory = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            cpu = int(cpu_s) + 1
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
            resource.setrlimit(resource.RLIMIT_FSIZE, (16 * 1024 * 1024, 16 * 1024 * 1024))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        return apply

    def _run(self, argv: Sequence[str], cwd: Path, *, memory_mb: int, env: dict[str, str] | None = None,
             timeout_s: float | None = None) -> Ran:
        """Run ``argv`` in ``cwd`` under the limits, without network; stdout and stderr together."""
        return self.execute(argv, cwd, memory_mb=memory_mb, env=env, timeout_s=timeout_s)

    def execute(self, argv: Sequence[str], cwd: Path, *, memory_mb: int,
                env: dict[str, str] | None = None, timeout_s: float | None = None) -> Ran:
        """Run ``argv`` in ``cwd`` under the sandbox's limits, without network. Returns the exit code (None:
        killed at the wall-clock limit), stdout and stderr together, and the seconds it took. ``timeout_s``: this
        step's wall-clock (and CPU) limit, seconds (default: the sandbox's ``timeout_s``)."""
        limit = self.timeout_s if timeout_s is None else timeout_s
        command = list(argv)
        if network_namespace_available():
            command = ["unshare", "-rn", "--", *command]
        prlimit = shutil.which("prlimit")  # util-linux: the limits set by exec, no code between fork and exec
        if prlimit:
            memory = memory_mb * 1024 * 1024
            cpu = int(limit) + 1
            command = [prlimit, f"--as={memory}", f"--cpu={cpu}:{cpu + 1}", f"--fsize={16 * 1024 * 1024}",
                       "--core=0", "--", *command]
        base_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd), "LANG": "C.UTF-8",
                    "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1"}
        started = time.perf_counter()
        proc = subprocess.Popen(command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, env={**base_env, **(env or {})}, start_new_session=True,
                                preexec_fn=None if prlimit else self._limits(memory_mb, limit))
        try:
            out, _ = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
            return Ran(None, out.decode("utf-8", "replace"), time.perf_counter() - started)
        return Ran(proc.returncode, out.decode("utf-8", "replace"), time.perf_counter() - started)

    def _killed(self, ran: Ran, language: str, checker: str, stage: str, versions: dict[str, str],
                started: float) -> CheckResult | None:
        """A result for a step the sandbox stopped (time, memory, network), else None."""
        seconds = round(time.perf_counter() - started, 3)
        if ran.code is None or (ran.code in (-signal.SIGXCPU, -signal.SIGKILL) and "MemoryError" not in ran.out):
            return CheckResult(language, "failed", checker, stage, "timeout",
                               f"killed by the sandbox after {self.timeout_s:g} s (wall clock or CPU limit): the "
                               "code did not finish (an endless loop or a wait)", versions, seconds)
        if ran.code == BLOCKED_EXIT and _BLOCK_MARK in ran.out:
            line = next(x for x in ran.out.splitlines() if _BLOCK_MARK in x)
            what = line.split(_BLOCK_MARK, 1)[1].strip()
            reason = ("filesystem" if what.startswith("file access") else "process_spawn"
                      if what.startswith("process spawn") else "network")
            return CheckResult(language, "failed", checker, stage, reason, "killed by the sandbox: " + what,
                               versions, seconds)
        if "MemoryError" in ran.out or "Cannot allocate memory" in ran.out:
            return CheckResult(language, "failed", checker, stage, "memory",
                               f"killed by the sandbox: over its {self.memory_mb} MiB memory limit\n"
                               + _first_lines(ran.out, 4), versions, seconds)
        return None

    def _outcome(self, ran: Ran, language: str, checker: str, stage: str, reason: str, versions: dict[str, str],
                 started: float) -> CheckResult:
        """The result of one checker step: killed by the sandbox (:meth:`_killed`), failed with ``reason`` and
        the first lines of its output when it exited non-zero, else passed (``stage`` and ``reason`` empty)."""
        killed = self._killed(ran, language, checker, stage, versions, started)
        if killed:
            return killed
        seconds = round(time.perf_counter() - started, 3)
        if ran.code != 0:
            return CheckResult(language, "failed", checker, stage, reason, _first_lines(ran.out), versions, seconds)
        return CheckResult(language, "passed", checker, "", "", "", versions, seconds,
                           output=_output_head(ran.out) if stage == "run" else "")

    # ---- languages -------------------------------------------------------------------------------------
    def check(self, code: str, language: str, *, site_dirs: Sequence[Path] = (),
              versions: dict[str, str] | None = None,
              crates: Mapping[str, tuple[str, Mapping[str, str]]] | None = None,
              not_installed: Mapping[str, str] | None = None) -> CheckResult:
        """Check ``code`` written in ``language`` ("python", "javascript", "typescript", "rust"; other names are
        "unavailable"). ``site_dirs``: folders holding the surveyed packages (Python); ``versions``: the
        surveyed packages' versions, recorded with the result; ``crates``: the surveyed crates' sources (name ->
        (version, path -> text), their ``Cargo.toml`` included), a Rust snippet's path dependencies;
        ``not_installed``: packages that could not be installed for the check (name -> why), named in the result when
        the snippet imports one (a Python snippet importing a module the sandbox lacks is "unavailable" at stage
        "types" with reason "not_installed": never a failure of the code)."""
        lang = language.lower()
        if lang in ("python", "py", "python3"):
            return self._python(code, list(site_dirs), dict(versions or {}), dict(not_installed or {}))
        if lang in ("javascript", "js", "node"):
            return self._node(code, dict(versions or {}))
        if lang in ("typescript", "ts"):
            return self._typescript(code, dict(versions or {}))
        if lang in ("rust", "rs"):
            return self._rust(code, dict(versions or {}), crates or {})
        return CheckResult(lang, "unavailable", "none", "", "checker_unavailable",
                           f"no checker for {language!r} snippets")

    def _python(self, code: str, site_dirs: list[Path], versions: dict[str, str],
                not_installed: dict[str, str] | None = None) -> CheckResult:
        started = time.perf_counter()
        versions = {"python": ".".join(map(str, sys.version_info[:3])), **versions}
        mypy = _mypy_version(self.python)
        steps = ["py_compile"] + ([f"mypy {mypy}"] if mypy else []) + (["run"] if self.run_python else [])
        checker = " + ".join(steps)
        if mypy:
            versions["mypy"] = mypy
        with tempfile.TemporaryDirectory(prefix="assay-snippet-") as folder:
            work = Path(folder)
            (work / "snippet.py").write_text(code, encoding="utf-8")
            ran = self._run([self.python, "-I", "-m", "py_compile", "snippet.py"], work, memory_mb=self.memory_mb)
            result = self._outcome(ran, "python", checker, "compile", "syntax_error", versions, started)
            if result.status != "passed":
                return result
            missing: list[str] = []
            if mypy:
                ran = self._mypy(work, site_dirs)
                missing = _untyped(ran.out)
                if missing:  # a library mypy knows to have stubs that is not installed here: stubs found offline?
                    stubs = _offline_stubs(missing, work / "stubs") if self.python == sys.executable else {}
                    if stubs:
                        versions.update(stubs)
                        ran = self._mypy(work, [*site_dirs, work / "stubs"])
                    untyped = _untyped(ran.out)
                    if untyped and not _other_errors(ran.out, "import-untyped"):
                        # a checker limitation, not a failure: the type check is incomplete, the run goes on
                        steps[1] = f"mypy {mypy} (incomplete: no stubs for {', '.join(untyped)})"
                        checker = " + ".join(steps)
                        ran = Ran(0, ran.out, ran.seconds)
                lacking = _not_found(ran.out)
                if lacking and not _other_errors(ran.out, "import-not-found", "import-untyped"):
                    # the snippet imports what the sandbox lacks: the check is incomplete, not a failure of the code
                    why = "; ".join(f"{m} not installed ({_why_absent(m, not_installed or {})})" for m in lacking)
                    steps[1] = f"mypy {mypy} (incomplete: {why})"
                    return CheckResult("python", "unavailable", " + ".join(steps[:2]), "types", "not_installed",
                                       f"not run: the type check is incomplete: {why}", versions,
                                       round(time.perf_counter() - started, 3))
                if lacking:  # errors of the code itself besides: they stand, said without the imports it lacks
                    steps[1] = f"mypy {mypy} (incomplete: {', '.join(lacking)} not installed)"
                    checker = " + ".join(steps)
                    ran = Ran(ran.code, _without_not_found(ran.out), ran.seconds)
                result = self._outcome(ran, "python", checker, "types", "type_error", versions, started)
                if result.status != "passed":
                    return result
            if self.run_python:
                (work / "runner.py").write_text(_RUNNER, encoding="utf-8")
                ran = self._run([self.python, "-I", "-S", "-B", "runner.py", "snippet.py", *map(str, site_dirs)], work,
                                memory_mb=self.memory_mb)
                result = self._outcome(ran, "python", checker, "run", "runtime_error", versions, started)
                absent = _module_not_found(ran.out) if result.reason == "runtime_error" else None
                if absent is not None and absent in missing:
                    return CheckResult("python", "unavailable", checker, "run", "not_installed",
                                       f"type-checked, but not run to the end: `{absent}` is not installed in the "
                                       "sandbox (only the surveyed packages are), so the run stopped at its import",
                                       versions, result.seconds)
                wanted = _missing_input(ran.out, code) if result.reason == "runtime_error" else None
                if wanted is not None:  # the code is not at fault: the sandbox has none of its input files
                    return CheckResult("python", "passed", " + ".join(x for x in steps if x != "run"), "run",
                                       "input_missing",
                                       f"type-checked, but not run to the end: it reads `{wanted}`, an input "
                                       "file that the sandbox does not have", versions, result.seconds)
                if result.status != "passed":
                    return result
        return result  # the last step's "passed"

    def _mypy(self, work: Path, paths: Sequence[Path]) -> Ran:
        """mypy over ``work/snippet.py`` with ``paths`` (package folders, stub folders) as its only library."""
        mypy_path = os.pathsep.join(str(d) for d in paths)
        return self._run([self.python, "-m", "mypy", "--no-site-packages", "--follow-imports=silent",
                          "--python-version", f"{sys.version_info[0]}.{sys.version_info[1]}",
                          "--no-error-summary", "--show-error-codes", "--no-pretty",
                          "--cache-dir", str(self.cache_dir), "snippet.py"], work,
                         memory_mb=self.checker_memory_mb, env={"MYPYPATH": mypy_path} if mypy_path else None)

    def _node(self, code: str, versions: dict[str, str]) -> CheckResult:
        node = shutil.which("node") or shutil.which("nodejs")
        if not node:
            return CheckResult("javascript", "unavailable", "node --check", "", "checker_unavailable",
                               "node is not installed here: the snippet's syntax was not checked", versions)
        started = time.perf_counter()
        version = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
        versions = {"node": version.lstrip("v"), **versions}
        checker = f"node {version} --check (syntax only)"
        with tempfile.TemporaryDirectory(prefix="assay-snippet-") as folder:
            work = Path(folder)
            name = "snippet.mjs" if _is_module(code) else "snippet.js"
            (work / name).write_text(code, encoding="utf-8")
            # V8 reserves a large virtual address space: node gets the checker's memory limit
            ran = self._run([node, "--check", name], work, memory_mb=max(self.checker_memory_mb, 4096))
            return self._outcome(ran, "javascript", checker, "compile", "syntax_error", versions, started)

    def _typescript(self, code: str, versions: dict[str, str]) -> CheckResult:
        tsc = shutil.which("tsc")
        if not tsc:
            return CheckResult("typescript", "unavailable", "tsc", "", "checker_unavailable",
                               "tsc (TypeScript) is not installed here: the snippet was not checked", versions)
        started = time.perf_counter()
        checker = "tsc --noEmit"
        with tempfile.TemporaryDirectory(prefix="assay-snippet-") as folder:
            work = Path(folder)
            (work / "snippet.ts").write_text(code, encoding="utf-8")
            ran = self._run([tsc, "--noEmit", "--strict", "--skipLibCheck", "snippet.ts"], work,
                            memory_mb=max(self.checker_memory_mb, 4096))
            return self._outcome(ran, "typescript", checker, "types", "type_error", versions, started)

    def _rust(self, code: str, versions: dict[str, str],
              crates: Mapping[str, tuple[str, Mapping[str, str]]]) -> CheckResult:
        cargo = self.cargo
        if not cargo:
            return CheckResult("rust", "unavailable", "cargo check", "", "checker_unavailable",
                               "cargo is not installed here: the snippet was not checked", versions)
        started = time.perf_counter()
        checker = "cargo check --offline"
        deps = {k: v for k, v in versions.items() if k not in ("rustc", "cargo")}
        with tempfile.TemporaryDirectory(prefix="assay-snippet-") as folder:
            work = Path(folder)
            (work / "src").mkdir()
            main = "fn main" in code
            (work / "src" / ("main.rs" if main else "lib.rs")).write_text(code, encoding="utf-8")
            manifest = '[package]\nname = "snippet"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n'
            for name, ver in deps.items():
                source = crates.get(name)
                if source is not None and source[0] == ver and _write_crate(work / "deps" / f"{name}-{ver}",
                                                                            source[1]):
                    manifest += f'{name} = {{ path = "deps/{name}-{ver}" }}\n'  # the checksum-verified download
                else:
                    manifest += f'{name} = "={ver}"\n'
            (work / "Cargo.toml").write_text(manifest, encoding="utf-8")
            cargo_home = os.environ.get("CARGO_HOME", str(Path.home() / ".cargo"))
            rustup_home = os.environ.get("RUSTUP_HOME", str(Path.home() / ".rustup"))
            env = {"CARGO_HOME": cargo_home, "RUSTUP_HOME": rustup_home, "CARGO_TARGET_DIR": str(work / "target"),
                   "PATH": f"{Path(cargo).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
            ran = self._run([cargo, "check", "--offline", "--quiet"], work, memory_mb=max(self.checker_memory_mb, 4096),
                            env=env, timeout_s=max(self.timeout_s, self.compile_timeout_s))
            if ran.code is None:  # a compile that ran out of time says nothing about the code
                return CheckResult("rust", "unavailable", checker, "types", "checker_unavailable",
                                   f"cargo check did not finish in {max(self.timeout_s, self.compile_timeout_s):g} s "
                                   "here: the snippet was not checked", versions,
                                   round(time.perf_counter() - started, 3))
            result = self._outcome(ran, "rust", checker, "types", "type_error", versions, started)
            if result.reason == "type_error" and deps and ("no matching package" in ran.out
                                                           or "--offline" in ran.out or "offline mode" in ran.out):
                return CheckResult("rust", "unavailable", checker, "types", "checker_unavailable",
                                   "the crates it uses are not available offline here: " + _first_lines(ran.out, 3),
                                   versions, result.seconds)
            return result


_UNTYPED = re.compile(r'error: Library stubs not installed for "([\w.]+)"\s+\[import-untyped\]')
_ERROR_CODE = re.compile(r": error: .*\[([\w-]+)\]\s*$")


def _untyped(mypy_out: str) -> list[str]:
    """The modules mypy reported as "Library stubs not installed" (``import-untyped``), each once, in order."""
    return list(dict.fromkeys(m.group(1) for m in _UNTYPED.finditer(mypy_out)))


def _other_errors(mypy_out: str, *codes: str) -> bool:
    """Whether mypy's output holds an error of another code than ``codes`` (or an error without a code)."""
    errors = [line for line in mypy_out.splitlines() if ": error:" in line]
    return any((m := _ERROR_CODE.search(line)) is None or m.group(1) not in codes for line in errors)


_NOT_FOUND = re.compile(r'error: Cannot find implementation or library stub for module named "([\w.]+)"'
                        r"\s+\[import-not-found\]")


def _not_found(mypy_out: str) -> list[str]:
    """The top-level modules mypy could not find at all (``import-not-found``: not installed), each once, in order."""
    return list(dict.fromkeys(m.group(1).split(".")[0] for m in _NOT_FOUND.finditer(mypy_out)))


def _without_not_found(mypy_out: str) -> str:
    """mypy's output less its ``import-not-found`` errors and the notes following each (the modules the sandbox
    lacks, :func:`_not_found`): what is left are the code's own errors."""
    kept: list[str] = []
    dropping = False
    for line in mypy_out.splitlines():
        if _NOT_FOUND.search(line):
            dropping = True
            continue
        if dropping and ": note:" in line:
            continue
        dropping = False
        kept.append(line)
    return "\n".join(kept)


def _why_absent(module: str, not_installed: Mapping[str, str]) -> str:
    """Why ``module`` is missing: the install failure of the package whose folded name matches it
    (``email_validator`` -> ``email-validator``), else that only the surveyed packages are installed."""
    def fold(name: str) -> str:
        return re.sub(r"[-_.]+", "_", name.lower())
    reason = next((why for name, why in not_installed.items() if fold(name) == fold(module)), None)
    return " ".join(reason.split())[:300] if reason else "the sandbox holds only the surveyed packages it installed"


def _missing_input(run_out: str, code: str) -> str | None:
    """The path of the input file a run stopped on, or None: the run's last error is a ``FileNotFoundError``
    ("No such file or directory") naming a path that the snippet spells as a string literal (``open("photo.jpg")``, ``Path('data/in.csv')``), so the code reads a file of the asker's that the
    sandbox lacks. An error raised after the code wrote or computed a path of its own is not one of these."""
    lines = [line for line in run_out.strip().splitlines() if line.strip()]
    m = re.match(r"(?:\w+\.)*FileNotFoundError: \[Errno 2\] No such file or directory: '([^']+)'",
                 lines[-1].strip()) if lines else None
    if m is None:
        return None
    path = m.group(1)
    return path if f'"{path}"' in code or f"'{path}'" in code else None


def _module_not_found(run_out: str) -> str | None:
    """The top-level module a run's ``ModuleNotFoundError`` names, or None."""
    m = re.search(r"ModuleNotFoundError: No module named '([\w.]+)'", run_out)
    return m.group(1).split(".")[0] if m else None


def _offline_stubs(modules: Sequence[str], folder: Path) -> dict[str, str]:
    """Stub-only packages (``<module>-stubs``, PEP 561) for ``modules`` that are already installed beside the
    checker (nothing is downloaded), linked into ``folder`` for mypy; returns {stub distribution: version} of the
    ones found (e.g. {"types-PyYAML": "6.0.12"})."""
    import importlib.metadata
    import sysconfig

    site = Path(sysconfig.get_paths()["purelib"])
    found: dict[str, str] = {}
    for module in modules:
        top = module.split(".")[0]
        stubs = site / f"{top}-stubs"
        if not stubs.is_dir():
            continue
        folder.mkdir(exist_ok=True)
        if not (folder / top).exists():
            (folder / top).symlink_to(stubs, target_is_directory=True)  # mypy reads it as the package's stubs
        dist = next((d for d in importlib.metadata.distributions(path=[str(site)])
                     if any(str(f).startswith(f"{top}-stubs/") for f in d.files or [])), None)
        found[dist.metadata["Name"] if dist else f"{top}-stubs"] = dist.version if dist else "installed"
    return found


def _write_crate(folder: Path, files: Mapping[str, str]) -> bool:
    """Write a crate's sources (relative paths only; ``..`` and absolute paths refused) into ``folder``; whether it
    has a ``Cargo.toml`` to depend on."""
    if "Cargo.toml" not in files:
        return False
    for rel, text in files.items():
        parts = Path(rel).parts
        if not parts or Path(rel).is_absolute() or ".." in parts:
            continue
        target = folder.joinpath(*parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return True


def _is_module(code: str) -> bool:
    return any(line.lstrip().startswith(("import ", "export ")) for line in code.splitlines())
