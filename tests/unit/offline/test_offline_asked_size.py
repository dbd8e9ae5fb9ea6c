""""How big / large / small is X?" asks a size, a dimension, never a count (issue 9, trial t36 fault 4): "How big is
the Kessler Mill's waterwheel?" was led by "five apprentices". An attribute named after the adjective says which
size ("How big is the population of Halvik?" asks a count). Invented questions, several phrasings."""

from __future__ import annotations

import pytest

from shared.text.quantity import asked_quantity


@pytest.mark.parametrize("question", [
    "How big is the Orvel Bridge's central arch?",
    "How large is the Tamsin reservoir?",
    "how big was the Brekka dam",
    "How small is the Lintel chapel?",
])
def test_how_big_asks_a_size_never_a_count(question: str) -> None:
    kinds = asked_quantity(question)
    assert kinds and "count" not in kinds and "length" in kinds


@pytest.mark.parametrize("question, kinds", [
    ("How big is the population of Halvik?", ("count",)),
    ("How large was the budget of the Oskar film?", ("money",)),
])
def test_how_big_with_a_named_attribute_asks_that_attribute(question: str, kinds: tuple[str, ...]) -> None:
    assert asked_quantity(question) == kinds
