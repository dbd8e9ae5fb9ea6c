""""How large / big is <a place>?" asks its size, never the altitude it lies at (task h158, trial t77 Q13): a
register's "altitude 1740 m" led "How large is <estate>?" at high beside its "area 412 ha". An elevation is where a
thing lies, no dimension of it; the size of a bell or a tower (a length, a weight) still answers. Invented names."""

from __future__ import annotations

import pytest

from shared.text.answer import answer_candidates, answer_type
from shared.text.quantity import asks_size
from shared.text.sizes import states_elevation


@pytest.mark.parametrize("sentence", [
    "The Quenmoor Orchard: altitude 1620 m.",
    "The Quenmoor Orchard lies at an elevation of 1,620 metres.",
    "Our guide said Quenmoor sits at about 1,900 metres, which felt right.",
    "The Quenmoor Orchard is 1,620 m above sea level.",
])
@pytest.mark.parametrize("question", ["How large is the Quenmoor Orchard?", "How big is the Quenmoor Orchard?"])
def test_an_elevation_answers_no_how_large(question: str, sentence: str) -> None:
    assert answer_candidates(sentence, answer_type(question), question) == []


@pytest.mark.parametrize("sentence, figure", [
    ("The Quenmoor Orchard: area 305 ha.", "305"),
    ("Today the Quenmoor Orchard covers 305 hectares of terraces.", "305"),
    ("The Quenmoor Orchard covers 305 ha and sits at 1,620 m.", "305"),
])
def test_the_area_answers_how_large(sentence: str, figure: str) -> None:
    question = "How large is the Quenmoor Orchard?"
    assert answer_candidates(sentence, answer_type(question), question) == [figure]


@pytest.mark.parametrize("question, sentence, figure", [
    ("How big is the Tolvane bell?", "The Tolvane bell is 2.4 metres across and weighs 6 tonnes.", "2.4"),
    ("How big is the Dresk tower?", "The Dresk tower rises 48 metres above the square.", "48"),
    ("How high is the Quenmoor Orchard?", "The Quenmoor Orchard: altitude 1620 m.", "1620"),
    ("What is the altitude of the Quenmoor Orchard?", "The Quenmoor Orchard lies at an elevation of 1,620 metres.",
     "1,620"),
])
def test_sizes_and_asked_elevations_still_answer(question: str, sentence: str, figure: str) -> None:
    assert figure in answer_candidates(sentence, answer_type(question), question)


def test_asks_size_only_by_an_adjective_of_size_without_an_attribute() -> None:
    assert asks_size("How large is the Quenmoor Orchard?")
    assert asks_size("how small was the Tolvane bell")
    assert not asks_size("How big is the population of Halvik?")
    assert not asks_size("How high is the Quenmoor Orchard?")
    assert not asks_size("How many hectares does the Quenmoor Orchard cover?")


@pytest.mark.parametrize("sentence, expected", [
    ("The Quenmoor Orchard: altitude 1620 m.", True),
    ("The Quenmoor Orchard covers 305 ha and sits at 1,620 m.", False),
    ("The Dresk tower is 48 metres high.", False),
])
def test_states_elevation_reads_the_first_figure(sentence: str, expected: bool) -> None:
    start = next(i for i, c in enumerate(sentence) if c.isdigit())
    assert states_elevation(sentence, start) is expected
