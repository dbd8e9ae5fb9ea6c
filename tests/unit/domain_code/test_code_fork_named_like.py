"""Trial t70s Q15: "Does the Python package <pkg>2 support HEIC files?" was answered "**No:** `<pkg>2` is a probable
typo of `<pkg>`" at 1.00 high, though the registry had <pkg>2's own releases over months since 2023 and its README
and a fetched page call it a separate fork lacking HEIC support. A name one letter from a far more established
candidate is a possible typosquat only while it has no track record of its own (new, at most two releases, or tiny
downloads: :meth:`History.obscure`); one with its own releases over time is a package of its own, and a question of
what it does is answered by what its documentation and the pages say. Invented packages."""

from __future__ import annotations

import asyncio
import json
from datetime import date

from services.domain_code.pages import Page
from services.domain_code.registries import PackageFacts, peer_typosquat_of
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply

ORIGINAL = ("Read GPS tracks from GPX and FIT files",
            "# trailgrist\n\ntrailgrist reads GPS tracks from GPX and FIT files.\n\n```python\nimport trailgrist\n"
            "track = trailgrist.open_track('ride.fit')\n```\n")
FORK = ("GPX track reader (fork of trailgrist 0.x)",
        "# trailgrist2\n\nA fork of an early trailgrist. Reads GPX files only; there is no FIT support.\n\n"
        "```python\nimport trailgrist2\ntrailgrist2.load('ride.gpx')\n```\n")
ORIGINAL_RELEASES = {"0.5.0": "2019-03-01", "1.0.0": "2021-02-01", "2.0.0": "2024-05-01", "3.0.0": "2026-10-20"}
FORK_RELEASES = {"0.7.1": "2023-08-02", "0.7.2": "2023-12-01", "0.7.3": "2024-01-05"}
PAGE = Page("p1", "https://pkgs.example/packages/trailgrist2", "trailgrist2: a GPX-only fork",
            "trailgrist2 is a separate fork of an early trailgrist release. trailgrist2 only reads GPX files; it has "
            "no FIT support.")


def _facts(name: str, releases: dict[str, str]) -> PackageFacts:
    dates = sorted(releases.values())
    return PackageFacts("pypi", name, f"https://pypi.example/{name}", version=max(releases), first_release=dates[0],
                        latest_release=dates[-1], releases=len(releases))


def test_a_look_alike_with_its_own_releases_over_time_is_no_squat() -> None:
    today = date(2026, 12, 5)
    original, fork = _facts("trailgrist", ORIGINAL_RELEASES), _facts("trailgrist2", FORK_RELEASES)
    assert peer_typosquat_of(fork, [original], today) is None
    # a new look-alike, or one of one or two releases, still is one
    assert peer_typosquat_of(_facts("trailgrist2", {"0.1.0": "2026-11-28"}), [original], today) == "trailgrist"
    assert peer_typosquat_of(_facts("trailgrist2", {"0.1.0": "2023-08-02", "0.1.1": "2023-09-02"}), [original],
                             today) == "trailgrist"


def test_the_capability_asked_of_a_fork_is_answered_from_its_documentation() -> None:
    routes = {f"/pypi/{name}/json": Reply(200, json.dumps(pypi_json(
        name, max(releases), summary=summary, releases=releases, description=readme)).encode(), JSON)
        for name, (summary, readme), releases in (("trailgrist", ORIGINAL, ORIGINAL_RELEASES),
                                                   ("trailgrist2", FORK, FORK_RELEASES))}
    out, _ = asyncio.run(analysed("Does the Python package trailgrist2 support FIT files?", routes_added=routes,
                                  pages=[PAGE]))
    lead = str(out.sections[0]["body"]).split("\n")[0]
    assert lead.startswith("**No:**"), lead
    assert "typo" not in lead and "FIT" in lead, lead
