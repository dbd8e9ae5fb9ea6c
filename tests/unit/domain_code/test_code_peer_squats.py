"""A candidate whose name is one slip (an adjacent swap or one edit) from a far more established candidate of the
same survey is flagged as a possible typosquat and is never recommended nor runner-up; look-alike names with
comparable track records are both kept."""

from __future__ import annotations

from services.domain_code.offline import Survey, flag_peer_squats, rank
from services.domain_code.registries import PackageFacts, far_more_established, peer_typosquat_of


def facts(name: str, first: str, latest: str, releases: int, downloads: int | None = None,
          period: str | None = None, eco: str = "pypi") -> PackageFacts:
    return PackageFacts(eco, name, f"https://example.test/{name}", version="1.0.0", first_release=first,  # type: ignore[arg-type]
                        latest_release=latest, releases=releases, downloads=downloads, downloads_period=period)


VALIDATOR = facts("email-validator", "2015-03-01", "2026-06-01", 60)
SQUAT = facts("email-valdiator", "2026-11-20", "2026-11-30", 1)


def test_an_adjacent_swap_of_an_established_candidate_is_a_squat_and_never_recommended() -> None:
    assert peer_typosquat_of(SQUAT, [VALIDATOR]) == "email-validator"
    assert peer_typosquat_of(VALIDATOR, [SQUAT]) is None  # the established one is not the squat
    flagged = flag_peer_squats([SQUAT, VALIDATOR])
    assert [p.typosquat_of for p in flagged] == ["email-validator", None]
    survey = Survey(flagged, ["pypi"])
    survey.packages = rank(flagged, None, survey)
    assert [p.name for p in survey.recommendable()] == ["email-validator"]
    # one inserted letter and separators folded count the same way
    assert peer_typosquat_of(facts("email_validators", "2026-11-01", "2026-11-01", 1), [VALIDATOR]) \
        == "email-validator"


def test_downloads_far_apart_flag_the_obscure_look_alike_but_peers_alike_are_both_kept() -> None:
    big = facts("fastcsv", "2019-01-01", "2026-01-01", 20, 5_000_000, "last week", "npm")
    small = facts("fsatcsv", "2019-06-01", "2020-01-01", 2, 3_000, "last week", "npm")
    assert far_more_established(big, small) and peer_typosquat_of(small, [big]) == "fastcsv"
    twin = facts("fastcsv2", "2019-02-01", "2026-02-01", 18, 4_000_000, "last week", "npm")
    assert flag_peer_squats([big, twin]) == [big, twin]  # both established: no squat
    other_eco = facts("fsatcsv", "2026-11-01", "2026-11-01", 1, eco="crates")
    assert peer_typosquat_of(other_eco, [big]) is None  # another registry's name is not a peer
    assert peer_typosquat_of(facts("uiid", "2026-11-01", "2026-11-01", 1), [facts("uuid", "2010-01-01",
                             "2026-01-01", 40)]) is None  # short names sit one edit from many: not compared


def test_a_package_without_track_record_is_never_runner_up_when_an_established_one_exists() -> None:
    from dataclasses import replace

    from services.domain_code.offline import sections

    nanoid = facts("nanoid", "2017-05-01", "2026-09-01", 80, 40_000_000, "last week", "npm")
    uuidv4 = facts("uuidv4", "2018-01-01", "2025-01-01", 12, 90_000, "last week", "npm")
    generate = replace(facts("generate", "2026-11-30", "2026-11-30", 1, None, None, "npm"),
                       newness="first released 2 days ago (2026-11-30); 1 release; downloads not given")
    survey = Survey([nanoid, generate, uuidv4], ["npm"])
    survey.packages = rank(survey.packages, None, survey)
    assert survey.runner_up() is uuidv4
    survey.packages = [nanoid, generate]  # only a new one besides the established one: no runner-up at all
    assert survey.runner_up() is None
    body = sections("Which npm package to generate unique IDs?", survey, [], [], {})[0][0]["body"]
    assert "Runner-up" not in body and "**No track record:** `generate`" in body
    newer = replace(generate, name="idgen-new")
    assert Survey([generate, newer], ["npm"]).runner_up() is newer  # no established candidate: new ones may be


