"""Issue 9 (trial t52 fault F5, task f52e): "Is the Kestrelmoor Funicular older than the Old Kestrelmoor Incline?" was
answered "Yes" from the funicular page's "The Old Kestrelmoor Incline is a different and older line: ... built in
1868", a sentence saying the incline is the older. A comparative yes/no reads which of the two a claim says the
comparative of: "yes" only when the other is named after the word; the dates (1912 against 1868) decide it when both
have one, else the claim saying the word of the other answers "no". Invented names (the Varrow lines)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no

LINE = "Varrow Cliff Railway"
OLD = "Old Varrow Incline"
SIDE = ("The Old Varrow Incline is a different and older line: a freight incline built in 1871 for the quarries, "
        "540 m long, and closed in 1929.")
OPENED = "The Varrow Cliff Railway opened to passengers on 3 May 1908."
BUILT = "The Old Varrow Incline was built in 1871 by the quarry company."


def _decide(question: str, texts: list[str], titles: list[str]) -> tuple[bool | None, tuple[int, ...]]:
    decided = decide_yes_no(question, texts, titles, list(range(len(texts))), [False] * len(texts))
    assert decided is not None
    return decided.answer, decided.cited


def test_the_other_said_older_with_both_dates_says_no_by_the_dates() -> None:
    answer, cited = _decide(f"Is the {LINE} older than the {OLD}?", [SIDE, OPENED, BUILT], [LINE, LINE, OLD])
    assert answer is False
    assert cited == (1, 2)


def test_the_other_said_older_alone_says_no() -> None:
    assert _decide(f"Is the {LINE} older than the {OLD}?", [SIDE, "The railway has two cars."], [LINE, LINE])[0] \
        is False


def test_the_reverse_question_says_yes() -> None:
    assert _decide(f"Is the {OLD} older than the {LINE}?", [SIDE, OPENED, BUILT], [LINE, LINE, OLD])[0] is True


def test_the_subject_said_older_than_the_other_says_yes() -> None:
    text = "The Varrow Cliff Railway is older than the Old Varrow Incline, though it looks newer."
    assert _decide(f"Is the {LINE} older than the {OLD}?", [text], [LINE])[0] is True


@pytest.mark.parametrize("text", [
    "The Old Varrow Incline is older than the harbour church.",  # compared with a third thing
    "The Old Varrow Incline carried slate.",  # no comparative
])
def test_no_verdict_from_another_comparison(text: str) -> None:
    assert _decide(f"Is the {LINE} older than the {OLD}?", [text], [LINE])[0] is None
