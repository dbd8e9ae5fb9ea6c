"""Issue 9 (trial t52 fault F4, task f52e): "Which is longer, the Kestrelmoor Funicular or the Old Kestrelmoor
Incline?" was answered "Old Kestrelmoor Incline is longer: forty years [1]; Kestrelmoor Funicular: two years [2]" at
0.99 high, from "which it predates by more than forty years" and "Construction ... took just over two years". "Longer"
of two things asks a length unless the question speaks of a time (lasting, taking, a reign, a film): a duration never
decides it, an option without a length leaves it undecided, and the confidence gate does not count a sentence naming
the other option as this one's, whatever page it is on. Invented names (the Varrow lines)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import options_held
from services.synthesizer.verdicts import compared_kinds, decide_choice

LINE, OLD = "Varrow Cliff Railway", "Old Varrow Incline"
QUESTION = f"Which is longer, the {LINE} or the {OLD}?"
TEXTS = [
    "Construction of the Varrow Cliff Railway began in April 1905 and took just over two years.",
    "The Old Varrow Incline was 540 metres long and had a single track.",
    "The Old Varrow Incline's embankment lies east of the railway, which it predates by more than forty years.",
]
TITLES = [LINE, OLD, OLD]


def test_durations_never_decide_which_structure_is_longer() -> None:
    assert decide_choice(QUESTION, TEXTS, TITLES, [0, 1, 2]) is None


def test_lengths_decide_it_when_both_have_one() -> None:
    texts = [*TEXTS, "The Varrow Cliff Railway: length 1,140 m, height difference 312 m."]
    choice = decide_choice(QUESTION, texts, [*TITLES, LINE], [0, 1, 2, 3])
    assert choice is not None
    assert choice.options == (LINE, OLD)
    assert choice.values == ("1,140 m", "540 metres")


def test_a_time_question_compares_durations() -> None:
    texts = ["The Harl War lasted two years.", "The Morrow War lasted seven years."]
    choice = decide_choice("Which lasted longer, the Harl War or the Morrow War?", texts, ["Harl War", "Morrow War"],
                           [0, 1])
    assert choice is not None
    assert choice.values == ("seven years", "two years")


@pytest.mark.parametrize("question, kinds", [
    (QUESTION, ("length",)),
    ("Which river is longer, the Harl or the Morrow?", ("length",)),
    ("Which war lasted longer, A or B?", ("time",)),
    ("Which film is longer, A or B?", ("time",)),
    ("Whose reign was longer, A's or B's?", ("time",)),
    ("Which is heavier, A or B?", ("mass",)),
])
def test_compared_kinds(question: str, kinds: tuple[str, ...]) -> None:
    assert compared_kinds(question) == kinds


def test_a_sentence_naming_the_other_option_does_not_hold_this_one_by_its_page() -> None:
    lead = ("The Old Varrow Incline is a different and older line, 540 m long [1]. The Old Varrow Incline's embankment "
            "lies 800 m east of the railway [2].")
    assert options_held(QUESTION, lead, {1: LINE, 2: OLD}) == 0.0
    held = lead + " The line is 1,140 m long [3]."
    assert options_held(QUESTION, held, {1: LINE, 2: OLD, 3: LINE}) == 1.0
