"""The domain reports over the loopback stand-ins: one shopping run (tests/shopping_pages.py: product, merchant and
review pages with JSON-LD, microdata, RDFa, spec tables, prices in several currencies, a sponsored review) and code
runs (tests/code_standins.py: PyPI, npm and crates.io in their real JSON shapes, a PEP 503 index, a ``.crate``) end
to end over real NATS and PostgreSQL with the offline engines. Each report is printed with its confidence, citation
audit and the verifier's verdicts on the domain's figures, and written to ``.assay/bench/domain_reports/`` (ignored
by git).

Run: ``pytest tests/bench/test_bench_domain_reports.py -s -q``. Asserted: each run completes, its domain analysis is
complete, every figure it proposed has a verdict and every citation is valid (never a speed or a score).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from contracts import Budget, RunRequested
from services.cli.research import follow, result, submit
from services.cli.stack import Stack
from shared.runtime import Runtime
from shared.settings import DomainCodeSettings
from tests.code_standins import registries, settings_kwargs
from tests.shopping_pages import MARKET, MIXED, shopping_run

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow, pytest.mark.timeout(900)]

OUT = Path(__file__).resolve().parents[2] / ".assay" / "bench" / "domain_reports"
SHOPPING = "Which noise cancelling headphones are best under $300?"
CODE = {
    "python": ("Which Python HTTP client should I use to call get() with retries: `fetchkit`, `slowhttp` or "
               "`reqeusts`? My attempt fails:\n```python\nfrom fetchkit import fetch_all\n```"),
    "rust": "Which Rust crate should I use for HTTP requests with retries: `fetchrs`? I call with_retries().",
    # a requirement in the question, a GPL candidate for an MIT project, a dependency whose latest release is yanked
    "yaml": "Which Python YAML library preserves comments: `yamlfast`, `yamlgpl` or `yamlkeep`? I call load().",
    # issue 15's second trial: candidates only the pages name (retryfetch, its latest version deprecated), and a
    # Python page more on the question's words than the Node.js one, which must not lead an npm answer
    "npm": "Which npm package should I use for HTTP requests with retries in Node.js?",
}
DOCS = [("HTTP clients", "fetchkit is a Python HTTP client with retries and connection pooling. fetchrs is a Rust "
         "HTTP client with retries. slowhttp is an older HTTP library for simple fetching.")]
NPM_DOCS = [
    ("HTTP requests with retries in Python", "The best package for HTTP requests with retries is fetchkit: "
     "pip install fetchkit, then fetchkit retries HTTP requests with backoff.\n\n```python\nimport fetchkit\n\n"
     "fetchkit.get('https://example.org')\n```\nPython developers should use fetchkit for HTTP requests with "
     "retries."),
    ("Retrying HTTP requests in Node.js", "In Node.js, npm install fetchit gives HTTP requests with retries.\n\n"
     "```js\nconst fetchit = require('fetchit');\nconst body = await fetchit.get(url);\n```\n"
     "Older Node.js projects use retryfetch or fetchit for HTTP requests with retries.")]


def show(name: str, res: dict[str, Any]) -> None:
    """Print the run's report and its trust figures, and write the report to ``OUT``."""
    proposed = {e["summary"] for e in res["events"] if e["type"] == "DomainFiguresProposed"}
    figures = [c for c in res["claims"] if c["domain_figure"]]
    counts: dict[str, int] = {}
    for c in figures:
        counts[str(c["verdict"])] = counts.get(str(c["verdict"]), 0) + 1
    audit = res["citation_audit"] or {}
    confidence = res["confidence"] or {}
    print(f"\n===== {name}: {res['question']!r}\nstatus {res['status']}; confidence {confidence.get('tier')} "
          f"({confidence.get('score')}); citations valid {audit.get('valid')}/{audit.get('total')}; "
          f"{'; '.join(sorted(proposed))}; figure verdicts {dict(sorted(counts.items()))}\n")
    print(res["report"])
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.md").write_text(str(res["report"]))


