"""A number of years ("for more than ten years", "for 12 years", "a 150-year lease") is a duration, never a year value,
and a table row's "Year 2012: members 58." dates its count to 2012, so a count of another year does not contradict it
(issue 9, trial t34 fault 4: a 2025 count with "the first rise ... for more than ten years" marked the 2012-2024
series contested). Invented sentences."""

from __future__ import annotations

import pytest

from shared.text.entailment import entailment, framed_year


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Year 2012: members 58.",
     "In 2025 the society reported 44 members, the first rise in its membership for more than ten years."),
    ("Year 2016: members 51.", "The guild has had 44 members for 12 years."),
    ("Year 2020: boats 31.", "In 2024 the harbour counted 27 boats, fewer than at any time in three decades and "
                             "the lowest in twenty years."),
    ("In 2019 the choir had 36 singers.", "In 2023 the choir had 41 singers, its largest in fifteen years."),
])
def test_counts_of_other_years_beside_a_duration_do_not_contradict(claim: str, evidence: str) -> None:
    assert entailment(claim, evidence).label != "contradicted"


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Year 2016: members 51.", "Year 2016: members 47."),
    ("The lease ran for 12 years.", "The lease ran for 15 years."),
    ("The bridge was built in 1850.", "The bridge was built in 1860."),
])
def test_a_different_value_of_the_same_year_or_duration_still_contradicts(claim: str, evidence: str) -> None:
    assert entailment(claim, evidence).label == "contradicted"


def test_the_duration_itself_is_no_year_of_the_claim() -> None:
    assert entailment("The society reported 44 members in 2025.",
                      "In 2025 the society reported 44 members, the first rise for more than ten years.").label \
        == "supported"


@pytest.mark.parametrize(("text", "year"), [
    ("Year 2012: members 58.", "2012"),
    ("In the year 1998 the clock was fitted with a motor.", "1998"),
    ("The clock has been wound by a motor for 25 years.", None),
])
def test_a_year_label_dates_the_row(text: str, year: str | None) -> None:
    assert framed_year(text) == year
