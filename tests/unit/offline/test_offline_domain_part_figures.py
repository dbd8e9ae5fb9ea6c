"""Domain detection of a figure asked of a named product's part (issue 15, trial t35 s4): "How big is the battery
on the <model> really?" is a buyer's spec question, as "How heavy is the <model>?" already was; a model named by a
brand, a line name and one capital letter ("<Brand> <Line> S") is a model too. Things that are no product model
(a building, a person, a telescope, a bare number after a name) stay general. Invented products."""

from __future__ import annotations

import pytest

from services.planner.offline import _asks_model_spec, _classify_domain


@pytest.mark.parametrize(
    "question",
    [
        "How big is the battery on the Corvane Pulse S really? I've seen different numbers",
        "How big is the Corvane Pulse S?",
        "What is the battery capacity of the Corvane Pulse S?",
        "How long does the battery of the Tessla Brook Mini last?",
        "How loud is the fan on the Quarrow T4?",
        "What's the screen size of the Nimbra Tab 11 Pro?",
        "How big is the water tank in the Dorvik Steam X2?",
        "How powerful is the motor in the Halden Sweep Z?",
    ],
)
def test_a_figure_of_a_named_models_part_is_a_shopping_question(question: str) -> None:
    assert _asks_model_spec(question)
    assert _classify_domain(question) == "shopping"


@pytest.mark.parametrize(
    "question",
    [
        "How heavy is the Eiffel Tower?",
        "How big is the moon on the horizon really?",
        "How big is the army of the Roman Empire?",
        "How tall is Malcolm X?",  # one name word before the letter: a person
        "How big is the battery on the Hubble Space Telescope?",  # no model designation
        "How big is the engine of the Boeing 747?",  # a bare number is no designation
        "How big is the screen at the Odeon Leicester Square?",
        "How long does the battery of a phone last?",
        "What is the population of the United States?",
        "How big is the fan base of the Green Bay Packers?",
    ],
)
def test_a_figure_of_no_product_model_stays_general(question: str) -> None:
    assert not _asks_model_spec(question)
    assert _classify_domain(question) == "general"