def check(res: dict[str, Any]) -> None:
    assert res["status"] == "completed", res["failure"]
    assert res["domain_analysis"]["status"] == "complete", res["domain_analysis"]
    audit = res["citation_audit"]
    assert audit["valid"] == audit["total"], audit["invalid"]
    figures = [c for c in res["claims"] if c["domain_figure"]]
    assert figures and all(c["verdict"] is not None for c in figures)


@pytest.mark.parametrize(("name", "pages", "question"), [
    ("shopping", MARKET, SHOPPING),
    # a German spec table, a product page with plain spec sentences, an independent and a sponsored review
    ("shopping-mixed", MIXED, "Which noise cancelling headphones are best under $350?"),
])
async def test_a_shopping_report(name: str, pages: dict[str, str], question: str, runtime: Any) -> None:
    res = await shopping_run(runtime, pages, question)
    show(name, res)
    check(res)


@pytest.mark.parametrize("ecosystem", sorted(CODE))
async def test_a_code_report(ecosystem: str, settings: Any, endpoints: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "project"
    workspace.mkdir()
    if ecosystem == "python":
        (workspace / "pyproject.toml").write_text('[project]\nname = "demo"\nlicense = "MIT"\n'
                                                  'dependencies = ["fetchkit>=2"]\n')
    elif ecosystem == "yaml":
        (workspace / "LICENSE").write_text("MIT License\n\nPermission is hereby granted, free of charge, to any "
                                           "person obtaining a copy\n")
        (workspace / "requirements.txt").write_text("yamlfast==6.0.2\n")
    elif ecosystem == "npm":
        (workspace / "package.json").write_text('{"name": "demo", "version": "1.0.0", "license": "MIT"}\n')
    else:
        (workspace / "Cargo.toml").write_text('[package]\nname = "demo"\nversion = "0.1.0"\nlicense = "MIT"\n\n'
                                              '[dependencies]\nfetchrs = "0.12"\n')
    with registries() as standins:
        code = DomainCodeSettings(_env_file=None, **settings_kwargs(standins), snippet_timeout_s=10)
        rt = Runtime.open(settings.model_copy(update={"code": code}), endpoints=endpoints)
        try:
            for title, text in NPM_DOCS if ecosystem == "npm" else DOCS:
                rt.corpus.add("code-docs", path=f"{title}.md", title=title, text=text, content_type="text/plain")
            run_id = uuid4()
            async with Stack(rt):
                await submit(rt, RunRequested(run_id=run_id, question=CODE[ecosystem], scope="local", domain="code",
                                              corpus="code-docs", workspace=str(workspace),
                                              budget=Budget(seconds=240)))
                await follow(rt, run_id, timeout_s=300)
            res = result(rt, run_id)
        finally:
            rt.close()
    show(f"code-{ecosystem}", res)
    check(res)
    if ecosystem == "npm":  # the pages' own candidate is surveyed, its deprecated latest skipped, no Python lead
        report = str(res["report"])
        assert "`retryfetch`" in report and "2.4.0" in report and "(3.0.0 deprecated)" in report, report
        answer = report.split("## Answer", 1)[1].split("\n## ", 1)[0] if "## Answer" in report else ""
        entries = {m.group(1): line for line in report.splitlines() if (m := re.match(r"- \[(\d+)\] ", line))}
        cited = [entries[n] for n in dict.fromkeys(re.findall(r"\[(\d+)\]", answer))]
        # the answer opens with the pick cited to its registry entry ("Recommended: **`fetchit`** [1], as the
        # recommendation above explains."); the first page it cites after that is the Node.js one, never the Python one
        pages = [entry for entry in cited if " on npm — " not in entry]
        assert pages and "Node.js" in pages[0], (cited, report)
        assert not any("Python" in entry for entry in cited), (cited, report)
