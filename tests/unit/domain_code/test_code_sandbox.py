"""The snippet sandbox with the real checkers: python (py_compile), mypy, a run under time, memory and network
limits; node when it is installed; an import of a function that does not exist fails; an endless loop and a
network call are killed with the reason."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.domain_code.sandbox import Sandbox
from services.domain_code.signatures import Installer
from tests.code_standins import registries

#: the limit per step: a loaded machine (8 helpers' test suites on 2 cores) takes over 4 s for one mypy step, which
#: the limit must not mistake for the snippet's own endless loop
LIMIT_S = 15


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Sandbox]:
    box = Sandbox(timeout_s=LIMIT_S, memory_mb=256)
    yield box
    box.close()


def test_good_python_passes_every_step(sandbox: Sandbox) -> None:
    result = sandbox.check("import json\n\nprint(json.dumps({'ok': True}))\n", "python")
    assert result.status == "passed", result.error
    assert result.checker.startswith("py_compile + mypy ") and result.checker.endswith(" + run")
    assert result.versions["python"].startswith("3.11") and "mypy" in result.versions and result.seconds > 0


def test_importing_a_function_that_does_not_exist_fails(sandbox: Sandbox) -> None:
    result = sandbox.check("from json import parse_fast\n\nprint(parse_fast('{}'))\n", "python")
    assert result.status == "failed" and result.stage == "types" and result.reason == "type_error"
    assert 'Module "json" has no attribute "parse_fast"' in result.error


def test_a_syntax_error_fails_at_compile(sandbox: Sandbox) -> None:
    result = sandbox.check("def f(:\n    pass\n", "python")
    assert (result.status, result.stage, result.reason) == ("failed", "compile", "syntax_error")
    assert "SyntaxError" in result.error and "assay-snippet-" not in result.error


def test_an_endless_loop_is_killed_with_the_reason(sandbox: Sandbox) -> None:
    result = sandbox.check("n = 0\nwhile True:\n    n += 1\n", "python")
    assert (result.status, result.stage, result.reason) == ("failed", "run", "timeout")
    assert f"killed by the sandbox after {LIMIT_S:g} s" in result.error
    assert result.seconds < 4 * LIMIT_S  # the compile and type steps, then the run killed at its limit


def test_a_network_call_is_killed_with_the_reason(sandbox: Sandbox) -> None:
    code = ("import socket\n\nsock = socket.create_connection(('127.0.0.1', 9), timeout=2)\n"
            "print(sock)\n")
    result = sandbox.check(code, "python")
    assert (result.status, result.stage, result.reason) == ("failed", "run", "network")
    assert result.error.startswith("killed by the sandbox: network access refused (socket.")


def test_a_process_spawn_is_refused(sandbox: Sandbox) -> None:
    result = sandbox.check("import subprocess\n\nsubprocess.run(['true'])\n", "python")
    assert result.reason == "process_spawn" and "process spawn refused" in result.error


def test_a_socket_call_through_ctypes_is_refused_as_network_access(sandbox: Sandbox) -> None:
    # the issue 15 trial: libc's connect through ctypes failed in the namespace, yet the check said "passed"
    code = "import ctypes\n\nlibc = ctypes.CDLL(None)\nfd = libc.socket(2, 1, 0)\nprint('socket', fd)\n"
    result = sandbox.check(code, "python")
    assert (result.status, result.stage, result.reason) == ("failed", "run", "network")
    assert result.error.startswith("killed by the sandbox: network access refused (ctypes socket")
    spawn = sandbox.check("import ctypes\n\nctypes.CDLL(None).system(b'true')\n", "python")
    assert spawn.reason == "process_spawn"


def test_memory_over_the_limit_is_killed(sandbox: Sandbox) -> None:
    result = sandbox.check("block = bytearray(1_000_000_000)\nprint(len(block))\n", "python")
    assert (result.status, result.reason) == ("failed", "memory") and "256 MiB" in result.error


def test_a_runtime_error_fails_the_run(sandbox: Sandbox) -> None:
    result = sandbox.check("values: list[int] = []\nprint(values[3])\n", "python")
    assert (result.status, result.stage, result.reason) == ("failed", "run", "runtime_error")
    assert "IndexError" in result.error


def test_checked_against_the_surveyed_version(sandbox: Sandbox) -> None:
    with registries() as server:
        installer = Installer(sandbox, index_url=server.base + "/simple", timeout_s=120)
        try:
            pkg = installer.install("fetchkit", "2.4.1")
            good = sandbox.check("from fetchkit import Client, get\n\nresponse = get('http://x', retries=2)\n"
                                 "print(Client(retries=1).retries, response.status)\n", "python",
                                 site_dirs=[pkg.folder], versions={"fetchkit": pkg.version})
            wrong = sandbox.check("from fetchkit import get\n\nget('http://x', retry=2)\n", "python",
                                  site_dirs=[pkg.folder], versions={"fetchkit": pkg.version})
            missing = sandbox.check("from fetchkit import fetch_all\n", "python", site_dirs=[pkg.folder])
        finally:
            installer.close()
    assert good.status == "passed", good.error
    assert good.versions["fetchkit"] == "2.4.1"
    assert wrong.status == "failed" and 'Unexpected keyword argument "retry"' in wrong.error
    assert missing.status == "failed" and 'Module "fetchkit" has no attribute "fetch_all"' in missing.error


def test_unknown_languages_are_unavailable_not_passed(sandbox: Sandbox) -> None:
    result = sandbox.check("print 'hi'", "cobol")
    assert result.status == "unavailable" and result.reason == "checker_unavailable"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (the Debian nodejs package)")
def test_javascript_by_node_check(sandbox: Sandbox) -> None:
    good = sandbox.check("const add = (a, b) => a + b;\nconsole.log(add(1, 2));\n", "javascript")
    bad = sandbox.check("const add = (a, b) => ;\n", "javascript")
    assert good.status == "passed" and good.checker.startswith("node ") and "node" in good.versions
    assert bad.status == "failed" and bad.reason == "syntax_error" and "SyntaxError" in bad.error


def test_missing_checkers_say_so(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(Path, "home", lambda: tmp_path)
    ts = sandbox.check("let x: number = 1;\n", "typescript")
    js = sandbox.check("let x = 1;\n", "javascript")
    rs = sandbox.check("fn main() {}\n", "rust")
    assert [r.status for r in (ts, js, rs)] == ["unavailable"] * 3
    assert "not installed" in js.error and "tsc" in ts.error and "cargo" in rs.error


def test_files_outside_the_snippets_folder_are_neither_read_nor_changed(sandbox: Sandbox, tmp_path: Path) -> None:
    """A snippet (perhaps written by a model that read a hostile page) cannot read the service's files, whose
    text would reach the report through the error output, nor change or delete them."""
    secret = tmp_path / "service-secret.txt"
    secret.write_text("sk-not-for-snippets", encoding="utf-8")
    for code in (f"print(open({str(secret)!r}).read())\n",
                 f"open({str(secret)!r}, 'w').write('gone')\n",
                 f"import os\n\nos.remove({str(secret)!r})\n",
                 f"import os\n\nprint(os.listdir({str(tmp_path)!r}))\n",
                 "print(open('/etc/hostname').read())\n"):
        result = sandbox.check(code, "python")
        assert (result.status, result.stage, result.reason) == ("failed", "run", "filesystem"), (code, result)
        assert "sk-not-for-snippets" not in result.error
    assert secret.read_text(encoding="utf-8") == "sk-not-for-snippets"
    # its own folder and the standard library stay usable
    ok = sandbox.check("import json\nfrom pathlib import Path\n\nPath('out.json').write_text(json.dumps([1]))\n"
                       "print(Path('out.json').read_text())\n", "python")
    assert ok.status == "passed", ok


def test_missing_stubs_are_a_checker_limit_not_a_failure_and_the_run_still_happens(sandbox: Sandbox) -> None:
    # mypy knows stubs exist for requests (types-requests) but none are installed here: the type check is
    # incomplete, and the run goes on (and is stopped for the endless loop, the snippet's real fault)
    code = ("try:\n    import requests\nexcept ImportError:\n    requests = None\n\nwhile True:\n    pass\n")
    result = sandbox.check(code, "python")
    assert "incomplete: no stubs for requests" in result.checker and "does not work" not in result.error
    assert result.status == "failed" and result.stage == "run" and result.reason == "timeout"


def test_stubs_installed_offline_are_used_and_a_library_not_installed_is_said(sandbox: Sandbox) -> None:
    # types-PyYAML is installed beside the checker: mypy reads it (a wrong call is a type error) ...
    bad = sandbox.check("import yaml\n\nyaml.safe_load(42, 43)\n", "python")
    assert bad.status == "failed" and bad.stage == "types" and bad.reason == "type_error"
    assert "import-untyped" not in bad.error and bad.versions.get("types-PyYAML")
    # ... and a good snippet passes its type check, but PyYAML itself is not in the sandbox: not run, and said so
    good = sandbox.check("import yaml\n\nprint(yaml.safe_dump({'a': 1}))\n", "python")
    assert good.status == "unavailable" and good.stage == "run" and good.reason == "not_installed"
    assert "`yaml` is not installed in the sandbox" in good.error and "incomplete" not in good.checker


def test_a_package_that_could_not_be_installed_makes_the_check_incomplete_not_failed(sandbox: Sandbox) -> None:
    # correct code importing a package the sandbox could not install: mypy cannot find the module at all
    code = ("from email_validator import validate_email\n\n"
            "print(validate_email('a@example.com', check_deliverability=False).normalized)\n")
    why = {"email-validator": "pip install email-validator==2.2.0 failed: no network"}
    result = sandbox.check(code, "python", not_installed=why)
    assert result.status == "unavailable" and result.stage == "types" and result.reason == "not_installed"
    assert "incomplete: email_validator not installed (pip install email-validator==2.2.0 failed: no network)" \
        in result.checker and result.error.startswith("not run: the type check is incomplete")
    # without a known install failure the reason still says the package is not in the sandbox
    plain = sandbox.check(code, "python")
    assert plain.status == "unavailable" and "email_validator not installed (the sandbox holds only" in plain.error
    # a real type error beside the missing import is still a failure of the code
    wrong = sandbox.check("import email_validator\n\nx: int = 'no'\n", "python", not_installed=why)
    assert wrong.status == "failed" and wrong.stage == "types" and wrong.reason == "type_error"


def test_a_not_installed_check_is_reported_as_not_checked_never_as_not_working(sandbox: Sandbox) -> None:
    from services.domain_code.offline import Snippet, Survey, sections

    code = "import email_validator\n\nprint(email_validator.__name__)\n"
    check = sandbox.check(code, "python", not_installed={"email-validator": "no matching distribution"})
    snippet = Snippet("question-1", "python", code, "the code in the question", "question")
    made, _ = sections("Is `email-validator` ok?", Survey([], ["pypi"]), [], [(snippet, check)], {})
    body = next(s["body"] for s in made if s["heading"] == "Checked code")
    assert "**not checked**" in body and "FAILED" not in body and "does not work" not in body
    assert "email_validator not installed (no matching distribution)" in body


def test_a_run_stopped_only_by_a_missing_input_file_passes_its_type_checks(sandbox: Sandbox) -> None:
    # the snippet reads a file of the asker's ("scan.tiff"): the sandbox has none, which says nothing of the code
    code = "import json\n\nwith open('scan.tiff', 'rb') as fh:\n    print(json.dumps({'n': len(fh.read())}))\n"
    result = sandbox.check(code, "python")
    assert (result.status, result.stage, result.reason) == ("passed", "run", "input_missing"), result.error
    assert result.checker.startswith("py_compile + mypy ") and "run" not in result.checker
    assert "`scan.tiff`" in result.error
    # a path the code builds itself is its own doing: still a failed run
    built = "import json\n\nname = 'scan' + '.tiff'\nwith open(name, 'rb') as fh:\n    print(json.dumps(fh.read()))\n"
    assert sandbox.check(built, "python").status == "failed"
    # a type error still fails before the run
    wrong = "x: int = 'no'\nopen('scan.tiff')\n"
    assert sandbox.check(wrong, "python").status == "failed"
