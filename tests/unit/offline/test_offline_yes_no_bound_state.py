"""A yes/no question asking whether a state holds on or in a qualifier ("Is the museum open on Mondays?") is read
in the qualifier's clause (issue 9, trial t36 fault 2): "open Tuesday to Sunday ... and is closed on Mondays" is a
"No" though it says "open", a day outside a stated range counts against, an exemption ("except", "but not") or a
denial reverses the state, and a claim whose qualifier belongs to another verb gives no yes or no. "Can I visit X on
a Monday?" asks whether X is open then. Invented sentences only."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no
from shared.text.synonyms import said_plainly

TITLE = "Orrin Glass Museum"


def _answer(question: str, claim: str) -> bool | None:
    return decide_yes_no(question, [claim], [TITLE], [0], [False]).answer


@pytest.mark.parametrize(("question", "claim", "expected"), [
    # the state bound to the asked day, not the word the question repeats
    ("Is the Orrin Glass Museum open on Mondays?",
     "The Orrin Glass Museum is open Tuesday to Sunday from 09:30 to 18:00 and is closed on Mondays.", False),
    ("Is the Orrin Glass Museum closed on Mondays?",
     "The Orrin Glass Museum is open Tuesday to Sunday from 09:30 to 18:00 and is closed on Mondays.", True),
    ("Is the Orrin Glass Museum open on Thursdays?",
     "The Orrin Glass Museum is open Tuesday to Sunday from 09:30 to 18:00 and is closed on Mondays.", True),
    ("Is the Orrin Glass Museum closed on Sundays?",
     "The Orrin Glass Museum is open Tuesday to Sunday from 09:30 to 18:00 and is closed on Mondays.", False),
    # a day outside a stated range counts against; inside it, for
    ("Is the Orrin Glass Museum open on Mondays?", "The Orrin Glass Museum is open Tue-Sun.", False),
    ("Is the Orrin Glass Museum open on Saturdays?", "The Orrin Glass Museum opens Wednesday to Saturday.", True),
    ("Is the Orrin Glass Museum open in January?",
     "The Orrin Glass Museum is open from April to October.", False),
    ("Is the Orrin Glass Museum open in December?",
     "The Orrin Glass Museum is closed from November to February for restoration.", False),
    ("Is the Orrin Glass Museum open on Sundays?", "The Orrin Glass Museum is open on weekdays only.", False),
    # the qualifier before its state, an exemption, a denial
    ("Is the Orrin Glass Museum open on Mondays?", "On Mondays the Orrin Glass Museum is closed to the public.", False),
    ("Is the Orrin Glass Museum open on Mondays?", "The Orrin Glass Museum is open daily except Mondays.", False),
    ("Is the Orrin Glass Museum open on Mondays?", "The Orrin Glass Museum is open daily, but not on Mondays.", False),
    ("Is the Orrin Glass Museum open on Wednesdays?", "The Orrin Glass Museum is open daily except Mondays.", True),
    ("Is the Orrin Glass Museum open on Mondays?", "The Orrin Glass Museum is not open on Mondays.", False),
    # other pairs of states
    ("Is the Orrin Glass Museum free on Sundays?",
     "Entry to the Orrin Glass Museum is charged on weekdays and free on Sundays.", True),
    ("Is the Orrin Glass Museum free on Tuesdays?",
     "Entry to the Orrin Glass Museum is charged on weekdays and free on Sundays.", False),
    ("Is the Orrin Glass Museum accessible in winter?",
     "In winter the Orrin Glass Museum is inaccessible because the pass road is closed.", False),
    # "Can I visit ... on a Monday?" asks whether it is open then
    ("Can I visit the Orrin Glass Museum on a Monday?",
     "The Orrin Glass Museum is open Tuesday to Sunday and is closed on Mondays.", False),
    ("Can we visit the Orrin Glass Museum on a Friday?",
     "The Orrin Glass Museum is open Tuesday to Sunday and is closed on Mondays.", True),
])
def test_the_state_bound_to_the_asked_qualifier_decides(question: str, claim: str, expected: bool) -> None:
    assert _answer(question, claim) is expected


def test_a_qualifier_of_another_verb_gives_no_yes_or_no() -> None:
    # "Mondays" is the tours' day, not a day the museum is said to be open: no "Yes" from "open"
    claim = "The Orrin Glass Museum is open from 10:00 to 17:00 and guided tours are held on Mondays."
    assert _answer("Is the Orrin Glass Museum open on Mondays?", claim) is None


def test_visit_is_read_as_open_only_with_a_time_asked() -> None:
    assert "open" in said_plainly("Can I visit the Orrin Glass Museum on a Monday?")
    assert said_plainly("Can I visit the Orrin Glass Museum?") == "Can I visit the Orrin Glass Museum?"
    assert "visit" in said_plainly("Did the queen visit the Orrin Glass Museum on a Monday?")
