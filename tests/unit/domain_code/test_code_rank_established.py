"""A candidate with a track record (several releases over more than a year) ranks before one whose registry shows
none, however recent the latter's release, when neither has downloads to tell them apart (issue 15, trial t50s:
once a page's alternatives were surveyed, `isodurations`, one dated release, outranked the established
`durationkit` on recency alone)."""

from __future__ import annotations

from services.domain_code.offline import Survey, rank
from services.domain_code.registries import PackageFacts


def facts(name: str, first: str, latest: str, releases: int) -> PackageFacts:
    return PackageFacts("pypi", name, f"https://pypi.example/{name}", version="1.0.0", first_release=first,
                        latest_release=latest, releases=releases, license="MIT")


def test_an_established_candidate_ranks_before_a_more_recent_one_without_a_record() -> None:
    steady = facts("cronspan", "2022-03-01", "2025-04-22", 8)
    recent = facts("spanlib", "2026-06-30", "2026-06-30", 4)  # 4 releases, only the newest dated
    assert [p.name for p in rank([recent, steady], None, Survey([recent, steady], ["pypi"]))] == \
        ["cronspan", "spanlib"]
    # between two established ones the more recent release still ranks first
    newer = facts("spanlib", "2021-01-01", "2026-06-30", 6)
    assert [p.name for p in rank([steady, newer], None, Survey([steady, newer], ["pypi"]))] == \
        ["spanlib", "cronspan"]
