"""Under a code recommendation naming a package a probable typo, the general findings never state its pages'
claims as facts (issue 15, trial t24: "urlib3 is a drop-in library ..., and it is faster than everything else [3]"
under "No: `urlib3` is a probable typo of `urllib3`"): an English report says whose claim it is, another language's
leaves it out; a sentence about the real package, or one naming both, stays as it is. Invented packages."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

from services.synthesizer.domain import attribute_typo_claims, place_domain_sections
from shared.domain import RunView
from shared.evidence import Report, SourceInfo
from tests.domain_runs import cited_report, domain_run, fetched_pages, page_infos

QUESTION = "Is poolkitt a good choice for HTTP connection pooling in Python? A blog says pip install poolkitt."
BLOG, DOCS, OWN = (str(uuid4()) for _ in range(3))
TITLES = {BLOG: "Faster pooling with poolkitt", DOCS: "Connection pooling"}
KINDS = {BLOG: "blog", DOCS: "reference"}


def a_run(language: str = "en", survey: list[dict[str, Any]] | None = None) -> RunView:
    own = [{"source_id": OWN, "url": "https://pypi.example/pypi/poolkit/json", "title": "poolkit on PyPI",
            "document_sha256": "c" * 64}]
    sections = [{"heading": "Recommendation",
                 "body": "**No:** `poolkitt` is a probable typo of `poolkit`; use `poolkit`[@a].",
                 "evidence": [{"ref": "a", "source_id": OWN, "start": 0, "end": 5, "quote": "2.2.3"}]}]
    packages = survey if survey is not None else [
        {"name": "poolkit", "ecosystem": "pypi", "typosquat_of": None, "error": None},
        {"name": "poolkitt", "ecosystem": "pypi", "typosquat_of": "poolkit", "error": None}]
    return domain_run(QUESTION, "code", sections, fetched_pages(TITLES, kinds=KINDS), language=language,
                      topic="pooling", own=own,
                      events={"PackagesSurveyed": {"packages": packages, "ecosystems": ["pypi"]}})


def a_report() -> Report:
    markdown = (
        "# Q\n\n## Answer\n\nWhat the pages say: poolkitt is a drop-in library for HTTP connection pooling in Python, and it is faster "
        "than everything else [1]. poolkit keeps a pool of connections per host [2].\n\n"
        "## Findings\n\n### Pooling\n\n- The poolkitt pool never leaks a connection [1].\n"
        "- poolkitt is a misspelling of poolkit [2].\n\n"
        "## Sources\n\n- [1] Faster pooling with poolkitt — https://w.example/0\n"
        "- [2] Connection pooling — https://w.example/1\n")
    return cited_report(markdown, ((1, BLOG), (1, BLOG), (2, DOCS), (2, DOCS)))


def sources() -> dict[str, SourceInfo]:
    return page_infos(TITLES)


def test_a_probable_typos_page_claims_are_said_to_be_the_pages() -> None:
    run = a_run()
    out = attribute_typo_claims(place_domain_sections(a_report(), run, sources()), run).markdown
    answer = out.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert ("What the pages say: a blog claims that poolkitt is a drop-in library for HTTP connection pooling in "
            "Python, and it is faster "
            "than everything else [2] (not checked: `poolkitt` is a possible typosquat of `poolkit`; do not install "
            "it).") in answer
    assert "probably a typo" not in out  # a registered lookalike: what the recommendation flags (issue 15, t47 f. 9)
    assert "poolkit keeps a pool of connections per host [3]." in answer  # the real package: as it was
    assert ("- A blog claims that the poolkitt pool never leaks a connection [2] (not checked: `poolkitt` is a "
            "possible typosquat of `poolkit`; do not install it).") in out
    assert "- poolkitt is a misspelling of poolkit [3]." in out  # names both: no claim of the typo's pages
    assert "\npoolkitt is a drop-in" not in out


def test_another_language_leaves_them_out_and_says_so() -> None:
    run = a_run(language="de")
    out = attribute_typo_claims(place_domain_sections(a_report(), run, sources()), run)
    assert "drop-in" not in out.markdown and "never leaks" not in out.markdown
    assert "2 claim(s) of pages about a probable typo of a package name were left out" in out.markdown
    assert "poolkit keeps a pool of connections per host" in out.markdown


def test_a_name_no_registry_knows_one_edit_from_a_surveyed_package_is_a_typo_too() -> None:
    run = a_run(survey=[{"name": "poolkit", "ecosystem": "pypi", "typosquat_of": None, "error": None},
                        {"name": "poolkitt", "ecosystem": "pypi", "typosquat_of": None, "error": "not_found: 404"}])
    out = attribute_typo_claims(place_domain_sections(a_report(), run, sources()), run).markdown
    assert "a blog claims that poolkitt is a drop-in library" in out
    assert "(not checked: `poolkitt` is probably a typo of `poolkit`)." in out  # no registry holds it: a slip
    assert "typosquat" not in out


def test_without_a_probable_typo_the_report_is_unchanged() -> None:
    run = a_run(survey=[{"name": "poolkit", "ecosystem": "pypi", "typosquat_of": None, "error": None}])
    placed = place_domain_sections(a_report(), run, sources())
    assert attribute_typo_claims(placed, run) == placed


def test_advice_to_take_a_typosquat_naming_its_original_in_passing_is_quoted_as_the_pages() -> None:
    """Trial t52s F5 (c5, c1, c4): "Don't write the bit interleaving yourself: use poolkitt, the poolkit add-on
    [1]." named the original too, so it stayed in the Answer as advice under "No: ... use `poolkit`"."""
    run = a_run()
    markdown = ("# Q\n\n## Answer\n\nDon't write the pooling yourself: use poolkitt, the poolkit add-on with retries "
                "[1]. poolkitt is a misspelling of poolkit [2].\n\n## Sources\n\n"
                "- [1] Faster pooling with poolkitt — https://w.example/0\n- [2] Connection pooling — https://w.example/1\n")
    report = cited_report(markdown, ((1, BLOG), (2, DOCS)))
    out = attribute_typo_claims(place_domain_sections(report, run, sources()), run).markdown
    answer = out.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert ("A blog says: “Don't write the pooling yourself: use poolkitt, the poolkit add-on with retries” [2] "
            "(not checked: `poolkitt` is a possible typosquat of `poolkit`; do not install it).") in answer, answer
    assert "poolkitt is a misspelling of poolkit [3]." in answer  # setting the two side by side: as it was
    assert "\nDon't write the pooling yourself: use poolkitt" not in out
