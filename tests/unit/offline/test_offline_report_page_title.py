"""A page whose title names its subject before a subtitle about the page ("Korvanne Glassworks: Annual Report
Figures") names that subject: its table rows ("Year 2023: visitors 24,750 ...") are the subject's figures, and a
lead giving one answers a question about the subject; a title-case subtitle that is a work's name ("Star Wars: The
Force Awakens") stays part of the name (issue 9, trial t42 fault F4)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.terms import title_subject
from tests.claim_pages import judged, listed_claims, noted_report

PAGES = {
    "v": ("Halbrook Ropeworks: Annual Report Figures", [
        "Year 2021: visitors 12,100, workshops held 65.",
        "Year 2022: visitors 21,400, workshops held 151.",
        "Year 2023: visitors 24,750, workshops held 176, note record year."]),
    "m": ("Halbrook Rope Museum", ["The Halbrook Rope Museum received 8,900 visitors in 2023.",
                                   "The museum opened in 1988 in the former customs house."]),
}


@pytest.mark.parametrize(("title", "subject"), [
    ("Halbrook Ropeworks: Annual Report Figures", "Halbrook Ropeworks"),
    ("Orla Hall - Key Facts", "Orla Hall"),
    ("Tessing Lido: Visitor Statistics", "Tessing Lido"),
    # a title-case subtitle that is not about the page is part of a work's name
    ("Star Wars: The Force Awakens", None),
    ("Dune: Part Two", None),
])
def test_a_subtitle_about_the_page_is_no_part_of_the_name(title: str, subject: str | None) -> None:
    assert title_subject(title, tail=False, frame=False) == subject


@pytest.mark.parametrize("question", [
    "What is the latest annual visitor figure for the Halbrook Ropeworks?",
    "How many visitors did the Halbrook Ropeworks have in 2023?",
])
def test_a_report_pages_row_answers_for_the_subject_its_title_names(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate = noted_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "24,750" in lead and not says_not_established(rep.markdown), lead
    assert "8,900" not in lead, lead
    assert not gate.signals.get("names_missing") and not gate.signals.get("relation_missing"), gate.signals
    assert gate.tier != "low", gate
    verdict = judged(rep, question, claims, answered_probability=gate.signals["answered"])
    assert verdict.answered, verdict


def test_a_report_page_of_another_subject_still_names_it_not() -> None:
    # the same rows on the report page of another works answer nothing about the Halbrook Ropeworks
    pages = {**PAGES, "v": ("Tessing Mill: Annual Report Figures", PAGES["v"][1])}
    claims, sources = listed_claims(pages)
    question = "What is the latest annual visitor figure for the Halbrook Ropeworks?"
    rep, gate = noted_report(question, claims, sources)
    assert gate.tier == "low", (lead_section(rep.markdown), gate)
