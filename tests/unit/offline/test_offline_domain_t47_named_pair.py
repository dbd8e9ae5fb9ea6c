"""Domain detection of a comparison of two named products that leaves out the product kind (issue 15, trial g47
fault A): "Between the Pennick Aerodry 16 and the Halvoric DryMate 20, which one pulls more moisture ..." names
two products by brand and model number and asks which ranks above the other by a measure, so it is a buyer's
comparison; a comparison of names without a model number, or of an order in time, stays general."""

from __future__ import annotations

import pytest

from services.planner.offline import _classify_domain, plan


@pytest.mark.parametrize(
    "question",
    [
        "Between the Pennick Aerodry 16 and the Halvoric DryMate 20, which one pulls more moisture out of the air "
        "in 24 hours?",
        "Which lasts longer on a charge, the Pace 5 or the Forerunner 265?",
        "Which one is quieter, the Brewlite T2 or the Kestrel X2?",
        "Between the Orvane Lumen X3 and the Tallis Beam 800, which is brighter?",
        "Which gets better range, the Corvel Glide 7 vs. the Ridgeway Volt 9?",
    ],
)
def test_a_which_comparison_of_two_model_numbered_names_is_a_shopping_question(question: str) -> None:
    assert _classify_domain(question) == "shopping"
    assert plan(question).domain == "shopping"


@pytest.mark.parametrize(
    "question",
    [
        "Which is longer, the Rhine or the Danube?",
        "Who was older, Henry VIII or Francis I?",
        "Which is taller, the Eiffel Tower or Tokyo Tower?",
        # an order of release in time is a history fact, not a measure a buyer ranks products by
        "Which came first, Windows 95 or Mac OS 8?",
        # a past fact of two numbered names stays a history question
        "Which was faster, Apollo 11 or Apollo 13?",
        # two model-numbered names with no measure compared
        "Between the Pennick Aerodry 16 and the Halvoric DryMate 20, which one did Harlow & Reade make?",
    ],
)
def test_a_comparison_without_model_numbers_or_a_measure_stays_general(question: str) -> None:
    assert _classify_domain(question) == "general"
