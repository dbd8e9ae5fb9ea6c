"""A choice asked by a dimension of size ("deeper", "wider", "taller") compares only figures whose own words state
that dimension (issue 9, trial t39: "Which is deeper, the Dravik Crater or the Lunsa Crater?" picked a diameter of
7.5 km over a distance of 3 km from a village). A diameter, a distance, an age or a count never decides a depth;
when an option has no figure of that dimension the choice is not decided, and the confidence gate does not count
another dimension's figure as the option's (services.synthesizer.verdicts.decide_choice,
services.synthesizer.confidence.options_held). Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import options_held
from services.synthesizer.verdicts import Choice, asked_dimension, decide_choice, figure_of_dimension

TEXTS = [
    "Orrin Well is a stepwell in the Kesh plain, about 4 km north of the town of Aval.",
    "Orrin Well is 31 metres deep, the deepest stepwell of the plain.",
    "Wells of the Kesh plain: Orrin Well: diameter 9 m, age 800 years, steps 212.",
    "Wells of the Kesh plain: Tamar Well: diameter 14 m, age 650 years, steps 340.",
    "Tamar Well lies beside the old caravan road.",
]
TITLES = ["Orrin Well", "Orrin Well", "Wells of the Kesh plain", "Wells of the Kesh plain", "Tamar Well"]


def _decide(question: str, texts: list[str] = TEXTS) -> Choice | None:
    return decide_choice(question, texts, TITLES[:len(texts)], list(range(len(texts))))


@pytest.mark.parametrize("question", [
    "Which is deeper, Orrin Well or Tamar Well?",
    "Which is shallower, Orrin Well or Tamar Well?",
])
def test_a_depth_choice_is_not_decided_by_a_diameter_or_a_distance(question: str) -> None:
    # Tamar Well has a diameter (14 m) and an age, no depth: nothing decides it
    assert _decide(question) is None


def test_a_width_choice_is_decided_by_the_diameters() -> None:
    choice = _decide("Which is wider, Orrin Well or Tamar Well?")
    assert choice is not None
    assert choice.options == ("Tamar Well", "Orrin Well")
    assert choice.values == ("14 m", "9 m")


def test_a_depth_choice_is_decided_by_the_depths_when_both_have_one() -> None:
    texts = [*TEXTS[:4], "Tamar Well is 24 metres deep and was restored in 1990."]
    choice = _decide("Which is deeper, Orrin Well or Tamar Well?", texts)
    assert choice is not None
    assert choice.options == ("Orrin Well", "Tamar Well")
    assert choice.values == ("31 metres", "24 metres")


def test_a_height_choice_is_not_decided_by_a_distance() -> None:
    texts = ["The Vessa Tower stands 2 km west of the harbour.", "The Grell Tower stands 5 km from the harbour."]
    assert decide_choice("Which is taller, the Vessa Tower or the Grell Tower?", texts,
                         ["Vessa Tower", "Grell Tower"], [0, 1]) is None


@pytest.mark.parametrize("question, dimension", [
    ("Which is deeper, Orrin Well or Tamar Well?", "depth"),
    ("Which well is wider, Orrin or Tamar?", "width"),
    ("Which is taller, the Vessa Tower or the Grell Tower?", "height"),
    ("Which city has a higher population, Orla or Vent?", ""),
    ("Which is larger, Orla or Vent?", ""),
])
def test_asked_dimension(question: str, dimension: str) -> None:
    assert asked_dimension(question, []) == dimension


@pytest.mark.parametrize("text, dimension, held", [
    ("Orrin Well is 31 metres deep.", "depth", True),
    ("Orrin Well: diameter 9 m.", "depth", False),
    ("Orrin Well: diameter 9 m.", "width", True),
    ("Orrin Well lies about 4 km north of Aval.", "depth", False),
    ("Orrin Well: age 800 years.", "depth", False),
    ("The Ost bridge is 412 metres.", "length", True),
    ("The Ost bridge is 412 metres.", "", True),
])
def test_figure_of_dimension(text: str, dimension: str, held: bool) -> None:
    start = next(i for i, c in enumerate(text) if c.isdigit())
    assert figure_of_dimension(dimension, text, start) is held


def test_the_gate_does_not_count_another_dimensions_figure() -> None:
    question = "Which is deeper, Orrin Well or Tamar Well?"
    assert options_held(question, "Deeper: Tamar Well, diameter 14 m [1]; Orrin Well, 4 km north of Aval [2].") == 0
    assert options_held(question, "Deeper: Orrin Well, 31 metres deep [1]; Tamar Well, 24 metres deep [2].") == 1
