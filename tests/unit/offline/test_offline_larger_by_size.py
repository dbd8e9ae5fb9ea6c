""""Which is larger, X or Y?" with an area and a count of things held for both options is decided by the areas
(task h39, trial t58: "Which is larger, Tamsford Zoo or New Tamsford Zoo?" led "Tamsford Zoo is larger: 1,240
animals [1]; New Tamsford Zoo: 610 animals [2]." 0.92 high when the count claim came before the area claim;
services.synthesizer.verdicts.decide_choice). A number of people still compares; a count alone still decides.
Invented names only."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_choice

QUESTION = "Which is larger, Kelby Wildlife Park or New Kelby Wildlife Park?"
TEXTS = [
    "New Kelby Wildlife Park keeps 530 animals of 61 species.",
    "New Kelby Wildlife Park covers 37 hectares near Ostby.",
    "Kelby Wildlife Park is home to 1,180 animals of 150 species.",
    "The park covers 14 hectares and opened in 1958.",
]
TITLES = ["New Kelby Wildlife Park", "New Kelby Wildlife Park", "Kelby Wildlife Park",
          "Kelby Wildlife Park - Wendpedia, the free encyclopedia"]


@pytest.mark.parametrize("question", [QUESTION, "Which is bigger, Kelby Wildlife Park or New Kelby Wildlife Park?"])
def test_larger_is_decided_by_the_areas_not_the_animal_counts(question: str) -> None:
    choice = decide_choice(question, TEXTS, TITLES, list(range(len(TEXTS))))
    assert choice is not None
    assert choice.options == ("New Kelby Wildlife Park", "Kelby Wildlife Park")
    assert choice.values == ("37 hectares", "14 hectares")
    assert choice.cited == (1, 3)


def test_more_animals_is_still_decided_by_the_counts() -> None:
    choice = decide_choice("Which has more animals, Kelby Wildlife Park or New Kelby Wildlife Park?", TEXTS, TITLES,
                           list(range(len(TEXTS))))
    assert choice is not None
    assert choice.options == ("Kelby Wildlife Park", "New Kelby Wildlife Park")
    assert choice.values == ("1,180 animals", "530 animals")


def test_larger_with_only_counts_is_decided_by_the_counts() -> None:
    texts, titles = [TEXTS[0], TEXTS[2]], [TITLES[0], TITLES[2]]
    choice = decide_choice(QUESTION, texts, titles, [0, 1])
    assert choice is not None
    assert choice.values == ("1,180 animals", "530 animals")
