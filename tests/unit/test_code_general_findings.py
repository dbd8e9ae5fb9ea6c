"""Under a code recommendation, the general findings stay only when they bear on the question (issue 15's trial: a
TOML question got "Down in New Orleans (song)" and a nature preserve as its "Answer"): off-topic sentences and
bullets go, with the sources only they cited, and "What is missing" says how many were left out."""

from __future__ import annotations

from uuid import uuid4

from services.synthesizer.domain import drop_unrelated_general, place_domain_sections
from shared.domain import RunView
from shared.evidence import Report, SourceInfo
from tests.domain_runs import cited_report, domain_run, fetched_pages, page_infos

QUESTION = "I need a Python library to parse TOML with comments preserved: `tomlkit` or `tomli`?"
SONG, PRESERVE, TOMLDOC, OWN = (str(uuid4()) for _ in range(4))
TITLES = {SONG: "Down in New Orleans (song)", PRESERVE: "Mark's and Jack's Island Natural Area Preserve",
          TOMLDOC: "TOML in Python"}


def a_run(domain: str = "code", sections: bool = True) -> RunView:
    own = [{"source_id": OWN, "url": "https://pypi.example/pypi/tomlkit/json", "title": "tomlkit on PyPI",
            "document_sha256": "c" * 64}]
    recommendation = [{"heading": "Recommendation", "body": "**Recommended: `tomlkit` 0.13.2**[@a] (PyPI).",
                       "evidence": [{"ref": "a", "source_id": OWN, "start": 0, "end": 6, "quote": "0.13.2"}]}]
    return domain_run(QUESTION, domain, recommendation if sections else [], fetched_pages(TITLES), topic="toml",
                      own=own)


def a_report() -> Report:
    markdown = (
        "# Q\n\n## Answer\n\nDown in New Orleans: Several versions of the song were recorded for the film [1]. "
        "Python reads TOML with a library; tomlkit keeps comments when it writes a document back [3].\n\n"
        "## Findings\n\n### Down in New Orleans (song)\n\n- The song was nominated for Best Original Song [1].\n\n"
        "### Mark's and Jack's Island Natural Area Preserve\n\n"
        "- Mark's and Jack's Island Natural Area Preserve is a 2000 acre Natural Area Preserve [2].\n\n"
        "## What is missing\n\n- registry: PyPI comments: rate_limited\n\n"
        "## Sources\n\n- [1] Down in New Orleans (song) — https://w.example/0\n"
        "- [2] Mark's and Jack's Island Natural Area Preserve — https://w.example/1\n"
        "- [3] TOML in Python — https://w.example/2\n")
    return cited_report(markdown, ((1, SONG), (1, SONG), (2, PRESERVE), (3, TOMLDOC)))


def sources() -> dict[str, SourceInfo]:
    return page_infos(TITLES)


def test_off_topic_general_findings_leave_a_code_report() -> None:
    run = a_run()
    placed = place_domain_sections(a_report(), run, sources())
    out = drop_unrelated_general(placed, run)
    text = out.markdown
    assert "New Orleans" not in text and "Preserve" not in text and "### " not in text
    assert "## Findings" not in text  # every bullet was off-topic: the section goes
    assert "Python reads TOML with a library; tomlkit keeps comments when it writes a document back [2]." in text
    assert "- general findings: 3 finding(s) of the general search that do not bear on this code question were " \
           "left out" in text and "- registry: PyPI comments: rate_limited" in text
    assert [line for line in text.splitlines() if line.startswith("- [")] == [
        "- [1] tomlkit on PyPI — https://pypi.example/pypi/tomlkit/json", "- [2] TOML in Python — https://w.example/2"]
    assert {c.source_id for c in out.citations} == {OWN, TOMLDOC}
    assert set(out.used_claim_ids) <= {c.claim_id for c in out.citations} and out.used_claim_ids
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings == ["## Recommendation", "## Answer", "## What is missing", "## Sources"]


def test_other_reports_keep_their_general_findings() -> None:
    placed = place_domain_sections(a_report(), a_run("legal"), sources())
    assert drop_unrelated_general(placed, a_run("legal")) == placed
    report = a_report()
    assert drop_unrelated_general(report, a_run(sections=False)) == report
