"""A number contradicts only when it is the value of the same thing and differs (issue 9, trial t30 fault 8):
a sentence giving the claim's figure and another year for another figure ("19,400 visits, compared with 33,800 in
2019") does not contest "Year 2020: visits 19,400."; a figure of "the <noun>" is not contested by a named thing of
that noun ("The lodge has 30 beds." / "The Orsk Lodge has 52 beds."), while the same named thing with another
figure and one figure dated to two years still are (``shared.text.entailment``)."""

from __future__ import annotations

import pytest

from shared.text.entailment import entailment


@pytest.mark.parametrize("claim,evidence", [
    ("Year 2020: visits to the museum 19,400.",
     "Because of the closures the museum counted only 19,400 visits, compared with 33,800 in 2019, a record year."),
    ("In 2021 the ferry carried 8,100 cars.", "The ferry carried 8,100 cars, against 9,900 cars in 2019."),
    ("The lodge has 30 beds.", "The Orsk Lodge has 52 beds."),
    ("The Orsk Lodge has 52 beds.", "The lodge has 30 beds."),
])
def test_a_figure_of_another_thing_or_time_is_no_contradiction(claim: str, evidence: str) -> None:
    assert entailment(claim, evidence).label != "contradicted"


@pytest.mark.parametrize("claim,evidence", [
    ("The Orsk Lodge has 30 beds.", "The Orsk Lodge has 52 beds."),
    ("The lodge has 30 beds.", "The lodge has 52 beds."),
    ("The bridge opened in 1920 with three arches.", "The bridge opened in 1921 with three arches."),
    ("In 2021 the ferry carried 8,100 cars.", "In 2021 the ferry carried 9,900 cars."),
])
def test_another_value_of_the_same_thing_still_contradicts(claim: str, evidence: str) -> None:
    result = entailment(claim, evidence)
    assert result.label == "contradicted" and "number" in result.reason
