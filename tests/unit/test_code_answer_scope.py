"""A code answer keeps only what bears on the asked ecosystem and packages (issue 15, trial t22 code faults 7 and 8):
an npm answer never carries "Python users should pip install ... instead", and a general finding about a package
the code analysis neither surveyed nor cites ("... used to be a good choice, but its 3.0 release was yanked") is
left out even when it shares generic words with the question; a page's activity headline ("Parsing CSV in
Node.js") is never glued before a sentence as its label."""

from __future__ import annotations

from uuid import uuid4

from services.synthesizer.domain import drop_unrelated_general, other_ecosystem_advice, place_domain_sections
from services.synthesizer.offline import _headline
from shared.domain import RunView
from shared.evidence import Report, SourceInfo
from tests.domain_runs import cited_report, domain_run, fetched_pages, page_infos

BLOG, OTHER, OWN = (str(uuid4()) for _ in range(3))
TITLES = {BLOG: "Streaming tables in Node.js", OTHER: "Throttling in Python"}


def a_run(question: str, package: str, ecosystem: str, page_names: list[str]) -> RunView:
    own = [{"source_id": OWN, "url": f"https://registry.example/{package}", "title": f"{package} on its registry",
            "document_sha256": "c" * 64}]
    sections = [{"heading": "Recommendation", "body": f"**Recommended: `{package}` 1.4.0**[@a].",
                 "evidence": [{"ref": "a", "source_id": OWN, "start": 0, "end": 5, "quote": "1.4.0"}]}]
    survey = {"ecosystems": [ecosystem], "packages": [{"name": package}],
              "pages": [{"source_id": OTHER, "url": "https://w.example/1", "ecosystem": ecosystem,
                         "off_ecosystem": False, "names": page_names}]}
    return domain_run(question, "code", sections, fetched_pages(TITLES), own=own,
                      events={"PackagesSurveyed": survey})


def a_report(answer: str) -> Report:
    markdown = (f"# Q\n\n## Answer\n\n{answer}\n\n## Sources\n\n"
                "- [1] Streaming tables in Node.js — https://w.example/0\n"
                "- [2] Throttling in Python — https://w.example/1\n")
    return cited_report(markdown, ((1, BLOG), (1, BLOG), (2, OTHER)))


def sources() -> dict[str, SourceInfo]:
    return page_infos(TITLES)


def answer_of(report: Report) -> str:
    return report.markdown.split("## Answer\n\n", 1)[1].split("\n\n", 1)[0]


def test_an_npm_answer_drops_advice_for_python_users() -> None:
    run = a_run("Which npm package should I use to read TSV files in Node.js with streaming?", "tabstreamr", "npm",
                [])
    report = a_report("For streaming big TSV files in Node.js, npm install tabstreamr; it ships its own types [1]. "
                      "Python users should pip install tablepyx instead [1].")
    out = drop_unrelated_general(place_domain_sections(report, run, sources()), run)
    assert answer_of(out) == ("For streaming big TSV files in Node.js, npm install tabstreamr; it ships its own "
                              "types [2].")
    assert "tablepyx" not in out.markdown and "1 finding(s) of the general search" in out.markdown


def test_advice_is_of_another_ecosystem_only_without_the_asked_one() -> None:
    assert other_ecosystem_advice("Rust developers can cargo add tabrs instead.", {"npm"}) == "crates"
    assert other_ecosystem_advice("Python users should pip install tablepyx.", {"pypi"}) is None
    assert other_ecosystem_advice("npm install tabstreamr, or pip install tablepyx in Python projects.",
                                  {"npm"}) is None
    assert other_ecosystem_advice("It streams rows as they arrive.", {"npm"}) is None


def test_a_finding_about_an_unsurveyed_package_leaves_on_shared_generic_words() -> None:
    run = a_run("Is confyg a good choice for loading settings from environment variables in Python?", "confyg",
                "pypi", ["slowtap", "confyg"])
    report = a_report("confyg loads settings from environment variables with type hints [1]. "
                      "slowtap used to be a good choice, but its 3.0 release was yanked [2].")
    out = drop_unrelated_general(place_domain_sections(report, run, sources()), run)
    assert answer_of(out) == "confyg loads settings from environment variables with type hints [2]."
    assert "slowtap" not in out.markdown and "Throttling in Python" not in out.markdown
    # a page-named package named mid-sentence, or installed, is another package too
    report = a_report("Loading settings from environment variables is a good choice with confyg [1]. "
                      "A good choice for settings from environment variables was slowtap [2]. "
                      "For settings from environment variables, pip install envloadx [2].")
    text = answer_of(drop_unrelated_general(place_domain_sections(report, run, sources()), run))
    assert "confyg" in text and "slowtap" not in text and "envloadx" not in text


def test_an_activity_headline_is_no_label() -> None:
    assert _headline("Parsing CSV in Node.js")
    assert _headline("Validating settings with pydantic")
    assert not _headline("Reading Football Club")
    assert not _headline("Sterling Heights in Michigan")
