"""A code run's bad input through the domain-code handler (the event store in memory, the registries and pip's
index on loopback, the real sandbox): a workspace path that does not exist (a run submitted over the API, where the
command line's check does not apply), a typo of a popular package's name, a registry answering 429 and one answering
404 are each named with the reason in the report and "What is missing"; the usable package is still surveyed,
recommended and its figures checked by the verifier; nothing is lost."""

from __future__ import annotations

from pathlib import Path

from contracts import ExtractionCompleted, VerifyClaim
from services.domain_code.analysis import Tools
from services.domain_code.handlers import CodeAnalysis, on_extraction_completed
from services.verifier.handlers import EvidencePools, Verification, on_verify
from shared.settings import DomainCodeSettings, VerifierSettings
from tests.code_standins import registries, settings_kwargs
from tests.unit.handlers.fakes import FakeCommands, FakeDocuments, memory_runs, started_run
from tests.unit.handlers.test_verifier_handlers import FakeVerdicts

QUESTION = "Which Python HTTP client with retries: `reqeusts`, `busyhttp`, `nothere` or `fetchkit`? I call get()."


async def test_bad_input_is_named_and_the_rest_of_the_analysis_stands(tmp_path: Path) -> None:
    runs, docs, commands = memory_runs(), FakeDocuments(), FakeCommands()
    missing_folder = tmp_path / "no-such-project"
    run_id = started_run(runs, QUESTION, domain="code", workspace=str(missing_folder))
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "python http client"}], "code", "en", "offline", False)
    runs.record_search(run_id, "q1", "python http client", 1, [], True, [])  # nothing found: no page to read
    plan = next(e for e in runs.timeline(run_id) if isinstance(e, ExtractionCompleted))
    with registries() as server:
        tools = Tools.build(DomainCodeSettings(_env_file=None, **settings_kwargs(server), snippet_timeout_s=10))
        try:
            await on_extraction_completed(plan, CodeAnalysis(runs=runs, documents=docs, llm=None, tools=lambda: tools,
                                                     commands=commands))
        finally:
            tools.close()
    verifier = Verification(runs=runs, documents=docs, commands=FakeCommands(), llm=None, verdicts=FakeVerdicts(),
                            pools=EvidencePools(), settings=VerifierSettings(_env_file=None))
    assert commands.sent, "no registry figure was proposed"
    for cmd, _ in commands.sent:
        assert isinstance(cmd, VerifyClaim)
        await on_verify(cmd, verifier)
    run = runs.get_run(run_id)
    analysis = run.domain_analysis
    assert analysis is not None and analysis.status == "complete", analysis
    missing = " | ".join(run.missing)
    assert (f"workspace '{missing_folder}' does not exist: the project was not scanned (the answer does not take "
            "it into account)") in missing, missing
    surveyed = {p["name"]: p for p in run.domain_events["PackagesSurveyed"]["packages"]}
    assert surveyed["reqeusts"]["typosquat_of"] == "requests"
    assert surveyed["busyhttp"]["error"].startswith("rate_limited: PyPI busyhttp answered 429 (Retry-After 30 s)")
    assert surveyed["nothere"]["error"].startswith("not_found: PyPI nothere answered 404")
    body = "\n".join(str(s["body"]) for s in analysis.sections)
    assert "**Recommended: `fetchkit` 2.4.1**" in body  # the usable package still wins
    assert "possible typosquat of `requests`" in body and "`reqeusts` is two letters swapped from" in body
    assert "429" in body and "404" in body, body
    figures = {c.text: c.verdict for c in run.claims.values() if c.figure is not None}
    assert figures["The fetchkit version is 2.4.1."] == "supported", figures
    assert all(c.claim_id in {str(m) for _, m in commands.sent} for c in run.claims.values() if c.figure)
