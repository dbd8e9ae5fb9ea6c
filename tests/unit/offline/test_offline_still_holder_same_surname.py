"""A yes/no question whether a named person still holds an office is answered "No" only for the person who left:
a successor sharing the surname of the one followed ("Brenna Quill succeeded Cato Quill as chair") is not the
one who left, so "Is Brenna Quill still chair?" gets no "No" (review of stop 44, F5: the ended holder was matched
by surname only) (``services.synthesizer.verdicts``)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no

SOCIETY = "the Wexcombe Choral Society"


def _decide(question: str, texts: list[str]):  # type: ignore[no-untyped-def]
    return decide_yes_no(question, texts, ["Wexcombe Choral Society news"] * len(texts), list(range(len(texts))),
                         [True] * len(texts))


@pytest.mark.parametrize("text", [
    f"Brenna Quill succeeded Cato Quill as chair of {SOCIETY} in 2019.",
    f"Brenna Quill succeeded her father Cato Quill as chair of {SOCIETY} in 2019.",
    f"Brenna Quill took over from Cato Quill as chair of {SOCIETY} in 2019.",
])
def test_the_successor_with_the_same_surname_has_not_left(text: str) -> None:
    decided = _decide(f"Is Brenna Quill still chair of {SOCIETY}?", [text])
    assert decided is None or decided.answer is not False, decided


@pytest.mark.parametrize(("question", "text"), [
    (f"Is Cato Quill still chair of {SOCIETY}?", f"Brenna Quill succeeded Cato Quill as chair of {SOCIETY} in 2019."),
    # a surname alone still names the one who left
    (f"Is Quill still chair of {SOCIETY}?", f"Dara Penrose succeeded Cato Quill as chair of {SOCIETY} in 2019."),
])
def test_the_one_followed_has_left(question: str, text: str) -> None:
    decided = _decide(question, [text])
    assert decided is not None and decided.answer is False and decided.cited == (0,), decided


def test_a_surname_shared_by_successor_and_followed_decides_no_no() -> None:
    decided = _decide(f"Is Quill still chair of {SOCIETY}?",
                      [f"Brenna Quill succeeded Cato Quill as chair of {SOCIETY} in 2019."])
    assert decided is None or decided.answer is not False, decided
