"""A question asking how much something weighs asks a figure of mass, in English, German, French or Spanish (issue 9,
trial t39 fault 10, q7 "Wie viel wiegt das Hauptstück ...?"): ``answer_type`` read "how much" / "wie viel" /
"combien" as a count ("how_many") and ``asked_quantity`` read no kind for the other languages, so the judge called
a right weight "the how_many answer". Now ``measure`` and ("mass",), and a weight written in German, French or
Spanish units ("Kilogramm", "kilogrammes", "toneladas") is a mass (``stated_kinds``)."""

from __future__ import annotations

import pytest

from shared.text.answer import answer_type
from shared.text.quantity import asked_quantity, asks_weight, stated_kinds


@pytest.mark.parametrize("question", [
    "How much does the great bell of Orlen weigh?",
    "How much did the largest cheese at the Varn fair weigh?",
    "Wie viel wiegt die große Glocke von Orlen?",
    "Wie schwer ist die große Glocke von Orlen?",
    "Combien pèse la grande cloche d'Orlen ?",
    "¿Cuánto pesa la campana mayor de Orlen?",
])
def test_a_weight_question_asks_a_mass(question: str) -> None:
    assert asks_weight(question)
    assert answer_type(question) == "measure"
    assert asked_quantity(question) == ("mass",)


@pytest.mark.parametrize(("question", "kind", "quantity"), [
    ("How much does a ticket to the Orlen bell tower cost?", "how_many", ("money",)),
    ("Wie viele Glocken hat der Turm von Orlen?", "how_many", ()),
    ("Combien d'habitants compte Orlen ?", "how_many", ()),
])
def test_other_amounts_stay_counts_or_money(question: str, kind: str, quantity: tuple[str, ...]) -> None:
    assert not asks_weight(question)
    assert answer_type(question) == kind
    assert asked_quantity(question) == quantity


@pytest.mark.parametrize("sentence", [
    "Die große Glocke wiegt 2.300 Kilogramm.",
    "La grande cloche pèse 2300 kilogrammes.",
    "La campana mayor pesa 12 toneladas.",
])
def test_a_weight_in_another_language_is_a_mass(sentence: str) -> None:
    assert stated_kinds(sentence) == frozenset({"mass"})
