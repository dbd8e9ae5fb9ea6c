"""A package with no track record that the question asks about never ranks above an established candidate that fits
the task (trial t61s F1: "Is semvar a safe package ...?" answered "**No:** ... has no track record yet ...; use
`semverkit`" and then "**Recommended: `semvar` 0.0.1** ... the package your question asks about ... recommended
only because no established candidate was found", the established MIT `semverkit` in the same table), and a new name
one typing slip from another registry's widely used package is a possible typosquat when its own registry's list lacks
that name (`semvar` of npm's `semver`). Invented packages; registries on loopback (tests/code_standins)."""

from __future__ import annotations

import json

from services.domain_code.offline import Survey, rank
from services.domain_code.pages import Page
from services.domain_code.registries import History, PackageFacts, typosquat_of
from shared.text.packages import lookalike_elsewhere
from tests.code_standins import JSON, _days_ago, analysed, pypi_json
from tests.loopback import Answer, Reply

QUESTION = "Is quillmark a safe package to use for parsing ledger files?"


def _routes() -> dict[str, Answer]:
    def doc(name: str, version: str, summary: str, releases: dict[str, str]) -> Reply:
        return Reply(200, json.dumps(pypi_json(name, version, summary=summary, releases=releases,
                                               description=f"# {name}\n\n{summary}.\n")).encode(), JSON)
    return {
        "/pypi/quillmark/json": doc("quillmark", "0.0.1", "Parse ledger files", {"0.0.1": _days_ago(4)}),
        "/pypi/inkledger/json": doc("inkledger", "2.1.0", "Parse and validate plain-text ledger files",
                                    {"1.0.0": _days_ago(900), "2.0.0": _days_ago(400), "2.1.0": _days_ago(60)}),
    }


def _page() -> Page:
    text = ("Parsing ledger files in Python\nFor parsing ledger files in Python, use inkledger:\n"
            "pip install inkledger\nfrom inkledger import Ledger")
    return Page("s1", "https://blog.example/ledger-files", "Parsing ledger files in Python", text,
                ("For parsing ledger files in Python, use inkledger.",))


async def test_a_new_package_asked_about_is_not_recommended_over_an_established_one() -> None:
    outcome, _ = await analysed(QUESTION, pages=[_page()], routes_added=_routes())
    body = outcome.sections[0]["body"]
    lead, recommended = body.split("\n\n")[:2]
    assert lead.startswith("**No:** `quillmark` has no track record yet (first released 4 days ago ("), lead
    assert lead.endswith("; 1 release; downloads not given); use `inkledger`[@e2]."), lead
    assert recommended == (
        f"**Recommended: `inkledger` 2.1.0**[@e3] (PyPI), latest release {_days_ago(60)}[@e4], licence MIT[@e5]. It ranks "
        "first of 2 candidate(s) surveyed: active (not yanked, deprecated or a possible typosquat), established "
        "(releases over time), then by downloads and the most recent release. 1 of the fetched pages names it (it "
        "was found there, not in the question)."), recommended
    assert "recommended only because no established candidate" not in body, body


def _facts(name: str, first: str, latest: str, releases: int) -> PackageFacts:
    return PackageFacts("pypi", name, f"https://pypi.example/{name}", version="1.0.0", first_release=first,
                        latest_release=latest, releases=releases, license="MIT", status="active",
                        newness="new" if releases == 1 else None)


def test_the_package_asked_about_ranks_first_only_among_packages_with_no_track_record() -> None:
    new = _facts("quillmark", _days_ago(4), _days_ago(4), 1)
    steady = _facts("inkledger", _days_ago(900), _days_ago(60), 3)
    survey = Survey([steady, new], ["pypi"])
    survey.one_asked = "quillmark"
    assert [p.name for p in rank([new, steady], None, survey)] == ["inkledger", "quillmark"]
    other = _facts("ledgerpy", _days_ago(9), _days_ago(9), 1)  # no established one: the one asked about leads
    survey = Survey([other, new], ["pypi"])
    survey.one_asked = "quillmark"
    assert [p.name for p in rank([other, new], None, survey)] == ["quillmark", "ledgerpy"]


def test_a_new_name_one_slip_from_another_registrys_widely_used_package_is_a_possible_typosquat() -> None:
    young = History(_days_ago(5), _days_ago(5), 1)
    steady = History(_days_ago(1200), _days_ago(30), 9)
    assert lookalike_elsewhere("pypi", "cheerip") == "cheerio"  # npm's list only
    assert lookalike_elsewhere("pypi", "serde-jsan") == "serde_json"  # crates' list only
    assert typosquat_of("pypi", "cheerip", young) == "cheerio"
    assert typosquat_of("npm", "panads", young) == "pandas"  # PyPI's list only, on npm
    # a record of its own, no history read, a short name, an added suffix, or a widely used name: not flagged
    assert typosquat_of("pypi", "cheerip", steady) is None
    assert typosquat_of("pypi", "cheerip") is None
    assert typosquat_of("pypi", "vitx", young) is None
    assert typosquat_of("pypi", "cheeriojs", young) is None
    assert typosquat_of("pypi", "express", young) is None
