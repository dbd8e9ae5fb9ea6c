"""One rule for a day written alone that opens a range of days of one month (review stop 40 finding 6): the answer
candidates (shared.text.answer) and the date reader of the synthesizer (services.synthesizer.offline._dates) both read
it through shared.text.answer.range_day_spans, and both take the auxiliaries from shared.text.verbs. Invented
sentences."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _dates
from shared.text.answer import answer_candidates, question_parts, range_day_spans


@pytest.mark.parametrize("sentence, day", [
    ("The Brisk Lantern Fair ran from 4 to 16 March 2023.", "4"),
    ("The Brisk Lantern Fair ran from 4th until 16th of March 2023.", "4th"),
    ("The Brisk Lantern Fair ran 4–16 March 2023.", "4"),
    ("The Brisk Lantern Fair ran between 4 and 16 March 2023.", "4"),
])
def test_a_range_day_is_one_date_for_both_readers(sentence: str, day: str) -> None:
    spans = range_day_spans(sentence)
    assert [sentence[s:e] for s, e, _end in spans] == [day]
    assert sentence[spans[0][2]:].startswith("16")
    assert [(sentence[s:e], iso) for s, e, _y, iso in _dates(sentence)][0] == (day, "2023-03-04")
    assert day not in answer_candidates(sentence, "how_many", "How many stalls did the Brisk Lantern Fair have?")


def test_two_days_joined_by_and_are_no_range() -> None:
    sentence = "The Brisk Lantern Fair opened on 4 and 16 March 2023."
    assert range_day_spans(sentence) == []
    assert [iso for _s, _e, _y, iso in _dates(sentence)] == ["2023-03-16"]


@pytest.mark.parametrize("question, parts", [
    ("How long is the Brisk Trail, and must dogs be leashed?", ("How long is the Brisk Trail?", "Must dogs be leashed?")),
    ("How long is the Brisk Trail, and does it have benches?",
     ("How long is the Brisk Trail?", "Does the Brisk Trail have benches?")),
])
def test_a_second_question_opens_with_any_finite_auxiliary(question: str, parts: tuple[str, ...]) -> None:
    assert question_parts(question) == parts
