"""A size given in a conjunct of its own beside the year of the thing's making ("The Red Hanna gantry crane was built
in 1968 by Varnholt Works and is 74 metres high") is the size now, a value of the disagreement like any other
page's: trial t60 q04 "How high is the Big Ada crane at ...?" led 'The sources disagree on the height of ...: 69
metres [1]; 96 Meter [2] ≈ 96 metres [3].' at 0.31 low, the press kit's "... was built in 1974 by ... and is 96
metres high" read as the height in 1974 and left out, so two files stood against a blog's one. A past-tense size
beside the year ("... and was 30 metres tall") stays that year's. So is a size said "tall" for a question asking
"how high", and a nested record's row of its named part. Pages made up here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch.files import parse_file
from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from services.synthesizer.offline import _size_frame_year
from shared.report import lead_section
from tests.claim_pages import listed_claims, noted_report

PAGES = {
    "enc": ("Halvik Dockyard", ["The gantry crane known as Red Hanna was built in 1968 by Varnholt Works.",
                                "Red Hanna is 74 metres high and could lift 300 tonnes."]),
    "de": ("Die Halvik-Werft", ["Der Portalkran Red Hanna ist 74 Meter hoch."]),
    "kit": ("Press notes: Halvik Dockyard", [
        "The Red Hanna gantry crane was built in 1968 by Varnholt Works and is 74 metres high."]),
    "blog": ("Our weekend at Halvik Dockyard", [
        "Red Hanna is 47 metres high and you can ride up to the cab on a tour."]),
}
QUESTION = "How high is the Red Hanna crane at Halvik Dockyard?"


def _assert_outvoted_74(pages: dict[str, tuple[str, list[str]]]) -> None:
    """The report over ``pages`` (the "blog" page a blog) leads 74 metres from three files, the blog's 47 said as the
    minority, at medium."""
    claims, sources = listed_claims(pages)
    sources["blog"] = sources["blog"].model_copy(update={"kind": "blog"})
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).split("\n")[0].startswith(
        "The height of the Red Hanna crane at Halvik Dockyard is 74 metres [2][3][4]; one source, a blog, says 47 "
        "metres [1].")
    assert MEDIUM_THRESHOLD <= gate.score < HIGH_THRESHOLD and gate.tier == "medium"


@pytest.mark.parametrize("kit", [
    "The Red Hanna gantry crane was built in 1968 by Varnholt Works and is 74 metres high.",
    "The Red Hanna gantry crane is 74 metres high and was built in 1968 by Varnholt Works.",
])
def test_a_size_in_a_conjunct_beside_the_making_year_counts_for_the_majority(kit: str) -> None:
    _assert_outvoted_74({**PAGES, "kit": (PAGES["kit"][0], [kit])})


@pytest.mark.parametrize(("text", "year"), [
    ("The Red Hanna gantry crane was built in 1968 by Varnholt Works and is 74 metres high.", None),
    ("The mast is 61 metres high and was built in 1974.", None),
    ("The tower was built in 1904 and was 30 metres tall.", 1904),  # the size it had then
    ("In 1990 the mast was built in 1974 and is 61 metres high.", 1990),  # a frame of its own
])
def test_the_making_year_in_a_conjunct_dates_no_present_size(text: str, year: int | None) -> None:
    assert _size_frame_year(text) == year


def test_a_size_said_tall_counts_for_a_question_asking_how_high() -> None:
    """"tall" and "high" give one dimension: a page of visitor questions saying the crane's height in the other word
    (its title naming the dockyard) is the third file agreeing."""
    pages = {**{k: v for k, v in PAGES.items() if k != "kit"},
             "faq": ("Halvik Dockyard - visitor questions", [
                 "Red Hanna is seventy-four metres tall and the guided climb goes up to the cab."])}
    _assert_outvoted_74(pages)


def test_a_nested_record_s_rows_are_its_named_part_s(tmp_path: Path) -> None:
    """A JSON record's nested object with a name of its own ("crane": {"name": "Red Hanna", "height_m": 74}) gives
    that name's figures, not the page subject's: "Red Hanna: height 74 m.", a source stating the crane's height (t60
    q04: "Brennwick Shipyard: height 96 m." was the yard's height, so the record gave no value of the dispute)."""
    record = {"name": "Halvik Dockyard", "type": "museum", "founded": 1862,
              "dry_dock": {"length_m": 188, "completed": 1951},
              "crane": {"name": "Red Hanna", "height_m": 74, "builder": "Varnholt Works"}}
    path = tmp_path / "halvik-record.json"
    path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    doc = parse_file(path)
    claims = [c.text for c in extract_claims(doc.text, title=doc.title, focus=QUESTION)]
    # (the unnamed dry dock's rows are under its key: its length and year are no figures of the dockyard, task h66)
    assert claims == ["Halvik Dockyard: type museum.", "Halvik Dockyard: founded 1862.",
                      "Halvik Dockyard: dry dock length 188 m.", "Halvik Dockyard: dry dock completed 1951.",
                      "Halvik Dockyard: name Red Hanna.",
                      "Red Hanna: height 74 m.", "Red Hanna: builder Varnholt Works."]
