"""What attribute of which thing a question asks, as a sentence saying the sources disagree on it names it (issue 9,
g44 fault G): "The sources disagree on the elevation of Kestrel Summit station: 2,041 m [1]; 2,063 m [2]."."""

from __future__ import annotations

import pytest

from shared.text.answer import attribute_asked


@pytest.mark.parametrize(("question", "asked"), [
    ("What is the elevation of Kestrel Summit station?", "the elevation of Kestrel Summit station"),
    ("How tall is the chimney of the Marlow Ropeworks?", "the height of the chimney of the Marlow Ropeworks"),
    ("How high above sea level is the Kaltfirn Hut?", "the elevation of the Kaltfirn Hut"),
    ("How long is the Kestrelberg Funicular?", "the length of the Kestrelberg Funicular"),
    ("What was the net income of Orla AG in 2021?", "the net income of Orla AG in 2021"),
])
def test_an_attribute_of_a_named_thing(question: str, asked: str) -> None:
    assert attribute_asked(question) == asked


@pytest.mark.parametrize("question", ["How many passengers did the railway carry in 2021?", "When was it founded?",
                                      "How long does the Halden Spark 500 run?", "What is its height?", ""])
def test_no_attribute_of_a_named_thing(question: str) -> None:
    assert attribute_asked(question) == ""
