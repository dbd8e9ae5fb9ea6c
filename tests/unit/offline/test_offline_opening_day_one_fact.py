"""A lead that says what holds on the day an opening question asks about is a one-fact answer (issue 9, stop 34
leftover: "Is X open on Mondays?" answered "No: ... Closed on Mondays" scored 0.49 low while "Can I visit X on a
Monday?" with the same lead scored 0.87): :func:`services.synthesizer.verdicts.states_predicate` reads the lead's
hours for the day asked, its "No:" / "Yes:" opening being no denial of its own. Invented pages only."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import chain_features
from services.synthesizer.verdicts import states_predicate
from shared.text.tokens import tokenize

NO_LEAD = "No: Yarrowby Bell Foundry: opening hours Closed on Mondays, except Easter Monday and Whit Monday [1]."
YES_LEAD = "Yes: Yarrowby Bell Foundry: opening hours Tuesday to Sunday, 10:00 to 18:00 [1]."


@pytest.mark.parametrize(("question", "lead", "states"), [
    ("Is the Yarrowby Bell Foundry open on Mondays?", NO_LEAD, True),
    ("Is the Yarrowby Bell Foundry closed on Mondays?", NO_LEAD, True),
    ("Can I visit the Yarrowby Bell Foundry on a Monday?", NO_LEAD, True),
    ("Is the Yarrowby Bell Foundry open on Sundays?", YES_LEAD, True),
    ("Is the Yarrowby Bell Foundry open on Sundays?", NO_LEAD, False),  # says nothing of Sundays
    ("Is the Yarrowby Bell Foundry open to cars?", NO_LEAD, False),  # asks no day
    ("Is the Yarrowby Bell Foundry open on Mondays?", "No: Yarrowby Bell Foundry welcomed more guests [1].", False),
])
def test_the_hours_of_the_day_asked_state_the_predicate(question: str, lead: str, states: bool) -> None:
    assert states_predicate(question, lead, set(tokenize(lead))) is states


def test_such_a_lead_is_a_one_fact_answer() -> None:
    features = chain_features("Is the Yarrowby Bell Foundry open on Mondays?", NO_LEAD, {}, {})
    assert features["one_fact"] == 1.0
    other = chain_features("Is the Yarrowby Bell Foundry open on Sundays?", NO_LEAD, {}, {})
    assert other["one_fact"] == 0.0
