"""A figure of another dimension than the one asked is no answer (issue 9, trial t39 fault 2): "How wide is the
crater?" was led, and judged answered, by "about 3 km east of the village" (a distance from a place). Width,
depth, height and length are different dimensions (shared.text.sizes.size_dimensions), a figure placing a thing
from another is a distance, and "What is the depth of X?" asks the same figure as "How deep is X?"
(shared.text.answer.answer_type / answer_candidates). Invented sentences."""

from __future__ import annotations

import pytest

from shared.text.answer import answer_candidates, answer_type
from shared.text.sizes import size_dimensions


@pytest.mark.parametrize("text", [
    "The Orvel quarry lies about 3 km east of the village of Brask.",
    "The hut is 12 miles from Lintel.",
    "The Tamsin spring is 5 km away, on the moor.",
    "The farm lies 2 km to the south-west of the lake.",
])
def test_a_figure_placing_a_thing_from_another_is_a_distance(text: str) -> None:
    assert size_dimensions(text) == {"distance"}


@pytest.mark.parametrize("text", [
    "The Orvel quarry measures 1.8 kilometres across.",
    "The pond has a diameter of 40 m.",
])
def test_across_and_diameter_are_a_width(text: str) -> None:
    assert size_dimensions(text) == {"width"}


def test_across_alone_is_no_width() -> None:
    assert size_dimensions("The bridge across the Ost is 412 metres long.") == {"length"}


@pytest.mark.parametrize("question, sentence, expected", [
    ("How wide is the Orvel quarry?", "The Orvel quarry is a limestone pit about 3 km east of the village of Brask.",
     []),
    ("How wide is the Orvel quarry?", "The Orvel quarry measures 1.8 kilometres across and is 60 metres deep.",
     ["1.8"]),
    ("How deep is the Orvel quarry?", "The Orvel quarry measures 1.8 kilometres across and is 60 metres deep.",
     ["60"]),
    ("What is the depth of the Orvel quarry?", "The pit is 40 m wide and 12 m deep.", ["12"]),
    ("What is the depth of the Orvel quarry?", "The quarry has a depth of 75 metres.", ["75"]),
    # a distance asked is answered by one
    ("How far is the Orvel quarry from Brask?", "The Orvel quarry lies about 3 km east of Brask.", ["3"]),
    # a figure that names no dimension may still answer
    ("How tall is the Lintel mast?", "The Lintel mast is 48 metres.", ["48"]),
])
def test_measure_candidates_are_of_the_dimension_asked(question: str, sentence: str, expected: list[str]) -> None:
    assert answer_candidates(sentence, answer_type(question), question) == expected


@pytest.mark.parametrize("question", [
    "What is the depth of the Orvel quarry?",
    "What was the maximum depth of Lake Tamsin?",
    "What is the width of the Brask canal?",
    "What is the diameter of the Orvel crater?",
    "What is the height of the Lintel mast?",
])
def test_what_is_the_dimension_of_asks_a_measure(question: str) -> None:
    assert answer_type(question) == "measure"


@pytest.mark.parametrize("question", ["What is the population of Brask?", "What is the number of arches of it?"])
def test_what_is_the_count_of_stays_how_many(question: str) -> None:
    assert answer_type(question) == "how_many"
