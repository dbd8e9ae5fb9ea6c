"""The code recommendation over the loopback registries: a requirement the question states ranks the candidates
and is answered with the README text that shows it (or the statement that none shows it), a licence that clashes
with the workspace's is flagged in the recommendation and the table, code that failed its check is never presented
as working, and a package the workspace uses whose latest release is yanked stays in the table with advice."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from services.domain_code.model import _drop_working_claims
from services.domain_code.offline import Snippet, sections, survey, task_of
from services.domain_code.requirements import requirements_of
from services.domain_code.sandbox import CheckResult
from shared.workspace import licence_clash, licence_fit, scan
from tests.code_standins import registries, registry_client

GPL_TEXT = ("                    GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007\n\n"
            " Copyright (C) 2007 Free Software Foundation, Inc.\n")


def report(question: str, workspace: Path | None, checks: list[tuple[Snippet, CheckResult]] | None = None
           ) -> tuple[Any, dict[str, dict[str, Any]], dict[str, tuple[str, str]]]:
    ws = scan(workspace) if workspace is not None else None
    with registries() as server:
        client = registry_client(server.base)
        result = survey(client, task_of(question, ws), ws, max_packages=8)
        documents = {url: (f"src-{i}", text) for i, (url, text) in enumerate(client.documents.items())}
    made, _ = sections(question, result, [], checks or [], documents)
    for section in made:  # every cited span is exactly its quote in the stored document
        for ev in section["evidence"]:
            text = next(t for sid, t in documents.values() if sid == ev["source_id"])
            assert text[ev["start"]:ev["end"]] == ev["quote"] and f"[@{ev['ref']}]" in section["body"]
    return result, {s["heading"]: s for s in made}, documents


def mit_project(tmp_path: Path, *lines: str) -> Path:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\nlicense = "MIT"\ndependencies = []\n')
    if lines:
        (tmp_path / "requirements.txt").write_text("\n".join(lines) + "\n")
    return tmp_path


def test_requirements_are_read_from_the_question() -> None:
    assert [r.text for r in requirements_of("a YAML library that preserves comments")] == ["preserves comments"]
    assert [r.terms for r in requirements_of("Which Python YAML library preserves comments?")] == [
        ("preserv", "comment")]
    assert [r.text for r in requirements_of("A node library with TypeScript support that must be small")] == [
        "TypeScript support", "be small"]
    assert requirements_of("Which Python HTTP client should I use: `fetchkit` or `slowhttp`?") == []


def test_a_stated_requirement_ranks_and_is_answered_with_the_readme_text(tmp_path: Path) -> None:
    question = "Which Python YAML library preserves comments: `yamlfast`, `yamlgpl` or `yamlkeep`?"
    result, by_heading, documents = report(question, mit_project(tmp_path))
    # yamlfast is the most recent of the MIT ones, but its README says it drops comments: yamlkeep leads
    assert [p.name for p in result.packages] == ["yamlkeep", "yamlfast", "yamlgpl"]
    rec = by_heading["Recommendation"]["body"]
    assert rec.startswith("**Recommended: `yamlkeep` 0.18.6**")
    assert ('**Your requirement "preserves comments":** `yamlkeep` meets it — its README: "yamlkeep is a '
            'round-trip parser: comments, key order and flow style are preserved when you load and dump a '
            'document."[@') in rec
    assert "`yamlfast`'s README says it does not: \"Note: comments are not preserved" in rec
    cited = [ev["quote"] for ev in by_heading["Recommendation"]["evidence"]]
    assert any("comments, key order and flow style are preserved" in q for q in cited)
    table = by_heading["Package comparison"]["body"]
    assert "| “preserves comments” |" in table.splitlines()[0]
    rows = {line.split(" | ")[0].strip("| `"): line for line in table.splitlines()[2:] if line.startswith("| `")}
    assert rows["yamlkeep"].rstrip(" |").split(" | ")[-1].startswith("yes[@")
    assert "no (its docs say so)" in rows["yamlfast"]


def test_no_candidate_shown_to_meet_a_requirement_is_said() -> None:
    question = "A Python YAML library that supports streaming: `yamlkeep` or `yamlfast`?"
    _, by_heading, _ = report(question, None)
    rec = by_heading["Recommendation"]["body"]
    assert ('**Your requirement "supports streaming":** no candidate is shown to meet it — nothing in the '
            "registry summary or README of `yamlfast`, `yamlkeep` says so.") in rec
    assert "not shown" in by_heading["Package comparison"]["body"]


def test_a_licence_clash_with_the_workspace_is_flagged_in_the_recommendation_and_the_table(tmp_path: Path) -> None:
    question = "Which Python YAML library keeps comments: `yamlgpl` or `yamlkeep`?"
    result, by_heading, _ = report(question, mit_project(tmp_path))
    # both keep comments; yamlgpl is newer, but it is GPL in an MIT project
    assert [p.name for p in result.packages] == ["yamlkeep", "yamlgpl"]
    assert result.clash(result.packages[1]) is not None
    rec = by_heading["Recommendation"]["body"]
    assert "**Licence clash with your project** (MIT): `yamlgpl` is GPL-3.0-or-later[@" in rec
    assert "it is not recommended here" in rec
    table = by_heading["Package comparison"]["body"]
    assert "GPL-3.0-or-later[@e" in table and "**clashes with your MIT licence** (strong copyleft)" in table


def test_the_workspace_licence_file_is_read_and_the_only_candidate_clashing_is_flagged(tmp_path: Path) -> None:
    (tmp_path / "LICENSE").write_text("MIT License\n\nCopyright (c) 2026 Demo\n\nPermission is hereby granted, "
                                      "free of charge, to any person obtaining a copy\n")
    (tmp_path / "requirements.txt").write_text("requests\n")
    ws = scan(tmp_path)
    assert ws.licence == "MIT" and "LICENSE" in ws.manifests
    _, by_heading, _ = report("Python YAML library: `yamlgpl`", tmp_path)
    rec = by_heading["Recommendation"]["body"]
    # a clash excludes the package from the recommendation, even as the only candidate: it stays in the table
    assert rec.startswith("No candidate package could be recommended: `yamlgpl` has a licence that clashes with "
                          "your project's")
    assert "**Licence clash with your project** (MIT): `yamlgpl` is GPL-3.0-or-later[@" in rec
    assert "clashes with your MIT licence" in by_heading["Package comparison"]["body"]


def test_licence_fit_reads_choices_and_weak_copyleft() -> None:
    assert licence_fit("MIT", "MIT OR GPL-3.0") == "fits" and licence_clash("MIT", "MIT OR GPL-3.0") is None
    assert licence_clash("MIT", "GPL-3.0-only") is not None
    assert licence_clash("MIT", "LGPL-3.0") is None and "weak copyleft" in licence_fit("MIT", "LGPL-3.0")
    assert licence_clash("GPL-3.0", "GPL-3.0-only") is None and licence_clash(None, "GPL-3.0") is None
    from shared.workspace import licence_of_text
    assert licence_of_text(GPL_TEXT) == "GPL-3.0"


def test_failed_code_is_never_presented_as_working() -> None:
    snippet = Snippet("yamlkeep-usage", "python", "from yamlkeep import nope\n", "load a file", "model",
                      ("yamlkeep",))
    failed = CheckResult("python", "failed", "py_compile + mypy 1.19", "types", "type_error",
                         'snippet.py:1: error: Module "yamlkeep" has no attribute "nope"', {"yamlkeep": "0.18.6"})
    _, by_heading, _ = report("Python YAML library: `yamlkeep`", None, [(snippet, failed)])
    rec = by_heading["Recommendation"]["body"]
    assert "**The proposed code `yamlkeep-usage` FAILED its check** (type_error at types" in rec
    assert "Code that passed its check" not in rec
    prose = "Use yamlkeep for this task. The snippet below works and is tested. It is well maintained."
    kept, dropped = _drop_working_claims(prose, [(snippet, failed)])
    assert dropped and kept == "Use yamlkeep for this task. It is well maintained."
    passed = CheckResult("python", "passed", "py_compile + mypy", "", "", "", {"yamlkeep": "0.18.6"})
    assert _drop_working_claims(prose, [(snippet, passed)]) == (prose, False)
    unchecked = CheckResult("rust", "unavailable", "cargo check", "", "checker_unavailable", "cargo is missing")
    assert _drop_working_claims(prose, [(snippet, unchecked)])[1]


def test_a_workspace_package_whose_latest_release_is_yanked_stays_with_advice(tmp_path: Path) -> None:
    question = "Which Python HTTP client with retries should I use: `fetchkit`?"
    result, by_heading, _ = report(question, mit_project(tmp_path, "oldclient==2.9.0"))
    names = [p.name for p in result.packages]
    assert names[0] == "fetchkit" and "oldclient" in names  # surveyed from the workspace, not the question
    rec = by_heading["Recommendation"]["body"]
    assert ("**Your workspace uses `oldclient`** (2.9.0): its latest release 3.0.0 is yanked (broken); the 2.9.0 "
            "you use is not: keep 2.9.0 (pin `oldclient==2.9.0`) and do not upgrade to 3.0.0, or move to the "
            "recommended `fetchkit` 2.4.1.") in rec
    table = by_heading["Package comparison"]["body"]
    row = next(line for line in table.splitlines() if line.startswith("| `oldclient`"))
    assert "(in use: 2.9.0)" in row and "3.0.0 yanked: broken; 2.9.0 in use: not yanked" in row


def test_a_dependency_whose_licence_clashes_is_never_told_to_be_kept(tmp_path: Path) -> None:
    question = "Which Python HTTP client with retries should I use: `fetchkit`?"
    result, by_heading, _ = report(question, mit_project(tmp_path, "copyclient==2.9.0"))
    assert "copyclient" in [p.name for p in result.packages]
    rec = by_heading["Recommendation"]["body"]
    assert "`copyclient` is GPL-3.0-or-later" in rec and "not recommended here" in rec
    advice = next(part for part in rec.split("\n\n") if part.startswith("**Your workspace uses `copyclient`**"))
    assert advice == (
        "**Your workspace uses `copyclient`** (2.9.0): its licence, GPL-3.0-or-later, is a strong copyleft licence "
        "that clashes with your project's MIT licence (the combined work would have to be released under it), so do "
        "not keep it: move to the recommended `fetchkit` 2.4.1. Its latest release 3.0.0 is also yanked (broken) "
        "(the 2.9.0 you use is not).")
    assert "keep 2.9.0" not in rec and "pin `copyclient" not in rec


def test_the_yanked_version_in_use_is_told_to_move(tmp_path: Path) -> None:
    _, by_heading, _ = report("Which Python HTTP client with retries: `fetchkit`?",
                              mit_project(tmp_path, "oldclient==3.0.0"))
    rec = by_heading["Recommendation"]["body"]
    # the registry's reason, as it gives it, cited in its JSON document
    assert re.search(r"the version you use, 3\.0\.0, is yanked \(\"broken\"\[@e\d+\]\): move to 2\.9\.0, its newest "
                     r"release that is not yanked \(`oldclient==2\.9\.0`\), or move to the recommended `fetchkit` "
                     r"2\.4\.1\.", rec), rec


def test_a_name_asked_twice_is_introspected_and_imported_once() -> None:
    from services.domain_code.offline import offline_snippets
    from services.domain_code.signatures import Signature
    sig = Signature("yamlkeep", "0.18.6", "yamlkeep", "load", "function", "load(text: str) -> object", "", "x")
    dump = Signature("yamlkeep", "0.18.6", "yamlkeep", "dump", "function", "dump(data: object) -> str", "", "x")
    code = offline_snippets([sig, sig, dump])[0].code
    assert "from yamlkeep import load, dump\n" in code and code.count('print("load"') == 1
