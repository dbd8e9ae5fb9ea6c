"""The registries' JSON APIs read through loopback stand-ins in their real shapes: facts, cadence, licence,
downloads, yanked and deprecated status, typosquat flags, and 404 / 429 / garbage answers named with a reason."""

from __future__ import annotations

from services.domain_code.registries import typosquat_of
from tests.code_standins import registries, registry_client
from tests.loopback import Reply, serve


def test_pypi_facts_come_from_the_json_document() -> None:
    with registries() as server:
        client = registry_client(server.base)
        facts = client.survey("pypi", "fetchkit")
    assert facts.error is None and facts.version == "2.4.1" and facts.latest_release == "2026-05-04"
    assert facts.license == "BSD-3-Clause" and facts.releases == 4 and facts.status == "active"
    assert facts.cadence_days is not None and 40 < facts.cadence_days < 80  # median gap of 70, 67, 45 days
    assert facts.downloads is None  # PyPI gives none
    assert facts.repository == "https://github.com/example/fetchkit" and facts.typosquat_of is None
    assert facts.url == server.base + "/pypi/fetchkit/json"


def test_npm_facts_with_downloads_and_deprecation() -> None:
    with registries() as server:
        client = registry_client(server.base)
        live = client.survey("npm", "fetchit")
        old = client.survey("npm", "left-padder")
        found = client.search("npm", "http client retries")
    assert live.version == "5.1.0" and live.latest_release == "2026-04-01" and live.downloads == 123456
    assert live.downloads_period == "last week" and live.repository == "https://github.com/example/fetchit"
    assert old.status == "deprecated" and "padStart" in old.status_detail and old.downloads is None
    assert found == ["fetchit"]


def test_crates_facts() -> None:
    with registries() as server:
        facts = registry_client(server.base).survey("crates", "fetchrs")
        found = registry_client(server.base).search("crates", "http")
    assert facts.version == "0.12.3" and facts.license == "MIT OR Apache-2.0" and facts.downloads == 50_000
    assert facts.downloads_period == "last 90 days" and facts.latest_release == "2026-02-02" and found == ["fetchrs"]


def test_yanked_latest_release_and_a_typosquat_are_flagged() -> None:
    with registries() as server:
        client = registry_client(server.base)
        yanked = client.survey("pypi", "oldclient")
        squat = client.survey("pypi", "reqeusts")
    assert yanked.status == "yanked" and yanked.status_detail == "broken"
    assert squat.typosquat_of == "requests" and squat.error is None


def test_404_and_429_and_garbage_are_named_with_the_reason() -> None:
    with registries() as server:
        server.server.routes["/pypi/garbled/json"] = Reply(200, b"<html>oops</html>", {"Content-Type": "text/html"})
        client = registry_client(server.base)
        missing = client.survey("pypi", "no-such-package-here")
        limited = client.survey("pypi", "busyhttp")
        garbled = client.survey("pypi", "garbled")
    assert missing.status == "unavailable" and missing.error is not None and missing.error.startswith("not_found")
    assert limited.error == "rate_limited: PyPI busyhttp answered 429 (Retry-After 30 s)"
    assert garbled.error is not None and garbled.error.startswith("bad_payload")


def test_an_unreachable_registry_is_a_reason_not_a_crash() -> None:
    with serve({}) as server:
        base = server.base
    facts = registry_client(base).survey("crates", "serde")  # the server is gone: connection refused
    assert facts.error is not None and facts.error.startswith("unreachable")


def test_typosquat_detection_folds_separators_and_spares_popular_names() -> None:
    assert typosquat_of("pypi", "requets") == "requests"
    assert typosquat_of("pypi", "python_dateutil") is None  # the popular name itself, spelled with _
    assert typosquat_of("npm", "expresss") == "express"
    assert typosquat_of("crates", "serde_jsno") == "serde_json"
    assert typosquat_of("pypi", "fetchkit") is None
    assert typosquat_of("pypi", "six") is None and typosquat_of("pypi", "sax") == "six"  # short: one edit only
    assert typosquat_of("pypi", "abc") is None


def test_yanked_status_is_per_version_and_the_version_in_use_is_said_separately() -> None:
    import json

    from contracts.domain_code import SurveyedPackage
    from services.domain_code.offline import _status_text
    from tests.code_standins import pypi_json

    doc = pypi_json("tomlkeep", "2.0.0", summary="TOML", yanked=True,
                    releases={"1.0.0": "2024-01-01", "2.0.0": "2026-10-20"})
    with registries() as server:
        server.server.routes["/pypi/tomlkeep/json"] = Reply(200, json.dumps(doc).encode(),
                                                            {"Content-Type": "application/json"})
        facts = registry_client(server.base).survey("pypi", "tomlkeep")
    assert facts.status == "yanked" and facts.yanked_versions == ("2.0.0",)
    assert _status_text(facts, "1.0.0") == "2.0.0 yanked: broken; 1.0.0 in use: not yanked"
    assert _status_text(facts, "2.0.0") == "2.0.0 yanked: broken"
    assert _status_text(facts, ">=1.0") == "2.0.0 yanked: broken"  # a range names no one version
    SurveyedPackage.model_validate(facts.as_dict())  # the stored record keeps the per-version list
