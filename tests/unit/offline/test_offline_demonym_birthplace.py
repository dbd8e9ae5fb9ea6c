"""A nationality word with "-born" is no birthplace (issue 9, trial t39 fault 3): "Where was Henrika Vall born?"
was led, at high confidence, by "... was a Swedish-born field geologist" (answer_candidates gave
"Swedish-born"); the sentence naming the town must answer it (shared.text.answer.answer_candidates). Invented
sentences."""

from __future__ import annotations

import pytest

from shared.text.answer import answer_candidates


@pytest.mark.parametrize("sentence", [
    "Tomas Orvel was a Danish-born shipwright.",
    "The Italian-born chemist Ada Rinn taught in Lintel.",
    "Mira Kask, a Finnish-born painter, lived there.",
])
def test_a_nationality_born_is_no_place(sentence: str) -> None:
    assert not [c for c in answer_candidates(sentence, "where", "Where was the person born?") if "born" in c]


def test_the_town_named_is_the_place() -> None:
    sentence = "Tomas Orvel was born in 1851 in the fishing village of Hesk, on the north coast."
    assert answer_candidates(sentence, "where", "Where was Tomas Orvel born?") == ["Hesk"]


def test_a_town_born_is_still_a_place() -> None:
    assert answer_candidates("Tomas Orvel was a Hesk-born shipwright.", "where", "Where was Tomas Orvel born?") \
        == ["Hesk-born"]
