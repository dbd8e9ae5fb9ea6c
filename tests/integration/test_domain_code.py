"""A code run end to end over real NATS and PostgreSQL with the offline engines: the domain-code service acts on
the plan (domain "code"), records its survey, signatures and snippet checks on the run, and its sections reach
the report after the lead, every registry figure cited and audited against the registry's stored JSON. The
registries and pip's index are loopback stand-ins (tests/code_standins.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import uuid4

import nats
import pytest

from contracts import Budget, RunRequested
from services.cli.research import follow, result, submit
from services.cli.stack import Stack
from shared.report import lead_section
from shared.runtime import Runtime
from shared.settings import DomainCodeSettings
from tests.code_standins import registries, settings_kwargs

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

QUESTION = ("Which Python HTTP client should I use to call get() with retries: `fetchkit` or `slowhttp`? "
            "My attempt fails:\n```python\nfrom fetchkit import fetch_all\n```\n"
            "and this one too:\n```python\nimport urllib.request\n\nurllib.request.urlopen('http://example.org')\n```")
DOCS = [("HTTP clients in Python", "fetchkit is a Python HTTP client with retries and connection pooling. "
         "slowhttp is an older HTTP library for simple fetching. Both can call get on a URL."),
        ("Retries", "Retrying failed HTTP requests with backoff makes a client robust against flaky servers."),
        ("Sourdough", "A sourdough starter is fed flour and water every day; a client of the bakery retries it.")]


async def test_a_code_run_over_the_bus(settings: Any, endpoints: Any, tmp_path: Path) -> None:
    workspace = tmp_path / "project"
    workspace.mkdir()
    (workspace / "pyproject.toml").write_text('[project]\nname = "demo"\nlicense = "MIT"\n'
                                              'dependencies = ["fetchkit>=2"]\n')
    (workspace / "requirements.lock").write_text("fetchkit==2.3.0\n")  # not a lock this scan reads: ignored
    with registries() as standins:
        code = DomainCodeSettings(_env_file=None, **settings_kwargs(standins), snippet_timeout_s=10)
        rt = Runtime.open(settings.model_copy(update={"code": code}), endpoints=endpoints)
        try:
            for title, text in DOCS:
                rt.corpus.add("code-docs", path=f"{title}.md", title=title, text=text, content_type="text/plain")
            run_id = uuid4()
            nc = await nats.connect(rt.endpoints.nats_url)
            seen: list[str] = []

            async def on_msg(msg: Any) -> None:
                if json.loads(msg.data).get("run_id") == str(run_id):
                    seen.append(msg.subject)

            sub = await nc.subscribe("assay.evt.>", cb=on_msg)
            async with Stack(rt):
                await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local", domain="code",
                                              corpus="code-docs", workspace=str(workspace),
                                              budget=Budget(seconds=240)))
                await follow(rt, run_id, timeout_s=300)
            await sub.unsubscribe()
            await nc.close()
            res = result(rt, run_id)
            events = rt.runs.get_run(run_id).domain_events
            stored = {s["source_id"]: rt.documents.get(s["document_sha256"])
                      for s in res["domain_analysis"]["sources"]}
        finally:
            rt.close()
    for expected in ("packages-surveyed", "api-signatures-extracted", "snippet-checked",
                     "domain-analysis-completed", "report-synthesized", "run-completed"):
        assert f"assay.evt.{expected}.v1" in seen, f"{expected} never reached the bus"
    assert res["status"] == "completed", res.get("failure")
    analysis = res["domain_analysis"]
    assert analysis["status"] == "complete" and analysis["domain"] == "code"
    surveyed = events["PackagesSurveyed"]
    assert [p["name"] for p in surveyed["packages"]] == ["fetchkit", "slowhttp"]
    assert surveyed["packages"][0]["in_workspace"] == ">=2" and surveyed["packages"][0]["licence_fit"] == "fits"
    assert surveyed["workspace"]["manifests"] == ["pyproject.toml"]
    checks = {k.split(":")[1]: v for k, v in events.items() if k.startswith("SnippetChecked:")}
    assert checks["question-1"]["status"] == "failed" and checks["question-1"]["reason"] == "type_error"
    assert checks["question-2"]["status"] == "failed" and checks["question-2"]["reason"] == "network"
    assert checks["fetchkit-imports"]["status"] == "passed"
    assert checks["fetchkit-imports"]["versions"]["fetchkit"] == "2.4.1"

    report = res["report"]
    headings = [line for line in report.splitlines() if line.startswith("## ")]
    # the recommendation leads as the Answer (cited from the registries), the general answer follows as findings
    assert headings[:4] == ["## Answer", "## Package comparison", "## API signatures", "## Checked code"], headings
    assert "## Your workspace" in headings and "## Answer" not in headings[4:] and "[@" not in report
    lead = lead_section(report)
    assert lead.startswith("**Recommended: `fetchkit` 2.4.1**[") and "Sourdough" not in lead
    lead_sources = {c["source_id"] for c in res["citations"] if f"[{c['n']}]" in lead}
    assert lead_sources and lead_sources <= set(stored), "the lead cites a page that is not about the package"
    assert "**Recommended: `fetchkit` 2.4.1**[" in report
    assert "fetchkit.get(url: 'str', *, params: 'dict[str, str] | None' = None" in report
    assert "Check: **FAILED** at types (type_error" in report and "network access refused" in report
    assert "Check: **passed** (py_compile + mypy" in report
    registry_citations = [c for c in res["citations"] if c["source_id"] in stored]
    assert registry_citations, "no registry figure is cited"
    for c in registry_citations:
        assert stored[c["source_id"]][c["start"]:c["end"]] == c["quote"] and f"[{c['n']}]" in report
    assert any(c["quote"] == '"version": "2.4.1"' for c in registry_citations)
    assert res["citation_audit"]["valid"] == res["citation_audit"]["total"], res["citation_audit"]
    # the package figures (version, licence) were claims the verifier checked against the registry document
    # before the analysis was recorded
    figures = {c["text"]: c["verdict"] for c in res["claims"] if c["claim_id"] in figures_ids(registry_citations)}
    assert figures.get("The fetchkit version is 2.4.1.") == "supported", figures
    assert figures.get("The fetchkit license is BSD-3-Clause.") == "supported", figures
    types = [e["type"] for e in res["events"]]
    assert types.index("DomainFiguresProposed") < types.index("DomainAnalysisCompleted")
    assert {c["domain_figure"] for c in res["claims"] if c["claim_id"] in figures_ids(registry_citations)} == {"code"}
    assert "(not confirmed by its source)" not in report.split("## Answer", 1)[1].split("\n## ", 1)[0]


def figures_ids(citations: list[dict[str, Any]]) -> set[str]:
    """The claim ids the report's registry citations carry (the figures' claims)."""
    return {str(c["claim_id"]) for c in citations}


OFF_TOPIC = [
    ("Mark's and Jack's Island Natural Area Preserve", "Mark's and Jack's Island Natural Area Preserve is a 2000 "
     "acre Natural Area Preserve in Accomack County, Virginia. Its marshes are preserved for birds."),
    ("Luigi D'Albertis", "D'Albertis kept a pet python on board to prevent his crew from pilfering the stores. "
     "He preserved bird specimens with comments in his diary.")]
TOML_QUESTION = "I need a Python library to parse TOML with comments preserved: `tomlkit` or `tomli`?"


async def test_a_toml_run_over_the_bus_recommends_the_package_that_meets_the_requirement(
        settings: Any, endpoints: Any) -> None:
    """Issue 15's trial: plain words of the question ("preserved", "comments") are never looked up as packages (a
    stranger's one-day-old ``preserved`` is never seen), nor is "TOML", the format in capitals that no source or
    question calls a package (issue 15 leftovers), ``tomlkit`` (years of releases) is no typosquat of ``tomli`` and is recommended, and
    ``tomli``, whose README says it does not preserve comments, is neither recommended nor runner-up."""
    with registries() as standins:
        code = DomainCodeSettings(_env_file=None, **settings_kwargs(standins), snippet_timeout_s=10)
        rt = Runtime.open(settings.model_copy(update={"code": code}), endpoints=endpoints)
        try:
            rt.corpus.add("toml-docs", path="toml.md", title="TOML in Python", text=(
                "TOML is a configuration file format. Python reads TOML with a library; tomlkit keeps comments "
                "when it writes a document back."), content_type="text/plain")
            for title, text in OFF_TOPIC:  # a sample corpus' pages that share a word or two with the question
                rt.corpus.add("toml-docs", path=f"{title}.md", title=title, text=text, content_type="text/plain")
            run_id = uuid4()
            async with Stack(rt):
                await submit(rt, RunRequested(run_id=run_id, question=TOML_QUESTION, scope="local", domain="code",
                                              corpus="toml-docs", budget=Budget(seconds=240)))
                await follow(rt, run_id, timeout_s=300)
            res = result(rt, run_id)
            events = rt.runs.get_run(run_id).domain_events
        finally:
            rt.close()
        asked = {p.split("/")[2] for p in standins.requests if p.startswith("/pypi/")}
    assert res["status"] == "completed", res.get("failure")
    assert "preserved" not in asked and "comments" not in asked and "parse" not in asked
    surveyed = {p["name"]: p for p in events["PackagesSurveyed"]["packages"]}
    assert set(surveyed) == {"tomlkit", "tomli"} and "toml" not in asked
    assert surveyed["tomlkit"]["typosquat_of"] is None and surveyed["tomlkit"]["newness"] is None
    assert [r["verdict"] for r in surveyed["tomli"]["requirements"]] == ["contradicted"]
    report = res["report"]
    lead = lead_section(report)
    assert lead.startswith("**Recommended: `tomlkit` 0.13.2**[") and "Runner-up" not in lead
    assert "`tomli`'s README says it does not: \"" in lead and "Tomli does not preserve comments." in lead
    assert "possible typosquat of" not in report and "`preserved`" not in report
    # the general findings under the recommendation bear on the question: no nature preserve, no python snake
    assert "Natural Area Preserve" not in report and "pet python" not in report, report
    assert "## Answer" not in report or "tomlkit keeps comments" in report.split("## Answer", 1)[1]
    assert "- general findings: " in report and "do not bear on this code question were left out" in report
    assert res["citation_audit"]["valid"] == res["citation_audit"]["total"], res["citation_audit"]
