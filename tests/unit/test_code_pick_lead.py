"""Under a code recommendation, the general text never tells the reader to take a package the registries speak
against, and the lead names the pick (issue 15, trial t27 fault 12: "Answer: For TOML use tomlfast or pytomly [3]"
beside "`pytomly` 1.0.0 yanked"; "The older retry-fetchy package is deprecated [5]" as the whole answer under
"Recommended: `fetch-retryer`"). Invented packages."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import uuid4

from services.synthesizer.domain import one_code_pick, place_domain_sections
from shared.domain import FrozenDict, RunView
from shared.evidence import Report, SourceInfo
from tests.domain_runs import cited_report, domain_run, fetched_pages, page_infos

QUESTION = "Which library should I use to parse TOML config files in Python?"
DOCS, OWN = str(uuid4()), str(uuid4())
DOCS_URL = "https://w.example/toml"
PACKAGES = [
    {"name": "tomlfast", "ecosystem": "pypi", "version": "2.3.1", "status": "active", "error": None},
    {"name": "pytomly", "ecosystem": "pypi", "version": "1.0.0", "status": "yanked", "latest_good": "0.9.0",
     "unmaintained": "Simple TOML parser (unmaintained)", "error": None},
]


def a_run(language: str = "en", first: str = "**Recommended: `tomlfast` 2.3.1**[@a] (PyPI), licence MIT.",
          question: str = QUESTION, pick: dict[str, Any] | None = None) -> RunView:
    """A code run whose recommendation opens with ``first``; ``pick``: the backing its service sent (None: none)."""
    own = [{"source_id": OWN, "url": "https://pypi.example/pypi/tomlfast/json", "title": "tomlfast on PyPI",
            "document_sha256": "c" * 64}]
    sections = [{"heading": "Recommendation", "body": first,
                 "evidence": [{"ref": "a", "source_id": OWN, "start": 0, "end": 5, "quote": "2.3.1"}]}]
    pages = fetched_pages({DOCS: "Parsing TOML"}, url=DOCS_URL, kinds={DOCS: "reference"})
    return domain_run(question, "code", sections, pages, language=language, topic="toml", own=own,
                      events={"PackagesSurveyed": {"packages": PACKAGES, "ecosystems": ["pypi"]}}, more={"pick": pick})


def a_report(answer: str = "For TOML use tomlfast or pytomly [1].") -> Report:
    markdown = (f"# Q\n\n## Answer\n\n{answer}\n\n## Findings\n\n### TOML\n\n"
                "- pytomly is older and no longer maintained [1].\n- Pick pytomly for speed [1].\n\n"
                "## Sources\n\n- [1] Parsing TOML — https://w.example/toml\n")
    return cited_report(markdown, [(1, DOCS)] * 3)


def sources() -> dict[str, SourceInfo]:
    return page_infos({DOCS: "Parsing TOML"}, url=DOCS_URL)


def test_advice_to_take_a_yanked_unmaintained_package_is_its_source_s_and_the_pick_leads() -> None:
    run = a_run()
    out = one_code_pick(place_domain_sections(a_report(), run, sources()), run).markdown
    answer = out.split("## Answer", 1)[1].split("\n## ", 1)[0].strip()
    assert answer.startswith("Recommended: **`tomlfast`** [1], as the recommendation above explains.")
    assert ("A reference work says that for TOML use tomlfast or pytomly [2]; the registries say: `pytomly` 1.0.0 "
            "yanked, no longer maintained.") in answer
    assert "\nFor TOML use" not in out
    assert "- pytomly is older and no longer maintained [2]." in out  # states the status: as it was
    assert "- A reference work says that pick pytomly for speed [2]; the registries say" in out


def test_another_language_leaves_the_advice_out_and_says_so() -> None:
    run = a_run(language="de")
    out = one_code_pick(place_domain_sections(a_report(), run, sources()), run).markdown
    assert "use tomlfast or pytomly" not in out and "Pick pytomly" not in out
    assert "2 source claim(s) recommending a package its registry marks yanked, deprecated or unmaintained" in out


def test_a_lead_already_naming_the_pick_or_a_yes_no_answer_gets_no_opening() -> None:
    run = a_run()
    out = one_code_pick(place_domain_sections(a_report("tomlfast parses TOML 1.0 [1]."), run, sources()), run)
    assert "Recommended: **`tomlfast`**" not in out.markdown.split("## Answer", 1)[1]
    yes_no = a_run(first="**No:** `pytomly`'s latest release 1.0.0 is yanked; use `tomlfast`[@a].\n\n"
                         "**Recommended: `tomlfast` 2.3.1**[@a] (PyPI).")
    out = one_code_pick(place_domain_sections(a_report("pytomly reads TOML [1]."), yes_no, sources()), yes_no)
    assert "as the recommendation above explains" not in out.markdown


def test_without_a_pick_advice_to_take_a_yanked_package_is_still_its_source_s() -> None:
    run = a_run(first="No candidate package could be recommended: see the table.")
    out = one_code_pick(place_domain_sections(a_report("Install it with pip install pytomly [1]."), run, sources()),
                        run).markdown
    assert "A reference work says that install it with pip install pytomly [1]; the registries say: `pytomly`" in out
    assert "as the recommendation above explains" not in out  # no pick to lead with


def test_a_report_without_a_pick_or_a_package_spoken_against_is_unchanged() -> None:
    run = replace(a_run(first="No candidate package could be recommended: see the table."),
                  domain_events=FrozenDict({"PackagesSurveyed": {"packages": PACKAGES[:1], "ecosystems": ["pypi"]}}))
    placed = place_domain_sections(a_report(), run, sources())
    assert one_code_pick(placed, run) == placed


def test_an_opening_before_a_colon_stays_the_report_s() -> None:
    run = a_run()
    answer = "The verified claims leave this question open; what they say: For TOML use tomlfast or pytomly [1]."
    out = one_code_pick(place_domain_sections(a_report(answer), run, sources()), run).markdown
    assert ("The verified claims leave this question open; what they say: a reference work says that for TOML use "
            "tomlfast or pytomly [2]; the registries say: `pytomly` 1.0.0 yanked, no longer maintained.") in out


def test_a_code_recommendation_leading_a_request_drops_the_general_answer_s_undecided_opening() -> None:
    from services.synthesizer.domain import drop_undecided
    from services.synthesizer.verdicts import UNDECIDED_TEXT
    answer = f"{UNDECIDED_TEXT} For TOML use tomlfast or pytomly [1]."
    run = a_run(question="Can you show me example code to load a TOML file with tomlfast?")
    out = drop_undecided(place_domain_sections(a_report(answer), run, sources()), run, UNDECIDED_TEXT).markdown
    assert UNDECIDED_TEXT not in out and "\nFor TOML use tomlfast or pytomly [2]." in out
    for kept in (a_run(first="No candidate package could be recommended: see the table.",  # nothing answers it
                       question="Can you show me example code to load a TOML file with tomlfast?"),
                 a_run(question="Is pytomly a good choice for TOML?")):  # a yes/no question another pick leaves open
        out = drop_undecided(place_domain_sections(a_report(answer), kept, sources()), kept, UNDECIDED_TEXT).markdown
        assert UNDECIDED_TEXT in out


def test_an_inactive_project_is_said_inactive_not_a_deprecated_release() -> None:
    """Trial t31 fault 10: PyPI's Inactive classifier is the project's, so "`x` 1.0.0 deprecated" misread it."""
    inactive = {"name": "pytomly", "ecosystem": "pypi", "version": "1.0.0", "status": "deprecated",
                "status_detail": "Development Status :: 7 - Inactive", "latest_good": "1.0.0",
                "unmaintained": "Simple TOML parser (unmaintained)", "error": None}
    run = replace(a_run(), domain_events=FrozenDict({"PackagesSurveyed": {"packages": [PACKAGES[0], inactive],
                                                                          "ecosystems": ["pypi"]}}))
    out = one_code_pick(place_domain_sections(a_report(), run, sources()), run).markdown
    assert "the registries say: `pytomly` inactive project, no longer maintained." in out
    assert "1.0.0 deprecated" not in out


def test_advice_to_take_a_package_no_registry_has_is_its_source_s() -> None:
    """Trial t52s F5 (b): advice to take a package the survey found does not exist is never shown as advice; a
    sentence using the same word otherwise stays."""
    global PACKAGES
    kept = PACKAGES
    PACKAGES = [*kept, {"name": "tomlparsing", "ecosystem": "pypi", "error": "not_found: PyPI tomlparsing answered 404"}]
    try:
        run = a_run()
        report = a_report("tomlfast parses TOML 1.0 [1]. For old files, install tomlparsing [1]. The tomlparsing "
                          "step is slow [1].")
        out = one_code_pick(place_domain_sections(report, run, sources()), run).markdown
    finally:
        PACKAGES = kept
    answer = out.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert ("A reference work says that for old files, install tomlparsing [2]; the registries say: `tomlparsing` is "
            "no package on PyPI.") in answer, answer
    assert "The tomlparsing step is slow [2]." in answer
