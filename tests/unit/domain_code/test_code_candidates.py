"""Where code candidates come from and which may be recommended: plain English words of a question are never
looked up as packages (a stranger may have registered "preserved"), a new single-release package is flagged with
its age, releases and downloads and never recommended over an established one without saying so, a README that
says a package lacks the required capability keeps it out of the recommendation, and the typosquat flag weighs
the suspect's own history (``tomlkit``, ``preact`` are not squats; a new ``numpy2`` is)."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

from services.domain_code.offline import is_plain_english, name_like, sections, survey, task_of
from services.domain_code.registries import History, RegistryClient, RegistryUrls, newness_of, typosquat_of
from shared.workspace import scan
from tests.code_standins import registries
from tests.loopback import Reply

TODAY = date(2026, 12, 2)


def client_for(base: str) -> RegistryClient:
    return RegistryClient(RegistryUrls(pypi=base, npm=base, npm_downloads=base, crates=base), timeout_s=5)


def recommendation(question: str) -> tuple[list[str], str, list[str]]:
    """(surveyed names in rank order, the Recommendation body, the PyPI names the stand-in was asked for)."""
    with registries() as server:
        client = client_for(server.base)
        result = survey(client, task_of(question), None, max_packages=8)
        documents = {url: (f"src-{i}", text) for i, (url, text) in enumerate(client.documents.items())}
        asked = [p.split("/")[2] for p in server.requests if p.startswith("/pypi/")]
    made, _ = sections(question, result, [], [], documents)
    return [p.name for p in result.packages], made[0]["body"], asked


def test_plain_english_words_are_not_package_names() -> None:
    assert is_plain_english("preserved") and is_plain_english("comments") and is_plain_english("retries")
    assert not is_plain_english("toml") and not is_plain_english("httpx") and not is_plain_english("markdown")
    assert name_like("TOML", ("pypi",)) and name_like("PyYAML", ("pypi",)) and name_like("python-dateutil", ("pypi",))
    assert name_like("requests", ("pypi",))  # an English word, but a widely used package's name
    assert not name_like("preserved", ("pypi",)) and not name_like("Comments", ("pypi",))
    task = task_of("which Python library should I use to parse toml with comments preserved")
    assert task.words == ("toml",) and "preserved" in task.mentions  # the package's name, spelt as it is
    # the format in capitals is no package the question names (issue 15): a stranger's "TOML" is never a candidate
    assert task_of("which Python library should I use to parse TOML with comments preserved").words == ()


def test_a_word_squat_is_never_looked_up_and_the_real_package_is_kept() -> None:
    names, rec, asked = recommendation("which Python library should I use to parse toml with comments preserved")
    assert "preserved" not in asked and "comments" not in asked and "parse" not in asked
    assert names == ["toml"]  # the one name-like word: found, kept since its README speaks of parsing
    # toml is Inactive and its README says comments are not preserved: nothing is recommended, and why is said
    assert rec.startswith("No candidate package could be recommended: `toml` is inactive as a project")
    assert "`toml`'s README says it does not: \"Comments are not preserved.\"" in rec  # the sentence that says it


def test_a_new_single_release_package_is_flagged_and_ranked_below_established_ones() -> None:
    names, rec, _ = recommendation("Should I use `preserved` or `tomlkit` to parse TOML with comments preserved?")
    assert names[:2] == ["tomlkit", "preserved"]  # both README "meet" the requirement; the established one leads
    assert rec.startswith("**Recommended: `tomlkit` 0.13.2**")
    assert "Runner-up" not in rec  # no track record: never runner-up while an established candidate exists
    assert "**No track record:** `preserved` — first released 1 day ago (" in rec
    assert "; 1 release; downloads not given: it is not recommended over established packages" in rec
    # alone, it is recommended only with the warning in the recommendation itself
    names, rec, _ = recommendation("Should I use `preserved` to parse TOML with comments preserved?")
    assert rec.startswith("**Recommended: `preserved` 0.0.1**")
    assert "**No track record:** `preserved` — first released 1 day ago" in rec
    assert "recommended only because no established candidate was found" in rec


def test_a_readme_saying_it_lacks_the_requirement_keeps_it_out_of_the_recommendation() -> None:
    names, rec, _ = recommendation("I need a Python TOML library that preserves comments: `tomli` or `tomlkit`?")
    assert names == ["tomlkit", "tomli"]  # "TOML" is the format: the question names no package "toml" (issue 15)
    assert rec.startswith("**Recommended: `tomlkit` 0.13.2**") and "Runner-up" not in rec  # tomli is not one
    assert "**Caution:**" not in rec and "possible typosquat of" not in rec  # tomlkit is no squat of tomli
    assert "`tomli`'s README says it does not: \"Tomli does not preserve comments.\"" in rec
    _, rec, _ = recommendation("I need a Python TOML library that preserves comments: `tomli` or `toml`?")
    assert rec.startswith("No candidate package could be recommended: `tomli` is said by its own README not to meet "
                          "\"preserves comments\"; `toml` is inactive as a project")


def test_the_typosquat_flag_weighs_the_suspects_own_history() -> None:
    # by the name alone: a typing slip is flagged, a longer name or an added prefix or suffix is not
    assert typosquat_of("pypi", "tomlkit") is None and typosquat_of("npm", "preact") is None
    assert typosquat_of("pypi", "numpy2") is None and typosquat_of("pypi", "flask2") is None
    assert typosquat_of("pypi", "reqeusts") == "requests" and typosquat_of("npm", "comander") == "commander"
    established = History((TODAY - timedelta(days=3000)).isoformat(), (TODAY - timedelta(days=40)).isoformat(),
                          30, 4_500_000, "last week")
    new = History((TODAY - timedelta(days=3)).isoformat(), (TODAY - timedelta(days=3)).isoformat(), 1, 7,
                  "last week")
    assert typosquat_of("npm", "reactt", established, TODAY) is None  # years of releases and real downloads
    assert typosquat_of("npm", "reactt", new, TODAY) == "react"
    assert typosquat_of("pypi", "numpy2", new, TODAY) == "numpy" and typosquat_of("pypi", "numpy2", established,
                                                                                    TODAY) is None
    assert newness_of(established, TODAY) is None
    assert newness_of(new, TODAY) == f"first released 3 days ago ({new.first}); 1 release; 7 downloads (last week)"
    with registries() as server:
        client = client_for(server.base)
        preact, reactt, numpy2 = (client.survey("npm", "preact"), client.survey("npm", "reactt"),
                                  client.survey("pypi", "numpy2"))
    assert preact.typosquat_of is None and preact.newness is None and preact.first_release is not None
    assert reactt.typosquat_of == "react" and reactt.newness is not None and "7 downloads" in reactt.newness
    assert numpy2.typosquat_of == "numpy" and numpy2.newness is not None


def test_a_licence_clash_is_never_runner_up_and_a_deprecated_package_in_use_always_shows(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"name": "cli", "version": "1.0.0", "license": "MIT",
                                                       "dependencies": {"optimist": "^0.6.1",
                                                                        "minimist-agpl": "1.2.0"}}))
    question = "which npm package should I use to parse command line arguments in Node.js with TypeScript support"
    ws = scan(tmp_path)
    with registries() as server:
        server.server.routes["/-/v1/search"] = Reply(200, json.dumps({"objects": [
            {"package": {"name": n}} for n in ("commander", "minimist-agpl", "optimist")]}).encode(),
            {"Content-Type": "application/json"})
        client = client_for(server.base)
        result = survey(client, task_of(question, ws), ws, max_packages=8)
        documents = {url: (f"src-{i}", text) for i, (url, text) in enumerate(client.documents.items())}
    made, _ = sections(question, result, [], [], documents)
    by_heading = {s["heading"]: s["body"] for s in made}
    rec, table = by_heading["Recommendation"], by_heading["Package comparison"]
    # optimist's summary shares no word with the question, but the project uses it and it is deprecated
    assert {p.name for p in result.packages} == {"commander", "minimist-agpl", "optimist"}
    assert rec.startswith("**Recommended: `commander` 12.1.0**") and "Runner-up" not in rec
    assert "**Licence clash with your project** (MIT): `minimist-agpl` is AGPL-3.0-only[@" in rec
    assert "**Your workspace uses `optimist`** (^0.6.1): its latest release 0.6.1 is deprecated" in rec
    rows = {line.split(" | ")[0].strip("| `").split("`")[0]: line for line in table.splitlines()[2:]}
    assert "clashes with your MIT licence" in rows["minimist-agpl"] and "(in use: 1.2.0)" in rows["minimist-agpl"]
    assert "0.6.1 deprecated: Use yargs instead" in rows["optimist"] and "(in use: ^0.6.1)" in rows["optimist"]


def test_a_yanked_crate_says_so_once() -> None:
    from services.domain_code.offline import _status_text
    from tests.code_standins import crate_json

    doc = crate_json("ureq2", "2.10.1", description="HTTP client", yanked=True,
                     versions={"2.10.0": "2024-06-01T00:00:00+00:00", "2.10.1": "2024-08-01T00:00:00+00:00"})
    with registries() as server:
        server.server.routes["/api/v1/crates/ureq2"] = Reply(200, json.dumps(doc).encode(),
                                                             {"Content-Type": "application/json"})
        facts = client_for(server.base).survey("crates", "ureq2")
    assert facts.status == "yanked" and _status_text(facts) == "2.10.1 yanked"
    assert _status_text(facts, "2.10.0") == "2.10.1 yanked; 2.10.0 in use: not yanked"


def test_a_429_with_retry_after_is_remembered_until_then() -> None:
    from datetime import UTC, datetime

    from services.domain_code.registries import retry_after_seconds

    with registries() as server:
        client = client_for(server.base)
        first, again = client.survey("pypi", "comments"), client.survey("pypi", "comments")
        asked = [p for p in server.requests if p == "/pypi/comments/json"]
        other = client.survey("pypi", "tomlkit")  # another document of the same registry is still asked for
    assert first.error == "rate_limited: PyPI comments answered 429 (Retry-After 3600 s)"
    assert again.error is not None and again.error.startswith("rate_limited: PyPI comments answered 429 at ")
    assert "not asked again for 3" in again.error and len(asked) == 1 and other.error is None
    now = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)
    assert retry_after_seconds("120") == 120 and retry_after_seconds(None) is None
    assert retry_after_seconds("Wed, 02 Dec 2026 10:05:00 GMT", now) == 300
    assert retry_after_seconds("Wed, 02 Dec 2026 09:00:00 GMT", now) is None and retry_after_seconds("soon") is None


def test_a_standard_library_module_is_never_looked_up_in_a_registry() -> None:
    # "tomllib" is Python's own (3.11+): PyPI would answer 404, or a squatter's look-alike; the report says so
    names, rec, asked = recommendation("Why does this Python code using `tomllib` never finish?")
    assert "tomllib" not in asked and "tomllib" not in names
    assert rec.startswith("`tomllib` is part of Python's standard library")
    assert "no registry was asked" in rec and "could not be read from its registry" not in rec