def test_plain_english_words_of_the_question_found_by_search_are_not_looked_up() -> None:
    from services.domain_code.offline import plain_word_of, task_of

    task = task_of("How do I generate unique IDs in node.js?")
    assert plain_word_of("generate", task, "npm") and not plain_word_of("nanoid", task, "npm")
    assert not plain_word_of("express", task, "npm")  # a widely used name is looked up
    rust = task_of("Rust crate for reading CSV files asynchronously with tokio")
    assert plain_word_of("reading", rust, "crates") and plain_word_of("read", rust, "crates")
    assert not plain_word_of("csv-async", rust, "crates") and not plain_word_of("image", rust, "crates")
    named = task_of("Should I use `generate` for IDs in node.js?")
    assert not plain_word_of("generate", named, "npm")  # a name the question spells out is surveyed


def test_an_adjacent_swap_of_a_popular_name_is_flagged_whatever_its_history() -> None:
    from services.domain_code.registries import History, adjacent_swap, typosquat_of

    old_and_busy = History("2015-01-01", "2026-01-01", 30, 10_000_000, "last week")
    assert typosquat_of("pypi", "reqeusts", old_and_busy) == "requests"
    assert typosquat_of("npm", "exrpess", old_and_busy) == "express"
    assert typosquat_of("pypi", "requestz", old_and_busy) is None  # another slip: an established history clears it
    assert adjacent_swap("valdiator", "validator") and not adjacent_swap("validatro", "validtaor")
    assert not adjacent_swap("uiid", "uuid") and not adjacent_swap("abcde", "abcde")


def test_a_young_one_release_name_one_letter_from_an_older_candidate_without_downloads_is_a_squat() -> None:
    """PyPI gives no downloads and may date only recent releases: a candidate with several releases whose first
    dated one is long before a 2-week-old single release one doubled letter away is still far more established."""
    from datetime import date

    today = date(2026, 12, 4)
    older = facts("cronspan", "2024-05-02", "2024-05-02", 6)  # 6 releases, only the newest dated
    squat = facts("cronsppan", "2026-11-20", "2026-11-20", 1)
    assert peer_typosquat_of(squat, [older], today) == "cronspan"
    assert peer_typosquat_of(older, [squat], today) is None
    # a young look-alike with a few releases, or one next to a candidate no older than itself, is not flagged
    assert peer_typosquat_of(facts("cronsppan", "2026-11-01", "2026-11-30", 3), [older], today) is None
    assert peer_typosquat_of(squat, [facts("cronspan", "2026-10-01", "2026-10-01", 4)], today) is None


def test_pypi_counts_versions_whose_files_are_gone_as_releases() -> None:
    import json

    from services.domain_code.registries import RegistryClient, RegistryUrls
    from tests.loopback import Reply, serve

    doc = {"info": {"name": "cronspan", "version": "1.2.0", "summary": "cron spans"},
           "releases": {"1.0.0": [], "1.1.0": [], "1.2.0": [{"upload_time_iso_8601": "2024-05-02T10:00:00Z"}]}}
    with serve({"/pypi/cronspan/json": Reply(200, json.dumps(doc).encode(),
                                             {"Content-Type": "application/json"})}) as server:
        client = RegistryClient(RegistryUrls(pypi=server.base), timeout_s=5)
        got = client.survey("pypi", "cronspan")
        client.close()
    assert got.releases == 3 and got.first_release == "2024-05-02"


def test_an_older_package_is_never_the_typosquat_of_a_newer_one() -> None:
    """t52s F8 (c2): geohashjs (first release 2014, last 2017) is one edit from geohash-ts (2023, established);
    the older one was called a possible typosquat of the newer one."""
    newer = facts("geohash-ts", "2023-04-15", "2026-09-21", 3, 98_410, "last week", "npm")
    older = facts("geohashjs", "2014-06-10", "2017-03-02", 2, 31_200, "last week", "npm")
    assert not far_more_established(newer, older)
    assert peer_typosquat_of(older, [newer]) is None
    assert [p.typosquat_of for p in flag_peer_squats([newer, older])] == [None, None]
    young = facts("geohash-tz", "2026-11-20", "2026-11-20", 1, 10, "last week", "npm")
    assert peer_typosquat_of(young, [newer]) == "geohash-ts"  # a newer look-alike still is one
