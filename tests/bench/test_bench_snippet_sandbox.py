"""Benchmark: the code domain's snippet sandbox, check time per snippet.

Run with ``make bench`` (``pytest tests/bench -s -q``) or alone (``pytest tests/bench/test_bench_snippet_sandbox.py
-s -q``); not part of ``make test``. Figures are printed and written to ``.assay/bench/sandbox.json`` (ignored by
git). Only the verdicts are asserted (each snippet gets the status and reason it must), never speed.

What is measured: ``Sandbox.check`` wall time per snippet, from writing it into its temporary folder to the
verdict (py_compile, mypy with a warm cache, the run; node --check; cargo check --offline, against the stand-in
crate's source as a path dependency for the fetchrs snippets), over ``ROUNDS``
rounds after one untimed warm-up round (mypy's first check fills its cache: that cold time is printed apart).
The killed snippets (endless loop, network, memory) show what a refusal costs: the loop waits out the limit
(``TIMEOUT_S``). Python snippets against a package are checked against a wheel the bench builds and pip
installs from a loopback index. Knobs: ``ASSAY_BENCH_SANDBOX_ROUNDS`` (default 3), ``ASSAY_BENCH_SANDBOX_TIMEOUT_S``
(the limit per step, default 5).
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import time
from pathlib import Path

import pytest

from services.domain_code.sandbox import Sandbox, network_namespace_available
from services.domain_code.signatures import Installer
from tests.code_standins import FETCHRS_SOURCE, registries

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]

RESULTS = Path(__file__).resolve().parents[2] / ".assay" / "bench" / "sandbox.json"
ROUNDS = int(os.environ.get("ASSAY_BENCH_SANDBOX_ROUNDS", "3"))
#: the sandbox's limit per step; raise it on a loaded machine, where a cold mypy step alone can pass 5 s
TIMEOUT_S = float(os.environ.get("ASSAY_BENCH_SANDBOX_TIMEOUT_S", "5"))

#: (name, language, code, expected status, expected reason, needs the installed package)
SNIPPETS: list[tuple[str, str, str, str, str, bool]] = [
    ("python stdlib, passes", "python", "import json\n\nprint(json.dumps({'ok': True}))\n", "passed", "", False),
    ("python against fetchkit, passes", "python",
     "from fetchkit import Client, get\n\nprint(get('http://x', retries=2).status, Client(retries=1).retries)\n",
     "passed", "", True),
    ("import of a missing function", "python", "from fetchkit import fetch_all\n", "failed", "type_error", True),
    ("wrong keyword argument", "python", "from fetchkit import get\n\nget('http://x', retry=2)\n", "failed",
     "type_error", True),
    ("syntax error", "python", "def f(:\n    pass\n", "failed", "syntax_error", False),
    ("endless loop", "python", "while True:\n    pass\n", "failed", "timeout", False),
    ("network call", "python", "import urllib.request\n\nurllib.request.urlopen('http://example.org')\n", "failed",
     "network", False),
    ("memory hog", "python", "block = bytearray(2_000_000_000)\n", "failed", "memory", False),
]
if shutil.which("node"):
    SNIPPETS += [("javascript, passes", "javascript", "const add = (a, b) => a + b;\nconsole.log(add(1, 2));\n",
                  "passed", "", False),
                 ("javascript syntax error", "javascript", "const add = (a, b) => ;\n", "failed", "syntax_error",
                  False)]
#: the stand-in crate a Rust snippet is checked against (name -> (version, its sources with Cargo.toml))
CRATES = {"fetchrs": ("0.12.3", FETCHRS_SOURCE)}
if Sandbox().cargo:
    SNIPPETS += [("rust, passes", "rust", "fn main() { let x: i32 = 2; println!(\"{}\", x * 2); }\n", "passed", "",
                  False),
                 ("rust type error", "rust", "fn main() { let x: i32 = \"two\"; }\n", "failed", "type_error", False),
                 # against the stand-in crate's source (a path dependency, as the domain checks a crate's snippet)
                 ("rust against fetchrs, passes", "rust", "use fetchrs::{get, RetryPolicy};\n\nfn main() {\n"
                  "    let _policy = RetryPolicy(3);\n    let _response = get(\"https://example.org\");\n}\n",
                  "passed", "", True),
                 ("rust: a function fetchrs lacks", "rust", "fn main() { fetchrs::fetch_all(\"x\"); }\n", "failed",
                  "type_error", True)]


def test_sandbox_check_time_per_snippet() -> None:
    sandbox = Sandbox(timeout_s=TIMEOUT_S, memory_mb=512)
    rows: list[dict[str, object]] = []
    with registries() as server:
        installer = Installer(sandbox, index_url=server.base + "/simple")
        try:
            started = time.perf_counter()
            package = installer.install("fetchkit", "2.4.1")
            install_s = time.perf_counter() - started
            cold = sandbox.check("import json\n", "python").seconds
            for name, language, code, status, reason, needs in SNIPPETS:
                rust = language == "rust" and needs
                site = [package.folder] if needs and not rust else []
                versions = {"fetchrs": "0.12.3"} if rust else {"fetchkit": package.version} if needs else {}
                crates = CRATES if rust else None
                sandbox.check(code, language, site_dirs=site, versions=versions, crates=crates)  # warm-up
                times: list[float] = []
                for _ in range(ROUNDS):
                    result = sandbox.check(code, language, site_dirs=site, versions=versions, crates=crates)
                    assert (result.status, result.reason) == (status, reason), (name, result)
                    times.append(result.seconds)
                rows.append({"snippet": name, "language": language, "verdict": f"{status} {reason}".strip(),
                             "checker": result.checker, "median_s": round(statistics.median(times), 3),
                             "max_s": round(max(times), 3)})
        finally:
            installer.close()
            sandbox.close()
    print(f"\nsnippet sandbox: {ROUNDS} rounds after a warm-up; limit {TIMEOUT_S:g} s per step; network namespace "
          f"{'yes' if network_namespace_available() else 'no (audit hook only)'}; {platform.python_version()} on "
          f"{os.cpu_count()} cores")
    print(f"pip install of the stand-in wheel from the loopback index: {install_s:.2f} s; first mypy check "
          f"(cold cache): {cold:.2f} s")
    print("| snippet | verdict | checker | median s | max s |\n| --- | --- | --- | --- | --- |")
    for row in rows:
        print(f"| {row['snippet']} | {row['verdict']} | {row['checker']} | {row['median_s']} | {row['max_s']} |")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"rounds": ROUNDS, "timeout_s": TIMEOUT_S, "install_s": round(install_s, 3),
                                   "cold_mypy_s": round(cold, 3), "rows": rows}, indent=2))
