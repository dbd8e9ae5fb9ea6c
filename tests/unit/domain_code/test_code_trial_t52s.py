"""Issue 15, trial t52s (code research on geohash libraries): a typosquat a blog recommends is found by comparing
it with the package it imitates, which the pages and its own README name only in passing (F5); packages the fetched
pages name are surveyed and a copyleft pick carries its caution (F6); a licence clash names the package to switch
to (F9); an example's value is no package name (F10). Invented packages on loopback registries
(tests/code_standins); the pages are the trial's, shortened."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from services.domain_code.pages import Page
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply


def _ago(days: int) -> str:
    return (datetime.now(UTC).date() - timedelta(days=days)).isoformat()


GEOPY_README = ("# geopy\n\ngeopy is a Python client for several popular geocoding web services. geopy makes it easy "
                "for Python developers to locate the coordinates of addresses, cities, countries, and landmarks "
                "across the globe using third-party geocoders and other data sources.\n")


def _routes() -> dict[str, Reply]:
    docs = {
        "geopy": pypi_json("geopy", "2.4.2", summary="Python Geocoding Toolbox", description=GEOPY_README,
                           releases={"0.93": "2012-05-01", "1.0.0": "2014-09-01", "2.0.0": "2020-06-01",
                                     "2.4.2": _ago(200)}),
        "geoppy": pypi_json("geoppy", "2.4.3", summary="Python Geocoding Toolbox", description=GEOPY_README,
                            releases={"2.4.3": _ago(6)}),
        "geohashkit": pypi_json("geohashkit", "2.2.1", summary="Encode and decode geohashes",
                                description="# geohashkit\n\nEncode latitude/longitude to geohash strings.\n",
                                releases={"1.0.0": "2019-03-01", "2.0.0": "2022-05-01", "2.2.1": _ago(60)}),
        "geohashx": pypi_json("geohashx", "1.1.0", summary="Geohash encoding and decoding", licence="GPL-3.0-or-later",
                              description="# geohashx\n\nGeohash encode/decode.\n",
                              releases={"1.0.0": "2021-02-01", "1.0.5": "2023-02-01", "1.1.0": _ago(170)}),
    }
    return {f"/pypi/{name}/json": Reply(200, json.dumps(doc).encode(), JSON) for name, doc in docs.items()}


BLOG = Page("s1", "http://blog.test/posts/geohash-in-python.html", "Geohash in Python in two lines",
            "A geohash turns a latitude and longitude into a short string such as u4pruydqqvj, handy for grouping "
            "nearby points. Don't write the bit interleaving yourself: use geoppy, the geopy add-on with geohash "
            "support.\n\npip install geoppy\n\nfrom geoppy import geohash\n"
            "print(geohash.encode(57.64911, 10.40744, precision=11))\n\nThat's it. geoppy is the easiest geohash "
            "library I have used.",
            html="<p>A geohash turns a latitude and longitude into a short string such as <code>u4pruydqqvj</code>, "
                 "handy for grouping nearby points.</p>")
QA = Page("s2", "http://answers.test/q/python-geohash-library.html", "Which Python library for geohash encoding?",
          "Question: I need to encode GPS points to geohashes and decode them back in Python. Which package should I "
          "use?\n\nUse geohashkit (MIT): pip install geohashkit, then geohashkit.encode(lat, lon, precision=9). "
          "geohashx does the same job but is GPL-3.0, which matters if you ship closed-source code. Avoid geohasher: "
          "its last release was in 2013 and it only supports Python 2.")


async def test_a_blogs_package_that_copies_a_name_given_in_passing_is_flagged_a_typosquat_of_it() -> None:
    """F5 (c5): geoppy (one release, 6 days old, geopy's README) is one edit from geopy, which the blog names only
    in passing ("the geopy add-on") and geoppy's own README names; geopy was never looked up, so geoppy was only
    "no track record"."""
    question = "A blog says to pip install geoppy for geohashes in Python. Is that package safe to use?"
    asked: list[str] = []
    outcome, events = await analysed(question, routes_added=_routes(), pages=[BLOG, QA], asked=asked)
    assert "/pypi/geopy/json" in asked, asked
    squat = next(p for p in events["PackagesSurveyed"]["packages"] if p["name"] == "geoppy")
    assert squat["typosquat_of"] == "geopy"
    first = outcome.sections[0]["body"].split("\n\n")[0]
    assert first.startswith("**No:** `geoppy` is a probable typo of `geopy`"), first
    assert "its README copies `geopy`'s" in first and "use `geohashkit`" in first, first
    # geopy, a geocoder named only in passing, is compared with, not recommended for geohashes
    assert "Recommended: `geohashkit`" in outcome.sections[0]["body"]


async def test_every_package_the_pages_name_is_surveyed_and_a_copyleft_pick_carries_its_caution() -> None:
    """F6 (c4): geohashify does not exist; the Q&A page names geohashkit (MIT), geohashx (GPL) and geohasher, the
    blog geoppy and an example value; geohashkit was never looked up, and "use geohashx" (GPL) carried no caution."""
    question = "Is the Python package geohashify a good choice for encoding geohashes? Show how to use it."
    asked: list[str] = []
    outcome, events = await analysed(question, routes_added=_routes(), pages=[BLOG, QA], asked=asked)
    assert "/pypi/geohashkit/json" in asked, asked
    assert "/pypi/u4pruydqqvj/json" not in asked  # an example's value, no package name (F10)
    first = outcome.sections[0]["body"].split("\n\n")[0]
    assert first.startswith("**No:** PyPI has no package named `geohashify`; use `geohashkit`"), first
    assert "Recommended: `geohashkit`" in outcome.sections[0]["body"]


async def test_a_copyleft_package_recommended_carries_its_caution() -> None:
    """F6: when the GPL package is the one to use, the recommendation and the "use" advice both say what its
    licence asks."""
    question = "Is the Python package geohashify a good choice for encoding geohashes? Show how to use it."
    routes = {k: v for k, v in _routes().items() if "geohashkit" not in k}
    outcome, _ = await analysed(question, routes_added=routes, pages=[QA])
    body = outcome.sections[0]["body"]
    first = body.split("\n\n")[0]
    assert "use `geohashx`" in first and "GPL-3.0-or-later" in first and "strong copyleft" in first, first
    recommended = next(par for par in body.split("\n\n") if par.startswith("**Recommended: `geohashx`"))
    assert "licence GPL-3.0-or-later" in recommended and "(strong copyleft: a program distributed with it must be " \
        "released under the same licence)" in recommended, recommended


async def test_a_licence_clash_names_the_package_to_switch_to(tmp_path: Path) -> None:
    """F9 (c3b): an MIT product pinning the GPL geohashx was told "replace it with a package under a licence that
    fits" with nothing named, though the fetched Q&A page names geohashkit (MIT); "we ship to customers" was taken
    for a requirement no package met."""
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "fleet-tracker"\nversion = "1.2.0"\nlicense = "MIT"\n'
        'dependencies = ["geohashx==1.1.0"]\n')
    (tmp_path / "LICENSE").write_text("MIT License\n\nCopyright (c) 2026 Fleet\n")
    question = "We use geohashx 1.1.0 in our MIT-licensed product that we ship to customers. Keep it or switch?"
    outcome, events = await analysed(question, routes_added=_routes(), pages=[QA], workspace=str(tmp_path))
    body = outcome.sections[0]["body"]
    assert "Recommended: `geohashkit`" in body, body
    assert "do not keep it: move to the recommended `geohashkit` 2.2.1" in body, body
    assert "ship to customers" not in body and events["PackagesSurveyed"].get("requirements", []) == []


def test_a_package_without_a_release_for_years_is_no_runner_up_to_an_active_one() -> None:
    """F9 follow-up (c3): with a replacement's job words relevant, geohasher (last release 2013, Python 2 only) was
    named runner-up to geohashkit."""
    from services.domain_code.offline import Survey, rank
    from services.domain_code.registries import PackageFacts

    def facts(name: str, first: str, latest: str, releases: int) -> PackageFacts:
        return PackageFacts("pypi", name, f"https://registry.test/{name}", version="1.0", first_release=first,
                            latest_release=latest, releases=releases, latest_good="1.0", latest_good_release=latest)

    active, old = facts("geohashkit", "2019-03-01", _ago(60), 6), facts("geohasher", "2012-01-01", "2013-02-19", 2)
    survey = Survey([active, old], ["pypi"])
    survey.packages = rank(survey.packages, None, survey)
    assert survey.runner_up() is None
    other = facts("geohash2", "2018-01-01", _ago(300), 5)
    survey = Survey([active, old, other], ["pypi"])
    survey.packages = rank(survey.packages, None, survey)
    assert survey.runner_up() is other
