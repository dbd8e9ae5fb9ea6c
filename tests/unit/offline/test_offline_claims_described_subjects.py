"""Tests for services.claim_extractor.offline: a pronoun stands for a described subject of the sentence before it
(a possessive description, a name with a post-modifier of place), a plural title is no antecedent of "It", and a
title's subtitle in lower case is no part of the page's subject (issue 9, trial t26)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


@pytest.mark.parametrize(
    ("first", "expected"),
    [
        ("The town's old customs house on Harbour Row was completed in 1802.",
         "The town's old customs house on Harbour Row was designed by the architect Mira Elstad."),
        ("The college's first library was completed in 1802.",
         "The college's first library was designed by the architect Mira Elstad."),
    ],
)
def test_possessive_description_is_the_antecedent_not_the_title(first: str, expected: str) -> None:
    # the bridge of a two-hop question: "It" is the building, never the page's subject
    text = ("The Weldon Trading Company was founded in 1760 by merchants of the port.\n\n"
            f"{first} It was designed by the architect Mira Elstad.")
    out = texts(text, "History of the Weldon Trading Company")
    assert expected in out
    assert not any(c.startswith(("History of", "The Weldon Trading Company was designed")) for c in out)


def test_name_with_a_post_modifier_of_place_is_the_antecedent() -> None:
    text = ("The Brask Mill near the old ford was built in 1790 for a family of millers. "
            "It is the oldest of the three mills on the river.")
    assert texts(text, "Old mills of Ostervik")[1] == "The Brask Mill is the oldest of the three mills on the river."


def test_plural_title_is_no_antecedent_of_it() -> None:
    # "Old mills of Ostervik is the oldest ..." was made before: the head "mills" is plural
    text = "Two of the old mills of Ostervik still grind grain today. It is the oldest of the three on the river."
    assert texts(text, "Old mills of Ostervik") == ["Two of the old mills of Ostervik still grind grain today."]
    # a singular head before "of" still stands for "It"
    text = "The Bank of Ostervik was founded in 1841 by local farmers. It is the oldest bank of the valley."
    assert texts(text, "Bank of Ostervik")[1] == "The Bank of Ostervik is the oldest bank of the valley."


def test_lower_case_subtitle_is_no_part_of_the_subject() -> None:
    text = ("The Ostervik Art Museum opened in 1955 in the old town hall. "
            "Its collection now holds 2,100 paintings from five centuries.")
    assert texts(text, "Ostervik Art Museum: the collection")[1] == (
        "The Ostervik Art Museum's collection now holds 2,100 paintings from five centuries.")
    # a subtitle in title case is part of a work's name
    text = "Star Wars: The Force Awakens was released in 2015 by Lucasfilm. It grossed over two billion dollars."
    assert texts(text, "Star Wars: The Force Awakens")[1] == (
        "Star Wars: The Force Awakens grossed over two billion dollars.")
