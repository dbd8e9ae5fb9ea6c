"""The one reader of a name's trailing generation or model mark (shared.text.terms.generation_mark), used by the
synthesizer's look-alikes ("Varrow Cliff Railway II" is another line: services.synthesizer.verdicts.opens_look_alike)
and the shopping domain's models of one line ("Brevona Duo 2" is not the "Brevona Duo":
services.domain_shopping.offline.look_alike / written_at). Invented names."""

from __future__ import annotations

import pytest

from services.domain_shopping.offline import look_alike, written_at
from services.synthesizer.verdicts import opens_look_alike
from shared.text.terms import generation_mark


@pytest.mark.parametrize("word, expected", [
    ("ii", True), ("iv", True), ("ix", True), ("x", True), ("xiv", True), ("v", True), ("2", True), ("2031", True),
    ("i", False),  # the pronoun more often than a first generation
    ("vv", False), ("iix", False),  # letters of numerals, no numeral
    ("xl", True), ("pro", True),  # variant marks (shared.text.terms.VARIANT_MARKS): "Brevona Duo XL" is another model
    ("railway", False), ("", False),
])
def test_generation_mark(word: str, expected: bool) -> None:
    assert generation_mark(word) is expected


def test_a_domains_marks_and_digits() -> None:
    assert generation_mark("pro", frozenset({"pro"}))
    assert not generation_mark("pro", frozenset())
    assert generation_mark("12", max_digits=2)
    assert not generation_mark("2031", max_digits=2)  # a year or a figure, no generation


def test_both_readers_take_a_numeral_after_the_name() -> None:
    assert opens_look_alike("Varrow Cliff Railway", "Varrow Cliff Railway IV opened in 2031.")
    assert not opens_look_alike("Varrow Cliff Railway", "Varrow Cliff Railway opened in 1908.")
    assert look_alike("Tessen Kettle", "Tessen Kettle IV")
    assert look_alike("Tessen Kettle", "Tessen Kettle 3")
    assert not look_alike("Tessen Kettle", "Tessen Kettle 2031")
    assert written_at("the tessen kettle iv boils fast", "Tessen Kettle") == []
    assert written_at("the tessen kettle 12 v model boils fast", "Tessen Kettle") == [4]  # a figure after it
    assert written_at("the tessen kettle 12.5 cm wide", "Tessen Kettle") == [4]  # a decimal, no generation
