"""Issue 9, trial t51 F4: an amount of money written in words with its cents ("nine euros fifty") is an amount."""

from __future__ import annotations

from shared.text.numbers import numerize
from shared.text.quantity import stated_kinds


def test_amount_with_cents_in_words_is_read_whole() -> None:
    assert numerize("Grown-ups pay nine euros fifty.") == ("Grown-ups pay €9.50.", {15: "nine euros fifty"})
    assert numerize("A pass costs two dollars and twenty-five cents.")[0] == "A pass costs $2.25."
    assert stated_kinds(numerize("Grown-ups pay nine euros fifty.")[0]) == frozenset({"money"})


def test_number_after_a_currency_counting_a_noun_is_no_cents() -> None:
    assert numerize("It cost nine euros fifty years ago.")[0] == "It cost 9 euros 50 years ago."
    assert numerize("Children pay four euros.")[0] == "Children pay 4 euros."
