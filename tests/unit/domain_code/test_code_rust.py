"""Rust in the code domain: a question about a crate gets a usage snippet from the model, checked by ``cargo check``
against the crate's checksum-verified source (or marked "checker unavailable" without cargo, never passed); the
crate reader finds ``#[macro_export]`` macros and other crates' re-exports, and says when macros it cannot expand
make the signatures incomplete."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contracts.domain_code import ApiSignature
from services.domain_code.analysis import Outcome
from services.domain_code.crates import crate_api
from services.domain_code.sandbox import Sandbox
from shared.llm.calls import ModelCalls
from shared.store import ResearchRuns
from tests.code_standins import analysed
from tests.llm_server import Reply, ScriptedLlmServer
from tests.unit.engines.conftest import gateway, script, spec, start_run

QUESTION = "Which Rust crate should I use for HTTP requests with retries: `fetchrs`? I call get()."
BROKEN = 'fn main() {\n    let _ = fetchrs::fetch_all("https://example.org");\n}\n'
FIXED = 'fn main() {\n    let _response = fetchrs::get("https://example.org");\n}\n'


def model_answer(body: dict[str, Any]) -> str:
    """A scripted model that reads its prompt: names fetchrs, writes a Rust snippet calling a function that does
    not exist, repairs it with the real one, and claims in its recommendation that the code works."""
    system = body["messages"][0]["content"]
    if system.startswith("You name software packages"):
        return json.dumps({"packages": ["fetchrs"]})
    if "Rust program" in system:
        return json.dumps({"code": BROKEN, "purpose": "fetch a URL"})
    if system.startswith("Fix the rust program"):
        return json.dumps({"code": FIXED, "purpose": "fetch a URL"})
    return "Use fetchrs for this task. The snippet below works and is tested."


async def run_analysis(server: ScriptedLlmServer, *, cargo: str | None | bool) -> tuple[Outcome, dict[str, Any]]:
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    model = script(server, Reply(respond=model_answer))
    calls = ModelCalls(gateway(runs, {"synthesizer": [spec(server, model)]}), runs, start_run(runs), "domain-code")
    sandbox = None if cargo is True else Sandbox(timeout_s=20, cargo=cargo or None)
    return await analysed(QUESTION, calls=calls, snippet_timeout_s=20, sandbox=sandbox)


def section(out: Outcome, heading: str) -> str:
    return next(str(s["body"]) for s in out.sections if s["heading"] == heading)


async def test_without_cargo_the_rust_snippet_is_written_and_marked_unchecked() -> None:
    with ScriptedLlmServer() as server:
        out, events = await run_analysis(server, cargo=None)
    checks = {k: v for k, v in events.items() if k.startswith("SnippetChecked:")}
    usage = checks["SnippetChecked:fetchrs-usage:1"]
    assert usage["language"] == "rust" and usage["origin"] == "model" and usage["code"] == BROKEN
    assert usage["status"] == "unavailable" and "cargo is not installed" in usage["error"]
    assert not any(c["status"] == "passed" for c in checks.values())
    code = section(out, "Checked code")
    assert "```rust\n" + BROKEN.rstrip() in code and "Check: **not checked** (cargo is not installed" in code
    rec = section(out, "Recommendation")
    assert "The proposed code `fetchrs-usage` could not be checked (cargo is not installed" in rec
    assert "works and is tested" not in rec and "Use fetchrs for this task." in rec


@pytest.mark.skipif(Sandbox().cargo is None, reason="cargo is not installed here")
async def test_with_cargo_a_failing_rust_snippet_is_repaired_and_checked_against_the_crates_source() -> None:
    with ScriptedLlmServer() as server:
        out, events = await run_analysis(server, cargo=True)
    first, second = events["SnippetChecked:fetchrs-usage:1"], events["SnippetChecked:fetchrs-usage:2"]
    assert first["status"] == "failed" and first["reason"] == "type_error" and "fetch_all" in first["error"]
    assert second["status"] == "passed" and second["origin"] == "repair" and second["code"] == FIXED, second
    assert second["versions"] == {"fetchrs": "0.12.3"} and second["checker"] == "cargo check --offline"
    imports = events["SnippetChecked:fetchrs-imports:1"]  # the offline snippet: the crate-root items exist
    assert imports["status"] == "passed" and "use fetchrs::{" in imports["code"], imports
    code = section(out, "Checked code")
    assert "Proposed code (repaired)" in code and "Check: **passed** (cargo check --offline; checked against " \
                                                  "fetchrs 0.12.3 — type-checked, not run)" in code


def test_macro_exported_items_and_other_crates_re_exports_are_listed_and_gaps_said() -> None:
    files = {
        "src/lib.rs": (
            "mod imp;\npub use http::StatusCode;\npub use serde_json::Value as Json;\npub use imp::*;\n"
            "pub use external_glob::*;\n\n"
            "/// Retry an expression.\n#[macro_export]\nmacro_rules! retry {\n    ($e:expr) => { $e };\n"
            "    ($e:expr, $n:expr) => { $e };\n}\n\nmacro_rules! private_helper { () => {} }\n\n"
            "define_client!(Client, \"https\");\n\npub fn plain() -> u8 { 1 }\n"),
        "src/imp.rs": "#[macro_export]\nmacro_rules! fetch { ($url:expr) => { $url } }\npub fn inner() {}\n",
    }
    items, notes = crate_api(files, "src/lib.rs", "fetchrs")
    found = {rust: (kind, text, doc) for _, rust, kind, text, doc in items}
    assert found["fetchrs::retry!"] == ("macro", "macro_rules! retry { retry!($e:expr); retry!($e:expr, $n:expr) }",
                                        "Retry an expression.")
    assert found["fetchrs::fetch!"][0] == "macro"  # exported at the crate root from a private module
    assert "fetchrs::private_helper!" not in found
    assert found["fetchrs::StatusCode"][:2] == ("re-export", "pub use http::StatusCode")
    assert found["fetchrs::Json"][:2] == ("re-export", "pub use serde_json::Value as Json")
    assert "`http` crate" in found["fetchrs::StatusCode"][2]
    assert found["fetchrs::plain"][0] == "function" and found["fetchrs::inner"][0] == "function"
    assert any("`define_client!`" in n and "may be incomplete" in n for n in notes), notes
    assert any("pub use external_glob::*" in n for n in notes), notes
    for _, rust, kind, text, doc in items:  # every record fits the event's contract
        ApiSignature(package="fetchrs", version="1.0.0", module="fetchrs-1.0.0/src/lib.rs", name=rust, kind=kind,
                     signature=text, doc=doc, source="read from its source")
