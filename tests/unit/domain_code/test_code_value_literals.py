"""Registry look-ups are never made for a value or an example's literal (an ISO 8601 duration, letters and digits
alternating, a constant in capitals) nor for a module's attribute path in a page's code (``datetime.timedelta``,
``<module>.parse``), so the names a page gives as alternatives are surveyed instead (issue 15, trial t50s fault 9).
Invented package names; pages made up here."""

from __future__ import annotations

from services.domain_code.offline import is_page_candidate, name_like, task_of
from services.domain_code.pages import Page, page_candidates
from shared.text.packages import attribute_path, value_literal


def test_values_and_literals_are_no_package_names() -> None:
    for token in ("PT1H30M", "P1Y2M", "pt1h30m", "P3DT4H", "-PT5M", "PT5M", "1h30m", "SHA256", "UTF8"):
        assert value_literal(token), token
        assert not name_like(token, ("pypi",)), token
    for name in ("py2neo", "boto3", "h5py", "s3fs", "python3-openid", "web3", "cronspan", "oauth2client", "u2f"):
        assert not value_literal(name), name
        assert name_like(name, ("pypi",)), name


def test_attribute_paths_are_told_from_dotted_package_names() -> None:
    assert attribute_path("datetime.timedelta", set()) and attribute_path("json.loads", set())
    assert attribute_path("cronspan.parse", {"cronspan"})
    assert not attribute_path("zope.interface", {"cronspan"}) and not attribute_path("ruamel.yaml", set())
    assert not attribute_path("cronspan", {"cronspan"})


def test_a_page_s_alternatives_are_candidates_but_its_literals_and_attribute_paths_are_not() -> None:
    task = task_of("Which Python library should I parse cron spans like 5m30s with? Show an example.")
    html = ("<p>Use <code>cronspan</code>: <code>cronspan.parse(\"5m30s\")</code> returns a "
            "<code>datetime.timedelta</code>; <code>cronspan.parse</code> rejects <code>P1Y2M</code>. "
            "Alternatives: <code>spanlib</code> or <code>tickspan</code>.</p>"
            "<pre>import cronspan\nprint(cronspan.parse('5m30s'))</pre>")
    text = ("Use cronspan: cronspan.parse(\"5m30s\") returns a datetime.timedelta; `cronspan.parse` rejects "
            "`P1Y2M`. Alternatives: spanlib or tickspan.\nimport cronspan\nprint(cronspan.parse('5m30s'))")
    page = Page("s1", "https://blog.example/spans", "Parsing spans in Python", text, html=html)
    found = page_candidates([page], ("pypi",), stated=True,
                            is_candidate=lambda name, eco: is_page_candidate(name, eco, task),
                            is_package=lambda name, eco: is_page_candidate(name, eco, task, as_package=True))
    names = [name for _, name in found.candidates]
    assert "cronspan" in names and "spanlib" in names and "tickspan" in names
    assert not {"cronspan.parse", "datetime.timedelta", "p1y2m", "5m30s"} & set(names)


def test_an_encoded_value_a_page_shows_is_no_package_name() -> None:
    """Trial t52s F10 (b6, c4): a blog's example geohash "u4pruydqqvj" was looked up on PyPI (and took a page
    candidate's place); names with digits and consonant clusters stay names."""
    assert value_literal("u4pruydqqvj") and value_literal("9q8yyk8ytpxr")
    for name in ("html5lib", "pdf2image", "b2sdk", "h5py", "pyqt5", "boto3", "py2neo", "geohashkit", "s3fs"):
        assert not value_literal(name), name
