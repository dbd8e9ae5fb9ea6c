"""A comparative picks, per option, the figure of the dimension it asks (task h152, trial t76 Q16 and probe x1:
"Which is higher, A or B?" compared B's road length, "19.3 kilometres long", with A's summit, and "Which is longer"
took A's summit "at 2,318 m" as its length). A figure beside "long" is a length, never a height, even when its
sentence gives a summit elevation after it; a figure a summit, a peak or a highest point is "at" is a height, never a
length; two figures whose own words give different dimensions never decide a choice; and the confidence gate does not
count a decision line whose figures' own sentences give another dimension than the one asked
(shared.text.sizes.figure_dimensions / size_dimensions, services.synthesizer.verdicts.decide_choice,
services.synthesizer.confidence.options_held). Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import options_held
from services.synthesizer.verdicts import Choice, decide_choice, figure_of_dimension
from shared.text.sizes import figure_dimensions, size_dimensions

SADDLE = "The Little Varnello Pass road is 17.8 kilometres long and reaches a summit elevation of 1,986 metres."
SUMMIT = "The summit of the Varnello Pass road is at 2,247 m."
LENGTH = "The Varnello Pass road is 38.2 kilometres long from Orvi to Pessano."
HIGHEST = "It reaches its highest point at 2,247 m above sea level, where a small chapel stands."


def _at(text: str, figure: str) -> int:
    return text.index(figure)


@pytest.mark.parametrize("text, figure, dims", [
    (SADDLE, "17.8", {"length"}),
    (SADDLE, "1,986", {"height"}),
    ("The dam is 240 metres long and its crest stands 98 metres above the river bed.", "240", {"length"}),
    ("The shaft is 212 metres deep and 9 metres wide.", "212", {"depth"}),
    ("The shaft is 212 metres deep and 9 metres wide.", "9", {"width"}),
])
def test_a_figure_s_own_words_stop_at_the_next_figure_s_clause(text: str, figure: str, dims: set[str]) -> None:
    assert figure_dimensions(text, _at(text, figure), clause=True) == dims


@pytest.mark.parametrize("text", [
    SUMMIT,
    "The pass summit lies at 1,986 metres.",
    "The highest point of the trail is at 1,204 m.",
    "The summit of Mount Orvi, at 3,012 m, overlooks the valley.",
])
def test_a_figure_a_summit_is_at_is_a_height(text: str) -> None:
    assert "height" in size_dimensions(text)


@pytest.mark.parametrize("text", [
    "The summit is reached after 12 km of climbing.",
    "The top speed of the train is 120 km/h.",
    "The Varnello Pass road is 38.2 kilometres long.",
    "Traffic reached a peak of 4,100 vehicles a day.",
])
def test_no_summit_figure_is_no_height(text: str) -> None:
    assert "height" not in size_dimensions(text)


@pytest.mark.parametrize("text, figure, dimension, held", [
    (SADDLE, "17.8", "height", False),
    (SADDLE, "1,986", "height", True),
    (SADDLE, "17.8", "length", True),
    (SADDLE, "1,986", "length", False),
    (SUMMIT, "2,247", "length", False),
    (SUMMIT, "2,247", "height", True),
])
def test_figure_of_dimension_per_figure(text: str, figure: str, dimension: str, held: bool) -> None:
    assert figure_of_dimension(dimension, text, _at(text, figure)) is held


TITLES = ["The Little Varnello Pass", "Varnello Pass road", "Varnello Pass road", "Visiting the Varnello Pass"]


def _decide(question: str, texts: list[str]) -> Choice | None:
    return decide_choice(question, texts, TITLES[:len(texts)], list(range(len(texts))))


def test_higher_compares_the_summits_not_a_length_with_a_summit() -> None:
    choice = _decide("Which is higher, the Varnello Pass or the Little Varnello Pass?", [SADDLE, SUMMIT, LENGTH,
                                                                                         HIGHEST])
    assert choice is not None
    assert choice.options == ("Varnello Pass", "Little Varnello Pass")
    assert choice.values[1] == "1,986 metres"
    assert choice.values[0].startswith("2,247")


def test_longer_compares_the_lengths_not_a_summit_with_a_length() -> None:
    choice = _decide("Which is longer, the Varnello Pass road or the Little Varnello Pass road?",
                     [SADDLE, SUMMIT, LENGTH])
    assert choice is not None
    assert choice.options == ("Varnello Pass road", "Little Varnello Pass road")
    assert choice.values == ("38.2 kilometres", "17.8 kilometres")


def test_longer_is_not_decided_when_one_option_has_only_a_summit() -> None:
    # the Varnello road's only figure is its summit: no length of it, so no choice by length
    choice = _decide("Which is longer, the Varnello Pass road or the Little Varnello Pass road?", [SADDLE, SUMMIT])
    assert choice is None or not choice.values


def test_the_gate_does_not_count_a_length_as_a_height_in_the_decision_line() -> None:
    question = "Which is higher, the Varnello Pass or the Little Varnello Pass?"
    wrong = (f"Little Varnello Pass is higher: 17.8 kilometres [1]; Varnello Pass: 2,247 m [2]. {SADDLE} [1] "
             f"{HIGHEST} [2]")
    right = (f"Varnello Pass is higher: 2,247 m [1]; Little Varnello Pass: 1,986 metres [2]. {HIGHEST} [1] "
             f"{SADDLE} [2]")
    assert options_held(question, wrong) == 0
    assert options_held(question, right) == 1
    # nor when the lead's other sentences give each option a height: its decision compared a length with a height
    named = wrong.replace(HIGHEST, "The Varnello Pass road reaches its highest point at 2,247 m above sea level.")
    assert options_held(question, named) == 0


def test_the_gate_does_not_count_a_summit_as_a_length_in_the_decision_line() -> None:
    question = "Which is longer, the Varnello Pass road or the Little Varnello Pass road?"
    wrong = (f"Little Varnello Pass road is longer: 17.8 kilometres [1]; Varnello Pass road: 2,247 m [2]. "
             f"{SADDLE} [1] {SUMMIT} [2]")
    right = (f"Varnello Pass road is longer: 38.2 kilometres [1]; Little Varnello Pass road: 17.8 kilometres [2]. "
             f"{LENGTH} [1] {SADDLE} [2]")
    assert options_held(question, wrong) == 0
    assert options_held(question, right) == 1


@pytest.mark.parametrize("question", [
    "Which is bigger, the Orvi Dam or the Tessa Dam?",
    "Which is larger, the Orvi Dam or the Tessa Dam?",
])
def test_a_length_and_a_height_never_compare(question: str) -> None:
    # metres are a length or a height: "240 metres long" against "98 metres high" decides no size
    texts = ["The Orvi Dam is 240 metres long.", "The Tessa Dam is 98 metres high."]
    choice = decide_choice(question, texts, ["Orvi Dam", "Tessa Dam"], [0, 1])
    assert choice is None or choice.values != ("240 metres", "98 metres")


TOWNS = "Orvi lies at 920 m and Pessano at 1,080 m."


def test_a_place_lying_at_a_figure_is_at_a_height_even_beside_another_place() -> None:
    assert figure_dimensions(TOWNS, _at(TOWNS, "920"), clause=True) == {"height"}
    assert figure_of_dimension("length", TOWNS, _at(TOWNS, "920")) is False


def test_longer_prefers_figures_stated_as_lengths_to_a_best_ranked_figure_of_none() -> None:
    # the road's page ranks "gains 1,250 m" (no dimension said: a climb) above "38.2 kilometres long"
    texts = [SADDLE, "From Orvi the Varnello Pass road gains 1,250 m.",
             "The Varnello Pass road, a place of many hairpins, is well known to cyclists.", LENGTH]
    titles = ["The Little Varnello Pass", "Varnello Pass road", "Varnello Pass road", "Varnello Pass road"]
    choice = decide_choice("Which is longer, the Varnello Pass road or the Little Varnello Pass road?", texts,
                           titles, [0, 1, 2, 3])
    assert choice is not None
    assert choice.values == ("38.2 kilometres", "17.8 kilometres")


def test_a_figure_in_apposition_to_another_named_thing_is_not_the_option_s() -> None:
    # the road's history page: "the Varnello Base Tunnel, 9.6 kilometres long" is the tunnel's length, not the pass
    # road's; the road's own length is on another page
    texts = [SADDLE, "The Varnello Pass road crosses the main ridge of the Ostel Alps.",
             "Since 14 December 2024 the Varnello Base Tunnel, 9.6 kilometres long, has linked Orvi and Pessano "
             "beneath the pass, open all year round.",
             "The Varnello Pass road is a mountain road of 38.2 km between Orvi and Pessano."]
    titles = ["The Little Varnello Pass", "The Varnello Pass Road: a history", "The Varnello Pass Road: a history",
              "Visiting the Varnello Pass"]
    choice = decide_choice("Which is longer, the Varnello Pass road or the Little Varnello Pass road?", texts,
                           titles, [0, 1, 2, 3])
    assert choice is not None
    assert choice.options == ("Varnello Pass road", "Little Varnello Pass road")
    assert choice.values == ("38.2 km", "17.8 kilometres")


@pytest.mark.parametrize("text", [
    "Length: 38.2 km from Orvi to Pessano.",
    "The Varnello Pass road is a mountain road of 38.2 km between Orvi and Pessano.",
])
def test_a_figure_from_one_end_to_the_other_is_a_length(text: str) -> None:
    assert figure_dimensions(text, _at(text, "38.2"), clause=True) == {"length"}
    assert figure_of_dimension("length", text, _at(text, "38.2")) is True


def test_a_figure_from_a_place_is_still_a_distance() -> None:
    text = "The hut is 4 km from Orvi."
    assert figure_dimensions(text, _at(text, "4"), clause=True) == {"distance"}


def test_a_stated_length_beats_a_figure_of_places_the_road_s_page_ranks_first() -> None:
    # the road's page: "Orvi lies at 920 m and Pessano at 1,080 m" first (1,080 m states no dimension of its own),
    # "a mountain road of 38.2 km between Orvi and Pessano" later
    texts = [SADDLE, TOWNS, "The Varnello Pass road is a mountain road of 38.2 km between Orvi and Pessano."]
    titles = ["The Little Varnello Pass", "Varnello Pass road: ramp data", "Visiting the Varnello Pass"]
    choice = decide_choice("Which is longer, the Varnello Pass road or the Little Varnello Pass road?", texts,
                           titles, [0, 1, 2])
    assert choice is not None
    assert choice.options == ("Varnello Pass road", "Little Varnello Pass road")
    assert choice.values == ("38.2 km", "17.8 kilometres")
