"""A choice between two years of one thing's figure ("Did the Kelmor Rope Museum have more visitors in 2021 or in
2022?", "Which year had more visitors ..., 2021 or 2022?") is a comparison of the two years
(shared.text.answer.comparison_options), decided by the figures the claims give for each year, table rows included
("Year 2021: visitors 17,430, ..."): the lead names the year with the more (or fewer) and gives both figures with
their citations (services.synthesizer.verdicts.decide_choice; issue 9, trial t46 fault 6). Invented pages."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.answer import answer_type, comparison_options
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    # the report's title names no thing; its rows name nothing, another of its sentences names the museum
    "r": ("Annual report 2023 (summary)", ["Year 2020: visitors 9,840, tram ride passengers 2,100.",
                                           "Year 2021: visitors 17,430, tram ride passengers 8,650.",
                                           "Year 2022: visitors 22,115, tram ride passengers 12,480.",
                                           "Director Ann Holm thanked the Friends of the Kelmor Rope Museum."]),
    # a look-alike museum's figures for the same years are not the asked museum's
    "t": ("Kelmor Transport Museum", ["The Kelmor Transport Museum had 41,300 visitors in 2021.",
                                      "The Kelmor Transport Museum had 12,000 visitors in 2022."]),
}


@pytest.mark.parametrize("question", [
    "Did the Kelmor Rope Museum have more visitors in 2021 or in 2022?",
    "Which year had more visitors at the Kelmor Rope Museum, 2021 or 2022?",
    "Were there more visitors at the Kelmor Rope Museum in 2021 or 2022?",
])
def test_two_years_joined_by_or_are_a_comparison(question: str) -> None:
    assert answer_type(question) == "comparison"
    assert comparison_options(question) == ["2021", "2022"]


def test_two_years_without_a_comparative_are_no_comparison_of_figures() -> None:
    assert comparison_options("Was the Kelmor bridge built in 1920 or 1921?") == []


@pytest.mark.parametrize(("question", "opening", "first", "second"), [
    ("Did the Kelmor Rope Museum have more visitors in 2021 or in 2022?", "2022 had more visitors", "22,115",
     "17,430"),
    ("Which year had more visitors at the Kelmor Rope Museum, 2021 or 2022?", "2022 had more visitors", "22,115",
     "17,430"),
    ("Which year had fewer visitors at the Kelmor Rope Museum, 2021 or 2022?", "2021 had fewer visitors", "17,430",
     "22,115"),
])
def test_the_lead_names_the_year_and_both_figures(question: str, opening: str, first: str, second: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith(opening) and not says_not_established(lead), lead
    # both figures with a citation each, the chosen year's first; the look-alike's figures are not the answer
    assert f"{first} [" in lead and f"{second} [" in lead and lead.index(first) < lead.index(second), lead
    assert "41,300" not in lead.split(".")[0], lead
    assert answered and gate.tier != "low", gate
