"""A superlative of things located in a place ranks every such thing, its namesake too (review stop 43 F1,
CONFIDENT WRONG at medium): "What is the longest bridge in <Place>?" threw out "<Place> Bridge" (1,200 m) because its
name shares a word with the place, read as the owner of parts, and answered another bridge. "The longest <kind> in /
at / within <place>" ranks things in a place; only "the <sup> <part> of / on / along <thing>" asks a part of one
named thing. Invented town and bridges."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import _Owned, decide_extreme


def _extreme(question: str, *sentences: str) -> tuple[tuple[str, ...], tuple[str, ...], int] | None:
    texts = list(sentences)
    found = decide_extreme(question, texts, [""] * len(texts), list(range(len(texts))))
    return (found.names, found.values, found.compared) if found is not None else None


@pytest.mark.parametrize(("question", "sentences", "name"), [
    ("What is the longest bridge in Tarnby?",
     ("The Tarnby Bridge is 1,200 m long.", "The Vell Bridge in Tarnby is 400 m long.",
      "The Orla Bridge in Tarnby is 250 m long."), "Tarnby Bridge"),
    ("What is the tallest tower in Tarnby?",
     ("Tarnby Tower is 180 m tall.", "The Vell Tower in Tarnby is 95 m tall.",
      "The Orla Tower in Tarnby is 60 m tall."), "Tarnby Tower"),
    ("What is the largest lake in Tarnby?",
     ("Lake Tarnby covers 42 hectares.", "Vell Lake in Tarnby covers 12 hectares."), "Lake Tarnby"),
    ("What is the longest bridge at Tarnby?",
     ("The Tarnby Bridge is 1,200 m long.", "The Vell Bridge at Tarnby is 400 m long."), "Tarnby Bridge"),
])
def test_the_place_namesake_is_ranked_among_things_in_the_place(question: str, sentences: tuple[str, ...],
                                                                 name: str) -> None:
    found = _extreme(question, *sentences)
    assert found is not None and found[0] == (name,), found


def test_a_part_whose_head_is_the_part_noun_is_a_part_whatever_owner_word_it_carries() -> None:
    owned = _Owned("bridge", "Harrow Coast Path", "What is the longest bridge on the Harrow Coast Path?")
    assert owned.part("Harrow Pass Bridge")
    assert owned.part("Vell Bridge")
    assert not owned.part("The Harrow Coast Path")
    assert not owned.part("")
