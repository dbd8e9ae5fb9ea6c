"""The comparison table's "Version" and "Last release" skip yanked (PyPI, crates.io) and deprecated (npm) releases,
and say which newer release is pulled (issue 15 trial: a yanked release's date was shown as the last release).
Loopback stand-ins in the registries' real JSON shapes."""

from __future__ import annotations

import json
from typing import Any

from contracts.domain_code import SurveyedPackage
from services.domain_code.offline import Evidence, _release_cells
from services.domain_code.registries import PackageFacts
from tests.code_standins import crate_json, npm_json, pypi_json, registry_client
from tests.loopback import Reply, serve

JSON = {"Content-Type": "application/json"}


def _survey(path: str, doc: dict[str, Any], ecosystem: str, name: str) -> tuple[PackageFacts, Evidence]:
    with serve({path: Reply(200, json.dumps(doc).encode(), JSON)}) as server:
        client = registry_client(server.base)
        facts = client.survey(ecosystem, name)  # type: ignore[arg-type]
        documents = {u: ("src-1", t) for u, t in client.documents.items()}
        client.close()
    SurveyedPackage.model_validate(facts.as_dict())  # the stored record takes the new fields
    return facts, Evidence(documents)


def test_pypi_latest_yanked_shows_the_newest_release_that_is_not() -> None:
    doc = pypi_json("oldhttp", "3.0.0", summary="HTTP client", yanked=True,
                    releases={"2.8.0": "2025-01-10", "2.9.0": "2025-06-01", "3.0.0": "2026-05-04"})
    facts, ev = _survey("/pypi/oldhttp/json", doc, "pypi", "oldhttp")
    assert facts.latest_good == "2.9.0" and facts.latest_good_release == "2025-06-01"
    assert facts.newest_yanked == "3.0.0" and facts.newest_yanked_release == "2026-05-04"
    version, released = _release_cells(facts, ev)
    assert version.startswith("2.9.0[@e1]") and version.endswith("(3.0.0 yanked)")
    assert released.startswith("2025-06-01[@e2]") and "3.0.0 of 2026-05-04 is yanked" in released
    assert "2026-05-04[@" not in released  # the yanked release's date is never the cited last release


def test_pypi_shape_where_info_version_already_skips_the_yanked_newer_release() -> None:
    # real PyPI: info.version is the newest release that is not yanked; a newer yanked one is only in "releases"
    doc = pypi_json("steadyhttp", "2.9.0", summary="HTTP client",
                    releases={"2.9.0": "2025-06-01", "3.0.0": "2026-05-04"})
    for file in doc["releases"]["3.0.0"]:
        file.update(yanked=True, yanked_reason="broke imports")
    facts, ev = _survey("/pypi/steadyhttp/json", doc, "pypi", "steadyhttp")
    assert facts.status == "active" and facts.version == "2.9.0" and facts.latest_release == "2025-06-01"
    version, released = _release_cells(facts, ev)
    assert version.startswith("2.9.0[@") and "(3.0.0 yanked)" in version
    assert released.startswith("2025-06-01[@") and "a newer 3.0.0 of 2026-05-04 is yanked" in released


def test_a_pre_release_is_not_the_latest_good_release() -> None:
    doc = pypi_json("prehttp", "2.0.0", summary="HTTP client", yanked=True,
                    releases={"1.5.0": "2025-01-01", "2.0.0": "2026-01-01", "2.1.0b1": "2026-02-01"})
    facts, _ = _survey("/pypi/prehttp/json", doc, "pypi", "prehttp")
    assert facts.latest_good == "1.5.0" and facts.latest_good_release == "2025-01-01"


def test_npm_deprecated_latest_shows_the_newest_version_that_is_not() -> None:
    doc = npm_json("oldfetch", "4.0.0", description="fetch wrapper",
                   times={"3.2.0": "2025-03-03T00:00:00.000Z", "4.0.0": "2026-04-04T00:00:00.000Z"})
    doc["versions"]["4.0.0"]["deprecated"] = "4.0.0 leaks sockets, use 3.2.0"
    facts, ev = _survey("/oldfetch", doc, "npm", "oldfetch")
    assert facts.status == "deprecated" and facts.latest_good == "3.2.0"
    version, released = _release_cells(facts, ev)
    assert version.startswith("3.2.0[@") and version.endswith("(4.0.0 deprecated)")
    assert released.startswith("2025-03-03[@") and "4.0.0 of 2026-04-04 is deprecated" in released


def test_npm_package_deprecated_in_every_version_says_so() -> None:
    doc = npm_json("left-pad2", "1.1.0", description="pad", deprecated="use String.prototype.padStart",
                   times={"1.0.0": "2020-01-01T00:00:00.000Z", "1.1.0": "2021-01-01T00:00:00.000Z"})
    facts, ev = _survey("/left-pad2", doc, "npm", "left-pad2")
    version, released = _release_cells(facts, ev)
    assert facts.latest_good is None and "every release is" in version
    assert released.startswith("— ") and "every release is deprecated; the newest is 1.1.0 of 2021-01-01" in released


def test_crates_yanked_max_version_shows_the_newest_that_is_not() -> None:
    doc = crate_json("ureqx", "2.10.1", description="HTTP client", yanked=True,
                     versions={"2.10.0": "2025-08-08T00:00:00+00:00", "2.10.1": "2026-09-09T00:00:00+00:00"})
    facts, ev = _survey("/api/v1/crates/ureqx", doc, "crates", "ureqx")
    version, released = _release_cells(facts, ev)
    assert facts.latest_good == "2.10.0" and version.startswith("2.10.0[@") and "(2.10.1 yanked)" in version
    assert released.startswith("2025-08-08[@") and "2.10.1 of 2026-09-09 is yanked" in released


def test_an_active_package_shows_its_latest_release_unchanged() -> None:
    doc = pypi_json("finehttp", "1.2.0", summary="HTTP client", releases={"1.1.0": "2025-01-01", "1.2.0": "2025-09-09"})
    facts, ev = _survey("/pypi/finehttp/json", doc, "pypi", "finehttp")
    assert facts.newest_yanked is None and facts.latest_good_release == "2025-09-09"
    version, released = _release_cells(facts, ev)
    assert version == "1.2.0[@e1]" and released == "2025-09-09[@e2]"
