"""A question asking its figure in a unit the sources do not use ("How many miles long is the <trail>?" over pages
giving kilometres only) is answered with the stated figure and its conversion beside it ("318 km (about 198 miles)"),
by the unit registry (task h130, trial t67w q13; the names here are invented): ``shared.text.quantity.asked_unit``,
``shared.text.quantity.with_asked_unit`` and the offline synthesizer's lead."""

from __future__ import annotations

import pytest

from shared.text.quantity import asked_unit, with_asked_unit
from tests.claim_pages import listed_lead

TRAIL = "Vellmoor Path"


@pytest.mark.parametrize(("question", "unit"), [
    (f"How many miles long is the {TRAIL}?", "miles"),
    ("How many feet high is the Orrin Beacon?", "feet"),
    ("What is the height in metres of the Orrin Beacon?", "metres"),
    ("How many kilograms does the Orrin bell weigh?", "kilograms"),
    (f"How long is the {TRAIL}?", None),
    ("How many stages does the trail have?", None),
    ("How many euros does a ticket cost?", None),
])
def test_asked_unit(question: str, unit: str | None) -> None:
    assert asked_unit(question) == unit


def test_with_asked_unit_converts_figures_of_the_same_dimension() -> None:
    q = f"How many miles long is the {TRAIL}?"
    assert with_asked_unit(q, f"The {TRAIL} is 318 km long [1].") == \
        f"The {TRAIL} is 318 km (about 198 miles) long [1]."
    assert with_asked_unit(q, "The sources disagree: 312 km [1]; 340 kilometres [2].") == \
        "The sources disagree: 312 km (about 194 miles) [1]; 340 kilometres (about 211 miles) [2]."
    assert with_asked_unit("How many feet high is the Orrin Beacon?", "The beacon is 21.4 metres tall.") == \
        "The beacon is 21.4 metres (about 70 feet) tall."
    assert with_asked_unit("How many kilograms does the Orrin bell weigh?", "The bell weighs 1,200 lb.") == \
        "The bell weighs 1,200 lb (about 544 kilograms)."
    assert with_asked_unit("How many miles long is the canal?", "The canal is 3.2 km long.") == \
        "The canal is 3.2 km (about 2.0 miles) long."


@pytest.mark.parametrize(("question", "text"), [
    (f"How many miles long is the {TRAIL}?", f"The {TRAIL} is 198 miles (318 km) long."),  # the asked unit is given
    (f"How many miles long is the {TRAIL}?", f"The {TRAIL} has 14 stages and opened in 2009."),  # no length
    (f"How many miles long is the {TRAIL}?", "The highest point is reached after 3 hours."),  # another dimension
    (f"How long is the {TRAIL}?", f"The {TRAIL} is 318 km long."),  # no unit asked
])
def test_with_asked_unit_leaves_other_texts(question: str, text: str) -> None:
    assert with_asked_unit(question, text) == text


def test_the_lead_gives_the_asked_unit_beside_the_stated_one() -> None:
    pages = {"spec": (f"{TRAIL}: route facts", [f"The {TRAIL} is 318 km long and has 14 stages.",
                                                  f"The {TRAIL} was opened in 2009."])}
    lead = listed_lead(f"How many miles long is the {TRAIL}?", pages)
    assert "318 km (about 198 miles)" in lead, lead
    # asked in the unit the page uses: nothing added
    assert "about" not in listed_lead(f"How many kilometres long is the {TRAIL}?", pages)
