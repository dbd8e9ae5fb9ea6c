"""A service that runs or operates is the opposite state of one that is closed, shut or suspended: "Does the line
run in winter?" is answered "No" by "The line is closed in winter" as "Is it closed in winter?" is answered "Yes"
(issue 9, trial t44 fault 3, ``services.synthesizer.verdicts.OPPOSITES``). Invented sentences only."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no
from tests.claim_pages import listed_lead

TRAM = "Orla Valley Tramway"


@pytest.mark.parametrize(("question", "claim", "expected"), [
    ("Does the Orla Valley Tramway run in winter?",
     "The Orla Valley Tramway is closed in winter because snow blocks the upper section.", False),
    ("Does the Orla Valley Tramway operate on Sundays?", "The Orla Valley Tramway is shut on Sundays.", False),
    ("Is the Orla Valley Tramway closed in winter?",
     "The Orla Valley Tramway is closed in winter because snow blocks the upper section.", True),
    # the other season is not the closed one
    ("Does the Orla Valley Tramway run in summer?",
     "The Orla Valley Tramway is closed in winter because snow blocks the upper section.", True),
    ("Does the Orla Valley Tramway run in winter?", "The Orla Valley Tramway runs in winter on weekdays.", True),
])
def test_running_and_being_closed_are_opposite_states(question: str, claim: str, expected: bool) -> None:
    decided = decide_yes_no(question, [claim], [TRAM], [0], [False])
    assert decided is not None and decided.answer is expected


def test_a_claim_about_another_thing_being_closed_decides_nothing() -> None:
    claim = "The old Brisk road was closed to traffic in 1990."
    decided = decide_yes_no("Does the Orla Valley Tramway run to Brisk?", [claim], ["Brisk"], [0], [False])
    assert decided is not None and decided.answer is None


def test_the_lead_says_no_with_the_closed_sentence() -> None:
    lead = listed_lead("Does the Orla Valley Tramway run in winter?", {"s1": (TRAM, [
        "The Orla Valley Tramway links Orla with the Kessa pass.",
        "The Orla Valley Tramway is closed in winter because snow blocks the upper section."])})
    assert lead.lstrip().startswith("No")
    assert "closed in winter" in lead
