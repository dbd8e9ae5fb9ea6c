""""What happened at X?" asks what happened, not a thing named "the happened" (issue 9, trial t39 fault 11: "Not
established: the happened asked for."): shared.text.answer.asked_for. Invented questions."""

from __future__ import annotations

import pytest

from shared.text.answer import asked_for


@pytest.mark.parametrize("question, phrase", [
    ("What happened at the Orvel quarry?", "what happened at the Orvel quarry"),
    ("What caused the fire in the Brask mill?", "what caused the fire in the Brask mill"),
    ("What happened?", "what happened"),
])
def test_a_verb_after_what_is_no_head_noun(question: str, phrase: str) -> None:
    assert asked_for(question) == phrase


@pytest.mark.parametrize("question, phrase", [
    ("What breed of dog is Rex?", "the breed asked for"),
    ("What is the depth of the Orvel quarry?", "the depth asked for"),
])
def test_a_noun_in_ed_stays_the_head(question: str, phrase: str) -> None:
    assert asked_for(question) == phrase
